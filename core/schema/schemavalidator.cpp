#include "core/schema/schemavalidator.h"

#include "core/schema/boundedregex_p.h"
#include "core/schema/schemadocument_p.h"

#include "core/common/logging.h"
#include "core/common/error.h"

#include <QCoreApplication>
#include <QDate>
#include <QHash>
#include <QHashFunctions>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>
#include <QVarLengthArray>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace Toolgate {

using namespace SchemaDetail;

namespace {

// What an issue says, so the alternatives of a failed anyOf/oneOf can be merged into one sentence.
enum class IssueKind { Other = 0, Type = 1, Const = 2, Enum = 3 };

struct DetailedIssue
{
    QString path;
    QString message;
    IssueKind kind = IssueKind::Other;
    QStringList alternatives; // type phrases (Type) or displayed values (Const, Enum)
};

using Issues = QList<DetailedIssue>;

// The price of what a check does, in units of SchemaValidator::kValidationWork, set with
// tests/bench/benchschema.cpp so that a unit of any kind of work costs at most some 35 ns of CPU on the
// machine in docs/benchmarks.md. Backtracking steps of patterns, which BoundedRegex charges one unit
// each, cost less (about 3 ns).
constexpr qint64 kVisitCost = 16;   // applying one schema to one value
constexpr qint64 kMemberCost = 2;   // looking at one property or item
constexpr qint64 kCompareCost = 4;  // comparing or hashing one value
constexpr qint64 kIssueCost = 16;   // recording one issue, plus one per step of its path
constexpr qint64 kTextDivisor = 32; // reading a text costs one unit per this many characters

// Compiling: one schema object, one keyword in it, and a pattern (on top of its length).
constexpr qint64 kNodeCost = 8;
constexpr qint64 kKeywordCost = 2;
constexpr qint64 kRegexCost = 1024;


// A whole sentence with %n for count, in its singular or plural wording, translated with its plural
// forms (English needs no translation file this way); counts beyond int stay exact.
QString counted(const char *one, const char *many, qint64 count)
{
    const char *text = count == 1 ? one : many;
    if (count >= std::numeric_limits<int>::min() && count <= std::numeric_limits<int>::max())
        return QCoreApplication::translate("Toolgate::SchemaValidator", text, nullptr, int(count));
    constexpr int stand_in = 1000000;
    return QCoreApplication::translate("Toolgate::SchemaValidator", text, nullptr, stand_in)
        .replace(QString::number(stand_in), QString::number(count));
}

qsizetype codePointCount(const QString &text)
{
    qsizetype count = 0;
    for (const QChar c : text)
        if (!c.isLowSurrogate())
            ++count;
    return count;
}

// A pattern as it appears in a message: whole when short, otherwise its start.
QString shownPattern(const QString &pattern)
{
    constexpr qsizetype shown = 80;
    return pattern.size() <= shown ? pattern : pattern.left(shown) % QStringLiteral("...");
}

// A hash that agrees with jsonEquals(): numbers by value, objects whatever order they were written in
// (QJsonObject keeps its keys sorted). Counts the values it looked at into units; nullopt when the
// value is nested deeper than maxDepth.
std::optional<size_t> jsonHash(const QJsonValue &value, int depth, int maxDepth, qint64 &units, size_t seed)
{
    if (depth > maxDepth)
        return std::nullopt;
    units += kCompareCost;
    const size_t type = size_t(value.type());
    switch (value.type()) {
    case QJsonValue::Double: {
        const double number = value.toDouble();
        return qHashMulti(seed, type, number == 0 ? 0.0 : number); // -0 == 0
    }
    case QJsonValue::String: {
        const QString text = value.toString();
        units += text.size() / kTextDivisor;
        return qHashMulti(seed, type, text);
    }
    case QJsonValue::Bool:
        return qHashMulti(seed, type, value.toBool());
    case QJsonValue::Array: {
        size_t hash = qHashMulti(seed, type);
        const QJsonArray array = value.toArray();
        for (const QJsonValue &item : array) {
            const std::optional<size_t> itemHash = jsonHash(item, depth + 1, maxDepth, units, seed);
            if (!itemHash)
                return std::nullopt;
            hash = qHashMulti(seed, hash, *itemHash);
        }
        return hash;
    }
    case QJsonValue::Object: {
        size_t hash = qHashMulti(seed, type);
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            const std::optional<size_t> memberHash = jsonHash(it.value(), depth + 1, maxDepth, units, seed);
            if (!memberHash)
                return std::nullopt;
            hash = qHashMulti(seed, hash, it.key(), *memberHash);
        }
        return hash;
    }
    default:
        return qHashMulti(seed, type);
    }
}

