#include "schemavalidator.h"

#include "schemadocument_p.h"

#include "common/logging.h"
#include "common/error.h"

#include <QDate>
#include <QHash>
#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>

// Without this valijson reports every problem by printing it and calling abort(). CMake defines it for
// the whole library too, so that all translation units agree on valijson's inline functions.
#ifndef VALIJSON_USE_EXCEPTIONS
#define VALIJSON_USE_EXCEPTIONS 1
#endif
#include <valijson/adapters/qtjson_adapter.hpp>
#include <valijson/constraint_builder.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <regex>

namespace Toolgate {

using namespace SchemaDetail;

namespace {

// How valijson's messages are recognised: they are fixed English strings in valijson 1.0.
constexpr const char *kAnyOfFailed = "Failed to validate against any schemas allowed by anyOf constraint.";
constexpr const char *kOneOfNoneMatched = "Failed to validate against any child schemas allowed by oneOf constraint.";
constexpr const char *kOneOfSeveralMatched = "Failed to validate against exactly one child schema.";
constexpr const char *kChildSchemaFailed = "Failed to validate against child schema #";

// Our own constraints report through valijson's string-only results, so their descriptions carry a
// prefix byte that no valijson message starts with, followed by a payload.
constexpr char kIssuePrefix = '\x1f';  // payload: JSON {"m": message, "k": kind, "a": [alternatives]}
constexpr char kMarkerPrefix = '\x1e'; // payload: "<group> <branch> <errors before the marker>"

const QString kChecksKeyword = QStringLiteral("x-toolgate-checks");
const QString kBranchKeyword = QStringLiteral("x-toolgate-branch");
const QString kTupleRestKeyword = QStringLiteral("x-toolgate-items");

// What an issue says, so the alternatives of a failed anyOf/oneOf can be merged into one sentence.
enum class IssueKind { Other = 0, Type = 1, Const = 2, Enum = 3 };

struct Failure
{
    std::optional<QString> childKey; // set when the issue belongs to a property or item of the value
    IssueKind kind = IssueKind::Other;
    QString message;
    QStringList alternatives; // type phrases (Type) or displayed values (Const, Enum)
};

using FailureSink = std::function<bool(const Failure &)>; // returns false to stop checking

QString countPhrase(qint64 count, const QString &singular, const QString &plural)
{
    return QString::number(count) % u' ' % (count == 1 ? singular : plural);
}

qsizetype codePointCount(const QString &text)
{
    qsizetype count = 0;
    for (const QChar c : text)
        if (!c.isLowSurrogate())
            ++count;
    return count;
}

std::optional<qint64> countValue(const QJsonValue &value)
{
    if (!value.isDouble())
        return std::nullopt;
    const double number = value.toDouble();
    if (number < 0 || number != std::trunc(number) || number > 1e15)
        return std::nullopt;
    return qint64(number);
}

std::optional<double> numberValue(const QJsonValue &value)
{
    if (!value.isDouble())
        return std::nullopt;
    return value.toDouble();
}

// --- formats ---------------------------------------------------------------------------------

bool isValidTime(const QString &text, bool offsetRequired)
{
    static const QRegularExpression re(QStringLiteral(
        "^([0-9]{2}):([0-9]{2}):([0-9]{2})(\\.[0-9]+)?([Zz]|[+-]([0-9]{2}):([0-9]{2}))?$"));
    const QRegularExpressionMatch match = re.match(text);
    if (!match.hasMatch())
        return false;
    if (offsetRequired && match.captured(5).isEmpty())
        return false;
    if (match.captured(1).toInt() > 23 || match.captured(2).toInt() > 59 || match.captured(3).toInt() > 60)
        return false;
    if (!match.captured(6).isEmpty() && (match.captured(6).toInt() > 23 || match.captured(7).toInt() > 59))
        return false;
    return true;
}

bool isValidDate(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("^[0-9]{4}-[0-9]{2}-[0-9]{2}$"));
    return re.match(text).hasMatch() && QDate::fromString(text, Qt::ISODate).isValid();
}

bool isValidIpv4(const QString &text)
{
    const QStringList parts = text.split(u'.');
    if (parts.size() != 4)
        return false;
    for (const QString &part : parts) {
        if (part.isEmpty() || part.size() > 3 || (part.size() > 1 && part.startsWith(u'0')))
            return false;
        for (const QChar c : part)
            if (c < u'0' || c > u'9')
                return false;
        if (part.toInt() > 255)
            return false;
    }
    return true;
}

bool isValidHostname(const QString &text)
{
    static const QRegularExpression label(QStringLiteral("^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$"));
    if (text.isEmpty() || text.size() > 253)
        return false;
    const QStringList labels = text.split(u'.');
    return std::all_of(labels.begin(), labels.end(),
                       [](const QString &part) { return label.match(part).hasMatch(); });
}

// Checks the formats people commonly rely on; unknown formats (int32, password, ...) are annotations.
// Time zones are optional in time and date-time: a stricter check would reject input that most
// servers accept, and the server has the final word anyway.
std::optional<QString> formatProblem(const QString &format, const QString &text)
{
    if (format == u"date") {
        if (!isValidDate(text))
            return QStringLiteral("must be a date like 2024-01-31");
    } else if (format == u"time") {
        if (!isValidTime(text, false))
            return QStringLiteral("must be a time like 13:45:00");
    } else if (format == u"date-time") {
        const bool ok = text.size() > 11 && (text.at(10) == u'T' || text.at(10) == u't' || text.at(10) == u' ')
            && isValidDate(text.left(10)) && isValidTime(text.mid(11), false);
        if (!ok)
            return QStringLiteral("must be a date and time like 2024-01-31T13:45:00Z");
    } else if (format == u"email" || format == u"idn-email") {
        static const QRegularExpression re(QStringLiteral("^[^\\s@]+@[^\\s@.][^\\s@]*$"));
        if (!re.match(text).hasMatch() || text.endsWith(u'.'))
            return QStringLiteral("must be an email address");
    } else if (format == u"uri" || format == u"iri") {
        static const QRegularExpression re(QStringLiteral("^[A-Za-z][A-Za-z0-9+.-]*:[^\\s]*$"));
        if (!re.match(text).hasMatch())
            return QStringLiteral("must be a URI such as https://example.com");
    } else if (format == u"uuid") {
        static const QRegularExpression re(QStringLiteral(
            "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"));
        if (!re.match(text).hasMatch())
            return QStringLiteral("must be a UUID");
    } else if (format == u"ipv4") {
        if (!isValidIpv4(text))
            return QStringLiteral("must be an IPv4 address");
    } else if (format == u"ipv6") {
        QHostAddress address;
        if (!text.contains(u':') || !address.setAddress(text)
            || address.protocol() != QAbstractSocket::IPv6Protocol)
            return QStringLiteral("must be an IPv6 address");
    } else if (format == u"hostname" || format == u"idn-hostname") {
        if (!isValidHostname(text))
            return QStringLiteral("must be a host name");
    } else if (format == u"regex") {
        if (!QRegularExpression(text).isValid())
            return QStringLiteral("must be a valid regular expression");
    }
    return std::nullopt;
}

// --- keyword checks done by Toolgate ---------------------------------------------------------

// The "leaf" keywords of one schema object. valijson does the structural work (references,
// combinators, properties, items); these are checked here instead because valijson's own versions
// have messages without the expected values, treat numbers beyond 2^31 as non-integers with
// QJsonValue, and abort on "format" for non-strings.
struct LeafChecks
{
    QStringList types;
    std::optional<QJsonValue> constValue;
    std::optional<QJsonArray> enumValues;
    std::optional<double> minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf;
    std::optional<qint64> minLength, maxLength, minItems, maxItems, minProperties, maxProperties;
    std::optional<qint64> closedTupleLength; // tuple schema that allows no further items
    QString patternText;
    QRegularExpression pattern;
    QString format;
    bool uniqueItems = false;
    QStringList required;
    QList<std::pair<QString, QStringList>> dependentRequired;
    bool closed = false; // additionalProperties: false
    QSet<QString> declaredProperties;
    QList<QRegularExpression> propertyPatterns;
    std::shared_ptr<const LeafChecks> propertyNames;
    bool empty = true;

