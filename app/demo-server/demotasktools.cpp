#include "app/demo-server/demotasktools.h"

#include "app/demo-server/demonote.h"
#include "app/demo-server/demoresults.h"
#include "app/demo-server/demotools.h"
#include "core/server/mcpserver.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QLocale>
#include <QTimer>

#include <functional>
#include <memory>

using namespace Qt::StringLiterals;

namespace Toolgate::DemoTaskTools {

namespace {

constexpr auto textResult = &DemoResults::text;
constexpr auto errorResult = &DemoResults::error;

// Results, status messages and the question choose_format asks are in the person's language (#34
// item 6), context DemoResults of app/demo-server/toolgate-demo-server_de.ts; enum values and
// structured content stay as programs send them.

// A line on stderr when a task is cancelled, so the server's console shows the work stopped.
void noteCancellation(const ToolCallContext &call)
{
    call.onCancelled([name = call.toolName(), id = call.taskId()] {
        demoNote(u"%1 (task %2) was cancelled; stopping"_s.arg(name, id.isEmpty() ? u"none"_s : id));
    });
}

// "seconds": how long the tool works, so a newcomer can watch a task and tests can keep it short.
std::optional<qint64> durationMs(const ToolCallContext &call, double fallbackSeconds, QString *problem)
{
    const QJsonValue value = call.arguments().value(u"seconds");
    if (value.isUndefined())
        return qint64(fallbackSeconds * 1000);
    if (!value.isDouble() || !(value.toDouble() >= 0 && value.toDouble() <= 3600)) {
        *problem = QCoreApplication::translate("DemoResults", "\"seconds\" must be a number from 0 to 3600");
        return std::nullopt;
    }
    return qint64(value.toDouble() * 1000);
}

QString topicOf(const ToolCallContext &call)
{
    const QString topic = call.arguments().value(u"topic").toString().trimmed();
    return topic.isEmpty() ? u"tea"_s : topic.left(200);
}

// Works through steps spread over totalMs: onStep(n) after step n, then onDone(). Everything is
// parented to the call's scope, so a cancelled task stops here by itself.
void runSteps(const ToolCallContext &call, int steps, qint64 totalMs, std::function<void(int step)> onStep,
              std::function<void()> onDone)
{
    auto done = std::make_shared<int>(0);
    auto *timer = new QTimer(call.scope());
    timer->setInterval(int(std::clamp<qint64>(totalMs / steps, 0, 3'600'000)));
    QObject::connect(timer, &QTimer::timeout, call.scope(), [call, timer, done, steps, onStep, onDone] {
        if (call.isFinished()) {
            timer->stop();
            return;
        }
        ++*done;
        onStep(*done);
        if (*done == steps) {
            timer->stop();
            onDone();
        }
    });
    timer->start();
}

// Says where the tool is: the task's status message, and progress for a client that asked for it.
void announce(const ToolCallContext &call, int step, int steps, const QString &message)
{
    call.setStatusMessage(message);
    call.reportProgress(step, steps, message);
}

// "Step 2 of 5: Reading the first source". One arg() for all, so a "%1" in a topic stays as it is.
void announceStep(const ToolCallContext &call, int step, int steps, const QString &activity)
{
    const QLocale locale;
    announce(call, step, steps,
             QCoreApplication::translate("DemoResults", "Step %1 of %2: %3").arg(locale.toString(step), locale.toString(steps), activity));
}

QString invalidArguments(const QString &tool, const QString &problem)
{
    return QCoreApplication::translate("DemoResults", "Invalid arguments for %1: %2.").arg(tool, problem);
}

// ---- research ---------------------------------------------------------------------------------

void research(const ToolCallContext &call)
{
    QString problem;
    const auto ms = durationMs(call, 3, &problem);
    if (!ms)
        return call.respond(errorResult(invalidArguments(call.toolName(), problem)));
    const QString topic = topicOf(call);
    const QStringList activities{QCoreApplication::translate("DemoResults", "Looking for sources about %1").arg(topic),
                                 QCoreApplication::translate("DemoResults", "Reading the first source"),
                                 QCoreApplication::translate("DemoResults", "Reading the second source"),
                                 QCoreApplication::translate("DemoResults", "Comparing what they say"),
                                 QCoreApplication::translate("DemoResults", "Writing the summary")};
    const int steps = int(activities.size());
    noteCancellation(call);
    runSteps(
        call, steps, *ms, [call, activities, steps](int step) { announceStep(call, step, steps, activities.at(step - 1)); },
        [call, topic, ms] {
            CallToolResult result = textResult(QCoreApplication::translate("DemoResults",
                                                                           "Research report on \"%1\" (after %2 s of pretend work):\n"
                                                                           "- Two made-up sources agree that %1 is worth a closer look.\n"
                                                                           "- Nothing here was fetched from anywhere: this is a demo.")
                                                   .arg(topic, QLocale().toString(double(*ms) / 1000)));
            result.structuredContent = QJsonObject{{u"topic"_s, topic}, {u"sources"_s, 2}};
            call.respond(result);
        });
}

// ---- long_report ------------------------------------------------------------------------------

void longReport(const ToolCallContext &call)
{
    QString problem;
    const auto ms = durationMs(call, 10, &problem);
    if (!ms)
        return call.respond(errorResult(invalidArguments(call.toolName(), problem)));
    const QString topic = topicOf(call);
    const QStringList chapters{
        QCoreApplication::translate("DemoResults", "Introduction"), QCoreApplication::translate("DemoResults", "Background"),
        QCoreApplication::translate("DemoResults", "Findings"), QCoreApplication::translate("DemoResults", "Open questions"),
        QCoreApplication::translate("DemoResults", "Conclusion")};
    const int steps = int(chapters.size());
    noteCancellation(call);
    runSteps(
        call, steps, *ms,
        [call, chapters, steps](int step) {
            const QLocale locale;
            announce(call, step, steps,
                     QCoreApplication::translate("DemoResults", "Writing chapter %1 of %2: %3")
                         .arg(locale.toString(step), locale.toString(steps), chapters.at(step - 1)));
        },
        [call, chapters, topic] {
            QString report = QCoreApplication::translate("DemoResults", "# A long report on %1\n").arg(topic);
            for (const QString &chapter : chapters)
                report += QCoreApplication::translate("DemoResults", "\n## %1\n\nA paragraph of pretend text about %2.\n")
                              .arg(chapter, topic);
            call.respond(textResult(report));
        });
}

// ---- failing_job ------------------------------------------------------------------------------

void failingJob(const ToolCallContext &call)
{
    QString problem;
    const auto ms = durationMs(call, 3, &problem);
    if (!ms)
        return call.respond(errorResult(invalidArguments(call.toolName(), problem)));
    const QString how = call.arguments().value(u"how").toString(u"error"_s);
    if (how != u"error" && how != u"tool_error")
        return call.respond(errorResult(
            invalidArguments(call.toolName(), QCoreApplication::translate("DemoResults", "\"how\" must be error or tool_error"))));
    const int steps = 3;
    noteCancellation(call);
    runSteps(
        call, steps, *ms,
        [call, steps](int step) {
            announceStep(call, step, steps,
                         step < steps ? QCoreApplication::translate("DemoResults", "so far so good")
                                      : QCoreApplication::translate("DemoResults", "something went wrong"));
        },
        [call, how] {
            if (how == u"tool_error") {
                return call.respond(errorResult(QCoreApplication::translate(
                    "DemoResults",
                    "The job broke down at its last step (a tool error, isError: true). This is on purpose: the demo shows what a failed job looks like.")));
            }
            call.fail(makeError(ErrorCode::InternalError,
                                QCoreApplication::translate("DemoResults",
                                                            "The job broke down at its last step. This is on purpose: the demo "
                                                            "shows what a failed task looks like.")));
        });
}

// ---- choose_format ----------------------------------------------------------------------------

QJsonObject formatQuestion()
{
    const QJsonObject schema{
        {u"type"_s, u"object"_s},
        {u"properties"_s,
         QJsonObject{{u"format"_s,
                      QJsonObject{{u"type"_s, u"string"_s},
                                  {u"title"_s, QCoreApplication::translate("DemoResults", "Format")},
                                  {u"description"_s, QCoreApplication::translate("DemoResults", "How the summary should be written.")},
                                  {u"enum"_s, QJsonArray{u"bullet points"_s, u"one paragraph"_s, u"a table"_s}},
                                  {u"default"_s, u"bullet points"_s}}}}},
        {u"required"_s, QJsonArray{u"format"_s}},
    };
    return QJsonObject{{u"mode"_s, u"form"_s},
                       {u"message"_s, QCoreApplication::translate("DemoResults", "Which format should the summary have?")},
                       {u"requestedSchema"_s, schema}};
}

QString summaryIn(const QString &format, const QString &topic)
{
    if (format == u"one paragraph") {
        return QCoreApplication::translate("DemoResults",
                                           "Summary of %1: the pretend sources agree that it is worth a closer look, and "
                                           "nothing was fetched from anywhere.")
            .arg(topic);
    }
    if (format == u"a table")
        return QCoreApplication::translate("DemoResults", "| Topic | Sources | Verdict |\n|---|---|---|\n| %1 | 2 | worth a closer look |")
            .arg(topic);
    return QCoreApplication::translate("DemoResults", "Summary of %1:\n- two pretend sources\n- worth a closer look\n- nothing was fetched")
        .arg(topic);
}

// The format in words of the person's language; the answer itself is one of the form's enum values.
QString formatName(const QString &format)
{
    if (format == u"one paragraph")
        return QCoreApplication::translate("DemoResults", "one paragraph", "summary format");
    if (format == u"a table")
        return QCoreApplication::translate("DemoResults", "a table", "summary format");
    if (format == u"bullet points")
        return QCoreApplication::translate("DemoResults", "bullet points", "summary format");
    return format;
}

void chooseFormat(const ToolCallContext &call)
{
    QString problem;
    const auto ms = durationMs(call, 3, &problem);
    if (!ms)
        return call.respond(errorResult(invalidArguments(call.toolName(), problem)));
    const QString topic = topicOf(call);
    // The first half gathers, then the person is asked, then the second half writes.
    noteCancellation(call);
    runSteps(
        call, 2, *ms / 2,
        [call, topic](int step) {
            announceStep(call, step, 4, QCoreApplication::translate("DemoResults", "gathering notes about %1").arg(topic));
        },
        [call, topic, ms] {
            call.setStatusMessage(QCoreApplication::translate("DemoResults", "Waiting for you to choose a format"));
            call.askClient(u"elicitation/create"_s, formatQuestion(), [call, topic, ms](const Result<QJsonObject> &answer) {
                if (!answer)
                    return call.respond(errorResult(
                        QCoreApplication::translate("DemoResults", "Could not ask you for a format: %1").arg(answer.error().message)));
                const QString action = answer->value(u"action").toString();
                if (action != u"accept") {
                    return call.respond(textResult(
                        action == u"decline" ? QCoreApplication::translate(
                            "DemoResults", "You did not choose a format (declined), so no summary was written.")
                                             : QCoreApplication::translate(
                                                 "DemoResults", "You did not choose a format (cancelled), so no summary was written.")));
                }
                const QString format = answer->value(u"content").toObject().value(u"format").toString(u"bullet points"_s);
                runSteps(
                    call, 2, *ms / 2,
                    [call, format](int step) {
                        announceStep(call, step + 2, 4,
                                     QCoreApplication::translate("DemoResults", "writing the summary as %1").arg(formatName(format)));
                    },
                    [call, format, topic] {
                        CallToolResult result = textResult(summaryIn(format, topic));
                        result.structuredContent = QJsonObject{{u"format"_s, format}, {u"topic"_s, topic}};
                        call.respond(result);
                    });
            });
        });
}

// ---- definitions ------------------------------------------------------------------------------

const char *const researchTool = R"json({
  "name": "research",
  "title": "Research (can run as a task)",
  "description": "Pretends to research a topic for a few seconds, step by step, and returns a short report. It can run as a task: the client gets a task at once, watches its status messages and fetches the report when it is done, or cancels it. It can also be called the ordinary way.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "topic": {"title": "Topic", "type": "string", "description": "What to research.", "default": "tea"},
      "seconds": {"title": "Seconds", "type": "number", "description": "How long the research takes, in seconds.", "minimum": 0, "maximum": 3600, "default": 3}
    }
  },
  "execution": {"taskSupport": "optional"},
  "annotations": {"readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false}
})json";

