#include "app/cli/auditcommand.h"

#include "core/audit/auditdatabase.h"
#include "core/audit/auditexporter.h"
#include "core/audit/auditlog.h"
#include "core/audit/auditreader.h"
#include "core/audit/auditverifier.h"
#include "core/common/displaytext.h"
#include "app/cli/clitext.h"
#include "app/cli/console.h"
#include "core/jsonrpc/jsonwriter.h"

#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSaveFile>

#include <algorithm>
#include <cstdio>

namespace Toolgate {

namespace {

constexpr int exitSuccess = 0;
constexpr int exitUsage = 2;
constexpr int exitStore = 3;
constexpr int exitFailed = 5;

class Output
{
public:
    Output(QIODevice *out, QIODevice *err) : m_out(out), m_err(err) {}
    // Records hold what servers sent: shown with escapes visible, never interpreted (see Console).
    void out(const QString &text) const { m_out->write(DisplayText::visible(text).toUtf8()); }
    void outJson(const QByteArray &json) const { m_out->write(DisplayText::safeJson(json)); }
    void err(const QString &text) const { m_err->write(DisplayText::visible(text).toUtf8()); }
    void error(const QString &message) const { err(QStringLiteral("toolgate-cli audit: ") + message + u'\n'); }
    QIODevice *device() const { return m_out; }

private:
    QIODevice *m_out;
    QIODevice *m_err;
};

// "2024-05-01", "2024-05-01T10:00" (local time unless an offset is given), or an age: 30m, 2h, 7d, 1w.
std::optional<QDateTime> parseTime(const QString &text)
{
    static const QRegularExpression age(QStringLiteral(R"(^(\d+)\s*([smhdw])$)"));
    if (const auto match = age.match(text.trimmed()); match.hasMatch()) {
        const qint64 amount = match.captured(1).toLongLong();
        const QChar unit = match.captured(2).front();
        const qint64 seconds = unit == u's' ? 1 : unit == u'm' ? 60 : unit == u'h' ? 3600 : unit == u'd' ? 86400 : 604800;
        return QDateTime::currentDateTimeUtc().addSecs(-amount * seconds);
    }
    QDateTime time = QDateTime::fromString(text.trimmed(), Qt::ISODateWithMs);
    if (!time.isValid()) {
        const QDate date = QDate::fromString(text.trimmed(), Qt::ISODate);
        if (!date.isValid())
            return std::nullopt;
        time = date.startOfDay();
    }
    return time.toUTC();
}

QString cut(const QString &text, qsizetype width)
{
    const QString single = Console::sanitized(QString(text).replace(u'\n', u' ').replace(u'\t', u' '));
    return single.size() <= width ? single : single.left(width - 1) + QStringLiteral("…");
}

QString localTime(const QDateTime &time)
{
    return time.isValid() ? time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) : QString();
}

QString decisionText(const AuditRecord &record)
{
    if (!record.decision)
        return QStringLiteral("-");
    QString text = AuditNames::decision(*record.decision);
    if (record.decisionSource == ApprovalDecision::Source::RememberedRule)
        text += QStringLiteral(" (rule)");
    else if (record.decisionSource == ApprovalDecision::Source::ApprovedRun)
        text += QStringLiteral(" (run)");
    return text;
}

// "Exported 1 record to out.jsonl." — one record reads as one; %n lets a translation pick its plural form.
QString exportedRecordsText(qint64 count, const QString &path)
{
    const int n = int(count);
    if (path.isEmpty())
        return n == 1 ? Cli::tr("Exported 1 record.\n") : Cli::tr("Exported %n records.\n", nullptr, n);
    return n == 1 ? Cli::tr("Exported 1 record to %1.\n").arg(path) : Cli::tr("Exported %n records to %1.\n", nullptr, n).arg(path);
}

// A task's status in words, as the GUI's audit view says it.
QString taskStatusText(Task::Status status)
{
    switch (status) {
    case Task::Status::Working: return Cli::tr("working");
    case Task::Status::InputRequired: return Cli::tr("waiting for input");
    case Task::Status::Completed: return Cli::tr("completed");
    case Task::Status::Failed: return Cli::tr("failed");
    case Task::Status::Cancelled: return Cli::tr("cancelled");
    }
    return {};
}

struct Parsed
{
    QString command;
    QStringList positional;
    AuditFilter filter;
    QString databasePath;
    bool json = false;
    int limit = 50;
    qint64 before = 0;
    QString format;
    QString output;
};

std::optional<QString> parse(const QStringList &arguments, Parsed &parsed, bool &help)
{
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption helpOption({QStringLiteral("h"), QStringLiteral("help")}, Cli::tr("Show help."));
    const QCommandLineOption db(QStringLiteral("db"), Cli::tr("The audit store."), QStringLiteral("path"));
    const QCommandLineOption json(QStringLiteral("json"), Cli::tr("JSON output."));
    const QCommandLineOption type(QStringLiteral("type"), Cli::tr("Record type."), QStringLiteral("type"));
    const QCommandLineOption server(QStringLiteral("server"), Cli::tr("Server name."), QStringLiteral("name"));
    const QCommandLineOption tool(QStringLiteral("tool"), Cli::tr("Tool name."), QStringLiteral("name"));
    const QCommandLineOption decision(QStringLiteral("decision"), Cli::tr("Decision."), QStringLiteral("decision"));
    const QCommandLineOption outcome(QStringLiteral("outcome"), Cli::tr("Outcome."), QStringLiteral("outcome"));
    const QCommandLineOption client(QStringLiteral("client"), Cli::tr("gui, cli, app or model."), QStringLiteral("client"));
    const QCommandLineOption since(QStringLiteral("since"), Cli::tr("From."), QStringLiteral("time"));
    const QCommandLineOption until(QStringLiteral("until"), Cli::tr("Until."), QStringLiteral("time"));
    const QCommandLineOption search(QStringLiteral("search"), Cli::tr("Words."), QStringLiteral("text"));
    const QCommandLineOption task(QStringLiteral("task"), Cli::tr("Task id."), QStringLiteral("id"));
    const QCommandLineOption tasks(QStringLiteral("tasks"), Cli::tr("Only calls run as tasks."));
    const QCommandLineOption limit(QStringLiteral("limit"), Cli::tr("How many."), QStringLiteral("n"));
    const QCommandLineOption before(QStringLiteral("before"), Cli::tr("Older than id."), QStringLiteral("id"));
    const QCommandLineOption format(QStringLiteral("format"), Cli::tr("jsonl or csv."), QStringLiteral("format"));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")}, Cli::tr("File."), QStringLiteral("file"));
    parser.addOptions({helpOption, db, json, type, server, tool, decision, outcome, client, since, until, search, task, tasks,
                       limit, before, format, output});
    parser.addPositionalArgument(QStringLiteral("command"), Cli::tr("list, show, export or verify"));
    if (!parser.parse(QStringList{QStringLiteral("toolgate-cli audit")} + arguments))
        return parser.errorText();
    help = parser.isSet(helpOption);
    const QStringList positional = parser.positionalArguments();
    if (help)
        return std::nullopt;
    if (positional.isEmpty())
        return Cli::tr("missing command: list, show, export or verify");
    parsed.command = positional.first();
    parsed.positional = positional.mid(1);
    parsed.databasePath = parser.value(db);
    parsed.json = parser.isSet(json);
    parsed.format = parser.value(format);
    parsed.output = parser.value(output);

    AuditFilter &filter = parsed.filter;
    for (const QString &value : parser.values(type)) {
        const auto parsedType = AuditNames::typeFromName(value);
        if (!parsedType)
            return Cli::tr("unknown --type \"%1\" (tool_call, server_request, connection)").arg(value);
        filter.types.append(*parsedType);
    }
    filter.servers = parser.values(server);
    filter.names = parser.values(tool);
    for (const QString &value : parser.values(decision)) {
        if (value == QLatin1StringView("rule") || value == QLatin1StringView("human") || value == QLatin1StringView("run")) {
            filter.decidedBy = AuditNames::sourceFromName(value);
            continue;
        }
        const auto kind = AuditNames::decisionFromName(value);
        if (!kind)
            return Cli::tr("unknown --decision \"%1\" (allow_once, allow_session, allow_always, deny, rule, human, run)").arg(value);
        filter.decisions.append(*kind);
    }
    for (const QString &value : parser.values(outcome)) {
        const auto kind = AuditNames::outcomeFromName(value);
        if (!kind)
            return Cli::tr("unknown --outcome \"%1\" (pending, succeeded, tool_error, denied, invalid_arguments, failed, "
                                  "cancelled, unknown)").arg(value);
        filter.outcomes.append(*kind);
    }
    if (parser.isSet(client)) {
        filter.initiator = AuditNames::initiatorFromName(parser.value(client));
        if (!filter.initiator)
            return Cli::tr("unknown --client \"%1\" (gui, cli, app, model)").arg(parser.value(client));
    }
    for (const auto &[option, target] : {std::pair{&since, &filter.from}, std::pair{&until, &filter.until}}) {
        if (!parser.isSet(*option))
            continue;
        const auto time = parseTime(parser.value(*option));
        if (!time)
            return Cli::tr("--%1: \"%2\" is neither a date, a date and time, nor an age like 2h or 7d")
                .arg(option->names().first(), parser.value(*option));
        *target = *time;
    }
    filter.text = parser.value(search);
    filter.taskId = parser.value(task);
    filter.onlyTasks = parser.isSet(tasks);
    if (parser.isSet(limit)) {
        bool ok = false;
        parsed.limit = parser.value(limit).toInt(&ok);
        if (!ok || parsed.limit < 1)
            return Cli::tr("--limit needs a positive number");
    }
    if (parser.isSet(before)) {
        bool ok = false;
        parsed.before = parser.value(before).toLongLong(&ok);
        if (!ok || parsed.before < 1)
            return Cli::tr("--before needs a record id");
    }
    return std::nullopt;
}

void recover(const Parsed &parsed, const Output &io)
{
    // "The next start" of Toolgate marks calls of crashed sessions; reading the log counts as one.
    if (!QFileInfo::exists(parsed.databasePath.isEmpty() ? AuditDatabase::defaultPath() : parsed.databasePath))
        return;
    if (const auto recovered = AuditLog::recoverAbandoned(parsed.databasePath); !recovered)
        io.error(Cli::tr("warning: %1").arg(recovered.error().message));
}

int list(const Parsed &parsed, AuditReader &reader, const Output &io)
{
    AuditReader::PageRequest request;
    request.beforeId = parsed.before;
    request.limit = parsed.limit;
    request.detail = parsed.json ? AuditReader::Detail::Full : AuditReader::Detail::Summary;
    const auto page = reader.page(parsed.filter, request);
    if (!page) {
        io.error(page.error().message);
        return exitFailed;
    }
    if (parsed.json) {
        for (const AuditRecord &record : page->records)
            io.outJson(AuditExporter::jsonLine(record));
        return exitSuccess;
    }
    // The TASK column only when the page holds a call that ran as a task: its last known status and id.
    const bool anyTask = std::any_of(page->records.cbegin(), page->records.cend(), [](const AuditRecord &r) { return r.isTask(); });
    const auto row = [](const QStringList &cells) -> QString {
        static const int widths[] = {8, 19, 4, 18, 24, 20, 17, 8, 0};
        QString line;
        for (qsizetype i = 0; i < cells.size(); ++i)
            line += (i == 0 ? cells.at(i).rightJustified(widths[i]) : cells.at(i).leftJustified(widths[i])) + u' ';
        while (line.endsWith(u' '))
            line.chop(1);
        return line + u'\n';
    };
    QStringList header{QStringLiteral("ID"), QStringLiteral("TIME"), QStringLiteral("FROM"), QStringLiteral("SERVER"),
                       QStringLiteral("TOOL"), QStringLiteral("DECISION"), QStringLiteral("OUTCOME"), QStringLiteral("MS")};
    if (anyTask)
        header.append(QStringLiteral("TASK"));
    io.out(row(header));
    for (const AuditRecord &r : page->records) {
        QString name = r.name;
        if (r.type == AuditRecordType::ServerRequest)
            name = QStringLiteral("[request] ") + r.name;
        else if (r.type == AuditRecordType::Connection)
            name = QStringLiteral("[") + r.name + u']';
        // What an app view did names the call whose result showed the app: "app #12".
        const QString from = AuditNames::initiator(r.initiator) + (r.origin ? QStringLiteral(" #%1").arg(*r.origin) : QString());
        QStringList cells{QString::number(r.id), localTime(r.startedAt), from, cut(r.serverName, 18),
                          cut(name, 24), decisionText(r), AuditNames::outcome(r.outcome),
                          r.durationMs ? QString::number(*r.durationMs) : QStringLiteral("-")};
        if (anyTask) {
            // Status names as stored (like OUTCOME), then the server's id for the task.
            cells.append(r.isTask() ? (r.lastTaskStatus() ? AuditNames::taskStatus(*r.lastTaskStatus()) : QString()) + u' ' + cut(r.taskId, 40)
                                    : QStringLiteral("-"));
        }
        io.out(row(cells));
    }
    const auto total = reader.count(parsed.filter);
    QString footer = Cli::tr("%1 of %2 matching records, newest first.")
                         .arg(page->records.size())
                         .arg(total ? QString::number(total.value()) : QStringLiteral("?"));
    if (page->more)
        footer += Cli::tr(" Older: --before %1").arg(page->records.constLast().id);
    io.err(footer + u'\n');
    return exitSuccess;
}

QString pretty(const QJsonObject &object, const JsonKeyOrder &order = {})
{
    return Console::indented(Console::sanitized(QString::fromUtf8(JsonWriter::toIndentedJson(object, order))),
                             QStringLiteral("  "));
}

int show(const Parsed &parsed, AuditReader &reader, const Output &io)
{
    bool ok = false;
    const qint64 id = parsed.positional.value(0).toLongLong(&ok);
    if (!ok || parsed.positional.size() != 1) {
        io.error(Cli::tr("usage: toolgate-cli audit show ID"));
        return exitUsage;
    }
    const auto record = reader.record(id);
    if (!record) {
        io.error(record.error().message);
        return exitFailed;
    }
    const auto events = reader.events(id);
    if (parsed.json) {
        QJsonObject json = record->toJson();
        QJsonArray chain;
        for (const AuditEventInfo &event : events.ok() ? events.value() : QList<AuditEventInfo>{})
            chain.append(QJsonObject{{QStringLiteral("seq"), double(event.seq)}, {QStringLiteral("kind"), event.kind},
                                     {QStringLiteral("hash"), event.hash}});
        json.insert(QStringLiteral("chain"), chain);
        io.outJson(QJsonDocument(json).toJson(QJsonDocument::Indented));
        return exitSuccess;
    }
    const AuditRecord &r = record.value();
    const auto line = [&io](const QString &label, const QString &value) {
        // Further lines of a value (an error with the server's stderr) line up under its first.
        if (!value.isEmpty())
            io.out(label.leftJustified(16) + Console::indented(Console::sanitized(value), QString(16, u' ')).mid(16) + u'\n');
    };
    line(Cli::tr("Record"), QStringLiteral("#%1 (%2)").arg(r.id).arg(AuditNames::type(r.type)));
    line(Cli::tr("Started"), localTime(r.startedAt));
    line(Cli::tr("From"), AuditNames::initiator(r.initiator) + Cli::tr(", session ") + r.session);
    if (r.origin)
        line(Cli::tr("Made by"), Cli::tr("the app in the result of call #%1").arg(*r.origin));
    line(Cli::tr("Server"), r.serverName);
    line(Cli::tr("Endpoint"), r.serverEndpoint);
    const QString info = r.serverInfo.value(QLatin1StringView("name")).toString() + u' '
        + r.serverInfo.value(QLatin1StringView("version")).toString();
    line(Cli::tr("Server says"), info.trimmed().isEmpty() ? QString() : info.trimmed() + Cli::tr(" (self-reported)"));
    line(r.type == AuditRecordType::ToolCall ? Cli::tr("Tool") : Cli::tr("Name"), r.name);
    io.out(r.edited ? Cli::tr("Arguments (as requested):\n") : Cli::tr("Arguments:\n"));
    io.out(pretty(r.arguments, r.argumentsOrder.keys) + u'\n');
    if (r.editedArguments)
        io.out(Cli::tr("Arguments (edited by the human, as sent):\n") + pretty(*r.editedArguments, r.editedArgumentsOrder.keys) + u'\n');
    if (r.decision) {
        const QString decidedBy = r.decisionSource == ApprovalDecision::Source::RememberedRule ? Cli::tr("a remembered rule")
            : r.decisionSource == ApprovalDecision::Source::ApprovedRun ? Cli::tr("the collection run you started and approved")
                                                                        : Cli::tr("a human");
        line(Cli::tr("Decision"), decisionText(r) + Cli::tr(" by ") + decidedBy);
        line(Cli::tr("Decided"), localTime(r.decidedAt));
        line(Cli::tr("Reason"), r.decisionReason);
    }
    line(Cli::tr("Outcome"), AuditNames::outcome(r.outcome));
    line(Cli::tr("Finished"), localTime(r.finishedAt));
    line(Cli::tr("Duration"), r.durationMs ? Cli::tr("%1 ms").arg(*r.durationMs) : QString());
    line(Cli::tr("Error"), r.errorMessage.isEmpty() ? QString()
                                                            : (r.errorCode ? QStringLiteral("[%1] ").arg(*r.errorCode) : QString()) + r.errorMessage);
    line(Cli::tr("Problems"), (r.inputProblems + r.outputProblems).join(QStringLiteral("; ")));
    if (r.isTask()) {
        // The server ran the call as a task: its id, where it got to, and each step of its life.
        line(Cli::tr("Task"), r.taskId);
        if (const auto status = r.lastTaskStatus())
            line(Cli::tr("Task status"), taskStatusText(*status));
        io.out(Cli::tr("Task life:\n"));
        for (const AuditTaskEvent &event : r.taskEvents) {
            QString step = localTime(event.at) + u' ' + taskStatusText(event.status);
            if (!event.message.isEmpty())
                step += QStringLiteral(" — ") + event.message;
            io.out(QStringLiteral("  ") + Console::indented(Console::sanitized(step), QStringLiteral("    ")).mid(4) + u'\n');
        }
    }
    if (r.result) {
        // What is shown below is what was stored: say how it differs from what was received.
        QStringList sizes;
        if (r.resultSize)
            sizes.append(Cli::tr("%1 bytes as received").arg(*r.resultSize));
        if (const QString note = r.resultStorageNote(); !note.isEmpty())
            sizes.append(note);
        io.out(Cli::tr("Result%1:\n").arg(sizes.isEmpty() ? QString() : QStringLiteral(" (") + sizes.join(QStringLiteral("; ")) + u')'));
        io.out(pretty(*r.result) + u'\n');
    }
    if (events) {
        io.out(Cli::tr("Hash chain:\n"));
        for (const AuditEventInfo &event : events.value())
            io.out(QStringLiteral("  #%1 %2 %3\n").arg(event.seq).arg(event.kind.leftJustified(8), event.hash));
    }
    return exitSuccess;
}

int exportRecords(const Parsed &parsed, AuditReader &reader, const Output &io)
{
    QString formatName = parsed.format;
    if (formatName.isEmpty())
        formatName = parsed.output.endsWith(QLatin1StringView(".csv"), Qt::CaseInsensitive) ? QStringLiteral("csv") : QStringLiteral("jsonl");
    const auto format = AuditExporter::formatFromName(formatName);
    if (!format) {
        io.error(Cli::tr("unknown --format \"%1\" (jsonl, csv)").arg(formatName));
        return exitUsage;
    }
    if (parsed.output.isEmpty() || parsed.output == QLatin1StringView("-")) {
        const auto written = AuditExporter::write(reader, parsed.filter, *format, io.device());
        if (!written) {
            io.error(written.error().message);
            return exitFailed;
        }
        io.err(exportedRecordsText(written.value(), {}));
        return exitSuccess;
    }
    // QSaveFile: a failed export never leaves a half-written file that looks complete.
    QSaveFile file(parsed.output);
    if (!file.open(QIODevice::WriteOnly)) {
        io.error(Cli::tr("cannot write %1: %2").arg(parsed.output, file.errorString()));
        return exitFailed;
    }
    const auto written = AuditExporter::write(reader, parsed.filter, *format, &file);
    if (!written || !file.commit()) {
        io.error(written ? file.errorString() : written.error().message);
        return exitFailed;
    }
    io.err(exportedRecordsText(written.value(), parsed.output));
    return exitSuccess;
}

int verify(const Parsed &parsed, const Output &io)
{
    AuditDatabase::Options options;
    options.path = parsed.databasePath;
    options.connectionName = QStringLiteral("toolgate-cli-audit-verify");
    options.createIfMissing = false;
    auto database = AuditDatabase::open(options);
    if (!database) {
        io.error(database.error().message);
        return exitStore;
    }
    const auto result = AuditVerifier::verify(*database.value());
    if (!result) {
        io.error(result.error().message);
        return exitFailed;
    }
    const AuditVerification &v = result.value();
    if (parsed.json) {
        QJsonArray problems;
        for (const AuditProblem &problem : v.problems)
            problems.append(QJsonObject{{QStringLiteral("record"), double(problem.recordId)}, {QStringLiteral("seq"), double(problem.seq)},
                                        {QStringLiteral("description"), problem.description}});
        io.outJson(QJsonDocument(QJsonObject{
            {QStringLiteral("ok"), v.ok()}, {QStringLiteral("records"), double(v.records)}, {QStringLiteral("events"), double(v.events)},
            {QStringLiteral("headSeq"), double(v.headSeq)}, {QStringLiteral("headHash"), QString::fromLatin1(v.headHash)},
            {QStringLiteral("problemCount"), double(v.problemCount)}, {QStringLiteral("problems"), problems}}).toJson(QJsonDocument::Compact) + '\n');
        return v.ok() ? exitSuccess : AuditCommand::tamperedExitCode;
    }
    if (v.ok()) {
        io.out(Cli::tr("OK: %1 records, %2 chain events, all intact.\nChain head: #%3 %4\n")
                   .arg(v.records).arg(v.events).arg(v.headSeq).arg(QString::fromLatin1(v.headHash)));
        return exitSuccess;
    }
    io.out(Cli::tr("TAMPERED: %1\n").arg(v.problems.constFirst().description));
    if (v.problemCount > 1) {
        io.out(Cli::tr("All %1 problems found%2:\n").arg(v.problemCount).arg(v.problemCount > v.problems.size()
                                                                                           ? Cli::tr(" (first %1)").arg(v.problems.size())
                                                                                           : QString()));
        for (const AuditProblem &problem : v.problems)
            io.out(QStringLiteral("  - ") + problem.description + u'\n');
    }
    io.out(Cli::tr("Checked %1 records and %2 chain events.\n").arg(v.records).arg(v.events));
    return AuditCommand::tamperedExitCode;
}

} // namespace

