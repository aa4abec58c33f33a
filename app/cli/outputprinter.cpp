#include "app/cli/outputprinter.h"

#include "core/workspace/connectiondoctor.h"
#include "app/cli/clitext.h"

#include "core/apps/appmeta.h"

#include "app/cli/approvalformatter.h"
#include "app/cli/attachmentsaver.h"
#include "app/cli/console.h"
#include "core/common/displaytext.h"
#include "core/common/error.h"
#include "core/protocol/page.h"

#include <QDir>
#include <QHash>
#include <QJsonDocument>
#include <QLocale>

namespace Toolgate {

namespace {

QString prettyJson(const QJsonValue &value)
{
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Indented)).trimmed();
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Indented)).trimmed();
    // Scalars: wrap so QJsonDocument can write them, then unwrap.
    const QString wrapped = QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact));
    return wrapped.mid(1, wrapped.size() - 2);
}

QString withNewline(const QString &text)
{
    return text.endsWith(u'\n') ? text : text + u'\n';
}

QString describeBlock(const QString &indent, const QString &text)
{
    const QString trimmed = text.trimmed();
    return trimmed.isEmpty() ? QString() : Console::indented(Console::sanitized(trimmed), indent) + u'\n';
}

/// "a (number, required), b (string)" from an input schema's properties.
QString argumentSummary(const QJsonObject &schema)
{
    const QJsonObject properties = schema.value(QLatin1String("properties")).toObject();
    QStringList required;
    for (const QJsonValue &name : schema.value(QLatin1String("required")).toArray())
        required.append(name.toString());
    QStringList parts;
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        const QJsonValue type = it.value().toObject().value(QLatin1String("type"));
        QStringList notes;
        if (type.isString()) {
            notes.append(Console::sanitizedLine(type.toString()));
        } else if (type.isArray()) {
            QStringList types;
            for (const QJsonValue &t : type.toArray())
                types.append(Console::sanitizedLine(t.toString()));
            notes.append(types.join(u'|'));
        }
        if (required.contains(it.key()))
            notes.append(Cli::tr("required"));
        const QString key = Console::sanitizedLine(it.key());
        parts.append(notes.isEmpty() ? key : key + QStringLiteral(" (") + notes.join(QStringLiteral(", ")) + u')');
    }
    return parts.join(QStringLiteral(", "));
}

QString capabilitySummary(const ServerCapabilities &caps)
{
    QStringList parts;
    const auto feature = [&parts](bool offered, const QString &name, const QStringList &details) {
        if (!offered)
            return;
        parts.append(details.isEmpty() ? name : name + QStringLiteral(" (") + details.join(QStringLiteral(", ")) + u')');
    };
    feature(caps.tools, QStringLiteral("tools"), caps.toolsListChanged ? QStringList{Cli::tr("list changes")} : QStringList());
    feature(caps.prompts, QStringLiteral("prompts"), caps.promptsListChanged ? QStringList{Cli::tr("list changes")} : QStringList());
    QStringList resourceDetails;
    if (caps.resourcesSubscribe)
        resourceDetails.append(Cli::tr("subscribe"));
    if (caps.resourcesListChanged)
        resourceDetails.append(Cli::tr("list changes"));
    feature(caps.resources, QStringLiteral("resources"), resourceDetails);
    feature(caps.logging, QStringLiteral("logging"), {});
    feature(caps.completions, QStringLiteral("completions"), {});
    static const QStringList modelled{QStringLiteral("tools"), QStringLiteral("prompts"), QStringLiteral("resources"),
                                      QStringLiteral("logging"), QStringLiteral("completions")};
    QStringList others;
    for (auto it = caps.raw.begin(); it != caps.raw.end(); ++it) {
        if (!modelled.contains(it.key()))
            others.append(Console::sanitizedLine(it.key()));
    }
    QString text = parts.isEmpty() ? Cli::tr("none") : parts.join(QStringLiteral(", "));
    if (!others.isEmpty())
        text += Cli::tr("; also: ") + others.join(QStringLiteral(", "));
    return text;
}

QJsonObject serverJson(const ServerIdentity &server)
{
    return QJsonObject{{QLatin1String("name"), server.name}, {QLatin1String("endpoint"), server.endpoint}};
}

