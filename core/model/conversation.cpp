#include "core/model/conversation.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace Toolgate {

namespace {

constexpr qsizetype titleLength = 60;

QString transcriptRole(ModelMessage::Role role)
{
    switch (role) {
    case ModelMessage::Role::System: return QStringLiteral("system");
    case ModelMessage::Role::User: return QStringLiteral("user");
    case ModelMessage::Role::Assistant: return QStringLiteral("assistant");
    case ModelMessage::Role::ToolResults: return QStringLiteral("tool_results");
    }
    return {};
}

// The audit log's names, so that a transcript and the audit records read alike.
QString decisionName(ApprovalDecision::Kind kind)
{
    switch (kind) {
    case ApprovalDecision::Kind::AllowOnce: return QStringLiteral("allow_once");
    case ApprovalDecision::Kind::AllowForSession: return QStringLiteral("allow_session");
    case ApprovalDecision::Kind::AllowAlways: return QStringLiteral("allow_always");
    case ApprovalDecision::Kind::Deny: return QStringLiteral("deny");
    }
    return {};
}

QJsonObject messageToJson(const ModelMessage &message)
{
    QJsonObject json{{QStringLiteral("role"), transcriptRole(message.role)}};
    if (message.role != ModelMessage::Role::ToolResults)
        json.insert(QStringLiteral("text"), message.text);
    if (!message.toolCalls.isEmpty()) {
        QJsonArray calls;
        for (const ModelToolCall &call : message.toolCalls)
        {
            QJsonObject json{{QStringLiteral("id"), call.id}, {QStringLiteral("name"), call.name}, {QStringLiteral("arguments"), call.argumentsText}};
            // Why the call could not be carried out: a saved conversation must not send it as a usable one.
            if (!call.isValid())
                json.insert(QStringLiteral("problem"), call.problem);
            calls.append(json);
        }
        json.insert(QStringLiteral("toolCalls"), calls);
    }
    if (!message.toolResults.isEmpty()) {
        QJsonArray results;
        for (const ModelToolResult &result : message.toolResults) {
            results.append(QJsonObject{{QStringLiteral("callId"), result.callId},
                                       {QStringLiteral("content"), result.content},
                                       {QStringLiteral("isError"), result.isError}});
        }
        json.insert(QStringLiteral("toolResults"), results);
    }
    return json;
}

QJsonObject toolCallToJson(const ConversationToolCall &call)
{
    QJsonObject json{{QStringLiteral("round"), call.round},   {QStringLiteral("id"), call.callId},
                     {QStringLiteral("name"), call.name},     {QStringLiteral("status"), ConversationToolCall::statusName(call.status)},
                     {QStringLiteral("answer"), call.answer}, {QStringLiteral("isError"), call.answerIsError}};
    if (!call.server.isEmpty()) {
        json.insert(QStringLiteral("server"), call.server);
        json.insert(QStringLiteral("tool"), call.tool);
    }
    // Arguments that were no JSON object are kept as the model wrote them.
    if (call.status == ConversationToolCall::Status::Rejected)
        json.insert(QStringLiteral("argumentsText"), call.argumentsText);
    else
        json.insert(QStringLiteral("arguments"), call.arguments);
    if (call.decision) {
        QJsonObject decision{{QStringLiteral("kind"), decisionName(call.decision->kind)},
                             {QStringLiteral("by"),
                              call.decision->source == ApprovalDecision::Source::Human ? QStringLiteral("human") : QStringLiteral("rule")}};
        if (!call.decision->reason.isEmpty())
            decision.insert(QStringLiteral("reason"), call.decision->reason);
        if (call.decision->editedArguments)
            decision.insert(QStringLiteral("editedArguments"), *call.decision->editedArguments);
        json.insert(QStringLiteral("decision"), decision);
    }
    if (call.pipelineCallId)
        json.insert(QStringLiteral("callNumber"), double(call.pipelineCallId));
    if (!call.argumentOrigins.isEmpty())
        json.insert(QStringLiteral("argumentOrigins"), ArgumentOrigin::toJson(call.argumentOrigins));
    return json;
}

ModelMessage messageFromJson(const QJsonObject &json)
{
    ModelMessage message;
    const QString role = json.value(QLatin1String("role")).toString();
    for (ModelMessage::Role candidate : {ModelMessage::Role::System, ModelMessage::Role::User, ModelMessage::Role::Assistant, ModelMessage::Role::ToolResults}) {
        if (transcriptRole(candidate) == role)
            message.role = candidate;
    }
    message.text = json.value(QLatin1String("text")).toString();
    const QJsonArray calls = json.value(QLatin1String("toolCalls")).toArray();
    for (const QJsonValue &value : calls) {
        const QJsonObject call = value.toObject();
        ModelToolCall parsed;
        parsed.id = call.value(QLatin1String("id")).toString();
        parsed.name = call.value(QLatin1String("name")).toString();
        parsed.argumentsText = call.value(QLatin1String("arguments")).toString();
        parsed.problem = call.value(QLatin1String("problem")).toString();
        if (parsed.isValid())
            parsed.arguments = QJsonDocument::fromJson(parsed.argumentsText.toUtf8()).object();
        message.toolCalls.append(parsed);
    }
    const QJsonArray results = json.value(QLatin1String("toolResults")).toArray();
    for (const QJsonValue &value : results) {
        const QJsonObject result = value.toObject();
        message.toolResults.append(ModelToolResult{result.value(QLatin1String("callId")).toString(),
                                                   result.value(QLatin1String("content")).toString(),
                                                   result.value(QLatin1String("isError")).toBool()});
    }
    return message;
}

ConversationToolCall toolCallFromJson(const QJsonObject &json)
{
    ConversationToolCall call;
    call.round = json.value(QLatin1String("round")).toInt();
    call.callId = json.value(QLatin1String("id")).toString();
    call.name = json.value(QLatin1String("name")).toString();
    call.server = json.value(QLatin1String("server")).toString();
    call.tool = json.value(QLatin1String("tool")).toString();
    call.answer = json.value(QLatin1String("answer")).toString();
    call.answerIsError = json.value(QLatin1String("isError")).toBool();
    call.arguments = json.value(QLatin1String("arguments")).toObject();
    call.argumentsText = json.contains(QLatin1String("argumentsText"))
        ? json.value(QLatin1String("argumentsText")).toString()
        : QString::fromUtf8(QJsonDocument(call.arguments).toJson(QJsonDocument::Compact));
    // Nothing answers a call that was pending when the conversation was kept.
    call.status = ConversationToolCall::Status::Cancelled;
    const QString status = json.value(QLatin1String("status")).toString();
    for (int candidate = int(ConversationToolCall::Status::Rejected); candidate <= int(ConversationToolCall::Status::Cancelled); ++candidate) {
        if (ConversationToolCall::statusName(ConversationToolCall::Status(candidate)) == status)
            call.status = ConversationToolCall::Status(candidate);
    }
    if (const QJsonObject decision = json.value(QLatin1String("decision")).toObject(); !decision.isEmpty()) {
        ApprovalDecision parsed;
        const QString kind = decision.value(QLatin1String("kind")).toString();
        for (ApprovalDecision::Kind candidate : {ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Kind::AllowForSession,
                                                 ApprovalDecision::Kind::AllowAlways, ApprovalDecision::Kind::Deny}) {
            if (decisionName(candidate) == kind)
                parsed.kind = candidate;
        }
        parsed.source = decision.value(QLatin1String("by")).toString() == QLatin1String("human") ? ApprovalDecision::Source::Human
                                                                                                  : ApprovalDecision::Source::RememberedRule;
        parsed.reason = decision.value(QLatin1String("reason")).toString();
        if (decision.contains(QLatin1String("editedArguments")))
            parsed.editedArguments = decision.value(QLatin1String("editedArguments")).toObject();
        call.decision = parsed;
    }
    call.pipelineCallId = quint64(json.value(QLatin1String("callNumber")).toDouble());
    call.argumentOrigins = ArgumentOrigin::fromJson(json.value(QLatin1String("argumentOrigins")).toArray());
    return call;
}

qint64 tokensFromJson(const QJsonValue &value)
{
    return value.isDouble() ? qint64(value.toDouble()) : -1;
}

} // namespace

