#pragma once

#include "core/common/result.h"

#include <QByteArray>
#include <QString>

namespace Toolgate {

/// Writes binary content (images, audio, blobs) into the --save-dir folder under fresh names,
/// never overwriting a file that is already there.
class AttachmentSaver final
{
public:
    /// directory empty: saving is off.
    explicit AttachmentSaver(QString directory);

    bool isEnabled() const { return !m_directory.isEmpty(); }
    /// Saves bytes as <stem>.<extension for mimeType> (stem made safe for file names) and
    /// returns the path written.
    Result<QString> save(const QByteArray &bytes, const QString &mimeType, const QString &stem);

private:
    QString m_directory;
};

} // namespace Toolgate
