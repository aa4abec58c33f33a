#include "core/audit/auditlog.h"

#include "core/audit/auditlogging.h"
#include "core/audit/auditsessionlock.h"
#include "core/audit/auditwriter.h"
#include "core/common/error.h"

#include <QCoreApplication>
#include <QDir>
#include <QHash>
#include <QJsonArray>
#include <QMutex>
#include <QPointer>
#include <QSemaphore>
#include <QThread>
#include <QUuid>
#include <QWaitCondition>

#include <algorithm>
#include <deque>
#include <variant>
#include <vector>

namespace Toolgate {

namespace {

const QString abandonedByCrash = QStringLiteral("outcome unknown: the app stopped before the call finished");
const QString abandonedAtExit = QStringLiteral("outcome unknown: Toolgate quit before the call finished");
const QString abandonedCall = QStringLiteral("outcome unknown: the call was dropped before it finished");

// "Outcome unknown", with why; for a call the server ran as a task, which task and how far it got,
// since it may still be running on the server.
Result<AuditOutcomeRow> unknownOutcome(AuditWriter &writer, qint64 recordId, const QString &why)
{
    const auto task = writer.lastTaskEvent(recordId);
    if (!task)
        return task.error();
    if (!task->has_value())
        return AuditOutcomeRow::unknown({}, why);
    return AuditOutcomeRow::unknown({}, QStringLiteral("%1 (it ran as task %2, last known status: %3; the task may still be running on the server)")
                                            .arg(why, task->value().taskId, task->value().status));
}

// Marks the unfinished records of every dead session (not ownSession) "outcome unknown".
Result<int> recoverSessions(AuditWriter &writer, const QString &path, const QString &ownSession)
{
    const auto sessions = writer.sessionsWithPendingRecords();
    if (!sessions)
        return sessions.error();
    int marked = 0;
    for (const QString &session : sessions.value()) {
        if (session == ownSession || !AuditSessionLock::isAbandoned(path, session))
            continue;
        if (auto begun = writer.begin(); !begun)
            return begun.error();
        // Read again under the write lock: another process may be recovering the same session.
        const auto ids = writer.pendingRecords(session);
        if (!ids) {
            writer.rollback();
            return ids.error();
        }
        for (qint64 id : ids.value()) {
            auto outcome = unknownOutcome(writer, id, abandonedByCrash);
            if (!outcome) {
                writer.rollback();
                return outcome.error();
            }
            if (auto done = writer.appendOutcome(id, outcome.value()); !done) {
                writer.rollback();
                return done.error();
            }
        }
        if (auto committed = writer.commit(); !committed)
            return committed.error();
        if (!ids->isEmpty())
            qCInfo(lcAudit) << "audit log: marked" << ids->size() << "calls of an ended session as outcome unknown";
        marked += int(ids->size());
    }
    // Lock files of sessions that crashed with nothing unfinished would otherwise pile up.
    const QDir locks(AuditSessionLock::directoryFor(path));
    for (const QString &file : locks.entryList({QStringLiteral("*.lock")}, QDir::Files)) {
        const QString session = file.chopped(5);
        if (session != ownSession)
            AuditSessionLock::isAbandoned(path, session);
    }
    return marked;
}

} // namespace

class AuditLog::Private
{
public:
    struct Completion
    {
        QPointer<QObject> context;
        std::function<void(const Result<qint64> &)> callback;
        Result<qint64> result = qint64(0);
    };
    struct Blocking
    {
        QSemaphore done;
        Result<void> result;
    };

    struct IntentTask { Ticket ticket; AuditToolCallIntent intent; };
    /// definitionChange: the tool changed since it was approved; said first in the reason, written on
    /// the writer's thread (its fingerprint hashes the whole new definition, which can be megabytes).
    struct DecisionTask { Ticket ticket; ApprovalDecision decision; QDateTime at; std::optional<DefinitionChange> definitionChange = {}; };
    struct OutcomeTask { Ticket ticket; AuditToolCallOutcome outcome; };
    struct TaskEventTask { Ticket ticket; QString taskId; TaskEvent event; };
    struct AbandonTask { Ticket ticket; };
    /// recorded, when set, hears once the request is committed (its answer waits for that).
    struct ServerRequestTask { AuditServerRequest request; std::shared_ptr<Completion> recorded; };
    struct ConnectionTask { AuditConnectionEvent event; };
    struct SecretsTask { QStringList values; };
    struct BarrierTask
    {
        std::optional<Ticket> ticket;
        std::shared_ptr<Completion> completion;
        std::shared_ptr<Blocking> blocking;
        /// A record written by the task before it (a server request): what the completion hears.
        std::optional<qint64> recordId;
    };
    using Task = std::variant<IntentTask, DecisionTask, OutcomeTask, TaskEventTask, AbandonTask, ServerRequestTask, ConnectionTask,
                              SecretsTask, BarrierTask>;

