#include "core/client/taskfollower.h"

#include "core/common/displaytext.h"
#include "core/common/logging.h"

#include <algorithm>


namespace Toolgate {

TaskFollower::TaskFollower(ClientSession *session, Task created, Options options, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_task(std::move(created))
    , m_options(std::move(options))
{
    m_pollTimer.setSingleShot(true);
    connect(&m_pollTimer, &QTimer::timeout, this, &TaskFollower::poll);
    m_resultDeadline.setSingleShot(true);
    connect(&m_resultDeadline, &QTimer::timeout, this, [this] {
        finish(makeError(ErrorCode::RequestTimeout,
                         tr("the server says task %1 is %2 but did not hand over its result within %3 s")
                             .arg(m_task.taskId, Task::describeStatus(m_task.status))
                             .arg(m_options.resultGrace.count() / 1000)));
    });
    if (session) {
        connect(session, &ClientSession::taskStatusNotified, this, [this](const Task &task) {
            if (task.taskId == m_task.taskId)
                apply(task);
        });
        auto lost = [this] {
            finish(makeError(ErrorCode::ConnectionClosed,
                             tr("the server disconnected while task %1 was %2; whether it finished there is not known")
                                 .arg(m_task.taskId, Task::describeStatus(m_task.status))));
        };
        connect(session, &ClientSession::closed, this, lost);
        connect(session, &ClientSession::failed, this, lost);
        connect(session, &QObject::destroyed, this, lost);
    }
    // Start from the seed state once the caller has connected to the signals.
    QMetaObject::invokeMethod(this, [this] {
        if (m_finished)
            return;
        if (!m_session || m_session->state() != ClientSession::State::Ready) {
            finish(makeError(ErrorCode::NotConnected, tr("the server disconnected before task %1 could be followed").arg(m_task.taskId)));
            return;
        }
        Task seed = m_task;
        m_task.status = Task::Status::Working; // so that apply() acts on a seed that is already further on
        apply(seed);
        if (!m_finished && !m_task.isTerminal())
            schedulePoll();
    }, Qt::QueuedConnection);
}

TaskFollower::~TaskFollower() = default;

std::chrono::milliseconds TaskFollower::pollInterval() const
{
    if (!m_task.pollIntervalMs)
        return m_options.defaultPollInterval;
    return std::clamp(std::chrono::milliseconds(*m_task.pollIntervalMs), m_options.minPollInterval, m_options.maxPollInterval);
}

void TaskFollower::schedulePoll()
{
    if (m_finished || m_polling)
        return;
    m_pollTimer.start(pollInterval());
}

void TaskFollower::poll()
{
    if (m_finished || m_polling)
        return;
    if (!m_session) {
        finish(makeError(ErrorCode::ConnectionClosed, tr("the server disconnected while task %1 was running").arg(m_task.taskId)));
        return;
    }
    m_polling = true;
    m_session->getTask(m_task.taskId, m_task.requestState, this, [this](const Result<Task> &task) {
        m_polling = false;
        if (m_finished)
            return;
        if (!task) {
            if (task.error().code == int(ErrorCode::InvalidParams)) {
                // The server no longer knows the task (expired, or never had it): nothing more will come.
                finish(makeError(ErrorCode::ProtocolError,
                                 tr("the server no longer knows task %1 (%2); its result is lost").arg(m_task.taskId, task.error().message)));
                return;
            }
            if (task.error().code == int(ErrorCode::ConnectionClosed) || task.error().code == int(ErrorCode::NotConnected)) {
                finish(task.error());
                return;
            }
            if (++m_failedPolls >= m_options.maxFailedPolls) {
                finish(makeError(ErrorCode::ProtocolError,
                                 tr("Toolgate could not learn the state of task %1 (%2 attempts failed, the last: %3)")
                                     .arg(m_task.taskId)
                                     .arg(m_failedPolls)
                                     .arg(task.error().message)));
                return;
            }
            qCInfo(lcClient) << "tasks/get for" << m_task.taskId << "failed:" << task.error().message;
            schedulePoll();
            return;
        }
        m_failedPolls = 0;
        apply(task.value());
        if (!m_finished && !m_task.isTerminal())
            schedulePoll();
    });
}

void TaskFollower::apply(const Task &task)
{
    if (m_finished)
        return;
    if (const qint64 bytes = task.requestState ? InputRequiredResult::stateBytes(*task.requestState) : 0;
        bytes > ClientSession::maxRequestStateBytes) {
        // It would go back with every look at the task. The cancellation goes without it (or with the
        // last one that was within the bound): a server that keeps its tasks knows them by their ids.
        if (m_task.requestState && InputRequiredResult::stateBytes(*m_task.requestState) > ClientSession::maxRequestStateBytes)
            m_task.requestState.reset();
        abandon(makeError(ErrorCode::ProtocolError,
                          tr("the server gave Toolgate %1 of state to send back with every look at task %2, more than the %3 "
                             "it may have; Toolgate stopped following the task and cancelled it")
                              .arg(DisplayText::dataSize(bytes), m_task.taskId, DisplayText::dataSize(ClientSession::maxRequestStateBytes))));
        return;
    }
    if (m_task.isTerminal() && task.status != m_task.status)
        return; // terminal stays terminal (a late notification of an earlier state)
    const bool changed = task.status != m_task.status || task.statusMessage != m_task.statusMessage;
    const bool intervalChanged = task.pollIntervalMs != m_task.pollIntervalMs;
    const QDateTime createdAt = m_task.createdAt;
    m_task = task;
    if (!m_task.createdAt.isValid())
        m_task.createdAt = createdAt;
    if (intervalChanged && m_pollTimer.isActive())
        m_pollTimer.start(pollInterval());
    if (changed)
        emit taskChanged(m_task);
    if (m_finished)
        return;
    if (m_task.isTerminal()) {
        onTerminal();
        return;
    }
    if (m_task.status == Task::Status::InputRequired) {
        if (m_task.inputRequests.isEmpty() && !m_session.isNull() && !m_session->taskCapabilities().modern)
            fetchLegacyResult(); // the server sends its questions on the open tasks/result
        else
            askModernInputs();
    }
}

void TaskFollower::onTerminal()
{
    m_pollTimer.stop();
    switch (m_task.status) {
    case Task::Status::Cancelled:
        finish(makeError(ErrorCode::RequestCancelled,
                         m_cancelling ? tr("the task was cancelled (%1)").arg(m_cancelReason)
                                      : m_task.statusMessage.isEmpty() ? tr("the server cancelled the task")
                                                                       : tr("the server cancelled the task: %1").arg(m_task.statusMessage)));
        return;
    case Task::Status::Failed:
        if (m_task.error) {
            Error error = *m_task.error;
            if (error.message.isEmpty())
                error.message = m_task.statusMessage;
            finish(error);
            return;
        }
        break;
    case Task::Status::Completed:
        if (m_task.result) {
            Result<CallToolResult> parsed = CallToolResult::parse(*m_task.result);
            if (parsed)
                parsed.value().rawOrder = m_task.resultOrder;
            finish(parsed);
            return;
        }
        break;
    default:
        return;
    }
    if (!m_resultDeadline.isActive())
        m_resultDeadline.start(m_options.resultGrace);
    if (m_session && m_session->taskCapabilities().modern) {
        finish(makeError(ErrorCode::ProtocolError, m_task.status == Task::Status::Completed
                                                       ? tr("the server says task %1 completed but sent no result").arg(m_task.taskId)
                                                       : tr("task %1 failed: %2").arg(m_task.taskId, m_task.statusMessage)));
        return;
    }
    fetchLegacyResult();
}

void TaskFollower::fetchLegacyResult()
{
    if (m_waitingForResult || m_finished || !m_session)
        return;
    m_waitingForResult = true;
    m_session->taskResult(m_task.taskId, this, [this](const Result<CallToolResult> &result) {
        m_waitingForResult = false;
        if (m_finished)
            return;
        if (!result && m_cancelling && result.error().code != int(ErrorCode::ConnectionClosed)) {
            finish(makeError(ErrorCode::RequestCancelled, tr("the task was cancelled (%1)").arg(m_cancelReason)));
            return;
        }
        finish(result);
    });
}

void TaskFollower::askModernInputs()
{
    if (!m_session)
        return;
    const bool newRound = std::any_of(m_task.inputRequests.cbegin(), m_task.inputRequests.cend(),
                                      [this](const InputRequiredResult::Request &request) { return !m_askedKeys.contains(request.key); });
    // A task asks its questions afresh on every poll, each under a new key: without a bound, a server
    // could keep the person answering for ever. Rounds are counted as for a request's input rounds.
    if (newRound && ++m_inputRounds > ClientSession::maxInputRounds) {
        abandon(makeError(ErrorCode::ProtocolError,
                          tr("the server kept asking for input to finish task %1 (%2 rounds); Toolgate stopped answering it and "
                             "cancelled the task").arg(m_task.taskId).arg(ClientSession::maxInputRounds)));
        return;
    }
    for (const InputRequiredResult::Request &request : std::as_const(m_task.inputRequests)) {
        // Each key is asked once over the task's life, however often a poll repeats it (SEP-2663).
        if (m_askedKeys.contains(request.key))
            continue;
        m_askedKeys.insert(request.key);
        ClientSession::EmbeddedRequestOrigin origin; // its method: the session's (tasks augment one request only)
        origin.subject = m_options.toolName;
        origin.auditCallId = m_options.auditCallId;
        m_session->askForTaskInput(request, origin, this, [this, key = request.key, method = request.method](const JsonRpcMessage &answer) {
            if (m_finished)
                return;
            if (answer.kind() == JsonRpcMessage::Kind::ErrorResponse) {
                // tasks/update carries results only: an input that cannot be given ends the task.
                abandon(makeError(ErrorCode::ProtocolError, tr("the server asked for input to finish task %1 (%2), and it was not given: %3")
                                                                .arg(m_task.taskId, method, answer.error().message)));
                return;
            }
            m_pendingResponses.insert(key, answer.result().toObject());
            sendResponses();
        });
    }
}

void TaskFollower::abandon(const Error &failure)
{
    if (m_session)
        m_session->cancelTask(m_task.taskId, m_task.requestState, this, [](const Result<std::optional<Task>> &) {});
    finish(failure);
}

void TaskFollower::sendResponses()
{
    if (m_updating || m_pendingResponses.isEmpty() || m_finished || !m_session)
        return;
    m_updating = true;
    const QJsonObject responses = std::exchange(m_pendingResponses, {});
    m_session->updateTask(m_task.taskId, m_task.requestState, responses, this, [this](const Result<std::monostate> &sent) {
        m_updating = false;
        if (m_finished)
            return;
        if (!sent) {
            finish(makeError(ErrorCode(sent.error().code), tr("Toolgate could not give task %1 the answers it asked for: %2")
                                                    .arg(m_task.taskId, sent.error().message)));
            return;
        }
        if (!m_pendingResponses.isEmpty()) {
            sendResponses();
            return;
        }
        // Look again soon: the answers usually move the task on.
        m_pollTimer.start(m_options.minPollInterval);
    });
}

void TaskFollower::cancel(const QString &reason)
{
    if (m_finished || m_cancelling)
        return;
    m_cancelling = true;
    m_cancelReason = reason.isEmpty() ? tr("cancelled by the user") : reason;
    if (!m_session) {
        finish(makeError(ErrorCode::RequestCancelled, tr("the task was cancelled (%1)").arg(m_cancelReason)));
        return;
    }
    m_session->cancelTask(m_task.taskId, m_task.requestState, this, [this](const Result<std::optional<Task>> &answered) {
        if (m_finished)
            return;
        if (answered) {
            if (answered.value())
                apply(*answered.value());
            if (!m_finished)
                finish(makeError(ErrorCode::RequestCancelled, tr("the task was cancelled (%1)").arg(m_cancelReason)));
            return;
        }
        if (answered.error().code == int(ErrorCode::InvalidParams)) {
            // Already ended at the server (or unknown there): its last state tells how.
            m_cancelling = false;
            poll();
            return;
        }
        finish(makeError(ErrorCode::RequestCancelled,
                         tr("Toolgate stopped following task %1; the server did not confirm the cancellation: %2")
                             .arg(m_task.taskId, answered.error().message)));
    });
}

void TaskFollower::finish(const Result<CallToolResult> &result)
{
    if (m_finished)
        return;
    m_finished = true;
    m_pollTimer.stop();
    m_resultDeadline.stop();
    emit finished(result);
}

} // namespace Toolgate

#include "moc_taskfollower.cpp"
