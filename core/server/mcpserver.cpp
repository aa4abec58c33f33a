#include "core/server/mcpserver.h"

#include "core/server/servertasks.h"
#include "core/common/logging.h"
#include "core/common/error.h"
#include "core/peer/jsonrpcpeer.h"
#include "core/protocol/progress.h"
#include "core/protocol/protocolversion.h"
#include "core/protocol/requestenvelope.h"
#include "core/protocol/subscriptions.h"
#include "core/transport/transport.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QPointer>
#include <QRegularExpression>
#include <QSet>
#include <QUrl>

#include <vector>

using namespace Qt::StringLiterals;

namespace Toolgate {

namespace detail {

// What a running tool call needs from its server. The server clears ToolCallState::host when it
// goes away, so a handler holding a context longer than the server is harmless.
class CallHost
{
public:
    virtual void sendNotification(const QString &method, const QJsonObject &params) = 0;
    virtual void sendLog(LoggingLevel level, const QJsonValue &data, const QString &logger) = 0;
    virtual QJsonObject encodeCallResult(const CallToolResult &result) const = 0;
    virtual void callFinished(const RequestId &id) = 0;
    virtual void sendClientRequest(const QString &method, const QJsonObject &params, QObject *context,
                                   JsonRpcPeer::ResponseHandler handler) = 0;
    // A call running as a task ended: with the tool's result (already encoded) or a JSON-RPC error.
    virtual void finishTask(const std::shared_ptr<ServerTask> &task, const CallToolResult *result, const Error *error) = 0;
    virtual void setTaskStatusMessage(const std::shared_ptr<ServerTask> &task, const QString &message) = 0;
    // A call running as a task asks the client something (askClient()).
    virtual void askForTask(const std::shared_ptr<ServerTask> &task, const QString &method, const QJsonObject &params,
                            std::function<void(const Result<QJsonObject> &answer)> deliver) = 0;

protected:
    ~CallHost() = default;
};

struct ToolCallState : std::enable_shared_from_this<ToolCallState>
{
    CallHost *host = nullptr;
    Responder responder;
    RequestId id;
    QString toolName;
    QJsonObject arguments;
    QJsonValue progressToken{QJsonValue::Undefined}; // (a default QJsonValue is null, not undefined)
    ProtocolEra era = ProtocolEra::Legacy;
    QJsonObject inputResponses;                // modern: the retry's answers
    std::optional<QString> requestState;       // modern: echoed by the retry
    QJsonObject clientCapabilities;            // initialize's (legacy) or this request's (modern)
    std::optional<LoggingLevel> logLevel;      // modern: this request's envelope
    std::optional<double> lastProgress;
    bool answered = false;
    bool cancelled = false;
    std::shared_ptr<ServerTask> task; // set when the call runs as a task
    std::vector<std::function<void()>> cancelCallbacks;
    QPointer<QObject> scope;

    static ToolCallContext makeContext(std::shared_ptr<ToolCallState> state)
    {
        return ToolCallContext(std::move(state));
    }

    bool isFinished() const { return answered || cancelled; }

    // Leaves the server's table of running calls and releases whatever the handler parented
    // to scope(). deleteLater, because we may be inside a slot of one of scope's children.
    void release()
    {
        // A task's tools/call was answered when the task was created; its id may be in use again.
        if (host && !task)
            host->callFinished(id);
        if (scope)
            scope->deleteLater();
        // Destroyed outside the vector: a callback may hold the last copy of a context.
        auto dropped = std::exchange(cancelCallbacks, {});
        dropped.clear();
    }

    void answer(const std::function<void()> &send)
    {
        if (cancelled)
            return;
        if (answered) {
            qCWarning(lcServer).noquote() << QStringLiteral("tool %1 answered call %2 more than once; ignoring the extra answer")
                                                 .arg(toolName, id.toString());
            return;
        }
        const auto self = shared_from_this(); // release() may drop the last outside reference
        answered = true;
        send();
        release();
    }

    void cancel()
    {
        if (isFinished())
            return;
        const auto self = shared_from_this();
        cancelled = true;
        auto callbacks = std::exchange(cancelCallbacks, {});
        release();
        for (const auto &callback : callbacks)
            callback();
    }

