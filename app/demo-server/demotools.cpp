#include "app/demo-server/demotools.h"

#include "app/demo-server/democontent.h"
#include "app/demo-server/demomedia.h"
#include "app/demo-server/demonote.h"
#include "app/demo-server/demoresults.h"
#include "app/demo-server/demotranslation.h"
#include "core/protocol/protocolversion.h"
#include "core/server/mcpserver.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QMap>
#include <QTimer>

#include <cmath>
#include <memory>

using namespace Qt::StringLiterals;

namespace Toolgate::DemoTools {

namespace {

constexpr auto textResult = &DemoResults::text;
constexpr auto errorResult = &DemoResults::error;

// What the tools say is in the person's language (#34 item 6), context DemoResults of
// app/demo-server/toolgate-demo-server_de.ts; argument names, enum values and structured content stay as
// programs send them. Numbers in the texts are %L1, written the way the language writes them.

QString prettyJson(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Indented)).trimmed();
}

// Reads a call's arguments, collecting every problem so one answer can name them all.
class ArgumentReader final
{
public:
    explicit ArgumentReader(QJsonObject arguments) : m_arguments(std::move(arguments)) {}

    QString string(const QString &key, const std::optional<QString> &fallback, const QStringList &allowed = {})
    {
        const QJsonValue value = m_arguments.value(key);
        if (value.isUndefined() && fallback)
            return *fallback;
        if (!value.isString()) {
            m_problems.append(value.isUndefined() ? QCoreApplication::translate("DemoResults", "\"%1\" is required").arg(key)
                                                  : QCoreApplication::translate("DemoResults", "\"%1\" must be a string").arg(key));
            return {};
        }
        if (!allowed.isEmpty() && !allowed.contains(value.toString())) {
            m_problems.append(QCoreApplication::translate("DemoResults", "\"%1\" must be one of %2, not \"%3\"")
                                  .arg(key, allowed.join(u", "), value.toString()));
            return {};
        }
        return value.toString();
    }

    double number(const QString &key, std::optional<double> fallback, double minimum, double maximum)
    {
        const QJsonValue value = m_arguments.value(key);
        if (value.isUndefined() && fallback)
            return *fallback;
        if (!value.isDouble()) {
            m_problems.append(value.isUndefined() ? QCoreApplication::translate("DemoResults", "\"%1\" is required").arg(key)
                                                  : QCoreApplication::translate("DemoResults", "\"%1\" must be a number").arg(key));
            return 0;
        }
        const double d = value.toDouble();
        if (!(d >= minimum && d <= maximum)) {
            m_problems.append(outOfRange(key, minimum, maximum, d));
            return 0;
        }
        return d;
    }

    int integer(const QString &key, std::optional<int> fallback, int minimum, int maximum)
    {
        const QJsonValue value = m_arguments.value(key);
        if (value.isUndefined() && fallback)
            return *fallback;
        const double d = value.toDouble();
        if (!value.isDouble() || d != std::floor(d)) {
            m_problems.append(value.isUndefined() ? QCoreApplication::translate("DemoResults", "\"%1\" is required").arg(key)
                                                  : QCoreApplication::translate("DemoResults", "\"%1\" must be a whole number").arg(key));
            return 0;
        }
        if (d < minimum || d > maximum) {
            m_problems.append(outOfRange(key, minimum, maximum, d));
            return 0;
        }
        return int(d);
    }

    bool ok() const { return m_problems.isEmpty(); }
    /// Answers call with the collected problems as a tool error.
    void reject(const ToolCallContext &call) const
    {
        call.respond(errorResult(
            QCoreApplication::translate("DemoResults", "Invalid arguments for %1: %2.").arg(call.toolName(), m_problems.join(u"; "))));
    }

private:
    // One multi-argument arg() after the key: chained calls would expand a "%2" in a key.
    static QString outOfRange(const QString &key, double minimum, double maximum, double value)
    {
        const QLocale locale;
        return QCoreApplication::translate("DemoResults", "\"%1\" must be between %2 and %3, not %4")
            .arg(key, locale.toString(minimum, 'g', QLocale::FloatingPointShortest),
                 locale.toString(maximum, 'g', QLocale::FloatingPointShortest),
                 locale.toString(value, 'g', QLocale::FloatingPointShortest));
    }

    QJsonObject m_arguments;
    QStringList m_problems;
};

// ---- echo, add, markdown_report ---------------------------------------------------------------

void echo(const ToolCallContext &call)
{
    ArgumentReader args(call.arguments());
    const QString text = args.string(u"text"_s, std::nullopt);
    if (!args.ok())
        return args.reject(call);
    call.respond(textResult(text));
}

