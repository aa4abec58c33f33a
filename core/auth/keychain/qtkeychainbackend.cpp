// toolgate_keychain: the OS keychain through QtKeychain, loaded by KeychainSecretStore on first use.

#include "core/auth/keychainbackend.h"

#include <QPointer>
#include <QtPlugin>

#include <qt6keychain/keychain.h>

namespace Toolgate {

namespace {

KeychainReply::Status statusOf(QKeychain::Error error)
{
    switch (error) {
    case QKeychain::NoError: return KeychainReply::Status::Ok;
    case QKeychain::EntryNotFound: return KeychainReply::Status::NotFound;
    // What QtKeychain reports when no keychain service answers (or none may be used here).
    case QKeychain::NoBackendAvailable:
    case QKeychain::NotImplemented:
    case QKeychain::OtherError:
    case QKeychain::AccessDenied: return KeychainReply::Status::Unavailable;
    default: return KeychainReply::Status::Failed;
    }
}

// Starts job and answers callback once, on context's thread, when it finishes.
void run(QKeychain::Job *job, const QString &key, QObject *context, KeychainBackend::Callback callback)
{
    job->setAutoDelete(true);
    job->setInsecureFallback(false); // never plain text on disk
    job->setKey(key);
    QPointer<QObject> guard(context);
    QObject::connect(job, &QKeychain::Job::finished, context, [guard, callback = std::move(callback)](QKeychain::Job *j) {
        if (!guard)
            return;
        KeychainReply reply;
        reply.status = statusOf(j->error());
        if (reply.status == KeychainReply::Status::Ok) {
            if (auto *read = qobject_cast<QKeychain::ReadPasswordJob *>(j))
                reply.data = read->binaryData();
        } else {
            reply.error = j->errorString();
        }
        callback(reply);
    });
    job->start();
}

} // namespace

class QtKeychainBackend final : public QObject, public KeychainBackend
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID ToolgateKeychainBackend_iid)
    Q_INTERFACES(Toolgate::KeychainBackend)
public:
    void read(const QString &service, const QString &key, QObject *context, Callback callback) override
    {
        run(new QKeychain::ReadPasswordJob(service), key, context, std::move(callback));
    }

    void write(const QString &service, const QString &key, const QByteArray &value, QObject *context,
               Callback callback) override
    {
        auto *job = new QKeychain::WritePasswordJob(service);
        job->setBinaryData(value);
        run(job, key, context, std::move(callback));
    }

    void remove(const QString &service, const QString &key, QObject *context, Callback callback) override
    {
        run(new QKeychain::DeletePasswordJob(service), key, context, std::move(callback));
    }
};

} // namespace Toolgate

#include "qtkeychainbackend.moc"
