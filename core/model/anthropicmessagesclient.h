#pragma once

#include "core/model/modelclient.h"

namespace Toolgate {

/// The Anthropic Messages API: POST {base}/v1/messages with "x-api-key" and "anthropic-version:
/// 2023-06-01", streamed as named SSE events (message_start, content_block_start/delta/stop,
/// message_delta, message_stop, ping, error); tool results go back as a user message of
/// tool_result blocks.
class AnthropicMessagesClient final : public ModelClient
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AnthropicMessagesClient)
public:
    explicit AnthropicMessagesClient(ModelConfig config, QObject *parent = nullptr);
    ~AnthropicMessagesClient() override;

    /// The answer's length when neither the request nor the connection gives one (the API requires it).
    static constexpr int defaultMaxTokens = 4096;

    /// The request body for request (what is sent; public for tests and for showing it to people).
    QByteArray body(const ModelRequest &request) const;

protected:
    QUrl endpoint() const override;
    void addFormatHeaders(HttpRequest &request) const override;
    QByteArray requestBody(const ModelRequest &request) const override { return body(request); }
    std::unique_ptr<ReplyDecoder> createDecoder(const ModelRequest &request) const override;
};

} // namespace Toolgate