void add(const ToolCallContext &call)
{
    ArgumentReader args(call.arguments());
    const double a = args.number(u"a"_s, std::nullopt, -1e15, 1e15);
    const double b = args.number(u"b"_s, std::nullopt, -1e15, 1e15);
    if (!args.ok())
        return args.reject(call);
    const double sum = a + b;
    CallToolResult result = textResult(QCoreApplication::translate("DemoResults", "%L1 + %L2 = %L3").arg(a).arg(b).arg(sum));
    result.structuredContent = QJsonObject{{u"sum"_s, sum}};
    call.respond(result);
}

void markdownReport(const ToolCallContext &call)
{
    ArgumentReader args(call.arguments());
    const QString topic = args.string(u"topic"_s, u"Toolgate demo"_s);
    if (!args.ok())
        return args.reject(call);
    const QString report = QCoreApplication::translate("DemoResults", R"md(# Report: %1

A sample report written in **Markdown**, so a client can show how it renders *rich text*.

## Highlights

- Every MCP content type has a demo tool
- Progress, cancellation and logging all work
  - nested list item
- See the [MCP specification](https://modelcontextprotocol.io/specification)

## Content types

| Type | Demo tool | Binary |
| :--- | :--- | :---: |
| text | echo | no |
| image | generate_image | yes |
| audio | generate_audio | yes |
| resource | embedded_resources | both |
| resource_link | resource_links | no |

## Code

```cpp
auto result = session.callTool("echo", {{"text", "hi"}});
```

> Quote: "Show, don't tell."

1. First
2. Second
3. Third

---
*Generated by toolgate-demo-server.*
)md")
                               .arg(topic);
    call.respond(textResult(report));
}

// ---- generate_image, generate_audio -----------------------------------------------------------

// The colour as a word of the person's language; the argument itself stays an enum value.
QString colorName(const QString &color)
{
    const QMap<QString, QString> names{
        {u"red"_s, QCoreApplication::translate("DemoResults", "red", "colour of the generated pattern")},
        {u"orange"_s, QCoreApplication::translate("DemoResults", "orange", "colour of the generated pattern")},
        {u"yellow"_s, QCoreApplication::translate("DemoResults", "yellow", "colour of the generated pattern")},
        {u"green"_s, QCoreApplication::translate("DemoResults", "green", "colour of the generated pattern")},
        {u"blue"_s, QCoreApplication::translate("DemoResults", "blue", "colour of the generated pattern")},
        {u"purple"_s, QCoreApplication::translate("DemoResults", "purple", "colour of the generated pattern")}};
    return names.value(color, color);
}

void generateImage(const ToolCallContext &call)
{
    ArgumentReader args(call.arguments());
    const QString color = args.string(u"color"_s, u"blue"_s, DemoMedia::patternColors());
    if (!args.ok())
        return args.reject(call);
    const QByteArray png = DemoMedia::patternPng(color);

    CallToolResult result = textResult(
        QCoreApplication::translate("DemoResults", "A 64 × 64 %1 pattern, drawn by the server (PNG, %L2 bytes).")
            .arg(colorName(color))
            .arg(png.size()));
    Content image;
    image.type = Content::Type::Image;
    image.mimeType = u"image/png"_s;
    image.data = png.toBase64();
    image.annotations.audience = QStringList{u"user"_s};
    result.content.append(image);
    call.respond(result);
}

void generateAudio(const ToolCallContext &call)
{
    ArgumentReader args(call.arguments());
    const double frequency = args.number(u"frequency"_s, 440.0, 100, 2000);
    const int durationMs = args.integer(u"duration_ms"_s, 1000, 100, 3000);
    if (!args.ok())
        return args.reject(call);
    const QByteArray wav = DemoMedia::sineWav(frequency, durationMs);

    CallToolResult result = textResult(
        QCoreApplication::translate("DemoResults", "A %L1 Hz sine tone lasting %L2 ms (WAV, 16-bit mono, 8 kHz, %L3 bytes).")
            .arg(frequency)
            .arg(durationMs)
            .arg(wav.size()));
    Content audio;
    audio.type = Content::Type::Audio;
    audio.mimeType = u"audio/wav"_s;
    audio.data = wav.toBase64();
    result.content.append(audio);
    call.respond(result);
}

// ---- embedded_resources, resource_links -------------------------------------------------------

Content embeddedText(const QString &uri, const QString &mimeType, const QString &text)
{
    Content content;
    content.type = Content::Type::Resource;
    content.resource.uri = uri;
    content.resource.mimeType = mimeType;
    content.resource.text = text;
    return content;
}

void embeddedResources(const ToolCallContext &call)
{
    CallToolResult result = textResult(
        QCoreApplication::translate("DemoResults",
                                    "Three embedded resources follow: C++ source code, a JSON document and a binary file. "
                                    "Their contents travel inside this result; the same URIs can also be read with resources/read."));
    result.content.append(embeddedText(DemoContent::snippetUri, u"text/x-c++src"_s, DemoContent::cppSnippet()));
    result.content.append(embeddedText(DemoContent::configUri, u"application/json"_s,
                                       QString::fromUtf8(DemoContent::configJson())));
    Content blob;
    blob.type = Content::Type::Resource;
    blob.resource.uri = DemoContent::blobUri;
    blob.resource.mimeType = u"application/octet-stream"_s;
    blob.resource.blob = DemoContent::sampleBlob().toBase64();
    result.content.append(blob);
    call.respond(result);
}

Content link(const QString &uri, const QString &name, const QString &title, const QString &description,
             const QString &mimeType, std::optional<qint64> size = std::nullopt)
{
    Content content;
    content.type = Content::Type::ResourceLink;
    content.uri = uri;
    content.name = name;
    content.title = title;
    content.description = description;
    content.mimeType = mimeType;
    content.size = size;
    return content;
}

void resourceLinks(const ToolCallContext &call)
{
    CallToolResult result = textResult(
        QCoreApplication::translate("DemoResults",
                                    "Links to four of this server's resources. Unlike embedded resources, links carry no "
                                    "contents: open one to read it with resources/read."));
    // The same titles as the resources' own (context DemoResources).
    result.content.append(link(DemoContent::readmeUri, u"readme"_s, QCoreApplication::translate("DemoResources", "README"),
                               QCoreApplication::translate("DemoResources", "What this server is and what to try first"),
                               u"text/markdown"_s, DemoContent::readme().toUtf8().size()));
    result.content.append(link(
        DemoContent::configUri, u"config.json"_s, QCoreApplication::translate("DemoResources", "Sample configuration"),
        QCoreApplication::translate("DemoResources", "A small JSON document"), u"application/json"_s, DemoContent::configJson().size()));
    result.content.append(link(DemoContent::logoUri, u"logo.png"_s, QCoreApplication::translate("DemoResources", "Logo"),
                               QCoreApplication::translate("DemoResources", "A generated 64 × 64 PNG"), u"image/png"_s,
                               DemoContent::logoPng().size()));
    result.content.append(
        link(u"demo://greeting/Toolgate"_s, u"greeting-toolgate"_s, QCoreApplication::translate("DemoResources", "Greeting for Toolgate"),
             QCoreApplication::translate("DemoResources", "Made from the resource template demo://greeting/{name}"), u"text/plain"_s));
    call.respond(result);
}

// ---- weather, bad_structured_output -----------------------------------------------------------

// A stable hash (qHash is seeded per process), so a city always gets the same weather.
quint32 stableHash(const QString &text)
{
    quint32 h = 2166136261u;
    for (const QChar c : text.toCaseFolded()) {
        h ^= c.unicode();
        h *= 16777619u;
    }
    return h;
}

void weather(const ToolCallContext &call)
{
    ArgumentReader args(call.arguments());
    const QString city = args.string(u"city"_s, std::nullopt).trimmed();
    const QString units = args.string(u"units"_s, u"celsius"_s, {u"celsius"_s, u"fahrenheit"_s});
    if (!args.ok())
        return args.reject(call);
    if (city.isEmpty())
        return call.respond(
            errorResult(QCoreApplication::translate("DemoResults", "Invalid arguments for weather: \"city\" must not be empty.")));

    // The structured content says the enum value, the text the word: "rainy", "regnerisch".
    static const QStringList conditions{u"sunny"_s, u"partly cloudy"_s, u"cloudy"_s, u"rainy"_s,
                                        u"stormy"_s, u"snowy"_s, u"foggy"_s};
    const QStringList conditionWords{QCoreApplication::translate("DemoResults", "sunny", "weather"),
                                     QCoreApplication::translate("DemoResults", "partly cloudy", "weather"),
                                     QCoreApplication::translate("DemoResults", "cloudy", "weather"),
                                     QCoreApplication::translate("DemoResults", "rainy", "weather"),
                                     QCoreApplication::translate("DemoResults", "stormy", "weather"),
                                     QCoreApplication::translate("DemoResults", "snowy", "weather"),
                                     QCoreApplication::translate("DemoResults", "foggy", "weather")};
    const quint32 h = stableHash(city);
    const double celsius = -5 + int(h % 36);
    const double temperature = units == u"celsius" ? celsius : std::round((celsius * 9 / 5 + 32) * 10) / 10;
    const qsizetype conditionIndex = qsizetype((h / 36) % quint32(conditions.size()));
    const QString condition = conditions.at(conditionIndex);
    const int humidity = 20 + int((h / 252) % 76);
    const double wind = int((h / 19152) % 60);

    const QJsonObject report{{u"city"_s, city},
                             {u"temperature"_s, temperature},
                             {u"units"_s, units},
                             {u"conditions"_s, condition},
                             {u"humidity"_s, humidity},
                             {u"wind_kph"_s, wind}};
    const QString symbol = units == u"celsius" ? u"°C"_s : u"°F"_s;
    // One multi-argument arg(): chained calls would expand a "%1" typed into the city name.
    const QLocale locale;
    CallToolResult result = textResult(
        QCoreApplication::translate("DemoResults", "Made-up weather for %1: %2 %3, %4, humidity %5 %, wind %6 km/h.")
            .arg(city, locale.toString(temperature), symbol, conditionWords.at(conditionIndex), locale.toString(humidity),
                 locale.toString(wind)));
    result.structuredContent = report;
    call.respond(result);
}

void badStructuredOutput(const ToolCallContext &call)
{
    CallToolResult result = textResult(
        QCoreApplication::translate("DemoResults",
                                    "This result deliberately breaks the tool's output schema: \"temperature\" is a string instead "
                                    "of a number, the required \"conditions\" is missing and \"humidity\" is not allowed. A careful "
                                    "client flags it."));
    result.structuredContent = QJsonObject{{u"temperature"_s, u"twenty-one"_s}, {u"humidity"_s, 140}};
    call.respond(result);
}

// ---- fail_politely ----------------------------------------------------------------------------

void failPolitely(const ToolCallContext &call)
{
    ArgumentReader args(call.arguments());
    const QString reason = args.string(
        u"reason"_s, QCoreApplication::translate("DemoResults", "the demo wanted to show what a failed tool call looks like"));
    if (!args.ok())
        return args.reject(call);
    call.respond(errorResult(
        QCoreApplication::translate("DemoResults",
                                    "Sorry, this tool could not finish: %1. This is a tool-level error (isError: true), not a "
                                    "protocol error: the call itself worked, and the model gets this text to decide what to do next.")
            .arg(reason)));
}

// ---- slow_task --------------------------------------------------------------------------------

// "Step 3 of 10: Polishing bits". One arg() for the activity, so a "%1" in it stays as it is.
QString stepText(int step, int steps, const QString &activity)
{
    const QLocale locale;
    return QCoreApplication::translate("DemoResults", "Step %1 of %2: %3").arg(locale.toString(step), locale.toString(steps), activity);
}

void slowTask(const ToolCallContext &call)
{
    ArgumentReader args(call.arguments());
    const int steps = args.integer(u"steps"_s, 10, 1, 100);
    const int stepMs = args.integer(u"step_ms"_s, 300, 10, 5000);
    if (!args.ok())
        return args.reject(call);

    const QStringList activities{
        QCoreApplication::translate("DemoResults", "Warming up"), QCoreApplication::translate("DemoResults", "Counting sheep"),
        QCoreApplication::translate("DemoResults", "Polishing bits"), QCoreApplication::translate("DemoResults", "Reticulating splines"),
        QCoreApplication::translate("DemoResults", "Almost there")};
    auto done = std::make_shared<int>(0);
    // Parented to the call's scope: once the call is answered or cancelled the timer goes away.
    auto *timer = new QTimer(call.scope());
    timer->setInterval(stepMs);
    QObject::connect(timer, &QTimer::timeout, call.scope(), [call, timer, done, steps, stepMs, activities] {
        if (call.isFinished()) {
            timer->stop();
            return;
        }
        ++*done;
        const QString activity = activities.at((*done - 1) * activities.size() / steps);
        call.reportProgress(*done, steps, stepText(*done, steps, activity));
        if (*done == steps) {
            timer->stop();
            call.respond(textResult(QCoreApplication::translate("DemoResults", "Finished all %L1 steps (about %L2 ms).")
                                        .arg(steps)
                                        .arg(qint64(steps) * stepMs)));
        }
    });
    call.onCancelled([done, steps] {
        demoNote(u"slow_task was cancelled after step %1 of %2; stopping"_s.arg(*done).arg(steps));
    });
    timer->start();
}

// ---- rich_form --------------------------------------------------------------------------------

void richForm(const ToolCallContext &call)
{
    const QJsonObject arguments = call.arguments();
    CallToolResult result = textResult(
        QCoreApplication::translate("DemoResults", "The form arrived with these values:\n\n```json\n%1\n```").arg(prettyJson(arguments)));
    result.structuredContent = arguments;
    call.respond(result);
}

// ---- confirm_action ---------------------------------------------------------------------------
//
// A tool that asks the person before it acts, written once for both eras: a legacy client gets a
// real elicitation/create request; a 2026-07-28 client gets an input_required result, asks, and
// calls again with the answer in inputResponses.

QJsonObject confirmForm(const ToolCallContext &call, const QString &action, const QString &protocolVersion)
{
    const QJsonObject schema{
        {u"type"_s, u"object"_s},
        {u"properties"_s,
         QJsonObject{
             {u"confirm"_s,
              QJsonObject{{u"type"_s, u"boolean"_s},
                          {u"title"_s, QCoreApplication::translate("DemoResults", "Go ahead?")},
                          {u"description"_s, QCoreApplication::translate("DemoResults", "Tick to let the demo go ahead.")}}},
             {u"reason"_s,
              QJsonObject{{u"type"_s, u"string"_s},
                          {u"title"_s, QCoreApplication::translate("DemoResults", "Reason")},
                          {u"description"_s, QCoreApplication::translate("DemoResults", "Why (optional).")}}},
         }},
        {u"required"_s, QJsonArray{u"confirm"_s}},
    };
    QJsonObject params{{u"message"_s, QCoreApplication::translate("DemoResults", "Really %1?").arg(action)},
                       {u"requestedSchema"_s, schema}};
    // "mode" arrived with 2025-11-25; an older client knows forms only, without the field.
    if (call.era() == ProtocolEra::Modern || ProtocolVersion::compare(protocolVersion, ProtocolVersion::latestLegacy) >= 0)
        params.insert(u"mode", u"form"_s);
    return params;
}

// The text result naming what the person answered, e.g. "accepted: confirm = true, reason = "tidy up"".
CallToolResult describeConfirmation(const QString &action, const QJsonObject &answer)
{
    const QString choice = answer.value(u"action"_s).toString();
    if (choice == u"decline")
        return textResult(QCoreApplication::translate("DemoResults", "declined: you said no to \"%1\", so nothing was done.").arg(action));
    if (choice == u"cancel") {
        return textResult(
            QCoreApplication::translate("DemoResults", "cancelled: you closed the form without answering, so \"%1\" was not done.")
                .arg(action));
    }
    if (choice != u"accept") {
        return errorResult(
            QCoreApplication::translate("DemoResults", "The client answered the form with \"%1\", which is not accept, decline or cancel.")
                .arg(choice));
    }
    const QJsonObject content = answer.value(u"content"_s).toObject();
    const bool confirmed = content.value(u"confirm"_s).toBool();
    const QString reason = content.value(u"reason"_s).toString();
    const QString values = u"confirm = %1, reason = \"%2\""_s.arg(confirmed ? u"true"_s : u"false"_s, reason);
    return textResult(
        confirmed ? QCoreApplication::translate("DemoResults", "accepted: %1. The demo would now %2 (it does nothing for real).")
                        .arg(values, action)
                  : QCoreApplication::translate("DemoResults", "accepted: %1. You did not tick \"Go ahead?\", so \"%2\" was not done.")
                        .arg(values, action));
}

void confirmAction(McpServer *server, const ToolCallContext &call)
{
    ArgumentReader args(call.arguments());
    const QString action = args.string(u"action"_s, u"delete the demo draft"_s);
    if (!args.ok())
        return args.reject(call);
    const QJsonObject form = confirmForm(call, action, server->protocolVersion());

    if (call.era() == ProtocolEra::Modern) {
        const QJsonObject answers = call.inputResponses();
        if (answers.contains(u"confirm"))
            return call.respond(describeConfirmation(action, answers.value(u"confirm"_s).toObject()));
        // The first round: ask. requestState is what a real server would carry to the next round
        // (and protect); the demo shows one, and needs nothing from it.
        const QByteArray state = QJsonDocument(QJsonObject{{u"tool"_s, call.toolName()}, {u"round"_s, 1}})
                                     .toJson(QJsonDocument::Compact)
                                     .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
        return call.requireInput(QJsonObject{{u"confirm"_s, QJsonObject{{u"method"_s, u"elicitation/create"_s},
                                                                        {u"params"_s, form}}}},
                                 QString::fromLatin1(state));
    }
    call.askClient(u"elicitation/create"_s, form, [call, action](const Result<QJsonObject> &answer) {
        if (!answer)
            return call.respond(
                errorResult(QCoreApplication::translate("DemoResults", "Could not ask you: %1").arg(answer.error().message)));
        call.respond(describeConfirmation(action, answer.value()));
    });
}

// ---- log_messages -----------------------------------------------------------------------------

void logMessages(McpServer *server, const ToolCallContext &call)
{
    const LoggingLevel levels[] = {LoggingLevel::Debug,   LoggingLevel::Info,     LoggingLevel::Notice,
                                   LoggingLevel::Warning, LoggingLevel::Error,    LoggingLevel::Critical,
                                   LoggingLevel::Alert,   LoggingLevel::Emergency};
    for (const LoggingLevel level : levels) {
        // Log data may be any JSON; one message carries an object to show that.
        if (level == LoggingLevel::Notice) {
            call.log(level,
                     QJsonObject{{u"message"_s, QCoreApplication::translate("DemoResults", "A demo notice with structured data")},
                                 {u"details"_s, QJsonObject{{u"step"_s, 3}, {u"ok"_s, true}}}});
        } else {
            call.log(level,
                     QCoreApplication::translate("DemoResults", "A demo %1 message (nothing is actually wrong)").arg(toString(level)));
        }
    }
    const auto threshold = server->clientLogLevel();
    const bool modern = call.era() == ProtocolEra::Modern;
    // The initialize era sends everything until logging/setLevel; 2026-07-28 sends nothing unless the
    // request's envelope names a level.
    const qsizetype received = threshold ? std::size(levels) - qsizetype(*threshold) : modern ? 0 : std::size(levels);
    const QLocale locale;
    const QString filter = threshold
        ? QCoreApplication::translate("DemoResults", "You asked for \"%1\" and above (%2), so %3 of them reached you.")
              .arg(toString(*threshold),
                   modern ? QCoreApplication::translate("DemoResults", "the request's log level") : u"logging/setLevel"_s,
                   locale.toString(received))
        : modern ? QCoreApplication::translate("DemoResults", "Your request named no log level, so none of them were sent.")
                 : QCoreApplication::translate("DemoResults", "You did not set a log level, so all of them were sent.");
    call.respond(textResult(QCoreApplication::translate("DemoResults", "Sent %1 log messages, one per level from debug to emergency. %2")
                                .arg(locale.toString(qsizetype(std::size(levels))), filter)));
}

// ---- definitions ------------------------------------------------------------------------------

const char *const echoTool = R"json({
  "name": "echo",
  "title": "Echo",
  "description": "Sends your text straight back as plain text. The simplest tool there is: use it to check that calling tools works.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "text": {"title": "Text", "type": "string", "description": "The text to send back.", "default": "Hello, Toolgate!"}
    },
    "required": ["text"]
  },
  "annotations": {"readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false}
})json";

