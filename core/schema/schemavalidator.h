#pragma once

#include "core/common/result.h"

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
    /// When positive, this issue stands for that many more problems the list leaves out: it comes last,
    /// its path is empty and its message is a sentence of its own ("900 more problems are not listed").
    qsizetype notListed = 0;

    bool operator==(const SchemaIssue &) const = default;
};

/// How checking a value against a schema ended.
enum class SchemaVerdict {
    Valid,      ///< the value matches the schema
    Invalid,    ///< the value does not match; the issues say why
    TooComplex, ///< checking was stopped before an answer: the value or the schema needs more work than
                ///< Toolgate allows (see SchemaCheck::work), or a pattern backtracks without end
};

/// The outcome of SchemaValidator::check().
struct SchemaCheck
{
    SchemaVerdict verdict = SchemaVerdict::Valid;
    /// Invalid: every problem, sorted by path (at most SchemaValidator::kMaxIssues, then one issue at the
    /// root saying how many more there are). TooComplex: one issue saying, in plain words, why the value
    /// could not be checked, e.g. "could not be checked: the pattern ^(a+)+b$ is too complex to check".
    QList<SchemaIssue> issues;
    /// Work spent, in the units of SchemaValidator::kValidationWork; for tests and benchmarks.
    qint64 work = 0;
    /// TooComplex because the work budget ran out (not a pattern's own step limit, nor the nesting
    /// depth): a check with a larger budget may come to a verdict.
    bool outOfBudget = false;
};

/// A JSON Schema compiled once and then used to check any number of values.
/// Copies are cheap and share the compiled form; validate() is const and safe to call from several threads.
///
/// Schemas and values come from servers, so every step is bounded: compile() refuses schemas that are
/// too large or too deeply nested, or whose compiling needs more than kCompileWork (such errors are
/// isTooComplex()); check() stops after kValidationWork units of work or kMaxDepth nested checks with
/// the verdict TooComplex. Patterns are matched by PCRE2 (QRegularExpression), which never recurses on
/// the stack, with a step limit. The budgets keep one compile() or check() within some 40 ms of CPU on
/// a slow machine (docs/benchmarks.md), so they may run on the GUI thread.
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

    /// Units of work one check() may spend: applying one schema to one value costs 16, a backtracking
    /// step of a pattern 1.
    static constexpr qint64 kValidationWork = 2'000'000;
    /// Units of work one compile() may spend, on top of what the schema's size allows: 60,000 values,
    /// each object or list counting as 13, nested at most 128 levels (refused before any other work).
    static constexpr qint64 kCompileWork = 1'500'000;
    /// How many schemas check() may apply inside each other (through properties, items, references and
    /// combinators); deeper values are TooComplex. Bounds the stack, whatever a server sends.
    static constexpr int kMaxDepth = 400;
    /// check() lists at most this many issues.
    static constexpr qsizetype kMaxIssues = 100;

    /// Parses schema once; fails with a readable message if it is not a usable JSON Schema
    /// (external or dangling $ref, invalid regular expression, ...) or is too complex to check
    /// (isTooComplex() is then true for the error).
    static Result<SchemaValidator> compile(const QJsonObject &schema);

    /// True for an error of compile() that says the schema is too large or complex to check, rather
    /// than wrong.
    static bool isTooComplex(const Error &error);

    /// True for a default-constructed validator.
    bool isNull() const { return !m_compiled; }

    /// The schema this validator was compiled from.
    QJsonObject schema() const;

    /// Checks instance within kValidationWork; see SchemaCheck. A null validator finds everything valid.
    SchemaCheck check(const QJsonValue &instance) const;
    /// Same, with another work budget (tests, benchmarks, callers that can afford more or less).
    SchemaCheck check(const QJsonValue &instance, qint64 workBudget) const;

    /// Every problem with instance, sorted by path; empty when instance is valid. When the value is too
    /// complex to check, one issue says so: check().issues.
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