size_t hashSeed()
{
    // Random per process, so a server cannot prepare values that all land in one bucket.
    return size_t(QHashSeed::globalSeed());
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

// RFC 4291 section 2.2: eight groups of one to four hex digits, one "::" standing for one or more
// groups of zeros, and the last two groups optionally written as an IPv4 address. No zone ("%eth0").
bool isValidIpv6(const QString &text)
{
    const qsizetype gap = text.indexOf(QLatin1StringView("::"));
    if (gap >= 0 && text.indexOf(QLatin1StringView("::"), gap + 1) >= 0)
        return false;
    const auto groupsIn = [](QStringView part, bool lastMayBeIpv4) -> int {
        if (part.isEmpty())
            return 0;
        const QList<QStringView> groups = part.split(u':');
        int count = 0;
        for (qsizetype i = 0; i < groups.size(); ++i) {
            const QStringView group = groups.at(i);
            if (lastMayBeIpv4 && i == groups.size() - 1 && group.contains(u'.')) {
                if (!isValidIpv4(group.toString()))
                    return -1;
                count += 2;
                continue;
            }
            if (group.isEmpty() || group.size() > 4)
                return -1;
            for (const QChar c : group) {
                if (!((c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f') || (c >= u'A' && c <= u'F')))
                    return -1;
            }
            ++count;
        }
        return count;
    };
    if (gap < 0)
        return groupsIn(text, true) == 8;
    const int before = groupsIn(QStringView(text).left(gap), false);
    const int after = groupsIn(QStringView(text).mid(gap + 2), true);
    return before >= 0 && after >= 0 && before + after <= 7;
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
            return QCoreApplication::translate("Toolgate::SchemaValidator", "must be a date like 2024-01-31");
    } else if (format == u"time") {
        if (!isValidTime(text, false))
            return QCoreApplication::translate("Toolgate::SchemaValidator", "must be a time like 13:45:00");
    } else if (format == u"date-time") {
        const bool ok = text.size() > 11 && (text.at(10) == u'T' || text.at(10) == u't' || text.at(10) == u' ')
            && isValidDate(text.left(10)) && isValidTime(text.mid(11), false);
        if (!ok)
            return QCoreApplication::translate("Toolgate::SchemaValidator", "must be a date and time like 2024-01-31T13:45:00Z");
    } else if (format == u"email" || format == u"idn-email") {
        static const QRegularExpression re(QStringLiteral("^[^\\s@]+@[^\\s@.][^\\s@]*$"));
        if (!re.match(text).hasMatch() || text.endsWith(u'.'))
            return QCoreApplication::translate("Toolgate::SchemaValidator", "must be an email address");
    } else if (format == u"uri" || format == u"iri") {
        static const QRegularExpression re(QStringLiteral("^[A-Za-z][A-Za-z0-9+.-]*:[^\\s]*$"));
        if (!re.match(text).hasMatch())
            return QCoreApplication::translate("Toolgate::SchemaValidator", "must be a URI such as https://example.com");
    } else if (format == u"uuid") {
        static const QRegularExpression re(QStringLiteral(
            "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"));
        if (!re.match(text).hasMatch())
            return QCoreApplication::translate("Toolgate::SchemaValidator", "must be a UUID");
    } else if (format == u"ipv4") {
        if (!isValidIpv4(text))
            return QCoreApplication::translate("Toolgate::SchemaValidator", "must be an IPv4 address");
    } else if (format == u"ipv6") {
        if (!isValidIpv6(text))
            return QCoreApplication::translate("Toolgate::SchemaValidator", "must be an IPv6 address");
    } else if (format == u"hostname" || format == u"idn-hostname") {
        if (!isValidHostname(text))
            return QCoreApplication::translate("Toolgate::SchemaValidator", "must be a host name");
    } else if (format == u"regex") {
        if (!QRegularExpression(text).isValid())
            return QCoreApplication::translate("Toolgate::SchemaValidator", "must be a valid regular expression");
    }
    return std::nullopt;
}


// --- leaf keywords -------------------------------------------------------------------------------

// The JSON Schema types as bits, so that checking "type" compares no strings.
enum TypeBit : unsigned {
    StringBit = 1, NumberBit = 2, IntegerBit = 4, BooleanBit = 8, NullBit = 16, ArrayBit = 32, ObjectBit = 64,
};

unsigned typeBit(const QString &type)
{
    static const QHash<QString, unsigned> bits = {
        {QStringLiteral("string"), StringBit}, {QStringLiteral("number"), NumberBit},
        {QStringLiteral("integer"), IntegerBit}, {QStringLiteral("boolean"), BooleanBit},
        {QStringLiteral("null"), NullBit}, {QStringLiteral("array"), ArrayBit}, {QStringLiteral("object"), ObjectBit}};
    return bits.value(type);
}

// The types a value has; a whole number is both an integer and a number.
unsigned valueTypeBits(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::String:
        return StringBit;
    case QJsonValue::Double: {
        const double number = value.toDouble();
        return std::isfinite(number) && number == std::trunc(number) ? NumberBit | IntegerBit : NumberBit;
    }
    case QJsonValue::Bool:
        return BooleanBit;
    case QJsonValue::Null:
        return NullBit;
    case QJsonValue::Array:
        return ArrayBit;
    case QJsonValue::Object:
        return ObjectBit;
    default:
        return 0;
    }
}

// "a, b, c" for a list of allowed values, shortened when there are too many to read.
QString valueList(const QStringList &values)
{
    constexpr qsizetype shown = 10;
    if (values.size() <= shown + 2)
        return values.join(QStringLiteral(", "));
    return values.mid(0, shown).join(QStringLiteral(", "))
        % QCoreApplication::translate("Toolgate::SchemaValidator", ", ... (%1 choices in all)").arg(values.size());
}

QString constPhrase(const QJsonValue &value)
{
    return value.isString() ? u'"' % value.toString() % u'"' : jsonText(value);
}

// --- compiled schemas ------------------------------------------------------------------------------

class Evaluator;
struct PathStep;

// The "leaf" keywords of one schema object: those that look at the value itself rather than apply
// other schemas to it or to its parts.
struct LeafChecks
{
    QStringList types;
    unsigned typeMask = 0; // typeBit() of each of types
    QStringList typePhrases; // types as people read them: "text", "a whole number"
    QString typeMessage;     // "must be text or null"
    std::optional<QJsonValue> constValue;
    QString constMessage;           // "must be 3", said whenever a value differs: put together once
    QStringList constAlternatives;
    std::optional<QJsonArray> enumValues;
    QString enumMessage;            // "must be one of: a, b, ... (50000 choices in all)"
    QStringList enumAlternatives;
    std::vector<std::pair<size_t, qsizetype>> enumIndex; // (hash, position in enumValues), sorted; long enums
    std::optional<double> minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf;
    std::optional<qint64> minLength, maxLength, minItems, maxItems, minProperties, maxProperties;
    std::optional<qint64> closedTupleLength; // tuple schema that allows no further items
    BoundedRegex pattern;
    QString format;
    bool uniqueItems = false;
    QStringList required;
    QList<std::pair<QString, QStringList>> dependentRequired;
    bool closed = false; // additionalProperties: false
    QSet<QString> declaredProperties;
    QStringList declaredList; // the same names, to look up in a value
    QList<BoundedRegex> propertyPatterns;
    std::shared_ptr<const LeafChecks> propertyNames;
    bool empty = true;

    bool check(const QJsonValue &value, Evaluator &evaluator, const PathStep *path, Issues *out) const;

private:
    template<typename Fail>
    static bool checkUnique(const QJsonArray &items, Evaluator &evaluator, Issues *out, Fail &fail);
};

// One schema object, compiled. Subschemas are indices into Compiled::nodes.
struct Node
{
    bool alwaysFalse = false; // the schema false
    std::shared_ptr<const LeafChecks> leaf;
    int ref = -1;
    QList<int> allOf, anyOf, oneOf;
    int notNode = -1, ifNode = -1, thenNode = -1, elseNode = -1;
    QHash<QString, int> properties;
    QList<std::pair<QString, int>> propertyList; // the same, to go through when the value has more members
    QList<std::pair<BoundedRegex, int>> patternProperties;
    int additionalProperties = -1;        // schema for members no other keyword covers
    QList<std::pair<QString, int>> dependentSchemas;
    int propertyNames = -1;               // when LeafChecks cannot say it
    QList<int> tuple;                     // prefixItems, or draft-07 items written as a list
    int items = -1;                       // every item, or with a tuple the items after it
    int contains = -1;

    bool hasObjectKeywords() const
    {
        return !properties.isEmpty() || !patternProperties.isEmpty() || additionalProperties >= 0
            || !dependentSchemas.isEmpty() || propertyNames >= 0;
    }
    bool hasArrayKeywords() const { return !tuple.isEmpty() || items >= 0 || contains >= 0; }
};

// --- checking ----------------------------------------------------------------------------------------

// Where in the value a check is: a chain of steps up to the root, turned into a JSON Pointer only
// when an issue needs one.
struct PathStep
{
    const PathStep *parent = nullptr;
    QString key;          // property name, or
    qsizetype index = -1; // item index
    int depth = 0;
    mutable std::optional<QString> pointer = std::nullopt; // once asked for: many issues can share a path
};

// Applies compiled schemas to a value, spending at most a budget of work. Once the budget is spent,
// or the checks nest deeper than kMaxDepth, or a pattern is too complex, it stops and every pending
// check returns at once; the verdict is then TooComplex, whatever had been found.
class Evaluator final
{
public:
    Evaluator(const std::vector<Node> &nodes, qint64 budget) : m_nodes(nodes), m_budget(budget) {}

    SchemaCheck run(const QJsonValue &value);

    bool stopped() const { return m_stopped; }

    // Spends units; false once the budget is gone (and from then on).
    bool charge(qint64 units)
    {
        m_work += units;
        if (m_work > m_budget && !m_stopped)
            stopOutOfBudget();
        return !m_stopped;
    }

    void stopOutOfBudget()
    {
        if (!m_stopped)
            m_outOfBudget = true;
        stop(QString(), outOfBudgetMessage());
    }

    void stop(const QString &pointer, const QString &message)
    {
        if (m_stopped)
            return;
        m_stopped = true;
        m_stopIssue = {pointer, message};
    }

    // Searches text with a pattern; stops the whole check when the pattern needs too many steps.
    bool search(const BoundedRegex &regex, const QString &text, const PathStep *where, bool &matched)
    {
        if (m_stopped)
            return false;
        switch (regex.search(text, m_work, m_budget)) {
        case BoundedRegex::Outcome::Match:
            matched = true;
            return true;
        case BoundedRegex::Outcome::NoMatch:
            matched = false;
            return true;
        case BoundedRegex::Outcome::OutOfBudget:
            stopOutOfBudget();
            return false;
        case BoundedRegex::Outcome::TooComplex:
            stop(pointer(where), QCoreApplication::translate("Toolgate::SchemaValidator", "could not be checked: the pattern %1 is too complex to check").arg(shownPattern(regex.pattern())));
            return false;
        }
        return false;
    }

    // jsonEquals(), paid for; false (and stopped) when out of budget or nested too deeply.
    bool equal(const QJsonValue &a, const QJsonValue &b)
    {
        return jsonEqualsVisiting(a, b, [this](const QJsonValue &left, const QJsonValue &right, int depth) {
            if (!charge(kCompareCost))
                return false;
            if (depth > SchemaValidator::kMaxDepth) {
                stopTooDeep();
                return false;
            }
            if (left.isString() && right.isString())
                charge(left.toString().size() / kTextDivisor);
            return true;
        });
    }

    std::optional<size_t> hash(const QJsonValue &value)
    {
        qint64 units = 0;
        const std::optional<size_t> result = jsonHash(value, 0, SchemaValidator::kMaxDepth, units, m_seed);
        if (!result)
            stopTooDeep();
        if (!charge(units))
            return std::nullopt;
        return result;
    }

    bool enumContains(const LeafChecks &checks, const QJsonValue &value)
    {
        const QJsonArray &values = *checks.enumValues;
        if (checks.enumIndex.empty()) {
            for (const QJsonValue &candidate : values)
                if (equal(candidate, value))
                    return true;
            return false;
        }
        const std::optional<size_t> key = hash(value);
        if (!key)
            return false;
        auto it = std::lower_bound(checks.enumIndex.cbegin(), checks.enumIndex.cend(), std::pair<size_t, qsizetype>(*key, -1));
        for (; it != checks.enumIndex.cend() && it->first == *key; ++it)
            if (equal(values.at(it->second), value))
                return true;
        return false;
    }

    // Records an issue at path (or at its child named childKey); false when checking should stop.
    bool report(Issues *out, const PathStep *path, const std::optional<QString> &childKey, const QString &message,
                IssueKind kind = IssueKind::Other, const QStringList &alternatives = {})
    {
        if (!out || !charge(kIssueCost + (path ? path->depth : 0)))
            return false;
        QString where = pointer(path);
        if (childKey)
            where = pointerAppend(where, *childKey);
        out->append({where, message, kind, alternatives});
        return true;
    }

    // Reports a failed anyOf/oneOf: one merged sentence when every alternative only disagrees about
    // the value itself ("must be text or null"), otherwise the issues of the alternative that came
    // closest, preferring alternatives that accept the kind of value and whose fixed values
    // (discriminators such as "kind": "circle") match.
    void reportGroup(Issues *out, const PathStep *path, const QList<Issues> &perBranch)
    {
        if (!out)
            return;
        // Merging looks at every alternative value of every issue (an enum can have thousands).
        qsizetype total = 0;
        for (const Issues &issues : perBranch)
            for (const DetailedIssue &issue : issues)
                total += 1 + issue.alternatives.size();
        if (!charge(total))
            return;
        out->append(groupIssues(pointer(path), perBranch));
    }

    static QString pointer(const PathStep *path)
    {
        QVarLengthArray<const PathStep *, 32> missing;
        const PathStep *known = path;
        for (; known && !known->pointer; known = known->parent)
            missing.append(known);
        QString result = known ? *known->pointer : QString();
        for (auto it = missing.crbegin(); it != missing.crend(); ++it) {
            result = (*it)->index >= 0 ? pointerAppend(result, (*it)->index) : pointerAppend(result, (*it)->key);
            (*it)->pointer = result;
        }
        return result;
    }

private:
    QString outOfBudgetMessage() const
    {
        return QCoreApplication::translate("Toolgate::SchemaValidator", "could not be checked: it is too complex for the schema (Toolgate stops after %1 steps)").arg(m_budget);
    }

    void stopTooDeep()
    {
        stop(QString(), QCoreApplication::translate("Toolgate::SchemaValidator", "could not be checked: it is nested too deeply for the schema (more than %1 levels of checks)")
                            .arg(SchemaValidator::kMaxDepth));
    }

    static DetailedIssue merged(const QString &path, const Issues &issues)
    {
        QStringList types;
        QStringList values;
        QSet<QString> seenTypes;
        QSet<QString> seenValues;
        for (const DetailedIssue &issue : issues) {
            const bool isType = issue.kind == IssueKind::Type;
            QStringList &target = isType ? types : values;
            QSet<QString> &seen = isType ? seenTypes : seenValues;
            for (const QString &alternative : issue.alternatives) {
                if (!seen.contains(alternative)) {
                    seen.insert(alternative);
                    target.append(alternative);
                }
            }
        }
        const QString valuePhrase = values.size() == 1 ? values.first() : QCoreApplication::translate("Toolgate::SchemaValidator", "one of: %1").arg(valueList(values));
        if (values.isEmpty())
            return {path, QCoreApplication::translate("Toolgate::SchemaValidator", "must be %1").arg(joinAlternatives(types)), IssueKind::Type, types};
        if (types.isEmpty())
            return {path, QCoreApplication::translate("Toolgate::SchemaValidator", "must be %1").arg(valuePhrase), IssueKind::Enum, values};
        return {path, QCoreApplication::translate("Toolgate::SchemaValidator", "must be %1").arg(joinAlternatives(types + QStringList{valuePhrase})), IssueKind::Other, {}};
    }

    static Issues groupIssues(const QString &path, const QList<Issues> &perBranch)
    {
        auto isShallow = [&](const DetailedIssue &issue) { return issue.path == path && issue.kind != IssueKind::Other; };
        const bool allShallow = std::all_of(perBranch.begin(), perBranch.end(), [&](const Issues &issues) {
            return !issues.isEmpty() && std::all_of(issues.begin(), issues.end(), isShallow);
        });
        if (allShallow) {
            Issues all;
            for (const Issues &issues : perBranch)
                all.append(issues);
            return {merged(path, all)};
        }

        qsizetype best = -1;
        std::pair<qsizetype, qsizetype> bestRank;
        for (qsizetype i = 0; i < perBranch.size(); ++i) {
            const Issues &issues = perBranch.at(i);
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

        Issues typeIssues;
        for (const Issues &issues : perBranch)
            for (const DetailedIssue &issue : issues)
                if (issue.path == path && issue.kind == IssueKind::Type)
                    typeIssues.append(issue);
        if (!typeIssues.isEmpty())
            return {merged(path, typeIssues)};
        return {{path, QCoreApplication::translate("Toolgate::SchemaValidator", "does not match any of the allowed options"), IssueKind::Other, {}}};
    }

    bool eval(int index, const QJsonValue &value, const PathStep *path, Issues *out, int depth);
    bool evalAnyOf(const QList<int> &branches, const QJsonValue &value, const PathStep *path, Issues *out, int depth);
    bool evalOneOf(const QList<int> &branches, const QJsonValue &value, const PathStep *path, Issues *out, int depth);
    bool evalObject(const Node &node, const QJsonValue &value, const PathStep *path, Issues *out, int depth);
    bool evalArray(const Node &node, const QJsonValue &value, const PathStep *path, Issues *out, int depth);

    const std::vector<Node> &m_nodes;
    const qint64 m_budget;
    const size_t m_seed = hashSeed();
    qint64 m_work = 0;
    bool m_stopped = false;
    bool m_outOfBudget = false; // stopped because the budget ran out
    SchemaIssue m_stopIssue;
};

bool Evaluator::eval(int index, const QJsonValue &value, const PathStep *path, Issues *out, int depth)
{
    if (depth > SchemaValidator::kMaxDepth) {
        stopTooDeep();
        return false;
    }
    if (!charge(kVisitCost))
        return false;
    const Node &node = m_nodes[size_t(index)];
    if (node.alwaysFalse) {
        report(out, path, std::nullopt, QCoreApplication::translate("Toolgate::SchemaValidator", "is not allowed"));
        return false;
    }

    bool valid = true;
    // After a failure: whether to go on, which is only while issues are being collected.
    auto goOn = [&] {
        valid = false;
        return out && !m_stopped;
    };

    if (node.leaf && !node.leaf->check(value, *this, path, out) && !goOn())
        return false;
    if (node.ref >= 0 && !eval(node.ref, value, path, out, depth + 1) && !goOn())
        return false;
    for (const int part : node.allOf)
        if (!eval(part, value, path, out, depth + 1) && !goOn())
            return false;
    if (!node.anyOf.isEmpty() && !evalAnyOf(node.anyOf, value, path, out, depth) && !goOn())
        return false;
    if (!node.oneOf.isEmpty() && !evalOneOf(node.oneOf, value, path, out, depth) && !goOn())
        return false;
    if (node.notNode >= 0) {
        const bool holds = eval(node.notNode, value, path, nullptr, depth + 1);
        if (m_stopped)
            return false;
        if (holds) {
            report(out, path, std::nullopt, QCoreApplication::translate("Toolgate::SchemaValidator", "is not allowed"));
            if (!goOn())
                return false;
        }
    }
    if (node.ifNode >= 0) {
        const bool holds = eval(node.ifNode, value, path, nullptr, depth + 1);
        if (m_stopped)
            return false;
        const int branch = holds ? node.thenNode : node.elseNode;
        if (branch >= 0 && !eval(branch, value, path, out, depth + 1) && !goOn())
            return false;
    }
    if (value.isObject() && node.hasObjectKeywords() && !evalObject(node, value, path, out, depth) && !goOn())
        return false;
    if (value.isArray() && node.hasArrayKeywords() && !evalArray(node, value, path, out, depth) && !goOn())
        return false;
    return valid && !m_stopped;
}

bool Evaluator::evalAnyOf(const QList<int> &branches, const QJsonValue &value, const PathStep *path, Issues *out,
                          int depth)
{
    QList<Issues> perBranch;
    for (const int branch : branches) {
        Issues issues;
        if (eval(branch, value, path, out ? &issues : nullptr, depth + 1))
            return true;
        if (m_stopped)
            return false;
        if (out)
            perBranch.append(std::move(issues));
    }
    reportGroup(out, path, perBranch);
    return false;
}

bool Evaluator::evalOneOf(const QList<int> &branches, const QJsonValue &value, const PathStep *path, Issues *out,
                          int depth)
{
    QList<Issues> perBranch;
    int matches = 0;
    for (const int branch : branches) {
        Issues issues;
        if (eval(branch, value, path, out ? &issues : nullptr, depth + 1)) {
            if (++matches > 1)
                break; // no need to look further
        } else if (m_stopped) {
            return false;
        } else if (out) {
            perBranch.append(std::move(issues));
        }
    }
    if (matches == 1)
        return true;
    if (matches == 0)
        reportGroup(out, path, perBranch);
    else
        report(out, path, std::nullopt,
               QCoreApplication::translate("Toolgate::SchemaValidator", "matches more than one of the allowed options, but must match exactly one"));
    return false;
}

bool Evaluator::evalObject(const Node &node, const QJsonValue &value, const PathStep *path, Issues *out, int depth)
{
    const QJsonObject object = value.toObject();
    bool valid = true;
    auto goOn = [&] {
        valid = false;
        return out && !m_stopped;
    };
    auto step = [&](const QString &key) { return PathStep{path, key, -1, path ? path->depth + 1 : 1}; };

    if (!node.patternProperties.isEmpty() || node.additionalProperties >= 0) {
        // Every member needs looking at: which schemas apply depends on its name.
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (!charge(kMemberCost))
                return false;
            const QString key = it.key();
            const PathStep here = step(key);
            bool covered = false;
            if (const auto property = node.properties.constFind(key); property != node.properties.cend()) {
                covered = true;
                if (!eval(*property, it.value(), &here, out, depth + 1) && !goOn())
                    return false;
            }
            for (const auto &[regex, child] : node.patternProperties) {
                bool matched = false;
                if (!search(regex, key, &here, matched))
                    return false;
                if (!matched)
                    continue;
                covered = true;
                if (!eval(child, it.value(), &here, out, depth + 1) && !goOn())
                    return false;
            }
            if (!covered && node.additionalProperties >= 0
                && !eval(node.additionalProperties, it.value(), &here, out, depth + 1) && !goOn())
                return false;
        }
    } else if (!node.properties.isEmpty()) {
        // The schema's names are looked up in the value (no member names to copy), unless the value
        // has far fewer members than the schema has names.
        if (object.size() * 8 < node.propertyList.size()) {
            for (auto it = object.begin(); it != object.end(); ++it) {
                if (!charge(kMemberCost))
                    return false;
                const auto property = node.properties.constFind(it.key());
                if (property == node.properties.cend())
                    continue;
                const PathStep here = step(it.key());
                if (!eval(*property, it.value(), &here, out, depth + 1) && !goOn())
                    return false;
            }
        } else {
            for (const auto &[name, child] : node.propertyList) {
                if (!charge(kMemberCost))
                    return false;
                const auto member = object.constFind(name);
                if (member == object.constEnd())
                    continue;
                const PathStep here = step(name);
                if (!eval(child, member.value(), &here, out, depth + 1) && !goOn())
                    return false;
            }
        }
    }

    for (const auto &[name, child] : node.dependentSchemas) {
        if (!charge(kMemberCost))
            return false;
        if (object.contains(name) && !eval(child, value, path, out, depth + 1) && !goOn())
            return false;
    }

    if (node.propertyNames >= 0) {
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (!charge(kMemberCost))
                return false;
            const QString key = it.key();
            const PathStep here = step(key);
            Issues nameIssues;
            if (eval(node.propertyNames, QJsonValue(key), &here, out ? &nameIssues : nullptr, depth + 1))
                continue;
            if (m_stopped)
                return false;
            const QString problem = nameIssues.isEmpty() ? QCoreApplication::translate("Toolgate::SchemaValidator", "is not allowed") : nameIssues.first().message;
            report(out, path, key, QCoreApplication::translate("Toolgate::SchemaValidator", "has a name that %1").arg(problem));
            if (!goOn())
                return false;
        }
    }
    return valid && !m_stopped;
}

bool Evaluator::evalArray(const Node &node, const QJsonValue &value, const PathStep *path, Issues *out, int depth)
{
    const QJsonArray items = value.toArray();
    bool valid = true;
    auto goOn = [&] {
        valid = false;
        return out && !m_stopped;
    };
    const int childDepth = path ? path->depth + 1 : 1;

    if (!node.tuple.isEmpty() || node.items >= 0) {
        for (qsizetype i = 0; i < items.size(); ++i) {
            const int child = i < node.tuple.size() ? node.tuple.at(i) : node.items;
            if (child < 0)
                break; // a tuple with nothing said about the rest
            if (!charge(kMemberCost))
                return false;
            const PathStep here{path, QString(), i, childDepth};
            if (!eval(child, items.at(i), &here, out, depth + 1) && !goOn())
                return false;
        }
    }
    if (node.contains >= 0) {
        bool found = false;
        for (qsizetype i = 0; i < items.size() && !found; ++i) {
            if (!charge(kMemberCost))
                return false;
            const PathStep here{path, QString(), i, childDepth};
            found = eval(node.contains, items.at(i), &here, nullptr, depth + 1);
            if (m_stopped)
                return false;
        }
        if (!found) {
            report(out, path, std::nullopt, QCoreApplication::translate("Toolgate::SchemaValidator", "must contain at least one matching item"));
            if (!goOn())
                return false;
        }
    }
    return valid && !m_stopped;
}

bool LeafChecks::check(const QJsonValue &value, Evaluator &evaluator, const PathStep *path, Issues *out) const
{
    bool valid = true;
    // Records a failure; returns whether to go on. Without a list of issues the first failure ends it,
    // so messages are only put together when someone will read them.
    auto fail = [&](const std::optional<QString> &childKey, const QString &message, IssueKind kind = IssueKind::Other,
                    const QStringList &alternatives = {}) {
        valid = false;
        return evaluator.report(out, path, childKey, message, kind, alternatives) && !evaluator.stopped();
    };

    if (typeMask && !(typeMask & valueTypeBits(value))) {
        if (out)
            fail(std::nullopt, typeMessage, IssueKind::Type, typePhrases);
        // The remaining checks are about values of the right type; repeating them adds only noise.
        return false;
    }
    if (constValue && !evaluator.equal(*constValue, value)) {
        if (!out || evaluator.stopped() || !fail(std::nullopt, constMessage, IssueKind::Const, constAlternatives))
            return false;
    }
    if (enumValues && !evaluator.enumContains(*this, value)) {
        if (!out || evaluator.stopped() || !fail(std::nullopt, enumMessage, IssueKind::Enum, enumAlternatives))
            return false;
    }

    if (value.isDouble()) {
        const double number = value.toDouble();
        if (minimum && number < *minimum && !fail(std::nullopt, QCoreApplication::translate("Toolgate::SchemaValidator", "must be at least %1").arg(formatNumber(*minimum))))
            return false;
        if (exclusiveMinimum && number <= *exclusiveMinimum
            && !fail(std::nullopt, QCoreApplication::translate("Toolgate::SchemaValidator", "must be greater than %1").arg(formatNumber(*exclusiveMinimum))))
            return false;
        if (maximum && number > *maximum && !fail(std::nullopt, QCoreApplication::translate("Toolgate::SchemaValidator", "must be at most %1").arg(formatNumber(*maximum))))
            return false;
        if (exclusiveMaximum && number >= *exclusiveMaximum
            && !fail(std::nullopt, QCoreApplication::translate("Toolgate::SchemaValidator", "must be less than %1").arg(formatNumber(*exclusiveMaximum))))
            return false;
        if (multipleOf && *multipleOf > 0) {
            const double quotient = number / *multipleOf;
            const bool whole = std::fabs(quotient - std::round(quotient)) <= 1e-9 * qMax(1.0, std::fabs(quotient));
            if (!whole && !fail(std::nullopt, QCoreApplication::translate("Toolgate::SchemaValidator", "must be a multiple of %1").arg(formatNumber(*multipleOf))))
                return false;
        }
    }

    if (value.isString() && (minLength || maxLength || !pattern.isNull() || !format.isEmpty())) {
        const QString text = value.toString();
        if (!evaluator.charge(text.size() / kTextDivisor))
            return false;
        const qsizetype length = codePointCount(text);
        if (minLength && length < *minLength) {
            const QString message = *minLength == 1
                ? QCoreApplication::translate("Toolgate::SchemaValidator", "must not be empty")
                : counted(QT_TRANSLATE_N_NOOP("Toolgate::SchemaValidator", "must be at least %n character long"),
                          QT_TRANSLATE_N_NOOP("Toolgate::SchemaValidator", "must be at least %n characters long"), *minLength);
            if (!fail(std::nullopt, message))
                return false;
        }
        if (maxLength && length > *maxLength
            && !fail(std::nullopt, counted(QT_TRANSLATE_N_NOOP("Toolgate::SchemaValidator", "must be at most %n character long"),
                                           QT_TRANSLATE_N_NOOP("Toolgate::SchemaValidator", "must be at most %n characters long"), *maxLength)))
            return false;
        if (!pattern.isNull()) {
            bool matched = false;
            if (!evaluator.search(pattern, text, path, matched))
                return false;
            if (!matched && !fail(std::nullopt, QCoreApplication::translate("Toolgate::SchemaValidator", "must match the pattern %1").arg(pattern.pattern())))
                return false;
        }
        if (!format.isEmpty()) {
            // Format checks read the text a few times; "regex" compiles it.
            if (!evaluator.charge(format == u"regex" ? kRegexCost + 4 * text.size() : 4 * text.size() / kTextDivisor))
                return false;
            if (const std::optional<QString> problem = formatProblem(format, text); problem && !fail(std::nullopt, *problem))
                return false;
        }
    }

    if (value.isArray()) {
        const QJsonArray items = value.toArray();
        if (minItems && items.size() < *minItems
            && !fail(std::nullopt, counted(QT_TRANSLATE_N_NOOP("Toolgate::SchemaValidator", "must have at least %n item"),
                                           QT_TRANSLATE_N_NOOP("Toolgate::SchemaValidator", "must have at least %n items"), *minItems)))
            return false;
        if (maxItems && items.size() > *maxItems
            && !fail(std::nullopt, counted(QT_TRANSLATE_N_NOOP("Toolgate::SchemaValidator", "must have at most %n item"),
                                           QT_TRANSLATE_N_NOOP("Toolgate::SchemaValidator", "must have at most %n items"), *maxItems)))
            return false;
        if (closedTupleLength) {
            for (qsizetype i = *closedTupleLength; i < items.size(); ++i)
                if (!fail(QString::number(i), QCoreApplication::translate("Toolgate::SchemaValidator", "is not allowed")))
                    return false;
        }
        if (uniqueItems && items.size() > 1 && !checkUnique(items, evaluator, out, fail))
            return false;
    }

    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        if (minProperties && object.size() < *minProperties
            && !fail(std::nullopt, counted(QT_TRANSLATE_N_NOOP("Toolgate::SchemaValidator", "must have at least %n property"),
                                           QT_TRANSLATE_N_NOOP("Toolgate::SchemaValidator", "must have at least %n properties"), *minProperties)))
            return false;
        if (maxProperties && object.size() > *maxProperties
            && !fail(std::nullopt, counted(QT_TRANSLATE_N_NOOP("Toolgate::SchemaValidator", "must have at most %n property"),
                                           QT_TRANSLATE_N_NOOP("Toolgate::SchemaValidator", "must have at most %n properties"), *maxProperties)))
            return false;
        if (!evaluator.charge(required.size()))
            return false;
        for (const QString &name : required)
            if (!object.contains(name) && !fail(name, QCoreApplication::translate("Toolgate::SchemaValidator", "is required")))
                return false;
        for (const auto &[trigger, needed] : dependentRequired) {
            if (!evaluator.charge(kMemberCost))
                return false;
            if (!object.contains(trigger))
                continue;
            if (!evaluator.charge(needed.size()))
                return false;
            for (const QString &name : needed)
                if (!object.contains(name) && !fail(name, QCoreApplication::translate("Toolgate::SchemaValidator", "is required when %1 is set").arg(trigger)))
                    return false;
        }
        bool eachMember = propertyNames != nullptr;
        if (closed && !eachMember) {
            // Usually every member is declared, which looking the declared names up shows without
            // copying a single member name.
            if (declaredList.size() <= 4 * object.size()) {
                if (!evaluator.charge(declaredList.size()))
                    return false;
                qsizetype present = 0;
                for (const QString &name : declaredList)
                    present += object.contains(name) ? 1 : 0;
                eachMember = present != object.size();
            } else {
                eachMember = true;
            }
        }
        if (eachMember) {
            for (auto it = object.begin(); it != object.end(); ++it) {
                if (!evaluator.charge(kMemberCost))
                    return false;
                const QString name = it.key();
                const PathStep here{path, name, -1, path ? path->depth + 1 : 1};
                if (closed && !declaredProperties.contains(name)) {
                    bool allowed = false;
                    for (const BoundedRegex &regex : propertyPatterns) {
                        if (!evaluator.search(regex, name, &here, allowed))
                            return false;
                        if (allowed)
                            break;
                    }
                    if (!allowed && !fail(name, QCoreApplication::translate("Toolgate::SchemaValidator", "is not allowed")))
                        return false;
                }
                if (propertyNames) {
                    Issues nameIssues;
                    if (!propertyNames->check(name, evaluator, &here, &nameIssues)) {
                        if (evaluator.stopped())
                            return false;
                        const QString problem = nameIssues.isEmpty() ? QCoreApplication::translate("Toolgate::SchemaValidator", "is not allowed")
                                                                     : nameIssues.first().message;
                        if (!fail(name, QCoreApplication::translate("Toolgate::SchemaValidator", "has a name that %1").arg(problem)))
                            return false;
                    }
                }
            }
        }
    }
    return valid && !evaluator.stopped();
}