const char *const addTool = R"json({
  "name": "add",
  "title": "Add two numbers",
  "description": "Adds a and b. Answers with text and with structured content {\"sum\": …} that matches the tool's output schema.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "a": {"title": "A", "type": "number", "description": "The first number."},
      "b": {"title": "B", "type": "number", "description": "The second number."}
    },
    "required": ["a", "b"]
  },
  "outputSchema": {
    "type": "object",
    "properties": {"sum": {"type": "number", "description": "a + b"}},
    "required": ["sum"]
  },
  "annotations": {"readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false}
})json";

const char *const markdownReportTool = R"json({
  "name": "markdown_report",
  "title": "Markdown report",
  "description": "Writes a short report in Markdown, with headings, lists, a table, a code block and a quote, to show how a client renders rich text.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "topic": {"title": "Topic", "type": "string", "description": "What the report's title is about.", "default": "Toolgate demo"}
    }
  },
  "annotations": {"readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false}
})json";

const char *const generateImageTool = R"json({
  "name": "generate_image",
  "title": "Generate an image",
  "description": "Draws a 64 × 64 pattern in the colour you pick and returns it as a PNG image.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "color": {"title": "Colour",
        "type": "string",
        "description": "The main colour of the pattern.",
        "enum": ["red", "orange", "yellow", "green", "blue", "purple"],
        "default": "blue"
      }
    }
  },
  "annotations": {"readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false}
})json";

