#pragma once

#include "core/common/result.h"
#include "core/model/modelconfig.h"

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
/// config ready to use: with its key read from the store when the models file says one is kept there
/// (ModelConfig::keyInKeychain). A key already in memory (typed into the file) is used as it is; a
/// connection without a key stays without. A key the file promises but the store lacks is a
/// ConfigError saying so. The key stays in memory: never logged, never written anywhere.
void fillKey(SecretStore &store, const ModelConfig &config, QObject *context, std::function<void(const Result<ModelConfig> &)> callback);

} // namespace ModelKeys

} // namespace Toolgate
