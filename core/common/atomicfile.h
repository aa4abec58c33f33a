#pragma once

#include "result.h"

#include <QByteArray>
#include <QString>

namespace Toolgate {

/// Writing the files Toolgate keeps its state in (servers, approvals, roots, argument history, ...).
namespace AtomicFile {

/// Replaces the file at path with data so that a reader, or Toolgate after a crash, sees either the
/// old file or the new one and never a half-written one (QSaveFile: written beside it, then renamed).
/// Creates the folder when it is missing. The error (ConfigError) names the file and the reason.
Result<void> write(const QString &path, const QByteArray &data);

} // namespace AtomicFile

} // namespace Toolgate
