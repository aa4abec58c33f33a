#pragma once

// What the secret tests (core workspace and GUI editor) check on disk and in the store.

#include "core/auth/secretstore.h"

#include <QByteArray>
#include <QFile>
#include <QObject>
#include <QTest>

#include <optional>

namespace Toolgate::TestSupport {

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