// Orders JSON Pointers by where they are in the value: token by token, numbers as numbers. Compares in
// place, without splitting, as it runs n log n times for n issues.
bool pathLess(QStringView left, QStringView right)
{
    qsizetype i = 0;
    qsizetype j = 0;
    while (i < left.size() && j < right.size()) {
        // Both are at the '/' that starts a token.
        qsizetype leftEnd = left.indexOf(u'/', i + 1);
        qsizetype rightEnd = right.indexOf(u'/', j + 1);
        if (leftEnd < 0)
            leftEnd = left.size();
        if (rightEnd < 0)
            rightEnd = right.size();
        const QStringView a = left.mid(i + 1, leftEnd - i - 1);
        const QStringView b = right.mid(j + 1, rightEnd - j - 1);
        if (a != b) {
            auto isIndex = [](QStringView token) {
                return !token.isEmpty()
                    && std::all_of(token.begin(), token.end(), [](QChar c) { return c >= u'0' && c <= u'9'; });
            };
            if (isIndex(a) && isIndex(b)) {
                // As numbers: without leading zeros, the shorter is smaller, else the digits decide.
                auto significant = [](QStringView digits) {
                    qsizetype zeros = 0;
                    while (zeros + 1 < digits.size() && digits.at(zeros) == u'0')
                        ++zeros;
                    return digits.mid(zeros);
                };
                const QStringView x = significant(a);
                const QStringView y = significant(b);
                if (x.size() != y.size())
                    return x.size() < y.size();
                if (x != y)
                    return x < y;
            }
            return a < b;
        }
        i = leftEnd;
        j = rightEnd;
    }
    return i >= left.size() && j < right.size(); // a prefix comes first
}

