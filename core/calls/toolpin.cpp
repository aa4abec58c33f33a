#include "core/calls/toolpin.h"

#include "core/common/jsoncompare.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

#include <algorithm>
#include <climits>
#include <vector>

namespace Toolgate {

namespace {

const QStringList &pinnedFields()
{
    // Everything that decides what a call does or shows (issue #35): _meta carries an MCP App's view and
    // execution whether it runs as a task, so a change to either asks again like a changed description.
    static const QStringList fields{QStringLiteral("name"),        QStringLiteral("title"),       QStringLiteral("description"),
                                    QStringLiteral("inputSchema"), QStringLiteral("outputSchema"), QStringLiteral("annotations"),
                                    QStringLiteral("execution"),   QStringLiteral("icons"),       QStringLiteral("_meta")};
    return fields;
}

QString textOf(const QJsonValue &value)
{
    if (value.isUndefined())
        return {};
    if (value.isString())
        return value.toString();
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Indented)).trimmed();
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Indented)).trimmed();
    return QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
}

/// A field's text can be a single line of megabytes (a description) or thousands of lines (a
/// schema); a diff line is at most this long, cut around where its pair first differs.
constexpr qsizetype maxShownLineLength = 2000;
/// Unchanged lines kept around what changed in a field too long to show whole.
constexpr qsizetype contextLines = 3;
/// The diff is quadratic in lines: beyond this, what changed is shown as removed and added.
constexpr qsizetype maxDiffed = 600;

/// A count for a %n in a translated text, which takes an int.
int trCount(qsizetype count)
{
    return count > INT_MAX ? INT_MAX : int(count);
}

/// The lines of a diff, built up to a number of lines and counting the rest without building them:
/// a diff of a 76 MB snapshot costs what it shows, not what it compares.
class DiffLines
{
public:
    explicit DiffLines(qsizetype maxLines) : m_maxLines(maxLines) {}

    /// prefix and line, cut to maxShownLineLength around from (where it first differs from its pair).
    void add(QStringView prefix, QStringView line, qsizetype from = 0)
    {
        if (m_lines.size() >= m_maxLines) {
            ++m_hidden;
            return;
        }
        if (line.size() <= maxShownLineLength) {
            QString shown;
            shown.reserve(prefix.size() + line.size());
            shown.append(prefix);
            shown.append(line);
            m_lines.append(shown);
            return;
        }
        const qsizetype start = std::clamp<qsizetype>(from - maxShownLineLength / 4, 0, line.size() - maxShownLineLength);
        QString shown = prefix.toString();
        if (start > 0)
            shown += QCoreApplication::translate("Toolgate::DefinitionChange", "[%n character(s)] ", nullptr, trCount(start));
        shown += line.mid(start, maxShownLineLength);
        if (const qsizetype rest = line.size() - start - maxShownLineLength; rest > 0)
            shown += QCoreApplication::translate("Toolgate::DefinitionChange", " [%n more character(s)]", nullptr, trCount(rest));
        m_lines.append(shown);
    }
    void addUnchanged(qsizetype count)
    {
        if (count <= 0)
            return;
        if (m_lines.size() >= m_maxLines) {
            ++m_hidden;
            return;
        }
        m_lines.append(QStringLiteral("  ") + QCoreApplication::translate("Toolgate::DefinitionChange", "… %n unchanged line(s)", nullptr, trCount(count)));
    }
    QStringList take()
    {
        if (m_hidden > 0)
            m_lines.append(QCoreApplication::translate("Toolgate::DefinitionChange", "… %n more line(s)", nullptr, trCount(m_hidden)));
        return std::move(m_lines);
    }

private:
    qsizetype m_maxLines;
    qsizetype m_hidden = 0;
    QStringList m_lines;
};

qsizetype firstDifference(QStringView a, QStringView b)
{
    const qsizetype n = std::min(a.size(), b.size());
    qsizetype i = 0;
    while (i < n && a[i] == b[i])
        ++i;
    return i;
}

