#pragma once

#include "core/protocol/tool.h"

#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

namespace Toolgate {

/// One place where two JSON values differ, named by its JSON pointer (RFC 6901; "" is the whole value).
struct JsonPathChange
{
    enum class Type { Added, Removed, Changed };

    Type type = Type::Changed;
    QString pointer;
    QJsonValue before; ///< undefined when added
    QJsonValue after;  ///< undefined when removed
};

/// Two tool results compared, for showing them side by side: a line diff of their text, and where
/// their structured content differs.
struct ResultDiff
{
    struct Limits
    {
        int maxTextLines = 2000;  ///< lines of textDiff, the rest summarised in its last line
        int maxPathChanges = 500; ///< entries of structuredChanges; structuredTruncated says when more differed
    };

    bool isErrorChanged = false;
    /// The text blocks (CallToolResult::textSummary()) differ.
    bool textChanged = false;
    /// The whole text as a line diff ("- " / "+ " / "  " prefixes); empty when the texts are equal.
    QStringList textDiff;
    /// Content blocks other than text (images, resources, ...) differ.
    bool otherContentChanged = false;
    /// Sorted by pointer; an object member or array element present on one side only is Added or
    /// Removed as a whole, a value of another type or another scalar is Changed.
    QList<JsonPathChange> structuredChanges;
    bool structuredTruncated = false;

    bool isEmpty() const;

    static ResultDiff between(const CallToolResult &before, const CallToolResult &after, const Limits &limits);
    static ResultDiff between(const CallToolResult &before, const CallToolResult &after) { return between(before, after, Limits{}); }
    /// Where two JSON values differ, at most maxChanges entries (*truncated set when there were more).
    static QList<JsonPathChange> jsonDiff(const QJsonValue &before, const QJsonValue &after, int maxChanges = 500,
                                          bool *truncated = nullptr);
    /// A value as compact JSON of at most maxChars characters ("…" and the full size when cut): huge
    /// values are shown bounded.
    static QString preview(const QJsonValue &value, int maxChars = 200);
};

} // namespace Toolgate
