#pragma once

// What the secret tests (core workspace and GUI editor) check on disk and in the store.

#include "core/auth/secretstore.h"

#include <QByteArray>
#include <QFile>
#include <QObject>
#include <QTest>

#include <optional>

namespace Toolgate::TestSupport {

/// A store that says it keeps its values after Toolgate quits, as the system keychain does: a value missing
/// from it was lost, not merely not typed yet this session. Kept in memory all the same.
class KeychainLikeSecretStore final : public SecretStore
{
public:
    void read(const QString &key, QObject *context, ReadCallback callback) override { m_values.read(key, context, std::move(callback)); }
    void write(const QString &key, const QByteArray &value, QObject *context, WriteCallback callback) override
    {
        m_values.write(key, value, context, std::move(callback));
    }
    void remove(const QString &key, QObject *context, WriteCallback callback) override { m_values.remove(key, context, std::move(callback)); }
    QString location() const override { return QStringLiteral("the test's keychain"); }
    bool keepsAfterQuit() const override { return true; }

private:
    MemorySecretStore m_values;
};

/// The bytes of a file, or nothing when it cannot be read.
inline QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// Reads a key from the store, waiting (up to 5 s) for its asynchronous answer.
inline QByteArray storedValue(SecretStore &store, const QString &key)
{
    QObject context;
    std::optional<QByteArray> answer;
    store.read(key, &context, [&answer](const Result<QByteArray> &value) { answer = value ? value.value() : QByteArray("<error>"); });
    if (!QTest::qWaitFor([&answer] { return answer.has_value(); }, 5000))
        return QByteArray("<no answer>");
    return *answer;
}

} // namespace Toolgate::TestSupport
