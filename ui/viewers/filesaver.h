#pragma once

#include <QByteArray>
#include <QString>

#include <functional>

class QFileDialog;
class QObject;
class QWidget;

namespace Toolgate {

/// "Save as…" for content bytes without blocking: a window-modal file dialog opened with
/// open(), and the file written on a worker thread.
class FileSaver final
{
public:
    FileSaver() = delete;

    /// Opens the Save dialog (objectName "saveDialog") over parent's window and returns it; when
    /// a file is chosen, writes bytes there and reports failures in a message box.
    static QFileDialog *saveAs(QWidget *parent, const QByteArray &bytes, const QString &suggestedName,
                               const QString &mimeType);
    /// Writes bytes to path atomically off the GUI thread; done(error) on context's thread,
    /// with an empty error on success.
    static void write(QObject *context, const QString &path, const QByteArray &bytes,
                      std::function<void(const QString &error)> done);
};

} // namespace Toolgate