    // Only enum, const and uniqueItems compare whole values; everything else needs the top level only.
    bool needsDeepValue() const { return constValue || enumValues || uniqueItems; }

    bool check(const QJsonValue &value, const FailureSink &sink) const;
};

bool typeMatches(const QString &type, const QJsonValue &value)
{
    if (type == u"string")
        return value.isString();
    if (type == u"number")
        return value.isDouble();
    if (type == u"integer") {
        const double number = value.toDouble();
        return value.isDouble() && std::isfinite(number) && number == std::trunc(number);
    }
    if (type == u"boolean")
        return value.isBool();
    if (type == u"null")
        return value.isNull();
    if (type == u"array")
        return value.isArray();
    if (type == u"object")
        return value.isObject();
    return true;
}

// "a, b, c" for a list of allowed values, shortened when there are too many to read.
QString valueList(const QStringList &values)
{
    constexpr qsizetype shown = 10;
    if (values.size() <= shown + 2)
        return values.join(QStringLiteral(", "));
    return values.mid(0, shown).join(QStringLiteral(", "))
        % QStringLiteral(", ... (%1 choices in all)").arg(values.size());
}

QString constPhrase(const QJsonValue &value)
{
    return value.isString() ? u'"' % value.toString() % u'"' : jsonText(value);
}

bool LeafChecks::check(const QJsonValue &value, const FailureSink &sink) const
{
    bool valid = true;
    // Returns whether to go on; a sink without results stops at the first failure.
    auto fail = [&](Failure failure) {
        valid = false;
        return sink(failure);
    };

    if (!types.isEmpty()
        && std::none_of(types.begin(), types.end(), [&](const QString &t) { return typeMatches(t, value); })) {
        QStringList phrases;
        for (const QString &type : types)
            phrases.append(typePhrase(type));
        // The remaining checks are about values of the right type; repeating them adds only noise.
        fail({std::nullopt, IssueKind::Type, u"must be " % joinAlternatives(phrases), phrases});
        return false;
    }
    if (constValue && !jsonEquals(*constValue, value)) {
        if (!fail({std::nullopt, IssueKind::Const, u"must be " % constPhrase(*constValue),
                   {displayValue(*constValue)}}))
            return false;
    }
    if (enumValues && !jsonContains(*enumValues, value)) {
        QStringList shown;
        for (const QJsonValue &allowed : *enumValues)
            shown.append(displayValue(allowed));
        const QString message = enumValues->size() == 1
            ? QString(u"must be " % constPhrase(enumValues->first()))
            : QString(u"must be one of: " % valueList(shown));
        if (!fail({std::nullopt, IssueKind::Enum, message, shown}))
            return false;
    }

    if (value.isDouble()) {
        const double number = value.toDouble();
        if (minimum && number < *minimum && !fail({{}, {}, u"must be at least " % formatNumber(*minimum), {}}))
            return false;
        if (exclusiveMinimum && number <= *exclusiveMinimum
            && !fail({{}, {}, u"must be greater than " % formatNumber(*exclusiveMinimum), {}}))
            return false;
        if (maximum && number > *maximum && !fail({{}, {}, u"must be at most " % formatNumber(*maximum), {}}))
            return false;
        if (exclusiveMaximum && number >= *exclusiveMaximum
            && !fail({{}, {}, u"must be less than " % formatNumber(*exclusiveMaximum), {}}))
            return false;
        if (multipleOf && *multipleOf > 0) {
            const double quotient = number / *multipleOf;
            const bool whole = std::fabs(quotient - std::round(quotient)) <= 1e-9 * qMax(1.0, std::fabs(quotient));
            if (!whole && !fail({{}, {}, u"must be a multiple of " % formatNumber(*multipleOf), {}}))
                return false;
        }
    }

    if (value.isString()) {
        const QString text = value.toString();
        const qsizetype length = codePointCount(text);
        if (minLength && length < *minLength) {
            const QString message = *minLength == 1
                ? QStringLiteral("must not be empty")
                : u"must be at least " % countPhrase(*minLength, QStringLiteral("character"), QStringLiteral("characters")) % u" long";
            if (!fail({{}, {}, message, {}}))
                return false;
        }
        if (maxLength && length > *maxLength
            && !fail({{}, {}, u"must be at most " % countPhrase(*maxLength, QStringLiteral("character"), QStringLiteral("characters")) % u" long", {}}))
            return false;
        if (!patternText.isEmpty() && !pattern.match(text).hasMatch()
            && !fail({{}, {}, u"must match the pattern " % patternText, {}}))
            return false;
        if (!format.isEmpty()) {
            if (const std::optional<QString> problem = formatProblem(format, text); problem && !fail({{}, {}, *problem, {}}))
                return false;
        }
    }

    if (value.isArray()) {
        const QJsonArray items = value.toArray();
        if (minItems && items.size() < *minItems
            && !fail({{}, {}, u"must have at least " % countPhrase(*minItems, QStringLiteral("item"), QStringLiteral("items")), {}}))
            return false;
        if (maxItems && items.size() > *maxItems
            && !fail({{}, {}, u"must have at most " % countPhrase(*maxItems, QStringLiteral("item"), QStringLiteral("items")), {}}))
            return false;
        if (closedTupleLength) {
            for (qsizetype i = *closedTupleLength; i < items.size(); ++i)
                if (!fail({QString::number(i), {}, QStringLiteral("is not allowed"), {}}))
                    return false;
        }
        if (uniqueItems) {
            for (qsizetype i = 1; i < items.size(); ++i) {
                for (qsizetype j = 0; j < i; ++j) {
                    if (!jsonEquals(items.at(i), items.at(j)))
                        continue;
                    // Point at the repetition rather than at the whole list.
                    if (!fail({QString::number(i), {}, u"is a duplicate of item " % QString::number(j), {}}))
                        return false;
                    break;
                }
            }
        }
    }

    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        if (minProperties && object.size() < *minProperties
            && !fail({{}, {}, u"must have at least " % countPhrase(*minProperties, QStringLiteral("property"), QStringLiteral("properties")), {}}))
            return false;
        if (maxProperties && object.size() > *maxProperties
            && !fail({{}, {}, u"must have at most " % countPhrase(*maxProperties, QStringLiteral("property"), QStringLiteral("properties")), {}}))
            return false;
        for (const QString &name : required)
            if (!object.contains(name) && !fail({name, {}, QStringLiteral("is required"), {}}))
                return false;
        for (const auto &[trigger, needed] : dependentRequired) {
            if (!object.contains(trigger))
                continue;
            for (const QString &name : needed)
                if (!object.contains(name) && !fail({name, {}, u"is required when " % trigger % u" is set", {}}))
                    return false;
        }
        for (auto it = object.begin(); it != object.end(); ++it) {
            const QString name = it.key();
            if (closed && !declaredProperties.contains(name)
                && std::none_of(propertyPatterns.begin(), propertyPatterns.end(),
                                [&](const QRegularExpression &re) { return re.match(name).hasMatch(); })
                && !fail({name, {}, QStringLiteral("is not allowed"), {}}))
                return false;
            if (propertyNames) {
                QString nameProblem;
                propertyNames->check(name, [&](const Failure &failure) {
                    nameProblem = failure.message;
                    return false;
                });
                if (!nameProblem.isEmpty() && !fail({name, {}, u"has a name that " % nameProblem, {}}))
                    return false;
            }
        }
    }
    return valid;
}

