#include "core/client/sessioncore.h"

#include "core/common/error.h"
#include "core/common/logging.h"
#include "core/jsonrpc/jsonwriter.h"
#include "core/protocol/requestenvelope.h"
#include "core/transport/httpreply.h"
#include "core/transport/transport.h"

#include <QJsonObject>

namespace Toolgate {

namespace {

const QLatin1String notAnMcpServerKey("notAnMcpServer");

} // namespace

SessionCore::SessionCore(std::unique_ptr<Transport> transport, ClientSession::Options options)
    : m_options(std::move(options))
    , m_transport(std::move(transport))
{
    m_transport->setParent(nullptr);
    m_strayOutputGrace.setSingleShot(true);
    connect(&m_strayOutputGrace, &QTimer::timeout, this, [this] { strayOutputGraceOver(); });
    connect(m_transport.get(), &Transport::messageReceived, this, [this] {
        m_heardMessage = true;
        m_strayOutputGrace.stop();
    });
    m_peer = std::make_unique<JsonRpcPeer>(m_transport.get());
    m_peer->setFallbackNotificationHandler([](const JsonRpcMessage &message) {
        qCDebug(lcClient) << "unhandled notification" << message.method();
    });
}

SessionCore::~SessionCore()
{
    dropConnection();
}

void SessionCore::dropConnection()
{
    m_peer.reset();
    m_transport.reset();
}

void SessionCore::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    emit stateChanged(state);
}

void SessionCore::fail(Error error)
{
    if (m_state == State::Failed || m_state == State::Closed)
        return;
    const bool synthesized = error.code == int(ErrorCode::RequestTimeout) || error.code == int(ErrorCode::ConnectionClosed)
        || error.code == int(ErrorCode::TransportError);
    m_strayOutputGrace.stop();
    if (m_state != State::Ready && synthesized && printedStrayOutput() && !m_heardMessage) {
        // No answer, but text: the clue people need is what it printed, not the timeout or the exit.
        error = notAnMcpServer(error.message, error.data);
    }
    m_lastError = error;
    qCWarning(lcClient) << "session with" << m_transport->description() << "failed:" << error.message;
    setState(State::Failed);
    emit failed(error);
    // Close the transport; closed() then answers every pending request.
    m_transport->close();
}

void SessionCore::noteStrayOutput(const QString &text)
{
    if (m_state == State::Ready || !m_strayOutputBeforeReady.isEmpty())
        return;
    m_strayOutputBeforeReady = text.trimmed();
    // A banner before the first message is tolerated (some servers print one); text and then
    // nothing that is JSON-RPC is a program that is no MCP server, and waiting out the opening's
    // timeout (and then restarting it) would only hide that behind "Starting…".
    if (!m_heardMessage)
        m_strayOutputGrace.start(m_options.strayOutputGrace);
}

void SessionCore::strayOutputGraceOver()
{
    if (m_state == State::Ready || m_state == State::Failed || m_state == State::Closing || m_state == State::Closed)
        return;
    const double seconds = std::chrono::duration<double>(m_options.strayOutputGrace).count();
    fail(notAnMcpServer(QCoreApplication::translate("Toolgate::ClientSession", "no JSON-RPC message followed within %1 s, so Toolgate stopped it")
                            .arg(seconds, 0, 'g', 2),
                        {}));
}

Error SessionCore::notAnMcpServer(const QString &reason, const QJsonValue &data) const
{
    // Marked in the data, so that whoever restarts failed servers knows a restart cannot help.
    QJsonObject marked = data.toObject();
    marked.insert(notAnMcpServerKey, true);
    marked.insert(QLatin1String("printed"), m_strayOutputBeforeReady);
    return makeError(ErrorCode::ProtocolError,
                     QCoreApplication::translate("Toolgate::ClientSession", "this program does not look like an MCP server — it printed: \"%1\". "
                                    "Check the command: it must start an MCP server that talks over standard input and output. (%2)")
                         .arg(m_strayOutputBeforeReady, reason),
                     marked);
}

bool SessionCore::isNotAnMcpServer(const Error &error)
{
    return error.code == int(ErrorCode::ProtocolError) && error.data.toObject().value(notAnMcpServerKey).toBool();
}

void SessionCore::setModernVersion(const QString &version)
{
    m_modernVersion = version;
    rebuildEnvelope();
}

void SessionCore::setLogLevel(LoggingLevel level)
{
    m_logLevel = level;
    rebuildEnvelope();
}

QJsonObject SessionCore::envelope() const
{
    return RequestEnvelope::make(m_modernVersion, m_options.clientInfo, m_modernCapabilities ? m_modernCapabilities() : QJsonObject(),
                                 m_logLevel);
}

void SessionCore::rebuildEnvelope()
{
    QByteArray text;
    JsonWriter::appendObject(text, envelope());
    m_envelopeMembers = text.mid(1, text.size() - 2);
}

QJsonObject SessionCore::withEnvelope(QJsonObject params) const
{
    if (!modern())
        return params;
    QJsonObject meta = params.value(QLatin1String("_meta")).toObject();
    const QJsonObject env = envelope();
    for (auto it = env.begin(); it != env.end(); ++it)
        meta.insert(it.key(), it.value());
    params.insert(QLatin1String("_meta"), meta);
    return params;
}

JsonRpcPeer::RequestOptions SessionCore::requestOptions() const
{
    JsonRpcPeer::RequestOptions o;
    o.timeout = m_options.requestTimeout;
    o.maxTimeout = std::max(m_options.requestTimeout, std::chrono::milliseconds(std::chrono::minutes(5)));
    return o;
}

bool SessionCore::mayReissue(const QString &method, const Error &error) const
{
    static const QStringList readOnly{QStringLiteral("tools/list"), QStringLiteral("resources/list"),
                                      QStringLiteral("resources/templates/list"), QStringLiteral("prompts/list"),
                                      QStringLiteral("resources/read"), QStringLiteral("prompts/get"),
                                      QStringLiteral("completion/complete"), QStringLiteral("tasks/get"),
                                      QStringLiteral("tasks/list")};
    return modern() && m_state == State::Ready && HttpReply::isResponseStreamBroken(error) && readOnly.contains(method);
}

bool SessionCore::ensureReady(QObject *context, const std::function<void(const Error &)> &answer) const
{
    if (m_state == State::Ready)
        return true;
    const Error error = makeError(ErrorCode::NotConnected,
                                  m_state == State::Failed ? QCoreApplication::translate("Toolgate::ClientSession", "the server connection failed: %1").arg(m_lastError.message)
                                                           : QCoreApplication::translate("Toolgate::ClientSession", "the server is not connected"));
    QMetaObject::invokeMethod(context, [answer, error] { answer(error); }, Qt::QueuedConnection);
    return false;
}

QString SessionCore::featureMissing(const QString &feature)
{
    return QCoreApplication::translate("Toolgate::ClientSession", "the server does not offer %1").arg(feature);
}

} // namespace Toolgate

#include "moc_sessioncore.cpp"
