#include "core/auth/secretstore.h"

#include "core/auth/authlogging.h"
#include "core/common/error.h"

#include "core/common/plugins.h"
#include "core/auth/keychainbackend.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace Toolgate {

namespace {

template<typename Callback, typename Value>
void answerLater(QObject *context, Callback callback, Value value)
{
    QMetaObject::invokeMethod(context, [callback = std::move(callback), value = std::move(value)] { callback(value); },
                              Qt::QueuedConnection);
}

} // namespace

void MemorySecretStore::read(const QString &key, QObject *context, ReadCallback callback)
{
    answerLater(context, std::move(callback), Result<QByteArray>(m_values.value(key)));
}

void MemorySecretStore::write(const QString &key, const QByteArray &value, QObject *context, WriteCallback callback)
{
    m_values.insert(key, value);
    answerLater(context, std::move(callback), Result<void>());
}

void MemorySecretStore::remove(const QString &key, QObject *context, WriteCallback callback)
{
    m_values.remove(key);
    answerLater(context, std::move(callback), Result<void>());
}

QString MemorySecretStore::location() const
{
    return QCoreApplication::translate("Toolgate::SecretStore", "memory (this session only)");
}

class KeychainSecretStore::Private
{
public:
    QString service;
    bool degraded = false;
    QString degradedWhy;
    std::function<void(const QString &)> onDegraded;
    MemorySecretStore memory;

    void degrade(const QString &why)
    {
        if (degraded)
            return;
        degraded = true;
        degradedWhy = why;
        if (onDegraded)
            onDegraded(why);
        qCWarning(lcAuth).noquote() << "the system keychain is not available (" << why
                                    << "); sign-ins and secret values are kept in memory for this session only and will be asked for again next time";
    }

    /// The keychain plugin, loaded on the first request (not when the store is made: a process that
    /// never touches a secret never loads QtKeychain). nullptr, and degraded, when it cannot be had.
    KeychainBackend *backend()
    {
        if (degraded)
            return nullptr;
        QString why;
        KeychainBackend *found = Plugins::load<KeychainBackend>(QStringLiteral("keychain"), &why);
        if (!found)
            degrade(why);
        return found;
    }
};

namespace {

// On Linux and the BSDs the keychain is a Secret Service (or KWallet) reached over the D-Bus session
// bus. Without one — no bus address, and no bus socket where libdbus would look next — no keychain
// can answer. Knowing that when the store is made (instead of on the first secret) lets everything
// that speaks of where secrets go say "memory" from the start, without loading QtKeychain.
bool noSessionBusForTheKeychain()
{
#if defined(Q_OS_UNIX) && !defined(Q_OS_DARWIN)
    if (!qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"))
        return false;
    const QString runtimeDir = qEnvironmentVariable("XDG_RUNTIME_DIR");
    return runtimeDir.isEmpty() || !QFileInfo::exists(QDir(runtimeDir).filePath(QStringLiteral("bus")));
#else
    return false;
#endif
}

} // namespace

KeychainSecretStore::KeychainSecretStore(const QString &service)
    : d(std::make_shared<Private>())
{
    d->service = service;
#ifndef TOOLGATE_HAVE_QTKEYCHAIN
    d->degrade(QCoreApplication::translate("Toolgate::SecretStore", "this build has no keychain support"));
#else
    if (noSessionBusForTheKeychain())
        d->degrade(QCoreApplication::translate("Toolgate::SecretStore", "there is no D-Bus session, which the keychain service needs"));
#endif
}

KeychainSecretStore::~KeychainSecretStore() = default;

bool KeychainSecretStore::degraded() const
{
    return d->degraded;
}

void KeychainSecretStore::setDegradedHandler(std::function<void(const QString &)> handler)
{
    d->onDegraded = std::move(handler);
    if (d->degraded && d->onDegraded)
        d->onDegraded(d->degradedWhy);
}

QString KeychainSecretStore::location() const
{
    return d->degraded ? d->memory.location() : QCoreApplication::translate("Toolgate::SecretStore", "the system keychain");
}

void KeychainSecretStore::read(const QString &key, QObject *context, ReadCallback callback)
{
    KeychainBackend *backend = d->backend();
    if (!backend) {
        d->memory.read(key, context, std::move(callback));
        return;
    }
    std::weak_ptr<Private> weak = d;
    backend->read(d->service, key, context, [weak, context, key, callback](const KeychainReply &reply) {
        const auto d = weak.lock();
        switch (reply.status) {
        case KeychainReply::Status::Ok: callback(reply.data); return;
        case KeychainReply::Status::NotFound: callback(QByteArray()); return;
        case KeychainReply::Status::Unavailable:
            if (d) {
                d->degrade(reply.error);
                d->memory.read(key, context, callback);
                return;
            }
            break;
        case KeychainReply::Status::Failed: break;
        }
        callback(makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::SecretStore", "could not read from the system keychain: %1").arg(reply.error)));
    });
}

void KeychainSecretStore::write(const QString &key, const QByteArray &value, QObject *context, WriteCallback callback)
{
    KeychainBackend *backend = d->backend();
    if (!backend) {
        d->memory.write(key, value, context, std::move(callback));
        return;
    }
    std::weak_ptr<Private> weak = d;
    backend->write(d->service, key, value, context, [weak, context, key, value, callback](const KeychainReply &reply) {
        const auto d = weak.lock();
        if (reply.status == KeychainReply::Status::Ok) {
            callback({});
        } else if (d && reply.status == KeychainReply::Status::Unavailable) {
            d->degrade(reply.error);
            d->memory.write(key, value, context, callback);
        } else {
            callback(makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::SecretStore", "could not save to the system keychain: %1").arg(reply.error)));
        }
    });
}

void KeychainSecretStore::remove(const QString &key, QObject *context, WriteCallback callback)
{
    KeychainBackend *backend = d->backend();
    if (!backend) {
        d->memory.remove(key, context, std::move(callback));
        return;
    }
    std::weak_ptr<Private> weak = d;
    backend->remove(d->service, key, context, [weak, context, key, callback](const KeychainReply &reply) {
        const auto d = weak.lock();
        if (reply.status == KeychainReply::Status::Ok || reply.status == KeychainReply::Status::NotFound) {
            callback({});
        } else if (d && reply.status == KeychainReply::Status::Unavailable) {
            d->degrade(reply.error);
            d->memory.remove(key, context, callback);
        } else {
            callback(makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::SecretStore", "could not delete from the system keychain: %1").arg(reply.error)));
        }
    });
}

} // namespace Toolgate
