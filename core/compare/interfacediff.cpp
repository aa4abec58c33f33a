#include "core/compare/interfacediff.h"

#include "core/calls/toolpin.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QMap>

#include <algorithm>

namespace Toolgate {

namespace {

/// The order a person reads each kind of item in; fields not named follow in sorted order.
QStringList readingOrder(InterfaceItemKind kind)
{
    switch (kind) {
    case InterfaceItemKind::Tool:
        return {QStringLiteral("name"), QStringLiteral("title"), QStringLiteral("description"), QStringLiteral("inputSchema"),
                QStringLiteral("outputSchema"), QStringLiteral("annotations"), QStringLiteral("execution"),
                QStringLiteral("icons"), QStringLiteral("_meta")};
    case InterfaceItemKind::Resource:
        return {QStringLiteral("uri"), QStringLiteral("name"), QStringLiteral("title"), QStringLiteral("description"),
                QStringLiteral("mimeType"), QStringLiteral("size"), QStringLiteral("annotations"), QStringLiteral("icons"),
                QStringLiteral("_meta")};
    case InterfaceItemKind::ResourceTemplate:
        return {QStringLiteral("uriTemplate"), QStringLiteral("name"), QStringLiteral("title"), QStringLiteral("description"),
                QStringLiteral("mimeType"), QStringLiteral("annotations"), QStringLiteral("icons"), QStringLiteral("_meta")};
    case InterfaceItemKind::Prompt:
        return {QStringLiteral("name"), QStringLiteral("title"), QStringLiteral("description"), QStringLiteral("arguments"),
                QStringLiteral("icons"), QStringLiteral("_meta")};
    }
    return {};
}

QString keyField(InterfaceItemKind kind)
{
    switch (kind) {
    case InterfaceItemKind::Resource:
        return QStringLiteral("uri");
    case InterfaceItemKind::ResourceTemplate:
        return QStringLiteral("uriTemplate");
    case InterfaceItemKind::Tool:
    case InterfaceItemKind::Prompt:
        break;
    }
    return QStringLiteral("name");
}

QStringList changedFields(InterfaceItemKind kind, const QJsonObject &before, const QJsonObject &after)
{
    QStringList fields;
    const QStringList order = readingOrder(kind);
    for (const QString &field : order) {
        if (before.value(field) != after.value(field))
            fields.append(field);
    }
    QStringList others = before.keys();
    for (const QString &key : after.keys()) {
        if (!before.contains(key))
            others.append(key);
    }
    std::sort(others.begin(), others.end());
    for (const QString &field : std::as_const(others)) {
        if (!order.contains(field) && before.value(field) != after.value(field))
            fields.append(field);
    }
    return fields;
}

/// Compares the items of one kind; a key several items share is matched occurrence by occurrence.
void compare(InterfaceItemKind kind, const QList<QJsonObject> &before, const QList<QJsonObject> &after,
             QList<InterfaceItemChange> &out)
{
    const QString keyName = keyField(kind);
    QMap<QString, QList<QJsonObject>> old, now;
    for (const QJsonObject &item : before)
        old[item.value(keyName).toString()].append(item);
    for (const QJsonObject &item : after)
        now[item.value(keyName).toString()].append(item);
    QStringList keys = old.keys();
    for (const QString &key : now.keys()) {
        if (!old.contains(key))
            keys.append(key);
    }
    std::sort(keys.begin(), keys.end());
    for (const QString &key : std::as_const(keys)) {
        const QList<QJsonObject> a = old.value(key);
        const QList<QJsonObject> b = now.value(key);
        for (qsizetype i = 0; i < std::max(a.size(), b.size()); ++i) {
            InterfaceItemChange change;
            change.kind = kind;
            change.key = key;
            if (i >= a.size()) {
                change.type = InterfaceItemChange::Type::Added;
                change.after = b.at(i);
            } else if (i >= b.size()) {
                change.type = InterfaceItemChange::Type::Removed;
                change.before = a.at(i);
            } else {
                if (a.at(i) == b.at(i))
                    continue;
                change.type = InterfaceItemChange::Type::Changed;
                change.before = a.at(i);
                change.after = b.at(i);
                change.changedFields = changedFields(kind, change.before, change.after);
            }
            out.append(change);
        }
    }
}

QList<QJsonObject> toolJson(const QList<Tool> &tools)
{
    QList<QJsonObject> out;
    for (const Tool &tool : tools)
        out.append(tool.raw.isEmpty() ? tool.toJson() : tool.raw);
    return out;
}

} // namespace

QStringList InterfaceItemChange::lineDiff(const QString &field, int maxLines) const
{
    DefinitionChange definitions;
    definitions.before = before;
    definitions.after = after;
    definitions.changedFields = changedFields;
    return definitions.lineDiff(field, maxLines);
}

QString InterfaceItemChange::displayName() const
{
    const QJsonObject &item = after.isEmpty() ? before : after;
    const QString title = item.value(u"title").toString();
    return title.isEmpty() ? key : title;
}

qsizetype InterfaceDiff::count(InterfaceItemChange::Type type) const
{
    return std::count_if(changes.cbegin(), changes.cend(), [type](const InterfaceItemChange &change) { return change.type == type; });
}

InterfaceDiff InterfaceDiff::between(const InterfaceSnapshot &before, const InterfaceSnapshot &after)
{
    InterfaceDiff diff;
    compare(InterfaceItemKind::Tool, toolJson(before.tools), toolJson(after.tools), diff.changes);
    compare(InterfaceItemKind::Resource, jsonObjectsOf(before.resources), jsonObjectsOf(after.resources), diff.changes);
    compare(InterfaceItemKind::ResourceTemplate, jsonObjectsOf(before.resourceTemplates), jsonObjectsOf(after.resourceTemplates), diff.changes);
    compare(InterfaceItemKind::Prompt, jsonObjectsOf(before.prompts), jsonObjectsOf(after.prompts), diff.changes);
    return diff;
}

QJsonObject InterfaceDiff::toJson() const
{
    QJsonArray list;
    for (const InterfaceItemChange &change : changes) {
        QJsonObject item{{QStringLiteral("kind"), kindName(change.kind)},
                         {QStringLiteral("change"), typeName(change.type)},
                         {QStringLiteral("key"), change.key}};
        if (!change.before.isEmpty())
            item.insert(QStringLiteral("before"), change.before);
        if (!change.after.isEmpty())
            item.insert(QStringLiteral("after"), change.after);
        if (change.type == InterfaceItemChange::Type::Changed) {
            item.insert(QStringLiteral("fields"), QJsonArray::fromStringList(change.changedFields));
            QJsonObject lines;
            for (const QString &field : change.changedFields)
                lines.insert(field, QJsonArray::fromStringList(change.lineDiff(field)));
            item.insert(QStringLiteral("diff"), lines);
        }
        list.append(item);
    }
    return QJsonObject{{QStringLiteral("equal"), isEmpty()},
                       {QStringLiteral("added"), double(count(InterfaceItemChange::Type::Added))},
                       {QStringLiteral("removed"), double(count(InterfaceItemChange::Type::Removed))},
                       {QStringLiteral("changed"), double(count(InterfaceItemChange::Type::Changed))},
                       {QStringLiteral("changes"), list}};
}

QString InterfaceDiff::kindName(InterfaceItemKind kind)
{
    switch (kind) {
    case InterfaceItemKind::Tool: return QStringLiteral("tool");
    case InterfaceItemKind::Resource: return QStringLiteral("resource");
    case InterfaceItemKind::ResourceTemplate: return QStringLiteral("resourceTemplate");
    case InterfaceItemKind::Prompt: return QStringLiteral("prompt");
    }
    return {};
}

QString InterfaceDiff::typeName(InterfaceItemChange::Type type)
{
    switch (type) {
    case InterfaceItemChange::Type::Added: return QStringLiteral("added");
    case InterfaceItemChange::Type::Removed: return QStringLiteral("removed");
    case InterfaceItemChange::Type::Changed: return QStringLiteral("changed");
    }
    return {};
}

QString InterfaceDiff::describeKind(InterfaceItemKind kind)
{
    switch (kind) {
    case InterfaceItemKind::Tool: return QCoreApplication::translate("Toolgate::InterfaceDiff", "tool");
    case InterfaceItemKind::Resource: return QCoreApplication::translate("Toolgate::InterfaceDiff", "resource");
    case InterfaceItemKind::ResourceTemplate: return QCoreApplication::translate("Toolgate::InterfaceDiff", "resource template");
    case InterfaceItemKind::Prompt: return QCoreApplication::translate("Toolgate::InterfaceDiff", "prompt");
    }
    return {};
}

} // namespace Toolgate
