#pragma once

#include "core/common/result.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

namespace Toolgate {

/// What a local server may touch when it runs (issue 32), independent of the platform that enforces it:
/// the folders granted to it, whether it may use the network, and (by the rule of every sandboxed start)
/// only the environment variables its entry names plus a minimal PATH, HOME and LANG. On by default for
/// every local server; kept in the server's entry in servers.json under "sandbox", written only when it
/// differs from the default so that files from before stay as they were.
struct SandboxProfile
{
    /// One folder the person grants: readable, and writable too when writable is set.
    struct Grant
    {
        QString path;
        bool writable = false;
        bool operator==(const Grant &) const = default;
    };
    /// Hosts: only the listed hosts ("host" or "host:port"), through a proxy Toolgate runs outside the
    /// sandbox (SandboxProxy).
    enum class Network { On, Off, Hosts };

    bool enabled = true;
    QList<Grant> grants;
    Network network = Network::On;
    QStringList hosts;
    /// Keys of the "sandbox" object Toolgate does not model, written back unchanged.
    QJsonObject extra;
    /// The file says "network": "on" in words. It is the default, so it changes nothing the server may do
    /// (and is not compared), but the person wrote it: it is written back.
    bool networkOnWritten = false;

    /// Whether it allows what the default profile allows (how it is written does not count).
    bool isDefault() const { return *this == SandboxProfile(); }
    /// Whether a servers file has "sandbox" for it: not the default, or written out even so.
    bool isWritten() const { return !isDefault() || networkOnWritten; }

    /// The value of "sandbox" in a servers file: false when off, else an object with what differs from
    /// the default ("grants": ["PATH", "PATH:rw"], "network": "off" / ["host", ...]).
    QJsonValue toJson() const;
    /// Reads a "sandbox" value; the error says what is wrong in words (the caller names the server).
    static Result<SandboxProfile> fromJson(const QJsonValue &value);

    /// "PATH" or "PATH:rw" (the CLI's --grant and the file's grants); a trailing ":ro" is allowed too.
    static Grant parseGrant(const QString &text);
    static QString grantText(const Grant &grant);
    /// "on", "off" or the hosts joined by commas.
    QString networkText() const;

    /// What the profile allows, in plain words, one line per fact ("Can read: …"). extraReadable and
    /// extraWritable are what the platform's launcher adds (the program's folder, a runtime's cache).
    QStringList describe(const QStringList &extraReadable = {}, const QStringList &extraWritable = {}) const;
    /// The line shown where the sandbox is off.
    static QString notSandboxedText();

    bool operator==(const SandboxProfile &other) const
    {
        return enabled == other.enabled && grants == other.grants && network == other.network && hosts == other.hosts
            && extra == other.extra;
    }
};

} // namespace Toolgate