// Keywords LeafChecks takes over from valijson, removed from what valijson sees.
const QSet<QString> &leafKeywords()
{
    static const QSet<QString> keywords = {
        QStringLiteral("type"), QStringLiteral("const"), QStringLiteral("enum"), QStringLiteral("minimum"),
        QStringLiteral("maximum"), QStringLiteral("exclusiveMinimum"), QStringLiteral("exclusiveMaximum"),
        QStringLiteral("multipleOf"), QStringLiteral("minLength"), QStringLiteral("maxLength"),
        QStringLiteral("pattern"), QStringLiteral("format"), QStringLiteral("minItems"),
        QStringLiteral("maxItems"), QStringLiteral("uniqueItems"), QStringLiteral("minProperties"),
        QStringLiteral("maxProperties"), QStringLiteral("required"), QStringLiteral("dependentRequired")};
    return keywords;
}

// The number of tuple positions when a tuple allows nothing after them (prefixItems + items: false, or
// draft-07 items list + additionalItems: false). valijson 1.0 re-checks a failed tuple item against
// additionalItems, which would add a bogus "is not allowed", so this case is checked here instead.
std::optional<qsizetype> closedTupleLength(const QJsonObject &schema)
{
    const QJsonValue items = schema.value(QLatin1String("items"));
    const QJsonValue prefixItems = schema.value(QLatin1String("prefixItems"));
    if (prefixItems.isArray() && items == QJsonValue(false))
        return prefixItems.toArray().size();
    if (!prefixItems.isArray() && items.isArray() && schema.value(QLatin1String("additionalItems")) == QJsonValue(false))
        return items.toArray().size();
    return std::nullopt;
}

QString at(const QString &pointer)
{
    return pointer.isEmpty() ? QStringLiteral("the root") : pointer;
}

// Fills checks from the leaf keywords of schema; returns an error message for unusable values that
// would otherwise silently weaken validation (bad regular expressions).
std::optional<QString> compileChecks(const QJsonObject &schema, const QString &pointer, LeafChecks &checks)
{
    checks.types = schemaTypes(schema);
    if (schema.contains(QLatin1String("const")))
        checks.constValue = schema.value(QLatin1String("const"));
    if (schema.value(QLatin1String("enum")).isArray())
        checks.enumValues = schema.value(QLatin1String("enum")).toArray();

    checks.minimum = numberValue(schema.value(QLatin1String("minimum")));
    checks.maximum = numberValue(schema.value(QLatin1String("maximum")));
    const QJsonValue exclusiveMinimum = schema.value(QLatin1String("exclusiveMinimum"));
    const QJsonValue exclusiveMaximum = schema.value(QLatin1String("exclusiveMaximum"));
    // draft-04 wrote exclusive bounds as booleans qualifying minimum/maximum.
    if (exclusiveMinimum.isBool()) {
        if (exclusiveMinimum.toBool())
            std::swap(checks.exclusiveMinimum, checks.minimum);
    } else {
        checks.exclusiveMinimum = numberValue(exclusiveMinimum);
    }
    if (exclusiveMaximum.isBool()) {
        if (exclusiveMaximum.toBool())
            std::swap(checks.exclusiveMaximum, checks.maximum);
    } else {
        checks.exclusiveMaximum = numberValue(exclusiveMaximum);
    }
    checks.multipleOf = numberValue(schema.value(QLatin1String("multipleOf")));
    checks.minLength = countValue(schema.value(QLatin1String("minLength")));
    checks.maxLength = countValue(schema.value(QLatin1String("maxLength")));
    checks.minItems = countValue(schema.value(QLatin1String("minItems")));
    checks.maxItems = countValue(schema.value(QLatin1String("maxItems")));
    checks.minProperties = countValue(schema.value(QLatin1String("minProperties")));
    checks.maxProperties = countValue(schema.value(QLatin1String("maxProperties")));
    checks.uniqueItems = schema.value(QLatin1String("uniqueItems")).toBool();
    if (const std::optional<qsizetype> length = closedTupleLength(schema))
        checks.closedTupleLength = *length;
    checks.format = schema.value(QLatin1String("format")).toString();

    if (schema.value(QLatin1String("pattern")).isString()) {
        checks.patternText = schema.value(QLatin1String("pattern")).toString();
        checks.pattern = QRegularExpression(checks.patternText);
        if (!checks.pattern.isValid())
            return QStringLiteral("\"pattern\" at %1 is not a valid regular expression (%2): %3")
                .arg(at(pointer), checks.pattern.errorString(), checks.patternText);
        checks.pattern.optimize();
    }

    for (const QJsonValue &name : schema.value(QLatin1String("required")).toArray())
        if (name.isString() && !checks.required.contains(name.toString()))
            checks.required.append(name.toString());

    auto addDependencies = [&](const QJsonObject &map) {
        for (auto it = map.begin(); it != map.end(); ++it) {
            if (!it.value().isArray())
                continue;
            QStringList names;
            for (const QJsonValue &name : it.value().toArray())
                names.append(name.toString());
            checks.dependentRequired.append({it.key(), names});
        }
    };
    addDependencies(schema.value(QLatin1String("dependentRequired")).toObject());
    addDependencies(schema.value(QLatin1String("dependencies")).toObject()); // draft-07 array form

    const QJsonObject patternProperties = schema.value(QLatin1String("patternProperties")).toObject();
    for (auto it = patternProperties.begin(); it != patternProperties.end(); ++it) {
        // valijson matches patternProperties with std::regex, which throws on patterns it cannot read;
        // find that out now rather than in the middle of a validation.
        try {
            std::regex probe(it.key().toStdString());
        } catch (const std::regex_error &) {
            return QStringLiteral("\"patternProperties\" at %1 has a pattern that cannot be used: %2")
                .arg(at(pointer), it.key());
        }
    }
    if (schema.value(QLatin1String("additionalProperties")) == QJsonValue(false)) {
        checks.closed = true;
        const QJsonObject properties = schema.value(QLatin1String("properties")).toObject();
        for (auto it = properties.begin(); it != properties.end(); ++it)
            checks.declaredProperties.insert(it.key());
        for (auto it = patternProperties.begin(); it != patternProperties.end(); ++it)
            checks.propertyPatterns.append(QRegularExpression(it.key()));
    }

    checks.empty = checks.types.isEmpty() && !checks.constValue && !checks.enumValues && !checks.minimum
        && !checks.maximum && !checks.exclusiveMinimum && !checks.exclusiveMaximum && !checks.multipleOf
        && !checks.minLength && !checks.maxLength && !checks.minItems && !checks.maxItems
        && !checks.minProperties && !checks.maxProperties && !checks.closedTupleLength && checks.patternText.isEmpty()
        && checks.format.isEmpty() && !checks.uniqueItems && checks.required.isEmpty()
        && checks.dependentRequired.isEmpty() && !checks.closed;
    return std::nullopt;
}

