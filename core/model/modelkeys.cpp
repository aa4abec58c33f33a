#include "core/model/modelkeys.h"

#include "core/auth/secretstore.h"
#include "core/common/error.h"

#include <QCoreApplication>

namespace Toolgate::ModelKeys {

QString storeKey(const QString &connectionName)
{
    return QStringLiteral("model/%1/apiKey").arg(connectionName);
}

void read(SecretStore &store, const QString &connectionName, QObject *context, std::function<void(const Result<QString> &)> callback)
{
    store.read(storeKey(connectionName), context, [callback = std::move(callback)](const Result<QByteArray> &value) {
        if (!value)
            callback(value.error());
        else
            callback(QString::fromUtf8(value.value()));
    });
}

void write(SecretStore &store, const QString &connectionName, const QString &key, QObject *context,
           std::function<void(const Result<void> &)> callback)
{
    if (key.isEmpty()) {
        remove(store, connectionName, context, std::move(callback));
        return;
    }
    store.write(storeKey(connectionName), key.toUtf8(), context, std::move(callback));
}

void remove(SecretStore &store, const QString &connectionName, QObject *context, std::function<void(const Result<void> &)> callback)
{
    store.remove(storeKey(connectionName), context, std::move(callback));
}

void fillKey(SecretStore &store, const ModelConfig &config, QObject *context, std::function<void(const Result<ModelConfig> &)> callback)
{
    if (!config.apiKey.isEmpty() || !config.keyInKeychain) {
        // Answered as the store would: later, on context's thread.
        QMetaObject::invokeMethod(context, [config, callback = std::move(callback)] { callback(config); }, Qt::QueuedConnection);
        return;
    }
    read(store, config.name, context, [config, location = store.location(), callback = std::move(callback)](const Result<QString> &key) {
        if (!key) {
            callback(makeError(ErrorCode::ConfigError,
                               QCoreApplication::translate("Toolgate::ModelKeys", "the API key of the model \"%1\" could not be read from %2: %3")
                                   .arg(config.name, location, key.error().message)));
            return;
        }
        if (key->isEmpty()) {
            callback(makeError(ErrorCode::ConfigError,
                               QCoreApplication::translate("Toolgate::ModelKeys", "the models file says the API key of the model \"%1\" is kept in %2 "
                                                           "(as \"%3\"), but it is not there; store the key there again")
                                   .arg(config.name, location, storeKey(config.name))));
            return;
        }
        ModelConfig filled = config;
        filled.apiKey = key.value();
        callback(filled);
    });
}

} // namespace Toolgate::ModelKeys