    // What the writer knows of a call between intent and outcome.
    struct TicketState
    {
        std::optional<qint64> recordId;
        /// Kept until written: if the intent could not be written, the decision or outcome tries again.
        std::optional<AuditIntentRow> unsaved;
        QString error;
    };

    Private(AuditLog *q, Options options)
        : q(q)
        , options(std::move(options))
        , rows(this->options.limits)
    {
        if (this->options.path.isEmpty())
            this->options.path = AuditDatabase::defaultPath();
        session = QUuid::createUuid().toString(QUuid::WithoutBraces);
    }

    // ---- caller side (any thread) ----

    void enqueue(Task task)
    {
        QMutexLocker locker(&mutex);
        queue.push_back(std::move(task));
        wake.wakeOne();
    }

    Ticket newTicket()
    {
        QMutexLocker locker(&mutex);
        return ++lastTicket;
    }

    std::optional<Ticket> ticketFor(quint64 callId)
    {
        QMutexLocker locker(&callsMutex);
        const auto it = ticketOfCall.constFind(callId);
        if (it == ticketOfCall.cend())
            return std::nullopt;
        return *it;
    }

    // ToolCall::id() → record id of the calls that were sent, so what an app view does later can
    // name the call that rendered it. Capped: only recent calls render apps.
    void rememberRecord(quint64 callId, qint64 recordId)
    {
        QMutexLocker locker(&callsMutex);
        recordOfCall.insert(callId, recordId);
        recordOrder.append(callId);
        while (recordOrder.size() > 4096)
            recordOfCall.remove(recordOrder.takeFirst());
    }

    void closeCall(const QString &server, quint64 callId)
    {
        QMutexLocker locker(&callsMutex);
        auto it = openCallsOf.find(server);
        if (it == openCallsOf.end())
            return;
        it->removeOne(callId);
        if (it->isEmpty())
            openCallsOf.erase(it);
    }

    // The record of the newest call open on server that was sent (so has a record id): the one a
    // connection the server makes now belongs to. Calls run one after the other on most servers; where
    // several run at once, the newest is the likeliest to be the cause.
    std::optional<qint64> runningCallOf(const QString &server)
    {
        QMutexLocker locker(&callsMutex);
        const QList<quint64> open = openCallsOf.value(server);
        for (auto it = open.crbegin(); it != open.crend(); ++it) {
            if (const auto record = recordOfCall.constFind(*it); record != recordOfCall.cend())
                return *record;
        }
        return std::nullopt;
    }

    std::optional<qint64> recordOf(quint64 callId)
    {
        QMutexLocker locker(&callsMutex);
        const auto it = recordOfCall.constFind(callId);
        return it == recordOfCall.cend() ? std::nullopt : std::optional<qint64>(*it);
    }

    std::optional<Ticket> takeTicket(quint64 callId)
    {
        QMutexLocker locker(&callsMutex);
        const auto it = ticketOfCall.find(callId);
        if (it == ticketOfCall.end())
            return std::nullopt;
        const Ticket ticket = *it;
        ticketOfCall.erase(it);
        return ticket;
    }

    // The decision as recorded: the rule on argument values that decided, if one did, and what shadow
    // rules would have done (what the person decided on is added by withDefinitionChange()).
    static ApprovalDecision recordedDecision(const ToolCallOutcome &outcome)
    {
        ApprovalDecision recorded = outcome.decision;
        for (const ArgumentRuleVerdict &shadow : outcome.shadowVerdicts)
            recorded.reason += (recorded.reason.isEmpty() ? QString() : QStringLiteral("; ")) + shadow.describe();
        return recorded;
    }

    // A tool that changed since the person approved it: what changed comes first in the reason.
    static ApprovalDecision withDefinitionChange(ApprovalDecision decision, const std::optional<DefinitionChange> &change)
    {
        if (!change)
            return decision;
        const QString changed = QCoreApplication::translate("Toolgate::AuditLog", "the tool changed since it was approved (%1 differ: %2)")
                                    .arg(change->changedFields.join(QStringLiteral(", ")), ToolPin::fingerprintOf(change->after).left(12));
        decision.reason = decision.reason.isEmpty() ? changed : changed + QStringLiteral("; ") + decision.reason;
        return decision;
    }