// Reports each item equal to an earlier one, naming the first of them. Short lists compare every pair;
// longer ones sort the items by hash and compare only items with equal hashes: n log n where comparing
// every pair of 40,000 items took 20 s.
template<typename Fail>
bool LeafChecks::checkUnique(const QJsonArray &items, Evaluator &evaluator, Issues *out, Fail &fail)
{
    const qsizetype count = items.size();
    std::vector<std::pair<qsizetype, qsizetype>> duplicates; // (item, the first item it repeats)
    if (count <= 16) {
        for (qsizetype i = 1; i < count; ++i) {
            for (qsizetype j = 0; j < i; ++j) {
                if (evaluator.equal(items.at(i), items.at(j))) {
                    duplicates.emplace_back(i, j);
                    break;
                }
            }
            if (evaluator.stopped())
                return false;
        }
    } else {
        std::vector<std::pair<size_t, qsizetype>> byHash;
        byHash.reserve(size_t(count));
        for (qsizetype i = 0; i < count; ++i) {
            const std::optional<size_t> key = evaluator.hash(items.at(i));
            if (!key)
                return false;
            byHash.emplace_back(*key, i);
        }
        if (!evaluator.charge(count)) // sorting
            return false;
        std::sort(byHash.begin(), byHash.end());
        for (size_t start = 0; start < byHash.size();) {
            size_t end = start + 1;
            while (end < byHash.size() && byHash[end].first == byHash[start].first)
                ++end;
            // Items with one hash, in list order: each is compared with the distinct ones before it.
            std::vector<qsizetype> distinct{byHash[start].second};
            for (size_t k = start + 1; k < end; ++k) {
                const qsizetype item = byHash[k].second;
                auto original = std::find_if(distinct.begin(), distinct.end(),
                                             [&](qsizetype j) { return evaluator.equal(items.at(j), items.at(item)); });
                if (evaluator.stopped())
                    return false;
                if (original == distinct.end())
                    distinct.push_back(item);
                else
                    duplicates.emplace_back(item, *original);
            }
            start = end;
        }
        std::sort(duplicates.begin(), duplicates.end());
    }
    if (!duplicates.empty() && !out)
        return false;
    for (const auto &[item, original] : duplicates) {
        // Point at the repetition rather than at the whole list.
        if (!fail(QString::number(item), QCoreApplication::translate("Toolgate::SchemaValidator", "is a duplicate of item %1").arg(original)))
            return false;
    }
    return true;
}

