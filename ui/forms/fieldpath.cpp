#include "fieldpath.h"

#include "fieldeditor.h"
#include "schema/schemanode.h"

#include <QCoreApplication>

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
const SchemaProperty *propertyOf(const SchemaNode &node, const QString &name)
{
    if (const SchemaProperty *property = node.property(name))
        return property;
    for (const SchemaChoice &choice : node.choices) {
        if (const SchemaProperty *property = propertyOf(*choice.node, name))
            return property;
    }
    return nullptr;
}

} // namespace

QString fieldPathTitle(const SchemaNode &root, const QString &pointer)
{
    QStringList labels;
    const SchemaNode *node = &root;
    static const SchemaNode undescribed;
    for (const QString &token : tokens(pointer)) {
        bool isIndex = false;
        const int index = token.toInt(&isIndex);
        const bool isArray = node->kind == SchemaNode::Kind::Array
            || (node->kind == SchemaNode::Kind::Any && isIndex && node != &root);
        if (isArray && isIndex && index >= 0) {
            labels.append(QCoreApplication::translate("Toolgate::ArrayFieldEditor", "Item %1").arg(index + 1));
            if (index < node->tupleItems.size())
                node = node->tupleItems.at(index).get();
            else
                node = node->items ? node->items.get() : &undescribed;
        } else if (const SchemaProperty *property = propertyOf(*node, token)) {
            labels.append(FieldEditor::fieldTitle(*property->node, property->name));
            node = property->node.get();
        } else {
            labels.append(FieldEditor::fieldTitle(undescribed, token));
            node = node->additionalPropertiesNode ? node->additionalPropertiesNode.get() : &undescribed;
        }
    }
    return labels.join(QStringLiteral(" › "));
}

QString describeIssue(const SchemaNode &root, const SchemaIssue &issue)
{
    if (issue.path.isEmpty())
        return QCoreApplication::translate("Toolgate::ArgumentForm", "The arguments %1").arg(issue.message);
    return fieldPathTitle(root, issue.path) + u' ' + issue.message;
}

} // namespace Toolgate
