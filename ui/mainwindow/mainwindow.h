#pragma once

#include "core/common/result.h"
#include "core/workspace/workspace.h"

#include <QMainWindow>
#include <QPointer>

#include <memory>

class QDialog;
class QDockWidget;
class QLabel;
class QMenu;
class QSplitter;
class QStackedWidget;
class QTabWidget;
class QWidget;

class QPushButton;

namespace Toolgate {

class Host;
class SignInManager;

class ApprovalGate;
class ApprovalPolicy;
class ArgumentHistory;
class AuditLog;
class AuditWindow;
class ChatView;
class CollectionsPane;
class SaveCallDialog;
struct SavedCall;
class ConsoleView;
class ItemBrowser;
class MessageBanner;
class PromptPanel;
class PromptTreeModel;
class ResourcePanel;
class ResourceTreeModel;
class ServerConnection;
class ServerInfoPanel;
class ServerListModel;
class SecretsNotice;
class ServerPanel;
class InterfaceCompareActions;
class ServerTrustPrompter;
class AppTrust;
class ToolCallPipeline;
class ToolPanel;
class TasksView;
class WorkspaceAppHost;
class ToolTreeModel;

/// Toolgate's main window: servers and their tools, resources and prompts on the left; the
/// selected item (a tool to run, a resource to read, a prompt to render) in the centre; the
/// selected server's console at the bottom. Owns the call pipeline every tool call goes through.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)
public:
    /// What the window works with. Nothing here is owned by the window.
    struct Environment
    {
        /// Required; must outlive the window. Its workspace, approval policy and pipelines are what
        /// the window shows and runs calls through.
        Host *host = nullptr;
        /// Asks the human about each call; null makes the window use a DialogApprovalGate. The window
        /// hands it to the host.
        ApprovalGate *gate = nullptr;
        /// Where the last arguments of each tool are kept; empty uses ArgumentHistory's default.
        QString argumentHistoryPath;
    };

