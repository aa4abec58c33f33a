#include "core/model/modelsfile.h"

#include "core/common/atomicfile.h"
#include "core/common/configlocation.h"
#include "core/common/jsonkeyorder.h"
#include "core/jsonrpc/jsonwriter.h"
#include "core/model/modellogging.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QUrl>

namespace Toolgate {

namespace {

const QLatin1String kModels("models");
const QLatin1String kApi("api");
const QLatin1String kBaseUrl("baseUrl");
const QLatin1String kModel("model");
const QLatin1String kApiKey("apiKey");
const QLatin1String kHeaders("headers");
const QLatin1String kContextLimit("contextLimit");
const QLatin1String kMaxOutputTokens("maxOutputTokens");

/// The keys in the order a new entry is written.
const QStringList &knownKeys()
{
    static const QStringList keys{kApi, kBaseUrl, kModel, kApiKey, kHeaders, kContextLimit, kMaxOutputTokens};
    return keys;
}

/// A whole, non-negative number of tokens that fits an int.
bool isTokenCount(const QJsonValue &value)
{
    const double number = value.toDouble(-1);
    return value.isDouble() && number >= 0 && number <= 2e9 && number == double(value.toInteger());
}

class Parser
{
public:
    explicit Parser(QString source) : m_source(std::move(source)) {}

    Result<QList<ModelConfig>> parse(const QByteArray &json)
    {
        if (json.trimmed().isEmpty())
            return QList<ModelConfig>();
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
        if (parseError.error != QJsonParseError::NoError)
            return fail(QCoreApplication::translate("Toolgate::ModelsFile", "invalid JSON at offset %1: %2").arg(parseError.offset).arg(parseError.errorString()));
        if (!document.isObject())
            return fail(QCoreApplication::translate("Toolgate::ModelsFile", "the top level must be an object holding \"models\""));
        const QJsonObject root = document.object();
        const JsonKeyOrder order = JsonKeyOrder::fromJson(json).member(kModels);
        const QJsonValue section = root.value(kModels);
        if (section.isUndefined())
            return QList<ModelConfig>();
        if (!section.isObject())
            return fail(QCoreApplication::translate("Toolgate::ModelsFile", "\"models\" must be an object mapping names to connections"));
        const QJsonObject entries = section.toObject();
        QList<ModelConfig> models;
        for (const QString &name : order.orderedKeys(entries)) {
            auto model = parseEntry(name, entries.value(name), order.member(name));
            if (!model)
                return model.error();
            models.append(std::move(model).value());
        }
        return models;
    }

private:
    Error fail(const QString &message) const
    {
        return makeError(ErrorCode::ConfigError, m_source + QStringLiteral(": ") + message);
    }
    Error entryFail(const QString &name, const QString &message) const
    {
        return fail(QCoreApplication::translate("Toolgate::ModelsFile", "model connection \"%1\": %2").arg(name, message));
    }

    Result<ModelConfig> parseEntry(const QString &name, const QJsonValue &value, const JsonKeyOrder &order) const
    {
        if (!value.isObject())
            return entryFail(name, QCoreApplication::translate("Toolgate::ModelsFile", "must be an object"));
        const QJsonObject entry = value.toObject();
        ModelConfig config;
        config.name = name;
        config.fileOrder = order;
        for (const QString &key : {QString(kApi), QString(kBaseUrl), QString(kModel), QString(kApiKey)}) {
            if (entry.contains(key) && !entry.value(key).isString())
                return entryFail(name, QCoreApplication::translate("Toolgate::ModelsFile", "\"%1\" must be a string").arg(key));
        }
        const auto api = ModelConfig::apiFromName(entry.value(kApi).toString(QStringLiteral("openai")));
        if (!api)
            return entryFail(name, QCoreApplication::translate("Toolgate::ModelsFile", "\"api\" must be \"openai\" or \"anthropic\", not \"%1\"").arg(entry.value(kApi).toString()));
        config.api = *api;
        config.baseUrl = entry.value(kBaseUrl).toString().trimmed();
        const QUrl url(config.baseUrl, QUrl::StrictMode);
        if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")) || url.host().isEmpty())
            return entryFail(name, QCoreApplication::translate("Toolgate::ModelsFile", "\"baseUrl\" must be an http:// or https:// URL, not \"%1\"").arg(config.baseUrl));
        if (!url.userInfo().isEmpty())
            return entryFail(name, QCoreApplication::translate("Toolgate::ModelsFile", "\"baseUrl\" must not hold a user name or password; the key belongs in the keychain"));
        config.model = entry.value(kModel).toString().trimmed();
        if (config.model.isEmpty())
            return entryFail(name, QCoreApplication::translate("Toolgate::ModelsFile", "\"model\" names no model"));
        const QString key = entry.value(kApiKey).toString();
        if (key == ModelConfig::keyPlaceholder()) {
            config.keyInKeychain = true;
        } else if (!key.isEmpty()) {
            config.apiKey = key; // typed by hand: it works, and is never written back
            config.keyWasInFile = true;
        }
        const QJsonValue headers = entry.value(kHeaders);
        if (!headers.isUndefined() && !headers.isNull()) {
            if (!headers.isObject())
                return entryFail(name, QCoreApplication::translate("Toolgate::ModelsFile", "\"headers\" must be an object of names and string values"));
            const QJsonObject object = headers.toObject();
            for (const QString &header : order.member(kHeaders).orderedKeys(object)) {
                if (!object.value(header).isString())
                    return entryFail(name, QCoreApplication::translate("Toolgate::ModelsFile", "the header \"%1\" must have a string value").arg(header));
                config.headers.append({header, object.value(header).toString()});
            }
        }
        const QJsonValue contextLimit = entry.value(kContextLimit);
        if (!contextLimit.isUndefined()) {
            if (!isTokenCount(contextLimit))
                return entryFail(name, QCoreApplication::translate("Toolgate::ModelsFile", "\"%1\" must be a whole number of tokens").arg(QString(kContextLimit)));
            config.contextLimit = contextLimit.toInteger();
        }
        const QJsonValue maxOutput = entry.value(kMaxOutputTokens);
        if (!maxOutput.isUndefined()) {
            if (!isTokenCount(maxOutput))
                return entryFail(name, QCoreApplication::translate("Toolgate::ModelsFile", "\"%1\" must be a whole number of tokens").arg(QString(kMaxOutputTokens)));
            config.maxOutputTokens = int(maxOutput.toInteger());
        }
        for (auto it = entry.begin(); it != entry.end(); ++it) {
            if (!knownKeys().contains(it.key()))
                config.extra.insert(it.key(), it.value());
        }
        return config;
    }

