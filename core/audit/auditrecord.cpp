#include "core/audit/auditrecord.h"

#include "core/common/error.h"
#include "core/common/redactor.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

#include <array>
#include <utility>

namespace Toolgate {

namespace {

template<typename Enum, std::size_t N>
QString nameOf(const std::array<std::pair<Enum, QLatin1StringView>, N> &table, Enum value)
{
    for (const auto &[key, name] : table) {
        if (key == value)
            return QString(name);
    }
    return {};
}

template<typename Enum, std::size_t N>
std::optional<Enum> valueOf(const std::array<std::pair<Enum, QLatin1StringView>, N> &table, QStringView name)
{
    for (const auto &[key, text] : table) {
        if (name == text)
            return key;
    }
    return std::nullopt;
}

// These strings are stored and hashed: never change one, only add.
constexpr std::array<std::pair<AuditRecordType, QLatin1StringView>, 3> typeNames{{
    {AuditRecordType::ToolCall, QLatin1StringView("tool_call")},
    {AuditRecordType::ServerRequest, QLatin1StringView("server_request")},
    {AuditRecordType::Connection, QLatin1StringView("connection")},
}};
constexpr std::array<std::pair<AuditOutcome, QLatin1StringView>, 9> outcomeNames{{
    {AuditOutcome::Pending, QLatin1StringView("pending")},
    {AuditOutcome::Succeeded, QLatin1StringView("succeeded")},
    {AuditOutcome::ToolError, QLatin1StringView("tool_error")},
    {AuditOutcome::Denied, QLatin1StringView("denied")},
    {AuditOutcome::InvalidArguments, QLatin1StringView("invalid_arguments")},
    {AuditOutcome::Failed, QLatin1StringView("failed")},
    {AuditOutcome::Cancelled, QLatin1StringView("cancelled")},
    {AuditOutcome::Unknown, QLatin1StringView("unknown")},
    {AuditOutcome::None, QLatin1StringView("none")},
}};
constexpr std::array<std::pair<ApprovalDecision::Kind, QLatin1StringView>, 4> decisionNames{{
    {ApprovalDecision::Kind::AllowOnce, QLatin1StringView("allow_once")},
    {ApprovalDecision::Kind::AllowForSession, QLatin1StringView("allow_session")},
    {ApprovalDecision::Kind::AllowAlways, QLatin1StringView("allow_always")},
    {ApprovalDecision::Kind::Deny, QLatin1StringView("deny")},
}};
constexpr std::array<std::pair<ApprovalDecision::Source, QLatin1StringView>, 3> sourceNames{{
    {ApprovalDecision::Source::Human, QLatin1StringView("human")},
    {ApprovalDecision::Source::RememberedRule, QLatin1StringView("rule")},
    {ApprovalDecision::Source::ApprovedRun, QLatin1StringView("run")},
}};
constexpr std::array<std::pair<CallInitiator, QLatin1StringView>, 5> initiatorNames{{
    {CallInitiator::Gui, QLatin1StringView("gui")},
    {CallInitiator::Cli, QLatin1StringView("cli")},
    {CallInitiator::Conformance, QLatin1StringView("conformance")},
    {CallInitiator::App, QLatin1StringView("app")},
    {CallInitiator::Model, QLatin1StringView("model")},
}};

constexpr std::array<std::pair<Task::Status, QLatin1StringView>, 5> taskStatusNames{{
    {Task::Status::Working, QLatin1StringView("working")},
    {Task::Status::InputRequired, QLatin1StringView("input_required")},
    {Task::Status::Completed, QLatin1StringView("completed")},
    {Task::Status::Failed, QLatin1StringView("failed")},
    {Task::Status::Cancelled, QLatin1StringView("cancelled")},
}};

QJsonValue timeToJson(const QDateTime &time)
{
    return time.isValid() ? QJsonValue(time.toUTC().toString(Qt::ISODateWithMs)) : QJsonValue();
}

Result<QDateTime> timeFromJson(const QJsonValue &value, QLatin1StringView field)
{
    if (value.isNull() || value.isUndefined())
        return QDateTime();
    QDateTime time = QDateTime::fromString(value.toString(), Qt::ISODateWithMs);
    if (!time.isValid())
        return makeError(ErrorCode::InvalidParams, QCoreApplication::translate("Toolgate::AuditRecord", "\"%1\" is not an ISO 8601 time").arg(field));
    return time.toUTC();
}

QJsonValue optionalInt(const std::optional<qint64> &value)
{
    return value ? QJsonValue(double(*value)) : QJsonValue();
}

std::optional<qint64> intFromJson(const QJsonValue &value)
{
    if (!value.isDouble())
        return std::nullopt;
    return qint64(value.toDouble());
}

std::optional<bool> boolFromJson(const QJsonValue &value)
{
    if (!value.isBool())
        return std::nullopt;
    return value.toBool();
}

QStringList stringsFromJson(const QJsonValue &value)
{
    QStringList out;
    for (const QJsonValue &item : value.toArray())
        out.append(item.toString());
    return out;
}

} // namespace

namespace AuditNames {
QString type(AuditRecordType type) { return nameOf(typeNames, type); }
std::optional<AuditRecordType> typeFromName(QStringView name) { return valueOf(typeNames, name); }
QString outcome(AuditOutcome outcome) { return nameOf(outcomeNames, outcome); }
std::optional<AuditOutcome> outcomeFromName(QStringView name) { return valueOf(outcomeNames, name); }
QString decision(ApprovalDecision::Kind kind) { return nameOf(decisionNames, kind); }
std::optional<ApprovalDecision::Kind> decisionFromName(QStringView name) { return valueOf(decisionNames, name); }
QString source(ApprovalDecision::Source source) { return nameOf(sourceNames, source); }
std::optional<ApprovalDecision::Source> sourceFromName(QStringView name) { return valueOf(sourceNames, name); }
QString initiator(CallInitiator initiator) { return nameOf(initiatorNames, initiator); }
std::optional<CallInitiator> initiatorFromName(QStringView name) { return valueOf(initiatorNames, name); }
QString taskStatus(Task::Status status) { return nameOf(taskStatusNames, status); }
std::optional<Task::Status> taskStatusFromName(QStringView name) { return valueOf(taskStatusNames, name); }
} // namespace AuditNames

namespace {

struct StoredCuts
{
    int tooDeep = 0;
    int longStrings = 0;
    int binary = 0;
    int redacted = 0;
};

// The notes the row builder and the redactor leave where they cut something (auditrows.cpp).
void countCuts(const QJsonValue &value, StoredCuts &cuts, int depth)
{
    if (depth > Redactor::maxDepth + 1)
        return;
    if (value.isString()) {
        const QString text = value.toString();
        if (text == Redactor::tooDeepPlaceholder())
            ++cuts.tooDeep;
        else if (text.startsWith(QLatin1StringView("[binary data omitted: ")))
            ++cuts.binary;
        else if (text.endsWith(QLatin1StringView(" characters in all]")) && text.contains(QLatin1StringView("… [cut: ")))
            ++cuts.longStrings;
        else if (text.contains(Redactor::placeholder()))
            ++cuts.redacted;
    } else if (value.isArray()) {
        for (const QJsonValue &item : value.toArray())
            countCuts(item, cuts, depth + 1);
    } else if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
            if (it.value() == QJsonValue(Redactor::placeholder()))
                ++cuts.redacted;
            else
                countCuts(it.value(), cuts, depth + 1);
        }
    }
}

} // namespace

