#pragma once

#include "core/common/jsonkeyorder.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>
#include <utility>

namespace Toolgate {

/// One model connection as the models file keeps it (models.json, beside servers.json).
/// The API key is never part of the file: it lives in the keychain (ModelKeys), and apiKey holds it
/// in memory only once read or typed.
struct ModelConfig
{
    enum class Api {
        OpenAi,    ///< the OpenAI-compatible Chat Completions API (OpenAI, Ollama, LM Studio, llama.cpp, vLLM, OpenRouter)
        Anthropic, ///< the Anthropic Messages API
    };

    QString name;
    Api api = Api::OpenAi;
    /// OpenAI-compatible: up to and including /v1 ("http://localhost:11434/v1"); Anthropic:
    /// "https://api.anthropic.com".
    QString baseUrl;
    QString model;
    QList<std::pair<QString, QString>> headers; ///< extra headers, in the file's order
    qint64 contextLimit = 0;                    ///< tokens the model can take in; 0: unknown
    int maxOutputTokens = 0;                    ///< tokens per answer; 0: the client's default
    /// The key in memory; never written to the file.
    QString apiKey;
    /// The file says a key is kept in the keychain for this connection (the placeholder).
    bool keyInKeychain = false;
    /// The file held a key in plain text (typed by hand): it works, and should move to the keychain.
    bool keyWasInFile = false;

    QJsonObject extra;     ///< keys of the entry Toolgate does not model, kept as they were
    JsonKeyOrder fileOrder; ///< the entry's key order as the file had it

    static QString apiName(Api api);
    static std::optional<Api> apiFromName(const QString &name);
    /// What the file holds instead of a key kept in the keychain.
    static QString keyPlaceholder();
};

} // namespace Toolgate
