#pragma once

#include "core/common/jsonkeyorder.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace Toolgate {

struct SchemaNode;

/// One property of an object node.
struct SchemaProperty
{
    QString name;
    bool required = false;
    std::shared_ptr<const SchemaNode> node; // never null
};

/// One alternative of a choice node (oneOf/anyOf, or a type list such as ["string", "number"]).
struct SchemaChoice
{
    QString label; // title, else a discriminator value, else the $defs name, else the type
    std::shared_ptr<const SchemaNode> node; // never null
};

/// A walkable, simplified description of a JSON Schema for building forms.
/// References to the schema's own $defs/definitions are resolved, allOf parts are merged, "nullable"
/// forms (type ["x", "null"], anyOf [x, {type: null}]) become a flag, and oneOf/anyOf lists of consts
/// become enums with titles. It describes, it does not validate: use SchemaValidator for that.
struct SchemaNode
{
    /// What kind of input the value needs.
    enum class Kind { Any, Object, Array, String, Number, Integer, Boolean, Null, Choice };

    Kind kind = Kind::Any;
    QString title;
    QString description;
    QJsonValue defaultValue = QJsonValue(QJsonValue::Undefined); // Undefined when the schema has no default
    QJsonArray examples;

    QJsonArray enumValues;   // allowed values (enum, const, or a oneOf/anyOf of consts); empty = any
    QStringList enumTitles;  // same length as enumValues when non-empty; "" where a value has no title
    QString format;          // "date", "email", ... as written in the schema

    std::optional<double> minimum;
    std::optional<double> maximum;
    bool exclusiveMinimum = false; // minimum itself is not allowed
    bool exclusiveMaximum = false;
    std::optional<double> multipleOf;

    std::optional<qint64> minLength;
    std::optional<qint64> maxLength;
    QString pattern;

    std::optional<qint64> minItems;
    std::optional<qint64> maxItems;
    bool uniqueItems = false;

    bool nullable = false; // null is accepted besides the kind above
    bool readOnly = false;
    bool writeOnly = false;
    bool deprecated = false;
    bool truncated = false; // a recursive or unresolvable reference, or a schema too large, ended here; kind is Any

    /// Object: its properties, in the order the schema's text lists them when fromSchema() was given
    /// that order; without it (QJsonObject sorts keys) the required ones first, then the optional
    /// ones, each alphabetically.
    QList<SchemaProperty> properties;
    bool additionalProperties = true;                        // false: only the listed properties are allowed
    std::shared_ptr<const SchemaNode> additionalPropertiesNode; // schema for other properties, if given

    /// Array: the schema of the items (after any tupleItems); null when anything goes.
    std::shared_ptr<const SchemaNode> items;
    QList<std::shared_ptr<const SchemaNode>> tupleItems; // prefixItems / draft-07 tuple "items"

    /// Choice: the alternatives.
    QList<SchemaChoice> choices;

    /// Builds the description; never fails. A schema too large or deep to compile (see SchemaValidator) is
    /// described as Any (truncated). Unresolvable or remote references become Any (truncated),
    /// and so does a recursive reference once it has been followed 8 times on the same path.
    /// schemaOrder is the key order of the schema's text (JsonKeyOrder::fromJson, Tool::inputSchemaOrder()).
    static SchemaNode fromSchema(const QJsonObject &schema, const JsonKeyOrder &schemaOrder = {});

    /// The key order of a value this node describes: its properties in list order, recursively,
    /// for writing arguments in the order the form asks them.
    JsonKeyOrder valueOrder() const;

    /// The property with this name, or nullptr.
    const SchemaProperty *property(const QString &name) const;
    /// Names of the properties, in list order.
    QStringList propertyNames() const;
    /// The lower-case JSON Schema name of a kind ("object", "integer", "choice", "any").
    static QString kindName(Kind kind);
};

} // namespace Toolgate
