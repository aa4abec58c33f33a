#pragma once

#include "core/calls/toolcall.h"
#include "app/cli/exitcode.h"
#include "core/protocol/completion.h"
#include "core/protocol/initialize.h"
#include "core/protocol/prompt.h"
#include "core/protocol/resource.h"
#include "core/protocol/task.h"
#include "core/protocol/tool.h"
#include "core/skills/skillcatalog.h"
#include "core/workspace/serverconfig.h"
#include "core/workspace/serverconnection.h"

#include <QJsonArray>
#include <QJsonObject>

#include <optional>

namespace Toolgate {

class AttachmentSaver;
class ConnectionDoctor;

/// Prints each command's result: readable text, or with --json exactly one JSON document on
/// stdout. Problems go to stderr as "toolgate-cli: <message>" in both modes.
class OutputPrinter final
{
public:
    /// saver is not owned; it may be disabled (no --save-dir).
    OutputPrinter(bool json, AttachmentSaver *saver);

    /// The configured servers; demoFallback: no servers file exists yet at source.
    void servers(const QList<ServerConfig> &servers, const QString &source, bool demoFallback);
    /// era: how the protocol era was settled (ServerConnection::eraSummary()), printed when given.
    void info(const ServerIdentity &server, const InitializeResult &result, const std::optional<ServerConnection::EraSummary> &era);
    void tools(const ServerIdentity &server, const QList<Tool> &tools);
    /// A progress notification for a running call, on stderr (so --json output stays one document).
    void progress(const QString &tool, const ProgressUpdate &update);
    /// Any outcome of a call: results on stdout, denial and failures on stderr.
    void toolCall(const ServerIdentity &server, const ToolCall &call);
    /// --no-wait: the call became task, which goes on at the server; lookCommand shows how to look at it.
    void taskLeftRunning(const ServerIdentity &server, const QString &tool, const Task &task, const QString &lookCommand);
    /// task list
    void tasks(const ServerIdentity &server, const QList<Task> &tasks);
    /// task get
    void task(const ServerIdentity &server, const Task &task);
    /// task result: the tool's result, as a call prints it (without its schema checks: the tool is not known).
    void taskResult(const ServerIdentity &server, const QString &taskId, const CallToolResult &result);
    /// task cancel: the server's answer (2026-07-28 servers only acknowledge: no task).
    void taskCancelled(const ServerIdentity &server, const QString &taskId, const std::optional<Task> &task);
    void resources(const ServerIdentity &server, const QList<Resource> &resources);
    void resourceContents(const ServerIdentity &server, const QString &uri, const ReadResourceResult &result);
    void templates(const ServerIdentity &server, const QList<ResourceTemplate> &templates);
    void prompts(const ServerIdentity &server, const QList<Prompt> &prompts);
    /// problems: what was wrong with the entries the listing left out.
    void skills(const ServerIdentity &server, const QList<SkillEntry> &skills, const QStringList &problems);
    /// A verified skill's SKILL.md.
    void skill(const ServerIdentity &server, const SkillCatalog::LoadedSkill &skill);
    void prompt(const ServerIdentity &server, const QString &name, const GetPromptResult &result);
    void completion(const ServerIdentity &server, const CompleteResult &result);
    void pong(const ServerIdentity &server, qint64 milliseconds);
    /// doctor: every check of the finished doctor, and the problem it found (also on stderr).
    void doctorReport(const ConnectionDoctor &doctor);
    /// A failure that ends the run; with --json also an {"error": ...} document on stdout.
    void failure(const Error &error, ExitCode exitCode, const std::optional<ServerIdentity> &server = std::nullopt);

private:
    QString renderContent(const QList<Content> &content, const QString &stem, QJsonArray *saved);
    QString binaryNote(const QString &what, const std::optional<QByteArray> &bytes, qsizetype base64Size,
                       const QString &mimeType, const QString &stem, int index, QJsonArray *saved);
    void warnIfCapped(qsizetype count, const QString &what);
    QString savedNote(const QByteArray &bytes, const QString &mimeType, const QString &stem, int index, QJsonArray *saved);
    void document(const ServerIdentity &server, QJsonObject object);
    /// The text of a result's content and structured content (stdout in text mode).
    QString resultText(const CallToolResult &result, const ToolCallOutcome *checks, const QString &stem);

    bool m_json;
    AttachmentSaver *m_saver;
};

} // namespace Toolgate
