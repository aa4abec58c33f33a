#include "core/model/modelclient.h"

#include "core/model/anthropicmessagesclient.h"
#include "core/model/modelturn.h"
#include "core/model/openaichatclient.h"
#include "core/model/replydecoder.h"
#include "core/transport/httpclient.h"
#include "core/transport/httpreply.h"

#include <QCoreApplication>

namespace Toolgate {

ModelClient::ModelClient(ModelConfig config, QObject *parent)
    : QObject(parent)
    , m_config(std::move(config))
    , m_http(std::make_unique<HttpClient>())
{}

ModelClient::~ModelClient()
{
    const QList<QPointer<ModelTurn>> turns = m_turns;
    for (const QPointer<ModelTurn> &turn : turns) {
        if (turn)
            turn->cancel();
    }
    // The turns (children) go after this; their requests first, with the HTTP client.
    qDeleteAll(findChildren<ModelTurn *>(Qt::FindDirectChildrenOnly));
}

std::unique_ptr<ModelClient> ModelClient::create(const ModelConfig &config, QObject *parent)
{
    switch (config.api) {
    case ModelConfig::Api::OpenAi: return std::make_unique<OpenAiChatClient>(config, parent);
    case ModelConfig::Api::Anthropic: return std::make_unique<AnthropicMessagesClient>(config, parent);
    }
    return nullptr;
}

QUrl ModelClient::joinedUrl(const QString &path) const
{
    QUrl url(m_config.baseUrl.trimmed());
    QString base = url.path();
    while (base.endsWith(u'/'))
        base.chop(1);
    QString tail = path;
    const qsizetype firstSegmentEnd = tail.indexOf(u'/', 1);
    if (firstSegmentEnd > 0 && base.endsWith(tail.left(firstSegmentEnd)))
        tail = tail.mid(firstSegmentEnd);
    url.setPath(base + tail);
    return url;
}

QString ModelClient::endpointText() const
{
    return HttpReply::displayUrl(endpoint());
}

ModelTurn *ModelClient::send(const ModelRequest &request)
{
    HttpRequest http(endpoint());
    http.setRawHeader("Content-Type", "application/json");
    if (request.stream)
        http.setRawHeader("Accept", "text/event-stream");
    addFormatHeaders(http);
    // The connection's own headers may add to or replace the format's (e.g. a beta version).
    for (const auto &[name, value] : std::as_const(m_config.headers))
        http.setRawHeader(name.toUtf8(), value.toUtf8());
    const QString what = QCoreApplication::translate("Toolgate::ModelClient", "asking the model \"%1\" at %2").arg(m_config.model, endpointText());
    auto *turn = new ModelTurn(m_http.get(), std::move(http), requestBody(request), createDecoder(request), m_limits, what,
                               m_config.apiKey, this);
    m_turns.removeAll(nullptr);
    m_turns.append(turn);
    turn->start();
    return turn;
}

} // namespace Toolgate

#include "moc_modelclient.cpp"
