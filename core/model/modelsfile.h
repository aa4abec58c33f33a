#pragma once

#include "core/common/result.h"
#include "core/model/modelconfig.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace Toolgate {

/// Reads and writes the models file, models.json beside servers.json:
///   {"models": {"name": {"api": "openai"|"anthropic", "baseUrl", "model", "apiKey", "headers": {...},
///                        "contextLimit", "maxOutputTokens"}}}
/// "apiKey" holds ModelConfig::keyPlaceholder() when a key is kept in the keychain; a key is never
/// written. Connections and their keys stay in the order the person wrote them; keys Toolgate does
/// not know are kept. Comments are not accepted (the file is Toolgate's own).
class ModelsFile final
{
public:
    ModelsFile() = delete;

    /// sourceName (usually the path) starts every error message; errors are ConfigError.
    static Result<QList<ModelConfig>> parse(const QByteArray &json, const QString &sourceName);
    /// The models of the file at path; none when it does not exist yet.
    static Result<QList<ModelConfig>> load(const QString &path);
    static QByteArray serialize(const QList<ModelConfig> &models);
    /// Writes atomically (AtomicFile). Refuses nameless or twice-named connections.
    static Result<void> save(const QString &path, const QList<ModelConfig> &models);
    /// models.json in the config folder (ConfigLocation).
    static QString defaultPath();
};

} // namespace Toolgate