    void complete(const std::shared_ptr<Completion> &completion, const Result<qint64> &result)
    {
        {
            QMutexLocker locker(&doneMutex);
            completion->result = result;
            done.push_back(completion);
            if (deliveryScheduled)
                return;
            deliveryScheduled = true;
        }
        QMetaObject::invokeMethod(q, [this] { deliver(); }, Qt::QueuedConnection);
    }

    void deliver()
    {
        std::vector<std::shared_ptr<Completion>> ready;
        {
            QMutexLocker locker(&doneMutex);
            ready.swap(done);
            deliveryScheduled = false;
        }
        for (const auto &completion : ready) {
            if (completion->context)
                completion->callback(completion->result);
        }
    }

    // ---- writer thread ----

    void run()
    {
        open();
        for (;;) {
            std::vector<Task> batch;
            {
                QMutexLocker locker(&mutex);
                while (queue.empty() && !stopping)
                    wake.wait(&mutex);
                if (queue.empty())
                    break;
                const std::size_t count = std::min<std::size_t>(queue.size(), std::size_t(std::max(1, options.maxBatch)));
                batch.reserve(count);
                for (std::size_t i = 0; i < count; ++i) {
                    batch.push_back(std::move(queue.front()));
                    queue.pop_front();
                }
            }
            process(batch);
        }
        closeSession();
        writer.reset();
        database.reset();
        sessionLock.reset();
    }

    void open()
    {
        // The lock exists before the first record of this session does, so no other process can
        // take this session's calls for abandoned.
        sessionLock = std::make_unique<AuditSessionLock>(options.path, session);
        AuditDatabase::Options databaseOptions;
        databaseOptions.path = options.path;
        databaseOptions.connectionName = QStringLiteral("toolgate-audit-writer-") + session;
        databaseOptions.durability = options.durability;
        auto opened = AuditDatabase::open(databaseOptions);
        if (!opened) {
            openError = opened.error();
            qCWarning(lcAudit) << opened.error().message;
            emit q->writeFailed(opened.error().message);
            return;
        }
        database = std::move(opened).value();
        writer = std::make_unique<AuditWriter>(database->db());
        if (auto recovered = recoverSessions(*writer, options.path, session); !recovered) {
            qCWarning(lcAudit) << recovered.error().message;
            emit q->writeFailed(recovered.error().message);
        } else if (recovered.value() > 0) {
            emit q->recordsCommitted();
        }
    }

    void closeSession()
    {
        if (!writer)
            return;
        // Calls still under way when the app quits will never report: say so rather than leave them pending.
        if (auto begun = writer->begin(); !begun)
            return;
        const auto ids = writer->pendingRecords(session);
        bool ok = ids.ok();
        if (ok) {
            for (qint64 id : ids.value()) {
                const auto outcome = unknownOutcome(*writer, id, abandonedAtExit);
                ok = ok && outcome.ok() && writer->appendOutcome(id, outcome.value()).ok();
            }
        }
        if (!ok || !writer->commit())
            writer->rollback();
    }

    Result<void> ensureRecord(TicketState &state)
    {
        if (state.recordId)
            return {};
        if (!state.unsaved)
            return makeError(ErrorCode::InternalError, QCoreApplication::translate("Toolgate::AuditLog", "audit log: the call's intent is missing"));
        auto id = writer->appendIntent(*state.unsaved);
        if (!id)
            return id.error();
        state.recordId = id.value();
        state.unsaved.reset();
        state.error.clear();
        return {};
    }

