#pragma once

#include "core/common/result.h"
#include "core/model/modelconfig.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>

namespace Toolgate {

class SecretStore;

/// Saves the model connections a person edited (Settings › Models): each key into the keychain
/// first (ModelKeys), then models.json, which only says that a key is kept there. A connection renamed
/// takes its key along; a removed one has its key deleted; a key typed into the file by hand moves to
/// the keychain. Nothing of a key reaches the file, whatever the order of failures: the file is
/// written only once every key is where it says.
namespace ModelsStore {

/// One connection as the person left it.
struct Edited
{
    ModelConfig config;
    /// Its name when it was read (empty: a new connection).
    QString previousName;
    /// The person typed a key (config.apiKey; empty: the key is removed). Otherwise the key stays.
    bool keyChanged = false;
};

/// Answers done once, on context's thread; models are written in the order given.
void save(SecretStore &store, const QString &path, const QList<Edited> &models, const QStringList &removed, QObject *context,
          std::function<void(const Result<void> &)> done);

} // namespace ModelsStore

} // namespace Toolgate