// propertyNames usually holds nothing but leaf keywords (a pattern, a length); then it is checked here
// with a useful message. Otherwise valijson checks it, and fails without saying why.
bool isLeafOnlySchema(const QJsonValue &schema)
{
    if (!schema.isObject())
        return false;
    const QJsonObject object = schema.toObject();
    for (auto it = object.begin(); it != object.end(); ++it)
        if (!leafKeywords().contains(it.key()) && !isAnnotationKeyword(it.key()))
            return false;
    return true;
}

QJsonValue adapterToJson(const valijson::adapters::Adapter &value, bool deep)
{
    if (value.isNull())
        return QJsonValue(QJsonValue::Null);
    if (value.isBool())
        return value.getBool();
    if (value.isNumber())
        return value.getNumber();
    if (value.isString())
        return QString::fromStdString(value.getString());
    if (value.isArray()) {
        QJsonArray out;
        value.applyToArray([&](const valijson::adapters::Adapter &item) {
            // Shallow copies keep the size (for minItems and friends) without copying the contents.
            out.append(deep ? adapterToJson(item, true) : QJsonValue());
            return true;
        });
        return out;
    }
    if (value.isObject()) {
        QJsonObject out;
        value.applyToObject([&](const std::string &name, const valijson::adapters::Adapter &member) {
            out.insert(QString::fromStdString(name), deep ? adapterToJson(member, true) : QJsonValue());
            return true;
        });
        return out;
    }
    return QJsonValue(QJsonValue::Undefined);
}

std::string encodeFailure(const Failure &failure)
{
    const QJsonObject payload{{QStringLiteral("m"), failure.message},
                              {QStringLiteral("k"), int(failure.kind)},
                              {QStringLiteral("a"), QJsonArray::fromStringList(failure.alternatives)}};
    return kIssuePrefix + QJsonDocument(payload).toJson(QJsonDocument::Compact).toStdString();
}

class ChecksConstraint final : public valijson::constraints::PolyConstraint
{
public:
    explicit ChecksConstraint(std::shared_ptr<const LeafChecks> checks) : m_checks(std::move(checks)) {}

    bool validate(const valijson::adapters::Adapter &target, const std::vector<std::string> &context,
                  valijson::ValidationResults *results) const override
    {
        const QJsonValue value = adapterToJson(target, m_checks->needsDeepValue());
        return m_checks->check(value, [&](const Failure &failure) {
            if (!results)
                return false;
            std::vector<std::string> where = context;
            if (failure.childKey)
                where.push_back('[' + failure.childKey->toStdString() + ']');
            results->pushError(where, encodeFailure(failure));
            return true;
        });
    }

private:
    Constraint *cloneInto(void *memory) const override { return new (memory) ChecksConstraint(*this); }
    size_t sizeOf() const override { return sizeof(ChecksConstraint); }

    std::shared_ptr<const LeafChecks> m_checks;
};

struct BranchMark
{
    int group = 0;
    int branch = 0;
};

// Ends every alternative of an anyOf/oneOf. valijson reports the errors of all alternatives as one flat
// list; the marker records where each alternative's errors end so they can be told apart afterwards
// (see IssueReader). It never fails and only reports when results are being collected.
class BranchConstraint final : public valijson::constraints::PolyConstraint
{
public:
    explicit BranchConstraint(BranchMark mark) : m_mark(mark) {}

    bool validate(const valijson::adapters::Adapter &, const std::vector<std::string> &context,
                  valijson::ValidationResults *results) const override
    {
        if (results) {
            results->pushError(context, kMarkerPrefix + std::to_string(m_mark.group) + ' '
                                            + std::to_string(m_mark.branch) + ' '
                                            + std::to_string(results->numErrors()));
        }
        return true;
    }

private:
    Constraint *cloneInto(void *memory) const override { return new (memory) BranchConstraint(*this); }
    size_t sizeOf() const override { return sizeof(BranchConstraint); }

    BranchMark m_mark;
};

int64_t tableIndex(const valijson::adapters::Adapter &node)
{
    int64_t index = -1;
    if (!node.getInteger(index))
        valijson::throwRuntimeError("internal: bad constraint index");
    return index;
}

class ChecksBuilder final : public valijson::ConstraintBuilder
{
public:
    explicit ChecksBuilder(const QList<std::shared_ptr<const LeafChecks>> &table) : m_table(table) {}
    valijson::constraints::Constraint *make(const valijson::adapters::Adapter &node) const override
    {
        return new ChecksConstraint(m_table.at(tableIndex(node)));
    }

private:
    const QList<std::shared_ptr<const LeafChecks>> &m_table;
};

class BranchBuilder final : public valijson::ConstraintBuilder
{
public:
    explicit BranchBuilder(const QList<BranchMark> &table) : m_table(table) {}
    valijson::constraints::Constraint *make(const valijson::adapters::Adapter &node) const override
    {
        return new BranchConstraint(m_table.at(tableIndex(node)));
    }

private:
    const QList<BranchMark> &m_table;
};

// --- schema normalisation ----------------------------------------------------------------------

QString refTo(const QString &pointer)
{
    QString encoded = pointer;
    encoded.replace(u'%', QStringLiteral("%25")); // valijson percent-decodes pointer tokens
    return u'#' % encoded;
}

const QString kAllOfPartsKeyword = QStringLiteral("x-toolgate-allOf");

// Rewrites a resolved schema document into the draft-07 dialect valijson 1.0 understands, moving
// leaf keywords into LeafChecks and marking anyOf/oneOf alternatives. Two keywords move: allOf lists
// (valijson's allOf stops at the first failing part, so parts are chained instead, see finish()) and the
// 2020-12 "items" next to prefixItems. References are rewritten to match (emittedPointer()).
class Normalizer final
{
public:
    explicit Normalizer(const SchemaDocument &document) : m_document(document) {}

