#pragma once

#include <QString>
#include <QStringList>

/// A local server's command line as a person reads it (the server list, the trust prompt). For display
/// only: Toolgate starts programs directly and never runs a command line through a shell.
namespace Toolgate::CommandLine {

/// One argument quoted as a POSIX shell would need it: as it is when it is plain, else in single quotes.
QString quoted(const QString &argument);
/// The program and its arguments, each quoted(), separated by spaces.
QString display(const QString &program, const QStringList &arguments);

} // namespace Toolgate::CommandLine