QJsonObject errorJson(const Error &error)
{
    QJsonObject object{{QLatin1String("code"), error.code},
                       {QLatin1String("name"), errorCodeName(error.code)},
                       {QLatin1String("message"), error.message}};
    if (!error.data.isUndefined() && !error.data.isNull())
        object.insert(QLatin1String("data"), error.data);
    return object;
}

template<typename T>
QJsonArray listJson(const QList<T> &items)
{
    QJsonArray array;
    for (const T &item : items)
        array.append(item.toJson());
    return array;
}

/// One line each, whatever a line holds (problems quote the server's names and values).
QString joinLines(const QStringList &lines)
{
    QStringList safe;
    safe.reserve(lines.size());
    for (const QString &line : lines)
        safe.append(Console::sanitizedLine(line));
    return safe.join(u'\n');
}

} // namespace

OutputPrinter::OutputPrinter(bool json, AttachmentSaver *saver)
    : m_json(json)
    , m_saver(saver)
{
}

void OutputPrinter::document(const ServerIdentity &server, QJsonObject object)
{
    object.insert(QLatin1String("server"), serverJson(server));
    Console::outJson(QJsonDocument(object).toJson(QJsonDocument::Indented));
}

void OutputPrinter::servers(const QList<ServerConfig> &servers, const QString &source, bool demoFallback)
{
    if (m_json) {
        QJsonArray array;
        for (const ServerConfig &config : servers) {
            QJsonObject entry{{QLatin1String("name"), config.name},
                              {QLatin1String("type"), ServerConfig::transportName(config.transport)},
                              {QLatin1String("endpoint"), config.endpoint()},
                              {QLatin1String("enabled"), config.enabled}};
            if (config.transport == ServerConfig::Transport::Stdio) {
                entry.insert(QLatin1String("command"), config.command);
                entry.insert(QLatin1String("args"), QJsonArray::fromStringList(config.args));
                if (!config.cwd.isEmpty())
                    entry.insert(QLatin1String("cwd"), config.cwd);
            } else {
                entry.insert(QLatin1String("url"), config.url);
            }
            // Names only: values may be secrets, and this output ends up in logs and pastes.
            if (!config.env.isEmpty())
                entry.insert(QLatin1String("envNames"), QJsonArray::fromStringList(config.envNames()));
            if (!config.headers.isEmpty())
                entry.insert(QLatin1String("headerNames"), QJsonArray::fromStringList(config.headerNames()));
            if (!config.secretKeys.isEmpty())
                entry.insert(QLatin1String("secretKeys"), QJsonArray::fromStringList(config.secretKeys));
            array.append(entry);
        }
        QJsonObject object{{QLatin1String("config"), QDir::toNativeSeparators(source)},
                           {QLatin1String("configExists"), !demoFallback},
                           {QLatin1String("servers"), array}};
        Console::outJson(QJsonDocument(object).toJson(QJsonDocument::Indented));
        return;
    }
    if (demoFallback)
        Console::err(Cli::tr("No servers file at %1 yet; the bundled demo server is used.\n").arg(QDir::toNativeSeparators(source)));
    if (servers.isEmpty()) {
        Console::err(Cli::tr("No servers are configured in %1.\n").arg(QDir::toNativeSeparators(source)));
        return;
    }
    qsizetype nameWidth = 0;
    for (const ServerConfig &config : servers)
        nameWidth = std::max(nameWidth, config.name.size());
    QString text;
    for (const ServerConfig &config : servers) {
        text += config.name.leftJustified(nameWidth + 2, u' ')
            + ServerConfig::transportName(config.transport).leftJustified(7, u' ') + config.endpoint();
        if (!config.enabled)
            text += QStringLiteral("  (disabled)");
        text += u'\n';
    }
    Console::out(text);
}

