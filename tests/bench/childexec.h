#pragma once

// For the benchmarks that fork their child processes themselves (to time them without QProcess in
// between): what the child does after fork() once its standard streams are set up.

#include <QByteArray>
#include <QList>

#include <vector>

#include <unistd.h>

namespace Toolgate::Bench {

/// Runs program arguments[0] with arguments, in place of this (forked) process; exits with 127 when it
/// cannot be run.
[[noreturn]] inline void execInChild(QList<QByteArray> &arguments)
{
    std::vector<char *> argv;
    for (QByteArray &a : arguments)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
}

} // namespace Toolgate::Bench
