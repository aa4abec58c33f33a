#pragma once

#include "core/client/clientsession.h"
#include "core/peer/jsonrpcpeer.h"
#include "core/protocol/initialize.h"
#include "core/protocol/logginglevel.h"

#include <QCoreApplication>
#include <QObject>
#include <QTimer>

#include <functional>
#include <memory>
#include <optional>
#include <type_traits>

namespace Toolgate {

class Transport;

/// What every piece of a ClientSession works with: the connection (transport and JSON-RPC peer), the
/// state machine, what the opening negotiated, and the 2026-07-28 request envelope. The pieces share
/// this one object by reference, so none of them keeps a copy of the session's state that could fall
/// out of step with the others.
class SessionCore final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SessionCore)
public:
    using State = ClientSession::State;
    template<typename T>
    using Callback = ClientSession::Callback<T>;

    /// Takes ownership of transport.
    SessionCore(std::unique_ptr<Transport> transport, ClientSession::Options options);
    ~SessionCore() override;

    const ClientSession::Options &options() const { return m_options; }
    Transport &transport() const { return *m_transport; }
    JsonRpcPeer &peer() const { return *m_peer; }
    /// Ends the connection now: the peer answers what is pending (queued), then the transport goes.
    void dropConnection();

    State state() const { return m_state; }
    void setState(State state);
    /// Ends the session with error, once, and closes the transport (which then answers every pending request).
    void fail(Error error);
    const Error &lastError() const { return m_lastError; }
    /// Something the program wrote that is no message, kept while the opening is under way: when no
    /// answer comes, it is the clue people need. When no JSON-RPC message follows within
    /// Options::strayOutputGrace, the session fails at once: the program is no MCP server.
    void noteStrayOutput(const QString &text);
    bool printedStrayOutput() const { return !m_strayOutputBeforeReady.isEmpty(); }
    /// See ClientSession::isNotAnMcpServer().
    static bool isNotAnMcpServer(const Error &error);

    /// The era the session speaks; Modern from the moment server/discover is sent.
    ProtocolEra era() const { return m_era; }
    bool modern() const { return m_era == ProtocolEra::Modern; }
    void setEra(ProtocolEra era) { m_era = era; }
    /// What initialize or server/discover settled (the latter in initialize's shape).
    const InitializeResult &negotiated() const { return m_negotiated; }
    void setNegotiated(InitializeResult result) { m_negotiated = std::move(result); }
    const ServerCapabilities &offered() const { return m_negotiated.capabilities; }

    /// The revision the modern envelope names.
    const QString &modernVersion() const { return m_modernVersion; }
    void setModernVersion(const QString &version);
    void setLogLevel(LoggingLevel level);
    /// The client capabilities the modern envelope declares; asked each time an envelope is made, so
    /// a handler installed later is declared too.
    void setModernCapabilities(std::function<QJsonObject()> capabilities) { m_modernCapabilities = std::move(capabilities); }
    /// params with the envelope merged into its _meta (the caller's own _meta keys kept); unchanged in
    /// the legacy era.
    QJsonObject withEnvelope(QJsonObject params) const;
    /// The envelope's members as JSON text without the braces, kept between changes: tools/call writes
    /// its params as text and need not rebuild them for every call.
    const QByteArray &envelopeMembers() const { return m_envelopeMembers; }

    JsonRpcPeer::RequestOptions requestOptions() const;
    /// 2026-07-28 over HTTP: a request whose response stream ended before its answer cannot be resumed
    /// and is to be sent again under a new id. A request that only reads (lists, resources/read,
    /// prompts/get, completion, task status) is, once, while the session is ready; a tool call is not:
    /// it may have run, so the person decides (its error says so).
    bool mayReissue(const QString &method, const Error &error) const;

    /// Answers the caller (queued) that the session is not ready, unless it is.
    bool ensureReady(QObject *context, const std::function<void(const Error &)> &answer) const;
    /// The same, and that the server offers feature.
    template<typename T>
    bool ensureFeature(bool offered, const QString &feature, QObject *context, const Callback<T> &callback) const
    {
        if (!ensureReady(context, [callback](const Error &e) { callback(Result<T>(e)); }))
            return false;
        if (offered)
            return true;
        answerLater(context, callback, makeError(ErrorCode::MethodNotFound, featureMissing(feature)));
        return false;
    }
    /// Answers (queued, without sending anything) that method was removed in the session's modern revision.
    template<typename T>
    void answerNotInRevision(const QString &method, QObject *context, const Callback<T> &callback) const
    {
        answerLater(context, callback,
                    makeError(ErrorCode::MethodNotFound,
                              QCoreApplication::translate("Toolgate::ClientSession", "%1 does not exist in MCP %2, which this server speaks")
                                  .arg(method, m_modernVersion)));
    }
    /// Answers a caller queued, as the peer answers: never inside the call that asked.
    template<typename T>
    static void answerLater(QObject *context, const Callback<T> &callback, const std::type_identity_t<Result<T>> &answer)
    {
        QMetaObject::invokeMethod(context, [callback, answer] { callback(answer); }, Qt::QueuedConnection);
    }

signals:
    void stateChanged(Toolgate::ClientSession::State state);
    void failed(const Toolgate::Error &error);

private:
    static QString featureMissing(const QString &feature);
    void strayOutputGraceOver();
    Error notAnMcpServer(const QString &reason, const QJsonValue &data) const;
    QJsonObject envelope() const;
    void rebuildEnvelope();

    ClientSession::Options m_options;
    std::unique_ptr<Transport> m_transport;
    std::unique_ptr<JsonRpcPeer> m_peer;
    State m_state = State::Disconnected;
    Error m_lastError;
    QString m_strayOutputBeforeReady;
    /// The program wrote a JSON-RPC message: whatever else it prints, it speaks the protocol.
    bool m_heardMessage = false;
    QTimer m_strayOutputGrace;
    ProtocolEra m_era = ProtocolEra::Legacy;
    InitializeResult m_negotiated;
    QString m_modernVersion;
    std::optional<LoggingLevel> m_logLevel;
    std::function<QJsonObject()> m_modernCapabilities;
    QByteArray m_envelopeMembers;
};

} // namespace Toolgate
