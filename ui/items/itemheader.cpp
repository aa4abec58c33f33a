#include "ui/items/itemheader.h"

#include "core/common/displaytext.h"

#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QTextLayout>
#include <QToolButton>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

constexpr int foldedLines = 3;
constexpr qsizetype maxDescription = 20000;

QLabel *plainLabel(QWidget *parent, const QString &objectName)
{
    auto *label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

// The lines text takes at width, laid out as a QLabel with word wrap would.
int lineCount(const QString &text, const QFont &font, int width)
{
    if (width <= 0)
        return 0;
    int lines = 0;
    const QStringList paragraphs = text.split(u'\n');
    for (const QString &paragraph : paragraphs) {
        QTextLayout layout(paragraph, font);
        QTextOption option;
        option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
        layout.setTextOption(option);
        layout.beginLayout();
        for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
            line.setLineWidth(width);
            ++lines;
            if (lines > 200)
                break;
        }
        layout.endLayout();
        if (lines > 200)
            break;
    }
    return lines;
}

} // namespace

ItemHeader::ItemHeader(QWidget *parent)
    : QWidget(parent)
    , m_icon(new QLabel(this))
    , m_title(plainLabel(this, QStringLiteral("itemTitle")))
    , m_name(plainLabel(this, QStringLiteral("itemName")))
    , m_server(plainLabel(this, QStringLiteral("itemServer")))
    , m_description(plainLabel(this, QStringLiteral("itemDescription")))
    , m_more(new QToolButton(this))
    , m_remarks(plainLabel(this, QStringLiteral("itemRemarks")))
{
    m_icon->setFixedSize(32, 32);
    m_icon->setAlignment(Qt::AlignCenter);
    m_description->setWordWrap(true);
    m_description->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_remarks->setWordWrap(true);
    // A long title wraps rather than make the page, and with it the window, wider than the screen: at
    // 200 % "Langer Bericht (immer ein Task) long_report auf demo" needed 555 of 700 pixels (issue 34).
    m_title->setWordWrap(true);
    m_server->setWordWrap(true);
    m_server->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_more->setAutoRaise(true);
    m_more->setObjectName(QStringLiteral("moreDescription"));
    m_more->setCursor(Qt::PointingHandCursor);
    connect(m_more, &QToolButton::clicked, this, [this] {
        m_expanded = !m_expanded;
        updateFold();
        holdHeightForWidth();
    });

    auto *titleRow = new QHBoxLayout;
    titleRow->setSpacing(8);
    titleRow->addWidget(m_title);
    titleRow->addWidget(m_name, 0, Qt::AlignBaseline);
    titleRow->addStretch(1);
    titleRow->addWidget(m_server);

    auto *text = new QVBoxLayout;
    text->setSpacing(4);
    text->addLayout(titleRow);
    text->addWidget(m_description);
    auto *moreRow = new QHBoxLayout;
    moreRow->setContentsMargins(0, 0, 0, 0);
    moreRow->addWidget(m_more);
    moreRow->addStretch(1);
    text->addLayout(moreRow);
    text->addWidget(m_remarks);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(12, 10, 12, 8);
    layout->setSpacing(10);
    layout->addWidget(m_icon, 0, Qt::AlignTop);
    layout->addLayout(text, 1);

    updateLook();
    clear();
}

void ItemHeader::setItem(const QIcon &icon, const QString &title, const QString &name, const QString &server,
                         const QString &description, const QString &remarks)
{
    m_icon->setPixmap(icon.pixmap(QSize(32, 32), devicePixelRatioF()));
    // What a server chose, bounded for layout: a label is as wide as its longest unbroken word (issue #35).
    m_title->setText(DisplayText::forLabel(title, 100, 300));
    m_name->setText(name != title ? DisplayText::forLabel(name, 100, 300) : QString());
    m_name->setVisible(!m_name->text().isEmpty());
    m_server->setText(server.isEmpty() ? QString() : tr("on %1").arg(DisplayText::forLabel(server, 100, 300)));
    m_fullDescription = DisplayText::forLabel(description.trimmed(), 100, maxDescription);
    m_remarks->setText(remarks);
    m_remarks->setVisible(!remarks.isEmpty());
    m_expanded = false;
    updateFold();
    holdHeightForWidth();
}