/// The longest common subsequence of two line lists, as a diff; small inputs only (bounded by the caller).
void diffLines(const QList<QStringView> &a, const QList<QStringView> &b, DiffLines &out)
{
    const qsizetype n = a.size(), m = b.size();
    std::vector<std::vector<int>> lcs(size_t(n + 1), std::vector<int>(size_t(m + 1), 0));
    for (qsizetype i = n - 1; i >= 0; --i) {
        for (qsizetype j = m - 1; j >= 0; --j)
            lcs[size_t(i)][size_t(j)] = a.at(i) == b.at(j) ? lcs[size_t(i + 1)][size_t(j + 1)] + 1
                                                           : std::max(lcs[size_t(i + 1)][size_t(j)], lcs[size_t(i)][size_t(j + 1)]);
    }
    // A line replaced by one line is cut around where the two first differ.
    const auto from = [&](qsizetype i, qsizetype j) { return n == m ? firstDifference(a.at(i), b.at(j)) : 0; };
    qsizetype i = 0, j = 0;
    while (i < n && j < m) {
        if (a.at(i) == b.at(j)) {
            out.add(u"  ", a.at(i));
            ++i;
            ++j;
        } else if (lcs[size_t(i + 1)][size_t(j)] >= lcs[size_t(i)][size_t(j + 1)]) {
            out.add(u"- ", a.at(i), from(i, std::min(j, m - 1)));
            ++i;
        } else {
            out.add(u"+ ", b.at(j), from(std::min(i, n - 1), j));
            ++j;
        }
    }
    for (; i < n; ++i)
        out.add(u"- ", a.at(i), from(i, std::min(i, m - 1)));
    for (; j < m; ++j)
        out.add(u"+ ", b.at(j), from(std::min(j, n - 1), j));
}

} // namespace

QJsonObject ToolPin::pinnedPart(const Tool &tool)
{
    const QJsonObject full = tool.toJson();
    QJsonObject part;
    for (const QString &field : pinnedFields()) {
        if (full.contains(field))
            part.insert(field, full.value(field));
    }
    return part;
}

bool ToolPin::samePinnedDefinition(const Tool &a, const Tool &b)
{
    if (a.name != b.name || a.title != b.title || a.description != b.description || a.inputSchema != b.inputSchema
        || a.outputSchema != b.outputSchema || !(a.annotations == b.annotations) || a.icons != b.icons || a.execution != b.execution
        || a.meta != b.meta)
        return false;
    // What the server wrote beyond what is modelled (an annotation or icon member of its own).
    for (const QString &field : pinnedFields()) {
        if (!JsonCompare::same(a.raw.value(field), b.raw.value(field)))
            return false;
    }
    return true;
}

QByteArray ToolPin::canonicalText(const QJsonObject &pinnedPart)
{
    // QJsonObject keeps its keys sorted, so the compact text is canonical.
    return QJsonDocument(pinnedPart).toJson(QJsonDocument::Compact);
}

QString ToolPin::fingerprintOfText(const QByteArray &canonicalText)
{
    return QString::fromLatin1(QCryptographicHash::hash(canonicalText, QCryptographicHash::Sha256).toHex());
}

QString ToolPin::fingerprintOf(const QJsonObject &pinnedPart)
{
    return fingerprintOfText(canonicalText(pinnedPart));
}

ToolPin ToolPin::of(const Tool &tool)
{
    ToolPin pin;
    pin.definition = pinnedPart(tool);
    pin.pinnedAt = QDateTime::currentDateTimeUtc();
    return pin;
}

std::optional<DefinitionChange> DefinitionChange::between(const ToolPin &pin, const Tool &now)
{
    const QJsonObject after = ToolPin::pinnedPart(now);
    if (JsonCompare::sameMembers(after, pin.definition))
        return std::nullopt;
    DefinitionChange change;
    change.before = pin.definition;
    change.after = after;
    change.pinnedAt = pin.pinnedAt;
    for (const QString &field : pinnedFields()) {
        if (!JsonCompare::same(pin.definition.value(field), after.value(field)))
            change.changedFields.append(field);
    }
    return change;
}

