#pragma once

#include "core/common/jsonkeyorder.h"
#include "core/jsonrpc/jsonrpcmessage.h"

#include <QObject>

#include <chrono>
#include <functional>
#include <memory>

namespace Toolgate {

class Transport;

/// The answer side of one incoming request. Copies share state: the first respond() wins and the
/// rest are ignored; if the last copy dies unanswered, an internal error is sent so the remote
/// peer never waits forever. Once the remote side cancelled the request, nothing is sent.
class Responder
{
public:
    Responder() = default;
    void respond(const QJsonValue &result) const;
    void respondError(const Error &error) const;
    bool isAnswered() const;
    /// True when the requester sent notifications/cancelled for this request.
    bool isCancelled() const;
    RequestId id() const;
    /// The order of the request's params keys as the peer wrote them (empty when unknown, e.g. the
    /// request came in a batch or was longer than RequestOptions::maxKeyOrderText): a form built
    /// from a schema in the params asks its fields in that order.
    JsonKeyOrder paramsOrder() const;

    /// A responder for a request that did not arrive as a message of its own: one embedded in a
    /// 2026-07-28 InputRequiredResult. Its answer (result or error, once, like any answer) goes to
    /// deliver instead of over the wire; if the last copy dies unanswered, deliver gets an error.
    static Responder forEmbedded(const RequestId &id, const JsonKeyOrder &paramsOrder,
                                 std::function<void(const JsonRpcMessage &answer)> deliver);

private:
    friend class JsonRpcPeer;
    struct State;
    std::shared_ptr<State> m_state;
};

/// JSON-RPC 2.0 over a Transport: ids, the pending-request table, timeouts and cancellation,
/// and dispatch of incoming requests and notifications to handlers.
///
/// Contract: every sendRequest() handler is called exactly once — with the result, the peer's
/// error, or a synthesized error (timeout, cancellation, connection closed, message too large) —
/// unless its context object was destroyed first. Synthesized answers are delivered queued, so a
/// handler never runs inside the call that caused it.
class JsonRpcPeer final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JsonRpcPeer)
public:
    struct RequestOptions
    {
        /// Inactivity timeout; progress for the request restarts it (see extendDeadline()).
        std::chrono::milliseconds timeout = std::chrono::seconds(60);
        /// Hard maximum, never extended.
        std::chrono::milliseconds maxTimeout = std::chrono::minutes(10);
        /// Called right before a successful answer's handler with the order of the result's keys as
        /// the peer wrote them (QJsonValue sorts them): for answers whose order people see, such as
        /// the properties of a tool's input schema. Costs a second read of the answer's text: on
        /// the pool thread for an answer parsed there (backgroundParseThreshold up to
        /// maxKeyOrderText), else on this thread, where an answer longer than resultKeyOrderLimit
        /// gets an empty order (sorted keys).
        std::function<void(const JsonKeyOrder &resultOrder)> resultKeyOrder;
        static constexpr qsizetype maxKeyOrderText = 4 * 1024 * 1024;
        qsizetype resultKeyOrderLimit = maxKeyOrderText;
        /// No timeout at all (timeout and maxTimeout are ignored): for a request whose answer is
        /// meant to come late or never, such as 2026-07-28's subscriptions/listen. It is still
        /// answered exactly once: by the peer, by cancelRequest(), or when the connection ends.
        bool longLived = false;
    };
    using ResponseHandler = std::function<void(const Result<QJsonValue> &result)>;
    using RequestHandler = std::function<void(const JsonRpcMessage &request, const Responder &responder)>;
    using NotificationHandler = std::function<void(const JsonRpcMessage &notification)>;

    /// Messages this long or longer are parsed on a pool thread, not the one the peer lives on.
    static constexpr qsizetype backgroundParseThreshold = 256 * 1024;

    /// Does not take ownership of the transport, which must outlive the peer.
    explicit JsonRpcPeer(Transport *transport, QObject *parent = nullptr);
    ~JsonRpcPeer() override;

    /// Sends a request; handler runs on context's thread unless context is gone by then.
    RequestId sendRequest(const QString &method, const QJsonObject &params, QObject *context,
                          ResponseHandler handler, const RequestOptions &options);
    RequestId sendRequest(const QString &method, const QJsonObject &params, QObject *context,
                          ResponseHandler handler);
    /// The same with params already written as a JSON object's text (see JsonWriter): for hot
    /// paths such as tools/call, where building a QJsonObject only to serialize it costs more
    /// than the rest of the request.
    RequestId sendRequestWithParamsJson(const QString &method, QByteArrayView paramsJson, QObject *context,
                                        ResponseHandler handler, const RequestOptions &options);
    void sendNotification(const QString &method, const QJsonObject &params = {});

    /// Cancels a pending request: sends notifications/cancelled and answers the caller with
    /// RequestCancelled. A late response is ignored. Returns false when nothing was pending.
    bool cancel(const RequestId &id, const QString &reason = {});
    /// Restarts the inactivity timeout of a pending request (progress arrived). Returns false if not pending.
    bool extendDeadline(const RequestId &id);
    /// Answers every pending request with error (e.g. the transport died).
    void failAllPending(const Error &error);
    bool isPending(const RequestId &id) const;
    int pendingRequestCount() const;

    void setRequestHandler(const QString &method, RequestHandler handler);
    void setNotificationHandler(const QString &method, NotificationHandler handler);
    /// Which side the other end is, for the messages that name it ("the server" by default; servers set Client).
    enum class Remote { Server, Client };
    void setRemote(Remote remote);
    /// Receives notifications that have no handler of their own.
    void setFallbackNotificationHandler(NotificationHandler handler);

signals:
    /// The remote peer broke the protocol in a way we survived (bad message, unknown id, ...).
    void protocolViolation(const QString &description);
    void incomingRequestCancelled(const Toolgate::RequestId &id, const QString &reason);

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace Toolgate