void OutputPrinter::doctorReport(const ConnectionDoctor &doctor)
{
    if (m_json) {
        QJsonArray checks;
        for (const DoctorCheck &check : doctor.checks()) {
            const QString outcome = check.outcome == DoctorCheck::Outcome::Passed  ? QStringLiteral("passed")
                                  : check.outcome == DoctorCheck::Outcome::Problem ? QStringLiteral("problem")
                                                                                   : QStringLiteral("note");
            checks.append(QJsonObject{{QLatin1String("outcome"), outcome},
                                      {QLatin1String("topic"), check.topic},
                                      {QLatin1String("finding"), check.finding}});
        }
        QJsonObject object{{QLatin1String("checks"), checks}};
        if (const QString problem = doctor.problem(); !problem.isEmpty())
            object.insert(QLatin1String("problem"), problem);
        Console::outJson(QJsonDocument(object).toJson(QJsonDocument::Indented));
        return;
    }
    // The findings quote what the server wrote.
    Console::out(Console::sanitized(doctor.report()) + u'\n');
}

void OutputPrinter::info(const ServerIdentity &server, const InitializeResult &result,
                         const std::optional<ServerConnection::EraSummary> &era)
{
    if (m_json) {
        QJsonObject object = result.toJson();
        if (era) {
            const QJsonObject eraJson = era->toJson();
            for (auto it = eraJson.begin(); it != eraJson.end(); ++it)
                object.insert(it.key(), it.value());
        }
        document(server, object);
        return;
    }
    const Implementation &impl = result.serverInfo;
    QString name = Console::sanitizedLine(impl.displayName());
    if (!impl.title.isEmpty() && impl.title != impl.name)
        name += QStringLiteral(" (") + Console::sanitizedLine(impl.name) + u')';
    if (!impl.version.isEmpty())
        name += u' ' + Console::sanitizedLine(impl.version);
    QString text = Cli::tr("Server:        %1\n").arg(name)
        + Cli::tr("Configured as: %1 (%2)\n").arg(Console::sanitizedLine(server.name), Console::sanitizedLine(server.endpoint))
        + Cli::tr("Protocol:      %1\n").arg(Console::sanitizedLine(result.protocolVersion))
        + (era ? Cli::tr("Era:           %1\n").arg(Console::sanitizedLine(era->describeEra())) : QString())
        + Cli::tr("Capabilities:  %1\n").arg(capabilitySummary(result.capabilities));
    if (!impl.description.isEmpty())
        text += Cli::tr("Description:   %1\n").arg(Console::sanitizedLine(impl.description));
    if (!impl.websiteUrl.isEmpty())
        text += Cli::tr("Website:       %1\n").arg(Console::sanitizedLine(impl.websiteUrl));
    if (!result.instructions.trimmed().isEmpty())
        text += Cli::tr("Instructions:\n") + describeBlock(QStringLiteral("  "), result.instructions);
    Console::out(text);
}

void OutputPrinter::tools(const ServerIdentity &server, const QList<Tool> &tools)
{
    if (m_json) {
        document(server, {{QLatin1String("tools"), listJson(tools)}});
        return;
    }
    if (tools.isEmpty()) {
        Console::err(Cli::tr("The server offers no tools.\n"));
        return;
    }
    QHash<QString, int> sameName;
    for (const Tool &tool : tools)
        ++sameName[tool.name];
    QString text;
    for (const Tool &tool : tools) {
        text += Console::toolName(tool.name);
        if (tool.displayName() != tool.name)
            text += QStringLiteral(" — ") + Console::sanitizedLine(tool.displayName());
        text += u'\n';
        text += describeBlock(QStringLiteral("    "), tool.description);
        const QString arguments = argumentSummary(tool.inputSchema);
        if (!arguments.isEmpty())
            text += Cli::tr("    arguments: ") + arguments + u'\n';
        const QString claims = ApprovalFormatter::annotationClaims(tool.annotations);
        if (!claims.isEmpty())
            text += Cli::tr("    claims (unverified): ") + claims + u'\n';
        // Listed, not hidden: a person should see that the server's list is broken, and where.
        QStringList problems = tool.problems();
        if (const int count = sameName.value(tool.name); count > 1 && !tool.name.isEmpty())
            problems.append(Cli::tr("%1 tools have this name; a call by it may reach any of them").arg(count));
        for (const QString &problem : std::as_const(problems))
            text += Cli::tr("    PROBLEM: ") + Console::sanitizedLine(problem) + u'\n';
        // MCP Apps: the result comes with an app view, which the desktop app shows (the CLI cannot).
        const AppToolMeta app = AppToolMeta::of(tool);
        if (app.hasApp())
            text += Cli::tr("    app view: ") + app.resourceUri + Cli::tr(" (shown in the desktop app)\n");
        if (!app.visibleToModel || !app.visibleToApp)
            text += Cli::tr("    visibility: ") + app.visibilityText() + u'\n';
        for (const QString &problem : app.problems)
            text += Cli::tr("    note: ") + problem + u'\n';
    }
    Console::out(text);
    warnIfCapped(tools.size(), QStringLiteral("tools"));
}

