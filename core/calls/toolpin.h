#pragma once

#include "core/protocol/tool.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace Toolgate {

/// What a person approved of a tool: the parts of its definition that say what it does and what it
/// takes (name, title, description, input and output schema, annotations). A server that changes any
/// of them after the approval (a "rug pull") presents a different tool, and the approval no longer
/// covers it (ApprovalPolicy). Icons, _meta and execution are not part of it: they change no meaning.
struct ToolPin
{
    QJsonObject definition; ///< pinnedPart() of the approved tool
    /// fingerprintOf(definition), made where the pin is written to a file (ApprovalPolicy): empty for a
    /// pin not written yet. Writing and hashing a multi-megabyte schema takes a noticeable time.
    QString fingerprint;
    QDateTime pinnedAt;

    /// The pin of tool as it is now (no fingerprint yet).
    static ToolPin of(const Tool &tool);
    static QJsonObject pinnedPart(const Tool &tool);
    /// SHA-256 (hex) of the canonical JSON (sorted keys, compact) of a pinned part.
    static QString fingerprintOf(const QJsonObject &pinnedPart);
    /// The canonical JSON of a pinned part, and its fingerprint.
    static QByteArray canonicalText(const QJsonObject &pinnedPart);
    static QString fingerprintOfText(const QByteArray &canonicalText);
    /// Whether two definitions agree in every pinned field, compared as they are held (no JSON is
    /// written, and a schema shared by both compares at once): for the GUI thread, where a multi-MB
    /// schema would take a noticeable time to write and hash.
    static bool samePinnedDefinition(const Tool &a, const Tool &b);
    /// How many of tools are named name when their definitions differ (2 or more), else 0: a server
    /// that lists two different tools under one name runs whichever it likes, so no one of them can be
    /// approved. Identical twins are harmless (0).
    static qsizetype differentDefinitions(const QList<Tool> &tools, const QString &name);
};

/// How a tool's definition changed since it was pinned: what the next confirmation shows before the
/// person decides again, and what the audit log records.
struct DefinitionChange
{
    QJsonObject before;
    QJsonObject after;
    QDateTime pinnedAt;
    /// The fields that differ, in the order a person reads a tool: "title", "description",
    /// "inputSchema", "outputSchema", "annotations" ("name" only for a renamed pin).
    QStringList changedFields;

    /// In words: "the description and the input schema changed since you approved it on 26 Nov 2026".
    QString summary() const;
    /// Both sides as indented JSON text, keys sorted, for a side-by-side or line diff.
    QString beforeText(const QString &field) const;
    QString afterText(const QString &field) const;
    /// A line diff of one field (unified style, "- " / "+ " / "  " prefixes), at most maxLines lines.
    QStringList lineDiff(const QString &field, int maxLines = 400) const;

    /// Compares the pinned part of now with the pin's definition as held: instant when they share their
    /// data, member by member when not (no JSON is written).
    static std::optional<DefinitionChange> between(const ToolPin &pin, const Tool &now);
    /// A field's name in words ("the input schema").
    static QString describeField(const QString &field);
};

} // namespace Toolgate
