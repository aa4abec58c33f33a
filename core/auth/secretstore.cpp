#include "secretstore.h"

#include "authlogging.h"
#include "common/error.h"

#include <QCoreApplication>
#include <QPointer>

#ifdef TOOLGATE_HAVE_QTKEYCHAIN
#include <qt6keychain/keychain.h>
#endif

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
};

KeychainSecretStore::KeychainSecretStore(const QString &service)
    : d(std::make_shared<Private>())
{
    d->service = service;
#ifndef TOOLGATE_HAVE_QTKEYCHAIN
    d->degrade(QCoreApplication::translate("Toolgate::SecretStore", "this build has no keychain support"));
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

#ifdef TOOLGATE_HAVE_QTKEYCHAIN

namespace {

bool backendMissing(QKeychain::Error error)
{
    return error == QKeychain::NoBackendAvailable || error == QKeychain::NotImplemented || error == QKeychain::OtherError
        || error == QKeychain::AccessDenied;
}

} // namespace

void KeychainSecretStore::read(const QString &key, QObject *context, ReadCallback callback)
{
    if (d->degraded) {
        d->memory.read(key, context, std::move(callback));
        return;
    }
    auto *job = new QKeychain::ReadPasswordJob(d->service);
    job->setAutoDelete(true);
    job->setInsecureFallback(false); // never plain text on disk
    job->setKey(key);
    std::weak_ptr<Private> weak = d;
    QPointer<QObject> guard(context);
    QObject::connect(job, &QKeychain::Job::finished, context, [weak, guard, key, callback](QKeychain::Job *j) {
        auto *read = static_cast<QKeychain::ReadPasswordJob *>(j);
        const auto d = weak.lock();
        if (!guard)
            return;
        if (read->error() == QKeychain::NoError) {
            callback(read->binaryData());
        } else if (read->error() == QKeychain::EntryNotFound) {
            callback(QByteArray());
        } else if (d && backendMissing(read->error())) {
            d->degrade(read->errorString());
            d->memory.read(key, guard, callback);
        } else {
            callback(makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::SecretStore", "could not read from the system keychain: %1").arg(read->errorString())));
        }
    });
    job->start();
}

void KeychainSecretStore::write(const QString &key, const QByteArray &value, QObject *context, WriteCallback callback)
{
    if (d->degraded) {
        d->memory.write(key, value, context, std::move(callback));
        return;
    }
    auto *job = new QKeychain::WritePasswordJob(d->service);
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(key);
    job->setBinaryData(value);
    std::weak_ptr<Private> weak = d;
    QPointer<QObject> guard(context);
    QObject::connect(job, &QKeychain::Job::finished, context, [weak, guard, key, value, callback](QKeychain::Job *j) {
        const auto d = weak.lock();
        if (!guard)
            return;
        if (j->error() == QKeychain::NoError) {
            callback({});
        } else if (d && backendMissing(j->error())) {
            d->degrade(j->errorString());
            d->memory.write(key, value, guard, callback);
        } else {
            callback(makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::SecretStore", "could not save to the system keychain: %1").arg(j->errorString())));
        }
    });
    job->start();
}

void KeychainSecretStore::remove(const QString &key, QObject *context, WriteCallback callback)
{
    if (d->degraded) {
        d->memory.remove(key, context, std::move(callback));
        return;
    }
    auto *job = new QKeychain::DeletePasswordJob(d->service);
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(key);
    std::weak_ptr<Private> weak = d;
    QPointer<QObject> guard(context);
    QObject::connect(job, &QKeychain::Job::finished, context, [weak, guard, key, callback](QKeychain::Job *j) {
        const auto d = weak.lock();
        if (!guard)
            return;
        if (j->error() == QKeychain::NoError || j->error() == QKeychain::EntryNotFound) {
            callback({});
        } else if (d && backendMissing(j->error())) {
            d->degrade(j->errorString());
            d->memory.remove(key, guard, callback);
        } else {
            callback(makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::SecretStore", "could not delete from the system keychain: %1").arg(j->errorString())));
        }
    });
    job->start();
}

#else

void KeychainSecretStore::read(const QString &key, QObject *context, ReadCallback callback)
{
    d->memory.read(key, context, std::move(callback));
}

void KeychainSecretStore::write(const QString &key, const QByteArray &value, QObject *context, WriteCallback callback)
{
    d->memory.write(key, value, context, std::move(callback));
}

void KeychainSecretStore::remove(const QString &key, QObject *context, WriteCallback callback)
{
    d->memory.remove(key, context, std::move(callback));
}

#endif

} // namespace Toolgate
