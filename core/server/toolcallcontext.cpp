#include "core/server/toolcallcontext.h"

#include "core/common/error.h"
#include "core/common/logging.h"
#include "core/protocol/progress.h"
#include "core/server/toolcallstate.h"

using namespace Qt::StringLiterals;

namespace Toolgate {

QString ToolCallContext::toolName() const { return m_state ? m_state->toolName : QString(); }
QJsonObject ToolCallContext::arguments() const { return m_state ? m_state->arguments : QJsonObject(); }
RequestId ToolCallContext::requestId() const { return m_state ? m_state->id : RequestId(); }

bool ToolCallContext::wantsProgress() const
{
    return m_state && !m_state->progressToken.isUndefined();
}

void ToolCallContext::reportProgress(double progress, std::optional<double> total, const QString &message) const
{
    if (m_state && m_state->task && m_state->era == ProtocolEra::Modern) {
        // The tools/call was answered with the task: its progress is what tasks/get shows.
        if (!message.isEmpty())
            setStatusMessage(message);
        return;
    }
    if (!wantsProgress() || m_state->isFinished() || !m_state->host)
        return;
    if (m_state->lastProgress && progress <= *m_state->lastProgress) {
        qCWarning(lcServer).noquote() << QStringLiteral("tool %1 reported progress %2 after %3; progress must increase, so it was not sent")
                                             .arg(m_state->toolName)
                                             .arg(progress)
                                             .arg(*m_state->lastProgress);
        return;
    }
    m_state->lastProgress = progress;
    ProgressUpdate update;
    update.token = m_state->progressToken;
    update.progress = progress;
    update.total = total;
    update.message = message;
    m_state->host->sendNotification(u"notifications/progress"_s, update.toJson());
}

void ToolCallContext::log(LoggingLevel level, const QJsonValue &data) const
{
    if (!m_state || m_state->isFinished() || !m_state->host)
        return;
    if (m_state->era == ProtocolEra::Modern) {
        // 2026-07-28: a request opts into log messages with the envelope's logLevel; none means none.
        // A task's request was answered at once, so nothing can belong to it any more.
        if (m_state->task || !m_state->logLevel || level < *m_state->logLevel)
            return;
        LogMessage message;
        message.level = level;
        message.logger = m_state->toolName;
        message.data = data;
        m_state->host->sendNotification(u"notifications/message"_s, message.toJson());
        return;
    }
    m_state->host->sendLog(level, data, m_state->toolName);
}

bool ToolCallContext::isCancelled() const { return m_state && m_state->cancelled; }
bool ToolCallContext::isFinished() const { return !m_state || m_state->isFinished(); }

void ToolCallContext::onCancelled(std::function<void()> callback) const
{
    if (!m_state || !callback || m_state->answered)
        return;
    if (m_state->cancelled)
        callback();
    else
        m_state->cancelCallbacks.push_back(std::move(callback));
}

QObject *ToolCallContext::scope() const
{
    if (!m_state)
        return nullptr;
    if (!m_state->scope) {
        m_state->scope = new QObject;
        m_state->scope->setObjectName(u"toolcall:"_s + m_state->toolName);
        // A late caller still gets an object, but one already on its way out.
        if (m_state->isFinished())
            m_state->scope->deleteLater();
    }
    return m_state->scope;
}

void ToolCallContext::respond(const CallToolResult &result) const
{
    if (!m_state)
        return;
    detail::ToolCallState *state = m_state.get();
    if (state->task) {
        state->answer([state, &result] {
            if (state->host)
                state->host->finishTask(state->task, &result, nullptr);
        });
        return;
    }
    state->answer([state, &result] {
        state->responder.respond(state->host ? state->host->encodeCallResult(result) : result.toJson());
    });
}

void ToolCallContext::fail(const Error &error) const
{
    if (!m_state)
        return;
    detail::ToolCallState *state = m_state.get();
    if (state->task) {
        state->answer([state, &error] {
            if (state->host)
                state->host->finishTask(state->task, nullptr, &error);
        });
        return;
    }
    state->answer([state, &error] { state->responder.respondError(error); });
}

bool ToolCallContext::isTask() const { return m_state && m_state->task; }
QString ToolCallContext::taskId() const { return isTask() ? m_state->task->taskId : QString(); }

void ToolCallContext::setStatusMessage(const QString &message) const
{
    if (!isTask() || m_state->isFinished() || !m_state->host)
        return;
    m_state->host->setTaskStatusMessage(m_state->task, message);
}

ProtocolEra ToolCallContext::era() const { return m_state ? m_state->era : ProtocolEra::Legacy; }
QJsonObject ToolCallContext::inputResponses() const { return m_state ? m_state->inputResponses : QJsonObject(); }
std::optional<QString> ToolCallContext::requestState() const { return m_state ? m_state->requestState : std::nullopt; }

namespace {

// The client capability an input request (or a legacy server request) of method needs, as the
// -32021 error's data.requiredCapabilities names it; empty for a method that needs none we know of.
QJsonObject capabilityNeededFor(const QString &method, const QJsonObject &params)
{
    if (method == u"elicitation/create") {
        const QString mode = params.value(u"mode").toString(u"form"_s);
        return QJsonObject{{u"elicitation"_s, QJsonObject{{mode, QJsonObject()}}}};
    }
    if (method == u"sampling/createMessage")
        return QJsonObject{{u"sampling"_s, QJsonObject()}};
    if (method == u"roots/list")
        return QJsonObject{{u"roots"_s, QJsonObject()}};
    return {};
}

// Whether declared (a client's capabilities object) covers needed (from capabilityNeededFor). An
// empty elicitation object declares form mode (the spec's rule for clients written before modes).
bool declares(const QJsonObject &declared, const QJsonObject &needed)
{
    for (auto it = needed.begin(); it != needed.end(); ++it) {
        const QJsonValue have = declared.value(it.key());
        if (!have.isObject())
            return false;
        if (it.key() == u"elicitation") {
            const QJsonObject modes = have.toObject();
            const QString mode = it.value().toObject().keys().value(0);
            if (!modes.contains(mode) && !(mode == u"form" && modes.isEmpty()))
                return false;
        }
    }
    return true;
}

} // namespace

void ToolCallContext::requireInput(const QJsonObject &inputRequests, const QString &requestState) const
{
    if (!m_state)
        return;
    detail::ToolCallState *state = m_state.get();
    if (state->task) {
        fail(makeError(ErrorCode::InternalError,
                       u"the tool \"%1\" answered with input_required while running as a task; a task asks with askClient()"_s
                           .arg(state->toolName)));
        return;
    }
    if (state->era != ProtocolEra::Modern) {
        fail(makeError(ErrorCode::InternalError,
                       u"the tool \"%1\" answered with input_required on a connection in the initialize era, which has no such result"_s
                           .arg(state->toolName)));
        return;
    }
    if (inputRequests.isEmpty() && requestState.isEmpty()) {
        fail(makeError(ErrorCode::InternalError,
                       u"the tool \"%1\" asked for input but named neither input requests nor a request state"_s.arg(state->toolName)));
        return;
    }
    QJsonObject required;
    for (auto it = inputRequests.begin(); it != inputRequests.end(); ++it) {
        const QJsonObject request = it.value().toObject();
        const QJsonObject needed = capabilityNeededFor(request.value(u"method").toString(), request.value(u"params").toObject());
        if (!declares(state->clientCapabilities, needed)) {
            for (auto need = needed.begin(); need != needed.end(); ++need)
                required.insert(need.key(), need.value());
        }
    }
    if (!required.isEmpty()) {
        fail(makeError(ErrorCode::MissingRequiredClientCapability,
                       u"the tool \"%1\" needs input the request's client capabilities do not declare (%2)"_s
                           .arg(state->toolName, required.keys().join(u", ")),
                       QJsonObject{{u"requiredCapabilities"_s, required}}));
        return;
    }
    QJsonObject result{{u"resultType"_s, u"input_required"_s}, {u"inputRequests"_s, inputRequests}};
    if (!requestState.isEmpty())
        result.insert(u"requestState", requestState);
    state->answer([state, &result] { state->responder.respond(result); });
}

void ToolCallContext::askClient(const QString &method, const QJsonObject &params,
                                std::function<void(const Result<QJsonObject> &answer)> callback) const
{
    if (!m_state || m_state->isFinished() || !callback)
        return;
    detail::ToolCallState *state = m_state.get();
    if (state->task && state->host) {
        const QJsonObject needed = capabilityNeededFor(method, params);
        if (!declares(state->clientCapabilities, needed)) {
            callback(makeError(state->era == ProtocolEra::Modern ? ErrorCode::MissingRequiredClientCapability : ErrorCode::MethodNotFound,
                               u"the client did not declare the capability %1 needs"_s.arg(method),
                               QJsonObject{{u"requiredCapabilities"_s, needed}}));
            return;
        }
        // Only while the call runs: an answer after the task ended (or was cancelled) goes nowhere.
        const std::weak_ptr<detail::ToolCallState> weak = m_state;
        state->host->askForTask(state->task, method, params, [weak, callback](const Result<QJsonObject> &answer) {
            const auto alive = weak.lock();
            if (alive && !alive->isFinished())
                callback(answer);
        });
        return;
    }
    if (state->era == ProtocolEra::Modern || !state->host) {
        callback(makeError(ErrorCode::InvalidRequest,
                           u"in MCP 2026-07-28 a server asks for input with an input_required result, not with %1"_s.arg(method)));
        return;
    }
    if (!declares(state->clientCapabilities, capabilityNeededFor(method, params))) {
        callback(makeError(ErrorCode::MethodNotFound,
                           u"the client did not declare the capability %1 needs"_s.arg(method)));
        return;
    }
    state->host->sendClientRequest(method, params, scope(), [callback](const Result<QJsonValue> &answer) {
        if (!answer)
            callback(answer.error());
        else if (!answer->isObject())
            callback(makeError(ErrorCode::ProtocolError, u"the client's answer is not a JSON object"_s));
        else
            callback(answer->toObject());
    });
}

} // namespace Toolgate
