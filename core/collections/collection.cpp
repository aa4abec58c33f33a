#include "core/collections/collection.h"

#include "core/calls/toolcallrecord.h"
#include "core/common/atomicfile.h"
#include "core/common/configlocation.h"
#include "core/common/error.h"
#include "core/jsonrpc/jsonwriter.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <algorithm>

namespace Toolgate {

namespace {

const QLatin1StringView formatName("toolgate-collection");

Error broken(const QString &source, const QString &message)
{
    return makeError(ErrorCode::ConfigError,
                     QCoreApplication::translate("Toolgate::Collection", "the collection %1 cannot be used: %2").arg(source, message));
}

QString callLabel(int index, const QString &name)
{
    return name.isEmpty() ? QCoreApplication::translate("Toolgate::Collection", "call %1").arg(index + 1)
                          : QCoreApplication::translate("Toolgate::Collection", "call %1 (\"%2\")").arg(index + 1).arg(name);
}

// What filling in ${variables} may still add to one run: "${x}${x}${x}…" with a large x multiplies it
// (a 1.4 MB file reached 14.8 GB before anyone could deny the call).
struct FillBudget
{
    qint64 left = Collection::maxFilledIn;
    bool exceeded = false;
    bool take(qint64 characters)
    {
        if (characters > left) {
            exceeded = true;
            left = 0;
            return false;
        }
        left -= characters;
        return true;
    }
};

// Fills ${name} in text. A text that is nothing but one ${name} becomes the variable's value whatever
// its type; elsewhere the value is inserted as text (JSON for what is not text). "$${" writes "${".
QJsonValue substitute(const QString &text, const QJsonObject &values, QStringList *unknown, FillBudget *budget)
{
    if (!text.contains(u'$'))
        return text;
    QString out;
    qsizetype i = 0;
    while (i < text.size()) {
        if (text.at(i) == u'$' && text.mid(i, 3) == QLatin1StringView("$${")) {
            out += QStringLiteral("${");
            i += 3;
            continue;
        }
        if (text.at(i) == u'$' && i + 1 < text.size() && text.at(i + 1) == u'{') {
            const qsizetype end = text.indexOf(u'}', i + 2);
            if (end > 0) {
                const QString name = text.mid(i + 2, end - i - 2);
                if (!values.contains(name)) {
                    if (!unknown->contains(name))
                        unknown->append(name);
                    out += text.mid(i, end - i + 1);
                } else {
                    const QJsonValue value = values.value(name);
                    if (i == 0 && end == text.size() - 1)
                        return value; // shared, not copied: adds nothing
                    const QString inserted = value.isString() ? value.toString() : JsonWriter::toCompactText(value);
                    if (!budget->take(inserted.size()))
                        return QString(); // the run is refused; what was made so far is dropped
                    out += inserted;
                }
                i = end + 1;
                continue;
            }
        }
        out += text.at(i);
        ++i;
    }
    return out;
}

// The same where the result must be text (an expectation's text): a whole-value variable that is not
// text is written as JSON.
QString substituteText(const QString &text, const QJsonObject &values, QStringList *unknown, FillBudget *budget)
{
    const QJsonValue value = substitute(text, values, unknown, budget);
    return value.isString() ? value.toString() : JsonWriter::toCompactText(value);
}

QJsonValue substituteValue(const QJsonValue &value, const QJsonObject &values, QStringList *unknown, FillBudget *budget)
{
    if (budget->exceeded)
        return {};
    if (value.isString())
        return substitute(value.toString(), values, unknown, budget);
    if (value.isArray()) {
        QJsonArray array;
        for (const QJsonValue &element : value.toArray())
            array.append(substituteValue(element, values, unknown, budget));
        return array;
    }
    if (value.isObject()) {
        QJsonObject object;
        const QJsonObject source = value.toObject();
        for (auto it = source.begin(); it != source.end(); ++it)
            object.insert(it.key(), substituteValue(it.value(), values, unknown, budget));
        return object;
    }
    return value;
}

// The fields of a prompt entry, in the order the documentation shows them.
void appendPrompt(QByteArray &out, const SavedCall &call)
{
    out += ",\"prompt\":";
    JsonWriter::appendString(out, call.prompt);
    if (!call.exposedTools.isEmpty()) {
        out += ",\"tools\":";
        JsonWriter::appendValue(out, QJsonArray::fromStringList(call.exposedTools));
    }
    if (call.runs > 0)
        out += ",\"runs\":" + QByteArray::number(call.runs);
    out += ",\"expectCalls\":[";
    for (qsizetype i = 0; i < call.expectedCalls.size(); ++i) {
        if (i > 0)
            out += ',';
        out += "{\"tool\":";
        JsonWriter::appendString(out, call.expectedCalls.at(i).tool);
        if (!call.expectedCalls.at(i).expectations.isEmpty()) {
            out += ",\"expect\":[";
            const QList<Expectation> &checks = call.expectedCalls.at(i).expectations;
            for (qsizetype e = 0; e < checks.size(); ++e) {
                if (e > 0)
                    out += ',';
                JsonWriter::appendObject(out, checks.at(e).toJson(), JsonKeyOrder::fromKeys({QStringLiteral("name"), QStringLiteral("pointer")}));
            }
            out += ']';
        }
        out += '}';
    }
    out += ']';
}

// A prompt entry: "prompt", "tools", "runs" and "expectCalls" (a tool call's fields have no place in it).
Result<void> readPrompt(const QJsonObject &object, const QString &where, SavedCall *call)
{
    const auto problem = [&where](const QString &message) { return configFieldError(where, message); };
    const QJsonValue prompt = object.value(QLatin1String("prompt"));
    if (!prompt.isString() || prompt.toString().trimmed().isEmpty())
        return problem(QCoreApplication::translate("Toolgate::Collection", "\"prompt\" must be the text the model is asked"));
    call->prompt = prompt.toString();
    for (const char *key : {"tool", "arguments", "expect"}) {
        if (object.contains(QLatin1String(key))) {
            return problem(QCoreApplication::translate("Toolgate::Collection", "a prompt has no \"%1\": the model chooses the tool and writes the arguments; "
                                                                               "put what you expect of them under \"expectCalls\"")
                               .arg(QLatin1String(key)));
        }
    }
    const QJsonValue tools = object.value(QLatin1String("tools"));
    const auto isText = [](const QJsonValue &v) { return v.isString() && !v.toString().isEmpty(); };
    const QJsonArray toolList = tools.toArray();
    if (!tools.isUndefined() && (!tools.isArray() || !std::all_of(toolList.begin(), toolList.end(), isText)))
        return problem(QCoreApplication::translate("Toolgate::Collection", "\"tools\" must be a list of tool names, such as [\"add\"]"));
    for (const QJsonValue &tool : toolList)
        call->exposedTools.append(tool.toString());
    const QJsonValue runs = object.value(QLatin1String("runs"));
    if (!runs.isUndefined()) {
        const double n = runs.toDouble();
        if (!runs.isDouble() || n < 1 || n > Collection::maxRuns || n != double(int(n))) {
            return problem(QCoreApplication::translate("Toolgate::Collection", "\"runs\" must be a whole number from 1 to %1 (how often the prompt is tried)")
                               .arg(Collection::maxRuns));
        }
        call->runs = int(n);
    }
    const QJsonValue expectCalls = object.value(QLatin1String("expectCalls"));
    if (!expectCalls.isArray()) {
        return problem(QCoreApplication::translate("Toolgate::Collection", "\"expectCalls\" must be the list of tool calls expected of the model "
                                                                           "([] when it should call none)"));
    }
    const QJsonArray expected = expectCalls.toArray();
    for (qsizetype i = 0; i < expected.size(); ++i) {
        auto parsed = ExpectedCall::fromJson(expected.at(i), QCoreApplication::translate("Toolgate::Collection", "%1, expected call %2").arg(where).arg(i + 1));
        if (!parsed)
            return parsed.error();
        call->expectedCalls.append(parsed.value());
    }
    return {};
}

} // namespace

SavedCall SavedCall::fromCall(const ToolCallRecord &call, const QString &name)
{
    SavedCall saved;
    saved.name = name;
    saved.server = call.server.name;
    saved.tool = call.tool.name;
    const ToolCallOutcome &outcome = call.outcome;
    saved.arguments = outcome.sentArguments;
    saved.argumentOrder = outcome.sentArgumentOrder;
    if (outcome.kind == ToolCallOutcome::Kind::Succeeded || outcome.kind == ToolCallOutcome::Kind::ToolError) {
        Expectation isError;
        isError.kind = Expectation::Kind::IsError;
        isError.flag = outcome.result.isError;
        saved.expectations.append(isError);
        if (outcome.outputValid.value_or(false)) {
            Expectation schema;
            schema.kind = Expectation::Kind::MatchesOutputSchema;
            schema.flag = true;
            saved.expectations.append(schema);
        }
    }
    return saved;
}

Result<Collection> Collection::load(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::Collection", "cannot read the collection %1: %2")
                                                     .arg(QDir::toNativeSeparators(path), file.errorString()));
    }
    if (file.size() > maxFileSize) {
        return broken(QDir::toNativeSeparators(path), QCoreApplication::translate("Toolgate::Collection", "it is %1 MB, more than the %2 MB a collection may have")
                                                          .arg(file.size() / (1024 * 1024))
                                                          .arg(maxFileSize / (1024 * 1024)));
    }
    return fromJson(file.readAll(), QDir::toNativeSeparators(path));
}