const char *const generateAudioTool = R"json({
  "name": "generate_audio",
  "title": "Generate a sound",
  "description": "Synthesises a sine tone and returns it as a WAV clip (16-bit mono, 8 kHz).",
  "inputSchema": {
    "type": "object",
    "properties": {
      "frequency": {"title": "Frequency (Hz)", "type": "number", "description": "Pitch in hertz (440 is the A above middle C).", "minimum": 100, "maximum": 2000, "default": 440},
      "duration_ms": {"title": "Length (ms)", "type": "integer", "description": "Length in milliseconds.", "minimum": 100, "maximum": 3000, "default": 1000}
    }
  },
  "annotations": {"readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false}
})json";

const char *const embeddedResourcesTool = R"json({
  "name": "embedded_resources",
  "title": "Embedded resources",
  "description": "Returns resources embedded in the result: C++ source (text/x-c++src), a JSON document and a binary blob.",
  "inputSchema": {"type": "object", "properties": {}},
  "annotations": {"readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false}
})json";

const char *const resourceLinksTool = R"json({
  "name": "resource_links",
  "title": "Resource links",
  "description": "Returns links to this server's own resources; a client can open each one with resources/read.",
  "inputSchema": {"type": "object", "properties": {}},
  "annotations": {"readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false}
})json";