QString OutputPrinter::savedNote(const QByteArray &bytes, const QString &mimeType, const QString &stem, int index,
                                 QJsonArray *saved)
{
    if (!m_saver || !m_saver->isEnabled())
        return {};
    const auto path = m_saver->save(bytes, mimeType, stem);
    if (!path) {
        Console::error(path.error().message);
        return Cli::tr(", not saved");
    }
    if (saved)
        saved->append(QJsonObject{{QLatin1String("index"), index}, {QLatin1String("path"), path.value()}});
    return Cli::tr(", saved to ") + path.value();
}

QString OutputPrinter::binaryNote(const QString &what, const std::optional<QByteArray> &bytes, qsizetype base64Size,
                                  const QString &mimeType, const QString &stem, int index, QJsonArray *saved)
{
    if (!bytes) {
        // Not "0 bytes" and an empty file: say what is wrong, and keep nothing that looks like the data.
        Console::error(Cli::tr("warning: the %1 data is not valid base64 (%2 characters); it was not decoded%3")
                           .arg(what)
                           .arg(base64Size)
                           .arg(m_saver && m_saver->isEnabled() ? Cli::tr(" or saved") : QString()));
        return Cli::tr("[%1: not valid base64, %2 characters]\n").arg(what).arg(base64Size);
    }
    return QStringLiteral("[%1, %2 bytes%3]\n").arg(what).arg(bytes->size()).arg(savedNote(*bytes, mimeType, stem, index, saved));
}

void OutputPrinter::warnIfCapped(qsizetype count, const QString &what)
{
    if (count >= maxListItems)
        Console::error(Cli::tr("warning: the server's list of %1 reached Toolgate's limit of %2; any further ones are not shown")
                           .arg(what)
                           .arg(maxListItems));
}

QString OutputPrinter::renderContent(const QList<Content> &content, const QString &stem, QJsonArray *saved)
{
    QString text;
    for (int i = 0; i < content.size(); ++i) {
        const Content &block = content.at(i);
        const QString blockStem = content.size() > 1 ? QStringLiteral("%1-%2").arg(stem).arg(i + 1) : stem;
        switch (block.type) {
        case Content::Type::Text:
            text += withNewline(Console::sanitized(block.text));
            break;
        case Content::Type::Image:
        case Content::Type::Audio: {
            const QString what = block.typeString() + u' ' + Console::sanitizedLine(block.mimeType);
            text += binaryNote(what, block.decodeData(), block.data.size(), block.mimeType, blockStem, i, saved);
            break;
        }
        case Content::Type::Resource: {
            const ResourceContents &resource = block.resource;
            if (resource.isText()) {
                text += Cli::tr("--- resource %1%2 ---\n")
                            .arg(Console::sanitizedLine(resource.uri),
                                 resource.mimeType.isEmpty() ? QString() : QStringLiteral(" (") + Console::sanitizedLine(resource.mimeType) + u')');
                text += withNewline(Console::sanitized(*resource.text));
            } else {
                const QString what = Cli::tr("resource %1 %2").arg(Console::sanitizedLine(resource.uri), Console::sanitizedLine(resource.mimeType));
                text += binaryNote(what, resource.decodeBlob(), resource.blob.size(), resource.mimeType, blockStem, i, saved);
            }
            break;
        }
        case Content::Type::ResourceLink:
            text += QStringLiteral("→ %1%2\n").arg(Console::sanitizedLine(block.uri),
                                                    block.name.isEmpty() ? QString() : QStringLiteral(" (") + Console::sanitizedLine(block.name) + u')');
            break;
        case Content::Type::Unknown:
            text += Cli::tr("[content of unknown type \"%1\"]\n").arg(Console::sanitizedLine(block.typeString()));
            break;
        }
    }
    return text;
}