    QJsonObject run() { return emitSchema(m_document.root(), QString()); }

    // Where the schema at an original pointer ends up in the normalised document.
    QString emittedPointer(const QString &original) const
    {
        const QStringList tokens = pointerTokens(original).value_or(QStringList());
        QString from;
        QString to;
        for (const QString &token : tokens) {
            QString emitted = token;
            if (m_document.schemaPointers().contains(from)) {
                if (token == u"allOf") {
                    emitted = kAllOfPartsKeyword;
                } else if (token == u"items") {
                    const QJsonObject owner = valueAt(m_document.root(), from).value_or(QJsonValue()).toObject();
                    if (owner.value(QLatin1String("prefixItems")).isArray())
                        emitted = kTupleRestKeyword;
                }
            }
            from = pointerAppend(from, token);
            to = pointerAppend(to, emitted);
        }
        return to;
    }

    QString refFor(const QString &original) const { return refTo(emittedPointer(original)); }

    std::optional<QString> error;
    QList<std::shared_ptr<const LeafChecks>> checks;
    QList<BranchMark> marks;

private:
    QJsonValue emitValue(const QJsonValue &value, const QString &pointer)
    {
        if (m_document.schemaPointers().contains(pointer))
            return emitSchema(value, pointer);
        if (value.isObject()) {
            QJsonObject out;
            const QJsonObject in = value.toObject();
            for (auto it = in.begin(); it != in.end(); ++it)
                out.insert(it.key(), emitValue(it.value(), pointerAppend(pointer, it.key())));
            return out;
        }
        if (value.isArray()) {
            QJsonArray out;
            const QJsonArray in = value.toArray();
            for (qsizetype i = 0; i < in.size(); ++i)
                out.append(emitValue(in.at(i), pointerAppend(pointer, i)));
            return out;
        }
        return value;
    }

    // A subschema position holding something that is not a schema: be lenient and accept anything
    // there, as valijson would otherwise refuse the whole schema.
    QJsonValue emitChild(const QJsonValue &value, const QString &pointer)
    {
        if (!value.isObject() && !value.isBool()) {
            qCWarning(lcSchema) << "ignoring a non-schema value at" << pointer;
            return QJsonObject();
        }
        return emitValue(value, pointer);
    }

    QJsonObject emitSchema(const QJsonValue &value, const QString &pointer)
    {
        if (value.isBool())
            return finish(value.toBool() ? QJsonObject() : QJsonObject{{QStringLiteral("not"), QJsonObject()}},
                          QJsonObject(), pointer, nullptr);
        const QJsonObject in = value.toObject();
        QJsonObject out;

        auto leaf = std::make_shared<LeafChecks>();
        if (std::optional<QString> problem = compileChecks(in, pointer, *leaf); problem && !error)
            error = problem;
        const QJsonValue propertyNames = in.value(QLatin1String("propertyNames"));
        if (isLeafOnlySchema(propertyNames)) {
            auto names = std::make_shared<LeafChecks>();
            if (std::optional<QString> problem = compileChecks(propertyNames.toObject(), pointerAppend(pointer, QStringLiteral("propertyNames")), *names); problem && !error)
                error = problem;
            leaf->propertyNames = names;
            leaf->empty = false;
        }

        static const QSet<QString> singles = {
            QStringLiteral("additionalProperties"), QStringLiteral("additionalItems"), QStringLiteral("contains"),
            QStringLiteral("not"), QStringLiteral("if"), QStringLiteral("then"), QStringLiteral("else"),
            QStringLiteral("propertyNames")};
        static const QSet<QString> dropped = {
            QStringLiteral("$schema"), QStringLiteral("$comment"), QStringLiteral("$vocabulary"),
            QStringLiteral("$ref"), QStringLiteral("dependencies"), QStringLiteral("dependentSchemas"),
            QStringLiteral("prefixItems")};
        const bool hasPrefixItems = in.value(QLatin1String("prefixItems")).isArray();
        const bool closedTuple = closedTupleLength(in).has_value(); // LeafChecks handles the extra items
        QStringList partRefs; // references to the allOf parts, in order

        for (auto it = in.begin(); it != in.end(); ++it) {
            const QString key = it.key();
            const QJsonValue child = it.value();
            const QString childPointer = pointerAppend(pointer, key);
            if (leafKeywords().contains(key) || dropped.contains(key) || key.startsWith(QLatin1String("x-toolgate-")))
                continue;
            if ((key == u"title" || key == u"description") && !child.isString())
                continue; // valijson rejects these, and they never affect validity
            if (key == u"additionalProperties" && leaf->closed)
                continue;
            if (key == u"propertyNames" && leaf->propertyNames)
                continue;
            if (key == u"allOf") {
                QJsonArray parts;
                const QJsonArray given = child.toArray();
                for (qsizetype i = 0; i < given.size(); ++i) {
                    parts.append(emitChild(given.at(i), pointerAppend(childPointer, i)));
                    partRefs.append(refFor(pointerAppend(childPointer, i)));
                }
                if (!parts.isEmpty())
                    out.insert(kAllOfPartsKeyword, parts);
            } else if (key == u"anyOf" || key == u"oneOf") {
                const QJsonArray alternatives = child.toArray();
                if (alternatives.isEmpty())
                    continue; // not valid JSON Schema; valijson would reject every value
                const int group = m_nextGroup++;
                for (qsizetype i = 0; i < alternatives.size(); ++i) {
                    m_branchMarks.insert(pointerAppend(childPointer, i), int(marks.size()));
                    marks.append({group, int(i)});
                }
                QJsonArray list;
                for (qsizetype i = 0; i < alternatives.size(); ++i)
                    list.append(emitChild(alternatives.at(i), pointerAppend(childPointer, i)));
                out.insert(key, list);
            } else if (key == u"items") {
                if (child.isArray()) {
                    QJsonArray list;
                    const QJsonArray tuple = child.toArray();
                    for (qsizetype i = 0; i < tuple.size(); ++i)
                        list.append(emitChild(tuple.at(i), pointerAppend(childPointer, i)));
                    out.insert(key, list);
                } else if ((child.isObject() || child.isBool()) && !(hasPrefixItems && closedTuple)) {
                    // With prefixItems (2020-12), "items" describes the rest of the list.
                    out.insert(hasPrefixItems ? kTupleRestKeyword : key, emitValue(child, childPointer));
                }
            } else if (key == u"properties" || key == u"patternProperties") {
                QJsonObject map;
                const QJsonObject given = child.toObject();
                for (auto property = given.begin(); property != given.end(); ++property)
                    map.insert(property.key(), emitChild(property.value(), pointerAppend(childPointer, property.key())));
                out.insert(key, map);
            } else if (singles.contains(key)) {
                if (key == u"additionalItems" && closedTuple)
                    continue;
                if (child.isObject() || child.isBool())
                    out.insert(key, emitValue(child, childPointer));
            } else {
                out.insert(key, emitValue(child, childPointer));
            }
        }

        // 2020-12 prefixItems -> draft-07 tuple "items" plus "additionalItems" for the rest.
        if (hasPrefixItems) {
            const QString prefixPointer = pointerAppend(pointer, QStringLiteral("prefixItems"));
            const QJsonArray prefix = in.value(QLatin1String("prefixItems")).toArray();
            QJsonArray emitted;
            QJsonArray tuple;
            for (qsizetype i = 0; i < prefix.size(); ++i) {
                emitted.append(emitChild(prefix.at(i), pointerAppend(prefixPointer, i)));
                tuple.append(QJsonObject{{QStringLiteral("$ref"), refFor(pointerAppend(prefixPointer, i))}});
            }
            out.insert(QStringLiteral("prefixItems"), emitted);
            out.insert(QStringLiteral("items"), tuple);
            out.remove(QStringLiteral("additionalItems"));
            if (out.contains(kTupleRestKeyword)) {
                out.insert(QStringLiteral("additionalItems"),
                           QJsonObject{{QStringLiteral("$ref"), refTo(pointerAppend(emittedPointer(pointer), kTupleRestKeyword))}});
            }
        }

        // Schema-valued dependencies stay with valijson; dependentSchemas (2020-12) joins them.
        QJsonObject dependencies;
        const QJsonObject draft7Dependencies = in.value(QLatin1String("dependencies")).toObject();
        for (auto it = draft7Dependencies.begin(); it != draft7Dependencies.end(); ++it)
            if (it.value().isObject() || it.value().isBool())
                dependencies.insert(it.key(), emitValue(it.value(), pointerAppend(pointerAppend(pointer, QStringLiteral("dependencies")), it.key())));
        const QJsonObject dependentSchemas = in.value(QLatin1String("dependentSchemas")).toObject();
        if (!dependentSchemas.isEmpty()) {
            const QString base = pointerAppend(pointer, QStringLiteral("dependentSchemas"));
            QJsonObject emitted;
            for (auto it = dependentSchemas.begin(); it != dependentSchemas.end(); ++it) {
                emitted.insert(it.key(), emitChild(it.value(), pointerAppend(base, it.key())));
                const QJsonObject ref{{QStringLiteral("$ref"), refFor(pointerAppend(base, it.key()))}};
                dependencies.insert(it.key(), dependencies.contains(it.key())
                                                  ? QJsonObject{{QStringLiteral("allOf"), QJsonArray{dependencies.value(it.key()), ref}}}
                                                  : ref);
            }
            out.insert(QStringLiteral("dependentSchemas"), emitted);
        }
        if (!dependencies.isEmpty())
            out.insert(QStringLiteral("dependencies"), dependencies);

        return finish(out, in, pointer, leaf->empty ? nullptr : leaf, partRefs);
    }