QString AuditRecord::resultStorageNote() const
{
    if (!result)
        return {};
    const qint64 stored = QJsonDocument(*result).toJson(QJsonDocument::Compact).size();
    if (result->value(QLatin1StringView("truncated")).toBool() && result->contains(QLatin1StringView("sha256"))) {
        return QStringLiteral("too large to keep whole: only its text (up to 64 KB), its size and its SHA-256 were stored, %1 bytes")
            .arg(stored);
    }
    StoredCuts cuts;
    countCuts(*result, cuts, 0);
    QStringList parts;
    if (cuts.tooDeep > 0)
        parts.append(QStringLiteral("%1 part(s) nested deeper than %2 levels cut").arg(cuts.tooDeep).arg(Redactor::maxDepth));
    if (cuts.longStrings > 0)
        parts.append(QStringLiteral("%1 long string(s) shortened").arg(cuts.longStrings));
    if (cuts.binary > 0)
        parts.append(QStringLiteral("%1 binary payload(s) left out").arg(cuts.binary));
    if (cuts.redacted > 0)
        parts.append(QStringLiteral("%1 secret(s) redacted").arg(cuts.redacted));
    if (parts.isEmpty() && (!resultSize || *resultSize == stored))
        return {};
    QString note = QStringLiteral("%1 bytes stored").arg(stored);
    if (!parts.isEmpty())
        note += QStringLiteral(": ") + parts.join(QStringLiteral(", "));
    return note;
}

