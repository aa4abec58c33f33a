#pragma once

#include "core/audit/auditdatabase.h"
#include "core/audit/auditentry.h"
#include "core/audit/auditrows.h"
#include "core/calls/calljournal.h"
#include "core/common/result.h"

#include <QObject>

#include <functional>
#include <memory>

namespace Toolgate {

/// The audit log as the rest of the app sees it: records every tool call (intent, decision,
/// outcome; for a call the server runs as a task, each step of the task's life as it happens), every server-initiated request and every connection event into the SQLite store.
///
/// Calls from the app only copy what they are given and queue it: redaction, serialization and
/// SQL run on a writer thread with its own connection, so the GUI thread never waits for the disk.
/// The writer commits whatever is queued in one transaction (group commit), each write chained
/// into the tamper-evident hash chain. On start it marks the unfinished calls of sessions that
/// died (crash, kill) "outcome unknown"; on destruction it writes everything still queued and
/// marks its own unfinished calls the same way.
///
/// Callbacks run on the thread the AuditLog lives in, which must be the context objects' thread.
class AuditLog final : public QObject, public CallJournal
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AuditLog)
public:
    struct Options
    {
        QString path; ///< Empty: AuditDatabase::defaultPath().
        AuditDatabase::Durability durability = AuditDatabase::Durability::Full;
        AuditRowBuilder::Limits limits;
        /// Most writes committed in one transaction when the queue is long.
        int maxBatch = 512;
    };

    /// Identifies one tool call between recordIntent() and recordOutcome().
    using Ticket = quint64;

    /// Opens the store at the default path.
    explicit AuditLog(QObject *parent = nullptr);
    explicit AuditLog(Options options, QObject *parent = nullptr);
    /// Blocks until the queue is written (the writer thread is joined).
    ~AuditLog() override;

    QString path() const;
    /// This run's session id, stored with every record it writes.
    QString sessionId() const;

    // CallJournal: the pipeline writes each call's life in order (CallJournalEntry), and sends it only
    // once whenDurable() said its intent and decision are committed.
    void write(const CallJournalEntry &entry) override;
    void whenDurable(const ToolCallRecord &call, QObject *context, std::function<void(const Result<void> &)> proceed) override;
    /// Records a run's approval (or denial) as a whole, with every call it listed and their exact arguments.
    void writeRunDecision(const RunApprovalRequest &request, const ApprovalDecision &decision) override;

    // The same for callers without a ToolCall.
    Ticket recordIntent(const AuditToolCallIntent &intent);
    void recordDecision(Ticket ticket, const ApprovalDecision &decision, const QDateTime &at = {});
    void recordOutcome(Ticket ticket, const AuditToolCallOutcome &outcome);
    /// One step in the life of the task the server runs the call as (before its outcome): committed
    /// soon after, on its own, so a crash mid-task leaves the task's id and last known status.
    void recordTaskEvent(Ticket ticket, const QString &taskId, const TaskEvent &event);
    /// done gets the record id once everything queued for ticket so far is committed, or the error.
    void whenRecorded(Ticket ticket, QObject *context, std::function<void(const Result<qint64> &)> done);

    /// A request the server made of us (sampling, elicitation, roots), once answered. recorded, when
    /// given, hears (on context's thread) the record's id once it is committed, or why it could not
    /// be: the answer is sent only then, as a tool call is.
    void recordServerRequest(const AuditServerRequest &request, QObject *context = nullptr,
                             std::function<void(const Result<qint64> &)> recorded = {});
    void recordConnectionEvent(const AuditConnectionEvent &event);

    /// Values to redact wherever they appear in what is recorded from now on (e.g. ServerConfig::secretValues()).
    void addSecretValues(const QStringList &values);

    /// done is called once everything queued so far is committed (or failed).
    void flush(QObject *context, std::function<void(const Result<void> &)> done);
    /// Blocks until everything queued so far is committed. For toolgate-cli and tests; never on the GUI thread.
    Result<void> waitForWrites();

    /// Marks the unfinished calls of dead sessions "outcome unknown" without opening a writer
    /// session (toolgate-cli audit). Returns how many records were marked.
    static Result<int> recoverAbandoned(const QString &path = {});

signals:
    /// Something could not be recorded (store unavailable, disk full...). Emitted from the writer thread.
    void writeFailed(const QString &message);
    /// Records were added to the store or completed (a decision, an outcome): views of the store
    /// can fetch what changed. Emitted from the writer thread once per commit, so a burst of
    /// writes grouped into one transaction gives one signal.
    void recordsCommitted();

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace Toolgate
