#include "core/audit/auditexporter.h"

#include "core/audit/auditreader.h"
#include "core/common/displaytext.h"
#include "core/common/error.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

namespace Toolgate {

namespace {

QString time(const QDateTime &value)
{
    return value.isValid() ? value.toUTC().toString(Qt::ISODateWithMs) : QString();
}

QString json(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

QString json(const QStringList &lines)
{
    return lines.isEmpty() ? QString() : QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(lines)).toJson(QJsonDocument::Compact));
}

// What a server says about itself, for a spreadsheet: its icons arrive as data: URIs of a few KB each,
// repeated on every row; they are left out (JSON Lines keeps them).
QString serverInfoCell(QJsonObject info)
{
    QJsonArray icons = info.value(QStringLiteral("icons")).toArray();
    for (qsizetype i = 0; i < icons.size(); ++i) {
        QJsonObject icon = icons.at(i).toObject();
        const QString src = icon.value(QStringLiteral("src")).toString();
        if (src.startsWith(QLatin1StringView("data:"), Qt::CaseInsensitive)) {
            icon.insert(QStringLiteral("src"), QStringLiteral("[image omitted: %1 characters]").arg(src.size()));
            icons.replace(i, icon);
        }
    }
    if (!icons.isEmpty())
        info.insert(QStringLiteral("icons"), icons);
    return json(info);
}

template<typename T>
QString number(const std::optional<T> &value)
{
    return value ? QString::number(*value) : QString();
}

QString boolean(const std::optional<bool> &value)
{
    return value ? (*value ? QStringLiteral("true") : QStringLiteral("false")) : QString();
}

// A call that ran as a task: its life as the JSON Lines export has it (one cell, JSON text).
QString taskEventsCell(const AuditRecord &record)
{
    if (!record.isTask())
        return {};
    return QString::fromUtf8(QJsonDocument(record.toJson().value(QLatin1StringView("task")).toObject().value(QLatin1StringView("events")).toArray())
                                 .toJson(QJsonDocument::Compact));
}

} // namespace

std::optional<AuditExporter::Format> AuditExporter::formatFromName(QStringView name)
{
    if (name.compare(QLatin1StringView("jsonl"), Qt::CaseInsensitive) == 0
        || name.compare(QLatin1StringView("json"), Qt::CaseInsensitive) == 0
        || name.compare(QLatin1StringView("ndjson"), Qt::CaseInsensitive) == 0)
        return Format::JsonLines;
    if (name.compare(QLatin1StringView("csv"), Qt::CaseInsensitive) == 0)
        return Format::Csv;
    return std::nullopt;
}

Result<qint64> AuditExporter::write(AuditReader &reader, const AuditFilter &filter, Format format, QIODevice *out)
{
    if (format == Format::Csv && out->write(csvHeader()) < 0)
        return makeError(ErrorCode::InternalError, QCoreApplication::translate("Toolgate::AuditExporter", "cannot write the export: %1").arg(out->errorString()));
    std::optional<Error> failure;
    auto visited = reader.forEach(filter, [&](const AuditRecord &record) {
        const QByteArray line = format == Format::Csv ? csvRow(record) : jsonLine(record);
        if (out->write(line) < 0) {
            failure = makeError(ErrorCode::InternalError, QCoreApplication::translate("Toolgate::AuditExporter", "cannot write the export: %1").arg(out->errorString()));
            return false;
        }
        return true;
    });
    if (failure)
        return *failure;
    return visited;
}

QByteArray AuditExporter::jsonLine(const AuditRecord &record)
{
    return QJsonDocument(record.toJson()).toJson(QJsonDocument::Compact) + '\n';
}

QStringList AuditExporter::csvColumns()
{
    return {QStringLiteral("id"), QStringLiteral("type"), QStringLiteral("started_at"), QStringLiteral("client"),
            QStringLiteral("server"), QStringLiteral("endpoint"), QStringLiteral("server_info"), QStringLiteral("name"),
            QStringLiteral("arguments"), QStringLiteral("edited_arguments"), QStringLiteral("decided_at"),
            QStringLiteral("decision"), QStringLiteral("decided_by"), QStringLiteral("decision_reason"),
            QStringLiteral("outcome"), QStringLiteral("finished_at"), QStringLiteral("is_error"), QStringLiteral("result"),
            QStringLiteral("result_size"), QStringLiteral("error_code"), QStringLiteral("error_message"),
            QStringLiteral("duration_ms"), QStringLiteral("output_valid"), QStringLiteral("input_problems"),
            QStringLiteral("output_problems"), QStringLiteral("session"), QStringLiteral("task_id"),
            QStringLiteral("task_status"), QStringLiteral("task_events"), QStringLiteral("conversation_id"),
            QStringLiteral("conversation")};
}

QByteArray AuditExporter::csvHeader()
{
    return csvColumns().join(u',').toUtf8() + "\r\n";
}

QString AuditExporter::csvCell(const QString &value, bool text)
{
    // Hidden characters a server wrote (terminal escapes, bidirectional controls) shown as escapes:
    // the CSV goes to terminals and spreadsheets, which would act on them. JSON Lines stays lossless.
    QString cell = text ? DisplayText::visible(value) : value;
    if (text && !cell.isEmpty()) {
        const QChar first = cell.front();
        if (first == u'=' || first == u'+' || first == u'-' || first == u'@' || first == u'\t' || first == u'\r')
            cell.prepend(u'\'');
    }
    if (cell.contains(u',') || cell.contains(u'"') || cell.contains(u'\n') || cell.contains(u'\r')) {
        cell.replace(u'"', QStringLiteral("\"\""));
        cell = u'"' + cell + u'"';
    }
    return cell;
}

QByteArray AuditExporter::csvRow(const AuditRecord &r)
{
    const QStringList cells{
        csvCell(QString::number(r.id), false),
        csvCell(AuditNames::type(r.type)),
        csvCell(time(r.startedAt), false),
        csvCell(AuditNames::initiator(r.initiator)),
        csvCell(r.serverName),
        csvCell(r.serverEndpoint),
        csvCell(serverInfoCell(r.serverInfo)),
        csvCell(r.name),
        csvCell(json(r.arguments)),
        csvCell(r.editedArguments ? json(*r.editedArguments) : QString()),
        csvCell(time(r.decidedAt), false),
        csvCell(r.decision ? AuditNames::decision(*r.decision) : QString()),
        csvCell(r.decisionSource ? AuditNames::source(*r.decisionSource) : QString()),
        csvCell(r.decisionReason),
        csvCell(AuditNames::outcome(r.outcome)),
        csvCell(time(r.finishedAt), false),
        csvCell(boolean(r.isError), false),
        csvCell(r.result ? json(*r.result) : QString()),
        csvCell(number(r.resultSize), false),
        csvCell(number(r.errorCode), false),
        csvCell(r.errorMessage),
        csvCell(number(r.durationMs), false),
        csvCell(boolean(r.outputValid), false),
        csvCell(json(r.inputProblems)),
        csvCell(json(r.outputProblems)),
        csvCell(r.session),
        csvCell(r.taskId),
        csvCell(r.lastTaskStatus() ? AuditNames::taskStatus(*r.lastTaskStatus()) : QString()),
        csvCell(taskEventsCell(r)),
        csvCell(r.conversationId),
        csvCell(r.conversationTitle),
    };
    return cells.join(u',').toUtf8() + "\r\n";
}

} // namespace Toolgate
