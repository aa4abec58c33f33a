#pragma once

#include <QJsonObject>
#include <QJsonValue>

namespace Toolgate {

/// Equality of JSON values that is instant for objects and arrays that share their data. Comparing two
/// QJsonObjects (or QJsonArrays) looks at their data first; comparing the objects that hold them walks
/// every member instead, even when a member is the very same data: tens of milliseconds for a
/// multi-megabyte schema a server sent, on every comparison of the tools that hold it.
namespace JsonCompare {

bool same(const QJsonValue &a, const QJsonValue &b);
/// Whether a and b have the same members, each compared with same().
bool sameMembers(const QJsonObject &a, const QJsonObject &b);

} // namespace JsonCompare

} // namespace Toolgate