    Result<void> apply(Task &task, std::vector<BarrierTask> &barriers)
    {
        return std::visit([&](auto &t) -> Result<void> {
            using T = std::decay_t<decltype(t)>;
            if constexpr (std::is_same_v<T, IntentTask>) {
                TicketState &state = tickets[t.ticket];
                state.unsaved = rows.intent(t.intent, session);
                return ensureRecord(state);
            } else if constexpr (std::is_same_v<T, DecisionTask>) {
                const auto it = tickets.find(t.ticket);
                if (it == tickets.end())
                    return {};
                if (auto recorded = ensureRecord(*it); !recorded)
                    return recorded;
                return writer->appendDecision(*it->recordId, rows.decision(withDefinitionChange(t.decision, t.definitionChange), t.at));
            } else if constexpr (std::is_same_v<T, OutcomeTask>) {
                const auto it = tickets.find(t.ticket);
                if (it == tickets.end())
                    return {};
                if (auto recorded = ensureRecord(*it); !recorded)
                    return recorded;
                if (auto written = writer->appendOutcome(*it->recordId, rows.outcome(t.outcome)); !written)
                    return written;
                tickets.erase(it);
                return {};
            } else if constexpr (std::is_same_v<T, TaskEventTask>) {
                const auto it = tickets.find(t.ticket);
                if (it == tickets.end())
                    return {};
                if (auto recorded = ensureRecord(*it); !recorded)
                    return recorded;
                return writer->appendTaskEvent(*it->recordId, rows.taskEvent(t.taskId, t.event));
            } else if constexpr (std::is_same_v<T, AbandonTask>) {
                const auto it = tickets.find(t.ticket);
                if (it == tickets.end())
                    return {};
                if (auto recorded = ensureRecord(*it); !recorded)
                    return recorded;
                auto outcome = unknownOutcome(*writer, *it->recordId, abandonedCall);
                if (!outcome)
                    return outcome.error();
                if (auto written = writer->appendOutcome(*it->recordId, outcome.value()); !written)
                    return written;
                tickets.erase(it);
                return {};
            } else if constexpr (std::is_same_v<T, ServerRequestTask>) {
                auto id = writer->appendIntent(rows.intent(t.request, session));
                if (!id)
                    return id.error();
                if (const auto decision = rows.decision(t.request)) {
                    if (auto written = writer->appendDecision(id.value(), *decision); !written)
                        return written;
                }
                if (auto written = writer->appendOutcome(id.value(), rows.outcome(t.request)); !written)
                    return written;
                if (t.recorded)
                    barriers.push_back(BarrierTask{std::nullopt, t.recorded, nullptr, id.value()});
                return {};
            } else if constexpr (std::is_same_v<T, ConnectionTask>) {
                auto id = writer->appendIntent(rows.intent(t.event, session));
                if (!id)
                    return id.error();
                return {};
            } else if constexpr (std::is_same_v<T, SecretsTask>) {
                rows.redactor().addSecretValues(t.values);
                return {};
            } else {
                barriers.push_back(std::move(t));
                return {};
            }
        }, task);
    }

    void resolve(const BarrierTask &barrier, const std::optional<Error> &failure)
    {
        Result<qint64> result = qint64(0);
        if (failure) {
            result = *failure;
        } else if (barrier.recordId) {
            result = *barrier.recordId;
        } else if (barrier.ticket) {
            const auto it = tickets.constFind(*barrier.ticket);
            if (it != tickets.cend() && it->recordId)
                result = *it->recordId;
            else if (it != tickets.cend())
                result = makeError(ErrorCode::InternalError, QCoreApplication::translate("Toolgate::AuditLog", "the audit log could not record the call: %1").arg(it->error));
        }
        if (barrier.completion)
            complete(barrier.completion, result);
        if (barrier.blocking) {
            barrier.blocking->result = result.ok() ? Result<void>() : Result<void>(result.error());
            barrier.blocking->done.release();
        }
    }

    void reportFailure(const Error &error)
    {
        qCWarning(lcAudit) << error.message;
        emit q->writeFailed(error.message);
    }