    explicit MainWindow(const Environment &environment, QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Tells the person what loading the servers file did (first start, or why it failed).
    void showLoadResult(const Result<Workspace::LoadOutcome> &result);
    /// Shows the OAuth sign-in state of HTTP servers, with Sign in / Cancel / Sign out (not owned).
    void setSignInManager(SignInManager *signIns);
    /// Says that the system keychain is unavailable and offers what can be done: keep secret values in
    /// servers.json, or type them each start. Asked once: the answer is remembered for later starts.
    void showKeychainUnavailable(const QString &why);
    /// Selects a tool in the Tools tab (when its server lists it); returns whether it was found.
    bool selectTool(const QString &serverName, const QString &toolName);

    Host *host() const { return m_host; }
    Workspace *workspace() const { return m_workspace; }
    ToolCallPipeline *pipeline() const { return m_pipeline; }
    ServerPanel *serverPanel() const { return m_serverPanel; }
    InterfaceCompareActions *interfaceActions() const { return m_interfaceActions; }
    ItemBrowser *toolBrowser() const { return m_toolBrowser; }
    ItemBrowser *resourceBrowser() const { return m_resourceBrowser; }
    ItemBrowser *promptBrowser() const { return m_promptBrowser; }
    QTabWidget *browserTabs() const { return m_browserTabs; }
    ToolPanel *toolPanel() const { return m_toolPanel; }
    /// Asks the person to trust servers before they start (issue 16).
    ServerTrustPrompter *serverTrustPrompter() const { return m_trustPrompter; }
    /// Which servers' apps may run (MCP Apps in tool results).
    AppTrust *appTrust() const { return m_appTrust; }
    ResourcePanel *resourcePanel() const { return m_resourcePanel; }
    PromptPanel *promptPanel() const { return m_promptPanel; }
    ServerInfoPanel *serverInfoPanel() const { return m_serverInfoPanel; }
    ConsoleView *consoleView() const { return m_console; }
    /// The Tasks view (in the dock "tasksDock", beside the console): the selected server's tasks.
    TasksView *tasksView() const { return m_tasksView; }
    QStackedWidget *pages() const { return m_pages; }
    /// The Collections pane (in the dock "collectionsDock", beside the console; issue 19).
    CollectionsPane *collectionsPane() const { return m_collectionsPane; }
    /// The Chat view (in the dock "chatDock"; issue 31), made when the dock is first shown; null before.
    ChatView *chatView() const { return m_chatView; }
    ServerListModel *serverListModel() const { return m_serverModel; }
    ToolTreeModel *toolTreeModel() const { return m_toolModel; }
    ResourceTreeModel *resourceTreeModel() const { return m_resourceModel; }
    PromptTreeModel *promptTreeModel() const { return m_promptModel; }
    /// Settings menu, for app-level settings wired in main() (e.g. Roots…).
    QMenu *settingsMenu() const { return m_settingsMenu; }

    /// The audit store View → Audit Log shows (empty: AuditDatabase::defaultPath()).
    void setAuditLogPath(const QString &path) { m_auditPath = path; }
    /// The audit log View → Audit Log shows (its store), live: the window shows what it commits
    /// as it commits it. Not owned.
    void setAuditLog(AuditLog *log);
    /// The audit window, once opened.
    AuditWindow *auditWindow() const;
    /// Selects tool of server and fills its form with arguments, to be run (and approved) as
    /// usual; sends nothing. Returns why it could not (empty: done).
    QString prepareToolCall(const QString &serverName, const QString &toolName, const QJsonObject &arguments);

    /// "Save Call to Collection" for call (from the tool panel or the audit log); the dialog deletes itself.
    Toolgate::SaveCallDialog *showSaveCallDialog(const Toolgate::SavedCall &call);

public slots:
    void importServers();
    void reloadServers();
    void showApprovalRules();
    void showArgumentRules();
    void showAbout();
    /// Help › Getting Started: a short guide in plain words.
    void showGettingStarted();
    void showAuditLog();
    /// Shows the Collections dock.
    void showCollections();
    /// Shows the Chat dock (making the Chat view on first use).
    void showChat();
    /// Settings › Models: the model connections and their keys.
    void showModels();
    void openResource(Toolgate::ServerConnection *connection, const QString &uri);
    void openLink(const QUrl &url);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    QWidget *buildGuideHint();
    /// Hides the first start's hint for good.
    void dismissGuideHint();

    void buildCentre();
    void buildMenus();
    void buildStatusBar();
    void showSelection(ItemBrowser *browser, const QModelIndex &sourceIndex);
    void showEmptyPage(ItemBrowser *browser);
    void setConsoleServer(ServerConnection *connection);
    void updateSummary();
    void restoreSettings();
    void saveSettings() const;
    void selectRememberedItem();
    void fitServerList();

    Host *m_host;
    Workspace *m_workspace;
    ApprovalPolicy *m_policy;
    ApprovalGate *m_gate;
    ToolCallPipeline *m_pipeline;
    std::unique_ptr<ArgumentHistory> m_history;

    ServerListModel *m_serverModel;
    ToolTreeModel *m_toolModel;
    ResourceTreeModel *m_resourceModel;
    PromptTreeModel *m_promptModel;

    QSplitter *m_mainSplitter = nullptr;
    QSplitter *m_leftSplitter = nullptr;
    ServerPanel *m_serverPanel = nullptr;
    InterfaceCompareActions *m_interfaceActions = nullptr;
    QTabWidget *m_browserTabs = nullptr;
    ItemBrowser *m_toolBrowser = nullptr;
    ItemBrowser *m_resourceBrowser = nullptr;
    ItemBrowser *m_promptBrowser = nullptr;
    QWidget *m_loadProblem = nullptr;
    MessageBanner *m_loadBanner = nullptr;
    QWidget *m_guideHint = nullptr; // first start: where the guide is, until dismissed
    SecretsNotice *m_secretsNotice = nullptr;
    QStackedWidget *m_pages = nullptr;
    QWidget *m_emptyPage = nullptr;
    ServerInfoPanel *m_serverInfoPanel = nullptr;
    ToolPanel *m_toolPanel = nullptr;
    ResourcePanel *m_resourcePanel = nullptr;
    PromptPanel *m_promptPanel = nullptr;
    ConsoleView *m_console = nullptr;
    TasksView *m_tasksView = nullptr;
    CollectionsPane *m_collectionsPane = nullptr;
    QDockWidget *m_chatDock = nullptr;
    ChatView *m_chatView = nullptr;
    QLabel *m_summary = nullptr;
    QMenu *m_settingsMenu = nullptr;
    QString m_rememberedServer;
    QString m_rememberedTool;
    bool m_closeConfirmed = false;
    bool m_leftSplitterRestored = false;
    QString m_auditPath;
    QPointer<AuditWindow> m_auditWindow;
    QPointer<QDialog> m_guide;
    QPointer<AuditLog> m_auditLog;
    WorkspaceAppHost *m_appHost = nullptr;
    AppTrust *m_appTrust = nullptr;
    ServerTrustPrompter *m_trustPrompter = nullptr;
};

} // namespace Toolgate
