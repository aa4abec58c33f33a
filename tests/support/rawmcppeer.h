#pragma once

// A raw JSON-RPC client of an MCP server, for the server's tests that send exactly the messages they
// choose: its requests and their answers, the notifications that came, and the server's elicitations
// answered as the test says; toolgate-demo-server as a child process with one on its stdio; and the
// 2026-07-28 envelope for the params of a request.

#include "peerrequest.h"
#include "testpaths.h"

#include "core/common/error.h"
#include "core/peer/jsonrpcpeer.h"
#include "core/protocol/implementation.h"
#include "core/protocol/requestenvelope.h"
#include "core/transport/stdiotransport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QTest>

#include <functional>
#include <memory>
#include <optional>

namespace Toolgate::TestSupport {

inline constexpr int rawAnswerTimeoutMs = 15000;

/// params with the 2026-07-28 envelope (version, clientInfo, capabilities) merged into their _meta.
inline QJsonObject withEnvelope(QJsonObject params, const QString &version, const Implementation &clientInfo,
                                const QJsonObject &capabilities)
{
    QJsonObject meta = params.value(QLatin1String("_meta")).toObject();
    const QJsonObject envelope = RequestEnvelope::make(version, clientInfo, capabilities);
    for (auto it = envelope.begin(); it != envelope.end(); ++it)
        meta.insert(it.key(), it.value());
    params.insert(QStringLiteral("_meta"), meta);
    return params;
}

/// The text of the first content of a tools/call result.
inline QString firstText(const QJsonObject &result)
{
    return result.value(QLatin1String("content")).toArray().first().toObject().value(QLatin1String("text")).toString();
}

/// An answer in words, for QVERIFY2 messages: the result as JSON, or the error.
inline QByteArray why(const Result<QJsonValue> &result)
{
    return result.ok() ? QJsonDocument(result.value().toObject()).toJson(QJsonDocument::Compact) : result.error().toString().toUtf8();
}

/// A raw client on a transport: requests, the server's elicitations it answers (declined unless
/// elicitationAnswer says otherwise), and the notifications that came, in order.
struct RawPeer
{
    std::unique_ptr<JsonRpcPeer> peer;
    QList<JsonRpcMessage> notifications;
    QList<JsonRpcMessage> serverRequests;
    std::function<QJsonObject(const JsonRpcMessage &)> elicitationAnswer;
    QObject context;

    explicit RawPeer(Transport *transport)
    {
        peer = std::make_unique<JsonRpcPeer>(transport);
        peer->setFallbackNotificationHandler([this](const JsonRpcMessage &message) { notifications.append(message); });
        peer->setRequestHandler(QStringLiteral("elicitation/create"), [this](const JsonRpcMessage &request, const Responder &responder) {
            serverRequests.append(request);
            responder.respond(elicitationAnswer ? elicitationAnswer(request)
                                                : QJsonObject{{QStringLiteral("action"), QStringLiteral("decline")}});
        });
    }

    Result<QJsonValue> request(const QString &method, const QJsonObject &params = {})
    {
        return requestAndWait(*peer, &context, method, params, rawAnswerTimeoutMs);
    }

    /// Sends without waiting; the answer lands in *answer.
    void send(const QString &method, const QJsonObject &params, std::shared_ptr<std::optional<Result<QJsonValue>>> answer)
    {
        peer->sendRequest(method, params, &context, [answer](const Result<QJsonValue> &result) { *answer = result; });
    }

    QList<JsonRpcMessage> notificationsOf(const QString &method) const
    {
        QList<JsonRpcMessage> out;
        for (const JsonRpcMessage &message : notifications) {
            if (message.method() == method)
                out.append(message);
        }
        return out;
    }
};

/// toolgate-demo-server as a child process, with a raw peer (a RawPeer, or a test's own kind of it) on
/// its stdio.
template<typename Peer = RawPeer>
struct DemoProcess
{
    std::unique_ptr<StdioTransport> transport;
    std::unique_ptr<Peer> client;

    DemoProcess()
    {
        StdioLaunchSpec spec;
        spec.program = executable(QStringLiteral("toolgate-demo-server"));
        transport = std::make_unique<StdioTransport>(spec);
        client = std::make_unique<Peer>(transport.get());
        transport->start();
        if (!QTest::qWaitFor([this] { return transport->state() == Transport::State::Open; }, rawAnswerTimeoutMs))
            qWarning("toolgate-demo-server did not start");
    }
    ~DemoProcess()
    {
        client.reset();
        transport.reset();
    }
    Result<QJsonValue> request(const QString &method, const QJsonObject &params = {}) { return client->request(method, params); }
};

} // namespace Toolgate::TestSupport
