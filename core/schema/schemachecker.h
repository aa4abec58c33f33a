#pragma once

#include "core/common/jsonkeyorder.h"
#include "core/common/result.h"
#include "core/schema/schemavalidator.h"

#include <QJsonObject>
#include <QJsonValue>

#include <functional>
#include <memory>
#include <optional>

class QObject;

namespace Toolgate {

struct SchemaNode;

/// Compiles JSON Schemas, describes them for forms and checks values against them on a thread of its
/// own, so that no schema or value a server sends keeps the GUI thread busy (issue #13): compiling a
/// schema of a few hundred KB, or checking 50,000 items, takes 50-150 ms. One thread, so work ends in
/// the order it was asked for. Compiled validators are cached by schema text and shared by all users:
/// the form that asks for a tool's arguments and the call pipeline that checks them compile once.
///
/// Results are handed to a callback on the thread of a context object, in a later turn of its event
/// loop, and only if the context still exists. Safe to use from any thread.
class SchemaChecker final
{
    Q_DISABLE_COPY_MOVE(SchemaChecker)
public:
    /// A compiled schema, or why it cannot be used. Never null where this class hands one out.
    using Validator = std::shared_ptr<const Result<SchemaValidator>>;

    /// What checking one value against one schema found.
    struct Check
    {
        Validator validator;
        /// Valid (and no issues) when the schema cannot be used: validator says why.
        SchemaCheck result;
    };

    /// A schema made ready for a form: its validator and its description.
    struct Prepared
    {
        Validator validator;
        std::shared_ptr<const SchemaNode> node; // never null
    };

    /// Units of work a check done at once on the caller's thread may spend (checkSoon()): well under a
    /// millisecond. Checks that need more go to the checking thread.
    static constexpr qint64 kInlineWork = 20'000;

    SchemaChecker();
    /// Waits for the work in progress; work not started is dropped.
    ~SchemaChecker();

    /// The checker the parts of the app share (the call pipeline, argument forms). Lives until exit.
    static SchemaChecker *shared();

    /// schema's validator: from the cache, else compiled on the calling thread and cached.
    Validator validator(const QJsonObject &schema);

    /// Compiles schema (unless cached) and checks instance with it on the checking thread, then calls
    /// done on context's thread. An empty schema is compiled like any other (it accepts everything).
    void check(const QJsonObject &schema, const QJsonValue &instance, QObject *context, std::function<void(const Check &)> done);

    /// Checks instance with validator: at once if that takes at most kInlineWork units, returning the
    /// result (done is then never called); otherwise on the checking thread with the full budget
    /// (SchemaValidator::kValidationWork), returning nullopt and calling done later on context's thread.
    std::optional<SchemaCheck> checkSoon(const SchemaValidator &validator, const QJsonValue &instance, QObject *context,
                                         std::function<void(const SchemaCheck &)> done);

    /// How many JSON values a schema may hold, and hold no reference, to be prepared at once by
    /// prepareSoon(): compiling and describing it then takes well under a millisecond.
    static constexpr int kInlineSchemaValues = 300;

    /// As prepare(), but at once when schema is small (see kInlineSchemaValues), returning the result
    /// (done is then never called); otherwise returns nullopt and calls done later. Deciding costs at
    /// most a look at kInlineSchemaValues values.
    std::optional<Prepared> prepareSoon(const QJsonObject &schema, const JsonKeyOrder &schemaOrder, QObject *context,
                                        std::function<void(const Prepared &)> done);

    /// Compiles schema (unless cached) and builds its SchemaNode (SchemaNode::fromSchema with
    /// schemaOrder) on the checking thread, then calls done on context's thread.
    void prepare(const QJsonObject &schema, const JsonKeyOrder &schemaOrder, QObject *context,
                 std::function<void(const Prepared &)> done);

    /// Runs work on the checking thread, after everything asked for before it, then calls done on
    /// context's thread unless context is gone. work must not touch context. Like the functions
    /// above, to be called on context's thread.
    void run(QObject *context, std::function<void()> work, std::function<void()> done);

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace Toolgate