const char *const weatherTool = R"json({
  "name": "weather",
  "title": "Weather (made up)",
  "description": "Invents a weather report for a city; the same city always gets the same weather. Answers with text and with structured content matching the output schema. No real data is fetched.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "city": {"title": "City", "type": "string", "description": "Any city name, e.g. Amsterdam.", "minLength": 1},
      "units": {"title": "Units", "type": "string", "description": "Temperature units.", "enum": ["celsius", "fahrenheit"], "default": "celsius"}
    },
    "required": ["city"]
  },
  "outputSchema": {
    "type": "object",
    "properties": {
      "city": {"type": "string"},
      "temperature": {"type": "number", "description": "In the requested units."},
      "units": {"type": "string", "enum": ["celsius", "fahrenheit"]},
      "conditions": {"type": "string", "enum": ["sunny", "partly cloudy", "cloudy", "rainy", "stormy", "snowy", "foggy"]},
      "humidity": {"type": "integer", "minimum": 0, "maximum": 100, "description": "Relative humidity in percent."},
      "wind_kph": {"type": "number", "minimum": 0}
    },
    "required": ["city", "temperature", "units", "conditions", "humidity"]
  },
  "annotations": {"readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false}
})json";

const char *const badStructuredOutputTool = R"json({
  "name": "bad_structured_output",
  "title": "Broken structured output",
  "description": "Returns structured content that deliberately violates its own output schema, so you can see how a client reports it.",
  "inputSchema": {"type": "object", "properties": {}},
  "outputSchema": {
    "type": "object",
    "properties": {
      "temperature": {"type": "number"},
      "conditions": {"type": "string"}
    },
    "required": ["temperature", "conditions"],
    "additionalProperties": false
  },
  "annotations": {"readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false}
})json";

