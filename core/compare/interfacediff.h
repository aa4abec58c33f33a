#pragma once

#include "core/compare/interfacesnapshot.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace Toolgate {

/// What an interface item is.
enum class InterfaceItemKind { Tool, Resource, ResourceTemplate, Prompt };

/// One item that differs between two snapshots of a server's interface.
struct InterfaceItemChange
{
    enum class Type { Added, Removed, Changed };

    InterfaceItemKind kind = InterfaceItemKind::Tool;
    Type type = Type::Changed;
    /// What identifies the item: a tool's or prompt's name, a resource's URI, a template's URI template.
    QString key;
    QJsonObject before; ///< the item's definition in the first snapshot (empty when added)
    QJsonObject after;  ///< in the second (empty when removed)
    /// Changed items: the fields that differ, in reading order (for a tool: "title", "description",
    /// "inputSchema", "outputSchema", "annotations", then the others).
    QStringList changedFields;

    /// A line diff of one field, pretty-printed with sorted keys ("- " / "+ " / "  " prefixes; the
    /// same diff the approval of a changed tool shows), at most maxLines lines.
    QStringList lineDiff(const QString &field, int maxLines = 400) const;
    /// title, else key.
    QString displayName() const;
};

/// The differences between two snapshots of a server's interface (or of two servers): added,
/// removed and changed tools, resources, resource templates and prompts. Items are matched by their
/// key; a change only in the order of keys or of items is no change. Deterministic order: by kind
/// (tools, resources, templates, prompts), then by key.
struct InterfaceDiff
{
    QList<InterfaceItemChange> changes;

    bool isEmpty() const { return changes.isEmpty(); }
    qsizetype count(InterfaceItemChange::Type type) const;

    static InterfaceDiff between(const InterfaceSnapshot &before, const InterfaceSnapshot &after);

    /// The machine form (CLI --json): {"equal", "added", "removed", "changed", "changes": [{"kind",
    /// "change", "key", "fields", "before", "after", "diff": {field: [lines]}}]}.
    QJsonObject toJson() const;

    /// "tool", "resource", "resourceTemplate", "prompt": stable names for files and scripts.
    static QString kindName(InterfaceItemKind kind);
    /// "added", "removed", "changed".
    static QString typeName(InterfaceItemChange::Type type);
    /// The kind in words, for people ("tool", "resource template"; translated).
    static QString describeKind(InterfaceItemKind kind);
};

} // namespace Toolgate
