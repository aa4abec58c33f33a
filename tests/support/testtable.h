#pragma once

// Data-driven tests: the columns of a table in one line.

#include <QTest>

namespace Toolgate::TestSupport {

/// Adds one column a type: addColumns<QString, bool>("key", "secret").
template<typename... Types, typename... Names>
void addColumns(const Names &...names)
{
    static_assert(sizeof...(Types) == sizeof...(Names), "one name for each column type");
    (QTest::addColumn<Types>(names), ...);
}

} // namespace Toolgate::TestSupport
