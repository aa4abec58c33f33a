#pragma once

#include "core/common/result.h"

#include <QObject>
#include <QString>

#include <functional>

namespace Toolgate {

class SecretStore;

/// Where the API keys of model connections are kept: the SecretStore (the OS keychain), under
/// "model/<connection name>/apiKey"; the models file only says that one is kept there
/// (ModelConfig::keyPlaceholder()). Each call answers once, on context's thread, as SecretStore does.
namespace ModelKeys {

QString storeKey(const QString &connectionName);
/// The key of a connection; empty when none is kept.
void read(SecretStore &store, const QString &connectionName, QObject *context, std::function<void(const Result<QString> &)> callback);
/// Keeps key for the connection (an empty key removes it).
void write(SecretStore &store, const QString &connectionName, const QString &key, QObject *context,
           std::function<void(const Result<void> &)> callback);
void remove(SecretStore &store, const QString &connectionName, QObject *context, std::function<void(const Result<void> &)> callback);

} // namespace ModelKeys

} // namespace Toolgate
