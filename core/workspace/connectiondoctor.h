#pragma once

#include "core/workspace/serverconfig.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <chrono>
#include <memory>
#include <optional>

namespace Toolgate {

/// One finding of the ConnectionDoctor: what was looked at, and what was found, as a sentence.
struct DoctorCheck
{
    enum class Outcome { Passed, Note, Problem };
    Outcome outcome = Outcome::Note;
    /// What was looked at ("Command", "Program", "Output", "Connection", "Sign-in", ...).
    QString topic;
    /// A plain sentence that says what was found (and, for a problem, what to do).
    QString finding;
};

/// Finds out, step by step, why a server does not connect (issue #34). For a local server: a command
/// line pasted whole into Command, the program on the PATH the server gets (and on a login shell's,
/// with nvm, Volta and uv shims named), the files its arguments name, and what it does when started —
/// its first lines, whether they are JSON-RPC, its answer to initialize or how it ended, in words. For
/// a remote one: the connection (name, port, TLS), the MCP endpoint's answer to initialize, the
/// protocol revision it speaks and the sign-in it asks for. It starts the server's program, so only
/// run it for what the person trusts or typed.
class ConnectionDoctor final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConnectionDoctor)
public:
    struct Options
    {
        /// How long the server has to answer initialize (or to say anything at all).
        std::chrono::milliseconds answerTimeout = std::chrono::seconds(10);
        /// How long the login shell may take to say its PATH.
        std::chrono::milliseconds shellTimeout = std::chrono::seconds(5);
        /// Lines of standard output and standard error quoted in the report.
        int linesQuoted = 5;
        /// false: a local server's program is looked at but not started (nobody trusted it yet).
        bool startServer = true;
    };

    explicit ConnectionDoctor(ServerConfig config, QObject *parent = nullptr);
    ConnectionDoctor(ServerConfig config, Options options, QObject *parent = nullptr);
    ~ConnectionDoctor() override;

    /// Runs the checks; checkAdded() for each, then finished().
    void run();
    bool isFinished() const;

    const QList<DoctorCheck> &checks() const;
    /// The first problem found, as one sentence; empty when none was found.
    QString problem() const;
    /// Every check, one line each, under what was checked: text to copy into a bug report.
    QString report() const;

    /// A command line pasted whole into Command ("node /srv/index.js --stdio", as READMEs print it)
    /// split into the program and its arguments, when the whole is no program but its first word is;
    /// nullopt otherwise. Arguments already configured follow the pasted ones.
    static std::optional<ServerConfig> splitPastedCommandLine(const ServerConfig &config);

signals:
    void checkAdded(const Toolgate::DoctorCheck &check);
    void finished();

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace Toolgate