void OutputPrinter::progress(const QString &tool, const ProgressUpdate &update)
{
    QString line = Cli::tr("%1: progress %2").arg(Console::toolName(tool), QLocale().toString(update.progress));
    if (update.total)
        line += u'/' + QLocale().toString(*update.total);
    if (!update.message.isEmpty())
        line += QStringLiteral(" (%1)").arg(Console::sanitizedLine(update.message.simplified()));
    Console::err(line + u'\n');
}

void OutputPrinter::toolCall(const ServerIdentity &server, const ToolCall &call)
{
    const ToolCallOutcome &outcome = call.outcome();
    const bool ran = outcome.kind == ToolCallOutcome::Kind::Succeeded || outcome.kind == ToolCallOutcome::Kind::ToolError;
    const bool denied = outcome.kind == ToolCallOutcome::Kind::Denied;
    const QString stem = QStringLiteral("call-") + call.tool().name;

    if (m_json) {
        QJsonArray saved;
        QJsonObject object;
        if (ran || denied) {
            // The result as the server sent it; a denial carries the synthesized isError result.
            object = outcome.result.raw.isEmpty() ? outcome.result.toJson() : outcome.result.raw;
            if (ran)
                renderContent(outcome.result.content, stem, &saved);
        }
        object.insert(QLatin1String("tool"), call.tool().name);
        object.insert(QLatin1String("outcome"), ToolCallOutcome::kindName(outcome.kind));
        // The outcome's decision defaults to deny; it is real only once someone decided.
        if (ran || denied || outcome.decision.allows()) {
            QJsonObject decision{{QLatin1String("kind"), ApprovalDecision::kindName(outcome.decision.kind)},
                                 {QLatin1String("source"), outcome.decision.source == ApprovalDecision::Source::Human ? QStringLiteral("human")
                                                            : outcome.decision.source == ApprovalDecision::Source::ApprovedRun ? QStringLiteral("run")
                                                                                                                               : QStringLiteral("rule")}};
            if (!outcome.decision.reason.isEmpty())
                decision.insert(QLatin1String("reason"), outcome.decision.reason);
            object.insert(QLatin1String("decision"), decision);
        }
        object.insert(QLatin1String("arguments"), outcome.sentArguments);
        if (!outcome.inputProblems.isEmpty())
            object.insert(QLatin1String("inputProblems"), QJsonArray::fromStringList(outcome.inputProblems));
        if (outcome.outputValid)
            object.insert(QLatin1String("outputValid"), *outcome.outputValid);
        if (!outcome.outputProblems.isEmpty())
            object.insert(QLatin1String("outputProblems"), QJsonArray::fromStringList(outcome.outputProblems));
        if (!ran)
            object.insert(QLatin1String("error"), errorJson(outcome.error));
        if (!saved.isEmpty())
            object.insert(QLatin1String("savedFiles"), saved);
        if (!outcome.inputRounds.isEmpty()) {
            // 2026-07-28: what the server asked for before it answered, and what it got.
            QJsonArray rounds;
            for (const InputRound &round : outcome.inputRounds) {
                QJsonArray inputs;
                for (const InputRound::Input &input : round.inputs)
                    inputs.append(QJsonObject{{QLatin1String("key"), input.key}, {QLatin1String("method"), input.method},
                                              {QLatin1String("answer"), input.answer}});
                rounds.append(QJsonObject{{QLatin1String("round"), round.number}, {QLatin1String("inputs"), inputs}});
            }
            object.insert(QLatin1String("inputRounds"), rounds);
        }
        document(server, object);
    } else {
        for (const InputRound &round : outcome.inputRounds)
            Console::err(Cli::tr("The server asked for input before it answered. ") + Console::sanitizedLine(round.describe()) + u'\n');
    }

    switch (outcome.kind) {
    case ToolCallOutcome::Kind::Succeeded:
    case ToolCallOutcome::Kind::ToolError: {
        if (m_json)
            return;
        Console::out(resultText(outcome.result, &outcome, stem));
        return;
    }
    case ToolCallOutcome::Kind::Denied:
        Console::error(Cli::tr("denied: ") + outcome.error.message);
        return;
    case ToolCallOutcome::Kind::InvalidArguments:
        Console::error(outcome.error.message);
        return;
    case ToolCallOutcome::Kind::Cancelled:
        Console::error(Cli::tr("the call was cancelled: ") + outcome.error.message);
        return;
    case ToolCallOutcome::Kind::Failed:
    case ToolCallOutcome::Kind::Pending:
        Console::error(Cli::tr("the call failed: ") + outcome.error.message);
        return;
    }
}

