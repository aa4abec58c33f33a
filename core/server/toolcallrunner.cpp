#include "core/server/toolcallrunner.h"

#include "core/common/logging.h"
#include "core/server/invalidparams.h"
#include "core/server/resultshaper.h"
#include "core/server/serverlifecycle.h"
#include "core/server/serverlog.h"
#include "core/server/servertaskrunner.h"
#include "core/server/toolregistry.h"

using namespace Qt::StringLiterals;

namespace Toolgate {

ToolCallRunner::ToolCallRunner(JsonRpcPeer &peer, const ServerLifecycle &lifecycle, const ResultShaper &shaper,
                               const ToolRegistry &tools, ServerTaskRunner &tasks, ServerLog &log)
    : m_peer(peer)
    , m_lifecycle(lifecycle)
    , m_shaper(shaper)
    , m_tools(tools)
    , m_tasks(tasks)
    , m_log(log)
{
}

void ToolCallRunner::call(const JsonRpcMessage &request, const Responder &responder)
{
    const QJsonObject params = request.params();
    const QJsonValue name = params.value(u"name");
    if (!name.isString()) {
        responder.respondError(invalidParams(u"tools/call needs a tool name"_s));
        return;
    }
    const ToolRegistry::Entry *found = m_tools.find(name.toString());
    if (!found) {
        responder.respondError(invalidParams(u"Unknown tool: %1"_s.arg(name.toString())));
        return;
    }
    // A copy: the handler may remove (and so destroy) its own tool while running.
    const ToolRegistry::Entry tool = *found;
    const QJsonValue arguments = params.value(u"arguments");
    if (!arguments.isUndefined() && !arguments.isNull() && !arguments.isObject()) {
        responder.respondError(invalidParams(u"the arguments of tools/call must be an object"_s));
        return;
    }
    if (m_activeCalls.contains(request.id())) {
        responder.respondError(makeError(ErrorCode::InvalidRequest,
                                         u"request id %1 is already in use by a running call"_s.arg(request.id().toString())));
        return;
    }
    const auto decision = decideTask(name.toString(), tool.definition, params);
    if (!decision) {
        responder.respondError(decision.error());
        return;
    }
    std::shared_ptr<ServerTask> task;
    if (decision->asTask) {
        auto created = m_tasks.create(name.toString(), decision->requestedTtl);
        if (!created) {
            responder.respondError(created.error());
            return;
        }
        task = std::move(created).value();
    }

    auto state = makeState(request, responder, name.toString());
    if (task) {
        state->task = task;
        task->call = state;
        // The task exists (tasks/get finds it) before the client hears of it.
        if (m_lifecycle.era() == ProtocolEra::Modern) {
            QJsonObject created = task->toModernJson(false);
            created.insert(u"resultType", u"task"_s);
            responder.respond(created);
        } else {
            responder.respond(QJsonObject{{u"task"_s, task->toLegacyJson()}});
        }
        qCInfo(lcServer) << "running" << state->toolName << "as task" << task->taskId;
    } else {
        m_activeCalls.insert(state->id, state);
    }

    tool.handler(detail::ToolCallState::makeContext(std::move(state)));
}

// Whether the call runs as a task: 2025-11-25 asks with a task param, checked against the
// tool's execution.taskSupport; in 2026-07-28 the server decides, for a request that declares
// the extension (and never returns a task to one that does not).
Result<ToolCallRunner::TaskDecision> ToolCallRunner::decideTask(const QString &toolName, const Tool &tool,
                                                                const QJsonObject &params) const
{
    const ToolRegistry::TaskMode mode = ToolRegistry::taskModeOf(tool);
    TaskDecision decision;
    if (m_lifecycle.era() == ProtocolEra::Legacy) {
        const QJsonValue taskParam = params.value(u"task");
        const bool wantsTask = !taskParam.isUndefined() && !taskParam.isNull();
        if (wantsTask && !taskParam.isObject())
            return invalidParams(u"the task param of tools/call must be an object, such as {\"ttl\": 60000}"_s);
        // A server that offers no tasks ignores the param, as the spec asks.
        if (m_tasks.offered()) {
            if (wantsTask && mode == ToolRegistry::TaskMode::Forbidden)
                return makeError(ErrorCode::MethodNotFound,
                                 u"the tool \"%1\" cannot run as a task; call it without the task param"_s.arg(toolName));
            if (!wantsTask && mode == ToolRegistry::TaskMode::Required)
                return makeError(ErrorCode::MethodNotFound,
                                 u"the tool \"%1\" runs only as a task; call it with a task param, such as {\"ttl\": 60000}"_s
                                     .arg(toolName));
            decision.asTask = wantsTask;
            if (const QJsonValue ttl = taskParam.toObject().value(u"ttl"); ttl.isDouble())
                decision.requestedTtl = qint64(ttl.toDouble());
        }
        return decision;
    }
    const bool declared = m_lifecycle.clientCapabilities().value(u"extensions").toObject().contains(tasksExtensionName);
    if (mode == ToolRegistry::TaskMode::Required && !declared) {
        return makeError(
            ErrorCode::MissingRequiredClientCapability,
            u"the tool \"%1\" runs only as a task, and the request's client capabilities do not declare the extension %2"_s
                .arg(toolName, tasksExtensionName),
            QJsonObject{{u"requiredCapabilities"_s,
                         QJsonObject{{u"extensions"_s, QJsonObject{{tasksExtensionName, QJsonObject()}}}}}});
    }
    decision.asTask = declared && mode != ToolRegistry::TaskMode::Forbidden;
    return decision;
}

std::shared_ptr<detail::ToolCallState> ToolCallRunner::makeState(const JsonRpcMessage &request, const Responder &responder,
                                                                 const QString &toolName)
{
    const QJsonObject params = request.params();
    auto state = std::make_shared<detail::ToolCallState>();
    state->host = this;
    state->responder = responder;
    state->id = request.id();
    state->toolName = toolName;
    state->arguments = params.value(u"arguments").toObject();
    state->era = m_lifecycle.era();
    state->clientCapabilities = m_lifecycle.clientCapabilities();
    if (state->era == ProtocolEra::Modern) {
        state->logLevel = m_lifecycle.logLevel();
        state->inputResponses = params.value(u"inputResponses").toObject();
        if (const QJsonValue requestState = params.value(u"requestState"); requestState.isString())
            state->requestState = requestState.toString();
    }
    const QJsonValue token = params.value(u"_meta").toObject().value(u"progressToken");
    if (token.isString() || token.isDouble())
        state->progressToken = token;
    return state;
}

void ToolCallRunner::cancelByClient(const RequestId &id, const QString &reason)
{
    const auto state = m_activeCalls.value(id).lock();
    if (!state)
        return;
    qCInfo(lcServer) << "the client cancelled call" << id.toString() << "of" << state->toolName << reason;
    state->cancel();
}

void ToolCallRunner::cancelAll()
{
    qCInfo(lcServer) << "the connection closed; cancelling" << m_activeCalls.size() << "running tool calls";
    const auto calls = std::exchange(m_activeCalls, {});
    for (const auto &weak : calls) {
        if (const auto state = weak.lock())
            state->cancel();
    }
}

void ToolCallRunner::detachAll()
{
    // Handlers still holding contexts must neither reach us nor keep working.
    const auto calls = std::exchange(m_activeCalls, {});
    for (const auto &weak : calls) {
        if (const auto state = weak.lock()) {
            state->host = nullptr;
            state->cancel();
        }
    }
}

void ToolCallRunner::sendNotification(const QString &method, const QJsonObject &params)
{
    m_peer.sendNotification(method, params);
}

void ToolCallRunner::sendLog(LoggingLevel level, const QJsonValue &data, const QString &logger)
{
    m_log.send(level, data, logger);
}

QJsonObject ToolCallRunner::encodeCallResult(const CallToolResult &result) const
{
    return m_shaper.callResult(result);
}

void ToolCallRunner::sendClientRequest(const QString &method, const QJsonObject &params, QObject *context,
                                       JsonRpcPeer::ResponseHandler handler)
{
    detail::sendPatientRequest(m_peer, method, params, context, std::move(handler));
}

void ToolCallRunner::finishTask(const std::shared_ptr<ServerTask> &task, const CallToolResult *result, const Error *error)
{
    m_tasks.finish(task, result, error);
}

void ToolCallRunner::setTaskStatusMessage(const std::shared_ptr<ServerTask> &task, const QString &message)
{
    m_tasks.setStatusMessage(task, message);
}

void ToolCallRunner::askForTask(const std::shared_ptr<ServerTask> &task, const QString &method, const QJsonObject &params,
                                std::function<void(const Result<QJsonObject> &answer)> deliver)
{
    m_tasks.ask(task, method, params, std::move(deliver));
}

} // namespace Toolgate