    ~ToolCallState()
    {
        if (!isFinished()) {
            // Every copy of the context is gone, so nobody can answer any more: say so rather
            // than leave the client waiting for its timeout.
            qCWarning(lcServer).noquote() << QStringLiteral("tool %1 dropped call %2 without answering").arg(toolName, id.toString());
            const Error error = makeError(ErrorCode::InternalError,
                                          QCoreApplication::translate("Toolgate::McpServer", "the tool \"%1\" finished without an answer").arg(toolName));
            if (task) {
                if (host)
                    host->finishTask(task, nullptr, &error);
            } else {
                responder.respondError(error);
                if (host)
                    host->callFinished(id);
            }
        }
        if (scope)
            scope->deleteLater();
    }
};

} // namespace detail

// ---- ToolCallContext --------------------------------------------------------------------------

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

// ---- McpServer::Private -----------------------------------------------------------------------

namespace {

const QRegularExpression &toolNamePattern()
{
    static const QRegularExpression pattern(u"^[A-Za-z0-9_.-]{1,128}$"_s);
    return pattern;
}

Error invalidParams(const QString &message)
{
    return makeError(ErrorCode::InvalidParams, message);
}

// Cursors are opaque to clients; base64 keeps them from looking like something to edit.
QString encodeCursor(qsizetype offset)
{
    const QByteArray plain = QByteArray("offset:") + QByteArray::number(offset);
    return QString::fromLatin1(plain.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

std::optional<qsizetype> decodeCursor(const QString &cursor)
{
    auto decoded = QByteArray::fromBase64Encoding(cursor.toLatin1(),
                                                  QByteArray::Base64UrlEncoding | QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded || !decoded.decoded.startsWith("offset:"))
        return std::nullopt;
    bool ok = false;
    const qsizetype offset = decoded.decoded.mid(7).toLongLong(&ok);
    if (!ok || offset < 0)
        return std::nullopt;
    return offset;
}

// A level-1 template as a regular expression plus its variable names, or nullopt when the
// template uses something beyond {var} (operators, lists, modifiers) that we cannot match.
struct CompiledTemplate
{
    QRegularExpression regex;
    QStringList variables;
};

std::optional<CompiledTemplate> compileTemplate(const QString &uriTemplate)
{
    static const QRegularExpression variableName(u"^[A-Za-z0-9_]+$"_s);
    QString pattern = u"^"_s;
    QStringList variables;
    qsizetype pos = 0;
    while (pos < uriTemplate.size()) {
        const qsizetype open = uriTemplate.indexOf(u'{', pos);
        const qsizetype literalEnd = open < 0 ? uriTemplate.size() : open;
        const QString literal = uriTemplate.mid(pos, literalEnd - pos);
        if (literal.contains(u'}'))
            return std::nullopt;
        pattern += QRegularExpression::escape(literal);
        if (open < 0)
            break;
        const qsizetype close = uriTemplate.indexOf(u'}', open);
        if (close < 0)
            return std::nullopt;
        const QString name = uriTemplate.mid(open + 1, close - open - 1);
        if (!variableName.match(name).hasMatch() || variables.contains(name))
            return std::nullopt;
        variables.append(name);
        pattern += u"([^/?#]+)"_s;
        pos = close + 1;
    }
    pattern += u'$';
    return CompiledTemplate{QRegularExpression(pattern), variables};
}

QMap<QString, QString> stringMap(const QJsonObject &object)
{
    QMap<QString, QString> map;
    for (auto it = object.begin(); it != object.end(); ++it)
        map.insert(it.key(), it.value().toString());
    return map;
}

} // namespace

class McpServer::Private final : public detail::CallHost
{
public:
    enum class Phase { AwaitingInitialize, AwaitingInitialized, Ready, Finished };

    struct ToolEntry
    {
        Tool definition;
        ToolHandler handler;
    };
    struct ResourceEntry
    {
        Resource resource;
        ResourceReadHandler handler;
    };
    struct TemplateEntry
    {
        ResourceTemplate resourceTemplate;
        CompiledTemplate compiled;
        TemplateReadHandler handler;
    };
    struct PromptEntry
    {
        Prompt prompt;
        PromptHandler handler;
    };
    enum ListKind { ToolsList = 1, ResourcesList = 2, PromptsList = 4 };
    // Which era a method belongs to: the modern one dropped some and added others.
    enum class Eras { Both, LegacyOnly, ModernOnly };
    // One open subscriptions/listen (modern): what it asked for, as far as the server offers it.
    struct Listen
    {
        RequestId id;
        Responder responder;
        int lists = 0; // ListKind bits
        QStringList uris;
    };

    McpServer *q = nullptr;
    QPointer<Transport> transport;
    std::unique_ptr<JsonRpcPeer> peer;
    Implementation serverInfo;
    QString instructions;
    int pageSize = 0;

    Phase phase = Phase::AwaitingInitialize;
    QString protocolVersion;
    Implementation clientInfo;
    QJsonObject clientCapabilities;
    std::optional<LoggingLevel> logLevel;
    // What initialize advertised; list_changed is only sent for those.
    int advertisedLists = 0;

    QList<ToolEntry> tools;
    QList<ResourceEntry> resources;
    QList<TemplateEntry> templates;
    QList<PromptEntry> prompts;
    CompletionHandler completionHandler;
    QSet<QString> subscriptions;
    QHash<RequestId, std::weak_ptr<detail::ToolCallState>> activeCalls;
    int pendingListChanges = 0;
    // Legacy until server/discover or an enveloped request; pinned to modern once phase is Ready.
    ProtocolEra era = ProtocolEra::Legacy;
    QList<Listen> listens;
    ServerTaskStore taskStore;

    bool isModern() const { return era == ProtocolEra::Modern && phase == Phase::Ready; }

    ~Private()
    {
        if (transport && transport->state() == Transport::State::Open)
            endSubscriptions();
        // Handlers still holding contexts must neither reach us nor keep working.
        const auto calls = std::exchange(activeCalls, {});
        for (const auto &weak : calls) {
            if (const auto state = weak.lock()) {
                state->host = nullptr;
                state->cancel();
            }
        }
        for (const auto &task : taskStore.takeAll()) {
            const auto state = task->call.lock();
            forgetTask(*task);
            if (state) {
                state->host = nullptr;
                state->cancel();
            }
        }
    }

    // ---- CallHost

    void sendNotification(const QString &method, const QJsonObject &params) override
    {
        peer->sendNotification(method, params);
    }

    void sendLog(LoggingLevel level, const QJsonValue &data, const QString &logger) override
    {
        // Logging is allowed from initialize on (before initialized too); before it the client
        // could not have told us what it wants. In the modern era a log message belongs to a
        // request that opted in (ToolCallContext::log); a server-wide one has nowhere to go.
        if (phase == Phase::AwaitingInitialize || phase == Phase::Finished || era == ProtocolEra::Modern)
            return;
        if (logLevel && level < *logLevel)
            return;
        LogMessage message;
        message.level = level;
        message.logger = logger;
        message.data = data;
        peer->sendNotification(u"notifications/message"_s, message.toJson());
    }

    QJsonObject encodeCallResult(const CallToolResult &result) const override
    {
        QJsonObject json = result.toJson();
        // A 2024-11-05 or 2025-03-26 client does not know structuredContent; the text content
        // must carry the information on its own (the spec asks tools to do so anyway).
        if (!ProtocolVersion::supportsStructuredContent(protocolVersion))
            json.remove(u"structuredContent");
        if (era == ProtocolEra::Modern)
            json.insert(u"resultType", u"complete"_s);
        return json;
    }

    void callFinished(const RequestId &id) override { activeCalls.remove(id); }

    void sendClientRequest(const QString &method, const QJsonObject &params, QObject *context,
                           JsonRpcPeer::ResponseHandler handler) override
    {
        // A person may be answering (a form): give them as long as the peer allows at all.
        JsonRpcPeer::RequestOptions options;
        options.timeout = options.maxTimeout;
        peer->sendRequest(method, params, context, std::move(handler), options);
    }

    void finishTask(const std::shared_ptr<ServerTask> &task, const CallToolResult *result, const Error *error) override
    {
        if (task->isTerminal())
            return;
        if (result) {
            task->result = encodeCallResult(*result);
            // 2025-11-25 counts a tool error (isError) as a failed task; the extension keeps failed
            // for JSON-RPC errors, and a tool error is a completed task with an isError result.
            const bool failed = result->isError && era == ProtocolEra::Legacy;
            task->status = failed ? Task::Status::Failed : Task::Status::Completed;
            task->statusMessage = failed ? u"The tool reported an error: %1"_s.arg(result->textSummary().left(200)) : QString();
        } else {
            task->error = error ? *error : makeError(ErrorCode::InternalError, u"the task ended without a result"_s);
            task->status = Task::Status::Failed;
            task->statusMessage = task->error->message;
        }
        task->lastUpdatedAt = QDateTime::currentDateTimeUtc();
        qCInfo(lcServer) << "task" << task->taskId << "of" << task->toolName << "ended:" << ServerTask::statusName(task->status);
        sendTaskStatus(*task);
        settleTask(*task);
    }

    void setTaskStatusMessage(const std::shared_ptr<ServerTask> &task, const QString &message) override
    {
        updateTask(*task, task->status, message);
    }

    void askForTask(const std::shared_ptr<ServerTask> &task, const QString &method, const QJsonObject &params,
                    std::function<void(const Result<QJsonObject> &answer)> deliver) override
    {
        if (task->isTerminal())
            return;
        ServerTask::InputRequest input;
        input.key = u"input-%1"_s.arg(++task->inputsAsked);
        input.method = method;
        input.params = params;
        input.deliver = std::move(deliver);
        task->inputs.append(std::move(input));
        updateTask(*task, Task::Status::InputRequired);
        if (era == ProtocolEra::Legacy)
            sendTaskInputs(task);
    }

    // ---- tasks

    enum class TaskMode { Forbidden, Optional, Required };

    static TaskMode taskModeOf(const Tool &tool)
    {
        const QString support = tool.execution.value(u"taskSupport").toString();
        if (support == u"required")
            return TaskMode::Required;
        if (support == u"optional")
            return TaskMode::Optional;
        return TaskMode::Forbidden;
    }

    bool offersTasks() const
    {
        return std::any_of(tools.cbegin(), tools.cend(),
                           [](const ToolEntry &entry) { return taskModeOf(entry.definition) != TaskMode::Forbidden; });
    }

    // 2025-11-25 only: in 2026-07-28 a task's notifications belong on the stream of a tasks/get,
    // which a client polling over stdio does not keep open; tasks/get tells it everything.
    void sendTaskStatus(const ServerTask &task)
    {
        if (era != ProtocolEra::Legacy || phase != Phase::Ready)
            return;
        peer->sendNotification(u"notifications/tasks/status"_s, task.toLegacyJson());
    }

    void updateTask(ServerTask &task, Task::Status status, const std::optional<QString> &message = std::nullopt)
    {
        if (task.isTerminal())
            return;
        if (task.status == status && (!message || *message == task.statusMessage))
            return;
        task.status = status;
        if (message)
            task.statusMessage = *message;
        task.lastUpdatedAt = QDateTime::currentDateTimeUtc();
        sendTaskStatus(task);
    }

    // A task reached its end: whoever waits in tasks/result hears, and the questions still open go.
    void settleTask(ServerTask &task)
    {
        const auto waiters = std::exchange(task.resultWaiters, {});
        for (const Responder &waiter : waiters)
            answerTaskResult(task, waiter);
        forgetTask(task);
    }

    // Drops what ties a task to its running call (the open questions hold the call's context).
    static void forgetTask(ServerTask &task)
    {
        auto inputs = std::exchange(task.inputs, {});
        inputs.clear();
        task.call.reset();
    }

    // tasks/result for a task that ended: exactly what the tools/call would have answered.
    static void answerTaskResult(const ServerTask &task, const Responder &responder)
    {
        if (task.result) {
            QJsonObject json = *task.result;
            QJsonObject meta = json.value(u"_meta").toObject();
            meta.insert(relatedTaskMetaKey, QJsonObject{{u"taskId"_s, task.taskId}});
            json.insert(u"_meta", meta);
            responder.respond(json);
        } else if (task.error) {
            responder.respondError(*task.error);
        } else {
            responder.respondError(makeError(ErrorCode::InvalidRequest,
                                             u"the task %1 was cancelled, so it has no result"_s.arg(task.taskId)));
        }
    }

    void cancelTask(const std::shared_ptr<ServerTask> &task, const QString &message)
    {
        if (task->isTerminal())
            return;
        const auto state = task->call.lock();
        task->status = Task::Status::Cancelled;
        task->statusMessage = message;
        task->lastUpdatedAt = QDateTime::currentDateTimeUtc();
        qCInfo(lcServer) << "task" << task->taskId << "of" << task->toolName << "cancelled";
        sendTaskStatus(*task);
        settleTask(*task);
        if (state)
            state->cancel(); // the handler's onCancelled callbacks run, its scope() goes
    }

    // Legacy: the task's questions go out while the client listens in tasks/result (the spec's
    // way to reach a client that follows a task), each tied to the task by the related-task _meta.
    void sendTaskInputs(const std::shared_ptr<ServerTask> &task)
    {
        task->resultWaiters.removeIf([](const Responder &waiter) { return waiter.isAnswered() || waiter.isCancelled(); });
        if (task->resultWaiters.isEmpty())
            return;
        for (ServerTask::InputRequest &input : task->inputs) {
            if (input.sent)
                continue;
            input.sent = true;
            QJsonObject params = input.params;
            QJsonObject meta = params.value(u"_meta").toObject();
            meta.insert(relatedTaskMetaKey, QJsonObject{{u"taskId"_s, task->taskId}});
            params.insert(u"_meta", meta);
            const std::weak_ptr<ServerTask> weak = task;
            sendClientRequest(input.method, params, q, [this, weak, key = input.key](const Result<QJsonValue> &answer) {
                const auto alive = weak.lock();
                if (!alive)
                    return;
                if (!answer)
                    deliverTaskInputs(alive, {{key, Result<QJsonObject>(answer.error())}});
                else if (!answer->isObject())
                    deliverTaskInputs(alive, {{key, Result<QJsonObject>(makeError(ErrorCode::ProtocolError,
                                                                                  u"the client's answer is not a JSON object"_s))}});
                else
                    deliverTaskInputs(alive, {{key, Result<QJsonObject>(answer->toObject())}});
            });
        }
    }

    // Hands answers to the questions they answer; keys the task is not waiting for are ignored.
    void deliverTaskInputs(const std::shared_ptr<ServerTask> &task, const QList<std::pair<QString, Result<QJsonObject>>> &answers)
    {
        if (task->isTerminal())
            return;
        QList<std::pair<ServerTask::InputRequest, Result<QJsonObject>>> answered;
        for (const auto &[key, reply] : answers) {
            const auto it = std::find_if(task->inputs.begin(), task->inputs.end(),
                                         [&key](const ServerTask::InputRequest &input) { return input.key == key; });
            if (it == task->inputs.end())
                continue;
            answered.append({std::move(*it), reply});
            task->inputs.erase(it);
        }
        if (answered.isEmpty())
            return;
        if (task->inputs.isEmpty())
            updateTask(*task, Task::Status::Working);
        for (const auto &[input, reply] : answered)
            input.deliver(reply);
    }

    // Tasks past their ttl go: what still runs is stopped, whoever waits hears why.
    void expireTasks()
    {
        for (const auto &task : taskStore.takeExpired()) {
            qCInfo(lcServer) << "task" << task->taskId << "of" << task->toolName << "expired";
            const auto state = task->call.lock();
            const auto waiters = std::exchange(task->resultWaiters, {});
            for (const Responder &waiter : waiters)
                waiter.respondError(invalidParams(u"the task %1 expired"_s.arg(task->taskId)));
            forgetTask(*task);
            if (state && !task->isTerminal()) {
                task->status = Task::Status::Cancelled;
                state->cancel();
            }
        }
    }

    // The task a tasks/… request names, or the error to answer it with.
    Result<std::shared_ptr<ServerTask>> taskFor(const QJsonObject &params)
    {
        if (!offersTasks())
            return makeError(ErrorCode::MethodNotFound, u"this server runs no tools as tasks"_s);
        const QJsonValue id = params.value(u"taskId");
        if (!id.isString() || id.toString().isEmpty())
            return invalidParams(u"the request needs a taskId (a string)"_s);
        expireTasks();
        if (auto task = taskStore.find(id.toString()))
            return task;
        return invalidParams(u"Task not found: %1 (it may have expired)"_s.arg(id.toString()));
    }

    using OnRequest = std::function<void(const QString &method, std::function<void(const JsonRpcMessage &, const Responder &)> handler,
                                         Eras eras)>;
    void installTaskHandlers(const OnRequest &on);

    // ---- the modern era

    // The 2026-07-28 envelope of a request's _meta: an error when it is missing, malformed or names a
    // revision we do not speak (checked on every request, not only the opening one).
    std::optional<Error> checkEnvelope(const QJsonObject &meta) const
    {
        QStringList missing;
        if (!meta.value(RequestEnvelope::protocolVersionKey).isString())
            missing.append(RequestEnvelope::protocolVersionKey);
        if (!meta.value(RequestEnvelope::clientCapabilitiesKey).isObject())
            missing.append(RequestEnvelope::clientCapabilitiesKey);
        if (!missing.isEmpty()) {
            return invalidParams(u"the request lacks the _meta envelope of MCP %1: %2 must be present (a string and an object)"_s
                                     .arg(ProtocolVersion::modern, missing.join(u", ")));
        }
        const QJsonValue info = meta.value(RequestEnvelope::clientInfoKey);
        if (!info.isUndefined() && !info.isObject())
            return invalidParams(u"%1 in _meta must be an object"_s.arg(RequestEnvelope::clientInfoKey));
        const QJsonValue level = meta.value(RequestEnvelope::logLevelKey);
        if (!level.isUndefined() && !loggingLevelFromString(level.toString()))
            return invalidParams(u"%1 in _meta must be a logging level (debug … emergency)"_s.arg(RequestEnvelope::logLevelKey));
        const QString version = meta.value(RequestEnvelope::protocolVersionKey).toString();
        if (!ProtocolVersion::isSupportedModern(version)) {
            return makeError(ErrorCode::UnsupportedProtocolVersion, u"Unsupported protocol version: %1"_s.arg(version),
                             QJsonObject{{u"supported"_s, QJsonArray::fromStringList(ProtocolVersion::supportedModern())},
                                         {u"requested"_s, version}});
        }
        return std::nullopt;
    }

    // What a valid envelope says about the client, kept for the request being handled.
    void adoptEnvelope(const QJsonObject &meta)
    {
        protocolVersion = meta.value(RequestEnvelope::protocolVersionKey).toString();
        clientCapabilities = meta.value(RequestEnvelope::clientCapabilitiesKey).toObject();
        if (meta.contains(RequestEnvelope::clientInfoKey))
            clientInfo = Implementation::fromJson(meta.value(RequestEnvelope::clientInfoKey).toObject());
        logLevel = loggingLevelFromString(meta.value(RequestEnvelope::logLevelKey).toString());
    }

    // Whether a request may be handled in the connection's era, deciding the era on the opening
    // one; answers the request itself (with an error) when not.
    bool admit(const QString &method, const JsonRpcMessage &request, const Responder &responder, Eras eras)
    {
        const QJsonObject meta = request.params().value(u"_meta").toObject();
        if (phase != Phase::AwaitingInitialize && era == ProtocolEra::Legacy) {
            if (eras == Eras::ModernOnly) {
                responder.respondError(makeError(ErrorCode::MethodNotFound,
                                                 u"%1 belongs to MCP %2, and this connection began with initialize"_s
                                                     .arg(method, ProtocolVersion::modern)));
                return false;
            }
            return true;
        }
        // Before any opening, a request without an envelope is a legacy client that skipped initialize;
        // after a server/discover it is a modern request missing its envelope (-32602 below).
        if (phase == Phase::AwaitingInitialize && era == ProtocolEra::Legacy && method != u"server/discover"
            && !meta.contains(RequestEnvelope::protocolVersionKey)) {
            responder.respondError(makeError(ErrorCode::InvalidRequest,
                                             u"the client must send initialize (MCP 2025-11-25 and earlier) or a request carrying the "
                                             u"_meta envelope of MCP %1 before %2"_s.arg(ProtocolVersion::modern, method)));
            return false;
        }
        if (eras == Eras::LegacyOnly) {
            responder.respondError(makeError(ErrorCode::MethodNotFound,
                                             u"%1 does not exist in MCP %2"_s.arg(method, ProtocolVersion::modern)));
            return false;
        }
        if (const auto error = checkEnvelope(meta)) {
            responder.respondError(*error);
            return false;
        }
        adoptEnvelope(meta);
        era = ProtocolEra::Modern;
        // server/discover alone does not pin the connection: an initialize may still follow.
        if (phase == Phase::AwaitingInitialize && method != u"server/discover") {
            phase = Phase::Ready;
            qCInfo(lcServer) << "client" << clientInfo.name << clientInfo.version << "speaks" << protocolVersion
                             << "(its first request:" << method << ")";
            emit q->initialized();
        }
        return true;
    }

    // A result in the modern era: resultType, and for lists and reads the caching hints the
    // revision requires (ttlMs 0: do not reuse it, the catalog can change at any time).
    void decorate(const QString &method, QJsonObject &result) const
    {
        result.insert(u"resultType", u"complete"_s);
        static const QStringList cacheable{u"tools/list"_s, u"prompts/list"_s, u"resources/list"_s,
                                           u"resources/templates/list"_s, u"resources/read"_s, u"server/discover"_s};
        if (cacheable.contains(method)) {
            if (!result.contains(u"ttlMs"))
                result.insert(u"ttlMs", 0);
            if (!result.contains(u"cacheScope"))
                result.insert(u"cacheScope", u"private"_s);
        }
    }

    static QJsonObject stamped(const RequestId &subscription, QJsonObject params = {})
    {
        QJsonObject meta = params.value(u"_meta").toObject();
        meta.insert(RequestEnvelope::subscriptionIdKey, subscription.toJson());
        params.insert(u"_meta", meta);
        return params;
    }

    // The graceful end of a subscription: the listen request's result.
    void endListen(const Listen &listen) const
    {
        listen.responder.respond(QJsonObject{
            {u"resultType"_s, u"complete"_s},
            {u"_meta"_s, QJsonObject{{RequestEnvelope::subscriptionIdKey, listen.id.toJson()},
                                     {RequestEnvelope::serverInfoKey, serverInfo.toJson()}}}});
    }

    void endSubscriptions()
    {
        const auto open = std::exchange(listens, {});
        for (const Listen &listen : open)
            endListen(listen);
    }

    void handleListen(const JsonRpcMessage &request, const Responder &responder);
    void handleDiscover(const Responder &responder);

    // ---- helpers

    QJsonObject encodeTool(const Tool &tool) const
    {
        QJsonObject json = tool.toJson();
        if (!ProtocolVersion::supportsTitle(protocolVersion))
            json.remove(u"title");
        if (!ProtocolVersion::supportsStructuredContent(protocolVersion))
            json.remove(u"outputSchema");
        if (!ProtocolVersion::supportsIcons(protocolVersion))
            json.remove(u"icons");
        // execution is 2025-11-25's alone: 2026-07-28 removed it again.
        if (!ProtocolVersion::supportsIcons(protocolVersion) || era == ProtocolEra::Modern)
            json.remove(u"execution");
        return json;
    }

    Result<QJsonObject> paginate(const QJsonArray &all, QStringView key, const QJsonObject &params) const
    {
        return paginate(all, key, params, pageSize);
    }

    static Result<QJsonObject> paginate(const QJsonArray &all, QStringView key, const QJsonObject &params, int pageSize)
    {
        qsizetype offset = 0;
        const QJsonValue cursor = params.value(u"cursor");
        if (!cursor.isUndefined() && !cursor.isNull()) {
            const auto decoded = cursor.isString() ? decodeCursor(cursor.toString()) : std::nullopt;
            if (!decoded)
                return invalidParams(u"invalid cursor"_s);
            // The list may have shrunk since the cursor was made; past the end is an empty last page.
            offset = std::min<qsizetype>(*decoded, all.size());
        }
        const qsizetype count = pageSize > 0 ? std::min<qsizetype>(pageSize, all.size() - offset) : all.size() - offset;
        QJsonArray items;
        for (qsizetype i = offset; i < offset + count; ++i)
            items.append(all.at(i));
        QJsonObject page{{key.toString(), items}};
        if (offset + count < all.size())
            page.insert(u"nextCursor", encodeCursor(offset + count));
        return page;
    }

    void answer(const Responder &responder, const Result<QJsonObject> &result, const QString &method = {})
    {
        if (!result) {
            responder.respondError(result.error());
        } else if (era == ProtocolEra::Modern) {
            QJsonObject json = result.value();
            decorate(method, json);
            responder.respond(json);
        } else {
            responder.respond(result.value());
        }
    }

    qsizetype indexOfTool(const QString &name) const
    {
        for (qsizetype i = 0; i < tools.size(); ++i) {
            if (tools.at(i).definition.name == name)
                return i;
        }
        return -1;
    }
    qsizetype indexOfResource(const QString &uri) const
    {
        for (qsizetype i = 0; i < resources.size(); ++i) {
            if (resources.at(i).resource.uri == uri)
                return i;
        }
        return -1;
    }
    qsizetype indexOfTemplate(const QString &uriTemplate) const
    {
        for (qsizetype i = 0; i < templates.size(); ++i) {
            if (templates.at(i).resourceTemplate.uriTemplate == uriTemplate)
                return i;
        }
        return -1;
    }
    qsizetype indexOfPrompt(const QString &name) const
    {
        for (qsizetype i = 0; i < prompts.size(); ++i) {
            if (prompts.at(i).prompt.name == name)
                return i;
        }
        return -1;
    }

    // The template entry matching uri and its variables; nullptr when none matches.
    const TemplateEntry *matchTemplate(const QString &uri, QMap<QString, QString> *variables) const
    {
        for (const TemplateEntry &entry : templates) {
            const auto match = entry.compiled.regex.match(uri);
            if (!match.hasMatch())
                continue;
            if (variables) {
                variables->clear();
                for (qsizetype i = 0; i < entry.compiled.variables.size(); ++i)
                    variables->insert(entry.compiled.variables.at(i),
                                      QUrl::fromPercentEncoding(match.captured(int(i) + 1).toUtf8()));
            }
            return &entry;
        }
        return nullptr;
    }

    bool knowsUri(const QString &uri) const
    {
        return indexOfResource(uri) >= 0 || matchTemplate(uri, nullptr);
    }

    // Change notifications are coalesced until control returns to the event loop, so a burst
    // of registrations makes the client re-list once instead of once per item.
    void listChanged(ListKind kind)
    {
        if (phase != Phase::Ready)
            return;
        if (era == ProtocolEra::Modern
                ? std::none_of(listens.cbegin(), listens.cend(), [kind](const Listen &l) { return (l.lists & kind) != 0; })
                : !(advertisedLists & kind))
            return;
        const bool scheduled = pendingListChanges != 0;
        pendingListChanges |= kind;
        if (!scheduled)
            QMetaObject::invokeMethod(q, [this] { flushListChanges(); }, Qt::QueuedConnection);
    }

    void flushListChanges()
    {
        const int kinds = std::exchange(pendingListChanges, 0);
        if (phase != Phase::Ready)
            return;
        if (era == ProtocolEra::Modern) {
            // Only to the subscriptions that asked for the kind, each stamped with its id.
            const std::pair<ListKind, QString> methods[] = {{ToolsList, u"notifications/tools/list_changed"_s},
                                                            {ResourcesList, u"notifications/resources/list_changed"_s},
                                                            {PromptsList, u"notifications/prompts/list_changed"_s}};
            for (const auto &[kind, method] : methods) {
                if (!(kinds & kind))
                    continue;
                for (const Listen &listen : std::as_const(listens)) {
                    if (listen.lists & kind)
                        peer->sendNotification(method, stamped(listen.id));
                }
            }
            return;
        }
        if (kinds & ToolsList)
            peer->sendNotification(u"notifications/tools/list_changed"_s);
        if (kinds & ResourcesList)
            peer->sendNotification(u"notifications/resources/list_changed"_s);
        if (kinds & PromptsList)
            peer->sendNotification(u"notifications/prompts/list_changed"_s);
    }

    void finish()
    {
        if (phase == Phase::Finished)
            return;
        phase = Phase::Finished;
        listens.clear(); // the connection is gone: nothing to end gracefully
        qCInfo(lcServer) << "the connection closed; cancelling" << activeCalls.size() << "running tool calls";
        const auto calls = std::exchange(activeCalls, {});
        for (const auto &weak : calls) {
            if (const auto state = weak.lock())
                state->cancel();
        }
        // Tasks live as long as the connection that created them.
        const auto tasks = taskStore.all();
        for (const auto &task : tasks)
            cancelTask(task, u"The connection closed."_s);
        emit q->finished();
    }

    QJsonObject capabilities()
    {
        QJsonObject caps;
        advertisedLists = 0;
        // Logging needs nothing registered: the server and every tool can log.
        caps.insert(u"logging", QJsonObject());
        if (!tools.isEmpty()) {
            caps.insert(u"tools", QJsonObject{{u"listChanged"_s, true}});
            advertisedLists |= ToolsList;
        }
        if (!resources.isEmpty() || !templates.isEmpty()) {
            caps.insert(u"resources", QJsonObject{{u"subscribe"_s, true}, {u"listChanged"_s, true}});
            advertisedLists |= ResourcesList;
        }
        if (!prompts.isEmpty()) {
            caps.insert(u"prompts", QJsonObject{{u"listChanged"_s, true}});
            advertisedLists |= PromptsList;
        }
        if (completionHandler)
            caps.insert(u"completions", QJsonObject());
        if (offersTasks()) {
            if (era == ProtocolEra::Modern) {
                caps.insert(u"extensions", QJsonObject{{tasksExtensionName, QJsonObject()}});
            } else {
                caps.insert(u"tasks", QJsonObject{{u"list"_s, QJsonObject()},
                                                  {u"cancel"_s, QJsonObject()},
                                                  {u"requests"_s, QJsonObject{{u"tools"_s, QJsonObject{{u"call"_s, QJsonObject()}}}}}});
            }
        }
        return caps;
    }

    void installHandlers();
    void handleInitialize(const JsonRpcMessage &request, const Responder &responder);
    void handleCallTool(const JsonRpcMessage &request, const Responder &responder);
    Result<QJsonObject> handleReadResource(const QJsonObject &params);
    Result<QJsonObject> handleGetPrompt(const QJsonObject &params);
    Result<QJsonObject> handleComplete(const QJsonObject &params);
    Result<QJsonObject> handleSubscribe(const QJsonObject &params, bool subscribe);
    Result<QJsonObject> handleSetLevel(const QJsonObject &params);
};

void McpServer::Private::installHandlers()
{
    const auto on = [this](const QString &method, std::function<void(const JsonRpcMessage &, const Responder &)> handler,
                           Eras eras = Eras::Both) {
        peer->setRequestHandler(method, [this, method, eras, handler = std::move(handler)](const JsonRpcMessage &request,
                                                                                          const Responder &responder) {
            // The lifecycle: nothing but ping may precede initialize (legacy), every request carries
            // the envelope (modern); the opening request decides which.
            if (admit(method, request, responder, eras))
                handler(request, responder);
        });
    };
    // Synchronous requests: a params → result function.
    const auto onSync = [this, on](const QString &method, std::function<Result<QJsonObject>(const QJsonObject &)> handler,
                                   Eras eras = Eras::Both) {
        on(method, [this, method, handler = std::move(handler)](const JsonRpcMessage &request, const Responder &responder) {
            answer(responder, handler(request.params()), method);
        }, eras);
    };

    peer->setRequestHandler(u"initialize"_s, [this](const JsonRpcMessage &request, const Responder &responder) {
        handleInitialize(request, responder);
    });
    peer->setRequestHandler(u"ping"_s, [this](const JsonRpcMessage &, const Responder &responder) {
        if (isModern()) {
            responder.respondError(makeError(ErrorCode::MethodNotFound,
                                             u"ping does not exist in MCP %1"_s.arg(ProtocolVersion::modern)));
            return;
        }
        responder.respond(QJsonObject());
    });
    on(u"server/discover"_s, [this](const JsonRpcMessage &, const Responder &responder) { handleDiscover(responder); },
       Eras::ModernOnly);
    on(u"subscriptions/listen"_s, [this](const JsonRpcMessage &request, const Responder &responder) {
        handleListen(request, responder);
    }, Eras::ModernOnly);

    onSync(u"tools/list"_s, [this](const QJsonObject &params) {
        QJsonArray all;
        for (const ToolEntry &entry : std::as_const(tools))
            all.append(encodeTool(entry.definition));
        return paginate(all, u"tools", params);
    });
    on(u"tools/call"_s, [this](const JsonRpcMessage &request, const Responder &responder) {
        handleCallTool(request, responder);
    });
    onSync(u"resources/list"_s, [this](const QJsonObject &params) {
        QJsonArray all;
        for (const ResourceEntry &entry : std::as_const(resources))
            all.append(entry.resource.toJson());
        return paginate(all, u"resources", params);
    });
    onSync(u"resources/templates/list"_s, [this](const QJsonObject &params) {
        QJsonArray all;
        for (const TemplateEntry &entry : std::as_const(templates))
            all.append(entry.resourceTemplate.toJson());
        return paginate(all, u"resourceTemplates", params);
    });
    onSync(u"resources/read"_s, [this](const QJsonObject &params) { return handleReadResource(params); });
    onSync(u"resources/subscribe"_s, [this](const QJsonObject &params) { return handleSubscribe(params, true); },
           Eras::LegacyOnly);
    onSync(u"resources/unsubscribe"_s, [this](const QJsonObject &params) { return handleSubscribe(params, false); },
           Eras::LegacyOnly);
    onSync(u"prompts/list"_s, [this](const QJsonObject &params) {
        QJsonArray all;
        for (const PromptEntry &entry : std::as_const(prompts))
            all.append(entry.prompt.toJson());
        return paginate(all, u"prompts", params);
    });
    onSync(u"prompts/get"_s, [this](const QJsonObject &params) { return handleGetPrompt(params); });
    onSync(u"completion/complete"_s, [this](const QJsonObject &params) { return handleComplete(params); });
    onSync(u"logging/setLevel"_s, [this](const QJsonObject &params) { return handleSetLevel(params); }, Eras::LegacyOnly);
    installTaskHandlers(on);

    peer->setNotificationHandler(u"notifications/initialized"_s, [this](const JsonRpcMessage &) {
        if (phase != Phase::AwaitingInitialized) {
            qCWarning(lcServer) << "ignoring notifications/initialized that did not follow initialize";
            return;
        }
        phase = Phase::Ready;
        emit q->initialized();
    });
    peer->setNotificationHandler(u"notifications/cancelled"_s, [](const JsonRpcMessage &) {
        // JsonRpcPeer marks the request cancelled and emits incomingRequestCancelled.
    });
    peer->setFallbackNotificationHandler([](const JsonRpcMessage &message) {
        qCDebug(lcServer) << "ignoring notification" << message.method();
    });
}

void McpServer::Private::installTaskHandlers(const OnRequest &on)
{
    on(u"tasks/get"_s, [this](const JsonRpcMessage &request, const Responder &responder) {
        const auto task = taskFor(request.params());
        if (!task)
            return answer(responder, task.error());
        answer(responder, era == ProtocolEra::Modern ? task.value()->toModernJson(true) : task.value()->toLegacyJson(),
               u"tasks/get"_s);
    }, Eras::Both);

    on(u"tasks/result"_s, [this](const JsonRpcMessage &request, const Responder &responder) {
        const auto task = taskFor(request.params());
        if (!task)
            return responder.respondError(task.error());
        const std::shared_ptr<ServerTask> &found = task.value();
        if (found->isTerminal())
            return answerTaskResult(*found, responder);
        // Blocks until the task ends; meanwhile the task's questions reach the client.
        found->resultWaiters.append(responder);
        sendTaskInputs(found);
    }, Eras::LegacyOnly);

    on(u"tasks/list"_s, [this](const JsonRpcMessage &request, const Responder &responder) {
        if (!offersTasks())
            return responder.respondError(makeError(ErrorCode::MethodNotFound, u"this server runs no tools as tasks"_s));
        expireTasks();
        QJsonArray all;
        for (const auto &task : taskStore.all())
            all.append(task->toLegacyJson());
        // The spec asks for pages here even when other lists come whole.
        constexpr int defaultTaskPage = 50;
        answer(responder, paginate(all, u"tasks", request.params(), pageSize > 0 ? pageSize : defaultTaskPage));
    }, Eras::LegacyOnly);

    on(u"tasks/cancel"_s, [this](const JsonRpcMessage &request, const Responder &responder) {
        const auto task = taskFor(request.params());
        if (era == ProtocolEra::Modern) {
            // The extension acknowledges every cancel, even of a task it does not know (eventual consistency).
            if (!task && task.error().code == int(ErrorCode::MethodNotFound))
                return answer(responder, task.error());
            if (task)
                cancelTask(task.value(), u"Cancelled at the client's request."_s);
            return answer(responder, QJsonObject(), u"tasks/cancel"_s);
        }
        if (!task)
            return responder.respondError(task.error());
        const std::shared_ptr<ServerTask> &found = task.value();
        if (found->isTerminal()) {
            return responder.respondError(invalidParams(u"the task %1 is already %2 and cannot be cancelled"_s
                                                            .arg(found->taskId, ServerTask::statusName(found->status))));
        }
        cancelTask(found, u"Cancelled at the client's request."_s);
        responder.respond(found->toLegacyJson());
    }, Eras::Both);

    on(u"tasks/update"_s, [this](const JsonRpcMessage &request, const Responder &responder) {
        const QJsonObject params = request.params();
        const QJsonValue responses = params.value(u"inputResponses");
        if (!responses.isObject())
            return answer(responder, invalidParams(u"tasks/update needs inputResponses, an object of answers by key"_s));
        const auto task = taskFor(params);
        if (!task && task.error().code == int(ErrorCode::MethodNotFound))
            return answer(responder, task.error());
        // Acknowledged in any case (the extension's rule); answers to questions not open are ignored.
        if (task) {
            QList<std::pair<QString, Result<QJsonObject>>> answers;
            const QJsonObject byKey = responses.toObject();
            for (auto it = byKey.begin(); it != byKey.end(); ++it) {
                if (it.value().isObject())
                    answers.append({it.key(), Result<QJsonObject>(it.value().toObject())});
            }
            deliverTaskInputs(task.value(), answers);
        }
        answer(responder, QJsonObject(), u"tasks/update"_s);
    }, Eras::ModernOnly);
}

void McpServer::Private::handleInitialize(const JsonRpcMessage &request, const Responder &responder)
{
    if (isModern()) {
        // As a modern-only server answers it: the client learns which revision to speak.
        const QString requested = request.params().value(u"protocolVersion").toString();
        responder.respondError(makeError(ErrorCode::UnsupportedProtocolVersion,
                                         u"this connection speaks MCP %1, which has no initialize"_s.arg(ProtocolVersion::modern),
                                         QJsonObject{{u"supported"_s, QJsonArray::fromStringList(ProtocolVersion::supportedModern())},
                                                     {u"requested"_s, requested}}));
        return;
    }
    if (phase != Phase::AwaitingInitialize) {
        responder.respondError(makeError(ErrorCode::InvalidRequest, u"initialize may only be sent once per session"_s));
        return;
    }
    const QJsonObject params = request.params();
    const QJsonValue requested = params.value(u"protocolVersion");
    if (!requested.isString()) {
        responder.respondError(invalidParams(u"initialize needs a protocolVersion string"_s));
        return;
    }
    // The lifecycle rule: answer with the client's revision when we speak it, else our latest;
    // the client then decides whether it can live with ours.
    protocolVersion = ProtocolVersion::isSupportedLegacy(requested.toString())
        ? requested.toString()
        : QString(ProtocolVersion::latestLegacy);
    clientInfo = Implementation::fromJson(params.value(u"clientInfo").toObject());
    clientCapabilities = params.value(u"capabilities").toObject();
    logLevel.reset(); // a server/discover before may have set one from its envelope
    era = ProtocolEra::Legacy;

    QJsonObject result{{u"protocolVersion"_s, protocolVersion},
                       {u"capabilities"_s, capabilities()},
                       {u"serverInfo"_s, serverInfo.toJson()}};
    if (!instructions.isEmpty())
        result.insert(u"instructions", instructions);
    phase = Phase::AwaitingInitialized;
    qCInfo(lcServer) << "client" << clientInfo.name << clientInfo.version << "asked for" << requested.toString()
                     << "; speaking" << protocolVersion;
    responder.respond(result);
}

void McpServer::Private::handleCallTool(const JsonRpcMessage &request, const Responder &responder)
{
    const QJsonObject params = request.params();
    const QJsonValue name = params.value(u"name");
    if (!name.isString()) {
        responder.respondError(invalidParams(u"tools/call needs a tool name"_s));
        return;
    }
    const qsizetype index = indexOfTool(name.toString());
    if (index < 0) {
        responder.respondError(invalidParams(u"Unknown tool: %1"_s.arg(name.toString())));
        return;
    }
    const QJsonValue arguments = params.value(u"arguments");
    if (!arguments.isUndefined() && !arguments.isNull() && !arguments.isObject()) {
        responder.respondError(invalidParams(u"the arguments of tools/call must be an object"_s));
        return;
    }
    if (activeCalls.contains(request.id())) {
        responder.respondError(makeError(ErrorCode::InvalidRequest,
                                         u"request id %1 is already in use by a running call"_s.arg(request.id().toString())));
        return;
    }

    // Whether the call runs as a task: 2025-11-25 asks with a task param, checked against the
    // tool's execution.taskSupport; in 2026-07-28 the server decides, for a request that declares
    // the extension (and never returns a task to one that does not).
    const TaskMode mode = taskModeOf(tools.at(index).definition);
    bool asTask = false;
    std::optional<qint64> requestedTtl;
    if (era == ProtocolEra::Legacy) {
        const QJsonValue taskParam = params.value(u"task");
        const bool wantsTask = !taskParam.isUndefined() && !taskParam.isNull();
        if (wantsTask && !taskParam.isObject()) {
            responder.respondError(invalidParams(u"the task param of tools/call must be an object, such as {\"ttl\": 60000}"_s));
            return;
        }
        // A server that offers no tasks ignores the param, as the spec asks.
        if (offersTasks()) {
            if (wantsTask && mode == TaskMode::Forbidden) {
                responder.respondError(makeError(ErrorCode::MethodNotFound,
                                                 u"the tool \"%1\" cannot run as a task; call it without the task param"_s.arg(name.toString())));
                return;
            }
            if (!wantsTask && mode == TaskMode::Required) {
                responder.respondError(makeError(ErrorCode::MethodNotFound,
                                                 u"the tool \"%1\" runs only as a task; call it with a task param, such as {\"ttl\": 60000}"_s
                                                     .arg(name.toString())));
                return;
            }
            asTask = wantsTask;
            if (const QJsonValue ttl = taskParam.toObject().value(u"ttl"); ttl.isDouble())
                requestedTtl = qint64(ttl.toDouble());
        }
    } else {
        const bool declared = clientCapabilities.value(u"extensions").toObject().contains(tasksExtensionName);
        if (mode == TaskMode::Required && !declared) {
            responder.respondError(makeError(
                ErrorCode::MissingRequiredClientCapability,
                u"the tool \"%1\" runs only as a task, and the request's client capabilities do not declare the extension %2"_s
                    .arg(name.toString(), tasksExtensionName),
                QJsonObject{{u"requiredCapabilities"_s,
                             QJsonObject{{u"extensions"_s, QJsonObject{{tasksExtensionName, QJsonObject()}}}}}}));
            return;
        }
        asTask = declared && mode != TaskMode::Forbidden;
    }
    std::shared_ptr<ServerTask> task;
    if (asTask) {
        expireTasks();
        auto created = taskStore.create(name.toString(), requestedTtl);
        if (!created) {
            responder.respondError(created.error());
            return;
        }
        task = std::move(created).value();
    }

    auto state = std::make_shared<detail::ToolCallState>();
    state->host = this;
    state->responder = responder;
    state->id = request.id();
    state->toolName = name.toString();
    state->arguments = arguments.toObject();
    state->era = era;
    state->clientCapabilities = clientCapabilities;
    if (era == ProtocolEra::Modern) {
        state->logLevel = logLevel;
        state->inputResponses = params.value(u"inputResponses").toObject();
        if (const QJsonValue requestState = params.value(u"requestState"); requestState.isString())
            state->requestState = requestState.toString();
    }
    const QJsonValue token = params.value(u"_meta").toObject().value(u"progressToken");
    if (token.isString() || token.isDouble())
        state->progressToken = token;
    if (task) {
        state->task = task;
        task->call = state;
        // The task exists (tasks/get finds it) before the client hears of it.
        if (era == ProtocolEra::Modern) {
            QJsonObject created = task->toModernJson(false);
            created.insert(u"resultType", u"task"_s);
            responder.respond(created);
        } else {
            responder.respond(QJsonObject{{u"task"_s, task->toLegacyJson()}});
        }
        qCInfo(lcServer) << "running" << state->toolName << "as task" << task->taskId;
    } else {
        activeCalls.insert(state->id, state);
    }

    // Copy the handler: it may remove (and so destroy) its own tool while running.
    const ToolHandler handler = tools.at(index).handler;
    handler(detail::ToolCallState::makeContext(std::move(state)));
}

Result<QJsonObject> McpServer::Private::handleReadResource(const QJsonObject &params)
{
    const QString uri = params.value(u"uri").toString();
    if (uri.isEmpty())
        return invalidParams(u"resources/read needs a uri"_s);

    // Exact resources win over templates; handlers are copied first since they may unregister themselves.
    const auto read = [&]() -> std::optional<std::pair<Result<ReadResourceResult>, QString>> {
        if (const qsizetype index = indexOfResource(uri); index >= 0) {
            const ResourceEntry entry = resources.at(index);
            return std::pair(entry.handler(uri), entry.resource.mimeType);
        }
        QMap<QString, QString> variables;
        if (const TemplateEntry *entry = matchTemplate(uri, &variables)) {
            const QString mimeType = entry->resourceTemplate.mimeType;
            const TemplateReadHandler handler = entry->handler;
            return std::pair(handler(uri, variables), mimeType);
        }
        return std::nullopt;
    }();
    if (!read) {
        // 2026-07-28 says resource-not-found with -32602; the earlier revisions with -32002.
        return makeError(era == ProtocolEra::Modern ? ErrorCode::InvalidParams : ErrorCode::ResourceNotFoundLegacy,
                         u"Resource not found: %1"_s.arg(uri), QJsonObject{{u"uri"_s, uri}});
    }
    const auto &[result, mimeType] = *read;
    if (!result)
        return result.error();
    // Handlers may leave out what the registration already says.
    ReadResourceResult contents = result.value();
    for (ResourceContents &item : contents.contents) {
        if (item.uri.isEmpty())
            item.uri = uri;
        if (item.mimeType.isEmpty())
            item.mimeType = mimeType;
    }
    return contents.toJson();
}

Result<QJsonObject> McpServer::Private::handleSubscribe(const QJsonObject &params, bool subscribe)
{
    const QString uri = params.value(u"uri").toString();
    if (uri.isEmpty())
        return invalidParams(u"a uri is required"_s);
    if (!subscribe) {
        subscriptions.remove(uri);
        return QJsonObject();
    }
    if (!knowsUri(uri))
        return makeError(ErrorCode::ResourceNotFoundLegacy, u"Resource not found: %1"_s.arg(uri),
                         QJsonObject{{u"uri"_s, uri}});
    subscriptions.insert(uri);
    return QJsonObject();
}

void McpServer::Private::handleDiscover(const Responder &responder)
{
    QJsonObject result{{u"supportedVersions"_s, QJsonArray::fromStringList(ProtocolVersion::supportedModern())},
                       {u"capabilities"_s, capabilities()},
                       {u"_meta"_s, QJsonObject{{RequestEnvelope::serverInfoKey, serverInfo.toJson()}}}};
    if (!instructions.isEmpty())
        result.insert(u"instructions", instructions);
    decorate(u"server/discover"_s, result);
    responder.respond(result);
}

void McpServer::Private::handleListen(const JsonRpcMessage &request, const Responder &responder)
{
    const QJsonValue filter = request.params().value(u"notifications");
    if (!filter.isObject()) {
        responder.respondError(invalidParams(u"subscriptions/listen needs \"notifications\", an object saying what to send"_s));
        return;
    }
    const QJsonObject asked = filter.toObject();
    const QJsonValue uris = asked.value(u"resourceSubscriptions");
    if (!uris.isUndefined() && !uris.isArray()) {
        responder.respondError(invalidParams(u"resourceSubscriptions must be a list of resource URIs"_s));
        return;
    }
    if (listens.size() >= 64) {
        responder.respondError(makeError(ErrorCode::InternalError, u"too many open subscriptions (64); cancel one first"_s));
        return;
    }
    // What is honoured: the kinds the server offers (as the capabilities say), and nothing else.
    capabilities(); // sets advertisedLists from what is registered now
    const SubscriptionFilter wanted = SubscriptionFilter::fromJson(asked);
    SubscriptionFilter honored;
    honored.toolsListChanged = wanted.toolsListChanged && (advertisedLists & ToolsList);
    honored.promptsListChanged = wanted.promptsListChanged && (advertisedLists & PromptsList);
    honored.resourcesListChanged = wanted.resourcesListChanged && (advertisedLists & ResourcesList);
    if (advertisedLists & ResourcesList) {
        for (const QString &uri : wanted.resourceSubscriptions) {
            if (!honored.resourceSubscriptions.contains(uri))
                honored.resourceSubscriptions.append(uri);
        }
    }
    Listen listen;
    listen.id = request.id();
    listen.responder = responder;
    listen.lists = (honored.toolsListChanged ? ToolsList : 0) | (honored.promptsListChanged ? PromptsList : 0)
        | (honored.resourcesListChanged ? ResourcesList : 0);
    listen.uris = honored.resourceSubscriptions;
    // The acknowledgement comes first, before any notification of the subscription.
    peer->sendNotification(u"notifications/subscriptions/acknowledged"_s,
                           stamped(listen.id, QJsonObject{{u"notifications"_s, honored.toJson()}}));
    if (honored.isEmpty()) {
        endListen(listen); // nothing will ever be sent on it: end it at once, gracefully
        return;
    }
    qCInfo(lcServer) << "subscription" << listen.id.toString() << "opened for" << honored.toJson().keys();
    listens.append(listen);
}

Result<QJsonObject> McpServer::Private::handleGetPrompt(const QJsonObject &params)
{
    const QString name = params.value(u"name").toString();
    const qsizetype index = indexOfPrompt(name);
    if (index < 0)
        return invalidParams(u"Unknown prompt: %1"_s.arg(name));
    const QJsonValue rawArguments = params.value(u"arguments");
    if (!rawArguments.isUndefined() && !rawArguments.isNull() && !rawArguments.isObject())
        return invalidParams(u"the arguments of prompts/get must be an object"_s);
    const QJsonObject argumentObject = rawArguments.toObject();
    for (auto it = argumentObject.begin(); it != argumentObject.end(); ++it) {
        if (!it.value().isString())
            return invalidParams(u"prompt argument \"%1\" must be a string"_s.arg(it.key()));
    }
    const PromptEntry entry = prompts.at(index);
    const QMap<QString, QString> arguments = stringMap(argumentObject);
    for (const PromptArgument &argument : entry.prompt.arguments) {
        if (argument.required && arguments.value(argument.name).isEmpty())
            return invalidParams(u"the prompt \"%1\" needs the argument \"%2\""_s.arg(name, argument.name));
    }
    const Result<GetPromptResult> result = entry.handler(arguments);
    if (!result)
        return result.error();
    return result.value().toJson();
}

Result<QJsonObject> McpServer::Private::handleComplete(const QJsonObject &params)
{
    if (!completionHandler)
        return makeError(ErrorCode::MethodNotFound, u"this server offers no completions"_s);
    const auto reference = CompletionReference::fromJson(params.value(u"ref").toObject());
    if (!reference)
        return invalidParams(u"completion/complete needs a ref of type ref/prompt or ref/resource"_s);
    if (reference->kind == CompletionReference::Kind::Prompt && indexOfPrompt(reference->nameOrUri) < 0)
        return invalidParams(u"Unknown prompt: %1"_s.arg(reference->nameOrUri));
    if (reference->kind == CompletionReference::Kind::ResourceTemplate && indexOfTemplate(reference->nameOrUri) < 0)
        return invalidParams(u"Unknown resource template: %1"_s.arg(reference->nameOrUri));
    const QJsonObject argument = params.value(u"argument").toObject();
    if (!argument.value(u"name").isString())
        return invalidParams(u"completion/complete needs argument.name"_s);

    CompletionRequest request;
    request.reference = *reference;
    request.argumentName = argument.value(u"name").toString();
    request.value = argument.value(u"value").toString();
    request.arguments = stringMap(params.value(u"context").toObject().value(u"arguments").toObject());
    // Copy: the handler may replace itself.
    const CompletionHandler handler = completionHandler;
    Result<CompleteResult> result = handler(request);
    if (!result)
        return result.error();
    CompleteResult complete = std::move(result).value();
    constexpr qsizetype maxValues = 100; // the spec's cap per response
    if (complete.values.size() > maxValues) {
        complete.total = std::max<int>(complete.total.value_or(0), int(complete.values.size()));
        complete.values.resize(maxValues);
        complete.hasMore = true;
    }
    return complete.toJson();
}

Result<QJsonObject> McpServer::Private::handleSetLevel(const QJsonObject &params)
{
    const auto level = loggingLevelFromString(params.value(u"level").toString());
    if (!level)
        return invalidParams(u"unknown logging level \"%1\""_s.arg(params.value(u"level").toString()));
    logLevel = level;
    return QJsonObject();
}

// ---- McpServer --------------------------------------------------------------------------------

McpServer::McpServer(Transport *transport, Implementation serverInfo, QString instructions, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>())
{
    Q_ASSERT(transport);
    d->q = this;
    d->transport = transport;
    d->serverInfo = std::move(serverInfo);
    d->instructions = std::move(instructions);
    d->peer = std::make_unique<JsonRpcPeer>(transport);
    d->peer->setRemote(JsonRpcPeer::Remote::Client);
    d->installHandlers();

    connect(d->peer.get(), &JsonRpcPeer::incomingRequestCancelled, this,
            [this](const RequestId &id, const QString &reason) {
                // A subscription ends when the client cancels its listen request; JSON-RPC forbids
                // answering a cancelled request, so nothing more is sent for it.
                const auto listen = std::find_if(d->listens.cbegin(), d->listens.cend(),
                                                 [&id](const Private::Listen &l) { return l.id == id; });
                if (listen != d->listens.cend()) {
                    qCInfo(lcServer) << "the client ended subscription" << id.toString() << reason;
                    d->listens.erase(listen);
                    return;
                }
                const auto state = d->activeCalls.value(id).lock();
                if (!state)
                    return;
                qCInfo(lcServer) << "the client cancelled call" << id.toString() << "of" << state->toolName << reason;
                state->cancel();
            });
    connect(d->peer.get(), &JsonRpcPeer::protocolViolation, this, [](const QString &description) {
        qCWarning(lcServer) << "protocol violation by the client:" << description;
    });
    connect(transport, &Transport::closed, this, [this] { d->finish(); });
}

McpServer::~McpServer() = default;

void McpServer::start()
{
    if (d->transport && d->transport->state() == Transport::State::Idle)
        d->transport->start();
}

void McpServer::setPageSize(int pageSize) { d->pageSize = std::max(0, pageSize); }

void McpServer::setTaskLimits(const TaskLimits &limits)
{
    ServerTaskStore::Limits store;
    store.maxTasks = std::max(1, limits.maxTasks);
    store.defaultTtlMs = std::max<qint64>(1, limits.defaultTtlMs);
    store.minTtlMs = std::min<qint64>(1000, store.defaultTtlMs);
    store.maxTtlMs = std::max(store.defaultTtlMs, limits.maxTtlMs);
    store.pollIntervalMs = std::max<qint64>(1, limits.pollIntervalMs);
    d->taskStore.setLimits(store);
}

int McpServer::taskCount() const { return int(d->taskStore.all().size()); }
int McpServer::pageSize() const { return d->pageSize; }

Result<void> McpServer::addTool(const Tool &definition, ToolHandler handler)
{
    if (!toolNamePattern().match(definition.name).hasMatch())
        return invalidParams(u"invalid tool name \"%1\": use 1 to 128 of A-Z a-z 0-9 _ - ."_s.arg(definition.name));
    if (!handler)
        return invalidParams(u"the tool \"%1\" has no handler"_s.arg(definition.name));
    Private::ToolEntry entry{definition, std::move(handler)};
    if (const qsizetype index = d->indexOfTool(definition.name); index >= 0)
        d->tools[index] = std::move(entry);
    else
        d->tools.append(std::move(entry));
    d->listChanged(Private::ToolsList);
    return {};
}

bool McpServer::removeTool(const QString &name)
{
    const qsizetype index = d->indexOfTool(name);
    if (index < 0)
        return false;
    d->tools.removeAt(index);
    d->listChanged(Private::ToolsList);
    return true;
}

bool McpServer::hasTool(const QString &name) const { return d->indexOfTool(name) >= 0; }

QList<Tool> McpServer::tools() const
{
    QList<Tool> out;
    out.reserve(d->tools.size());
    for (const Private::ToolEntry &entry : std::as_const(d->tools))
        out.append(entry.definition);
    return out;
}

Result<void> McpServer::addResource(const Resource &resource, ResourceReadHandler handler)
{
    if (resource.uri.isEmpty() || resource.name.isEmpty())
        return invalidParams(u"a resource needs a uri and a name"_s);
    if (!handler)
        return invalidParams(u"the resource %1 has no handler"_s.arg(resource.uri));
    Private::ResourceEntry entry{resource, std::move(handler)};
    if (const qsizetype index = d->indexOfResource(resource.uri); index >= 0)
        d->resources[index] = std::move(entry);
    else
        d->resources.append(std::move(entry));
    d->listChanged(Private::ResourcesList);
    return {};
}

bool McpServer::removeResource(const QString &uri)
{
    const qsizetype index = d->indexOfResource(uri);
    if (index < 0)
        return false;
    d->resources.removeAt(index);
    d->listChanged(Private::ResourcesList);
    return true;
}

Result<void> McpServer::addResourceTemplate(const ResourceTemplate &resourceTemplate, TemplateReadHandler handler)
{
    if (resourceTemplate.uriTemplate.isEmpty() || resourceTemplate.name.isEmpty())
        return invalidParams(u"a resource template needs a uriTemplate and a name"_s);
    if (!handler)
        return invalidParams(u"the resource template %1 has no handler"_s.arg(resourceTemplate.uriTemplate));
    auto compiled = compileTemplate(resourceTemplate.uriTemplate);
    if (!compiled)
        return invalidParams(u"the URI template %1 uses more than simple {name} expressions"_s.arg(resourceTemplate.uriTemplate));
    Private::TemplateEntry entry{resourceTemplate, std::move(*compiled), std::move(handler)};
    if (const qsizetype index = d->indexOfTemplate(resourceTemplate.uriTemplate); index >= 0)
        d->templates[index] = std::move(entry);
    else
        d->templates.append(std::move(entry));
    d->listChanged(Private::ResourcesList);
    return {};
}

bool McpServer::removeResourceTemplate(const QString &uriTemplate)
{
    const qsizetype index = d->indexOfTemplate(uriTemplate);
    if (index < 0)
        return false;
    d->templates.removeAt(index);
    d->listChanged(Private::ResourcesList);
    return true;
}

Result<void> McpServer::addPrompt(const Prompt &prompt, PromptHandler handler)
{
    if (prompt.name.isEmpty())
        return invalidParams(u"a prompt needs a name"_s);
    if (!handler)
        return invalidParams(u"the prompt %1 has no handler"_s.arg(prompt.name));
    Private::PromptEntry entry{prompt, std::move(handler)};
    if (const qsizetype index = d->indexOfPrompt(prompt.name); index >= 0)
        d->prompts[index] = std::move(entry);
    else
        d->prompts.append(std::move(entry));
    d->listChanged(Private::PromptsList);
    return {};
}

bool McpServer::removePrompt(const QString &name)
{
    const qsizetype index = d->indexOfPrompt(name);
    if (index < 0)
        return false;
    d->prompts.removeAt(index);
    d->listChanged(Private::PromptsList);
    return true;
}

void McpServer::setCompletionHandler(CompletionHandler handler)
{
    d->completionHandler = std::move(handler);
}

void McpServer::notifyResourceUpdated(const QString &uri)
{
    if (d->phase != Private::Phase::Ready)
        return;
    if (d->era == ProtocolEra::Modern) {
        for (const Private::Listen &listen : std::as_const(d->listens)) {
            if (listen.uris.contains(uri))
                d->peer->sendNotification(u"notifications/resources/updated"_s, d->stamped(listen.id, {{u"uri"_s, uri}}));
        }
        return;
    }
    if (!d->subscriptions.contains(uri))
        return;
    d->peer->sendNotification(u"notifications/resources/updated"_s, {{u"uri"_s, uri}});
}

bool McpServer::isSubscribed(const QString &uri) const
{
    if (d->era == ProtocolEra::Modern)
        return std::any_of(d->listens.cbegin(), d->listens.cend(), [&uri](const Private::Listen &l) { return l.uris.contains(uri); });
    return d->subscriptions.contains(uri);
}

QList<RequestId> McpServer::subscriptionIds() const
{
    QList<RequestId> ids;
    for (const Private::Listen &listen : std::as_const(d->listens))
        ids.append(listen.id);
    return ids;
}

void McpServer::endSubscriptions() { d->endSubscriptions(); }

void McpServer::log(LoggingLevel level, const QJsonValue &data, const QString &logger)
{
    d->sendLog(level, data, logger);
}

bool McpServer::isInitialized() const { return d->phase == Private::Phase::Ready; }
ProtocolEra McpServer::era() const { return d->era; }
QString McpServer::protocolVersion() const { return d->protocolVersion; }
const Implementation &McpServer::clientInfo() const { return d->clientInfo; }
QJsonObject McpServer::clientCapabilities() const { return d->clientCapabilities; }
std::optional<LoggingLevel> McpServer::clientLogLevel() const { return d->logLevel; }

std::optional<QMap<QString, QString>> McpServer::matchUriTemplate(const QString &uriTemplate, const QString &uri)
{
    const auto compiled = compileTemplate(uriTemplate);
    if (!compiled)
        return std::nullopt;
    const auto match = compiled->regex.match(uri);
    if (!match.hasMatch())
        return std::nullopt;
    QMap<QString, QString> variables;
    for (qsizetype i = 0; i < compiled->variables.size(); ++i)
        variables.insert(compiled->variables.at(i), QUrl::fromPercentEncoding(match.captured(int(i) + 1).toUtf8()));
    return variables;
}

CompleteResult McpServer::completeFrom(const QStringList &candidates, const QString &typed)
{
    CompleteResult result;
    int total = 0;
    for (const QString &candidate : candidates) {
        if (!candidate.startsWith(typed, Qt::CaseInsensitive))
            continue;
        ++total;
        if (result.values.size() < 100)
            result.values.append(candidate);
    }
    result.total = total;
    result.hasMore = total > result.values.size();
    return result;
}

} // namespace Toolgate

#include "moc_mcpserver.cpp"