SchemaCheck Evaluator::run(const QJsonValue &value)
{
    Issues issues;
    const bool valid = eval(0, value, nullptr, &issues, 0);
    SchemaCheck result;
    result.work = m_work;
    if (m_stopped) {
        result.verdict = SchemaVerdict::TooComplex;
        result.outOfBudget = m_outOfBudget;
        result.issues = {m_stopIssue};
        return result;
    }
    if (valid)
        return result;
    result.verdict = SchemaVerdict::Invalid;

    // By where they are in the value, numbers in paths compared as numbers; then each issue is said
    // once, as the same subschema can be reached twice (e.g. through allOf).
    std::vector<const DetailedIssue *> sorted;
    sorted.reserve(size_t(issues.size()));
    for (const DetailedIssue &issue : std::as_const(issues))
        sorted.push_back(&issue);
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const DetailedIssue *a, const DetailedIssue *b) { return pathLess(a->path, b->path); });
    std::vector<SchemaIssue> unique;
    unique.reserve(sorted.size());
    for (size_t start = 0; start < sorted.size();) {
        size_t end = start + 1;
        while (end < sorted.size() && sorted[end]->path == sorted[start]->path)
            ++end;
        const size_t first = unique.size();
        for (size_t i = start; i < end; ++i) {
            const QString &message = sorted[i]->message;
            // Few issues share a path, so looking back is cheaper than a set.
            if (std::none_of(unique.begin() + qsizetype(first), unique.end(),
                             [&](const SchemaIssue &issue) { return issue.message == message; }))
                unique.push_back({sorted[i]->path, message});
        }
        start = end;
    }
    const qsizetype shown = qMin(qsizetype(unique.size()), SchemaValidator::kMaxIssues);
    for (qsizetype i = 0; i < shown; ++i)
        result.issues.append(std::move(unique[size_t(i)]));
    if (qsizetype(unique.size()) > shown) {
        const qsizetype more = qsizetype(unique.size()) - shown;
        result.issues.append({QString(),
                              counted(QT_TRANSLATE_N_NOOP("Toolgate::SchemaValidator", "%n more problem is not listed here"),
                                      QT_TRANSLATE_N_NOOP("Toolgate::SchemaValidator", "%n more problems are not listed here"), more),
                              more});
    }
    if (result.issues.isEmpty())
        result.issues.append({QString(), QCoreApplication::translate("Toolgate::SchemaValidator", "does not match the schema")});
    return result;
}

