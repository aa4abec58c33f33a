#pragma once

#include "core/model/modelclient.h"

namespace Toolgate {

/// The OpenAI-compatible Chat Completions API, as OpenAI, Ollama, LM Studio, llama.cpp's server,
/// vLLM and OpenRouter speak it: POST {base}/chat/completions with "Authorization: Bearer", streamed
/// as SSE "data:" chunks whose delta.tool_calls pieces are joined per index, ending with [DONE].
class OpenAiChatClient final : public ModelClient
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OpenAiChatClient)
public:
    explicit OpenAiChatClient(ModelConfig config, QObject *parent = nullptr);
    ~OpenAiChatClient() override;

    /// The request body for request (what is sent; public for tests and for showing it to people).
    QByteArray body(const ModelRequest &request) const;

protected:
    QUrl endpoint() const override;
    void addFormatHeaders(HttpRequest &request) const override;
    QByteArray requestBody(const ModelRequest &request) const override { return body(request); }
    std::unique_ptr<ReplyDecoder> createDecoder(const ModelRequest &request) const override;
};

} // namespace Toolgate
