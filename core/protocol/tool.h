#pragma once

#include "core/common/jsonkeyorder.h"
#include "core/common/result.h"
#include "core/protocol/content.h"
#include "core/protocol/icon.h"
#include "core/protocol/page.h"
#include "core/protocol/task.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace Toolgate {

/// Behaviour hints from a tool's definition.
/// These are the server's own claims about its tool: show them, but never base a permission,
/// confirmation or safety decision on them, since a malicious server can say anything.
struct ToolAnnotations
{
    QString title;
    std::optional<bool> readOnlyHint;    // spec default false
    std::optional<bool> destructiveHint; // spec default true
    std::optional<bool> idempotentHint;  // spec default false
    std::optional<bool> openWorldHint;   // spec default true

    static ToolAnnotations fromJson(const QJsonObject &json);
    QJsonObject toJson() const;
    bool isEmpty() const;

    bool operator==(const ToolAnnotations &) const = default;
};

/// A tool definition from tools/list.
struct Tool
{
    QString name;
    QString title;
    QString description;
    QJsonObject inputSchema;
    QJsonObject outputSchema; // empty = the tool declares no structured output
    ToolAnnotations annotations;
    QList<Icon> icons;
    QJsonObject execution; // e.g. {"taskSupport": "optional"}; kept opaque
    QJsonObject meta;      // _meta
    QJsonObject raw;       // the definition as received, for fields we do not model
    /// The order of raw's keys as the server wrote them (QJsonObject sorts them); empty when
    /// unknown. The form asks fields in the order of the input schema's properties.
    JsonKeyOrder rawOrder;

    JsonKeyOrder inputSchemaOrder() const { return rawOrder.member(u"inputSchema"); }

    static Tool fromJson(const QJsonObject &json);
    /// The modelled fields, plus any keys of raw this struct does not model.
    QJsonObject toJson() const;

    /// What to show a person: title, else annotations.title, else name (the spec's precedence).
    QString displayName() const;

    /// What is wrong with this definition as received, in plain words: no name, or an inputSchema
    /// that is missing or not an object. Empty when nothing is.
    QStringList problems() const;
    /// The problems of a whole tools/list: each tool's problems(), and names that several tools share
    /// (a call by that name may reach any of them). Names are shown with hidden characters escaped.
    static QStringList listProblems(const QList<Tool> &tools);
};

using ToolPage = Page<Tool>;

/// The result of tools/call.
struct CallToolResult
{
    QList<Content> content;
    std::optional<QJsonObject> structuredContent;
    bool isError = false; // a tool-level failure the model should see, not a protocol error
    QJsonObject meta;     // _meta
    QJsonObject raw;      // the result as received
    JsonKeyOrder rawOrder; // the order of raw's keys as received (empty: unknown, or too long to read twice)
    /// Set when the server answered with a task instead (a CreateTaskResult): nothing else is, and
    /// the tool's result comes later, through the task (TaskFollower).
    std::optional<Task> task;

    /// Reads a result leniently: fields of the wrong type read as absent.
    static CallToolResult fromJson(const QJsonObject &json);
    /// Reads a result as a client must: a content that is not a list, an isError that is not a
    /// boolean or a structuredContent that is not an object are protocol errors, not a success.
    static Result<CallToolResult> parse(const QJsonObject &json);
    /// The modelled fields, plus any keys of raw this struct does not model (e.g. resultType).
    QJsonObject toJson() const;

    /// The text blocks joined by newlines; non-text blocks are skipped. For the CLI and logs.
    QString textSummary() const;
};

} // namespace Toolgate
