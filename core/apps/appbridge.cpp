#include "core/apps/appbridge.h"

#include "core/apps/apphost.h"
#include "core/calls/toolcall.h"
#include "core/common/logging.h"
#include "core/common/error.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <utility>

namespace Toolgate {

namespace {

// The spec's "implementation-defined" error for refusals the view should show, not retry.
constexpr int refusedCode = -32000;

// How many bytes of content a read brought: what the view would be sent (base64 as received).
qsizetype contentBytes(const ReadResourceResult &result)
{
    qsizetype bytes = 0;
    for (const ResourceContents &contents : result.contents)
        bytes += contents.text ? contents.text->size() : contents.blob.size();
    return bytes;
}

QString readableText(const QJsonValue &content)
{
    // ui/message carries one block, ui/update-model-context a list; text blocks are what a person reads.
    QStringList parts;
    const QJsonArray blocks = content.isArray() ? content.toArray() : QJsonArray{content};
    for (const QJsonValue &block : blocks) {
        const QJsonObject object = block.toObject();
        if (object.value(u"type").toString() == u"text")
            parts.append(object.value(u"text").toString());
        else if (!object.isEmpty())
            parts.append(QStringLiteral("[%1 content]").arg(object.value(u"type").toString()));
    }
    return parts.join(u'\n');
}

} // namespace

AppBridge::AppBridge(AppHost *host, AppViewContext context, AppHostEnvironment environment, QObject *parent)
    : QObject(parent)
    , m_host(host)
    , m_context(std::move(context))
    , m_environment(std::move(environment))
{
    Q_ASSERT(host);
    m_teardownTimer.setSingleShot(true);
    m_teardownTimer.setInterval(teardownGraceMs);
    connect(&m_teardownTimer, &QTimer::timeout, this, &AppBridge::finishTeardown);
    m_summaryTimer.setSingleShot(true);
    m_summaryTimer.setInterval(m_limits.summaryIntervalMs);
    connect(&m_summaryTimer, &QTimer::timeout, this, &AppBridge::summariseFloods);
}

AppBridge::~AppBridge()
{
    for (const QPointer<ToolCall> &call : std::as_const(m_calls)) {
        if (call) {
            call->disconnect(this);
            call->cancel(QStringLiteral("the app view was closed"));
        }
    }
    recordUnrecordedLinks();
}

void AppBridge::setLimits(const AppBridgeLimits &limits)
{
    m_limits = limits;
    m_messageBudget = TokenBucket(limits.messageBurst, limits.messagesPerSecond);
    m_callBudget = TokenBucket(limits.callBurst, limits.callsPerSecond);
    m_summaryTimer.setInterval(limits.summaryIntervalMs);
}

void AppBridge::receive(const QString &raw)
{
    if (m_tornDown)
        return;
    // By length, before anything is copied or parsed: a message beyond the limit is not read at all.
    if (raw.size() > maxMessageBytes) {
        refusedInFlood(Flood::Messages, tr("the app sent a message of %1 characters; more than %2 is ignored").arg(raw.size()).arg(maxMessageBytes));
        return;
    }
    // A flood is dropped unread: parsing and answering it is the work it would make us do. The
    // view hears it once (with no id: which requests were dropped is not read either).
    const double cost = 1.0 + double(raw.size() / qMax<qsizetype>(1, m_limits.bytesPerMessageCost));
    if (!m_messageBudget.take(cost)) {
        const bool first = !m_floods[int(Flood::Messages)].told;
        refusedInFlood(Flood::Messages, tr("the app sends messages faster than Toolgate takes them (more than %1 a second); the extra ones are dropped unread")
                                            .arg(m_limits.messagesPerSecond));
        if (first)
            refuse(RequestId(), refusedCode, QStringLiteral("too many messages: Toolgate dropped some unread; send at most %1 a second").arg(m_limits.messagesPerSecond));
        return;
    }
    const auto parsed = JsonRpcMessage::parse(raw.toUtf8());
    if (!parsed) {
        emit problem(tr("the app sent something that is not JSON-RPC: %1").arg(parsed.error().message));
        return;
    }
    // A batch is no way around the budget: every message in it after the first counts.
    bool first = true;
    for (const JsonRpcMessage &message : parsed.value()) {
        if (!std::exchange(first, false) && !m_messageBudget.take()) {
            refusedInFlood(Flood::Messages, tr("the app sent a batch of %1 messages, more than Toolgate takes at once; the rest were refused")
                                                .arg(parsed.value().size()));
            if (message.kind() == JsonRpcMessage::Kind::Request)
                refuse(message.id(), refusedCode, QStringLiteral("too many messages at once; this one was refused"));
            continue;
        }
        handle(message);
    }
}

void AppBridge::handle(const JsonRpcMessage &message)
{
    switch (message.kind()) {
    case JsonRpcMessage::Kind::Request:
        handleRequest(message);
        break;
    case JsonRpcMessage::Kind::Notification:
        handleNotification(message);
        break;
    case JsonRpcMessage::Kind::Response:
    case JsonRpcMessage::Kind::ErrorResponse:
        if (m_teardownId.isValid() && message.id() == m_teardownId)
            finishTeardown();
        break;
    }
}

void AppBridge::handleRequest(const JsonRpcMessage &message)
{
    const QString &method = message.method();
    if (m_tearingDown) {
        refuse(message.id(), refusedCode, QStringLiteral("the view is closing"));
        return;
    }
    if (method == u"ui/initialize")
        initialize(message);
    else if (method == u"ping")
        respond(message.id(), QJsonObject());
    else if (method == u"tools/call")
        callTool(message);
    else if (method == u"resources/read")
        readResource(message);
    else if (method == u"ui/open-link")
        openLink(message);
    else if (method == u"ui/message") {
        const QString role = message.params().value(u"role").toString(QStringLiteral("user"));
        emit messageFromApp(role, readableText(message.params().value(u"content")));
        respond(message.id(), QJsonObject());
    } else if (method == u"ui/update-model-context") {
        QString text = readableText(message.params().value(u"content"));
        if (message.params().value(u"structuredContent").isObject()) {
            const QByteArray json = QJsonDocument(message.params().value(u"structuredContent").toObject()).toJson(QJsonDocument::Compact);
            text += (text.isEmpty() ? QString() : QStringLiteral("\n")) + QString::fromUtf8(json);
        }
        emit modelContextUpdated(text);
        respond(message.id(), QJsonObject());
    } else if (method == u"ui/request-display-mode") {
        // Toolgate shows views inline only; the answer says so whatever was asked.
        respond(message.id(), QJsonObject{{QStringLiteral("mode"), QStringLiteral("inline")}});
    } else {
        refuse(message.id(), int(ErrorCode::MethodNotFound), QStringLiteral("Toolgate does not offer %1 to apps").arg(method));
    }
}

void AppBridge::handleNotification(const JsonRpcMessage &message)
{
    const QString &method = message.method();
    if (method == u"ui/notifications/initialized") {
        if (m_initialized || m_tearingDown)
            return;
        m_initialized = true;
        emit initialized();
        flushAfterInitialized();
    } else if (method == u"ui/notifications/size-changed") {
        const QJsonObject p = message.params();
        const auto dimension = [](const QJsonValue &v) { return v.isDouble() ? int(qBound(0.0, v.toDouble(), 100000.0)) : -1; };
        emit sizeChanged(dimension(p.value(u"width")), dimension(p.value(u"height")));
    } else if (method == u"notifications/message") {
        emit logMessage(LogMessage::fromJson(message.params()));
    } else if (method == u"ui/notifications/request-teardown") {
        // Draft: the view asks to be closed. Toolgate leaves that to the person.
    }
    // Other notifications (e.g. notifications/cancelled for requests we answer at once) need nothing.
}

void AppBridge::initialize(const JsonRpcMessage &message)
{
    // The frame may ask for what the resource declares (its allow attribute says so); each one is
    // then the person's decision, as in a browser. Undeclared permissions are refused unasked.
    QJsonObject permissions;
    for (const QString &permission : std::as_const(m_context.resource.meta.permissions))
        permissions.insert(permission, QJsonObject());
    QJsonObject sandbox;
    sandbox.insert(QStringLiteral("permissions"), permissions);
    if (const auto &domains = m_context.resource.meta.csp) {
        QJsonObject csp;
        const auto list = [](const QStringList &l) { return QJsonArray::fromStringList(l); };
        csp.insert(QStringLiteral("connectDomains"), list(domains->connectDomains));
        csp.insert(QStringLiteral("resourceDomains"), list(domains->resourceDomains));
        csp.insert(QStringLiteral("frameDomains"), list(domains->frameDomains));
        csp.insert(QStringLiteral("baseUriDomains"), list(domains->baseUriDomains));
        sandbox.insert(QStringLiteral("csp"), csp);
    }
    const QJsonObject capabilities{
        {QStringLiteral("openLinks"), QJsonObject()},
        {QStringLiteral("serverTools"), QJsonObject()},
        {QStringLiteral("serverResources"), QJsonObject()},
        {QStringLiteral("logging"), QJsonObject()},
        {QStringLiteral("sandbox"), sandbox},
    };
    respond(message.id(), QJsonObject{
        {QStringLiteral("protocolVersion"), McpApps::protocolVersion()},
        {QStringLiteral("hostCapabilities"), capabilities},
        {QStringLiteral("hostInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("toolgate")},
                                                 {QStringLiteral("version"), QStringLiteral(TOOLGATE_VERSION)}}},
        {QStringLiteral("hostContext"), hostContext()},
    });
}

QJsonObject AppBridge::hostContext() const
{
    QJsonObject dimensions;
    if (m_environment.containerWidth > 0)
        dimensions.insert(QStringLiteral("width"), m_environment.containerWidth);
    if (m_environment.maxHeight > 0)
        dimensions.insert(QStringLiteral("maxHeight"), m_environment.maxHeight);
    QJsonObject context{
        {QStringLiteral("toolInfo"), QJsonObject{{QStringLiteral("tool"), m_context.tool.toJson()}}},
        {QStringLiteral("theme"), m_environment.theme},
        {QStringLiteral("displayMode"), QStringLiteral("inline")},
        {QStringLiteral("availableDisplayModes"), QJsonArray{QStringLiteral("inline")}},
        {QStringLiteral("containerDimensions"), dimensions},
        {QStringLiteral("platform"), QStringLiteral("desktop")},
        {QStringLiteral("userAgent"), QStringLiteral("Toolgate/" TOOLGATE_VERSION)},
    };
    if (!m_environment.styleVariables.isEmpty())
        context.insert(QStringLiteral("styles"), QJsonObject{{QStringLiteral("variables"), m_environment.styleVariables}});
    if (!m_environment.locale.isEmpty())
        context.insert(QStringLiteral("locale"), m_environment.locale);
    if (!m_environment.timeZone.isEmpty())
        context.insert(QStringLiteral("timeZone"), m_environment.timeZone);
    return context;
}

void AppBridge::flushAfterInitialized()
{
    // Nothing goes to the view before it said initialized; then the input once, then the result.
    if (!m_initialized || m_tearingDown)
        return;
    if (!m_toolInputSent) {
        m_toolInputSent = true;
        post(JsonRpcMessage::notification(QStringLiteral("ui/notifications/tool-input"),
                                          QJsonObject{{QStringLiteral("arguments"), m_context.arguments}}));
    }
    if (m_resultSent)
        return;
    if (m_toolResult) {
        m_resultSent = true;
        post(JsonRpcMessage::notification(QStringLiteral("ui/notifications/tool-result"), m_toolResult->toJson()));
    } else if (m_cancelReason) {
        m_resultSent = true;
        post(JsonRpcMessage::notification(QStringLiteral("ui/notifications/tool-cancelled"),
                                          QJsonObject{{QStringLiteral("reason"), *m_cancelReason}}));
    }
}

void AppBridge::setToolResult(const CallToolResult &result)
{
    if (m_toolResult || m_cancelReason)
        return;
    m_toolResult = result;
    flushAfterInitialized();
}

void AppBridge::setToolCancelled(const QString &reason)
{
    if (m_toolResult || m_cancelReason)
        return;
    m_cancelReason = reason;
    flushAfterInitialized();
}

void AppBridge::setEnvironment(const AppHostEnvironment &environment)
{
    if (environment == m_environment)
        return;
    m_environment = environment;
    if (m_initialized && !m_tearingDown)
        post(JsonRpcMessage::notification(QStringLiteral("ui/notifications/host-context-changed"), hostContext()));
}

void AppBridge::callTool(const JsonRpcMessage &message)
{
    const QJsonObject &params = message.params();
    const QString name = params.value(u"name").toString();
    if (name.isEmpty() || (params.contains(u"arguments") && !params.value(u"arguments").isObject())) {
        refuse(message.id(), int(ErrorCode::InvalidParams), QStringLiteral("tools/call needs a tool name and an arguments object"));
        return;
    }
    // However an app asks, it cannot flood the person with questions or the server with calls.
    if (callsAwaitingApproval() >= m_limits.maxCallsAwaitingApproval || m_calls.size() >= m_limits.maxCallsInFlight) {
        const QString text = tr("the app asked to call %1 while %2 of its calls were still waiting or running; Toolgate refuses more until they finish")
                                 .arg(name.left(200)).arg(m_calls.size());
        refusedInFlood(Flood::Calls, text);
        refuse(message.id(), refusedCode, text);
        return;
    }
    if (!m_callBudget.take()) {
        const QString text = tr("the app calls tools faster than Toolgate allows (%1 a second); the call to %2 was refused and nothing was sent")
                                 .arg(m_limits.callsPerSecond).arg(name.left(200));
        refusedInFlood(Flood::Calls, text);
        refuse(message.id(), refusedCode, text);
        return;
    }
    // Only the app's own server, and only tools it may call: refused here, before anyone is asked.
    const std::optional<Tool> tool = m_host->tool(m_context.server.name, name);
    if (!tool) {
        const QString text = QCoreApplication::translate("Toolgate::AppBridge", "the app asked to call %1, which %2 does not offer; apps may only call tools of their own server")
                                 .arg(name, m_context.server.name);
        emit problem(text);
        refuse(message.id(), refusedCode, text);
        return;
    }
    if (!AppToolMeta::of(*tool).visibleToApp) {
        const QString text = QCoreApplication::translate("Toolgate::AppBridge", "the app asked to call %1, which its server does not make visible to apps").arg(name);
        emit problem(text);
        refuse(message.id(), refusedCode, text);
        return;
    }
    Error error;
    ToolCall *call = m_host->callTool(m_context.server, name, params.value(u"arguments").toObject(), m_context.originCallId, this, &error);
    if (!call) {
        refuse(message.id(), refusedCode, error.message.isEmpty() ? QStringLiteral("the call could not start") : error.message);
        return;
    }
    m_calls.append(call);
    const RequestId id = message.id();
    connect(call, &ToolCall::finished, this, [this, call, id] {
        m_calls.removeAll(call);
        call->deleteLater();
        const ToolCallOutcome &outcome = call->outcome();
        switch (outcome.kind) {
        case ToolCallOutcome::Kind::Succeeded:
        case ToolCallOutcome::Kind::ToolError:
            respond(id, outcome.result.toJson());
            break;
        case ToolCallOutcome::Kind::Denied:
            refuse(id, refusedCode, outcome.decision.reason.isEmpty()
                                        ? QStringLiteral("The call was denied; nothing was sent")
                                        : QStringLiteral("The call was denied; nothing was sent: %1").arg(outcome.decision.reason));
            break;
        case ToolCallOutcome::Kind::InvalidArguments:
            refuse(id, int(ErrorCode::InvalidParams), QStringLiteral("invalid arguments: %1").arg(outcome.inputProblems.join(QStringLiteral("; "))));
            break;
        case ToolCallOutcome::Kind::Cancelled:
            refuse(id, refusedCode, QStringLiteral("The call was cancelled"));
            break;
        case ToolCallOutcome::Kind::Failed:
        case ToolCallOutcome::Kind::Pending:
            // Errors the server sent pass through; our own (connection lost, …) become -32000.
            refuse(id, outcome.error.code > -33000 && outcome.error.code != 0 ? outcome.error.code : refusedCode,
                   outcome.error.message);
            break;
        }
    });
}

void AppBridge::readResource(const JsonRpcMessage &message)
{
    const QString uri = message.params().value(u"uri").toString();
    if (uri.isEmpty()) {
        refuse(message.id(), int(ErrorCode::InvalidParams), QStringLiteral("resources/read needs a uri"));
        return;
    }
    // A few at a time: each answer may be large, and the view's copies of it add up.
    if (m_readsInFlight >= m_limits.maxReadsInFlight) {
        if (qsizetype(m_waitingReads.size()) >= m_limits.maxReadsWaiting) {
            const QString text = tr("the app asked to read %1 while %2 of its reads were waiting; Toolgate refuses more until they finish")
                                     .arg(uri.left(200)).arg(m_waitingReads.size());
            refusedInFlood(Flood::Reads, text);
            refuse(message.id(), refusedCode, text);
            return;
        }
        m_waitingReads.push_back({message.id(), uri});
        return;
    }
    startRead(message.id(), uri);
}

void AppBridge::startRead(const RequestId &id, const QString &uri)
{
    ++m_readsInFlight;
    m_host->readResource(m_context.server.name, uri, this, [this, id, uri](const Result<ReadResourceResult> &result) {
        --m_readsInFlight;
        AppRequestRecord record;
        record.method = QStringLiteral("resources/read");
        record.params = QJsonObject{{QStringLiteral("uri"), uri}};
        if (!result) {
            record.error = result.error();
            refuse(id, result.error().code > -33000 && result.error().code != 0 ? result.error().code : refusedCode,
                   result.error().message);
        } else if (const qsizetype bytes = contentBytes(result.value()); bytes > m_limits.maxReadBytes) {
            const QString text = tr("the app read %1, which is %2 MB; apps are given at most %3 MB")
                                     .arg(uri.left(200)).arg(double(bytes) / (1024 * 1024), 0, 'f', 1).arg(m_limits.maxReadBytes / (1024 * 1024));
            record.error = Error{refusedCode, text, {}};
            refusedInFlood(Flood::Reads, text);
            refuse(id, refusedCode, text);
        } else {
            record.result = QJsonObject{{QStringLiteral("bytes"), bytes}};
            respond(id, result->toJson());
        }
        m_host->recordAppRequest(m_context.server, record, m_context.originCallId);
        startWaitingReads();
    });
}

void AppBridge::startWaitingReads()
{
    while (m_readsInFlight < m_limits.maxReadsInFlight && !m_waitingReads.empty() && !m_tearingDown) {
        const WaitingRead read = m_waitingReads.front();
        m_waitingReads.pop_front();
        startRead(read.id, read.uri);
    }
}

int AppBridge::callsAwaitingApproval() const
{
    return int(std::count_if(m_calls.cbegin(), m_calls.cend(), [](const QPointer<ToolCall> &call) {
        return call && (call->stage() == ToolCall::Stage::Validating || call->stage() == ToolCall::Stage::AwaitingApproval);
    }));
}

void AppBridge::openLink(const JsonRpcMessage &message)
{
    const QUrl url(message.params().value(u"url").toString(), QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || !(scheme == u"https" || scheme == u"http" || scheme == u"mailto")) {
        const QString text = tr("the app asked to open %1; only web and mail links can be opened")
                                 .arg(message.params().value(u"url").toString().left(200));
        refusedInFlood(Flood::Links, text);
        // The first few are recorded as they come; the rest of the interval in one row.
        if (m_linksRecordedInInterval < m_limits.refusedLinksRecorded) {
            ++m_linksRecordedInInterval;
            m_host->recordLinkRequest(m_context.server, url, ApprovalDecision::deny(tr("not a web or mail link")), m_context.originCallId);
        } else {
            ++m_linksUnrecorded;
        }
        refuse(message.id(), refusedCode, QStringLiteral("Invalid URL"));
        return;
    }
    const int question = m_nextQuestion++;
    m_linkQuestions.insert(question, message.id());
    m_linkUrls.insert(question, url);
    emit openLinkRequested(question, url);
}

void AppBridge::answerOpenLink(int question, bool allowed)
{
    const auto it = m_linkQuestions.find(question);
    if (it == m_linkQuestions.end())
        return;
    const RequestId id = *it;
    m_linkQuestions.erase(it);
    const QUrl url = m_linkUrls.take(question);
    ApprovalDecision decision;
    decision.kind = allowed ? ApprovalDecision::Kind::AllowOnce : ApprovalDecision::Kind::Deny;
    m_host->recordLinkRequest(m_context.server, url, decision, m_context.originCallId);
    if (allowed)
        respond(id, QJsonObject());
    else
        refuse(id, refusedCode, QStringLiteral("Link opening denied by user"));
}

void AppBridge::refusedInFlood(Flood kind, const QString &text)
{
    FloodTally &tally = m_floods[int(kind)];
    if (!tally.told) {
        tally.told = true;
        emit problem(text);
    } else {
        ++tally.untold;
    }
    if (!m_summaryTimer.isActive())
        m_summaryTimer.start();
}

void AppBridge::summariseFloods()
{
    for (int kind = 0; kind < int(Flood::Count); ++kind) {
        FloodTally &tally = m_floods[kind];
        const int untold = std::exchange(tally.untold, 0);
        tally.told = false;
        if (untold == 0)
            continue;
        switch (Flood(kind)) {
        case Flood::Messages: emit problem(tr("… and %n more messages from this app dropped or refused", nullptr, untold)); break;
        case Flood::Calls: emit problem(tr("… and %n more tool calls of this app refused", nullptr, untold)); break;
        case Flood::Links: emit problem(tr("… and %n more refused links from this app", nullptr, untold)); break;
        case Flood::Reads: emit problem(tr("… and %n more resource reads of this app refused", nullptr, untold)); break;
        case Flood::Count: break;
        }
    }
    recordUnrecordedLinks();
}

void AppBridge::recordUnrecordedLinks()
{
    m_linksRecordedInInterval = 0;
    const int unrecorded = std::exchange(m_linksUnrecorded, 0);
    if (unrecorded == 0)
        return;
    AppRequestRecord record;
    record.method = QStringLiteral("ui/open-link");
    record.params = QJsonObject{{QStringLiteral("refusedLinks"), unrecorded}};
    record.decision = ApprovalDecision::deny(tr("not a web or mail link"));
    record.error = Error{refusedCode, tr("… and %n more refused links from this app", nullptr, unrecorded), {}};
    m_host->recordAppRequest(m_context.server, record, m_context.originCallId);
}

void AppBridge::teardown(const QString &reason)
{
    if (m_tearingDown)
        return;
    m_tearingDown = true;
    for (const WaitingRead &read : m_waitingReads)
        refuse(read.id, refusedCode, QStringLiteral("the view is closing"));
    m_waitingReads.clear();
    recordUnrecordedLinks();
    for (const QPointer<ToolCall> &call : std::as_const(m_calls)) {
        if (call)
            call->cancel(QStringLiteral("the app view was closed"));
    }
    const QList<int> questions = m_linkQuestions.keys();
    for (int question : questions) {
        m_host->recordLinkRequest(m_context.server, m_linkUrls.value(question),
                                  ApprovalDecision::deny(QCoreApplication::translate("Toolgate::AppBridge", "the view closed before an answer")), m_context.originCallId);
        emit questionWithdrawn(question);
    }
    m_linkQuestions.clear();
    m_linkUrls.clear();
    if (!m_initialized) {
        // A view that never initialized cannot answer; it goes at once (but not from inside this call).
        QMetaObject::invokeMethod(this, &AppBridge::finishTeardown, Qt::QueuedConnection);
        return;
    }
    m_teardownId = RequestId(QStringLiteral("toolgate-teardown-%1").arg(m_nextId++));
    post(JsonRpcMessage::request(m_teardownId, QStringLiteral("ui/resource-teardown"),
                                 QJsonObject{{QStringLiteral("reason"), reason}}));
    m_teardownTimer.start();
}

void AppBridge::finishTeardown()
{
    if (m_tornDown)
        return;
    m_tornDown = true;
    m_teardownTimer.stop();
    emit tornDown();
}

void AppBridge::respond(const RequestId &id, const QJsonValue &result)
{
    post(JsonRpcMessage::response(id, result));
}

void AppBridge::refuse(const RequestId &id, int code, const QString &message)
{
    post(JsonRpcMessage::errorResponse(id, Error{code, message, {}}));
}

void AppBridge::post(const JsonRpcMessage &message)
{
    if (m_tornDown)
        return;
    emit send(QString::fromUtf8(message.serialize()));
}

} // namespace Toolgate

#include "moc_appbridge.cpp"