    QString m_source;
};

QJsonObject entryToJson(const ModelConfig &config)
{
    QJsonObject entry = config.extra;
    entry.insert(kApi, ModelConfig::apiName(config.api));
    entry.insert(kBaseUrl, config.baseUrl);
    entry.insert(kModel, config.model);
    // Never the key itself: only that the keychain keeps one.
    if (config.keyInKeychain || !config.apiKey.isEmpty())
        entry.insert(kApiKey, ModelConfig::keyPlaceholder());
    if (!config.headers.isEmpty()) {
        QJsonObject headers;
        for (const auto &[name, value] : config.headers)
            headers.insert(name, value);
        entry.insert(kHeaders, headers);
    }
    if (config.contextLimit > 0)
        entry.insert(kContextLimit, config.contextLimit);
    if (config.maxOutputTokens > 0)
        entry.insert(kMaxOutputTokens, config.maxOutputTokens);
    return entry;
}

} // namespace

Result<QList<ModelConfig>> ModelsFile::parse(const QByteArray &json, const QString &sourceName)
{
    return Parser(sourceName).parse(json);
}

Result<QList<ModelConfig>> ModelsFile::load(const QString &path)
{
    if (!QFileInfo::exists(path))
        return QList<ModelConfig>();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::ModelsFile", "cannot read the models file %1: %2")
                                                     .arg(QDir::toNativeSeparators(path), file.errorString()));
    }
    return parse(file.readAll(), QDir::toNativeSeparators(path));
}

QByteArray ModelsFile::serialize(const QList<ModelConfig> &models)
{
    QJsonObject entries;
    QStringList names;
    for (const ModelConfig &config : models) {
        entries.insert(config.name, entryToJson(config));
        names.append(config.name);
    }
    JsonKeyOrder modelsOrder = JsonKeyOrder::fromKeys(names);
    for (const ModelConfig &config : models) {
        // The entry's own order (it knows the headers' too), then new keys in the usual order.
        JsonKeyOrder entryOrder = config.fileOrder;
        const QStringList known = entryOrder.keys();
        for (const QString &key : knownKeys()) {
            if (!known.contains(key))
                entryOrder.setMember(key, {});
        }
        QStringList headerNames;
        for (const auto &header : config.headers)
            headerNames.append(header.first);
        entryOrder.setMember(kHeaders, JsonKeyOrder::fromKeys(headerNames));
        modelsOrder.setMember(config.name, entryOrder);
    }
    JsonKeyOrder order = JsonKeyOrder::fromKeys({kModels});
    order.setMember(kModels, modelsOrder);
    return JsonWriter::toIndentedJson(QJsonObject{{kModels, entries}}, order) + '\n';
}

Result<void> ModelsFile::save(const QString &path, const QList<ModelConfig> &models)
{
    QSet<QString> names;
    for (const ModelConfig &config : models) {
        if (config.name.trimmed().isEmpty())
            return makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::ModelsFile", "cannot save a model connection without a name"));
        if (names.contains(config.name))
            return makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::ModelsFile", "cannot save: two model connections are named \"%1\"").arg(config.name));
        names.insert(config.name);
    }
    if (const Result<void> written = AtomicFile::write(path, serialize(models)); !written)
        return written;
    qCInfo(lcModel) << "saved" << models.size() << "model connections to" << QDir::toNativeSeparators(path);
    return {};
}

QString ModelsFile::defaultPath()
{
    return ConfigLocation::configFile(QStringLiteral("models.json"));
}

} // namespace Toolgate
