#pragma once

#include "core/calls/toolcall.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace Toolgate {

/// What one expectation of a saved call found about a call's outcome.
struct ExpectationResult
{
    QString name;    ///< the expectation's name (given in the file, or made from what it checks)
    bool passed = false;
    QString message; ///< when failed: what was expected and what came instead, in plain words
};

/// One thing a saved call expects of its result (issue 19): written in a collection file as an object
/// with one of these keys (docs/collections.md), optionally with a "name":
///   {"isError": false}                                   the tool did (not) report an error
///   {"textContains": "sunny"}                            the result's text contains this
///   {"pointer": "/units", "equals": "celsius"}           structured content at a JSON pointer equals
///   {"pointer": "/conditions", "matches": "^sun"}        ... is a string matching a regular expression
///   {"matchesOutputSchema": true}                        structured content matches the output schema
///   {"withinMs": 2000}                                   the call finished within so many ms
struct Expectation
{
    enum class Kind { IsError, TextContains, PointerEquals, PointerMatches, MatchesOutputSchema, WithinMs };

    Kind kind = Kind::IsError;
    QString name;       ///< empty: describe() names it
    bool flag = false;  ///< IsError, MatchesOutputSchema
    QString text;       ///< TextContains: the text; PointerMatches: the pattern
    QString pointer;    ///< PointerEquals, PointerMatches: a JSON pointer into structuredContent
    QJsonValue value;   ///< PointerEquals
    qint64 ms = 0;      ///< WithinMs

    /// The name shown in reports: the given one, else what it checks ("text contains \"sunny\"").
    QString displayName() const;
    /// Checks the outcome of a call. A call that got no result from the tool (denied, failed, cancelled)
    /// fails every expectation, saying why.
    ExpectationResult evaluate(const ToolCallOutcome &outcome) const;
    /// Whether it can check a model's call: "equals" and "matches", at a pointer into the arguments.
    bool checksArguments() const;
    /// Checks the arguments a model wrote for a tool (a prompt's expected call); checksArguments() only.
    ExpectationResult evaluateArguments(const QJsonObject &arguments) const;

    /// Reads one expectation; errors say which field is wrong (where names the call, for the message).
    static Result<Expectation> fromJson(const QJsonValue &json, const QString &where);
    QJsonObject toJson() const;

    /// Text of at most maxChars characters, with "…" and the number left out when longer.
    static QString shortened(const QString &text, qsizetype maxChars = 300);

private:
    enum class Subject { StructuredContent, Arguments };
    /// "equals" / "matches" at the pointer into root; sets result's passed and message.
    void checkPointer(const QJsonValue &root, Subject subject, ExpectationResult *result) const;
};

} // namespace Toolgate
