#include "core/audit/auditrows.h"

#include "core/audit/auditrecord.h"
#include "core/jsonrpc/jsonwriter.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>

namespace Toolgate {

namespace {

constexpr qsizetype truncatedTextLength = 64 * 1024;

// A null QString is bound as SQL NULL but hashed as an empty string: store and hash the same thing.
QVariant text(const QString &value)
{
    return value.isNull() ? QVariant(QStringLiteral("")) : QVariant(value);
}

QVariant text(const std::optional<QString> &value)
{
    return value ? text(*value) : QVariant();
}

template<typename T>
QVariant integer(const std::optional<T> &value)
{
    return value ? QVariant(qint64(*value)) : QVariant();
}

qint64 msecs(const QDateTime &time)
{
    return time.isValid() ? time.toMSecsSinceEpoch() : QDateTime::currentMSecsSinceEpoch();
}

QString outcomeName(ToolCallOutcome::Kind kind)
{
    switch (kind) {
    case ToolCallOutcome::Kind::Pending: return AuditNames::outcome(AuditOutcome::Unknown);
    case ToolCallOutcome::Kind::Succeeded: return AuditNames::outcome(AuditOutcome::Succeeded);
    case ToolCallOutcome::Kind::ToolError: return AuditNames::outcome(AuditOutcome::ToolError);
    case ToolCallOutcome::Kind::Denied: return AuditNames::outcome(AuditOutcome::Denied);
    case ToolCallOutcome::Kind::InvalidArguments: return AuditNames::outcome(AuditOutcome::InvalidArguments);
    case ToolCallOutcome::Kind::Failed: return AuditNames::outcome(AuditOutcome::Failed);
    case ToolCallOutcome::Kind::Cancelled: return AuditNames::outcome(AuditOutcome::Cancelled);
    }
    return AuditNames::outcome(AuditOutcome::Unknown);
}

bool isBinaryField(const QJsonObject &object, const QString &key)
{
    if (key == QLatin1StringView("blob"))
        return true;
    if (key != QLatin1StringView("data"))
        return false;
    const QString type = object.value(QLatin1StringView("type")).toString();
    return type == QLatin1StringView("image") || type == QLatin1StringView("audio");
}

QString textOf(const QJsonObject &result)
{
    QStringList lines;
    for (const QJsonValue &block : result.value(QLatin1StringView("content")).toArray()) {
        const QJsonObject object = block.toObject();
        if (object.value(QLatin1StringView("type")).toString() == QLatin1StringView("text"))
            lines.append(object.value(QLatin1StringView("text")).toString());
    }
    return lines.join(u'\n');
}

} // namespace

QVariantList AuditIntentRow::values() const
{
    return {text(type), text(session), text(initiator), QVariant(startedAt), text(serverName), text(serverEndpoint),
            text(serverInfo), text(name), text(arguments), integer(origin), text(argumentOrigins),
            text(conversationId), text(conversationTitle)};
}

QVariantList AuditDecisionRow::values() const
{
    return {QVariant(decidedAt), text(decision), text(source), text(reason), text(editedArguments)};
}

QVariantList AuditOutcomeRow::values() const
{
    return {QVariant(finishedAt), text(outcome), integer(isError), text(result), integer(resultSize),
            integer(errorCode), text(errorMessage), integer(durationMs), integer(outputValid), text(problems)};
}

QVariantList AuditTaskEventRow::values() const
{
    return {text(taskId), QVariant(at), text(status), text(message)};
}

AuditOutcomeRow AuditOutcomeRow::unknown(const QDateTime &at, const QString &why)
{
    AuditOutcomeRow row;
    row.finishedAt = msecs(at);
    row.outcome = AuditNames::outcome(AuditOutcome::Unknown);
    row.errorMessage = why;
    return row;
}

AuditRowBuilder::AuditRowBuilder(Limits limits)
    : m_limits(limits)
{
}

QString AuditRowBuilder::json(const QJsonObject &object, const JsonKeyOrder &order) const
{
    QByteArray text;
    JsonWriter::appendObject(text, m_redactor.redact(trimmed(object, 0).toObject()), order);
    return QString::fromUtf8(text);
}

QJsonValue AuditRowBuilder::trimmed(const QJsonValue &value, int depth) const
{
    if (depth > Redactor::maxDepth)
        return Redactor::tooDeepPlaceholder();
    switch (value.type()) {
    case QJsonValue::String: {
        const QString string = value.toString();
        if (string.size() <= m_limits.maxStringLength)
            return value;
        return QString(string.left(m_limits.maxStringLength) + QStringLiteral("… [cut: %1 characters in all]").arg(string.size()));
    }
    case QJsonValue::Array: {
        QJsonArray out;
        for (const QJsonValue &item : value.toArray())
            out.append(trimmed(item, depth + 1));
        return out;
    }
    case QJsonValue::Object: {
        const QJsonObject in = value.toObject();
        QJsonObject out;
        for (auto it = in.constBegin(); it != in.constEnd(); ++it) {
            // Images, audio and blobs are evidence of nothing an auditor reads, and dominate the size.
            if (it.value().isString() && isBinaryField(in, it.key()))
                out.insert(it.key(), QStringLiteral("[binary data omitted: %1 base64 characters]").arg(it.value().toString().size()));
            else
                out.insert(it.key(), trimmed(it.value(), depth + 1));
        }
        return out;
    }
    default:
        return value;
    }
}

AuditIntentRow AuditRowBuilder::baseIntent(const ServerIdentity &server, CallInitiator initiator, const QDateTime &at,
                                           const QString &session) const
{
    AuditIntentRow row;
    row.session = session;
    row.initiator = AuditNames::initiator(initiator);
    row.startedAt = msecs(at);
    row.serverName = m_redactor.redactText(server.name);
    row.serverEndpoint = m_redactor.redactText(server.endpoint);
    row.serverInfo = json(server.serverInfo.toJson());
    return row;
}

AuditIntentRow AuditRowBuilder::intent(const AuditToolCallIntent &intent, const QString &session) const
{
    AuditIntentRow row = baseIntent(intent.server, intent.initiator, intent.startedAt, session);
    row.type = AuditNames::type(AuditRecordType::ToolCall);
    row.name = intent.tool;
    row.arguments = json(intent.arguments, intent.argumentOrder);
    row.origin = intent.origin;
    if (!intent.argumentOrigins.isEmpty()) {
        QJsonArray marks;
        for (const QJsonValue &mark : ArgumentOrigin::toJson(intent.argumentOrigins))
            marks.append(m_redactor.redact(trimmed(mark, 0).toObject()));
        row.argumentOrigins = QString::fromUtf8(QJsonDocument(marks).toJson(QJsonDocument::Compact));
    }
    if (!intent.conversationId.isEmpty()) {
        row.conversationId = intent.conversationId;
        row.conversationTitle = m_redactor.redactText(intent.conversationTitle);
    }
    return row;
}

AuditDecisionRow AuditRowBuilder::decision(const ApprovalDecision &decision, const QDateTime &at) const
{
    AuditDecisionRow row;
    row.decidedAt = msecs(at);
    row.decision = AuditNames::decision(decision.kind);
    row.source = AuditNames::source(decision.source);
    row.reason = m_redactor.redactText(decision.reason);
    if (decision.editedArguments)
        row.editedArguments = json(*decision.editedArguments, decision.editedArgumentOrder);
    return row;
}

void AuditRowBuilder::storeResult(AuditOutcomeRow &row, const QJsonObject &result) const
{
    row.resultSize = QJsonDocument(result).toJson(QJsonDocument::Compact).size();
    QString stored = json(result);
    if (stored.size() > m_limits.maxResultBytes) {
        // Too big to keep whole: keep what identifies it and what a person would read.
        const QByteArray utf8 = stored.toUtf8();
        const QJsonObject summary{
            {QStringLiteral("truncated"), true},
            {QStringLiteral("storedBytes"), double(utf8.size())},
            {QStringLiteral("sha256"), QString::fromLatin1(QCryptographicHash::hash(utf8, QCryptographicHash::Sha256).toHex())},
            {QStringLiteral("text"), m_redactor.redactText(textOf(result).left(truncatedTextLength))},
        };
        stored = QString::fromUtf8(QJsonDocument(summary).toJson(QJsonDocument::Compact));
    }
    row.result = stored;
}

void AuditRowBuilder::storeError(AuditOutcomeRow &row, const Error &error) const
{
    row.errorCode = error.code;
    row.errorMessage = m_redactor.redactText(error.message);
}

AuditOutcomeRow AuditRowBuilder::outcome(const AuditToolCallOutcome &outcome) const
{
    AuditOutcomeRow row;
    row.finishedAt = msecs(outcome.finishedAt);
    row.outcome = outcomeName(outcome.kind);
    if (outcome.result) {
        row.isError = outcome.result->isError;
        storeResult(row, outcome.result->raw.isEmpty() ? outcome.result->toJson() : outcome.result->raw);
    }
    if (outcome.error)
        storeError(row, *outcome.error);
    row.durationMs = outcome.durationMs;
    row.outputValid = outcome.outputValid;
    if (!outcome.inputProblems.isEmpty() || !outcome.outputProblems.isEmpty()) {
        QJsonObject problems;
        if (!outcome.inputProblems.isEmpty())
            problems.insert(QStringLiteral("input"), QJsonArray::fromStringList(outcome.inputProblems));
        if (!outcome.outputProblems.isEmpty())
            problems.insert(QStringLiteral("output"), QJsonArray::fromStringList(outcome.outputProblems));
        row.problems = json(problems);
    }
    return row;
}

AuditTaskEventRow AuditRowBuilder::taskEvent(const QString &taskId, const TaskEvent &event) const
{
    AuditTaskEventRow row;
    row.taskId = m_redactor.redactText(trimmed(taskId, 0).toString());
    row.at = msecs(event.at);
    row.status = AuditNames::taskStatus(event.status);
    // The server's words: kept as text (and cut like any other long string), secrets redacted.
    row.message = m_redactor.redactText(trimmed(event.message, 0).toString());
    return row;
}

AuditIntentRow AuditRowBuilder::intent(const AuditServerRequest &request, const QString &session) const
{
    AuditIntentRow row = baseIntent(request.server, request.initiator, request.receivedAt, session);
    row.type = AuditNames::type(AuditRecordType::ServerRequest);
    row.name = request.method;
    row.arguments = json(request.params);
    row.origin = request.origin;
    return row;
}

std::optional<AuditDecisionRow> AuditRowBuilder::decision(const AuditServerRequest &request) const
{
    if (!request.decision)
        return std::nullopt;
    const QDateTime received = request.receivedAt.isValid() ? request.receivedAt : QDateTime::currentDateTimeUtc();
    return decision(*request.decision, received.addMSecs(request.durationMs));
}

AuditOutcomeRow AuditRowBuilder::outcome(const AuditServerRequest &request) const
{
    AuditOutcomeRow row;
    const QDateTime received = request.receivedAt.isValid() ? request.receivedAt : QDateTime::currentDateTimeUtc();
    row.finishedAt = received.addMSecs(request.durationMs).toMSecsSinceEpoch();
    if (request.error)
        row.outcome = AuditNames::outcome(AuditOutcome::Failed);
    else if (request.decision && !request.decision->allows())
        row.outcome = AuditNames::outcome(AuditOutcome::Denied);
    else
        row.outcome = AuditNames::outcome(AuditOutcome::Succeeded);
    if (request.result)
        storeResult(row, *request.result);
    if (request.error)
        storeError(row, *request.error);
    row.durationMs = request.durationMs;
    return row;
}

AuditIntentRow AuditRowBuilder::intent(const AuditConnectionEvent &event, const QString &session) const
{
    AuditIntentRow row = baseIntent(event.server, event.initiator, event.at, session);
    row.type = AuditNames::type(AuditRecordType::Connection);
    row.name = AuditConnectionEvent::kindName(event.kind);
    row.origin = event.origin;
    QJsonObject details = event.details;
    if (!event.message.isEmpty())
        details.insert(QStringLiteral("message"), event.message);
    // The message first: the audit table reads it from the start of the stored text (its preview),
    // which long details (a collection run's list of calls) would otherwise push out.
    row.arguments = json(details, JsonKeyOrder::fromKeys({QStringLiteral("message")}));
    return row;
}

} // namespace Toolgate