QString OutputPrinter::resultText(const CallToolResult &result, const ToolCallOutcome *checks, const QString &stem)
{
    QString text = renderContent(result.content, stem, nullptr);
    if (result.structuredContent) {
        QString heading = Cli::tr("Structured content");
        // Without checks (a task's result fetched on its own) the tool, and so its schema, is not known.
        if (checks && checks->outputValid == true)
            heading += Cli::tr(" (matches the tool's output schema)");
        else if (checks && checks->outputValid == false)
            heading += Cli::tr(" (does NOT match the tool's output schema)");
        else if (checks)
            heading += Cli::tr(" (the tool declares no output schema)");
        text += heading + QStringLiteral(":\n") + prettyJson(*result.structuredContent) + u'\n';
    }
    if (checks && !checks->outputProblems.isEmpty())
        text += Cli::tr("Output schema problems:\n") + Console::indented(joinLines(checks->outputProblems), QStringLiteral("  ")) + u'\n';
    if (result.isError)
        text = Cli::tr("Error: ") + (text.isEmpty() ? Cli::tr("the tool reported an error without details\n") : text);
    return text;
}

void OutputPrinter::taskLeftRunning(const ServerIdentity &server, const QString &tool, const Task &task,
                                    const QString &lookCommand)
{
    if (m_json) {
        document(server, {{QLatin1String("tool"), tool}, {QLatin1String("task"), task.toJson()}});
    } else {
        // Line by line, "key: value": easy to read, and to pick out in a script.
        Console::out(Cli::tr("task: %1\nserver: %2\nstatus: %3\n")
                         .arg(Console::sanitizedLine(task.taskId), Console::sanitizedLine(server.name),
                              Task::describeStatus(task.status)));
    }
    Console::err(Cli::tr("The task goes on at the server. Look at it with:\n  %1\n").arg(lookCommand));
}

void OutputPrinter::tasks(const ServerIdentity &server, const QList<Task> &tasks)
{
    if (m_json) {
        document(server, {{QLatin1String("tasks"), listJson(tasks)}});
        return;
    }
    if (tasks.isEmpty()) {
        Console::err(Cli::tr("The server lists no tasks.\n"));
        return;
    }
    QString text;
    for (const Task &task : tasks) {
        text += Console::sanitizedLine(task.taskId) + QStringLiteral("  ") + Task::describeStatus(task.status);
        if (task.lastUpdatedAt.isValid())
            text += Cli::tr("  (updated %1)").arg(DisplayText::dateTime(task.lastUpdatedAt));
        text += u'\n';
        if (!task.statusMessage.trimmed().isEmpty())
            text += QStringLiteral("    ") + Console::sanitizedLine(task.statusMessage.simplified()) + u'\n';
    }
    Console::out(text);
}

void OutputPrinter::task(const ServerIdentity &server, const Task &task)
{
    if (m_json) {
        document(server, {{QLatin1String("task"), task.toJson()}});
        return;
    }
    QString text = Cli::tr("task: %1\n").arg(Console::sanitizedLine(task.taskId));
    text += Cli::tr("status: %1 (%2)\n").arg(Task::describeStatus(task.status), Task::statusName(task.status));
    if (!task.statusMessage.trimmed().isEmpty())
        text += Cli::tr("message: %1\n").arg(Console::sanitizedLine(task.statusMessage.simplified()));
    if (task.createdAt.isValid())
        text += Cli::tr("created: %1\n").arg(DisplayText::dateTime(task.createdAt));
    if (task.lastUpdatedAt.isValid())
        text += Cli::tr("updated: %1\n").arg(DisplayText::dateTime(task.lastUpdatedAt));
    if (task.ttlMs)
        text += Cli::tr("kept for: %1 s after it was created\n").arg(QLocale().toString(double(*task.ttlMs) / 1000.0));
    if (task.pollIntervalMs)
        text += Cli::tr("ask again after: %1 s\n").arg(QLocale().toString(double(*task.pollIntervalMs) / 1000.0));
    if (task.error)
        text += Cli::tr("error: %1\n").arg(Console::sanitizedLine(task.error->message));
    if (!task.inputRequests.isEmpty())
        text += Cli::tr("questions waiting: %1 (answer them with: task result)\n").arg(task.inputRequests.size());
    Console::out(text);
}

