#pragma once

#include <QCoreApplication>
#include <QString>

namespace Toolgate {

/// Human-readable numbers and names for viewers.
class ViewerFormat final
{
    Q_DECLARE_TR_FUNCTIONS(Toolgate::ViewerFormat)
public:
    ViewerFormat() = delete;

    /// "512 bytes", "12.3 KB", "20.0 MB" (1024-based, one decimal).
    static QString byteSize(qint64 bytes);
    /// "0.25 s", "3.4 s", "2:05", "1:02:03".
    static QString duration(double seconds);
    /// How long something took, as people say it: "850 ms", "10.0 s", "2 min 5 s", "1 h 3 min".
    static QString elapsed(qint64 milliseconds);
    /// A file name to offer in Save dialogs: the last path segment of uri if it has one,
    /// else fallbackBase plus the preferred suffix of mimeType ("image.png").
    static QString suggestedFileName(const QString &uri, const QString &mimeType, const QString &fallbackBase);
    /// Untrusted text made safe for a tooltip (QToolTip guesses rich text), shortened to maxChars.
    static QString toolTip(const QString &untrusted, qsizetype maxChars = 2000);
    /// text cut to maxChars with an ellipsis, and with line breaks shown as "⏎" so it fits one line.
    static QString oneLine(const QString &text, qsizetype maxChars = 500);
};

} // namespace Toolgate
