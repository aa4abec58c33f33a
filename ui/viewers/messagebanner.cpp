#include "ui/viewers/messagebanner.h"

#include "ui/viewers/viewerstyle.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Toolgate {

namespace {
// Shown until the person asks for all: a validator reports up to a hundred problems, and a wrapped
// label of fifty lines took 20-40 ms to lay out again at every change of the window's layout.
constexpr int FewDetails = 8;
}

MessageBanner::MessageBanner(QWidget *parent)
    : QFrame(parent)
    , m_icon(new QLabel(this))
    , m_title(ViewerStyle::plainLabel({}, this))
    , m_text(ViewerStyle::plainLabel({}, this))
    , m_detailsLabel(ViewerStyle::plainLabel({}, this))
    , m_showAll(new QPushButton(this))
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
    m_showAll->setObjectName(u"bannerShowAll"_s);
    m_showAll->setFlat(true);
    m_showAll->setAutoDefault(false);
    m_showAll->setCursor(Qt::PointingHandCursor);
    m_showAll->hide();
    connect(m_showAll, &QPushButton::clicked, this, [this] {
        m_allDetailsShown = !m_allDetailsShown;
        showDetails();
    });
    text->addWidget(m_showAll, 0, Qt::AlignLeft);

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
    m_allDetailsShown = false; // new details: the first few again
    showDetails();
    updateIcon();
    update();
    show();
}

void MessageBanner::showDetails()
{
    const qsizetype shown = m_allDetailsShown ? m_details.size() : qMin<qsizetype>(m_details.size(), FewDetails);
    QStringList lines;
    for (qsizetype i = 0; i < shown; ++i)
        lines << u"•  "_s + m_details.at(i);
    if (shown < m_details.size())
        lines << tr("… and %n more", nullptr, int(m_details.size() - shown));
    m_detailsLabel->setText(lines.join(u'\n'));
    m_detailsLabel->setVisible(!lines.isEmpty());
    m_showAll->setVisible(m_details.size() > FewDetails);
    m_showAll->setText(m_allDetailsShown ? tr("Show fewer") : tr("Show all %n", nullptr, int(m_details.size())));
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

#include "moc_messagebanner.cpp"