    void process(std::vector<Task> &batch)
    {
        if (!writer) {
            const Error error = openError.value_or(makeError(ErrorCode::InternalError, QCoreApplication::translate("Toolgate::AuditLog", "the audit log is closed")));
            for (Task &task : batch) {
                if (auto *barrier = std::get_if<BarrierTask>(&task))
                    resolve(*barrier, error);
                else if (auto *request = std::get_if<ServerRequestTask>(&task))
                    resolve(BarrierTask{std::nullopt, request->recorded, nullptr, std::nullopt}, error);
                else if (auto *secrets = std::get_if<SecretsTask>(&task))
                    rows.redactor().addSecretValues(secrets->values);
            }
            return;
        }
        // Group commit: one transaction (one WAL sync) for everything queued.
        const QHash<Ticket, TicketState> saved = tickets;
        std::vector<BarrierTask> barriers;
        if (writer->begin()) {
            bool ok = true;
            for (Task &task : batch) {
                if (!apply(task, barriers)) {
                    ok = false;
                    break;
                }
            }
            if (ok && writer->commit()) {
                if (writes(batch))
                    emit q->recordsCommitted();
                for (const BarrierTask &barrier : barriers)
                    resolve(barrier, std::nullopt);
                return;
            }
            writer->rollback();
            tickets = saved;
        }
        // Something failed: write one by one, so one bad write does not take the others with it.
        bool committed = false;
        for (Task &task : batch) {
            if (auto *barrier = std::get_if<BarrierTask>(&task)) {
                resolve(*barrier, std::nullopt);
                continue;
            }
            const QHash<Ticket, TicketState> before = tickets;
            std::vector<BarrierTask> recorded;
            Result<void> written = writer->begin();
            if (written)
                written = apply(task, recorded);
            if (written)
                written = writer->commit();
            if (written) {
                committed = committed || !std::holds_alternative<SecretsTask>(task);
                for (const BarrierTask &barrier : recorded)
                    resolve(barrier, std::nullopt);
                continue;
            }
            if (auto *request = std::get_if<ServerRequestTask>(&task))
                resolve(BarrierTask{std::nullopt, request->recorded, nullptr, std::nullopt}, written.error());
            writer->rollback();
            tickets = before;
            if (auto *intent = std::get_if<IntentTask>(&task)) {
                TicketState &state = tickets[intent->ticket];
                state.unsaved = rows.intent(intent->intent, session);
                state.error = written.error().message;
            }
            reportFailure(written.error());
        }
        if (committed)
            emit q->recordsCommitted();
    }

    // Whether a batch changes the store (rather than only waiting for it or adding secrets).
    static bool writes(const std::vector<Task> &batch)
    {
        return std::any_of(batch.begin(), batch.end(), [](const Task &task) {
            return !std::holds_alternative<BarrierTask>(task) && !std::holds_alternative<SecretsTask>(task);
        });
    }

    AuditLog *q;
    Options options;
    QString session;
    std::unique_ptr<QThread> thread;

    // Shared between the app's threads and the writer.
    QMutex mutex;
    QWaitCondition wake;
    std::deque<Task> queue;
    bool stopping = false;
    Ticket lastTicket = 0;

    QMutex doneMutex;
    std::vector<std::shared_ptr<Completion>> done;
    bool deliveryScheduled = false;

    QMutex callsMutex;
    /// The open calls: ToolCall::id() → the ticket their records are queued under.
    QHash<quint64, Ticket> ticketOfCall;
    QHash<quint64, qint64> recordOfCall;
    QList<quint64> recordOrder;
    /// Server name → its calls between Opened and Closed (or Abandoned), oldest first.
    QHash<QString, QList<quint64>> openCallsOf;

