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
    /// A place in a recording, as a player's clock shows it: "0.25 s", "3.4 s" ("3,4 s" in German), "2:05",
    /// "1:02:03". How long something took is DisplayText::duration().
    static QString duration(double seconds);
    /// A file name to offer in Save dialogs: the last path segment of uri if it has one,
    /// else fallbackBase plus the preferred suffix of mimeType ("image.png").
    static QString suggestedFileName(const QString &uri, const QString &mimeType, const QString &fallbackBase);
    /// Untrusted text made safe for a tooltip (QToolTip guesses rich text), shortened to maxChars.
    static QString toolTip(const QString &untrusted, qsizetype maxChars = 2000);
    /// text cut to maxChars with an ellipsis, and with line breaks shown as "⏎" so it fits one line.
    static QString oneLine(const QString &text, qsizetype maxChars = 500);
};

} // namespace Toolgate
