#include "core/workspace/serversecretreader.h"

#include "core/auth/secretstore.h"

#include <algorithm>
#include <memory>

namespace Toolgate {

QStringList ServerSecretReader::unreadablePlaceholders(const ServerConfig &config)
{
    QStringList placeholders;
    const QList<ServerConfig::SecretEntry> inStore = config.keychainSecrets();
    const auto findPlaceholders = [&](const QMap<QString, QString> &map, ServerConfig::SecretEntry::Kind kind) {
        for (auto it = map.cbegin(); it != map.cend(); ++it) {
            const bool stored = std::any_of(inStore.cbegin(), inStore.cend(), [&](const ServerConfig::SecretEntry &entry) {
                return entry.kind == kind && entry.key == it.key();
            });
            if (it.value() == ServerConfig::secretPlaceholder() && !stored)
                placeholders.append(ServerConfig::SecretEntry{kind, it.key(), {}, {}}.describe());
        }
    };
    findPlaceholders(config.env, ServerConfig::SecretEntry::Kind::Env);
    findPlaceholders(config.headers, ServerConfig::SecretEntry::Kind::Header);
    return placeholders;
}

QList<ServerConfig::SecretEntry> ServerSecretReader::unread(const ServerConfig &config)
{
    QList<ServerConfig::SecretEntry> unread;
    for (const ServerConfig::SecretEntry &entry : config.keychainSecrets()) {
        if (entry.value == ServerConfig::secretPlaceholder())
            unread.append(entry);
    }
    return unread;
}

QStringList ServerSecretReader::describe(const QList<ServerConfig::SecretEntry> &entries)
{
    QStringList described;
    for (const ServerConfig::SecretEntry &entry : entries)
        described.append(entry.describe());
    return described;
}

void ServerSecretReader::read(const QList<ServerConfig::SecretEntry> &entries, ServerConfig &config, QObject *context, Done done)
{
    Q_ASSERT(m_store);
    const quint64 generation = ++m_generation;
    struct Pending
    {
        qsizetype remaining = 0;
        QStringList missing;
        QStringList errors;
    };
    auto pending = std::make_shared<Pending>();
    pending->remaining = entries.size();
    for (const ServerConfig::SecretEntry &entry : entries) {
        m_store->read(entry.storeKey, context, [this, &config, generation, pending, entry, done](const Result<QByteArray> &value) {
            if (generation != m_generation)
                return; // stopped or reconfigured meanwhile
            if (!value)
                pending->errors.append(QStringLiteral("%1: %2").arg(entry.describe(), value.error().message));
            else if (value.value().isEmpty())
                pending->missing.append(entry.describe());
            else
                config.setSecretValue(entry, QString::fromUtf8(value.value()));
            if (--pending->remaining > 0)
                return;
            done(pending->missing, pending->errors);
        });
    }
}

Error ServerSecretReader::missingError(const QStringList &missing, const QStringList &errors, const QString &serverName) const
{
    const QString where = m_store ? m_store->location() : tr("the system keychain");
    QStringList parts;
    if (!missing.isEmpty())
        parts.append(tr("the secret value of %1 was not found in %2").arg(missing.join(QStringLiteral(", ")), where));
    if (!errors.isEmpty())
        parts.append(tr("could not read %1").arg(errors.join(QStringLiteral("; "))));
    Error error = makeError(ErrorCode::ConfigError,
                            tr("%1. Open Edit Server for \"%2\", enter the value again and save.")
                                .arg(parts.join(QStringLiteral("; ")), serverName));
    error.message[0] = error.message.at(0).toUpper();
    return error;
}

} // namespace Toolgate