QString DefinitionChange::describeField(const QString &field)
{
    if (field == QLatin1String("name"))
        return QCoreApplication::translate("Toolgate::DefinitionChange", "the name");
    if (field == QLatin1String("title"))
        return QCoreApplication::translate("Toolgate::DefinitionChange", "the title");
    if (field == QLatin1String("description"))
        return QCoreApplication::translate("Toolgate::DefinitionChange", "the description");
    if (field == QLatin1String("inputSchema"))
        return QCoreApplication::translate("Toolgate::DefinitionChange", "the input schema");
    if (field == QLatin1String("outputSchema"))
        return QCoreApplication::translate("Toolgate::DefinitionChange", "the output schema");
    if (field == QLatin1String("annotations"))
        return QCoreApplication::translate("Toolgate::DefinitionChange", "the annotations");
    if (field == QLatin1String("execution"))
        return QCoreApplication::translate("Toolgate::DefinitionChange", "how it runs (execution)");
    if (field == QLatin1String("icons"))
        return QCoreApplication::translate("Toolgate::DefinitionChange", "the icons");
    if (field == QLatin1String("_meta"))
        return QCoreApplication::translate("Toolgate::DefinitionChange", "its metadata (_meta, e.g. an app view)");
    return field;
}

QString DefinitionChange::summary() const
{
    QStringList parts;
    for (const QString &field : changedFields)
        parts.append(describeField(field));
    const QString fields = QLocale().createSeparatedList(parts);
    if (!pinnedAt.isValid())
        return QCoreApplication::translate("Toolgate::DefinitionChange", "The server changed this tool since you approved it. What changed: %1.").arg(fields);
    return QCoreApplication::translate("Toolgate::DefinitionChange", "The server changed this tool since you approved it on %2. What changed: %1.")
        .arg(fields, QLocale().toString(pinnedAt.toLocalTime(), QLocale::ShortFormat));
}

QString DefinitionChange::beforeText(const QString &field) const
{
    return textOf(before.value(field));
}

QString DefinitionChange::afterText(const QString &field) const
{
    return textOf(after.value(field));
}

QStringList DefinitionChange::lineDiff(const QString &field, int maxLines) const
{
    const QString beforeAll = beforeText(field);
    const QString afterAll = afterText(field);
    // Views, not copies: the lines of a large field are compared in place and only those shown are built.
    const QList<QStringView> a = QStringView(beforeAll).split(u'\n');
    const QList<QStringView> b = QStringView(afterAll).split(u'\n');
    DiffLines out(maxLines);
    if (a.size() <= maxDiffed && b.size() <= maxDiffed) {
        diffLines(a, b, out);
        return out.take();
    }
    // Too long to show whole: what both sides share at the start and the end is left out but for a
    // few lines of context, and what lies between is diffed (or, still too long, shown as removed and added).
    qsizetype head = 0;
    while (head < a.size() && head < b.size() && a.at(head) == b.at(head))
        ++head;
    qsizetype tail = 0;
    while (tail < a.size() - head && tail < b.size() - head && a.at(a.size() - 1 - tail) == b.at(b.size() - 1 - tail))
        ++tail;
    const qsizetype headShown = std::min(head, contextLines);
    out.addUnchanged(head - headShown);
    for (qsizetype i = head - headShown; i < head; ++i)
        out.add(u"  ", a.at(i));
    const QList<QStringView> middleA = a.mid(head, a.size() - head - tail);
    const QList<QStringView> middleB = b.mid(head, b.size() - head - tail);
    if (middleA.size() <= maxDiffed && middleB.size() <= maxDiffed) {
        diffLines(middleA, middleB, out);
    } else {
        for (const QStringView line : middleA)
            out.add(u"- ", line);
        for (const QStringView line : middleB)
            out.add(u"+ ", line);
    }
    const qsizetype tailShown = std::min(tail, contextLines);
    for (qsizetype i = a.size() - tail; i < a.size() - tail + tailShown; ++i)
        out.add(u"  ", a.at(i));
    out.addUnchanged(tail - tailShown);
    return out.take();
}

qsizetype ToolPin::differentDefinitions(const QList<Tool> &tools, const QString &name)
{
    const auto named = [&name](const Tool &tool) { return tool.name == name; };
    const auto first = std::find_if(tools.cbegin(), tools.cend(), named);
    if (first == tools.cend())
        return 0;
    const bool differ = std::any_of(std::next(first), tools.cend(), [&](const Tool &other) {
        return named(other) && !samePinnedDefinition(other, *first);
    });
    return differ ? std::count_if(tools.cbegin(), tools.cend(), named) : 0;
}

} // namespace Toolgate