    // The parts as one chain that reports every failing part: {"allOf": [part0], "if": {}, "then": rest}.
    // The empty "if" always holds, and unlike allOf a schema's own keywords are all checked even
    // when one fails.
    static QJsonObject chain(const QStringList &refs)
    {
        const QJsonObject first{{QStringLiteral("$ref"), refs.first()}};
        if (refs.size() == 1)
            return first;
        return QJsonObject{{QStringLiteral("allOf"), QJsonArray{first}},
                           {QStringLiteral("if"), QJsonObject()},
                           {QStringLiteral("then"), chain(refs.mid(1))}};
    }

    QJsonObject finish(QJsonObject out, const QJsonObject &in, const QString &pointer,
                       const std::shared_ptr<LeafChecks> &leaf, QStringList partRefs = {})
    {
        const bool isBranch = m_branchMarks.contains(pointer);
        const QJsonValue ref = in.value(QLatin1String("$ref"));
        if (ref.isString()) {
            const QString target = refFor(SchemaDocument::refPointer(ref.toString()).value_or(QString()));
            // valijson follows "$ref" and ignores everything next to it (draft-07). 2020-12 applies the
            // siblings too, and a marked alternative needs its marker to run, so the reference becomes one
            // more part whenever something besides annotations sits next to it.
            bool hasSiblings = isBranch;
            for (auto it = in.begin(); it != in.end() && !hasSiblings; ++it)
                hasSiblings = it.key() != u"$ref" && !isAnnotationKeyword(it.key());
            if (hasSiblings)
                partRefs.append(target);
            else
                out.insert(QStringLiteral("$ref"), target);
        }
        if (!partRefs.isEmpty())
            out.insert(QStringLiteral("allOf"), QJsonArray{chain(partRefs)});
        if (leaf) {
            out.insert(kChecksKeyword, int(checks.size()));
            checks.append(leaf);
        }
        if (isBranch)
            out.insert(kBranchKeyword, m_branchMarks.value(pointer));
        return out;
    }

    const SchemaDocument &m_document;
    QHash<QString, int> m_branchMarks; // pointer of an anyOf/oneOf alternative -> index into marks
    int m_nextGroup = 0;
};

// --- turning valijson's results into issues ----------------------------------------------------

struct RawError
{
    QString path;
    std::string description;
};

struct DetailedIssue
{
    QString path;
    QString message;
    IssueKind kind = IssueKind::Other;
    QStringList alternatives;
};

struct Marker
{
    int group = 0;
    int branch = 0;
    qsizetype count = 0;
};

QString contextToPointer(const std::vector<std::string> &context)
{
    // valijson writes "<root>" followed by "[name]" or "[index]" tokens. Both become one pointer token.
    QString pointer;
    for (size_t i = 1; i < context.size(); ++i) {
        QString token = QString::fromStdString(context[i]);
        if (token.startsWith(u'[') && token.endsWith(u']'))
            token = token.mid(1, token.size() - 2);
        pointer = pointerAppend(pointer, token);
    }
    return pointer;
}

bool startsWith(const std::string &text, const char *prefix)
{
    return text.rfind(prefix, 0) == 0;
}

// Rebuilds the structure valijson flattened: a failed anyOf/oneOf appends, for each alternative in turn,
// that alternative's errors, our marker and valijson's "child schema #i" line, then its own summary line.
// The marker of the last alternative says how many lines the whole block has, which locates its start.
class IssueReader final
{
public:
    explicit IssueReader(std::vector<RawError> errors) : m_errors(std::move(errors)) {}

    QList<DetailedIssue> read() { return resolve(parse(0, qsizetype(m_errors.size()))); }

private:
    struct Group;
    struct Node
    {
        qsizetype leaf = -1;
        std::shared_ptr<Group> group;
    };
    struct Group
    {
        QString path;
        QList<QList<Node>> branches;
    };

    std::optional<Marker> marker(qsizetype index) const
    {
        const std::string &text = m_errors[size_t(index)].description;
        if (text.empty() || text.front() != kMarkerPrefix)
            return std::nullopt;
        const QStringList parts = QString::fromStdString(text.substr(1)).split(u' ');
        if (parts.size() != 3)
            return std::nullopt;
        return Marker{parts[0].toInt(), parts[1].toInt(), parts[2].toLongLong()};
    }

    bool isNoMatch(qsizetype index) const
    {
        const std::string &text = m_errors[size_t(index)].description;
        return text == kAnyOfFailed || text == kOneOfNoneMatched;
    }