QString AuditCommand::helpText()
{
    return Cli::tr(
        "Usage: toolgate-cli audit COMMAND [options]\n"
        "\n"
        "Reads the audit log of every tool call, server request and connection event.\n"
        "\n"
        "Commands:\n"
        "  list              The newest records (filters below; --limit N, --before ID for older ones)\n"
        "  show ID           One record in full, with its hash chain events\n"
        "  export            The matching records, oldest first: --format jsonl|csv, -o FILE (default stdout)\n"
        "  verify            Recomputes the hash chain; reports the first record changed or removed\n"
        "\n"
        "Filters (repeat an option to accept several values):\n"
        "  --server NAME     --tool NAME      --type tool_call|server_request|connection\n"
        "  --decision allow_once|allow_session|allow_always|deny|rule|human|run\n"
        "  --outcome pending|succeeded|tool_error|denied|invalid_arguments|failed|cancelled|unknown\n"
        "  --client gui|cli|app|model  --since TIME  --until TIME   (TIME: 2024-05-01, 2024-05-01T10:00, or an age: 30m, 2h, 7d)\n"
        "  --search WORDS    words in arguments, results and errors (each may be the start of a word)\n"
        "  --tasks           only calls the server ran as tasks;  --task ID  the call that ran as task ID\n"
        "\n"
        "Other options:\n"
        "  --db PATH         The audit store (default: the app's data folder, or $TOOLGATE_AUDIT_DB)\n"
        "  --json            Machine-readable output (JSON Lines for list)\n"
        "\n"
        "Exit codes: 0 success, 2 usage, 3 no audit log, 5 query failed or no such record,\n"
        "            8 verify found records changed or removed.\n");
}