QJsonObject AuditRecord::toJson() const
{
    QJsonObject json{
        {QStringLiteral("id"), double(id)},
        {QStringLiteral("type"), AuditNames::type(type)},
        {QStringLiteral("session"), session},
        {QStringLiteral("client"), AuditNames::initiator(initiator)},
        {QStringLiteral("startedAt"), timeToJson(startedAt)},
        {QStringLiteral("server"), QJsonObject{{QStringLiteral("name"), serverName},
                                               {QStringLiteral("endpoint"), serverEndpoint},
                                               {QStringLiteral("serverInfo"), serverInfo}}},
        {QStringLiteral("name"), name},
        {QStringLiteral("arguments"), arguments},
        {QStringLiteral("editedArguments"), editedArguments ? QJsonValue(*editedArguments) : QJsonValue()},
        {QStringLiteral("decidedAt"), timeToJson(decidedAt)},
        {QStringLiteral("decision"), decision ? QJsonValue(AuditNames::decision(*decision)) : QJsonValue()},
        {QStringLiteral("decidedBy"), decisionSource ? QJsonValue(AuditNames::source(*decisionSource)) : QJsonValue()},
        {QStringLiteral("decisionReason"), decisionReason},
        {QStringLiteral("outcome"), AuditNames::outcome(outcome)},
        {QStringLiteral("finishedAt"), timeToJson(finishedAt)},
        {QStringLiteral("isError"), isError ? QJsonValue(*isError) : QJsonValue()},
        {QStringLiteral("result"), result ? QJsonValue(*result) : QJsonValue()},
        {QStringLiteral("resultSize"), optionalInt(resultSize)},
        {QStringLiteral("errorCode"), errorCode ? QJsonValue(*errorCode) : QJsonValue()},
        {QStringLiteral("errorMessage"), errorMessage},
        {QStringLiteral("durationMs"), optionalInt(durationMs)},
        {QStringLiteral("outputValid"), outputValid ? QJsonValue(*outputValid) : QJsonValue()},
        {QStringLiteral("inputProblems"), QJsonArray::fromStringList(inputProblems)},
        {QStringLiteral("outputProblems"), QJsonArray::fromStringList(outputProblems)},
    };
    if (origin)
        json.insert(QStringLiteral("origin"), double(*origin));
    if (!argumentOrigins.isEmpty())
        json.insert(QStringLiteral("argumentOrigins"), ArgumentOrigin::toJson(argumentOrigins));
    if (!conversationId.isEmpty())
        json.insert(QStringLiteral("conversation"), QJsonObject{{QStringLiteral("id"), conversationId}, {QStringLiteral("title"), conversationTitle}});
    if (isTask()) {
        QJsonArray events;
        for (const AuditTaskEvent &event : taskEvents)
            events.append(QJsonObject{{QStringLiteral("at"), timeToJson(event.at)},
                                      {QStringLiteral("status"), AuditNames::taskStatus(event.status)},
                                      {QStringLiteral("message"), event.message}});
        json.insert(QStringLiteral("task"), QJsonObject{{QStringLiteral("id"), taskId}, {QStringLiteral("events"), events}});
    }
    return json;
}