    bool isChildSchemaLine(qsizetype index) const
    {
        return startsWith(m_errors[size_t(index)].description, kChildSchemaFailed);
    }

    QList<Node> parse(qsizetype begin, qsizetype end)
    {
        QList<Node> reversed;
        qsizetype i = end - 1;
        while (i >= begin) {
            if (isNoMatch(i) && i - 2 >= begin && isChildSchemaLine(i - 1)) {
                const std::optional<Marker> last = marker(i - 2);
                const QString &path = m_errors[size_t(i)].path;
                if (last && m_errors[size_t(i - 2)].path == path) {
                    const qsizetype start = i - 2 - last->count;
                    if (start >= begin) {
                        if (std::shared_ptr<Group> group = parseGroup(start, i, last->group, path)) {
                            reversed.append({-1, group});
                            i = start - 1;
                            continue;
                        }
                    }
                }
            }
            reversed.append({i, nullptr});
            --i;
        }
        std::reverse(reversed.begin(), reversed.end());
        return reversed;
    }

    std::shared_ptr<Group> parseGroup(qsizetype start, qsizetype summary, int groupId, const QString &path)
    {
        auto group = std::make_shared<Group>();
        group->path = path;
        qsizetype branchStart = start;
        for (qsizetype i = start; i <= summary - 2; ++i) {
            const std::optional<Marker> mark = marker(i);
            if (!mark || mark->group != groupId || m_errors[size_t(i)].path != path)
                continue;
            // Anything else means the layout is not what we expect: fall back to plain lines.
            if (start + mark->count != i || !isChildSchemaLine(i + 1) || mark->branch != group->branches.size())
                return nullptr;
            group->branches.append(parse(branchStart, i));
            branchStart = i + 2;
        }
        if (branchStart != summary || group->branches.isEmpty())
            return nullptr;
        return group;
    }

    QList<DetailedIssue> resolve(const QList<Node> &nodes) const
    {
        QList<DetailedIssue> issues;
        for (const Node &node : nodes) {
            if (node.group) {
                issues.append(resolveGroup(*node.group));
            } else if (std::optional<DetailedIssue> issue = translate(m_errors[size_t(node.leaf)])) {
                issues.append(*issue);
            }
        }
        return issues;
    }

    static DetailedIssue merged(const QString &path, const QList<DetailedIssue> &issues)
    {
        QStringList types;
        QStringList values;
        for (const DetailedIssue &issue : issues) {
            QStringList &target = issue.kind == IssueKind::Type ? types : values;
            for (const QString &alternative : issue.alternatives)
                if (!target.contains(alternative))
                    target.append(alternative);
        }
        const QString valuePhrase = values.size() == 1 ? values.first() : u"one of: " % valueList(values);
        if (values.isEmpty())
            return {path, u"must be " % joinAlternatives(types), IssueKind::Type, types};
        if (types.isEmpty())
            return {path, u"must be " % valuePhrase, IssueKind::Enum, values};
        return {path, u"must be " % joinAlternatives(types + QStringList{valuePhrase}), IssueKind::Other, {}};
    }

    // Picks what to say about a failed anyOf/oneOf: one merged sentence when every alternative only
    // disagrees about the value itself ("must be text or null"), otherwise the issues of the alternative
    // that came closest, preferring alternatives that accept the kind of value and whose fixed values
    // (discriminators such as "kind": "circle") match.
    static QList<DetailedIssue> resolveGroupIssues(const QString &path, const QList<QList<DetailedIssue>> &perBranch)
    {
        auto isShallow = [&](const DetailedIssue &issue) { return issue.path == path && issue.kind != IssueKind::Other; };
        const bool allShallow = std::all_of(perBranch.begin(), perBranch.end(), [&](const QList<DetailedIssue> &issues) {
            return !issues.isEmpty() && std::all_of(issues.begin(), issues.end(), isShallow);
        });
        QList<DetailedIssue> all;
        for (const QList<DetailedIssue> &issues : perBranch)
            all.append(issues);
        if (allShallow)
            return {merged(path, all)};

        qsizetype best = -1;
        std::pair<qsizetype, qsizetype> bestRank;
        for (qsizetype i = 0; i < perBranch.size(); ++i) {
            const QList<DetailedIssue> &issues = perBranch.at(i);
            if (issues.isEmpty())
                continue;
            const bool wrongType = std::any_of(issues.begin(), issues.end(), [&](const DetailedIssue &issue) {
                return issue.path == path && issue.kind == IssueKind::Type;
            });
            if (wrongType)
                continue;
            const qsizetype fixedValueMisses = std::count_if(issues.begin(), issues.end(), [](const DetailedIssue &issue) {
                return issue.kind == IssueKind::Const || issue.kind == IssueKind::Enum;
            });
            const std::pair<qsizetype, qsizetype> rank{fixedValueMisses, issues.size()};
            if (best < 0 || rank < bestRank) {
                best = i;
                bestRank = rank;
            }
        }
        if (best >= 0)
            return perBranch.at(best);

        QList<DetailedIssue> typeIssues;
        for (const DetailedIssue &issue : all)
            if (issue.path == path && issue.kind == IssueKind::Type)
                typeIssues.append(issue);
        if (!typeIssues.isEmpty())
            return {merged(path, typeIssues)};
        return {{path, QStringLiteral("does not match any of the allowed options"), IssueKind::Other, {}}};
    }

    QList<DetailedIssue> resolveGroup(const Group &group) const
    {
        QList<QList<DetailedIssue>> perBranch;
        for (const QList<Node> &branch : group.branches)
            perBranch.append(resolve(branch));
        return resolveGroupIssues(group.path, perBranch);
    }

    static std::optional<QString> quotedName(const std::string &text, const char *prefix)
    {
        if (!startsWith(text, prefix))
            return std::nullopt;
        const std::string rest = text.substr(std::strlen(prefix));
        const size_t quote = rest.rfind('\'');
        if (quote == std::string::npos)
            return std::nullopt;
        return QString::fromStdString(rest.substr(0, quote));
    }