int AuditCommand::run(const QStringList &arguments)
{
    QFile out;
    QFile err;
    out.open(stdout, QIODevice::WriteOnly | QIODevice::Unbuffered);
    err.open(stderr, QIODevice::WriteOnly | QIODevice::Unbuffered);
    return run(arguments, &out, &err);
}

int AuditCommand::run(const QStringList &arguments, QIODevice *out, QIODevice *err)
{
    const Output io(out, err);
    Parsed parsed;
    bool help = false;
    if (const auto problem = parse(arguments, parsed, help)) {
        io.error(*problem);
        io.err(Cli::tr("Run toolgate-cli audit --help for usage.\n"));
        return exitUsage;
    }
    if (help) {
        io.out(helpText());
        return exitSuccess;
    }
    if (parsed.command == QLatin1StringView("verify"))
        return verify(parsed, io);
    const bool known = parsed.command == QLatin1StringView("list") || parsed.command == QLatin1StringView("show")
        || parsed.command == QLatin1StringView("export");
    if (!known) {
        io.error(Cli::tr("unknown command \"%1\": list, show, export or verify").arg(parsed.command));
        return exitUsage;
    }
    recover(parsed, io);
    auto reader = AuditReader::open(parsed.databasePath);
    if (!reader) {
        io.error(reader.error().message);
        return exitStore;
    }
    if (parsed.command == QLatin1StringView("list"))
        return list(parsed, *reader.value(), io);
    if (parsed.command == QLatin1StringView("show"))
        return show(parsed, *reader.value(), io);
    return exportRecords(parsed, *reader.value(), io);
}

} // namespace Toolgate
