#pragma once

#include "core/apps/appcsp.h"
#include "core/apps/appmeta.h"
#include "core/calls/approval.h"
#include "core/jsonrpc/jsonrpcmessage.h"
#include "core/protocol/logginglevel.h"
#include "core/protocol/tool.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QUrl>

#include <optional>

namespace Toolgate {

class AppHost;
class ToolCall;

/// What an app view is about: the call whose result it renders and the app itself.
struct AppViewContext
{
    ServerIdentity server;
    Tool tool;
    QJsonObject arguments;  ///< As sent in the call that rendered the app.
    AppResource resource;
    quint64 originCallId = 0; ///< ToolCall::id() of that call.
};

/// The host's side of the view it embeds: what goes into hostContext.
struct AppHostEnvironment
{
    QString theme = QStringLiteral("light"); ///< "light" or "dark".
    QJsonObject styleVariables;              ///< e.g. {"--color-text-primary": "#1a1a1a"}.
    int containerWidth = 0;                  ///< The view's width in pixels (0: unknown).
    int maxHeight = 0;                       ///< The tallest the view may grow (0: unbounded).
    QString locale;                          ///< BCP 47, e.g. "en-US".
    QString timeZone;                        ///< IANA, e.g. "Europe/Berlin".

    bool operator==(const AppHostEnvironment &) const = default;
};

/// The host side of one app view's bridge (MCP Apps, JSON-RPC 2.0 over postMessage): takes the
/// raw messages the view posts, answers them, and emits the raw messages to post back. Whatever
/// needs a person (opening a link) comes out as a typed signal and is answered with a call.
///
/// The view may only reach its own server: tools/call goes through AppHost (the approval
/// pipeline and the audit log) and only to tools whose visibility includes "app"; resources/read
/// goes to the same server. Every request of the view is answered exactly once, unless the bridge
/// is torn down first (then nothing more is sent, and calls still running are cancelled).
class AppBridge final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AppBridge)
public:
    /// host is not owned and must outlive the bridge.
    AppBridge(AppHost *host, AppViewContext context, AppHostEnvironment environment, QObject *parent = nullptr);
    ~AppBridge() override;

    const AppViewContext &context() const { return m_context; }
    AppCsp csp() const { return AppCsp(m_context.resource.meta.csp); }
    /// Whether the view has sent ui/notifications/initialized.
    bool isInitialized() const { return m_initialized; }
    bool isTornDown() const { return m_tearingDown; }
    /// Whether the view has been sent the rendering call's result (or its cancellation).
    bool hasDeliveredResult() const { return m_resultSent; }

    /// One message the view posted (JSON text). Malformed messages are reported through problem().
    void receive(const QString &raw);

    /// The result of the call that rendered the app (ui/notifications/tool-result).
    void setToolResult(const CallToolResult &result);
    /// That call ended without a result (ui/notifications/tool-cancelled).
    void setToolCancelled(const QString &reason);
    /// The host's look or size changed: sent as ui/notifications/host-context-changed.
    void setEnvironment(const AppHostEnvironment &environment);

    /// Asks the view to finish (ui/resource-teardown) and emits tornDown() once it answered, or
    /// after a short grace time. Calls of the view still running are cancelled.
    void teardown(const QString &reason);

    /// The person's answer to openLinkRequested(question, …). Unknown questions are ignored.
    void answerOpenLink(int question, bool allowed);

    /// Longest message accepted from the view.
    static constexpr qsizetype maxMessageBytes = 8 * 1024 * 1024;
    /// How long teardown waits for the view's answer.
    static constexpr int teardownGraceMs = 1000;

signals:
    /// A JSON-RPC message for the view (post it to the app's frame).
    void send(const QString &raw);
    void initialized();
    /// The app wants url opened; answer with answerOpenLink(question, …).
    void openLinkRequested(int question, const QUrl &url);
    /// A question is void (the bridge is tearing down): close whatever asks it.
    void questionWithdrawn(int question);
    /// ui/message: text the app wants to say in the conversation (shown to the person).
    void messageFromApp(const QString &role, const QString &text);
    /// ui/update-model-context: there is no model here, so the person sees it.
    void modelContextUpdated(const QString &text);
    /// ui/notifications/size-changed (a value < 0 was not given).
    void sizeChanged(int width, int height);
    /// notifications/message from the app.
    void logMessage(const Toolgate::LogMessage &message);
    /// Something the view did wrong, or a request that was refused, in plain words.
    void problem(const QString &text);
    /// The view answered ui/resource-teardown (or did not in time): it can go.
    void tornDown();

private:
    void handle(const JsonRpcMessage &message);
    void handleRequest(const JsonRpcMessage &message);
    void handleNotification(const JsonRpcMessage &message);
    void initialize(const JsonRpcMessage &message);
    void callTool(const JsonRpcMessage &message);
    void readResource(const JsonRpcMessage &message);
    void openLink(const JsonRpcMessage &message);
    void flushAfterInitialized();
    void respond(const RequestId &id, const QJsonValue &result);
    void refuse(const RequestId &id, int code, const QString &message);
    void post(const JsonRpcMessage &message);
    QJsonObject hostContext() const;
    void finishTeardown();

    AppHost *m_host;
    AppViewContext m_context;
    AppHostEnvironment m_environment;
    bool m_initialized = false;
    bool m_tearingDown = false;
    bool m_tornDown = false;
    bool m_toolInputSent = false;
    std::optional<CallToolResult> m_toolResult;
    std::optional<QString> m_cancelReason;
    bool m_resultSent = false;
    QHash<int, RequestId> m_linkQuestions;
    QHash<int, QUrl> m_linkUrls;
    int m_nextQuestion = 1;
    QList<QPointer<ToolCall>> m_calls;
    qint64 m_nextId = 1;
    RequestId m_teardownId;
    QTimer m_teardownTimer;
};

} // namespace Toolgate
