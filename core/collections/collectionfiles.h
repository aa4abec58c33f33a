#pragma once

#include "core/collections/collection.h"
#include "core/common/result.h"

#include <QString>

namespace Toolgate::CollectionFiles {

/// A file name in folder for a new collection called name: its letters and digits, ".json", numbered
/// when that file exists already (never overwrites one).
QString newPath(const QString &folder, const QString &name);
/// Creates an empty collection called name in folder; returns its path.
Result<QString> create(const QString &folder, const QString &name);
/// Adds call to the collection at path (load, append, save atomically); a file that does not exist yet
/// becomes a new collection called newName. A file that cannot be read is left as it is.
Result<void> append(const QString &path, const SavedCall &call, const QString &newName);
/// Copies source into folder after checking that it is a collection Toolgate can read; returns the copy's
/// path. The error says what is wrong with the file.
Result<QString> import(const QString &source, const QString &folder);
/// Copies the collection at path to destination, replacing what is there.
Result<void> exportTo(const QString &path, const QString &destination);

} // namespace Toolgate::CollectionFiles
