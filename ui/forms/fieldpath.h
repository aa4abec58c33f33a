#pragma once

#include "core/schema/schemavalidator.h"

#include <QString>

namespace Toolgate {

struct SchemaNode;

/// The labels a form shows along a JSON Pointer into a tool's arguments, joined the way a person
/// reads them: "/edits/0/oldText" of edit_file is "Edits › Item 1 › Old text". Parts the schema does
/// not describe are made readable from their names. Empty for the arguments as a whole.
QString fieldPathTitle(const SchemaNode &root, const QString &pointer);

/// One line about an issue, naming the field by its label: "Old text is required". Core says the
/// same with paths ("edits[0].oldText is required"); people see the form's words.
QString describeIssue(const SchemaNode &root, const SchemaIssue &issue);

/// issues in the order of their fields in the form, top down (the validator reports them in
/// QJsonObject's alphabetical order): "Path is required" before "Content is required".
QList<SchemaIssue> inFormOrder(const SchemaNode &root, QList<SchemaIssue> issues);

} // namespace Toolgate
