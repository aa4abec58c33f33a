#pragma once

#include "core/common/result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QStringList>

#include <chrono>
#include <functional>

namespace Toolgate {

class SecretStore;

/// Where the assertion of a JWT-bearer grant (RFC 7523) comes from, as cloud workload identity
/// hands it out: a file the platform keeps fresh, a command that prints a token, or a keychain
/// entry. Read afresh for every token request; the token itself is never logged.
struct AssertionSource
{
    enum class Kind { None, File, Command, Keychain };

    Kind kind = Kind::None;
    QString path; ///< File: the token file
    QStringList command; ///< Command: the program and its arguments, run without a shell
    QString keychainEntry; ///< Keychain: the SecretStore key
    std::chrono::milliseconds timeout = std::chrono::seconds(30); ///< Command: how long it may run

    /// Reads a server entry's "oauth" → "assertion": {"file": "…"}, {"command": ["program", "arg", …]}
    /// or {"keychain": "entry"}; anything else is Kind::None.
    static AssertionSource fromJson(const QJsonObject &object);
    /// The same object, as written to the servers file (empty for Kind::None).
    QJsonObject toJson() const;
    /// For people: "the file /run/token", "the command gcloud", "the keychain entry workload".
    QString describe() const;

    using Callback = std::function<void(const Result<QByteArray> &assertion)>;
    /// Reads the assertion (trimmed; an error says what went wrong in plain words). Answers
    /// exactly once, never synchronously, on context's thread, unless context is gone. store is
    /// needed for Kind::Keychain only and must outlive the call.
    void read(SecretStore *store, QObject *context, Callback done) const;

    /// The most a source may give (a token of several kilobytes is already large).
    static constexpr qsizetype maxSize = 64 * 1024;

    bool operator==(const AssertionSource &) const = default;
};

} // namespace Toolgate