const char *const failPolitelyTool = R"json({
  "name": "fail_politely",
  "title": "Fail politely",
  "description": "Always fails, with a tool error (isError: true) that explains what went wrong.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "reason": {"title": "Reason", "type": "string", "description": "Why it should fail (optional)."}
    }
  },
  "annotations": {"readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false}
})json";

const char *const slowTaskTool = R"json({
  "name": "slow_task",
  "title": "Slow task with progress",
  "description": "Works through a number of steps, reporting progress after each one. Cancel it to see it stop.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "steps": {"title": "Steps", "type": "integer", "description": "How many steps.", "minimum": 1, "maximum": 100, "default": 10},
      "step_ms": {"title": "Step length (ms)", "type": "integer", "description": "How long each step takes, in milliseconds.", "minimum": 10, "maximum": 5000, "default": 300}
    }
  },
  "annotations": {"readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false}
})json";

const char *const richFormTool = R"json({
  "name": "rich_form",
  "title": "Rich form",
  "description": "A tool with a rich input schema (formats, enums, bounds, arrays, nested objects, $ref, oneOf, nullable) to exercise form generation. It returns exactly the arguments it received.",
  "inputSchema": {
    "type": "object",
    "$defs": {
      "address": {
        "type": "object",
        "description": "A postal address.",
        "properties": {
          "street": {"title": "Street", "type": "string", "description": "Street and house number."},
          "city": {"title": "City", "type": "string", "description": "City or town."},
          "postcode": {"title": "Postcode", "type": "string", "description": "Postal code.", "pattern": "^[A-Za-z0-9 -]{3,10}$"},
          "country": {"title": "Country", "type": "string", "description": "Country code.", "enum": ["DE", "FR", "GB", "NL", "US", "other"], "default": "NL"}
        },
        "required": ["street", "city"]
      }
    },
    "properties": {
      "name": {"type": "string", "title": "Full name", "description": "Your name.", "minLength": 1, "maxLength": 80},
      "email": {"type": "string", "format": "email", "title": "Email address", "description": "Where replies go."},
      "birthday": {"title": "Birthday", "type": "string", "format": "date", "description": "A date, YYYY-MM-DD."},
      "website": {"title": "Website", "type": "string", "format": "uri", "description": "Your home page."},
      "favorite_color": {"type": "string", "title": "Favourite colour", "enum": ["red", "green", "blue", "purple"], "default": "blue"},
      "bio": {"title": "About you", "type": "string", "description": "A few lines about yourself. Multi-line text: line breaks are kept.", "maxLength": 2000},
      "age": {"title": "Age", "type": "integer", "description": "Whole years, 0 to 150.", "minimum": 0, "maximum": 150},
      "rating": {"title": "Rating", "type": "number", "description": "More than 0, at most 5.", "exclusiveMinimum": 0, "maximum": 5, "default": 4.5},
      "subscribe": {"title": "Newsletter", "type": "boolean", "description": "Receive the newsletter.", "default": false},
      "tags": {"title": "Tags",
        "type": "array",
        "description": "One to five labels.",
        "items": {"type": "string", "minLength": 1},
        "minItems": 1,
        "maxItems": 5,
        "uniqueItems": true
      },
      "contacts": {"title": "Contacts",
        "type": "array",
        "description": "People to contact (up to three).",
        "maxItems": 3,
        "items": {
          "type": "object",
          "properties": {
            "name": {"title": "Name", "type": "string", "description": "Their name."},
            "phone": {"title": "Phone", "type": "string", "description": "Their phone number."}
          },
          "required": ["name"]
        }
      },
      "home": {"title": "Home address", "$ref": "#/$defs/address", "description": "Your home address."},
      "preferences": {"title": "Preferences",
        "type": "object",
        "description": "Display preferences.",
        "properties": {
          "theme": {"title": "Theme", "type": "string", "enum": ["light", "dark", "system"], "default": "system"},
          "font_size": {"title": "Font size", "type": "integer", "minimum": 8, "maximum": 32, "default": 12}
        },
        "required": ["theme"]
      },
      "contact_method": {"title": "Contact method",
        "description": "How we should reach you.",
        "oneOf": [
          {
            "title": "By email",
            "type": "object",
            "properties": {"kind": {"title": "Kind", "const": "email"}, "address": {"title": "Address", "type": "string", "format": "email"}},
            "required": ["kind", "address"]
          },
          {
            "title": "By phone",
            "type": "object",
            "properties": {"kind": {"title": "Kind", "const": "phone"}, "number": {"title": "Number", "type": "string", "pattern": "^\\+?[0-9 ]{6,20}$"}},
            "required": ["kind", "number"]
          }
        ]
      },
      "nickname": {"title": "Nickname", "type": ["string", "null"], "description": "Optional; null means no nickname."}
    },
    "required": ["name", "email", "favorite_color"],
    "additionalProperties": false
  },
  "annotations": {"readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false}
})json";