// --- compiling ---------------------------------------------------------------------------------------

// Keywords LeafChecks takes care of.
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
// draft-07 items list + additionalItems: false); LeafChecks then names each extra item.
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
    return pointer.isEmpty() ? QCoreApplication::translate("Toolgate::SchemaValidator", "the root") : pointer;
}

// propertyNames usually holds nothing but leaf keywords (a pattern, a length); then LeafChecks checks
// it and says what is wrong with the name.
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

bool isSchemaValue(const QJsonValue &value)
{
    return value.isObject() || value.isBool();
}

// Turns the reference-resolved document into Nodes, breadth first with a queue rather than recursion,
// spending at most kCompileWork.
class Compiler final
{
public:
    Compiler(const SchemaDocument &document, std::vector<Node> &nodes) : m_document(document), m_nodes(nodes) {}

    void run()
    {
        nodeFor(m_document.root(), QString());
        while (m_next < m_pending.size() && !error && !tooComplex) {
            const Pending pending = m_pending.at(m_next++);
            build(pending.index, pending.value, pending.pointer);
        }
        if (m_ignored > 1)
            qCWarning(lcSchema) << "ignored" << m_ignored - 1 << "more non-schema values";
    }

    std::optional<QString> error;
    bool tooComplex = false;
    qint64 work = 0;

private:
    struct Pending
    {
        int index;
        QJsonValue value;
        QString pointer;
    };

