#pragma once

#include <QColor>
#include <QString>

class QLabel;
class QPalette;
class QWidget;

namespace Toolgate {

/// Shared look of the viewers: labels that never interpret server text, muted captions.
class ViewerStyle final
{
public:
    ViewerStyle() = delete;

    /// A QLabel that shows text literally (never as rich text), selectable by mouse.
    static QLabel *plainLabel(const QString &text, QWidget *parent);
    /// A word-wrapped plainLabel, for server text of any length in dialogs (objectName for tests).
    static QLabel *wrappedLabel(const QString &text, QWidget *parent, const QString &objectName = {});
    /// The muted name in front of a value in a details grid ("Server", "System prompt").
    static QLabel *keyLabel(const QString &text, QWidget *parent);
    /// A smaller, muted plainLabel for captions and metadata.
    static QLabel *captionLabel(const QString &text, QWidget *parent);
    /// Makes label's font bold.
    static void makeBold(QLabel *label);
    /// Makes widget's font a little smaller than the default.
    static void makeSmall(QWidget *widget);
    /// The colour for secondary text on palette.
    static QColor mutedText(const QPalette &palette);
    /// A red for error text that stays readable on palette's window colour (light or dark).
    static QColor errorText(const QPalette &palette);
    /// a blended with b: amountOfB 0 gives a, 1 gives b.
    static QColor mix(const QColor &a, const QColor &b, qreal amountOfB);
    /// Puts widget in a monospace font (for URIs and code).
    static void makeMonospace(QWidget *widget);
};

} // namespace Toolgate
