#pragma once

#include "core/model/modelconfig.h"
#include "core/model/modellimits.h"
#include "core/model/modelrequest.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QUrl>

#include <memory>

namespace Toolgate {

class HttpClient;
class ModelTurn;
class ReplyDecoder;
struct HttpRequest;

/// A connection to one model through one wire format: sends turns over Toolgate's HTTP stack
/// (HttpClient, the network plugin). OpenAiChatClient and AnthropicMessagesClient are its kinds;
/// create() picks the one a ModelConfig names.
class ModelClient : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ModelClient)
public:
    /// Turns still running are cancelled (each answers failed()).
    ~ModelClient() override;

    /// The client for config.api. The key is config.apiKey (memory only).
    static std::unique_ptr<ModelClient> create(const ModelConfig &config, QObject *parent = nullptr);

    const ModelConfig &config() const { return m_config; }
    void setApiKey(const QString &key) { m_config.apiKey = key; }
    const ModelLimits &limits() const { return m_limits; }
    void setLimits(const ModelLimits &limits) { m_limits = limits; }

    /// Starts a turn. The client owns it; delete it with deleteLater() once it ended.
    ModelTurn *send(const ModelRequest &request);

    /// Where turns go, for people: the endpoint's URL without credentials.
    QString endpointText() const;

protected:
    ModelClient(ModelConfig config, QObject *parent);

    /// The endpoint's URL.
    virtual QUrl endpoint() const = 0;
    /// The format's own headers: authorization, version.
    virtual void addFormatHeaders(HttpRequest &request) const = 0;
    virtual QByteArray requestBody(const ModelRequest &request) const = 0;
    virtual std::unique_ptr<ReplyDecoder> createDecoder(const ModelRequest &request) const = 0;

    /// baseUrl with path appended; a path segment the base already ends in is not repeated
    /// ("https://api.anthropic.com/v1" + "/v1/messages").
    QUrl joinedUrl(const QString &path) const;

private:
    ModelConfig m_config;
    ModelLimits m_limits;
    std::unique_ptr<HttpClient> m_http;
    QList<QPointer<ModelTurn>> m_turns;
};

} // namespace Toolgate