void OutputPrinter::taskResult(const ServerIdentity &server, const QString &taskId, const CallToolResult &result)
{
    const QString stem = QStringLiteral("task-") + taskId;
    if (m_json) {
        QJsonArray saved;
        renderContent(result.content, stem, &saved);
        QJsonObject object = result.raw.isEmpty() ? result.toJson() : result.raw;
        object.insert(QLatin1String("taskId"), taskId);
        if (!saved.isEmpty())
            object.insert(QLatin1String("savedFiles"), saved);
        document(server, object);
        return;
    }
    Console::out(resultText(result, nullptr, stem));
}

void OutputPrinter::taskCancelled(const ServerIdentity &server, const QString &taskId, const std::optional<Task> &task)
{
    if (m_json) {
        QJsonObject object{{QLatin1String("taskId"), taskId}, {QLatin1String("cancelRequested"), true}};
        if (task)
            object.insert(QLatin1String("task"), task->toJson());
        document(server, object);
        return;
    }
    if (task)
        Console::out(Cli::tr("Task %1 cancelled; its status now: %2\n")
                         .arg(Console::sanitizedLine(taskId), Task::describeStatus(task->status)));
    else
        Console::out(Cli::tr("The server took the request to cancel task %1; it stops the task as soon as it can.\n")
                         .arg(Console::sanitizedLine(taskId)));
}

void OutputPrinter::resources(const ServerIdentity &server, const QList<Resource> &resources)
{
    if (m_json) {
        document(server, {{QLatin1String("resources"), listJson(resources)}});
        return;
    }
    if (resources.isEmpty()) {
        Console::err(Cli::tr("The server lists no resources.\n"));
        return;
    }
    QString text;
    for (const Resource &resource : resources) {
        text += Console::sanitizedLine(resource.uri);
        if (resource.displayName() != resource.uri)
            text += QStringLiteral(" — ") + Console::sanitizedLine(resource.displayName());
        if (!resource.mimeType.isEmpty())
            text += QStringLiteral(" (") + Console::sanitizedLine(resource.mimeType) + u')';
        text += u'\n' + describeBlock(QStringLiteral("    "), resource.description);
    }
    Console::out(text);
    warnIfCapped(resources.size(), QStringLiteral("resources"));
}

void OutputPrinter::resourceContents(const ServerIdentity &server, const QString &uri, const ReadResourceResult &result)
{
    QJsonArray saved;
    QString text;
    for (int i = 0; i < result.contents.size(); ++i) {
        const ResourceContents &contents = result.contents.at(i);
        const QString mime = contents.mimeType.isEmpty() ? QString() : QStringLiteral(" (") + Console::sanitizedLine(contents.mimeType) + u')';
        if (contents.isText()) {
            if (result.contents.size() > 1 || contents.uri != uri)
                text += QStringLiteral("--- %1%2 ---\n").arg(Console::sanitizedLine(contents.uri), mime);
            text += withNewline(Console::sanitized(*contents.text));
        } else {
            const QString stem = QStringLiteral("resource-") + (contents.uri.section(u'/', -1).isEmpty() ? QStringLiteral("blob") : contents.uri.section(u'/', -1));
            text += binaryNote(Cli::tr("blob ") + Console::sanitizedLine(contents.uri) + mime, contents.decodeBlob(),
                               contents.blob.size(), contents.mimeType, stem, i, &saved);
        }
    }
    if (m_json) {
        QJsonObject object = result.toJson();
        object.insert(QLatin1String("uri"), uri);
        if (!saved.isEmpty())
            object.insert(QLatin1String("savedFiles"), saved);
        document(server, object);
        return;
    }
    Console::out(text);
}

