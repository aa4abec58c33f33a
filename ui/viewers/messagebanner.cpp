#include "messagebanner.h"

#include "viewerstyle.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QStyle>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Toolgate {

namespace {
constexpr int MaxDetails = 50; // a schema validator can report thousands; the raw JSON has all
}

MessageBanner::MessageBanner(QWidget *parent)
    : QFrame(parent)
    , m_icon(new QLabel(this))
    , m_title(ViewerStyle::plainLabel({}, this))
    , m_text(ViewerStyle::plainLabel({}, this))
    , m_detailsLabel(ViewerStyle::plainLabel({}, this))
{
    ViewerStyle::makeBold(m_title);
    m_title->setWordWrap(true);
    m_text->setWordWrap(true);
    m_detailsLabel->setWordWrap(true);
    m_title->setObjectName(u"bannerTitle"_s);
    m_text->setObjectName(u"bannerText"_s);
    m_detailsLabel->setObjectName(u"bannerDetails"_s);
    m_icon->setAlignment(Qt::AlignTop);

    auto *text = new QVBoxLayout;
    text->setSpacing(3);
    text->addWidget(m_title);
    text->addWidget(m_text);
    text->addWidget(m_detailsLabel);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 8, 10, 8);
    layout->setSpacing(10);
    layout->addWidget(m_icon, 0, Qt::AlignTop);
    layout->addLayout(text, 1);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    hide();
}

void MessageBanner::showMessage(Kind kind, const QString &title, const QString &text, const QStringList &details)
{
    m_kind = kind;
    m_details = details;
    m_title->setText(title);
    m_text->setText(text);
    m_text->setVisible(!text.isEmpty());
    QStringList lines;
    for (qsizetype i = 0; i < details.size() && i < MaxDetails; ++i)
        lines << u"•  "_s + details.at(i);
    if (details.size() > MaxDetails)
        lines << tr("… and %1 more").arg(details.size() - MaxDetails);
    m_detailsLabel->setText(lines.join(u'\n'));
    m_detailsLabel->setVisible(!lines.isEmpty());
    updateIcon();
    update();
    show();
}

QString MessageBanner::title() const
{
    return m_title->text();
}

QString MessageBanner::text() const
{
    return m_text->text();
}

QColor MessageBanner::accent() const
{
    switch (m_kind) {
    case Kind::Success: return QColor(0x2e, 0x7d, 0x32);
    case Kind::Warning: return QColor(0xe0, 0x8a, 0x00);
    case Kind::Error: return QColor(0xd3, 0x2f, 0x2f);
    case Kind::Info: break;
    }
    return palette().color(QPalette::Highlight);
}

void MessageBanner::updateIcon()
{
    QStyle::StandardPixmap pixmap = QStyle::SP_MessageBoxInformation;
    switch (m_kind) {
    case Kind::Success: pixmap = QStyle::SP_DialogApplyButton; break;
    case Kind::Warning: pixmap = QStyle::SP_MessageBoxWarning; break;
    case Kind::Error: pixmap = QStyle::SP_MessageBoxCritical; break;
    case Kind::Info: break;
    }
    const int size = style()->pixelMetric(QStyle::PM_SmallIconSize) + 4;
    m_icon->setPixmap(style()->standardIcon(pixmap, nullptr, this).pixmap(size, size));
}

void MessageBanner::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QColor base = palette().color(QPalette::Base);
    const QColor tint = accent();
    painter.setPen(ViewerStyle::mix(base, tint, 0.55));
    painter.setBrush(ViewerStyle::mix(base, tint, 0.12));
    painter.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6);
}

void MessageBanner::changeEvent(QEvent *event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::StyleChange)
        updateIcon();
}

} // namespace Toolgate
