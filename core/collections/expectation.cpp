#include "core/collections/expectation.h"

#include "core/common/error.h"
#include "core/common/jsonpointer.h"
#include "core/jsonrpc/jsonwriter.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QRegularExpression>

namespace Toolgate {

namespace {

bool ran(const ToolCallOutcome &outcome)
{
    return outcome.kind == ToolCallOutcome::Kind::Succeeded || outcome.kind == ToolCallOutcome::Kind::ToolError;
}

QString notRun(const ToolCallOutcome &outcome)
{
    const QString why = outcome.error.message.isEmpty() ? ToolCallOutcome::kindName(outcome.kind) : outcome.error.message;
    return QCoreApplication::translate("Toolgate::Expectation", "the tool gave no result (%1): %2").arg(ToolCallOutcome::kindName(outcome.kind), Expectation::shortened(why));
}

} // namespace

QString Expectation::displayName() const
{
    if (!name.isEmpty())
        return name;
    switch (kind) {
    case Kind::IsError:
        return flag ? QCoreApplication::translate("Toolgate::Expectation", "the tool reports an error") : QCoreApplication::translate("Toolgate::Expectation", "the tool reports no error");
    case Kind::TextContains:
        return QCoreApplication::translate("Toolgate::Expectation", "text contains \"%1\"").arg(shortened(text, 60));
    case Kind::PointerEquals:
        return QCoreApplication::translate("Toolgate::Expectation", "%1 equals %2").arg(pointer.isEmpty() ? QStringLiteral("structuredContent") : pointer, shortened(JsonWriter::toCompactText(value), 60));
    case Kind::PointerMatches:
        return QCoreApplication::translate("Toolgate::Expectation", "%1 matches /%2/").arg(pointer.isEmpty() ? QStringLiteral("structuredContent") : pointer, shortened(text, 60));
    case Kind::MatchesOutputSchema:
        return flag ? QCoreApplication::translate("Toolgate::Expectation", "structured content matches the output schema") : QCoreApplication::translate("Toolgate::Expectation", "structured content does not match the output schema");
    case Kind::WithinMs:
        return QCoreApplication::translate("Toolgate::Expectation", "finishes within %1 ms").arg(ms);
    }
    return {};
}

ExpectationResult Expectation::evaluate(const ToolCallOutcome &outcome) const
{
    ExpectationResult result;
    result.name = displayName();
    if (!ran(outcome)) {
        result.message = notRun(outcome);
        return result;
    }
    const CallToolResult &answer = outcome.result;
    switch (kind) {
    case Kind::IsError:
        result.passed = answer.isError == flag;
        if (!result.passed) {
            result.message = flag ? QCoreApplication::translate("Toolgate::Expectation", "expected the tool to report an error; it succeeded. Its text was: %1").arg(shortened(answer.textSummary()))
                                  : QCoreApplication::translate("Toolgate::Expectation", "expected no error; the tool reported one: %1").arg(shortened(answer.textSummary()));
        }
        return result;
    case Kind::TextContains: {
        const QString all = answer.textSummary();
        result.passed = all.contains(text);
        if (!result.passed)
            result.message = QCoreApplication::translate("Toolgate::Expectation", "expected the text to contain \"%1\"; the result's text was: %2").arg(shortened(text, 100), shortened(all));
        return result;
    }
    case Kind::PointerEquals:
    case Kind::PointerMatches: {
        if (!answer.structuredContent) {
            result.message = QCoreApplication::translate("Toolgate::Expectation", "expected structured content at %1; the result has no structured content")
                                 .arg(pointer.isEmpty() ? QStringLiteral("structuredContent") : pointer);
            return result;
        }
        checkPointer(*answer.structuredContent, Subject::StructuredContent, &result);
        return result;
    }
    case Kind::MatchesOutputSchema:
        // The pipeline checked the structured content against the tool's outputSchema already.
        if (!outcome.outputValid) {
            result.passed = !flag;
            if (!result.passed)
                result.message = QCoreApplication::translate("Toolgate::Expectation", "expected structured content that matches the output schema; there was nothing to check (no output schema or no structured content)");
            return result;
        }
        result.passed = *outcome.outputValid == flag;
        if (!result.passed) {
            result.message = flag ? QCoreApplication::translate("Toolgate::Expectation", "expected structured content that matches the output schema; it does not: %1")
                                        .arg(shortened(outcome.outputProblems.join(QStringLiteral("; "))))
                                  : QCoreApplication::translate("Toolgate::Expectation", "expected structured content that does not match the output schema; it matches");
        }
        return result;
    case Kind::WithinMs:
        result.passed = outcome.durationMs <= ms;
        if (!result.passed)
            result.message = QCoreApplication::translate("Toolgate::Expectation", "expected the call to finish within %1 ms; it took %2 ms").arg(ms).arg(outcome.durationMs);
        return result;
    }
    return result;
}

void Expectation::checkPointer(const QJsonValue &root, Subject subject, ExpectationResult *result) const
{
    const bool inArguments = subject == Subject::Arguments;
    const QString where = !pointer.isEmpty() ? pointer
        : inArguments                        ? QCoreApplication::translate("Toolgate::Expectation", "the arguments")
                                             : QStringLiteral("structuredContent");
    const auto found = JsonPointer::valueAt(root, pointer);
    if (!found) {
        result->message = inArguments ? QCoreApplication::translate("Toolgate::Expectation", "expected an argument at %1; there is none. The arguments were: %2")
                                            .arg(where, shortened(JsonWriter::toCompactText(root)))
                                      : QCoreApplication::translate("Toolgate::Expectation", "expected a value at %1; there is none. The structured content was: %2")
                                            .arg(where, shortened(JsonWriter::toCompactText(root)));
        return;
    }
    if (kind == Kind::PointerEquals) {
        // 3 and 3.0 are the same JSON number; QJsonValue compares them so.
        result->passed = *found == value;
        if (!result->passed)
            result->message = QCoreApplication::translate("Toolgate::Expectation", "expected %1 to equal %2; it was %3").arg(where, shortened(JsonWriter::toCompactText(value), 100), shortened(JsonWriter::toCompactText(*found)));
        return;
    }
    if (!found->isString()) {
        result->message = QCoreApplication::translate("Toolgate::Expectation", "expected %1 to be text matching /%2/; it was %3").arg(where, text, shortened(JsonWriter::toCompactText(*found)));
        return;
    }
    const QRegularExpression pattern(text);
    result->passed = pattern.match(found->toString()).hasMatch();
    if (!result->passed)
        result->message = QCoreApplication::translate("Toolgate::Expectation", "expected %1 to match /%2/; it was %3").arg(where, text, shortened(JsonWriter::toCompactText(*found)));
}

bool Expectation::checksArguments() const
{
    return kind == Kind::PointerEquals || kind == Kind::PointerMatches;
}

ExpectationResult Expectation::evaluateArguments(const QJsonObject &arguments) const
{
    Q_ASSERT(checksArguments());
    ExpectationResult result;
    result.name = displayName();
    checkPointer(arguments, Subject::Arguments, &result);
    return result;
}

Result<Expectation> Expectation::fromJson(const QJsonValue &json, const QString &where)
{
    if (!json.isObject())
        return configFieldError(where, QCoreApplication::translate("Toolgate::Expectation", "each expectation must be a JSON object, such as {\"isError\": false}"));
    const QJsonObject object = json.toObject();
    Expectation e;
    if (object.contains(QLatin1String("name"))) {
        if (!object.value(QLatin1String("name")).isString())
            return configFieldError(where, QCoreApplication::translate("Toolgate::Expectation", "\"name\" must be text"));
        e.name = object.value(QLatin1String("name")).toString();
    }
    int kinds = 0;
    const auto boolField = [&](QLatin1StringView key) -> std::optional<QString> {
        if (!object.value(key).isBool())
            return QCoreApplication::translate("Toolgate::Expectation", "\"%1\" must be true or false").arg(key);
        return std::nullopt;
    };
    if (object.contains(QLatin1String("isError"))) {
        ++kinds;
        if (const auto bad = boolField(QLatin1StringView("isError")))
            return configFieldError(where, *bad);
        e.kind = Kind::IsError;
        e.flag = object.value(QLatin1String("isError")).toBool();
    }
    if (object.contains(QLatin1String("textContains"))) {
        ++kinds;
        if (!object.value(QLatin1String("textContains")).isString())
            return configFieldError(where, QCoreApplication::translate("Toolgate::Expectation", "\"textContains\" must be text"));
        e.kind = Kind::TextContains;
        e.text = object.value(QLatin1String("textContains")).toString();
    }
    if (object.contains(QLatin1String("equals")) || object.contains(QLatin1String("matches"))) {
        ++kinds;
        if (object.contains(QLatin1String("equals")) && object.contains(QLatin1String("matches")))
            return configFieldError(where, QCoreApplication::translate("Toolgate::Expectation", "an expectation has either \"equals\" or \"matches\", not both"));
        const QJsonValue pointer = object.value(QLatin1String("pointer"));
        if (!pointer.isUndefined() && !pointer.isString())
            return configFieldError(where, QCoreApplication::translate("Toolgate::Expectation", "\"pointer\" must be a JSON pointer such as \"/temperature\""));
        e.pointer = pointer.toString();
        if (!e.pointer.isEmpty() && !e.pointer.startsWith(u'/'))
            return configFieldError(where, QCoreApplication::translate("Toolgate::Expectation", "\"pointer\" must start with \"/\" (for example \"/temperature\"); \"%1\" does not").arg(e.pointer));
        if (object.contains(QLatin1String("equals"))) {
            e.kind = Kind::PointerEquals;
            e.value = object.value(QLatin1String("equals"));
        } else {
            e.kind = Kind::PointerMatches;
            if (!object.value(QLatin1String("matches")).isString())
                return configFieldError(where, QCoreApplication::translate("Toolgate::Expectation", "\"matches\" must be a regular expression, as text"));
            e.text = object.value(QLatin1String("matches")).toString();
            const QRegularExpression pattern(e.text);
            if (!pattern.isValid())
                return configFieldError(where, QCoreApplication::translate("Toolgate::Expectation", "\"matches\" is not a valid regular expression (%1): %2").arg(pattern.errorString(), e.text));
        }
    } else if (object.contains(QLatin1String("pointer"))) {
        return configFieldError(where, QCoreApplication::translate("Toolgate::Expectation", "\"pointer\" needs \"equals\" or \"matches\" beside it"));
    }
    if (object.contains(QLatin1String("matchesOutputSchema"))) {
        ++kinds;
        if (const auto bad = boolField(QLatin1StringView("matchesOutputSchema")))
            return configFieldError(where, *bad);
        e.kind = Kind::MatchesOutputSchema;
        e.flag = object.value(QLatin1String("matchesOutputSchema")).toBool();
    }
    if (object.contains(QLatin1String("withinMs"))) {
        ++kinds;
        const QJsonValue ms = object.value(QLatin1String("withinMs"));
        if (!ms.isDouble() || ms.toDouble() < 0 || ms.toDouble() != double(qint64(ms.toDouble())))
            return configFieldError(where, QCoreApplication::translate("Toolgate::Expectation", "\"withinMs\" must be a whole number of milliseconds, 0 or more"));
        e.kind = Kind::WithinMs;
        e.ms = qint64(ms.toDouble());
    }
    if (kinds == 0) {
        return configFieldError(where, QCoreApplication::translate("Toolgate::Expectation", "the expectation checks nothing: give one of \"isError\", \"textContains\", \"equals\" or \"matches\" "
                                    "(with \"pointer\"), \"matchesOutputSchema\", \"withinMs\""));
    }
    if (kinds > 1)
        return configFieldError(where, QCoreApplication::translate("Toolgate::Expectation", "an expectation checks one thing; split this one into several"));
    return e;
}

QJsonObject Expectation::toJson() const
{
    QJsonObject object;
    if (!name.isEmpty())
        object.insert(QStringLiteral("name"), name);
    switch (kind) {
    case Kind::IsError: object.insert(QStringLiteral("isError"), flag); break;
    case Kind::TextContains: object.insert(QStringLiteral("textContains"), text); break;
    case Kind::PointerEquals:
        object.insert(QStringLiteral("pointer"), pointer);
        object.insert(QStringLiteral("equals"), value);
        break;
    case Kind::PointerMatches:
        object.insert(QStringLiteral("pointer"), pointer);
        object.insert(QStringLiteral("matches"), text);
        break;
    case Kind::MatchesOutputSchema: object.insert(QStringLiteral("matchesOutputSchema"), flag); break;
    case Kind::WithinMs: object.insert(QStringLiteral("withinMs"), double(ms)); break;
    }
    return object;
}

QString Expectation::shortened(const QString &text, qsizetype maxChars)
{
    if (text.size() <= maxChars)
        return text;
    return text.left(maxChars) + QCoreApplication::translate("Toolgate::Expectation", "… (%1 more characters)").arg(text.size() - maxChars);
}

} // namespace Toolgate
