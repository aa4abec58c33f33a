#pragma once

#include <QIODevice>
#include <QStringList>

namespace Toolgate {

/// `toolgate-cli audit list|show|export|verify`: reads the audit log (no server involved).
/// Exit codes: 0 success; 2 usage; 3 no audit log or it cannot be opened; 5 a query failed or
/// the record does not exist; 8 verify found records changed or removed.
class AuditCommand final
{
public:
    AuditCommand() = delete;

    /// Exit code when verify finds tampering (proposed as ExitCode::AuditTampered = 8).
    static constexpr int tamperedExitCode = 8;

    /// arguments: what follows "audit" on the command line. Writes to stdout and stderr.
    static int run(const QStringList &arguments);
    /// The same, writing results to out and messages to err.
    static int run(const QStringList &arguments, QIODevice *out, QIODevice *err);

    static QString helpText();
};

} // namespace Toolgate
