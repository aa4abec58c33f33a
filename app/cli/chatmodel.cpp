#include "app/cli/chatmodel.h"

#include "app/cli/clitext.h"
#include "app/cli/exitcode.h"
#include "core/audit/auditlog.h"
#include "core/common/error.h"
#include "core/model/modelkeys.h"
#include "core/model/modelsfile.h"

#include <QDir>
#include <QFileInfo>
#include <QUrl>

namespace Toolgate {

Result<ModelConfig> ChatModel::fromArguments(const CliArguments &arguments)
{
    if (!arguments.modelUrl.isEmpty()) {
        const QUrl url(arguments.modelUrl, QUrl::StrictMode);
        if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")) || url.host().isEmpty())
            return usageError(Cli::tr("--model-url wants an http:// or https:// address, not \"%1\"").arg(arguments.modelUrl));
        // A key in the address would end up in messages and logs: keys come from the environment only.
        if (!url.userInfo().isEmpty())
            return usageError(Cli::tr("--model-url must not hold a user name or password; give the key with --model-key-env VAR"));
        ModelConfig config;
        config.name = arguments.model;
        config.api = *ModelConfig::apiFromName(arguments.modelApi);
        config.baseUrl = arguments.modelUrl;
        config.model = arguments.model;
        if (!arguments.modelKeyEnv.isEmpty()) {
            config.apiKey = qEnvironmentVariable(arguments.modelKeyEnv.toLocal8Bit().constData());
            if (config.apiKey.isEmpty()) {
                return makeError(ErrorCode::ConfigError,
                                 Cli::tr("the environment variable %1 (--model-key-env) is not set or empty; put the model's "
                                         "API key into it")
                                     .arg(arguments.modelKeyEnv));
            }
        }
        return config;
    }
    return named(arguments.model);
}

Result<ModelConfig> ChatModel::named(const QString &name)
{
    const QString path = ModelsFile::defaultPath();
    const auto models = ModelsFile::load(path);
    if (!models)
        return models.error();
    QStringList names;
    for (const ModelConfig &config : models.value()) {
        if (config.name == name)
            return config;
        names.append(config.name);
    }
    if (!QFileInfo::exists(path)) {
        return makeError(ErrorCode::ConfigError,
                         Cli::tr("there is no models file yet (%1), so there is no model named \"%2\". Write one (docs/models.md "
                                 "describes it), or name a model on the command line: --model-url URL --model-api "
                                 "openai|anthropic --model MODEL")
                             .arg(QDir::toNativeSeparators(path), name));
    }
    return makeError(
        ErrorCode::ConfigError,
        Cli::tr("there is no model named \"%1\" in %2. Models: %3")
            .arg(name, QDir::toNativeSeparators(path), names.isEmpty() ? Cli::tr("(none)") : names.join(QStringLiteral(", "))));
}

void ChatModel::withKey(const CliArguments &arguments, SecretStore &secrets, AuditLog *audit, QObject *context,
                        std::function<void(const Result<ModelConfig> &)> done)
{
    const auto config = fromArguments(arguments);
    if (!config) {
        QMetaObject::invokeMethod(context, [done, config] { done(config); }, Qt::QueuedConnection);
        return;
    }
    // A key from the models file is in the keychain; one from --model-key-env is in hand already.
    ModelKeys::fillKey(secrets, config.value(), context, [audit, done](const Result<ModelConfig> &filled) {
        // Whatever is recorded from now on (a tool's arguments or result that repeat the key) has it redacted.
        if (filled && !filled->apiKey.isEmpty() && audit)
            audit->addSecretValues({filled->apiKey});
        done(filled);
    });
}

} // namespace Toolgate
