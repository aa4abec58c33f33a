#include "ui/forms/problemsbox.h"
#include "core/common/displaytext.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QVBoxLayout>

namespace Toolgate {

ProblemsBox::ProblemsBox(QWidget *parent)
    : QFrame(parent)
    , m_icon(new QLabel(this))
    , m_heading(new QLabel(this))
    , m_list(new QLabel(this))
{
    setObjectName(QStringLiteral("problems"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 8, 10, 8);
    layout->setSpacing(10);
    layout->addWidget(m_icon, 0, Qt::AlignTop);
    auto *text = new QVBoxLayout;
    text->setSpacing(2);
    text->addWidget(m_heading);
    text->addWidget(m_list);
    layout->addLayout(text, 1);

    for (QLabel *label : {m_heading, m_list}) {
        label->setTextFormat(Qt::PlainText);
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    QFont bold = m_heading->font();
    bold.setBold(true);
    m_heading->setFont(bold);
    m_list->setObjectName(QStringLiteral("problemList"));
    updateLook();
    hide();
}

void ProblemsBox::setHeading(const QString &heading)
{
    m_heading->setText(heading);
}

void ProblemsBox::setProblems(const QStringList &problems)
{
    m_problems = problems;
    QStringList lines;
    for (qsizetype i = 0; i < problems.size() && i < MaxShown; ++i)
        lines.append(QStringLiteral("\u2022 ") + DisplayText::forLabel(problems.at(i))); // paths and values a server chose
    if (problems.size() > MaxShown)
        lines.append(tr("… and %n more", nullptr, int(problems.size() - MaxShown)));
    m_list->setText(lines.join(QLatin1Char('\n')));
    setVisible(!problems.isEmpty());
}

void ProblemsBox::changeEvent(QEvent *event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        updateLook();
}

void ProblemsBox::updateLook()
{
    if (m_updatingLook)
        return;
    m_updatingLook = true;
    // Amber on light themes, a dark amber on dark ones: a warning, not an error, since a person may still
    // decide to go ahead.
    const QPalette base = parentWidget() ? parentWidget()->palette() : QPalette();
    const bool dark = base.color(QPalette::Window).lightnessF() < 0.5;
    QPalette look = palette();
    look.setColor(QPalette::Window, dark ? QColor(0x4a, 0x3b, 0x12) : QColor(0xff, 0xf4, 0xce));
    look.setColor(QPalette::WindowText, dark ? QColor(0xff, 0xe6, 0xa6) : QColor(0x4d, 0x3a, 0x00));
    look.setColor(QPalette::Dark, dark ? QColor(0x8a, 0x6d, 0x1c) : QColor(0xe8, 0xc8, 0x5a));
    look.setColor(QPalette::Light, look.color(QPalette::Dark));
    look.setColor(QPalette::Mid, look.color(QPalette::Dark));
    setPalette(look);
    const int iconSize = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    m_icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning, nullptr, this).pixmap(iconSize, iconSize));
    m_updatingLook = false;
}

} // namespace Toolgate

#include "moc_problemsbox.cpp"
