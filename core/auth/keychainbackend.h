#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>

#include <functional>

namespace Toolgate {

/// What the keychain answered to one request of KeychainBackend.
struct KeychainReply
{
    enum class Status {
        Ok,          ///< done; data holds what was read
        NotFound,    ///< nothing stored under that key
        Unavailable, ///< no keychain service answers here (a headless machine, no Secret Service)
        Failed,      ///< the keychain answered with an error (error says which)
    };
    Status status = Status::Failed;
    QByteArray data;
    QString error;
};

/// The OS keychain, as the keychain plugin (toolgate_keychain, core/auth/keychain) offers it. It
/// lives in a plugin so that only a process that really reads or writes a secret loads QtKeychain
/// and what it brings (D-Bus, libsecret, GLib on Linux). KeychainSecretStore is its one user.
///
/// Every request answers exactly once, on context's thread, unless context is gone by then. The
/// interface carries Qt types and std::function only (see common/plugins.h).
class KeychainBackend
{
public:
    using Callback = std::function<void(const KeychainReply &)>;

    virtual ~KeychainBackend() = default;
    virtual void read(const QString &service, const QString &key, QObject *context, Callback callback) = 0;
    virtual void write(const QString &service, const QString &key, const QByteArray &value, QObject *context,
                       Callback callback) = 0;
    virtual void remove(const QString &service, const QString &key, QObject *context, Callback callback) = 0;
};

} // namespace Toolgate

#define ToolgateKeychainBackend_iid "io.github.toolgate.KeychainBackend/1"
Q_DECLARE_INTERFACE(Toolgate::KeychainBackend, ToolgateKeychainBackend_iid)
