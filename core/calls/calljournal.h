#pragma once

#include "core/calls/toolcallrecord.h"
#include "core/common/result.h"

#include <QObject>

#include <functional>

namespace Toolgate {

/// One entry of a call's life, as the pipeline writes it to the journal.
///
/// The pipeline writes a call's entries in the order they happened, each once: Opened first (the
/// call fully described: the tool as listed, the arguments in the order shown), then Decided at most
/// once, a TaskStep for each step of the life of the task the server runs it as, and last Closed —
/// or Abandoned, when whoever started the call deleted it before it ended. A call that ended before
/// it could be described (the server was not connected, has no such tool) is opened and closed at
/// once. A journal can rely on that order; it never has to make up for a missing entry.
struct CallJournalEntry
{
    enum class Kind { Opened, Decided, TaskStep, Closed, Abandoned };

    Kind kind = Kind::Opened;
    /// The call as it stands when the entry is written.
    const ToolCallRecord &call;
    /// TaskStep: the step, the newest of call.outcome.taskEvents (which past its bound drops older ones).
    const TaskEvent *step = nullptr;
};

/// Where the ToolCallPipeline writes every call it handles: the audit log. The journal is the record
/// that the person decided before anything was sent, so the pipeline sends a call only once
/// whenDurable() says its entries so far are committed.
class CallJournal
{
public:
    virtual ~CallJournal() = default;
    /// Called on the pipeline's thread, in order (CallJournalEntry). Must not block: queue the work.
    virtual void write(const CallJournalEntry &entry) = 0;
    /// proceed gets, once (on context's thread, unless context dies first), whether everything written
    /// for the call so far is durable, or why it could not be made so: then the call is not sent.
    virtual void whenDurable(const ToolCallRecord &call, QObject *context, std::function<void(const Result<void> &)> proceed) = 0;
    /// A run of calls (a collection) was approved or denied as a whole: what was listed, and the decision.
    virtual void writeRunDecision(const RunApprovalRequest &request, const ApprovalDecision &decision) = 0;
};

} // namespace Toolgate
