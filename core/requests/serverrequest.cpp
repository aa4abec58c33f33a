#include "core/requests/serverrequest.h"

#include "core/audit/auditlog.h"
#include "core/common/error.h"
#include "core/schema/schemavalidator.h"

#include <QCoreApplication>
#include <QSet>

namespace Toolgate {

namespace {

Error alreadyAnswered()
{
    return makeError(ErrorCode::InvalidArguments, QCoreApplication::translate("Toolgate::ServerRequest", "this request was answered already"));
}

Error wrongKind(const QString &what)
{
    return makeError(ErrorCode::InvalidArguments, QStringLiteral("%1 does not answer this kind of request").arg(what));
}

/// Problems with value against schema, one line each, paths as people read them.
QStringList schemaProblems(const QJsonObject &schema, const QJsonValue &value, const QString &what)
{
    if (schema.isEmpty())
        return {};
    const auto validator = SchemaValidator::compile(schema);
    if (!validator)
        return {QCoreApplication::translate("Toolgate::ServerRequest", "%1 cannot be checked: %2").arg(what, validator.error().message)};
    QStringList lines;
    for (const SchemaIssue &issue : validator->validate(value)) {
        lines.append(issue.path.isEmpty() ? issue.message
                                          : SchemaValidator::readablePath(issue.path) + QStringLiteral(": ") + issue.message);
    }
    return lines;
}

/// A rough token count for a person's text (about four characters a token): enough to keep a reply
/// within the maxTokens the server asked for.
qsizetype estimatedTokens(const SamplingResult &result)
{
    qsizetype characters = 0;
    for (const SamplingContent &block : result.content) {
        if (block.type == SamplingContent::Type::Text)
            characters += block.block.text.size();
    }
    return (characters + 3) / 4;
}

QStringList samplingProblems(const SamplingRequest &request, bool toolsAllowed, const SamplingResult &result)
{
    QStringList problems;
    if (result.content.isEmpty())
        problems.append(QCoreApplication::translate("Toolgate::ServerRequest", "the reply is empty"));
    QSet<QString> ids;
    bool anyToolUse = false;
    for (const SamplingContent &block : result.content) {
        switch (block.type) {
        case SamplingContent::Type::Text:
            if (block.block.text.trimmed().isEmpty())
                problems.append(QCoreApplication::translate("Toolgate::ServerRequest", "the reply text is empty"));
            break;
        case SamplingContent::Type::ToolUse: {
            anyToolUse = true;
            if (!toolsAllowed) {
                problems.append(QCoreApplication::translate("Toolgate::ServerRequest", "this reply may not ask for tools"));
                break;
            }
            if (block.toolUseId.isEmpty() || ids.contains(block.toolUseId))
                problems.append(QCoreApplication::translate("Toolgate::ServerRequest", "each tool request needs its own id"));
            ids.insert(block.toolUseId);
            const auto tool = std::find_if(request.tools.cbegin(), request.tools.cend(),
                                           [&](const Tool &t) { return t.name == block.toolName; });
            if (tool == request.tools.cend()) {
                problems.append(QCoreApplication::translate("Toolgate::ServerRequest", "the server did not offer a tool named \"%1\"").arg(block.toolName));
                break;
            }
            for (const QString &line : schemaProblems(tool->inputSchema, block.input, QCoreApplication::translate("Toolgate::ServerRequest", "the arguments of %1").arg(tool->name)))
                problems.append(QStringLiteral("%1: %2").arg(tool->name, line));
            break;
        }
        case SamplingContent::Type::ToolResult:
            problems.append(QCoreApplication::translate("Toolgate::ServerRequest", "a reply cannot contain a tool result"));
            break;
        case SamplingContent::Type::Image:
        case SamplingContent::Type::Audio:
            break;
        }
    }
    if (anyToolUse && request.toolChoice == SamplingRequest::ToolChoice::None)
        problems.append(QCoreApplication::translate("Toolgate::ServerRequest", "the server asked that no tool be used (toolChoice \"none\")"));
    if (!anyToolUse && request.toolChoice == SamplingRequest::ToolChoice::Required && toolsAllowed)
        problems.append(QCoreApplication::translate("Toolgate::ServerRequest", "the server asked that at least one tool be used (toolChoice \"required\")"));
    if (request.maxTokens > 0 && estimatedTokens(result) > request.maxTokens)
        problems.append(QCoreApplication::translate("Toolgate::ServerRequest", "the reply is longer than the server allows (about %1 tokens; at most %2)")
                            .arg(estimatedTokens(result))
                            .arg(request.maxTokens));
    return problems;
}

Error problemsError(const QString &intro, const QStringList &problems)
{
    return makeError(ErrorCode::InvalidArguments, intro + QStringLiteral(":\n") + problems.join(u'\n'));
}

} // namespace

ServerRequest::ServerRequest(Kind kind, ServerIdentity server, QJsonObject params, Sink sink, AuditLog *audit,
                             CallInitiator initiator, QObject *parent)
    : QObject(parent)
    , m_kind(kind)
    , m_server(std::move(server))
    , m_params(std::move(params))
    , m_sink(std::move(sink))
    , m_audit(audit)
    , m_initiator(initiator)
    , m_receivedAt(QDateTime::currentDateTimeUtc())
{
    m_elapsed.start();
}

ServerRequest::~ServerRequest()
{
    if (!m_settled)
        settle(makeError(ErrorCode::InternalError, QCoreApplication::translate("Toolgate::ServerRequest", "the request was dropped without an answer")), std::nullopt);
}

QString ServerRequest::method() const
{
    switch (m_kind) {
    case Kind::Sampling: return QStringLiteral("sampling/createMessage");
    case Kind::Elicitation: return QStringLiteral("elicitation/create");
    case Kind::Roots: return QStringLiteral("roots/list");
    }
    return {};
}

Result<void> ServerRequest::reply(const SamplingResult &result, const SamplingReplySource &source)
{
    if (m_settled)
        return alreadyAnswered();
    if (m_kind != Kind::Sampling)
        return wrongKind(QStringLiteral("a sampling reply"));
    const QStringList problems = samplingProblems(m_sampling, m_samplingToolsAllowed, result);
    if (!problems.isEmpty())
        return problemsError(QCoreApplication::translate("Toolgate::ServerRequest", "The reply cannot be sent"), problems);
    SamplingResult sent = result;
    if (sent.stopReason.isEmpty())
        sent.stopReason = sent.usesTools() ? QStringLiteral("toolUse") : QStringLiteral("endTurn");
    if (!settle(sent.toJson(), decision(ApprovalDecision::Kind::AllowOnce, source.note, source.sentToModel)))
        return alreadyAnswered();
    return {};
}

bool ServerRequest::decline(const QString &reason)
{
    if (m_settled)
        return false;
    if (m_kind != Kind::Sampling)
        return false;
    const QString message = m_rule.isEmpty() ? QStringLiteral("User rejected sampling request")
                                             : QStringLiteral("The client declined the sampling request: ") + m_rule;
    return (settle(Error{UserRejectedCode, message, {}},
                  decision(ApprovalDecision::Kind::Deny, reason.isEmpty() ? QStringLiteral("declined") : reason)));
}

Result<void> ServerRequest::accept(const QJsonObject &content)
{
    if (m_settled)
        return alreadyAnswered();
    if (m_kind != Kind::Elicitation)
        return wrongKind(QStringLiteral("accepting an elicitation"));
    ElicitationResult result;
    result.action = ElicitationResult::Action::Accept;
    if (m_elicitation.mode == ElicitationRequest::Mode::Form) {
        const QStringList problems = schemaProblems(m_elicitation.requestedSchema, content, QCoreApplication::translate("Toolgate::ServerRequest", "the answer"));
        if (!problems.isEmpty())
            return problemsError(QCoreApplication::translate("Toolgate::ServerRequest", "The answer does not match what the server asked for"), problems);
        result.content = content;
    } else if (!content.isEmpty()) {
        return makeError(ErrorCode::InvalidArguments, QCoreApplication::translate("Toolgate::ServerRequest", "a URL elicitation is accepted without content"));
    }
    if (!settle(result.toJson(), decision(ApprovalDecision::Kind::AllowOnce)))
        return alreadyAnswered();
    return {};
}

bool ServerRequest::declineElicitation()
{
    if (m_settled)
        return false;
    if (m_kind != Kind::Elicitation)
        return false;
    return (settle(ElicitationResult{ElicitationResult::Action::Decline, {}}.toJson(),
                  decision(ApprovalDecision::Kind::Deny, QStringLiteral("declined"))));
}

bool ServerRequest::dismiss()
{
    if (m_settled)
        return false;
    if (m_kind != Kind::Elicitation)
        return false;
    return (settle(ElicitationResult{ElicitationResult::Action::Cancel, {}}.toJson(),
                  decision(ApprovalDecision::Kind::Deny, QStringLiteral("cancelled"))));
}

bool ServerRequest::answerRoots(const QList<Root> &roots)
{
    if (m_settled)
        return false;
    if (m_kind != Kind::Roots)
        return false;
    return (settle(QJsonObject{{QLatin1String("roots"), Root::listToJson(roots)}}, std::nullopt));
}

bool ServerRequest::refuse(const Error &error)
{
    if (m_settled)
        return false;
    return (settle(error, std::nullopt));
}

void ServerRequest::keepOutOfAudit(const QString &secret)
{
    if (m_audit && !secret.isEmpty())
        m_audit->addSecretValues({secret});
}

void ServerRequest::setAnsweredByRule(const QString &note)
{
    m_rule = note;
}

ApprovalDecision ServerRequest::decision(ApprovalDecision::Kind kind, const QString &reason,
                                         const std::optional<QJsonObject> &edited) const
{
    if (!m_rule.isEmpty())
        return ApprovalDecision{kind, ApprovalDecision::Source::RememberedRule, m_rule, std::nullopt};
    return ApprovalDecision{kind, ApprovalDecision::Source::Human, reason, edited};
}

bool ServerRequest::settle(const Result<QJsonObject> &answer, const std::optional<ApprovalDecision> &decision)
{
    if (m_settled)
        return false;
    m_settled = true;
    record(answer, decision, std::exchange(m_sink, {}));
    emit settled();
    return true;
}

void ServerRequest::withdraw(const Result<QJsonObject> &answer, const QString &why)
{
    if (m_settled)
        return;
    settle(answer, std::nullopt);
    emit withdrawn(why);
}

void ServerRequest::setWaitingBehind(int count)
{
    if (m_waitingBehind == count)
        return;
    m_waitingBehind = count;
    emit waitingBehindChanged(count);
}

void ServerRequest::record(const Result<QJsonObject> &answer, const std::optional<ApprovalDecision> &decision, Sink sink)
{
    if (!m_audit) {
        if (sink)
            sink(answer);
        return;
    }
    AuditServerRequest entry;
    entry.server = m_server;
    entry.method = method();
    entry.params = m_params;
    entry.decision = decision;
    if (answer)
        entry.result = answer.value();
    else
        entry.error = answer.error();
    entry.initiator = m_initiator;
    entry.receivedAt = m_receivedAt;
    entry.originCallId = m_originCallId;
    entry.durationMs = m_elapsed.elapsed();
    // As for a tool call, nothing leaves before its record is durable: what a person gave a server
    // (a sampling reply, the data of a form) is sent only once the audit log holds it, and not at all
    // when it cannot be recorded. The log is the context: the answer is owed even if this request
    // object is gone by then.
    m_audit->recordServerRequest(entry, m_audit, [sink = std::move(sink), answer](const Result<qint64> &recorded) {
        if (!sink)
            return;
        if (recorded)
            sink(answer);
        else
            // Why stays here (AuditLog::writeFailed tells the person): the server gets no local paths.
            sink(Error{int(ErrorCode::InternalError), QStringLiteral("the client could not record its answer, so it does not send it"), {}});
    });
}

} // namespace Toolgate

#include "moc_serverrequest.cpp"
