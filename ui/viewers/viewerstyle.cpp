#include "ui/viewers/viewerstyle.h"

#include <QFontDatabase>
#include <QLabel>
#include <QPalette>

namespace Toolgate {

QLabel *ViewerStyle::plainLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(parent);
    // QLabel guesses rich text by default; a server could otherwise inject markup and images.
    label->setTextFormat(Qt::PlainText);
    label->setText(text);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QLabel *ViewerStyle::wrappedLabel(const QString &text, QWidget *parent, const QString &objectName)
{
    QLabel *label = plainLabel(text, parent);
    label->setWordWrap(true);
    if (!objectName.isEmpty())
        label->setObjectName(objectName);
    return label;
}

QLabel *ViewerStyle::keyLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setTextFormat(Qt::PlainText);
    label->setText(text);
    QPalette palette = label->palette();
    palette.setColor(QPalette::WindowText, mutedText(palette));
    label->setPalette(palette);
    return label;
}

QLabel *ViewerStyle::captionLabel(const QString &text, QWidget *parent)
{
    QLabel *label = plainLabel(text, parent);
    makeSmall(label);
    QPalette palette = label->palette();
    palette.setColor(QPalette::WindowText, mutedText(palette));
    label->setPalette(palette);
    return label;
}

void ViewerStyle::makeBold(QLabel *label)
{
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
}

void ViewerStyle::makeSmall(QWidget *widget)
{
    QFont font = widget->font();
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * 0.9);
    else
        font.setPixelSize(qMax(8, int(font.pixelSize() * 0.9)));
    widget->setFont(font);
}

QColor ViewerStyle::mutedText(const QPalette &palette)
{
    return mix(palette.color(QPalette::WindowText), palette.color(QPalette::Window), 0.4);
}

QColor ViewerStyle::errorText(const QPalette &palette)
{
    const bool dark = palette.color(QPalette::Window).lightness() < 128;
    return dark ? QColor(0xff, 0x8a, 0x80) : QColor(0xc6, 0x28, 0x28);
}

QColor ViewerStyle::mix(const QColor &a, const QColor &b, qreal amountOfB)
{
    const qreal k = 1.0 - amountOfB;
    return QColor::fromRgbF(float(a.redF() * k + b.redF() * amountOfB),
                            float(a.greenF() * k + b.greenF() * amountOfB),
                            float(a.blueF() * k + b.blueF() * amountOfB));
}

void ViewerStyle::makeMonospace(QWidget *widget)
{
    QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    font.setPointSizeF(widget->font().pointSizeF() > 0 ? widget->font().pointSizeF() : font.pointSizeF());
    widget->setFont(font);
}

} // namespace Toolgate
