#pragma once

#include "core/apps/appcsp.h"
#include "core/apps/appmeta.h"
#include "core/calls/approval.h"
#include "core/jsonrpc/jsonrpcmessage.h"
#include "core/protocol/logginglevel.h"
#include "core/protocol/tool.h"
#include "core/common/tokenbucket.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QUrl>

#include <array>
#include <deque>
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

/// How much one app view may ask of the host: each thing a hostile app could flood has a bound.
/// Whatever goes over one is refused to the app in words, and the person hears of it once per
/// summaryIntervalMs, not once per refusal.
struct AppBridgeLimits
{
    /// Messages from the view: a burst, then so many a second. A message costs one more for each
    /// bytesPerMessageCost it carries, so large messages use the budget up sooner.
    double messageBurst = 200;
    double messagesPerSecond = 100;
    qsizetype bytesPerMessageCost = 64 * 1024;
    /// tools/call: a burst, then so many a second.
    double callBurst = 10;
    double callsPerSecond = 2;
    /// Calls of one view waiting for the person, and waiting or running in all.
    int maxCallsAwaitingApproval = 3;
    int maxCallsInFlight = 8;
    /// resources/read: how many run at once, how many may wait their turn, and the largest
    /// answer (in bytes of content) the view is given.
    int maxReadsInFlight = 2;
    int maxReadsWaiting = 16;
    qsizetype maxReadBytes = 8 * 1024 * 1024;
    /// Refused links recorded one by one in each interval; the rest get one summary row.
    int refusedLinksRecorded = 3;
    int summaryIntervalMs = 5000;
};

/// The host side of one app view's bridge (MCP Apps, JSON-RPC 2.0 over postMessage): takes the
/// raw messages the view posts, answers them, and emits the raw messages to post back. Whatever
/// needs a person (opening a link) comes out as a typed signal and is answered with a call.
///
/// The view may only reach its own server: tools/call goes through AppHost (the approval
/// pipeline and the audit log) and only to tools whose visibility includes "app"; resources/read
/// goes to the same server. Every request of the view is answered exactly once, unless the bridge
/// is torn down first (then nothing more is sent, and calls still running are cancelled), or it
/// was dropped unread in a flood of messages (AppBridgeLimits; the view hears one error then).
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

    /// The bounds this bridge keeps the view to (AppBridgeLimits' defaults unless set).
    void setLimits(const AppBridgeLimits &limits);
    const AppBridgeLimits &limits() const { return m_limits; }

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

    /// Longest message accepted from the view, in characters of its JSON text (the relay in the
    /// page drops longer ones before they reach the bridge).
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
    /// What a flood can be of; each kind is told to the person once per summary interval.
    enum class Flood { Messages, Calls, Links, Reads, Count };
    struct FloodTally
    {
        bool told = false;   ///< The person heard of this kind in this interval.
        int untold = 0;      ///< Refused since, not told one by one.
    };
    struct WaitingRead
    {
        RequestId id;
        QString uri;
    };

    void handle(const JsonRpcMessage &message);
    void handleRequest(const JsonRpcMessage &message);
    void handleNotification(const JsonRpcMessage &message);
    void initialize(const JsonRpcMessage &message);
    void callTool(const JsonRpcMessage &message);
    void readResource(const JsonRpcMessage &message);
    void startRead(const RequestId &id, const QString &uri);
    void startWaitingReads();
    int callsAwaitingApproval() const;
    /// Tells the person text, unless this kind was told in this interval (then it is counted).
    void refusedInFlood(Flood kind, const QString &text);
    /// The interval is over: one line per kind for what was not told, one row for unrecorded links.
    void summariseFloods();
    void recordUnrecordedLinks();
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
    AppBridgeLimits m_limits;
    TokenBucket m_messageBudget{m_limits.messageBurst, m_limits.messagesPerSecond};
    TokenBucket m_callBudget{m_limits.callBurst, m_limits.callsPerSecond};
    int m_readsInFlight = 0;
    std::deque<WaitingRead> m_waitingReads;
    std::array<FloodTally, int(Flood::Count)> m_floods{};
    int m_linksRecordedInInterval = 0;
    int m_linksUnrecorded = 0;
    QTimer m_summaryTimer;
};

} // namespace Toolgate