Result<AuditRecord> AuditRecord::fromJson(const QJsonObject &json)
{
    const auto invalid = [](const QString &what) {
        return Error(makeError(ErrorCode::InvalidParams, QCoreApplication::translate("Toolgate::AuditRecord", "not an audit record: %1").arg(what)));
    };
    AuditRecord r;
    r.id = qint64(json.value(QLatin1StringView("id")).toDouble());
    const auto type = AuditNames::typeFromName(json.value(QLatin1StringView("type")).toString());
    if (!type)
        return invalid(QCoreApplication::translate("Toolgate::AuditRecord", "unknown type"));
    r.type = *type;
    r.session = json.value(QLatin1StringView("session")).toString();
    const auto initiator = AuditNames::initiatorFromName(json.value(QLatin1StringView("client")).toString());
    if (!initiator)
        return invalid(QCoreApplication::translate("Toolgate::AuditRecord", "unknown client"));
    r.initiator = *initiator;
    const QJsonObject server = json.value(QLatin1StringView("server")).toObject();
    r.serverName = server.value(QLatin1StringView("name")).toString();
    r.serverEndpoint = server.value(QLatin1StringView("endpoint")).toString();
    r.serverInfo = server.value(QLatin1StringView("serverInfo")).toObject();
    r.name = json.value(QLatin1StringView("name")).toString();
    r.arguments = json.value(QLatin1StringView("arguments")).toObject();
    if (json.value(QLatin1StringView("editedArguments")).isObject()) {
        r.editedArguments = json.value(QLatin1StringView("editedArguments")).toObject();
        r.edited = true;
    }
    const QString decision = json.value(QLatin1StringView("decision")).toString();
    if (!decision.isEmpty()) {
        r.decision = AuditNames::decisionFromName(decision);
        if (!r.decision)
            return invalid(QCoreApplication::translate("Toolgate::AuditRecord", "unknown decision"));
    }
    const QString source = json.value(QLatin1StringView("decidedBy")).toString();
    if (!source.isEmpty()) {
        r.decisionSource = AuditNames::sourceFromName(source);
        if (!r.decisionSource)
            return invalid(QCoreApplication::translate("Toolgate::AuditRecord", "unknown decidedBy"));
    }
    r.decisionReason = json.value(QLatin1StringView("decisionReason")).toString();
    const auto outcome = AuditNames::outcomeFromName(json.value(QLatin1StringView("outcome")).toString());
    if (!outcome)
        return invalid(QCoreApplication::translate("Toolgate::AuditRecord", "unknown outcome"));
    r.outcome = *outcome;

    for (auto [field, target] : {std::pair{QLatin1StringView("startedAt"), &r.startedAt},
                                 std::pair{QLatin1StringView("decidedAt"), &r.decidedAt},
                                 std::pair{QLatin1StringView("finishedAt"), &r.finishedAt}}) {
        auto time = timeFromJson(json.value(field), field);
        if (!time)
            return time.error();
        *target = time.value();
    }
    r.isError = boolFromJson(json.value(QLatin1StringView("isError")));
    if (json.value(QLatin1StringView("result")).isObject())
        r.result = json.value(QLatin1StringView("result")).toObject();
    r.resultSize = intFromJson(json.value(QLatin1StringView("resultSize")));
    if (const auto code = intFromJson(json.value(QLatin1StringView("errorCode"))))
        r.errorCode = int(*code);
    r.errorMessage = json.value(QLatin1StringView("errorMessage")).toString();
    r.durationMs = intFromJson(json.value(QLatin1StringView("durationMs")));
    r.outputValid = boolFromJson(json.value(QLatin1StringView("outputValid")));
    r.inputProblems = stringsFromJson(json.value(QLatin1StringView("inputProblems")));
    r.outputProblems = stringsFromJson(json.value(QLatin1StringView("outputProblems")));
    r.origin = intFromJson(json.value(QLatin1StringView("origin")));
    r.argumentOrigins = ArgumentOrigin::fromJson(json.value(QLatin1StringView("argumentOrigins")).toArray());
    const QJsonObject conversation = json.value(QLatin1StringView("conversation")).toObject();
    r.conversationId = conversation.value(QLatin1StringView("id")).toString();
    r.conversationTitle = conversation.value(QLatin1StringView("title")).toString();
    if (json.value(QLatin1StringView("task")).isObject()) {
        const QJsonObject task = json.value(QLatin1StringView("task")).toObject();
        r.taskId = task.value(QLatin1StringView("id")).toString();
        if (r.taskId.isEmpty())
            return invalid(QCoreApplication::translate("Toolgate::AuditRecord", "a task without an id"));
        for (const QJsonValue &value : task.value(QLatin1StringView("events")).toArray()) {
            const QJsonObject event = value.toObject();
            AuditTaskEvent parsed;
            auto at = timeFromJson(event.value(QLatin1StringView("at")), QLatin1StringView("task.events.at"));
            if (!at)
                return at.error();
            parsed.at = at.value();
            const auto status = AuditNames::taskStatusFromName(event.value(QLatin1StringView("status")).toString());
            if (!status)
                return invalid(QCoreApplication::translate("Toolgate::AuditRecord", "unknown task status"));
            parsed.status = *status;
            parsed.message = event.value(QLatin1StringView("message")).toString();
            r.taskEvents.append(parsed);
        }
    }
    return r;
}

} // namespace Toolgate
