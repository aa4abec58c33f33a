#pragma once

#include "core/calls/approval.h"
#include "core/calls/toolpin.h"
#include "core/common/result.h"

#include <QDateTime>
#include <QHash>
#include <QObject>
#include <QSet>
#include <QThreadPool>

#include <functional>
#include <memory>

QT_BEGIN_NAMESPACE
class QFileSystemWatcher;
QT_END_NAMESPACE

namespace Toolgate {

/// Decisions the human asked us to remember: "allow for this session" (in memory) and
/// "always allow this tool" (persisted in a JSON file). A rule is keyed by the server's configured
/// name and endpoint and the tool name, so a server whose command or URL changes is asked anew.
///
/// Every approval also pins the tool's definition (ToolPin, persisted with the rules): a remembered
/// decision covers only the definition the person saw. When the server presents a different one, the
/// rule is suspended (lookup() finds nothing, changeSincePinned() says what changed) until the person
/// approves the new definition, which then becomes the pin.
///
/// The file can hold multi-megabyte definitions (a server chooses how large its schemas are), so it is
/// read again, changed and written on a thread of its own, never on the thread that asks: a decision
/// counts in memory at once, and saved() or saveFailed() tells when the file has it. Pins are compared
/// with the definitions as they are held (a listed tool's schema and its pin share their data), and
/// fingerprinted only where the file is written.
class ApprovalPolicy final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApprovalPolicy)
public:
    struct Rule
    {
        QString serverName;
        QString serverEndpoint;
        QString toolName;
        bool persistent = false; ///< always (true) or this session only (false)
        /// A session rule a person made for a model's call: it holds in that conversation
        /// (Conversation::id) only. Empty: for every call (a hand call's session rule, every "always").
        QString conversationId;

        /// The same server, endpoint and tool (whatever the kind and scope).
        bool sameTool(const Rule &other) const
        {
            return serverName == other.serverName && serverEndpoint == other.serverEndpoint && toolName == other.toolName;
        }
        /// The same tool, kind and scope.
        bool operator==(const Rule &other) const = default;
    };

    /// How what another process (the app, a toolgate-cli) writes to the file reaches this one.
    enum class FileChanges {
        /// A file watcher: at once, with rulesChanged() and pinsChanged(), for views that show them.
        Watched,
        /// The file is looked at (its size and times) whenever a decision or pin is asked for, and read
        /// again if it changed; no watcher. For a short-lived process: closing a watcher's inotify instance
        /// waits for a kernel grace period (8-15 ms here), which every one-shot toolgate-cli call paid.
        CheckedOnUse,
    };

    /// storagePath: the JSON file for "always" rules; empty keeps everything in memory.
    explicit ApprovalPolicy(const QString &storagePath = {}, FileChanges changes = FileChanges::Watched, QObject *parent = nullptr);
    ~ApprovalPolicy() override;

    /// approvals.json in the app's config folder, or in TOOLGATE_CONFIG_DIR when that is set.
    static QString defaultPath();
    /// false: only pins (and reports changes); remembers no rules and applies none. toolgate-cli asks
    /// about every call, yet shows what changed since the person (in the app or at a terminal) approved.
    void setAppliesRules(bool applies) { m_appliesRules = applies; }
    bool appliesRules() const { return m_appliesRules; }

    /// Returns the remembered decision for a call of tool as the server now defines it, if any: none
    /// when the definition changed since it was approved. conversationId: the conversation a model's
    /// call was asked for in (its session rules count there too); empty for any other call.
    std::optional<ApprovalDecision> lookup(const ServerIdentity &server, const Tool &tool, const QString &conversationId = {});
    /// Remembers a human approval: pins the definition (any kind but Deny), and for AllowForSession or
    /// AllowAlways keeps a rule. AllowForSession of a model's call (conversationId set) holds in that
    /// conversation only, until forgetConversation() or the process ends. It counts here at once; the
    /// file is written in the background (saved(), saveFailed()).
    void remember(const ServerIdentity &server, const Tool &tool, ApprovalDecision::Kind kind, const QString &conversationId = {});
    /// Drops the session rules made in a conversation (it was deleted). Returns false if there were none.
    bool forgetConversation(const QString &conversationId);
    /// How tool differs from the definition last approved, if it does (nullopt also when never approved).
    std::optional<DefinitionChange> changeSincePinned(const ServerIdentity &server, const Tool &tool);
    /// The definition last approved for a tool of a server, if any.
    std::optional<ToolPin> pin(const ServerIdentity &server, const QString &toolName);
    /// Removes a rule (session or always). Returns false if there was none.
    bool revoke(const Rule &rule);
    QList<Rule> rules();
    /// The error met loading the rules file, if it was broken (rules are then empty).
    std::optional<Error> loadError() const { return m_loadError; }
    /// Whether a change is still being written to the file.
    bool isSaving() const { return m_writesInFlight > 0; }

