#include "core/calls/toolpin.h"

#include "core/common/jsoncompare.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

#include <algorithm>
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

/// The longest common subsequence of two line lists, as a diff; small inputs only (bounded by the caller).
QStringList diffLines(const QStringList &a, const QStringList &b)
{
    const qsizetype n = a.size(), m = b.size();
    std::vector<std::vector<int>> lcs(size_t(n + 1), std::vector<int>(size_t(m + 1), 0));
    for (qsizetype i = n - 1; i >= 0; --i) {
        for (qsizetype j = m - 1; j >= 0; --j)
            lcs[size_t(i)][size_t(j)] = a.at(i) == b.at(j) ? lcs[size_t(i + 1)][size_t(j + 1)] + 1
                                                           : std::max(lcs[size_t(i + 1)][size_t(j)], lcs[size_t(i)][size_t(j + 1)]);
    }
    QStringList out;
    qsizetype i = 0, j = 0;
    while (i < n && j < m) {
        if (a.at(i) == b.at(j)) {
            out.append(QStringLiteral("  ") + a.at(i));
            ++i;
            ++j;
        } else if (lcs[size_t(i + 1)][size_t(j)] >= lcs[size_t(i)][size_t(j + 1)]) {
            out.append(QStringLiteral("- ") + a.at(i++));
        } else {
            out.append(QStringLiteral("+ ") + b.at(j++));
        }
    }
    while (i < n)
        out.append(QStringLiteral("- ") + a.at(i++));
    while (j < m)
        out.append(QStringLiteral("+ ") + b.at(j++));
    return out;
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
    QStringList a = beforeText(field).split(u'\n');
    QStringList b = afterText(field).split(u'\n');
    // The diff is quadratic in lines: a definition of thousands of lines is shown as removed and added.
    constexpr qsizetype maxDiffed = 600;
    QStringList out;
    if (a.size() > maxDiffed || b.size() > maxDiffed) {
        for (const QString &line : std::as_const(a))
            out.append(QStringLiteral("- ") + line);
        for (const QString &line : std::as_const(b))
            out.append(QStringLiteral("+ ") + line);
    } else {
        out = diffLines(a, b);
    }
    if (out.size() > maxLines) {
        const qsizetype hidden = out.size() - maxLines;
        out = out.mid(0, maxLines);
        out.append(QCoreApplication::translate("Toolgate::DefinitionChange", "… %n more line(s)", nullptr, int(hidden)));
    }
    return out;
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
