#pragma once

#include "core/common/result.h"
#include "core/workspace/serverconfig.h"

#include <QDialog>
#include <QTimer>

#include <functional>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QStackedWidget;
class QTableWidget;

namespace Toolgate {

/// Adds or edits one server: name, enabled, transport; for a local server the command, its
/// arguments (one per line, never a shell string), environment and working directory; for a
/// remote one the URL and headers; for both the protocol era (Auto, Legacy, Modern). Environment
/// variables and headers can be marked secret. A local server's sandbox (issue 32): on or off, the
/// folders it may read or also write, the network.
///
/// Problems that make the config unusable (empty or duplicate name, no command or URL) are shown
/// inline and disable Save; a command that cannot be found is a warning naming the PATH searched.
/// Open it with open() and read config() on accepted().
class ServerEditorDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ServerEditorDialog)
public:
    /// Decides whether a config can be saved (Workspace::validate, with the edited server's name).
    using Validator = std::function<Result<void>(const ServerConfig &config)>;

    explicit ServerEditorDialog(Validator validator, QWidget *parent = nullptr);

    /// Fills the fields from config; keys it does not show (extra) are kept in config().
    void setConfig(const ServerConfig &config);
    /// The config as edited.
    ServerConfig config() const;

    /// Where secret values go when there is no keychain (WorkspaceSecrets::withoutKeychainNote()), said
    /// under the tables where values are marked secret; empty: the keychain keeps them.
    void setSecretsNote(const QString &note);

    /// Why it cannot be saved now; empty when it can.
    QString problem() const;
    /// A non-blocking concern (e.g. the command was not found); empty when none.
    QString warning() const;

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    QWidget *buildStdioPage();
    QWidget *buildHttpPage();
    QTableWidget *buildKeyValueTable(const QString &objectName, QWidget *page, QWidget **buttons);
    QWidget *buildSandboxBox(QWidget *page);
    void fillSandbox(const SandboxProfile &profile);
    SandboxProfile sandbox() const;
    void addGrantRow(const QString &folder, bool writable);
    void browseGrant();
    void sandboxChanged();
    void fillTable(QTableWidget *table, const QMap<QString, QString> &values, const QStringList &names, const QStringList &secretKeys);
    void revalidate();
    void makeRoomForMessages();
    void checkCommand();
    /// Puts a command line pasted whole into Command into Command and Arguments.
    void splitCommandLine();
    void browseCommand();
    void browseDirectory();

    Validator m_validator;
    ServerConfig m_original;
    QTimer m_commandCheck;
    QString m_warning;

    QLineEdit *m_name = nullptr;
    QCheckBox *m_enabled = nullptr;
    QComboBox *m_transport = nullptr;
    QComboBox *m_era = nullptr;
    QStackedWidget *m_pages = nullptr;
    QLineEdit *m_command = nullptr;
    QPlainTextEdit *m_arguments = nullptr;
    QLineEdit *m_cwd = nullptr;
    QTableWidget *m_env = nullptr;
    QCheckBox *m_sandboxEnabled = nullptr;
    QTableWidget *m_grants = nullptr;
    QWidget *m_grantButtons = nullptr;
    QComboBox *m_network = nullptr;
    /// The hosts a sandbox with Network::Hosts may reach, comma-separated (shown for that choice only).
    QLineEdit *m_hosts = nullptr;
    QLabel *m_notSandboxed = nullptr;
    QLineEdit *m_url = nullptr;
    QTableWidget *m_headers = nullptr;
    QLabel *m_envSecretsNote = nullptr;
    QLabel *m_headerSecretsNote = nullptr;
    QLabel *m_problem = nullptr;
    QLabel *m_warningLabel = nullptr;
    QPushButton *m_split = nullptr;
    QWidget *m_content = nullptr; // all but the buttons, in a scroll area
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace Toolgate
