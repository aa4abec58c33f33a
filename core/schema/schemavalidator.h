#pragma once

#include "common/result.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <memory>

namespace Toolgate {

/// One way in which a value fails a schema, phrased for people who do not read JSON Schema.
struct SchemaIssue
{
    /// JSON Pointer to the offending value, e.g. "/items/0/name"; "" for the value itself.
    /// For a missing property it points where the property should be ("/b").
    QString path;
    /// Short phrase that completes "<path>: ...", e.g. "is required", "must be at least 1".
    QString message;

    bool operator==(const SchemaIssue &) const = default;
};

/// A JSON Schema compiled once (with valijson) and then used to check any number of values.
/// Copies are cheap and share the compiled form; validate() is const and safe to call from several threads.
///
/// Supported: draft-07 and the common 2020-12 keywords ($defs, prefixItems, dependentRequired,
/// dependentSchemas, $anchor, $ref next to other keywords). References must stay inside the schema:
/// nothing is ever fetched, and compile() fails on references to other documents.
/// Not supported (ignored): unevaluatedProperties/unevaluatedItems, minContains/maxContains, $dynamicRef
/// scoping (treated as a plain $ref). Unknown keywords and unknown formats are ignored.
class SchemaValidator final
{
public:
    /// A validator that accepts every value; isNull() is true. Use compile() for a real one.
    SchemaValidator() = default;

    /// Parses schema once; fails with a readable message if it is not a usable JSON Schema
    /// (external or dangling $ref, invalid regular expression, ...).
    static Result<SchemaValidator> compile(const QJsonObject &schema);

    /// True for a default-constructed validator.
    bool isNull() const { return !m_compiled; }

    /// The schema this validator was compiled from.
    QJsonObject schema() const;

    /// Every problem with instance, sorted by path; empty when instance is valid.
    QList<SchemaIssue> validate(const QJsonValue &instance) const;

    /// One line per issue, "path: message", with paths written as people read them ("items[0].name").
    static QString describe(const QList<SchemaIssue> &issues);
    /// A path from SchemaIssue written as people read it: "/items/0/name" -> "items[0].name".
    static QString readablePath(const QString &pointer);

private:
    struct Compiled;
    explicit SchemaValidator(std::shared_ptr<const Compiled> compiled) : m_compiled(std::move(compiled)) {}

    std::shared_ptr<const Compiled> m_compiled;
};

} // namespace Toolgate
