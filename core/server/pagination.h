#pragma once

#include "core/common/result.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStringView>

namespace Toolgate {

/// One page of a list result: the items of all from params' cursor on, under key, with a
/// nextCursor when more follow. pageSize 0 sends the rest in one page. Cursors are opaque to
/// clients; an invalid one is an invalid-params error.
Result<QJsonObject> paginate(const QJsonArray &all, QStringView key, const QJsonObject &params, int pageSize);

} // namespace Toolgate
