#include "core/client/eranegotiator.h"

#include "core/common/logging.h"
#include "core/jsonrpc/jsonrpcmessage.h"
#include "core/protocol/protocolversion.h"
#include "core/protocol/requestenvelope.h"

#include <QCoreApplication>

namespace Toolgate {

EraNegotiator::EraNegotiator(StdioLaunchSpec spec, Options options, QObject *parent)
    : QObject(parent)
    , m_spec(std::move(spec))
    , m_options(std::move(options))
{
    m_timeout.setSingleShot(true);
    connect(&m_timeout, &QTimer::timeout, this, [this] { conclude(ProbeOutcome::timedOut()); });
}

EraNegotiator::~EraNegotiator()
{
    // StdioTransport's destructor kills a child still running.
    m_sibling.reset();
}

void EraNegotiator::start()
{
    if (m_sibling || m_finished)
        return;
    StdioTransport::Options transportOptions;
    transportOptions.shutdownStepTimeout = m_options.reapStep;
    m_sibling = std::make_unique<StdioTransport>(m_spec, transportOptions);
    StdioTransport *t = m_sibling.get();
    // Its stderr is read (so it cannot block on a full pipe) and dropped: the sibling is not the server
    // people watch in the console.
    connect(t, &Transport::started, this, &EraNegotiator::sendProbe);
    connect(t, &Transport::messageReceived, this, &EraNegotiator::onMessage);
    connect(t, &Transport::strayOutput, this, [this](const QString &text) { conclude(ProbeOutcome::garbage(text.toUtf8())); });
    connect(t, &Transport::receivingEnded, this, [this](const Error &) { conclude(ProbeOutcome::closed()); });
    connect(t, &Transport::closed, this, [this] {
        m_siblingClosed = true;
        if (!m_answered)
            conclude(ProbeOutcome::closed()); // it exited before answering
        else
            announce();
    });
    m_requestedVersion = ProtocolVersion::supportedModern().value(0);
    m_clock.start();
    m_timeout.start(m_options.probeTimeout);
    m_sibling->start();
}

void EraNegotiator::sendProbe()
{
    if (m_answered || !m_sibling)
        return;
    ++m_probesSent;
    const QJsonObject params{{QStringLiteral("_meta"), RequestEnvelope::make(m_requestedVersion, m_options.clientInfo,
                                                                               m_options.clientCapabilities)}};
    // A string id, as the TypeScript SDK's probe: it cannot collide with the ids the session will use.
    const RequestId id(QStringLiteral("discover-%1").arg(m_probesSent));
    m_sibling->send(JsonRpcMessage::request(id, QStringLiteral("server/discover"), params).serialize());
}

void EraNegotiator::onMessage(const QByteArray &message)
{
    if (m_answered)
        return;
    const Result<QList<JsonRpcMessage>> parsed = JsonRpcMessage::parse(message);
    if (!parsed || parsed->size() != 1) {
        conclude(ProbeOutcome::garbage(message.left(200)));
        return;
    }
    const JsonRpcMessage &m = parsed->constFirst();
    // Requests and notifications a server sends on its own (a log line, say) are no answer.
    if (!m.isResponse() || m.id() != RequestId(QStringLiteral("discover-%1").arg(m_probesSent)))
        return;
    conclude(m.kind() == JsonRpcMessage::Kind::Response ? ProbeOutcome::answered(m.result()) : ProbeOutcome::rpcError(m.error()));
}

void EraNegotiator::conclude(const ProbeOutcome &outcome)
{
    if (m_answered)
        return;
    ProbeClassifier::Options classifierOptions;
    classifierOptions.channel = ProbeClassifier::Channel::Stdio;
    classifierOptions.mayFallBack = m_options.mayFallBack;
    EraVerdict verdict = ProbeClassifier(classifierOptions).classify(outcome, m_requestedVersion);
    if (verdict.kind == EraVerdict::Kind::Corrective) {
        if (m_probesSent < 2 && m_sibling && m_sibling->isOpen()) {
            // The spec: retry once with a mutually supported version.
            m_requestedVersion = verdict.version;
            sendProbe();
            return;
        }
        verdict.kind = EraVerdict::Kind::Error;
        verdict.error = makeError(ErrorCode::UnsupportedProtocolVersion,
                                  QCoreApplication::translate("Toolgate::EraNegotiator", "the server refused MCP %1, the version it had named as supported")
                                      .arg(verdict.version));
    }
    finish(std::move(verdict));
}

void EraNegotiator::finish(EraVerdict verdict)
{
    m_answered = true;
    m_timeout.stop();
    m_probeMs = m_clock.elapsed();
    m_verdict = std::move(verdict);
    if (m_siblingClosed)
        announce();
    else
        m_sibling->close(); // reap it; closed() then announces the verdict
}

void EraNegotiator::announce()
{
    // On the next turn of the event loop, so nobody hears it inside start() or a transport's signal.
    QMetaObject::invokeMethod(this, [this] {
        if (m_finished)
            return;
        m_finished = true;
        qCInfo(lcClient).noquote() << "protocol era of" << m_spec.program << ":"
                                   << (m_verdict.kind == EraVerdict::Kind::Modern ? QStringLiteral("modern ") + m_verdict.version
                                       : m_verdict.kind == EraVerdict::Kind::Legacy ? QStringLiteral("legacy")
                                                                                    : QStringLiteral("error: ") + m_verdict.error.message)
                                   << "(" << m_verdict.how << "," << m_probeMs << "ms)";
        emit decided(m_verdict);
    }, Qt::QueuedConnection);
}

} // namespace Toolgate

#include "moc_eranegotiator.cpp"