    static std::optional<DetailedIssue> translate(const RawError &error)
    {
        const std::string &text = error.description;
        if (!text.empty() && text.front() == kIssuePrefix) {
            const QJsonObject payload = QJsonDocument::fromJson(QByteArray::fromStdString(text.substr(1))).object();
            QStringList alternatives;
            for (const QJsonValue &alternative : payload.value(QLatin1String("a")).toArray())
                alternatives.append(alternative.toString());
            return DetailedIssue{error.path, payload.value(QLatin1String("m")).toString(),
                                 IssueKind(payload.value(QLatin1String("k")).toInt()), alternatives};
        }
        if (!text.empty() && text.front() == kMarkerPrefix)
            return std::nullopt;

        // Summary lines that only repeat what the nested errors already say.
        static const char *const summaries[] = {
            kChildSchemaFailed,
            "Failed to validate item #",
            "Failed to validate against schema associated with property name",
            "Failed to validate against schema associated with pattern",
            "Failed to validate against additional properties schema",
            "Failed to validate against dependent schema",
            "Failed to validate against a conditional schema",
        };
        for (const char *summary : summaries)
            if (startsWith(text, summary))
                return std::nullopt;

        auto issue = [&](const QString &message, const QString &path) {
            return DetailedIssue{path, message, IssueKind::Other, {}};
        };
        if (text == kOneOfSeveralMatched)
            return issue(QStringLiteral("matches more than one of the allowed options, but must match exactly one"), error.path);
        if (text == kAnyOfFailed || text == kOneOfNoneMatched)
            return issue(QStringLiteral("does not match any of the allowed options"), error.path);
        if (startsWith(text, "Target should not validate against schema specified in 'not'"))
            return issue(QStringLiteral("is not allowed"), error.path);
        if (startsWith(text, "Failed to any values against subschema in 'contains'"))
            return issue(QStringLiteral("must contain at least one matching item"), error.path);
        if (startsWith(text, "Array contains more items than allowed") || startsWith(text, "Cannot validate item #"))
            return issue(QStringLiteral("has too many items"), error.path);
        if (const std::optional<QString> name = quotedName(text, "Missing required property '"))
            return issue(QStringLiteral("is required"), pointerAppend(error.path, *name));
        if (const std::optional<QString> name = quotedName(text, "Missing dependency '"))
            return issue(QStringLiteral("is required"), pointerAppend(error.path, *name));
        if (const std::optional<QString> name = quotedName(text, "Object contains a property that could not be validated using 'properties' or 'additionalProperties' constraints: '"))
            return issue(QStringLiteral("is not allowed"), pointerAppend(error.path, *name));
        // Not expected with the keywords we hand to valijson; its own words beat saying nothing.
        return issue(QString::fromStdString(text), error.path);
    }

    std::vector<RawError> m_errors;
};

// Orders issues by where they are in the value; numbers in paths compare as numbers.
bool pathLess(const QString &left, const QString &right)
{
    const QStringList a = pointerTokens(left).value_or(QStringList{left});
    const QStringList b = pointerTokens(right).value_or(QStringList{right});
    for (qsizetype i = 0; i < qMin(a.size(), b.size()); ++i) {
        if (a.at(i) == b.at(i))
            continue;
        bool leftIsNumber = false;
        bool rightIsNumber = false;
        const qlonglong x = a.at(i).toLongLong(&leftIsNumber);
        const qlonglong y = b.at(i).toLongLong(&rightIsNumber);
        if (leftIsNumber && rightIsNumber)
            return x < y;
        return a.at(i) < b.at(i);
    }
    return a.size() < b.size();
}

} // namespace

struct SchemaValidator::Compiled
{
    QJsonObject source;
    valijson::Schema schema;
};

Result<SchemaValidator> SchemaValidator::compile(const QJsonObject &schema)
{
    const SchemaDocument document = SchemaDocument::build(schema);
    if (!document.problems().isEmpty())
        return makeError(ErrorCode::ProtocolError, u"Invalid JSON Schema: " % document.problems().first().message);

    Normalizer normalizer(document);
    const QJsonObject normalized = normalizer.run();
    if (normalizer.error)
        return makeError(ErrorCode::ProtocolError, u"Invalid JSON Schema: " % *normalizer.error);

    auto compiled = std::make_shared<Compiled>();
    compiled->source = schema;
    try {
        valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
        parser.addConstraintBuilder(kChecksKeyword.toStdString(), new ChecksBuilder(normalizer.checks));
        parser.addConstraintBuilder(kBranchKeyword.toStdString(), new BranchBuilder(normalizer.marks));
        const valijson::adapters::QtJsonAdapter adapter(normalized);
        // No fetch function: valijson cannot load anything, even if a reference slipped through.
        parser.populateSchema(adapter, compiled->schema);
    } catch (const std::exception &e) {
        qCDebug(lcSchema) << "valijson rejected schema:" << e.what();
        return makeError(ErrorCode::ProtocolError, u"Invalid JSON Schema: " % QString::fromStdString(e.what()));
    }
    return SchemaValidator(std::move(compiled));
}

QJsonObject SchemaValidator::schema() const
{
    return m_compiled ? m_compiled->source : QJsonObject();
}

QList<SchemaIssue> SchemaValidator::validate(const QJsonValue &instance) const
{
    if (!m_compiled)
        return {};
    // A missing value (e.g. QJsonObject::value() of an absent key) is checked as null.
    const QJsonValue value = instance.isUndefined() ? QJsonValue(QJsonValue::Null) : instance;

    // A Validator per call: it keeps a regex cache, so sharing one would need locking.
    valijson::Validator validator(valijson::Validator::kStrongTypes);
    valijson::ValidationResults results;
    const valijson::adapters::QtJsonAdapter adapter(value);
    bool valid = false;
    try {
        valid = validator.validate(m_compiled->schema, adapter, &results);
    } catch (const std::exception &e) {
        qCWarning(lcSchema) << "validation failed unexpectedly:" << e.what();
        return {{QString(), u"could not be checked: " % QString::fromStdString(e.what())}};
    }
    if (valid)
        return {};

    std::vector<RawError> raw;
    raw.reserve(results.numErrors());
    for (const valijson::ValidationResults::Error &error : results)
        raw.push_back({contextToPointer(error.context), error.description});

    const QList<DetailedIssue> detailed = IssueReader(std::move(raw)).read();
    QList<SchemaIssue> issues;
    for (const DetailedIssue &issue : detailed) {
        const SchemaIssue plain{issue.path, issue.message};
        if (!issues.contains(plain)) // the same subschema can be reached twice (e.g. through allOf)
            issues.append(plain);
    }
    std::stable_sort(issues.begin(), issues.end(),
                     [](const SchemaIssue &a, const SchemaIssue &b) { return pathLess(a.path, b.path); });
    if (issues.isEmpty()) // e.g. a complex propertyNames schema, which valijson fails without a message
        issues.append({QString(), QStringLiteral("does not match the schema")});
    return issues;
}

QString SchemaValidator::readablePath(const QString &pointer)
{
    const std::optional<QStringList> tokens = pointerTokens(pointer);
    if (!tokens)
        return pointer;
    static const QRegularExpression plainName(QStringLiteral("^[^.\\[\\]\\s\"]+$"));
    QString path;
    for (const QString &token : *tokens) {
        bool isIndex = false;
        token.toUInt(&isIndex);
        if (isIndex && !token.startsWith(u'+'))
            path += u'[' % token % u']';
        else if (plainName.match(token).hasMatch())
            path += (path.isEmpty() ? QString() : QStringLiteral(".")) % token;
        else
            path += u"[\"" % token % u"\"]"; // names with dots or spaces stay unambiguous
    }
    return path;
}

QString SchemaValidator::describe(const QList<SchemaIssue> &issues)
{
    QStringList lines;
    for (const SchemaIssue &issue : issues) {
        const QString path = readablePath(issue.path);
        lines.append(path.isEmpty() ? issue.message : path % u": " % issue.message);
    }
    return lines.join(u'\n');
}

} // namespace Toolgate
