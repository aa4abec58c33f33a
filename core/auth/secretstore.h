#pragma once

#include "core/common/result.h"

#include <QByteArray>
#include <QHash>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>

namespace Toolgate {

/// Where OAuth tokens and client secrets are kept: the OS keychain, never a file in plain text.
/// Every call answers exactly once, asynchronously, on context's thread (unless context is gone).
class SecretStore
{
public:
    using ReadCallback = std::function<void(const Result<QByteArray> &)>; ///< empty value: not stored
    using WriteCallback = std::function<void(const Result<void> &)>;

    virtual ~SecretStore() = default;
    virtual void read(const QString &key, QObject *context, ReadCallback callback) = 0;
    virtual void write(const QString &key, const QByteArray &value, QObject *context, WriteCallback callback) = 0;
    virtual void remove(const QString &key, QObject *context, WriteCallback callback) = 0;
    /// What keeps the secrets, for people ("the system keychain", "memory (this session only)").
    virtual QString location() const = 0;
    /// Whether a value written now is still there after Toolgate quits (false: memory only, no keychain).
    virtual bool keepsAfterQuit() const = 0;
};

/// Keeps secrets in memory for this process only (tests, headless runs, the conformance client).
class MemorySecretStore final : public SecretStore
{
public:
    void read(const QString &key, QObject *context, ReadCallback callback) override;
    void write(const QString &key, const QByteArray &value, QObject *context, WriteCallback callback) override;
    void remove(const QString &key, QObject *context, WriteCallback callback) override;
    QString location() const override;
    bool keepsAfterQuit() const override { return false; }

private:
    QHash<QString, QByteArray> m_values;
};

/// The OS keychain through QtKeychain (Secret Service or KWallet, macOS Keychain, Windows
/// Credential Store). When no keychain service answers (a headless machine), it warns once and
/// keeps secrets in memory for the rest of the session; it never writes them to a file.
class KeychainSecretStore final : public SecretStore
{
public:
    /// service names the entries (e.g. "Toolgate").
    explicit KeychainSecretStore(const QString &service = QStringLiteral("Toolgate"));
    ~KeychainSecretStore() override;

    void read(const QString &key, QObject *context, ReadCallback callback) override;
    void write(const QString &key, const QByteArray &value, QObject *context, WriteCallback callback) override;
    void remove(const QString &key, QObject *context, WriteCallback callback) override;
    QString location() const override;
    bool keepsAfterQuit() const override { return !degraded(); }
    /// True once the keychain failed and secrets live in memory.
    bool degraded() const;
    /// Called once when the keychain turns out to be unavailable, with the reason (at once if it
    /// already is), so the app can tell the person instead of only logging it.
    void setDegradedHandler(std::function<void(const QString &why)> handler);

private:
    class Private;
    std::shared_ptr<Private> d;
};

} // namespace Toolgate
