#include "core/model/modelconfig.h"

namespace Toolgate {

QString ModelConfig::apiName(Api api)
{
    switch (api) {
    case Api::OpenAi: return QStringLiteral("openai");
    case Api::Anthropic: return QStringLiteral("anthropic");
    }
    return {};
}

std::optional<ModelConfig::Api> ModelConfig::apiFromName(const QString &name)
{
    const QString normalized = name.trimmed().toLower();
    if (normalized == QLatin1String("openai"))
        return Api::OpenAi;
    if (normalized == QLatin1String("anthropic"))
        return Api::Anthropic;
    return std::nullopt;
}

QString ModelConfig::keyPlaceholder()
{
    return QStringLiteral("<stored in the system keychain by Toolgate>");
}

} // namespace Toolgate
