#include "ui/forms/formlabels.h"
#include "core/common/displaytext.h"

#include <QEvent>

namespace Toolgate {

namespace {

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightnessF() < 0.5;
}

QColor mix(const QColor &a, const QColor &b, qreal t)
{
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t), float(a.greenF() * (1 - t) + b.greenF() * t),
                            float(a.blueF() * (1 - t) + b.blueF() * t));
}

} // namespace

QColor errorColor(const QPalette &palette)
{
    return isDark(palette) ? QColor(0xff, 0x7b, 0x72) : QColor(0xb4, 0x23, 0x18);
}

QColor mutedTextColor(const QPalette &palette)
{
    // Halfway to the background keeps enough contrast to read while clearly ranking below the field.
    return mix(palette.color(QPalette::WindowText), palette.color(QPalette::Window), 0.42);
}

QString fieldLabelText(const QString &title, bool required)
{
    const QString shown = DisplayText::forLabel(title);
    return required ? shown + QStringLiteral(" *") : shown;
}

HelpLabel::HelpLabel(const QString &text, QWidget *parent)
    : QLabel(parent)
{
    setTextFormat(Qt::PlainText);
    setText(text);
    setWordWrap(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    setObjectName(QStringLiteral("help"));
    updateLook();
}

void HelpLabel::setText(const QString &text)
{
    QLabel::setText(DisplayText::forLabel(text));
}

int HelpLabel::heightForWidth(int width) const
{
    if (text() != m_hfwText) {
        m_hfw.fill({});
        m_hfwText = text();
    }
    for (const Answer &answer : m_hfw) {
        if (answer.width == width)
            return answer.height;
    }
    Answer &slot = m_hfw.at(std::size_t(m_hfwNext));
    m_hfwNext = (m_hfwNext + 1) % qsizetype(m_hfw.size());
    slot = {width, QLabel::heightForWidth(width)};
    return slot.height;
}

void HelpLabel::changeEvent(QEvent *event)
{
    m_hfw.fill({}); // fonts, style, margins: anything may change how the text wraps
    QLabel::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationFontChange)
        updateLook();
}

void HelpLabel::updateLook()
{
    QFont small = QWidget::font();
    small.setPointSizeF(qMax(7.0, QFont().pointSizeF() * 0.9));
    if (font() != small)
        setFont(small);
    QPalette muted = palette();
    const QColor color = mutedTextColor(parentWidget() ? parentWidget()->palette() : QPalette());
    if (muted.color(QPalette::WindowText) != color) {
        muted.setColor(QPalette::WindowText, color);
        setPalette(muted);
    }
}

IssueLabel::IssueLabel(const QString &pointer, QWidget *parent)
    : QLabel(parent)
    , m_pointer(pointer)
{
    setTextFormat(Qt::PlainText); // messages quote server-supplied enum values and patterns
    setWordWrap(true);
    setObjectName(pointer + QStringLiteral("#issue"));
    hide();
    updateLook();
}

void IssueLabel::setMessages(const QStringList &messages)
{
    QStringList shown;
    for (const QString &message : messages)
        shown.append(DisplayText::forLabel(message)); // messages quote names and values a server chose
    const QString text = shown.join(QLatin1Char('\n'));
    if (text == this->text())
        return;
    setText(text);
    setVisible(!text.isEmpty());
}

void IssueLabel::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationFontChange)
        updateLook();
}

void IssueLabel::updateLook()
{
    QFont small = QWidget::font();
    small.setPointSizeF(qMax(7.0, QFont().pointSizeF() * 0.9));
    if (font() != small)
        setFont(small);
    QPalette red = palette();
    const QColor color = errorColor(parentWidget() ? parentWidget()->palette() : QPalette());
    if (red.color(QPalette::WindowText) != color) {
        red.setColor(QPalette::WindowText, color);
        setPalette(red);
    }
}

} // namespace Toolgate

#include "moc_formlabels.cpp"
