#pragma once

#include <QObject>
#include <QPointer>
#include <QStringList>

namespace Toolgate {

class ServerConnection;
class TerminalReader;

/// toolgate-cli's side of server trust (issue 16): a server from a servers file that nobody has
/// trusted yet (or whose command, arguments, environment names or folder changed since) waits; this
/// shows on stderr exactly what it would run and decides:
///   - its fingerprint was given with --trust-fingerprint: trusted, as the script's author said;
///   - otherwise, with a reader (no --yes), the person is asked on the terminal, y or n;
///   - no reader, or no answer (end of input): refused, with how to trust it.
/// Trust given is kept in the same list as the app's and recorded in the audit log (by "terminal" or
/// "--trust-fingerprint"); so is a refusal.
class TerminalServerTrust final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TerminalServerTrust)
public:
    /// reader: null under --yes (nobody is asked). Not owned; both must outlive this.
    TerminalServerTrust(ServerConnection *connection, QStringList trustedFingerprints, TerminalReader *reader,
                        QObject *parent = nullptr);

    /// Decides once the connection waits for trust; decided() follows, never synchronously.
    void decide();

    /// The help paragraph about --trust-fingerprint (appended to toolgate-cli --help).
    static QString helpText();
    /// Whether text is a fingerprint as --trust-fingerprint takes it: 64 hex digits.
    static bool isFingerprint(const QString &text);

signals:
    /// trusted: the connection was trusted and is starting. Otherwise why (for the error message).
    void decided(bool trusted, const QString &why);

private:
    void onLine(const QString &line);
    void onEnd();
    void refuse(const QString &by, const QString &why);

    QPointer<ServerConnection> m_connection;
    QStringList m_trusted;
    TerminalReader *m_reader;
    bool m_asking = false;
};

} // namespace Toolgate
