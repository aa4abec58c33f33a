#include "ui/forms/fieldpath.h"

#include "ui/forms/fieldeditor.h"
#include "core/schema/schemanode.h"

#include <QCoreApplication>

#include <algorithm>
#include <limits>

namespace Toolgate {

namespace {

QStringList tokens(const QString &pointer)
{
    if (!pointer.startsWith(u'/'))
        return {};
    QStringList parts = pointer.mid(1).split(u'/');
    for (QString &part : parts)
        part.replace(QStringLiteral("~1"), QStringLiteral("/")).replace(QStringLiteral("~0"), QStringLiteral("~"));
    return parts;
}

// The alternative of a choice that has a property called name, if any: the form shows that one.
// Also where the property is in its object's list (the form asks them in that order).
std::pair<const SchemaProperty *, qsizetype> propertyOf(const SchemaNode &node, const QString &name)
{
    if (const SchemaProperty *property = node.property(name))
        return {property, property - node.properties.constData()};
    for (const SchemaChoice &choice : node.choices) {
        if (const auto found = propertyOf(*choice.node, name); found.first)
            return found;
    }
    return {nullptr, -1};
}

// Follows pointer from root as the form shows it: for each step, the field's label and its place
// among its siblings in the form (the property's in the schema's order, an item's index; -1 where
// the schema does not describe it).
template<typename Step>
void walk(const SchemaNode &root, const QString &pointer, Step step)
{
    const SchemaNode *node = &root;
    static const SchemaNode undescribed;
    for (const QString &token : tokens(pointer)) {
        bool isIndex = false;
        const int index = token.toInt(&isIndex);
        const bool isArray = node->kind == SchemaNode::Kind::Array
            || (node->kind == SchemaNode::Kind::Any && isIndex && node != &root);
        if (isArray && isIndex && index >= 0) {
            step(QCoreApplication::translate("Toolgate::ArrayFieldEditor", "Item %1").arg(index + 1), qsizetype(index));
            if (index < node->tupleItems.size())
                node = node->tupleItems.at(index).get();
            else
                node = node->items ? node->items.get() : &undescribed;
        } else if (const auto [property, position] = propertyOf(*node, token); property) {
            step(FieldEditor::fieldTitle(*property->node, property->name), position);
            node = property->node.get();
        } else {
            step(FieldEditor::fieldTitle(undescribed, token), qsizetype(-1));
            node = node->additionalPropertiesNode ? node->additionalPropertiesNode.get() : &undescribed;
        }
    }
}

} // namespace

QString fieldPathTitle(const SchemaNode &root, const QString &pointer)
{
    QStringList labels;
    walk(root, pointer, [&labels](const QString &label, qsizetype) { labels.append(label); });
    return labels.join(QStringLiteral(" › "));
}

QString describeIssue(const SchemaNode &root, const SchemaIssue &issue)
{
    if (issue.notListed > 0)
        return issue.message; // a sentence of its own, about no one field
    if (issue.path.isEmpty())
        return QCoreApplication::translate("Toolgate::ArgumentForm", "The arguments %1").arg(issue.message);
    return fieldPathTitle(root, issue.path) + u' ' + issue.message;
}

QList<SchemaIssue> inFormOrder(const SchemaNode &root, QList<SchemaIssue> issues)
{
    // The validator reports in QJsonObject's (alphabetical) order; people read the form top down.
    // Fields the schema does not describe come after the ones it does, in the order reported, and the
    // count of problems not listed comes last.
    const auto placeOf = [&root](const SchemaIssue &issue) {
        QList<qsizetype> place;
        walk(root, issue.path, [&place](const QString &, qsizetype position) {
            place.append(position < 0 ? std::numeric_limits<qsizetype>::max() : position);
        });
        return place;
    };
    QList<std::pair<QList<qsizetype>, SchemaIssue>> placed;
    placed.reserve(issues.size());
    for (SchemaIssue &issue : issues)
        placed.append({placeOf(issue), std::move(issue)});
    std::stable_sort(placed.begin(), placed.end(), [](const auto &a, const auto &b) {
        if ((a.second.notListed > 0) != (b.second.notListed > 0))
            return b.second.notListed > 0;
        return a.first < b.first;
    });
    QList<SchemaIssue> ordered;
    ordered.reserve(placed.size());
    for (auto &entry : placed)
        ordered.append(std::move(entry.second));
    return ordered;
}

} // namespace Toolgate