void ItemHeader::clear()
{
    setItem({}, {}, {}, {}, {});
}

QString ItemHeader::title() const { return m_title->text(); }
QString ItemHeader::description() const { return m_fullDescription; }
QString ItemHeader::remarks() const { return m_remarks->text(); }

QVBoxLayout *ItemHeader::layOutPage(QWidget *page, int bottomMargin)
{
    auto *body = new QVBoxLayout;
    body->setContentsMargins(12, 0, 12, bottomMargin);
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(this);
    layout->addLayout(body, 1);
    return body;
}

void ItemHeader::updateFold()
{
    m_description->setVisible(!m_fullDescription.isEmpty());
    const int width = m_description->width() > 50 ? m_description->width() : this->width() - 80;
    const int lines = lineCount(m_fullDescription, m_description->font(), width);
    const bool foldable = lines > foldedLines + 1;
    m_more->setVisible(foldable);
    if (!foldable || m_expanded) {
        m_description->setText(m_fullDescription);
        m_more->setText(tr("Show less"));
        return;
    }
    // Show the first few lines' worth of text, cut at a word.
    const QFontMetrics metrics(m_description->font());
    QString folded = m_fullDescription.section(u'\n', 0, foldedLines - 1);
    const int budget = width * foldedLines;
    if (metrics.horizontalAdvance(folded) > budget)
        folded = metrics.elidedText(folded.simplified(), Qt::ElideRight, budget - metrics.averageCharWidth() * 8);
    else if (folded.size() < m_fullDescription.size())
        folded += QChar(0x2026);
    m_description->setText(folded);
    m_more->setText(tr("Show more"));
}

void ItemHeader::holdHeightForWidth()
{
    // When room is short, a layout squeezes the header down to its minimum size hint, which is worked
    // out for no width in particular: the wrapped text then covers the pane below. Its height at the
    // width it has is its minimum instead, so a short window scrolls the page rather (issue 34).
    if (layout() && layout()->hasHeightForWidth() && width() > 0)
        setMinimumHeight(heightForWidth(width()));
}

void ItemHeader::updateLook()
{
    QFont titleFont = font();
    titleFont.setPointSizeF(font().pointSizeF() * 1.35);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_name->setFont(mono);
    QPalette dim = palette();
    dim.setColor(QPalette::WindowText, palette().color(QPalette::Disabled, QPalette::WindowText));
    m_name->setPalette(dim);
    m_server->setPalette(dim);
    m_remarks->setPalette(dim);
    QFont italic = font();
    italic.setItalic(true);
    m_remarks->setFont(italic);
    QFont link = font();
    link.setUnderline(true);
    m_more->setFont(link);
}

void ItemHeader::paintEvent(QPaintEvent *event)
{
    QWidget::paintEvent(event);
    // A quiet band with a hairline below sets the heading apart from the form under it.
    QPainter painter(this);
    QColor band = palette().color(QPalette::Base);
    band.setAlphaF(0.55);
    painter.fillRect(rect().adjusted(0, 0, 0, -1), band);
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawLine(rect().bottomLeft(), rect().bottomRight());
}

bool ItemHeader::event(QEvent *event)
{
    const bool handled = QWidget::event(event);
    // A new item's texts, or the fold, change the rows' heights: the nested layouts' heights for a width
    // are only worked out again when the layout activates, which it has just done (a LayoutRequest
    // reaches the layout before this widget). Asked before, they are the last item's.
    if (event->type() == QEvent::LayoutRequest)
        holdHeightForWidth();
    return handled;
}

void ItemHeader::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    updateFold();
    // Once the resize is handled: a minimum set now resizes the header again under its own layout,
    // which keeps the geometry it had and cuts its title to a sliver.
    QMetaObject::invokeMethod(this, &ItemHeader::holdHeightForWidth, Qt::QueuedConnection);
}

void ItemHeader::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        updateLook();
}

} // namespace Toolgate

#include "moc_itemheader.cpp"
