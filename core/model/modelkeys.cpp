#include "core/model/modelkeys.h"

#include "core/auth/secretstore.h"

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

} // namespace Toolgate::ModelKeys
