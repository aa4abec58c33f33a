#include "core/model/modelturn.h"

#include "core/common/displaytext.h"
#include "core/common/redactor.h"
#include "core/model/modelerror.h"
#include "core/model/modellogging.h"
#include "core/model/replydecoder.h"
#include "core/transport/httpclient.h"
#include "core/transport/httpreply.h"

#include <QCoreApplication>

namespace Toolgate {

namespace {

/// Some servers stream without saying text/event-stream; their first bytes tell.
bool looksLikeEventStream(const QByteArray &start)
{
    const QByteArray trimmed = start.trimmed();
    return trimmed.startsWith("data:") || trimmed.startsWith("event:") || trimmed.startsWith(':');
}

} // namespace

ModelTurn::ModelTurn(HttpClient *http, HttpRequest request, QByteArray body, std::unique_ptr<ReplyDecoder> decoder,
                     const ModelLimits &limits, QString what, QString secret, QObject *parent)
    : QObject(parent)
    , m_http(http)
    , m_request(std::move(request))
    , m_requestBody(std::move(body))
    , m_decoder(std::move(decoder))
    , m_limits(limits)
    , m_what(std::move(what))
    , m_secret(std::move(secret))
    // One event holds at most one call's arguments and a little JSON around them.
    , m_parser(limits.maxArgumentBytes + 64 * 1024)
{
    m_deadline.setSingleShot(true);
    connect(&m_deadline, &QTimer::timeout, this, [this] {
        fail(ModelErrors::make(ModelProblem::TimedOut,
                               QCoreApplication::translate("Toolgate::ModelTurn", "%1 failed: the answer took longer than %2 seconds; it was stopped.")
                                   .arg(m_what)
                                   .arg(m_limits.turnTimeoutMs / 1000)));
    });
    m_decoder->onText = [this](const QString &piece) {
        if (!m_ended && !piece.isEmpty())
            emit textReceived(piece);
    };
}

ModelTurn::~ModelTurn()
{
    end();
}

void ModelTurn::start()
{
    m_request.transferTimeoutMs = m_limits.stallTimeoutMs;
    m_exchange = m_http->post(m_request, m_requestBody);
    m_requestBody.clear(); // the conversation may be large; it was handed over
    connect(m_exchange, &HttpExchange::readyRead, this, &ModelTurn::onReadyRead);
    connect(m_exchange, &HttpExchange::finished, this, &ModelTurn::onFinished);
    m_deadline.start(m_limits.turnTimeoutMs);
}

void ModelTurn::cancel()
{
    if (m_ended)
        return;
    fail(ModelErrors::make(ModelProblem::Cancelled, QCoreApplication::translate("Toolgate::ModelTurn", "%1 was cancelled.").arg(m_what)));
}

void ModelTurn::readHeaders()
{
    m_headersSeen = true;
    const int status = m_exchange->statusCode();
    m_success = status >= 200 && status < 300;
    if (!m_success)
        return;
    m_sse = HttpReply::mediaType(m_exchange) == "text/event-stream";
    m_sseDecided = m_sse;
    const qint64 announced = m_exchange->contentLength();
    if (announced > m_limits.maxReplyBytes) {
        fail(ModelErrors::make(ModelProblem::ReplyTooLarge,
                               QCoreApplication::translate("Toolgate::ModelTurn", "%1 failed: the model server announced an answer of %2, more than the %3 Toolgate accepts.")
                                   .arg(m_what, DisplayText::dataSize(announced), DisplayText::dataSize(m_limits.maxReplyBytes))));
    }
}

void ModelTurn::onReadyRead()
{
    if (m_ended || !m_exchange)
        return;
    if (!m_headersSeen && m_exchange->statusCode() != 0)
        readHeaders();
    if (m_ended)
        return;
    const QByteArray data = m_exchange->readAll();
    if (data.isEmpty())
        return;
    m_received += data.size();
    if (!m_success) {
        // An error's body says why; keep its start and stop reading once it is enough.
        m_body.append(data.left(m_limits.maxErrorBodyBytes - m_body.size()));
        if (m_body.size() >= m_limits.maxErrorBodyBytes)
            fail(ModelErrors::fromStatus(m_exchange, m_body, m_what));
        return;
    }
    if (m_received > m_limits.maxReplyBytes) {
        fail(ModelErrors::make(ModelProblem::ReplyTooLarge,
                               QCoreApplication::translate("Toolgate::ModelTurn", "%1 failed: the model server sent more than %2; the answer was stopped.")
                                   .arg(m_what, DisplayText::dataSize(m_limits.maxReplyBytes))));
        return;
    }
    if (!m_sseDecided) {
        m_sseDecided = true;
        m_sse = looksLikeEventStream(data.left(64));
    }
    if (m_sse)
        handleEvents(m_parser.feed(data));
    else
        m_body.append(data);
}

void ModelTurn::handleEvents(const QList<SseParser::Event> &events)
{
    for (const SseParser::Event &event : events) {
        if (m_ended)
            return; // a receiver of textReceived cancelled the turn
        if (event.oversized) {
            fail(ModelErrors::make(ModelProblem::ReplyTooLarge,
                                   QCoreApplication::translate("Toolgate::ModelTurn", "%1 failed: the model server sent one event larger than %2; the answer was stopped.")
                                       .arg(m_what, DisplayText::dataSize(m_parser.maxEventSize()))));
            return;
        }
        const Result<void> handled = m_decoder->onEvent(event.type, event.data);
        if (m_ended)
            return;
        if (!handled) {
            Error error = handled.error();
            error.message = QCoreApplication::translate("Toolgate::ModelTurn", "%1 failed: %2").arg(m_what, error.message);
            fail(error);
            return;
        }
        if (m_decoder->isComplete()) {
            complete(m_decoder->finishStream());
            return;
        }
    }
}

void ModelTurn::onFinished()
{
    if (m_ended || !m_exchange)
        return;
    onReadyRead(); // what arrived with the end
    if (m_ended)
        return;
    if (m_exchange->statusCode() == 0) {
        fail(ModelErrors::fromNetwork(m_exchange, m_what));
        return;
    }
    if (!m_success) {
        fail(ModelErrors::fromStatus(m_exchange, m_body, m_what));
        return;
    }
    if (m_exchange->failure() != NetworkFailure::None) {
        // The answer began, then the connection broke or stalled.
        if (m_exchange->failure() == NetworkFailure::Timeout || m_exchange->failure() == NetworkFailure::Cancelled) {
            fail(ModelErrors::fromNetwork(m_exchange, m_what));
            return;
        }
        fail(ModelErrors::make(ModelProblem::NetworkFailure,
                               QCoreApplication::translate("Toolgate::ModelTurn", "%1 failed: the connection broke before the answer was complete (%2).")
                                   .arg(m_what, m_exchange->errorString())));
        return;
    }
    if (m_sse) {
        m_parser.finish();
        complete(m_decoder->finishStream());
    } else {
        complete(m_decoder->decodeWhole(m_body));
    }
}

void ModelTurn::complete(const Result<ModelReply> &reply)
{
    if (m_ended)
        return;
    if (!reply) {
        Error error = reply.error();
        error.message = QCoreApplication::translate("Toolgate::ModelTurn", "%1 failed: %2").arg(m_what, error.message);
        fail(error);
        return;
    }
    const ModelReply value = reply.value();
    const bool streamed = m_sse;
    end();
    qCDebug(lcModel) << "turn finished:" << value.toolCalls.size() << "calls," << value.rejectedCalls.size()
                     << "rejected, finish reason" << value.rawFinishReason;
    if (!streamed && !value.text.isEmpty())
        emit textReceived(value.text);
    emit finished(value);
}

void ModelTurn::fail(Error error)
{
    if (m_ended)
        return;
    end();
    // A provider may echo the key back in its error ("Incorrect API key provided: sk-…").
    Redactor redactor;
    redactor.addSecretValues({m_secret});
    error.message = redactor.redactText(error.message);
    qCDebug(lcModel) << "turn failed:" << modelProblemName(modelProblemOf(error));
    emit failed(error);
}

void ModelTurn::end()
{
    m_ended = true;
    m_deadline.stop();
    if (HttpExchange *exchange = m_exchange) {
        m_exchange = nullptr;
        exchange->disconnect(this);
        if (!exchange->isFinished())
            exchange->abort();
        exchange->deleteLater();
    }
}

} // namespace Toolgate

#include "moc_modelturn.cpp"