const char *const confirmActionTool = R"json({
  "name": "confirm_action",
  "title": "Confirm an action",
  "description": "Asks you to confirm an action in a form (elicitation: a \"Go ahead?\" tick box and a reason) and answers with what you chose. Shows how a server asks the person: a request of its own in the initialize era, an input_required result in MCP 2026-07-28.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "action": {"title": "Action", "type": "string", "description": "What to ask about, e.g. \"delete the draft\".", "default": "delete the demo draft"}
    }
  },
  "annotations": {"readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false}
})json";

const char *const logMessagesTool = R"json({
  "name": "log_messages",
  "title": "Send log messages",
  "description": "Sends one log message at each level from debug to emergency. Set a log level first to see the client filter them.",
  "inputSchema": {"type": "object", "properties": {}},
  "annotations": {"readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false}
})json";

} // namespace

Tool toolFromJson(const char *json)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(QByteArray(json), &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        qFatal("toolgate-demo-server: a built-in tool definition is not valid JSON (%s at offset %d): %.60s",
               qPrintable(error.errorString()), int(error.offset), json);
    // Titles and descriptions in the person's language (when the demo has a translation for it).
    return Tool::fromJson(DemoTranslation::translatedSchema(document.object()));
}

Result<void> registerAll(McpServer &server)
{
    McpServer *serverPtr = &server;
    const std::pair<const char *, McpServer::ToolHandler> tools[] = {
        {echoTool, echo},
        {addTool, add},
        {markdownReportTool, markdownReport},
        {generateImageTool, generateImage},
        {generateAudioTool, generateAudio},
        {embeddedResourcesTool, embeddedResources},
        {resourceLinksTool, resourceLinks},
        {weatherTool, weather},
        {badStructuredOutputTool, badStructuredOutput},
        {failPolitelyTool, failPolitely},
        {slowTaskTool, slowTask},
        {richFormTool, richForm},
        {logMessagesTool, [serverPtr](const ToolCallContext &call) { logMessages(serverPtr, call); }},
        {confirmActionTool, [serverPtr](const ToolCallContext &call) { confirmAction(serverPtr, call); }},
    };
    for (const auto &[json, handler] : tools) {
        if (auto added = server.addTool(toolFromJson(json), handler); !added)
            return added.error();
    }
    return {};
}

} // namespace Toolgate::DemoTools
