#pragma once

#include "core/common/result.h"
#include "core/model/modellimits.h"
#include "core/model/modelreply.h"
#include "core/transport/networkbackend.h"
#include "core/transport/sseparser.h"

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <memory>

namespace Toolgate {

class HttpClient;
class HttpExchange;
class ReplyDecoder;

/// One turn of a model in flight: a single HTTP request, its answer read as it comes (streamed
/// text as textReceived), bounded by ModelLimits. Ends exactly once: finished() with the reply, or
/// failed() with why, in words for people. Made by ModelClient::send(), which owns it; delete it
/// with deleteLater() once it ended (never from inside one of its signals with delete).
class ModelTurn final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ModelTurn)
public:
    ~ModelTurn() override;

    bool isEnded() const { return m_ended; }
    /// Ends the turn at once and aborts its request: failed() (RequestCancelled) is emitted before
    /// this returns, unless the turn had ended already.
    void cancel();

signals:
    /// A piece of the model's text, as it arrived (a whole answer comes as one piece).
    void textReceived(const QString &piece);
    void finished(const Toolgate::ModelReply &reply);
    void failed(const Toolgate::Error &error);

private:
    friend class ModelClient;
    /// what names the turn in messages ("asking the model …"); secret (the API key) never appears in them.
    ModelTurn(HttpClient *http, HttpRequest request, QByteArray body, std::unique_ptr<ReplyDecoder> decoder,
              const ModelLimits &limits, QString what, QString secret, QObject *parent);
    void start();

    void onReadyRead();
    void onFinished();
    void readHeaders();
    void handleEvents(const QList<SseParser::Event> &events);
    void complete(const Result<ModelReply> &reply);
    void fail(Error error);
    /// Stops everything: timers, the request (aborted unless it finished).
    void end();

    HttpClient *m_http;
    HttpRequest m_request;
    QByteArray m_requestBody;
    std::unique_ptr<ReplyDecoder> m_decoder;
    ModelLimits m_limits;
    QString m_what;
    QString m_secret;

    QPointer<HttpExchange> m_exchange;
    QTimer m_deadline;
    SseParser m_parser;
    bool m_headersSeen = false;
    bool m_success = false;
    bool m_sse = false;
    bool m_sseDecided = false;
    qint64 m_received = 0;
    QByteArray m_body; ///< a whole answer, or an error's body (capped)
    bool m_ended = false;
};

} // namespace Toolgate
