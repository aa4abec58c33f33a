#pragma once

#include <QPointer>
#include <QWidget>

class QFormLayout;
class QLabel;
class QPushButton;
class QUrl;

namespace Toolgate {

class AppTrust;
class ItemHeader;
class MarkdownBrowser;
class ServerConnection;
class SignInManager;

/// What Toolgate knows about one server: its state, how it is started, what it says about itself
/// (marked as self-reported), what it offers, and its instructions. Follows the server live.
class ServerInfoPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ServerInfoPanel)
public:
    explicit ServerInfoPanel(QWidget *parent = nullptr);

    void setConnection(ServerConnection *connection);
    ServerConnection *connection() const { return m_connection; }

    /// Buttons for actions on the server (e.g. Restart, Edit); not owned.
    void addActions(const QList<QAction *> &actions);
    /// Shows the OAuth sign-in of HTTP servers with Sign in / Cancel / Sign out (not owned).
    void setSignInManager(SignInManager *signIns);
    /// Shows whether the server's apps may run, with a button to take that back (not owned).
    void setAppTrust(AppTrust *trust);
    QPushButton *revokeAppsButton() const { return m_revokeApps; }
    /// "Review and Trust…", shown while the server waits for trust (issue 16).
    QPushButton *trustButton() const { return m_trustButton; }
    /// "Let It Read …", shown when the server failed because its sandbox hid a path (issue 32).
    QPushButton *grantButton() const { return m_grantButton; }
    /// "Diagnose…", shown while the server is not ready: opens the Connection Doctor (issue #34).
    QPushButton *diagnoseButton() const { return m_diagnoseButton; }

    /// How a server's transport reads to people: "Local program", "Remote server (HTTP)".
    static QString transportText(int transport);
    /// What each transport means, for a tooltip.
    static QString transportExplanation(int transport);

signals:
    /// A link in the server's instructions was clicked; the app decides whether to open it.
    void linkActivated(const QUrl &url);
    /// "Review and Trust…" was pressed for connection.
    void trustRequested(Toolgate::ServerConnection *connection);
    /// The grant its sandbox's denial offers was accepted for connection (ServerConnection::sandboxDenial()).
    void sandboxGrantRequested(Toolgate::ServerConnection *connection);
    /// "Show Skills…" was pressed for connection (a server that declares the Skills extension).
    void skillsRequested(Toolgate::ServerConnection *connection);

private:
    void refresh();
    void refreshSignIn();
    void showInstructions(const QString &markdown);
    void refreshApps();
    void refreshSandbox();
    void diagnose();

    QPointer<ServerConnection> m_connection;
    ItemHeader *m_header;
    QLabel *m_status;
    QPushButton *m_diagnoseButton = nullptr;
    QLabel *m_endpoint;
    QLabel *m_identity;
    QLabel *m_protocol;
    QLabel *m_offers;
    QLabel *m_sandboxLabel;
    QLabel *m_sandbox;
    QLabel *m_instructionsLabel;
    MarkdownBrowser *m_instructions;
    QString m_instructionsShown;
    QWidget *m_stretch = nullptr;
    QWidget *m_buttons;
    QPointer<SignInManager> m_signIns;
    QLabel *m_signInLabel;
    QWidget *m_signInRow;
    QLabel *m_signInText;
    QPushButton *m_signIn;
    QPushButton *m_cancelSignIn;
    QPushButton *m_signOut;
    QPointer<AppTrust> m_appTrust;
    QLabel *m_appsLabel = nullptr;
    QWidget *m_appsRow = nullptr;
    QPushButton *m_revokeApps = nullptr;
    QLabel *m_skillsLabel = nullptr;
    QWidget *m_skillsRow = nullptr;
    QPushButton *m_trustButton = nullptr;
    QPushButton *m_grantButton = nullptr;
};

} // namespace Toolgate