signals:
    void rulesChanged();
    /// A pin was set or replaced (a tool approved for the first time, or again after a change).
    void pinsChanged();
    /// A change made here (remember(), revoke()) is in the file.
    void saved();
    /// A change could not be written: it counts in this process until it quits, and error says why.
    void saveFailed(const Toolgate::Error &error);

private:
    /// What the file holds: the "always" rules and the pins.
    struct Stored
    {
        QList<Rule> rules;
        QHash<QString, ToolPin> pins;
    };
    using Change = std::function<void(Stored &)>;
    struct FileCache;
    static Result<Stored> readFile(const QString &path);
    /// What the file holds, giving the pins not written before their fingerprints.
    static QByteArray fileText(Stored &state);
    /// On the file thread: makes change to the file as it is now, under a lock, and writes it.
    /// fallback is what is written when the file is unreadable.
    static Result<Stored> update(const QString &path, const Change &change, Stored fallback, FileCache &cache);
    /// Queues change for the file thread and adopts what the file then holds.
    void persist(Change change);
    void written(const Result<Stored> &stored);
    /// Takes the file's state (this session's own rules stay, and its pins not yet written), telling of
    /// what changed.
    void adopt(Stored stored);
    /// What identifies one version of the file (CheckedOnUse): it is replaced whole (AtomicFile), so a new
    /// version has new times.
    struct FileStamp
    {
        bool exists = false;
        qint64 size = 0;
        QDateTime modified;
        QDateTime changed;
        bool operator==(const FileStamp &) const = default;
    };
    static FileStamp stampOf(const QString &path);
    FileStamp currentStamp() const { return stampOf(m_storagePath); }
    /// The pin and the change as this process holds them, without looking at the file again.
    std::optional<ToolPin> heldPin(const ServerIdentity &server, const QString &toolName) const;
    std::optional<DefinitionChange> changeSinceHeldPin(const ServerIdentity &server, const Tool &tool);
    /// Watched: reads the file again on the file thread, unless the change is one of ours.
    void fileChanged();
    void reloadFromFile();
    /// CheckedOnUse: reads the file again if another process replaced it since we last read it.
    void catchUpWithFile();
    void watchFile();
    QList<Rule> persistentRules() const;
    static QString pinKey(const ServerIdentity &server, const QString &toolName);

    QString m_storagePath;
    QList<Rule> m_rules;
    QHash<QString, ToolPin> m_pins; ///< by pinKey()
    bool m_appliesRules = true;
    std::optional<Error> m_loadError;
    FileChanges m_changes = FileChanges::Watched;
    std::unique_ptr<QFileSystemWatcher> m_watcher; ///< Watched only
    FileStamp m_readStamp;                         ///< the version last read or written
    int m_writesInFlight = 0;
    /// What the file thread last read or wrote; on the file thread only, once it started.
    std::shared_ptr<FileCache> m_fileCache;
    /// One thread, so that changes reach the file in the order they were made. Declared last: it is
    /// destroyed first, waiting for the writes still queued (a toolgate-cli quits right after a call).
    QThreadPool m_fileThread;
};

} // namespace Toolgate