    // Writer thread only.
    AuditRowBuilder rows;
    std::unique_ptr<AuditSessionLock> sessionLock;
    std::unique_ptr<AuditDatabase> database;
    std::unique_ptr<AuditWriter> writer;
    std::optional<Error> openError;
    QHash<Ticket, TicketState> tickets;
};

AuditLog::AuditLog(QObject *parent)
    : AuditLog(Options(), parent)
{
}

AuditLog::AuditLog(Options options, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>(this, std::move(options)))
{
    d->thread.reset(QThread::create([this] { d->run(); }));
    d->thread->setObjectName(QStringLiteral("AuditWriter"));
    d->thread->start();
}

AuditLog::~AuditLog()
{
    {
        QMutexLocker locker(&d->mutex);
        d->stopping = true;
        d->wake.wakeAll();
    }
    d->thread->wait();
    // Answers the writer produced after the last delivery: hand them to their contexts directly,
    // since this object will not process events anymore.
    std::vector<std::shared_ptr<Private::Completion>> ready;
    {
        QMutexLocker locker(&d->doneMutex);
        ready.swap(d->done);
    }
    for (const auto &completion : ready) {
        if (completion->context) {
            QMetaObject::invokeMethod(completion->context, [completion] { completion->callback(completion->result); },
                                      Qt::QueuedConnection);
        }
    }
}

QString AuditLog::path() const
{
    return d->options.path;
}

QString AuditLog::sessionId() const
{
    return d->session;
}

void AuditLog::write(const CallJournalEntry &entry)
{
    const ToolCallRecord &call = entry.call;
    using Kind = CallJournalEntry::Kind;
    switch (entry.kind) {
    case Kind::Opened: {
        const Ticket ticket = recordIntent(AuditToolCallIntent::from(call));
        QMutexLocker locker(&d->callsMutex);
        d->ticketOfCall.insert(call.id, ticket);
        d->openCallsOf[call.server.name].append(call.id);
        return;
    }
    case Kind::Decided:
        if (const auto ticket = d->ticketFor(call.id))
            d->enqueue(Private::DecisionTask{*ticket, Private::recordedDecision(call.outcome), QDateTime::currentDateTimeUtc(), call.outcome.definitionChange});
        return;
    case Kind::TaskStep:
        if (const auto ticket = d->ticketFor(call.id); ticket && entry.step)
            recordTaskEvent(*ticket, call.outcome.task ? call.outcome.task->taskId : QString(), *entry.step);
        return;
    case Kind::Closed:
        d->closeCall(call.server.name, call.id);
        if (const auto ticket = d->takeTicket(call.id))
            recordOutcome(*ticket, AuditToolCallOutcome::from(call.outcome));
        return;
    case Kind::Abandoned:
        d->closeCall(call.server.name, call.id);
        if (const auto ticket = d->takeTicket(call.id))
            d->enqueue(Private::AbandonTask{*ticket});
        return;
    }
}

void AuditLog::whenDurable(const ToolCallRecord &call, QObject *context, std::function<void(const Result<void> &)> proceed)
{
    const auto ticket = d->ticketFor(call.id);
    if (!ticket) {
        QMetaObject::invokeMethod(context, [proceed = std::move(proceed)] {
            proceed(makeError(ErrorCode::InternalError, QCoreApplication::translate("Toolgate::AuditLog", "the audit log has no intent for this call")));
        }, Qt::QueuedConnection);
        return;
    }
    const quint64 callId = call.id;
    whenRecorded(*ticket, context, [this, callId, proceed = std::move(proceed)](const Result<qint64> &recorded) {
        if (recorded)
            d->rememberRecord(callId, recorded.value());
        proceed(recorded ? Result<void>() : Result<void>(recorded.error()));
    });
}

AuditLog::Ticket AuditLog::recordIntent(const AuditToolCallIntent &intent)
{
    const Ticket ticket = d->newTicket();
    AuditToolCallIntent copy = intent;
    if (copy.originCallId && !copy.origin)
        copy.origin = d->recordOf(copy.originCallId);
    if (!copy.startedAt.isValid())
        copy.startedAt = QDateTime::currentDateTimeUtc();
    d->enqueue(Private::IntentTask{ticket, std::move(copy)});
    return ticket;
}

void AuditLog::recordDecision(Ticket ticket, const ApprovalDecision &decision, const QDateTime &at)
{
    d->enqueue(Private::DecisionTask{ticket, decision, at.isValid() ? at : QDateTime::currentDateTimeUtc()});
}

void AuditLog::recordOutcome(Ticket ticket, const AuditToolCallOutcome &outcome)
{
    AuditToolCallOutcome copy = outcome;
    if (!copy.finishedAt.isValid())
        copy.finishedAt = QDateTime::currentDateTimeUtc();
    d->enqueue(Private::OutcomeTask{ticket, std::move(copy)});
}

void AuditLog::recordTaskEvent(Ticket ticket, const QString &taskId, const TaskEvent &event)
{
    TaskEvent copy = event;
    if (!copy.at.isValid())
        copy.at = QDateTime::currentDateTimeUtc();
    d->enqueue(Private::TaskEventTask{ticket, taskId, std::move(copy)});
}

void AuditLog::whenRecorded(Ticket ticket, QObject *context, std::function<void(const Result<qint64> &)> done)
{
    auto completion = std::make_shared<Private::Completion>();
    completion->context = context;
    completion->callback = std::move(done);
    d->enqueue(Private::BarrierTask{ticket, std::move(completion), nullptr});
}

void AuditLog::recordServerRequest(const AuditServerRequest &request, QObject *context,
                                   std::function<void(const Result<qint64> &)> recorded)
{
    std::shared_ptr<Private::Completion> completion;
    if (recorded) {
        completion = std::make_shared<Private::Completion>();
        completion->context = context;
        completion->callback = std::move(recorded);
    }
    AuditServerRequest copy = request;
    if (copy.originCallId && !copy.origin)
        copy.origin = d->recordOf(copy.originCallId);
    if (!copy.receivedAt.isValid())
        copy.receivedAt = QDateTime::currentDateTimeUtc().addMSecs(-copy.durationMs);
    d->enqueue(Private::ServerRequestTask{std::move(copy), std::move(completion)});
}

void AuditLog::writeRunDecision(const RunApprovalRequest &request, const ApprovalDecision &decision)
{
    AuditConnectionEvent event;
    event.kind = decision.allows() ? AuditConnectionEvent::Kind::RunApproved : AuditConnectionEvent::Kind::RunDenied;
    if (!request.calls.isEmpty())
        event.server = request.calls.first().server;
    else if (!request.prompts.isEmpty())
        event.server = request.prompts.first().server;
    event.initiator = request.initiator;
    event.message = decision.allows()
        ? QCoreApplication::translate("Toolgate::AuditLog", "the collection run \"%1\" was approved as a whole (calls: %2)").arg(request.runName).arg(request.calls.size())
        : QCoreApplication::translate("Toolgate::AuditLog", "the collection run \"%1\" was denied").arg(request.runName);
    if (!decision.reason.isEmpty())
        event.message += QStringLiteral(": ") + decision.reason;
    QJsonArray calls;
    for (const RunApprovalRequest::Entry &entry : request.calls) {
        calls.append(QJsonObject{{QStringLiteral("name"), entry.name},
                                 {QStringLiteral("server"), entry.server.name},
                                 {QStringLiteral("endpoint"), entry.server.endpoint},
                                 {QStringLiteral("tool"), entry.toolName},
                                 {QStringLiteral("arguments"), entry.arguments}});
    }
    event.details = QJsonObject{{QStringLiteral("collection"), request.runName},
                                {QStringLiteral("decidedBy"), decision.source == ApprovalDecision::Source::Human ? QStringLiteral("human") : QStringLiteral("rule")},
                                {QStringLiteral("calls"), calls}};
    if (!request.prompts.isEmpty()) {
        // What the model is asked, and whether its calls were to be sent: the run's own word on it.
        QJsonArray prompts;
        for (const RunApprovalRequest::Prompt &prompt : request.prompts) {
            prompts.append(QJsonObject{{QStringLiteral("name"), prompt.name},
                                       {QStringLiteral("server"), prompt.server.name},
                                       {QStringLiteral("prompt"), prompt.prompt},
                                       {QStringLiteral("tools"), QJsonArray::fromStringList(prompt.tools)},
                                       {QStringLiteral("runs"), prompt.runs}});
        }
        event.details.insert(QStringLiteral("prompts"), prompts);
        event.details.insert(QStringLiteral("model"), request.model);
        event.details.insert(QStringLiteral("sendModelCalls"), request.sendModelCalls);
    }
    recordConnectionEvent(event);
}

void AuditLog::recordConnectionEvent(const AuditConnectionEvent &event)
{
    AuditConnectionEvent copy = event;
    if (!copy.at.isValid())
        copy.at = QDateTime::currentDateTimeUtc();
    if (copy.isNetwork() && !copy.origin)
        copy.origin = d->runningCallOf(copy.server.name);
    d->enqueue(Private::ConnectionTask{std::move(copy)});
}

void AuditLog::addSecretValues(const QStringList &values)
{
    d->enqueue(Private::SecretsTask{values});
}

void AuditLog::flush(QObject *context, std::function<void(const Result<void> &)> done)
{
    auto completion = std::make_shared<Private::Completion>();
    completion->context = context;
    completion->callback = [done = std::move(done)](const Result<qint64> &result) {
        done(result ? Result<void>() : Result<void>(result.error()));
    };
    d->enqueue(Private::BarrierTask{std::nullopt, std::move(completion), nullptr});
}

Result<void> AuditLog::waitForWrites()
{
    auto blocking = std::make_shared<Private::Blocking>();
    d->enqueue(Private::BarrierTask{std::nullopt, nullptr, blocking});
    blocking->done.acquire();
    return blocking->result;
}

Result<int> AuditLog::recoverAbandoned(const QString &path)
{
    AuditDatabase::Options options;
    options.path = path;
    options.connectionName = QStringLiteral("toolgate-audit-recovery-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
    options.createIfMissing = false;
    auto database = AuditDatabase::open(options);
    if (!database)
        return database.error();
    AuditWriter writer(database.value()->db());
    return recoverSessions(writer, database.value()->path(), {});
}

} // namespace Toolgate

#include "moc_auditlog.cpp"