Result<Collection> Collection::fromJson(const QByteArray &text, const QString &source)
{
    if (text.size() > maxFileSize) {
        return broken(source, QCoreApplication::translate("Toolgate::Collection", "it is %1 MB, more than the %2 MB a collection may have")
                                  .arg(text.size() / (1024 * 1024))
                                  .arg(maxFileSize / (1024 * 1024)));
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(text, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        const qsizetype line = text.left(parseError.offset).count('\n') + 1;
        return broken(source, QCoreApplication::translate("Toolgate::Collection", "it is not valid JSON (line %1: %2)")
                                  .arg(line).arg(parseError.errorString()));
    }
    if (!document.isObject())
        return broken(source, QCoreApplication::translate("Toolgate::Collection", "it must hold a JSON object with \"version\" and \"calls\""));
    const QJsonObject root = document.object();
    const JsonKeyOrder order = JsonKeyOrder::fromJson(text);

    const QJsonValue format = root.value(QLatin1String("format"));
    if (!format.isUndefined() && format.toString() != formatName) {
        return broken(source, QCoreApplication::translate("Toolgate::Collection", "\"format\" must be \"%1\"; it is %2")
                                  .arg(formatName, JsonWriter::toCompactText(format)));
    }
    const QJsonValue version = root.value(QLatin1String("version"));
    if (!version.isDouble() || version.toDouble() < 1 || version.toDouble() != double(int(version.toDouble())))
        return broken(source, QCoreApplication::translate("Toolgate::Collection", "\"version\" is missing or not a whole number (this Toolgate writes %1)").arg(formatVersion));
    if (version.toInt() > formatVersion) {
        return broken(source, QCoreApplication::translate("Toolgate::Collection", "it was written by a newer Toolgate (format version %1; this one reads version %2)")
                                  .arg(version.toInt()).arg(formatVersion));
    }

    Collection collection;
    const QJsonValue name = root.value(QLatin1String("name"));
    if (!name.isUndefined() && !name.isString())
        return broken(source, QCoreApplication::translate("Toolgate::Collection", "\"name\" must be text"));
    collection.name = name.toString();
    collection.description = root.value(QLatin1String("description")).toString();
    const QJsonValue variables = root.value(QLatin1String("variables"));
    if (!variables.isUndefined() && !variables.isObject())
        return broken(source, QCoreApplication::translate("Toolgate::Collection", "\"variables\" must be an object of names and values, such as {\"city\": \"Paris\"}"));
    collection.variables = variables.toObject();
    collection.variableOrder = order.member(QLatin1StringView("variables"));

    const QJsonValue calls = root.value(QLatin1String("calls"));
    if (!calls.isArray())
        return broken(source, QCoreApplication::translate("Toolgate::Collection", "\"calls\" must be a list of calls"));
    const QJsonArray list = calls.toArray();
    if (list.size() > maxCalls) {
        return broken(source, QCoreApplication::translate("Toolgate::Collection", "it has %1 calls, more than the %2 a collection may have; split it")
                                  .arg(list.size())
                                  .arg(maxCalls));
    }
    const JsonKeyOrder callOrders = order.member(QLatin1StringView("calls"));
    QSet<QString> names;
    for (qsizetype i = 0; i < list.size(); ++i) {
        if (!list.at(i).isObject())
            return broken(source, QCoreApplication::translate("Toolgate::Collection", "%1 must be a JSON object").arg(callLabel(int(i), {})));
        const QJsonObject object = list.at(i).toObject();
        SavedCall call;
        const QJsonValue callName = object.value(QLatin1String("name"));
        if (!callName.isString() || callName.toString().trimmed().isEmpty())
            return broken(source, QCoreApplication::translate("Toolgate::Collection", "%1 has no \"name\"; every call needs one (reports name it)").arg(callLabel(int(i), {})));
        call.name = callName.toString();
        const QString where = callLabel(int(i), call.name);
        if (names.contains(call.name))
            return broken(source, QCoreApplication::translate("Toolgate::Collection", "%1: another call has the same name; names must differ").arg(where));
        names.insert(call.name);
        const QJsonValue server = object.value(QLatin1String("server"));
        if (!server.isUndefined() && !server.isString())
            return broken(source, QCoreApplication::translate("Toolgate::Collection", "%1: \"server\" must be a server's name, as text").arg(where));
        call.server = server.toString();
        if (object.contains(QLatin1String("prompt"))) {
            if (const Result<void> read = readPrompt(object, where, &call); !read)
                return broken(source, read.error().message);
            collection.calls.append(call);
            continue;
        }
        const QJsonValue tool = object.value(QLatin1String("tool"));
        if (!tool.isString() || tool.toString().isEmpty())
            return broken(source, QCoreApplication::translate("Toolgate::Collection", "%1: \"tool\" is missing; it names the tool to call").arg(where));
        call.tool = tool.toString();
        const QJsonValue arguments = object.value(QLatin1String("arguments"));
        if (!arguments.isUndefined() && !arguments.isObject())
            return broken(source, QCoreApplication::translate("Toolgate::Collection", "%1: \"arguments\" must be a JSON object").arg(where));
        call.arguments = arguments.toObject();
        call.argumentOrder = callOrders.element(i).member(QLatin1StringView("arguments"));
        const QJsonValue expect = object.value(QLatin1String("expect"));
        if (!expect.isUndefined() && !expect.isArray())
            return broken(source, QCoreApplication::translate("Toolgate::Collection", "%1: \"expect\" must be a list of expectations").arg(where));
        const QJsonArray expectations = expect.toArray();
        for (qsizetype e = 0; e < expectations.size(); ++e) {
            const QString at = QCoreApplication::translate("Toolgate::Collection", "%1, expectation %2").arg(where).arg(e + 1);
            auto parsed = Expectation::fromJson(expectations.at(e), at);
            if (!parsed)
                return broken(source, parsed.error().message);
            call.expectations.append(parsed.value());
        }
        collection.calls.append(call);
    }
    return collection;
}

QByteArray Collection::toJson() const
{
    // Written compactly with the keys in order, then indented with that same order.
    QByteArray out = "{\"format\":";
    JsonWriter::appendString(out, QString(formatName));
    out += ",\"version\":" + QByteArray::number(formatVersion);
    out += ",\"name\":";
    JsonWriter::appendString(out, name);
    if (!description.isEmpty()) {
        out += ",\"description\":";
        JsonWriter::appendString(out, description);
    }
    if (!variables.isEmpty()) {
        out += ",\"variables\":";
        JsonWriter::appendObject(out, variables, variableOrder);
    }
    out += ",\"calls\":[";
    for (qsizetype i = 0; i < calls.size(); ++i) {
        const SavedCall &call = calls.at(i);
        if (i > 0)
            out += ',';
        out += "{\"name\":";
        JsonWriter::appendString(out, call.name);
        if (!call.server.isEmpty()) {
            out += ",\"server\":";
            JsonWriter::appendString(out, call.server);
        }
        if (call.isPrompt()) {
            appendPrompt(out, call);
            out += '}';
            continue;
        }
        out += ",\"tool\":";
        JsonWriter::appendString(out, call.tool);
        out += ",\"arguments\":";
        JsonWriter::appendObject(out, call.arguments, call.argumentOrder);
        if (!call.expectations.isEmpty()) {
            out += ",\"expect\":[";
            for (qsizetype e = 0; e < call.expectations.size(); ++e) {
                if (e > 0)
                    out += ',';
                // name first, then what it checks (pointer before equals/matches).
                const QJsonObject json = call.expectations.at(e).toJson();
                JsonWriter::appendObject(out, json, JsonKeyOrder::fromKeys({QStringLiteral("name"), QStringLiteral("pointer")}));
            }
            out += ']';
        }
        out += '}';
    }
    out += "]}";
    return JsonWriter::toIndentedJson(QJsonDocument::fromJson(out).object(), JsonKeyOrder::fromJson(out)) + '\n';
}

Result<void> Collection::save(const QString &path) const
{
    return AtomicFile::write(path, toJson());
}

QString Collection::defaultFolder()
{
    return ConfigLocation::dataPath(QStringLiteral("collections"));
}

Result<QList<ResolvedCall>> Collection::resolve(const QJsonObject &overrides, const QString &serverOverride) const
{
    QJsonObject values = variables;
    for (auto it = overrides.begin(); it != overrides.end(); ++it)
        values.insert(it.key(), it.value());
    QList<ResolvedCall> resolved;
    QStringList problems;
    FillBudget budget;
    for (qsizetype i = 0; i < calls.size() && !budget.exceeded; ++i) {
        const SavedCall &call = calls.at(i);
        const QString where = callLabel(int(i), call.name);
        ResolvedCall r;
        r.name = call.name;
        r.tool = call.tool;
        r.argumentOrder = call.argumentOrder;
        r.server = serverOverride.isEmpty() ? call.server : serverOverride;
        if (r.server.isEmpty())
            problems.append(QCoreApplication::translate("Toolgate::Collection", "%1 names no server; give one with --server NAME").arg(where));
        QStringList unknown;
        r.arguments = substituteValue(call.arguments, values, &unknown, &budget).toObject();
        const auto fillIn = [&](Expectation e) {
            if (e.kind == Expectation::Kind::TextContains || e.kind == Expectation::Kind::PointerMatches)
                e.text = substituteText(e.text, values, &unknown, &budget);
            if (e.kind == Expectation::Kind::PointerEquals)
                e.value = substituteValue(e.value, values, &unknown, &budget);
            return e;
        };
        for (const Expectation &e : call.expectations)
            r.expectations.append(fillIn(e));
        if (call.isPrompt()) {
            r.prompt = substituteText(call.prompt, values, &unknown, &budget);
            r.exposedTools = call.exposedTools;
            r.runs = qMax(1, call.runs);
            for (ExpectedCall expected : call.expectedCalls) {
                for (Expectation &e : expected.expectations)
                    e = fillIn(e);
                r.expectedCalls.append(expected);
            }
        }
        for (const QString &name : std::as_const(unknown)) {
            problems.append(QCoreApplication::translate("Toolgate::Collection", "%1 uses the variable ${%2}, which has no value: give it with --var %2=VALUE or under \"variables\" in the collection")
                                .arg(where, name));
        }
        if (budget.exceeded) {
            return makeError(ErrorCode::ConfigError,
                             QCoreApplication::translate("Toolgate::Collection", "filling in the ${variables} of %1 would make the run's arguments larger than "
                                                         "%2 MB (a variable used many times, or a very large value); nothing was run")
                                 .arg(where)
                                 .arg(maxFilledIn / (1024 * 1024)));
        }
        resolved.append(r);
    }
    if (!problems.isEmpty())
        return makeError(ErrorCode::ConfigError, problems.join(u'\n'));
    return resolved;
}

Result<std::pair<QString, QJsonValue>> Collection::parseVariable(const QString &assignment)
{
    const qsizetype equals = assignment.indexOf(u'=');
    if (equals <= 0) {
        return makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::Collection", "a variable is given as name=value; \"%1\" is not")
                                                     .arg(assignment));
    }
    const QString name = assignment.left(equals);
    const QString text = assignment.mid(equals + 1);
    // A JSON value, wrapped in an array so that scalars parse too.
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(QByteArray("[") + text.toUtf8() + QByteArray("]"), &error);
    if (error.error == QJsonParseError::NoError && document.array().size() == 1)
        return std::pair<QString, QJsonValue>(name, document.array().at(0));
    return std::pair<QString, QJsonValue>(name, QJsonValue(text));
}

bool Collection::hasPrompts() const
{
    return std::any_of(calls.cbegin(), calls.cend(), [](const SavedCall &call) { return call.isPrompt(); });
}

QStringList Collection::servers() const
{
    QStringList names;
    for (const SavedCall &call : calls) {
        if (!call.server.isEmpty() && !names.contains(call.server))
            names.append(call.server);
    }
    return names;
}

} // namespace Toolgate
