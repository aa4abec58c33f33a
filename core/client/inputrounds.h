#pragma once

#include "core/client/clientsession.h"
#include "core/peer/jsonrpcpeer.h"
#include "core/protocol/inputrequired.h"

#include <QHash>
#include <QObject>
#include <QPointer>

#include <functional>
#include <memory>
#include <optional>

namespace Toolgate {

class ProgressRoutes;
class ServerRequestIntake;
class SessionCore;

/// The 2026-07-28 multi-round-trip requests (MRTR, basic/mrtr.mdx): a request a server answers with an
/// InputRequiredResult is followed round by round, its embedded requests handed to the server-request
/// handlers under local ids (whose origins the audit and the person's questions name), and sent again,
/// under a new id, with their answers. It exists apart from sending because an exchange outlives any one
/// id on the wire: it may wait for a person with nothing on the wire, be cancelled or ended there, be
/// sent again after its response stream broke, or, for a tool call refused for stale headers, after the
/// tools are listed again.
class InputRounds final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InputRounds)
public:
    using EmbeddedRequestOrigin = ClientSession::EmbeddedRequestOrigin;
    using ToolLister = std::function<void(QObject *context, ClientSession::Callback<QList<Tool>> callback)>;

    /// One request followed through its rounds.
    struct Exchange
    {
        QString method;
        QByteArray params; ///< as JSON text, without any round's additions
        JsonRpcPeer::RequestOptions requestOptions;
        QPointer<QObject> context;
        JsonRpcPeer::ResponseHandler finished; ///< the final answer, once: a complete result or an error
        std::function<void(const InputRound &)> onInputRound;
        quint64 auditCallId = 0;
        QString progressToken;
        /// A tool call: refused with -32020 because its Mcp-Param-* headers no longer match what the server
        /// declares, it is sent once more after the tools are listed again (2026-07-28 over HTTP).
        bool relistsOnHeaderMismatch = false;
        QString subject; ///< the tool's name, the resource's URI or the prompt's name (EmbeddedRequestOrigin)
        RequestId firstId;
        RequestId wireId; ///< the attempt on the wire; invalid while the person is asked
        InputRound round;
        QHash<QString, RequestId> waiting; ///< input key → the local id its request was handed out under
        QJsonObject responses;
        std::optional<QString> requestState; ///< only the latest round's: each replaces the one before
        qint64 requestStateBytes = 0; ///< all the rounds' requestState together (ClientSession::maxRequestStateTotalBytes)
        QMetaObject::Connection contextGone;
        bool done = false;
        bool relistedForHeaders = false; ///< the tools were listed again for it, once
        bool reissued = false; ///< sent again once under a new id after its response stream broke
    };

    /// listTools lists the tools again (and so hands their header annotations to the transport).
    InputRounds(SessionCore &core, const ServerRequestIntake &intake, ProgressRoutes &progress, ToolLister listTools);

    /// Sends the first attempt; returns its id, which names the exchange from now on (invalid when the
    /// request could not be sent: the peer answers it).
    RequestId start(const std::shared_ptr<Exchange> &exchange);
    /// A request waiting for the person has nothing on the wire to cancel: its questions are withdrawn
    /// and it ends cancelled here. False when firstId is not waiting so.
    bool cancelWhileAsking(const RequestId &firstId, const QString &reason);
    /// The id the request first sent as firstId is on the wire under now (firstId itself when it is
    /// no exchange).
    RequestId wireIdOf(const RequestId &firstId) const;
    /// The connection ends: exchanges waiting for the person end too (those on the wire hear it from the peer).
    void endWaitingForInput();

    /// Hands a request embedded elsewhere (a task's inputRequests) to the handlers under a new local id,
    /// known to embeddedOrigin() until it is answered; answered gets the handler's answer, once.
    void handOut(const InputRequiredResult::Request &request, const EmbeddedRequestOrigin &origin,
                 std::function<void(const JsonRpcMessage &answer)> answered);
    std::optional<EmbeddedRequestOrigin> embeddedOrigin(const RequestId &localId) const;

signals:
    /// An embedded request is no longer wanted (its request was cancelled or ended).
    void serverRequestCancelled(const Toolgate::RequestId &id, const QString &reason);
    void toolsListChanged();

private:
    RequestId embed(const EmbeddedRequestOrigin &origin);
    bool answersInput() const;
    void sendAttempt(const std::shared_ptr<Exchange> &exchange);
    void onAttemptAnswered(const std::shared_ptr<Exchange> &exchange, const Result<QJsonValue> &answer, const JsonKeyOrder &order);
    void askForInput(const std::shared_ptr<Exchange> &exchange, const QJsonObject &result, const JsonKeyOrder &order);
    /// Why the round the server asked for is not followed (too many rounds, too much state), if it is not;
    /// counts its requestState into the exchange's.
    std::optional<Error> refusedRound(Exchange &exchange, const InputRequiredResult &asked) const;
    void inputAnswered(const std::shared_ptr<Exchange> &exchange, const QString &key, const RequestId &localId,
                       const JsonRpcMessage &answer);
    void end(const std::shared_ptr<Exchange> &exchange, const QString &withdrawReason);
    void finishLater(const std::shared_ptr<Exchange> &exchange, const Error &error);
    bool mayRelistForHeaders(const Exchange &exchange, const Error &error) const;
    void relistThenResend(const std::shared_ptr<Exchange> &exchange, const Error &refusal);

    SessionCore &m_core;
    const ServerRequestIntake &m_intake;
    ProgressRoutes &m_progress;
    ToolLister m_listTools;
    QHash<RequestId, std::shared_ptr<Exchange>> m_running; // by first id
    QHash<RequestId, EmbeddedRequestOrigin> m_origins; // by local id, until answered
    qint64 m_nextInputId = 1;
};

} // namespace Toolgate