void OutputPrinter::templates(const ServerIdentity &server, const QList<ResourceTemplate> &templates)
{
    if (m_json) {
        document(server, {{QLatin1String("resourceTemplates"), listJson(templates)}});
        return;
    }
    if (templates.isEmpty()) {
        Console::err(Cli::tr("The server lists no resource templates.\n"));
        return;
    }
    QString text;
    for (const ResourceTemplate &entry : templates) {
        text += Console::sanitizedLine(entry.uriTemplate);
        if (entry.displayName() != entry.uriTemplate)
            text += QStringLiteral(" — ") + Console::sanitizedLine(entry.displayName());
        if (!entry.mimeType.isEmpty())
            text += QStringLiteral(" (") + Console::sanitizedLine(entry.mimeType) + u')';
        text += u'\n' + describeBlock(QStringLiteral("    "), entry.description);
    }
    Console::out(text);
    warnIfCapped(templates.size(), Cli::tr("resource templates"));
}

void OutputPrinter::prompts(const ServerIdentity &server, const QList<Prompt> &prompts)
{
    if (m_json) {
        document(server, {{QLatin1String("prompts"), listJson(prompts)}});
        return;
    }
    if (prompts.isEmpty()) {
        Console::err(Cli::tr("The server offers no prompts.\n"));
        return;
    }
    QString text;
    for (const Prompt &prompt : prompts) {
        text += Console::toolName(prompt.name);
        if (prompt.displayName() != prompt.name)
            text += QStringLiteral(" — ") + Console::sanitizedLine(prompt.displayName());
        text += u'\n' + describeBlock(QStringLiteral("    "), prompt.description);
        QStringList arguments;
        for (const PromptArgument &argument : prompt.arguments) {
            const QString name = Console::sanitizedLine(argument.name);
            arguments.append(argument.required ? name + QStringLiteral(" (required)") : name);
        }
        if (!arguments.isEmpty())
            text += Cli::tr("    arguments: ") + arguments.join(QStringLiteral(", ")) + u'\n';
    }
    Console::out(text);
    warnIfCapped(prompts.size(), QStringLiteral("prompts"));
}

void OutputPrinter::prompt(const ServerIdentity &server, const QString &name, const GetPromptResult &result)
{
    QJsonArray saved;
    QString text;
    if (!result.description.trimmed().isEmpty())
        text += Console::sanitized(result.description.trimmed()) + QStringLiteral("\n\n");
    for (int i = 0; i < result.messages.size(); ++i) {
        const PromptMessage &message = result.messages.at(i);
        text += QStringLiteral("[%1]\n").arg(Console::sanitizedLine(message.role));
        text += renderContent({message.content}, QStringLiteral("prompt-%1-%2").arg(name).arg(i + 1), &saved);
    }
    if (m_json) {
        QJsonObject object = result.toJson();
        object.insert(QLatin1String("name"), name);
        if (!saved.isEmpty())
            object.insert(QLatin1String("savedFiles"), saved);
        document(server, object);
        return;
    }
    Console::out(text);
}

void OutputPrinter::completion(const ServerIdentity &server, const CompleteResult &result)
{
    if (m_json) {
        document(server, result.toJson());
        return;
    }
    QString text;
    for (const QString &value : result.values)
        text += Console::sanitizedLine(value) + u'\n';
    Console::out(text);
    // The count goes to stderr so stdout stays one value per line for scripts.
    if (result.values.isEmpty())
        Console::err(Cli::tr("No suggestions.\n"));
    else if (result.hasMore || (result.total && *result.total > result.values.size()))
        Console::err(Cli::tr("(%1 of %2 shown)\n")
                         .arg(result.values.size())
                         .arg(result.total ? QString::number(*result.total) : QStringLiteral("more")));
}

void OutputPrinter::pong(const ServerIdentity &server, qint64 milliseconds)
{
    if (m_json) {
        document(server, {{QLatin1String("ok"), true}, {QLatin1String("milliseconds"), milliseconds}});
        return;
    }
    Console::out(Cli::tr("pong from %1 in %2 ms\n").arg(server.name).arg(milliseconds));
}

void OutputPrinter::failure(const Error &error, ExitCode exitCode, const std::optional<ServerIdentity> &server)
{
    Console::error(error.message);
    if (!m_json)
        return;
    QJsonObject object{{QLatin1String("error"), errorJson(error)}, {QLatin1String("exitCode"), int(exitCode)}};
    if (server)
        object.insert(QLatin1String("server"), serverJson(*server));
    Console::outJson(QJsonDocument(object).toJson(QJsonDocument::Indented));
}

} // namespace Toolgate