const char *const longReportTool = R"json({
  "name": "long_report",
  "title": "Long report (always a task)",
  "description": "Writes a report chapter by chapter, which takes a while (10 seconds unless you say otherwise). It only runs as a task: the client follows it and fetches the report when it is done, or cancels it halfway.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "topic": {"title": "Topic", "type": "string", "description": "What the report is about.", "default": "tea"},
      "seconds": {"title": "Seconds", "type": "number", "description": "How long writing takes, in seconds.", "minimum": 0, "maximum": 3600, "default": 10}
    }
  },
  "execution": {"taskSupport": "required"},
  "annotations": {"readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false}
})json";

const char *const failingJobTool = R"json({
  "name": "failing_job",
  "title": "Failing job (a task that fails)",
  "description": "Works for a few seconds and then fails on purpose, so you can see what a failed task looks like. \"how\" picks the kind of failure: error (the task fails) or tool_error (the tool answers with an error message).",
  "inputSchema": {
    "type": "object",
    "properties": {
      "seconds": {"title": "Seconds", "type": "number", "description": "How long it works before failing, in seconds.", "minimum": 0, "maximum": 3600, "default": 3},
      "how": {"title": "How it fails", "type": "string", "description": "error or tool_error.", "enum": ["error", "tool_error"], "default": "error"}
    }
  },
  "execution": {"taskSupport": "optional"},
  "annotations": {"readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false}
})json";

const char *const chooseFormatTool = R"json({
  "name": "choose_format",
  "title": "Choose a format (a task that asks you)",
  "description": "Gathers notes for a while, then asks you which format the summary should have (a form), and finishes the summary in that format. It only runs as a task: while it waits for your answer the task says input_required.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "topic": {"title": "Topic", "type": "string", "description": "What the summary is about.", "default": "tea"},
      "seconds": {"title": "Seconds", "type": "number", "description": "How long the work takes in all, in seconds (not counting your answer).", "minimum": 0, "maximum": 3600, "default": 3}
    }
  },
  "execution": {"taskSupport": "required"},
  "annotations": {"readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false}
})json";

} // namespace

Result<void> registerAll(McpServer &server)
{
    const std::pair<const char *, McpServer::ToolHandler> tools[] = {
        {researchTool, research},
        {longReportTool, longReport},
        {failingJobTool, failingJob},
        {chooseFormatTool, chooseFormat},
    };
    for (const auto &[json, handler] : tools) {
        if (auto added = server.addTool(DemoTools::toolFromJson(json), handler); !added)
            return added.error();
    }
    return {};
}

} // namespace Toolgate::DemoTaskTools
