#pragma once

#include "core/common/result.h"

#include <QByteArray>
#include <QLockFile>
#include <QString>

#include <memory>

namespace Toolgate {

/// Writing the files Toolgate keeps its state in (servers, approvals, roots, argument history, ...).
namespace AtomicFile {

/// Replaces the file at path with data so that a reader, or Toolgate after a crash, sees either the
/// old file or the new one and never a half-written one (QSaveFile: written beside it, then renamed).
/// Creates the folder when it is missing. The error (ConfigError) names the file and the reason.
Result<void> write(const QString &path, const QByteArray &data);

/// For a file more than one Toolgate process changes (the app and toolgate-cli each keep a copy in
/// memory): the lock (path + ".lock") to hold while reading the file again, making one change to what
/// it holds now and writing it, so that neither drops what the other stored. Creates the folder when
/// it is missing (a fresh account has none yet). A ConfigError naming the file and the reason when
/// the folder cannot be made or the lock file not written, or when another process held the lock
/// for longer than waitMs. A lock left by a crashed process goes stale within seconds.
Result<std::unique_ptr<QLockFile>> lockForUpdate(const QString &path, int waitMs);

} // namespace AtomicFile

} // namespace Toolgate