    bool charge(qint64 units)
    {
        work += units;
        if (work > SchemaValidator::kCompileWork && !tooComplex) {
            tooComplex = true;
            error = QCoreApplication::translate("Toolgate::SchemaValidator", "compiling it takes more than %1 steps").arg(SchemaValidator::kCompileWork);
        }
        return !tooComplex;
    }

    int nodeFor(const QJsonValue &value, const QString &pointer)
    {
        if (const auto known = m_byPointer.constFind(pointer); known != m_byPointer.cend())
            return *known;
        const int index = int(m_nodes.size());
        m_nodes.emplace_back();
        m_byPointer.insert(pointer, index);
        m_pending.append({index, value, pointer});
        return index;
    }

    // A subschema position; a value there that is not a schema accepts everything, as being strict
    // about sloppy schemas would only make tools unusable.
    int childFor(const QJsonValue &value, const QString &pointer)
    {
        if (isSchemaValue(value))
            return nodeFor(value, pointer);
        if (m_ignored++ == 0)
            qCWarning(lcSchema) << "ignoring a non-schema value at" << pointer;
        return acceptAll();
    }

    int acceptAll()
    {
        if (m_acceptAll < 0) {
            m_acceptAll = int(m_nodes.size());
            m_nodes.emplace_back();
        }
        return m_acceptAll;
    }

    std::optional<QString> compileRegex(const QString &pattern, BoundedRegex *out)
    {
        if (const auto known = m_regexes.constFind(pattern); known != m_regexes.cend()) {
            *out = *known;
            return std::nullopt;
        }
        if (!charge(kRegexCost + pattern.size()))
            return std::nullopt;
        if (std::optional<QString> problem = BoundedRegex::compile(pattern, out))
            return problem;
        m_regexes.insert(pattern, *out);
        return std::nullopt;
    }

    // Fills checks from the leaf keywords of schema; returns an error message for unusable values that
    // would otherwise silently weaken validation (bad regular expressions).
    std::optional<QString> compileChecks(const QJsonObject &schema, const QString &pointer, LeafChecks &checks)
    {
        checks.types = schemaTypes(schema);
        for (const QString &type : std::as_const(checks.types)) {
            checks.typeMask |= typeBit(type);
            checks.typePhrases.append(typePhrase(type));
        }
        checks.typeMessage = QCoreApplication::translate("Toolgate::SchemaValidator", "must be %1").arg(joinAlternatives(checks.typePhrases));
        if (schema.contains(QLatin1String("const"))) {
            checks.constValue = schema.value(QLatin1String("const"));
            checks.constMessage = QCoreApplication::translate("Toolgate::SchemaValidator", "must be %1").arg(constPhrase(*checks.constValue));
            checks.constAlternatives = {displayValue(*checks.constValue)};
        }
        if (schema.value(QLatin1String("enum")).isArray()) {
            const QJsonArray values = schema.value(QLatin1String("enum")).toArray();
            checks.enumValues = values;
            for (const QJsonValue &allowed : values)
                checks.enumAlternatives.append(displayValue(allowed));
            checks.enumMessage = values.size() == 1 ? QCoreApplication::translate("Toolgate::SchemaValidator", "must be %1").arg(constPhrase(values.first()))
                                                    : QCoreApplication::translate("Toolgate::SchemaValidator", "must be one of: %1").arg(valueList(checks.enumAlternatives));
            if (!charge(values.size()))
                return std::nullopt;
            if (values.size() > 8) {
                qint64 units = 0;
                checks.enumIndex.reserve(size_t(values.size()));
                for (qsizetype i = 0; i < values.size(); ++i) {
                    // Schemas are never nested beyond kMaxSchemaDepth, so there is always a hash.
                    const size_t key = jsonHash(values.at(i), 0, kMaxSchemaDepth, units, m_seed).value_or(0);
                    checks.enumIndex.emplace_back(key, i);
                }
                std::sort(checks.enumIndex.begin(), checks.enumIndex.end());
                if (!charge(units + values.size()))
                    return std::nullopt;
            }
        }

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
            const QString pattern = schema.value(QLatin1String("pattern")).toString();
            if (std::optional<QString> problem = compileRegex(pattern, &checks.pattern))
                return QStringLiteral("\"pattern\" at %1 is not a valid regular expression (%2): %3")
                    .arg(at(pointer), *problem, shownPattern(pattern));
        }

        QSet<QString> required;
        for (const QJsonValue &name : schema.value(QLatin1String("required")).toArray()) {
            if (name.isString() && !required.contains(name.toString())) {
                required.insert(name.toString());
                checks.required.append(name.toString());
            }
        }

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

        if (schema.value(QLatin1String("additionalProperties")) == QJsonValue(false)) {
            checks.closed = true;
            const QJsonObject properties = schema.value(QLatin1String("properties")).toObject();
            for (auto it = properties.begin(); it != properties.end(); ++it) {
                checks.declaredProperties.insert(it.key());
                checks.declaredList.append(it.key());
            }
            const QJsonObject patternProperties = schema.value(QLatin1String("patternProperties")).toObject();
            for (auto it = patternProperties.begin(); it != patternProperties.end(); ++it) {
                BoundedRegex regex;
                if (std::optional<QString> problem = compileRegex(it.key(), &regex))
                    return QStringLiteral("\"patternProperties\" at %1 has a pattern that cannot be used (%2): %3")
                        .arg(at(pointer), *problem, shownPattern(it.key()));
                checks.propertyPatterns.append(regex);
            }
        }