QString ConversationToolCall::statusName(Status status)
{
    switch (status) {
    case Status::Pending: return QStringLiteral("pending");
    case Status::Rejected: return QStringLiteral("rejected");
    case Status::NotExposed: return QStringLiteral("not_exposed");
    case Status::Succeeded: return QStringLiteral("succeeded");
    case Status::ToolError: return QStringLiteral("tool_error");
    case Status::Denied: return QStringLiteral("denied");
    case Status::InvalidArguments: return QStringLiteral("invalid_arguments");
    case Status::Failed: return QStringLiteral("failed");
    case Status::Cancelled: return QStringLiteral("cancelled");
    }
    return {};
}

ModelUsage Conversation::totalUsage() const
{
    ModelUsage total;
    for (const ModelUsage &reply : usage) {
        if (reply.inputTokens >= 0)
            total.inputTokens = qMax<qint64>(total.inputTokens, 0) + reply.inputTokens;
        if (reply.outputTokens >= 0)
            total.outputTokens = qMax<qint64>(total.outputTokens, 0) + reply.outputTokens;
    }
    return total;
}

QString Conversation::titleFor(const QString &firstMessage)
{
    const QString line = firstMessage.trimmed().section(u'\n', 0, 0).simplified();
    if (line.size() <= titleLength)
        return line;
    // Cut at a word when there is one near the end, so the title does not end in half a word.
    QString cut = line.left(titleLength);
    const qsizetype space = cut.lastIndexOf(u' ');
    if (space > titleLength / 2)
        cut = cut.left(space);
    return cut + QChar(0x2026);
}

