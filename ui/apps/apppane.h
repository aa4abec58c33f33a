#pragma once

#include "core/apps/appbridge.h"
#include "core/calls/approval.h"
#include "core/protocol/tool.h"

#include <QElapsedTimer>
#include <QHash>
#include <QPointer>
#include <QWidget>

#include <functional>

class QLabel;
class QMessageBox;
class QPlainTextEdit;
class QPushButton;
class QStackedWidget;

namespace Toolgate {

class AppHost;
class AppTrust;

/// The app of a tool result (MCP Apps), above the result itself: reads the app from its server,
/// asks once per server whether its apps may run (showing what the app would be and its content
/// policy in plain words), then shows the app view and relays between it and its bridge. Asks
/// before opening a link; shows what the app says (ui/message, model context) as plain text.
/// Holds at most one view: a new app, another tool or Close tears the old one down.
class AppPane final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AppPane)
public:
    enum class State { Empty, Reading, NeedsTrust, Unavailable, Running, Failed };
    Q_ENUM(State)

    /// Neither host nor trust is owned; both must outlive the pane.
    AppPane(AppHost *host, AppTrust *trust, QWidget *parent = nullptr);
    ~AppPane() override;

    /// Shows the app of tool (its _meta.ui.resourceUri) for a call with arguments; originCallId is
    /// that call's ToolCall::id(). Reads the app from server; the result follows with setResult().
    void start(const ServerIdentity &server, const Tool &tool, const QJsonObject &arguments, quint64 originCallId);
    void setResult(const CallToolResult &result);
    void setCancelled(const QString &reason);
    /// Tears the view down (ui/resource-teardown) and hides the pane.
    void closeApp(const QString &reason = QStringLiteral("closed"));

    State state() const { return m_state; }
    AppBridge *bridge() const { return m_bridge; }
    /// The app view while running (an AppView, or null in builds without Qt WebEngine).
    QWidget *view() const { return m_view; }
    QPushButton *allowButton() const { return m_allow; }
    QPushButton *closeButton() const { return m_close; }
    QLabel *infoLabel() const { return m_info; }
    /// "The app reported an error — see Console", beside the view while the app has reported one.
    QLabel *errorNotice() const { return m_errorNotice; }
    /// What the app said (ui/message, model context) and what was refused, as plain text.
    QPlainTextEdit *notes() const { return m_notes; }
    /// ToolCall::id() of the call whose result the pane shows (0: none).
    quint64 originCallId() const { return m_state == State::Empty ? 0 : m_originCallId; }
    /// How many app views exist right now, across all panes (for tests and benchmarks).
    static int liveViewCount();
    /// Why app views cannot run here (no Qt WebEngine in this build, running as root), or empty.
    static QString unavailableReason();

    /// Views never grow taller than this, whatever the app asks.
    static constexpr int maxViewHeight = 1200;
    static constexpr int minViewHeight = 60;

signals:
    void stateChanged(Toolgate::AppPane::State state);
    /// A line for the server's console: the app's console, its log messages, refused requests.
    void consoleLine(const QString &server, const QString &text);
    /// The person allowed a link the app asked to open (it has been handed to the system).
    void linkOpened(const QUrl &url);
    /// The view said ui/notifications/initialized (for timing: how long until an app appears).
    void appInitialized();

private:
    void setState(State state, const QString &info = {});
    void showTrustQuestion();
    void createView();
    void destroyView(const QString &reason);
    void askToOpen(int question, const QUrl &url);
    /// The app asked for browser permissions: refused unless declared, allowed when the person
    /// allowed them for this server before, else asked; done(allowed) answers once.
    void decidePermissions(const QStringList &permissions, std::function<void(bool)> done);
    void showNote(const QString &text);
    void applyHeight(int height);
    AppHostEnvironment environment() const;

    AppHost *m_host;
    AppTrust *m_trust;
    State m_state = State::Empty;

    ServerIdentity m_server;
    Tool m_tool;
    QJsonObject m_arguments;
    quint64 m_originCallId = 0;
    QString m_resourceUri;
    std::optional<AppResource> m_resource;
    std::optional<CallToolResult> m_result;
    std::optional<QString> m_cancelled;
    int m_generation = 0; // guards reads that answer after another start()

    QPointer<AppBridge> m_bridge;
    QPointer<QWidget> m_view;
    QHash<int, QPointer<QMessageBox>> m_linkPrompts;
    QList<QPointer<QMessageBox>> m_permissionPrompts;
    QStringList m_deniedPermissions; // refused by the person for the view shown now

    QLabel *m_title;
    QPushButton *m_close;
    QStackedWidget *m_stack;
    QLabel *m_info;
    QWidget *m_trustPage;
    QLabel *m_trustText;
    QPushButton *m_allow;
    QWidget *m_viewHolder;
    QLabel *m_errorNotice;
    QPlainTextEdit *m_notes;
};

} // namespace Toolgate
