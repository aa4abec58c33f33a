// A tool's JSON Schema and what is checked against it (core/schema): compiling (SchemaValidator),
// validating, describing for forms (SchemaNode) and reading "key=value" arguments (coerceArguments).
// Schemas come from servers (inputSchema, outputSchema, elicitation's requestedSchema), and so do
// the values checked against an output schema.
//
// Input: a schema, then optionally a line "--" and a value to validate, then optionally another "--"
// line and CLI arguments, one "key=value" per line:
//     {"type":"object","properties":{"a":{"type":"integer"}}}
//     --
//     {"a":1}
//     --
//     a=2
// Checks, besides the sanitizers: issues point into the value (their path resolves to a place in it
// or a missing property of an object in it); validating twice gives the same issues; a value the
// schema's own coercion produced and that validates, validates again after a JSON round trip.

#include "fuzzsupport.h"

#include "core/schema/argumentcoercion.h"
#include "core/schema/schemanode.h"
#include "core/schema/schemavalidator.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Toolgate;

namespace {

// The value at a JSON pointer, or Undefined when the path leads nowhere.
QJsonValue resolve(const QJsonValue &root, const QString &pointer, bool *parentIsObject)
{
    *parentIsObject = false;
    if (pointer.isEmpty())
        return root;
    QJsonValue current = root;
    const QStringList tokens = pointer.mid(1).split(u'/');
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        QString token = tokens.at(i);
        token.replace(QLatin1String("~1"), QLatin1String("/")).replace(QLatin1String("~0"), QLatin1String("~"));
        *parentIsObject = current.isObject();
        if (current.isObject()) {
            current = current.toObject().value(token);
        } else if (current.isArray()) {
            bool ok = false;
            const qsizetype index = token.toLongLong(&ok);
            const QJsonArray array = current.toArray();
            current = ok && index >= 0 && index < array.size() ? array.at(index) : QJsonValue(QJsonValue::Undefined);
        } else {
            return QJsonValue(QJsonValue::Undefined);
        }
        if (current.isUndefined() && i + 1 < tokens.size())
            return current;
    }
    return current;
}

void checkIssues(const QList<SchemaIssue> &issues, const QJsonValue &instance)
{
    for (const SchemaIssue &issue : issues) {
        TOOLGATE_FUZZ_CHECK(!issue.message.isEmpty(), issue.path.toUtf8());
        TOOLGATE_FUZZ_CHECK(issue.path.isEmpty() || issue.path.startsWith(u'/'), issue.path.toUtf8());
        bool parentIsObject = false;
        const QJsonValue at = resolve(instance, issue.path, &parentIsObject);
        // A missing property is reported where it should be: the object it belongs in exists.
        TOOLGATE_FUZZ_CHECK(!at.isUndefined() || parentIsObject,
                            "an issue points outside the value: " + issue.path.toUtf8() + ": " + issue.message.toUtf8());
        Q_UNUSED(SchemaValidator::readablePath(issue.path));
    }
    Q_UNUSED(SchemaValidator::describe(issues));
}

// Walks a SchemaNode the way the form builder does.
void walk(const SchemaNode &node, int depth)
{
    if (depth > 64)
        return;
    Q_UNUSED(SchemaNode::kindName(node.kind));
    TOOLGATE_FUZZ_CHECK(node.enumTitles.isEmpty() || node.enumTitles.size() == node.enumValues.size(), "enum titles");
    for (const SchemaProperty &property : node.properties) {
        TOOLGATE_FUZZ_CHECK(property.node != nullptr, property.name.toUtf8());
        TOOLGATE_FUZZ_CHECK(node.property(property.name) != nullptr, property.name.toUtf8());
        walk(*property.node, depth + 1);
    }
    if (node.additionalPropertiesNode)
        walk(*node.additionalPropertiesNode, depth + 1);
    if (node.items)
        walk(*node.items, depth + 1);
    for (const auto &item : node.tupleItems)
        walk(*item, depth + 1);
    for (const SchemaChoice &choice : node.choices) {
        TOOLGATE_FUZZ_CHECK(choice.node != nullptr, choice.label.toUtf8());
        walk(*choice.node, depth + 1);
    }
}

} // namespace

TOOLGATE_FUZZ_INITIALIZE(Fuzz::quietLogging)

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray text = Fuzz::input(data, size);
    const auto [schemaText, rest] = Fuzz::splitAt(text, "--");
    const auto [instanceText, argumentText] = Fuzz::splitAt(rest, "--");

    const QJsonDocument schemaDocument = QJsonDocument::fromJson(schemaText);
    if (!schemaDocument.isObject())
        return 0;
    const QJsonObject schema = schemaDocument.object();

    walk(SchemaNode::fromSchema(schema), 0);

    const auto validator = SchemaValidator::compile(schema);
    if (!validator) {
        TOOLGATE_FUZZ_CHECK(!validator.error().message.isEmpty(), schemaText.left(200));
    } else {
        TOOLGATE_FUZZ_CHECK(!validator.value().isNull(), schemaText.left(200));
        // The value: any JSON text (scalars too), wrapped so QJsonDocument accepts it.
        const QJsonDocument wrapped = QJsonDocument::fromJson('[' + instanceText + ']');
        if (wrapped.isArray() && wrapped.array().size() == 1) {
            const QJsonValue instance = wrapped.array().at(0);
            const QList<SchemaIssue> issues = validator.value().validate(instance);
            checkIssues(issues, instance);
            TOOLGATE_FUZZ_CHECK(validator.value().validate(instance) == issues, "validation is not repeatable");
        }
    }

    QStringList pairs;
    for (const QByteArray &line : argumentText.split('\n')) {
        if (!line.isEmpty())
            pairs.append(QString::fromUtf8(line));
    }
    const auto arguments = coerceArguments(schema, pairs);
    if (!arguments) {
        TOOLGATE_FUZZ_CHECK(!arguments.error().message.isEmpty(), argumentText.left(200));
    } else if (validator) {
        const QList<SchemaIssue> issues = validator.value().validate(arguments.value());
        checkIssues(issues, arguments.value());
        const QJsonObject again = QJsonDocument::fromJson(QJsonDocument(arguments.value()).toJson()).object();
        if (issues.isEmpty())
            TOOLGATE_FUZZ_CHECK(validator.value().validate(again).isEmpty(), "valid arguments fail after a round trip");
    }
    return 0;
}