QJsonObject Conversation::usageToJson(const ModelUsage &usage)
{
    QJsonObject json;
    json.insert(QStringLiteral("inputTokens"), usage.inputTokens >= 0 ? QJsonValue(double(usage.inputTokens)) : QJsonValue());
    json.insert(QStringLiteral("outputTokens"), usage.outputTokens >= 0 ? QJsonValue(double(usage.outputTokens)) : QJsonValue());
    return json;
}

QJsonObject Conversation::toJson() const
{
    QJsonArray messageList;
    for (const ModelMessage &message : messages)
        messageList.append(messageToJson(message));
    QJsonArray calls;
    for (const ConversationToolCall &call : toolCalls)
        calls.append(toolCallToJson(call));
    QJsonArray replies;
    for (const ModelUsage &reply : usage)
        replies.append(usageToJson(reply));
    return {
        {QStringLiteral("title"), title},
        {QStringLiteral("messages"), messageList},
        {QStringLiteral("toolCalls"), calls},
        {QStringLiteral("usage"), QJsonObject{{QStringLiteral("replies"), replies}, {QStringLiteral("total"), usageToJson(totalUsage())}}}};
}

Conversation Conversation::fromJson(const QJsonObject &json)
{
    Conversation conversation;
    conversation.title = json.value(QLatin1String("title")).toString();
    const QJsonArray messageList = json.value(QLatin1String("messages")).toArray();
    for (const QJsonValue &message : messageList)
        conversation.messages.append(messageFromJson(message.toObject()));
    const QJsonArray calls = json.value(QLatin1String("toolCalls")).toArray();
    for (const QJsonValue &call : calls)
        conversation.toolCalls.append(toolCallFromJson(call.toObject()));
    const QJsonArray replies = json.value(QLatin1String("usage")).toObject().value(QLatin1String("replies")).toArray();
    for (const QJsonValue &reply : replies) {
        const QJsonObject tokens = reply.toObject();
        conversation.usage.append(ModelUsage{tokensFromJson(tokens.value(QLatin1String("inputTokens"))),
                                             tokensFromJson(tokens.value(QLatin1String("outputTokens")))});
    }
    return conversation;
}

} // namespace Toolgate