        checks.empty = checks.types.isEmpty() && !checks.constValue && !checks.enumValues && !checks.minimum
            && !checks.maximum && !checks.exclusiveMinimum && !checks.exclusiveMaximum && !checks.multipleOf
            && !checks.minLength && !checks.maxLength && !checks.minItems && !checks.maxItems
            && !checks.minProperties && !checks.maxProperties && !checks.closedTupleLength && checks.pattern.isNull()
            && checks.format.isEmpty() && !checks.uniqueItems && checks.required.isEmpty()
            && checks.dependentRequired.isEmpty() && !checks.closed;
        return std::nullopt;
    }

    void build(int index, const QJsonValue &value, const QString &pointer)
    {
        if (!charge(kNodeCost))
            return;
        Node node;
        if (value.isBool()) {
            node.alwaysFalse = !value.toBool();
            m_nodes[size_t(index)] = std::move(node);
            return;
        }
        if (!value.isObject()) {
            // Only a reference can lead here (e.g. "#/properties/a/enum"): nothing to check against.
            if (m_ignored++ == 0)
                qCWarning(lcSchema) << "ignoring a non-schema value at" << pointer;
            return;
        }
        const QJsonObject in = value.toObject();
        if (!charge(kKeywordCost * in.size()))
            return;

        auto leaf = std::make_shared<LeafChecks>();
        if (std::optional<QString> problem = compileChecks(in, pointer, *leaf)) {
            error = problem;
            return;
        }
        const QJsonValue propertyNames = in.value(QLatin1String("propertyNames"));
        if (isLeafOnlySchema(propertyNames)) {
            auto names = std::make_shared<LeafChecks>();
            if (std::optional<QString> problem = compileChecks(propertyNames.toObject(), pointerAppend(pointer, QStringLiteral("propertyNames")), *names)) {
                error = problem;
                return;
            }
            if (!names->empty) {
                leaf->propertyNames = names;
                leaf->empty = false;
            }
        } else if (isSchemaValue(propertyNames)) {
            node.propertyNames = nodeFor(propertyNames, pointerAppend(pointer, QStringLiteral("propertyNames")));
        }
        if (!leaf->empty)
            node.leaf = leaf;

        if (const QJsonValue ref = in.value(QLatin1String("$ref")); ref.isString()) {
            // SchemaDocument rewrote every reference it could resolve to "#<pointer>"; the others made
            // compile() fail before this.
            if (const std::optional<QString> target = SchemaDocument::refPointer(ref.toString())) {
                const std::optional<QJsonValue> targetValue = valueAt(m_document.root(), *target);
                node.ref = targetValue ? nodeFor(*targetValue, *target) : acceptAll();
            }
        }

        auto list = [&](const QString &keyword, QList<int> &into) {
            const QJsonArray given = in.value(keyword).toArray();
            const QString base = pointerAppend(pointer, keyword);
            for (qsizetype i = 0; i < given.size(); ++i)
                into.append(childFor(given.at(i), pointerAppend(base, i)));
        };
        auto single = [&](const QString &keyword) {
            const QJsonValue child = in.value(keyword);
            return isSchemaValue(child) ? nodeFor(child, pointerAppend(pointer, keyword)) : -1;
        };
        list(QStringLiteral("allOf"), node.allOf);
        list(QStringLiteral("anyOf"), node.anyOf);
        list(QStringLiteral("oneOf"), node.oneOf);
        node.notNode = single(QStringLiteral("not"));
        if (isSchemaValue(in.value(QLatin1String("then"))) || isSchemaValue(in.value(QLatin1String("else")))) {
            node.ifNode = single(QStringLiteral("if"));
            if (node.ifNode >= 0) {
                node.thenNode = single(QStringLiteral("then"));
                node.elseNode = single(QStringLiteral("else"));
            }
        }

        const QJsonObject properties = in.value(QLatin1String("properties")).toObject();
        const QString propertiesPointer = pointerAppend(pointer, QStringLiteral("properties"));
        for (auto it = properties.begin(); it != properties.end(); ++it) {
            const int child = childFor(it.value(), pointerAppend(propertiesPointer, it.key()));
            node.properties.insert(it.key(), child);
            node.propertyList.append({it.key(), child});
        }
        const QJsonObject patternProperties = in.value(QLatin1String("patternProperties")).toObject();
        const QString patternsPointer = pointerAppend(pointer, QStringLiteral("patternProperties"));
        for (auto it = patternProperties.begin(); it != patternProperties.end(); ++it) {
            BoundedRegex regex;
            if (std::optional<QString> problem = compileRegex(it.key(), &regex)) {
                error = QStringLiteral("\"patternProperties\" at %1 has a pattern that cannot be used (%2): %3")
                            .arg(at(pointer), *problem, shownPattern(it.key()));
                return;
            }
            node.patternProperties.append({regex, childFor(it.value(), pointerAppend(patternsPointer, it.key()))});
        }
        if (!leaf->closed) // additionalProperties: false is LeafChecks' ("is not allowed" for each)
            node.additionalProperties = single(QStringLiteral("additionalProperties"));

        // Schema-valued dependencies (draft-07) and dependentSchemas (2020-12) apply alike.
        const QJsonObject dependencies = in.value(QLatin1String("dependencies")).toObject();
        const QString dependenciesPointer = pointerAppend(pointer, QStringLiteral("dependencies"));
        for (auto it = dependencies.begin(); it != dependencies.end(); ++it)
            if (isSchemaValue(it.value()))
                node.dependentSchemas.append({it.key(), nodeFor(it.value(), pointerAppend(dependenciesPointer, it.key()))});
        const QJsonObject dependentSchemas = in.value(QLatin1String("dependentSchemas")).toObject();
        const QString dependentPointer = pointerAppend(pointer, QStringLiteral("dependentSchemas"));
        for (auto it = dependentSchemas.begin(); it != dependentSchemas.end(); ++it)
            node.dependentSchemas.append({it.key(), childFor(it.value(), pointerAppend(dependentPointer, it.key()))});

        const QJsonValue items = in.value(QLatin1String("items"));
        if (in.value(QLatin1String("prefixItems")).isArray()) {
            // 2020-12: prefixItems is the tuple and "items" the rest.
            list(QStringLiteral("prefixItems"), node.tuple);
            if (!leaf->closedTupleLength)
                node.items = single(QStringLiteral("items"));
        } else if (items.isArray()) {
            // draft-07: a list of items is the tuple and additionalItems the rest.
            list(QStringLiteral("items"), node.tuple);
            if (!leaf->closedTupleLength)
                node.items = single(QStringLiteral("additionalItems"));
        } else {
            node.items = single(QStringLiteral("items"));
        }
        node.contains = single(QStringLiteral("contains"));

        if (!charge(kKeywordCost * (node.properties.size() + node.patternProperties.size() + node.tuple.size()
                                    + node.allOf.size() + node.anyOf.size() + node.oneOf.size())))
            return;
        m_nodes[size_t(index)] = std::move(node);
    }

    const SchemaDocument &m_document;
    std::vector<Node> &m_nodes;
    QHash<QString, int> m_byPointer;
    QList<Pending> m_pending;
    qsizetype m_next = 0;
    QHash<QString, BoundedRegex> m_regexes;
    int m_acceptAll = -1;
    qsizetype m_ignored = 0;
    const size_t m_seed = hashSeed();
};

Error tooComplexError(const QString &why)
{
    return makeError(ErrorCode::ProtocolError, u"JSON Schema too complex to check: " % why,
                     QJsonObject{{QStringLiteral("tooComplex"), true}});
}

} // namespace

struct SchemaValidator::Compiled
{
    QJsonObject source;
    std::vector<Node> nodes; // nodes[0] is the root
};

Result<SchemaValidator> SchemaValidator::compile(const QJsonObject &schema)
{
    // Size and depth first: everything after this walks the schema, some of it recursively.
    if (const std::optional<QString> problem = schemaSizeProblem(schema))
        return tooComplexError(*problem);
    const SchemaDocument document = SchemaDocument::build(schema);
    if (!document.problems().isEmpty())
        return makeError(ErrorCode::ProtocolError, u"Invalid JSON Schema: " % document.problems().first().message);

    auto compiled = std::make_shared<Compiled>();
    compiled->source = schema;
    Compiler compiler(document, compiled->nodes);
    compiler.run();
    if (compiler.tooComplex)
        return tooComplexError(*compiler.error);
    if (compiler.error)
        return makeError(ErrorCode::ProtocolError, u"Invalid JSON Schema: " % *compiler.error);
    return SchemaValidator(std::move(compiled));
}

bool SchemaValidator::isTooComplex(const Error &error)
{
    return error.data.toObject().value(QLatin1String("tooComplex")).toBool();
}

QJsonObject SchemaValidator::schema() const
{
    return m_compiled ? m_compiled->source : QJsonObject();
}

SchemaCheck SchemaValidator::check(const QJsonValue &instance) const
{
    return check(instance, kValidationWork);
}

SchemaCheck SchemaValidator::check(const QJsonValue &instance, qint64 workBudget) const
{
    if (!m_compiled)
        return {};
    // A missing value (e.g. QJsonObject::value() of an absent key) is checked as null.
    const QJsonValue value = instance.isUndefined() ? QJsonValue(QJsonValue::Null) : instance;
    SchemaCheck result = Evaluator(m_compiled->nodes, workBudget).run(value);
    if (result.verdict == SchemaVerdict::TooComplex)
        qCDebug(lcSchema) << "value too complex to check:" << result.issues.value(0).message;
    return result;
}

QList<SchemaIssue> SchemaValidator::validate(const QJsonValue &instance) const
{
    return check(instance).issues;
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
