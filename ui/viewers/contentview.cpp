#include "ui/viewers/contentview.h"

#include "ui/viewers/audiopane.h"
#include "ui/viewers/binarypane.h"
#include "ui/viewers/contentpane.h"
#include "ui/viewers/imagepane.h"
#include "ui/viewers/jsontextpane.h"
#include "ui/viewers/resourcelinkpane.h"
#include "ui/viewers/textpane.h"
#include "ui/viewers/viewerformat.h"
#include "ui/viewers/viewerstyle.h"

#include <QAbstractScrollArea>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QStringDecoder>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Toolgate {

namespace {

QString mimeEssence(const QString &mimeType)
{
    return mimeType.section(u';', 0, 0).trimmed().toLower();
}

QString annotationsText(const Annotations &annotations)
{
    QStringList parts;
    if (!annotations.audience.isEmpty())
        parts << QCoreApplication::translate("Toolgate::ContentView", "Audience: ") + annotations.audience.join(u", "_s);
    if (annotations.priority)
        parts << QCoreApplication::translate("Toolgate::ContentView", "Priority: ") + QLocale().toString(*annotations.priority, 'g', 3);
    if (!annotations.lastModified.isEmpty())
        parts << QCoreApplication::translate("Toolgate::ContentView", "Modified: ") + annotations.lastModified;
    return parts.join(u"  ·  "_s);
}

} // namespace

ContentView::ContentView(const Content &content, QWidget *parent)
    : QFrame(parent)
    , m_type(content.type)
{
    setObjectName(u"contentView"_s);
    switch (content.type) {
    case Content::Type::Text: {
        buildHeader(tr("Text"));
        auto *pane = new TextPane(this);
        pane->setText(content.text);
        setPane(pane);
        break;
    }
    case Content::Type::Image: {
        buildHeader(tr("Image"));
        auto *pane = new ImagePane(this);
        pane->setBase64(content.data, content.mimeType,
                        ViewerFormat::suggestedFileName({}, content.mimeType, u"image"_s));
        setPane(pane);
        break;
    }
    case Content::Type::Audio: {
        buildHeader(tr("Audio"));
        auto *pane = new AudioPane(this);
        pane->setBase64(content.data, content.mimeType,
                        ViewerFormat::suggestedFileName({}, content.mimeType, u"audio"_s));
        setPane(pane);
        break;
    }
    case Content::Type::Resource:
        buildHeader(tr("Embedded resource"));
        addResourceUri(content.resource.uri);
        setPane(paneForResource(content.resource));
        break;
    case Content::Type::ResourceLink:
        buildHeader(tr("Resource link"));
        setPane(new ResourceLinkPane(content, this));
        break;
    case Content::Type::Unknown: {
        const QString typeName = content.typeString();
        buildHeader(typeName.isEmpty() ? tr("Unknown content")
                                       : tr("Unknown content type “%1”").arg(ViewerFormat::oneLine(typeName, 60)));
        auto *pane = new JsonTextPane(this);
        pane->setJson(content.raw);
        setPane(pane);
        break;
    }
    }
    addAnnotations(content.annotations);
}

ContentView::ContentView(const ResourceContents &contents, QWidget *parent)
    : QFrame(parent)
    , m_type(Content::Type::Resource)
{
    setObjectName(u"contentView"_s);
    buildHeader(tr("Resource"));
    addResourceUri(contents.uri);
    setPane(paneForResource(contents));
}

QString ContentView::title() const
{
    return m_title->text();
}

bool ContentView::prefersToExpand() const
{
    return m_pane && m_pane->prefersToExpand();
}

void ContentView::setFitToContents(bool fit, int maxHeight)
{
    if (m_pane) {
        // maxHeight is for the whole card; the pane gets what header and margins leave.
        const int chrome = fit ? qMax(0, layout()->sizeHint().height() - m_pane->sizeHint().height()) : 0;
        m_pane->setFitToContents(fit, qMax(80, maxHeight - chrome));
    }
    const bool fixed = fit || !prefersToExpand();
    setSizePolicy(QSizePolicy::Expanding, fixed ? QSizePolicy::Maximum : QSizePolicy::Expanding);
}

void ContentView::buildHeader(const QString &title)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 8, 12, 10);
    layout->setSpacing(6);

    m_header = new QWidget(this);
    m_header->setObjectName(u"contentHeader"_s);
    m_headerLayout = new QHBoxLayout(m_header);
    m_headerLayout->setContentsMargins(0, 0, 0, 0);
    m_headerLayout->setSpacing(8);
    m_title = ViewerStyle::plainLabel(title, m_header);
    m_title->setObjectName(u"contentTitle"_s);
    m_title->setTextInteractionFlags(Qt::NoTextInteraction);
    ViewerStyle::makeBold(m_title);
    m_summary = ViewerStyle::captionLabel({}, m_header);
    m_summary->setObjectName(u"contentSummary"_s);
    m_summary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // elide by clipping, never widen
    m_headerLayout->addWidget(m_title);
    m_headerLayout->addWidget(m_summary, 1);
    layout->addWidget(m_header);
}

void ContentView::addResourceUri(const QString &uri)
{
    auto *label = ViewerStyle::plainLabel(uri.isEmpty() ? u"(no URI)"_s : uri, this);
    label->setObjectName(u"resourceUri"_s);
    label->setWordWrap(true);
    ViewerStyle::makeMonospace(label);
    static_cast<QVBoxLayout *>(layout())->addWidget(label);
}

void ContentView::addAnnotations(const Annotations &annotations)
{
    if (annotations.isEmpty())
        return;
    auto *label = ViewerStyle::captionLabel(annotationsText(annotations), this);
    label->setObjectName(u"contentAnnotations"_s);
    label->setWordWrap(true);
    // Directly under the header: it describes the block, not the body.
    static_cast<QVBoxLayout *>(layout())->insertWidget(1, label);
}

void ContentView::setPane(ContentPane *pane)
{
    m_pane = pane;
    // Text views and scroll areas have no words of their own: a screen reader names them by the card.
    const QList<QAbstractScrollArea *> views = pane->findChildren<QAbstractScrollArea *>();
    for (QAbstractScrollArea *view : views) {
        if (view->accessibleName().isEmpty())
            view->setAccessibleName(m_title->text());
    }
    if (QWidget *tools = pane->toolBar())
        m_headerLayout->addWidget(tools, 0, Qt::AlignVCenter);
    static_cast<QVBoxLayout *>(layout())->addWidget(pane, 1);
    m_summary->setText(pane->summary());
    m_summary->setToolTip(ViewerFormat::toolTip(pane->summary()));
    connect(pane, &ContentPane::summaryChanged, this, [this](const QString &summary) {
        m_summary->setText(summary);
        m_summary->setToolTip(ViewerFormat::toolTip(summary));
    });
    connect(pane, &ContentPane::resourceLinkActivated, this, &ContentView::resourceLinkActivated);
    connect(pane, &ContentPane::linkActivated, this, &ContentView::linkActivated);
    setFitToContents(false, 0);
}

ContentPane *ContentView::paneForResource(const ResourceContents &contents)
{
    const QString mime = mimeEssence(contents.mimeType);
    if (contents.isText()) {
        auto *pane = new TextPane(this);
        pane->setText(*contents.text, contents.mimeType, contents.uri);
        return pane;
    }
    const QString name = ViewerFormat::suggestedFileName(contents.uri, contents.mimeType, u"resource"_s);
    if (mime.startsWith(u"image/"_s)) {
        auto *pane = new ImagePane(this);
        pane->setBase64(contents.blob, contents.mimeType, name);
        return pane;
    }
    if (mime.startsWith(u"audio/"_s)) {
        auto *pane = new AudioPane(this);
        pane->setBase64(contents.blob, contents.mimeType, name);
        return pane;
    }
    // Servers send plain text as a blob too (a file read as bytes): shown as text when it is text.
    if (const std::optional<QString> text = blobAsText(contents.blob)) {
        auto *pane = new TextPane(this);
        pane->setText(*text, contents.mimeType, contents.uri);
        auto *note = ViewerStyle::captionLabel(tr("Sent as binary data; shown as text because it is valid UTF-8 text."), this);
        note->setObjectName(u"blobAsTextNote"_s);
        note->setWordWrap(true);
        static_cast<QVBoxLayout *>(layout())->addWidget(note);
        return pane;
    }
    auto *pane = new BinaryPane(this);
    pane->setBase64(contents.blob, contents.mimeType, name);
    return pane;
}

std::optional<QString> ContentView::blobAsText(const QByteArray &base64)
{
    // Larger blobs stay binary: decoding them here would hold up the window.
    constexpr qsizetype maxBase64 = 4 * 1024 * 1024;
    if (base64.isEmpty() || base64.size() > maxBase64)
        return std::nullopt;
    const QByteArray::FromBase64Result bytes = QByteArray::fromBase64Encoding(base64, QByteArray::AbortOnBase64DecodingErrors);
    if (!bytes || bytes.decoded.isEmpty())
        return std::nullopt;
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    QString text = decoder.decode(bytes.decoded);
    if (decoder.hasError())
        return std::nullopt;
    if (text.startsWith(QChar::ByteOrderMark))
        text.remove(0, 1);
    // Valid UTF-8 can still be binary (zeros, control bytes): text has only line breaks and tabs.
    for (const QChar c : std::as_const(text)) {
        if (c.category() == QChar::Other_Control && c != u'\n' && c != u'\r' && c != u'\t' && c != u'\f')
            return std::nullopt;
    }
    return text;
}

void ContentView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette &pal = palette();
    const QColor border = ViewerStyle::mix(pal.color(QPalette::WindowText), pal.color(QPalette::Window), 0.78);
    const QRectF card = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    painter.setPen(border);
    painter.setBrush(pal.color(QPalette::Base));
    painter.drawRoundedRect(card, 6, 6);
    // A hairline above the body, below header, URI and annotations.
    if (m_pane) {
        const qreal y = m_pane->geometry().top() - 3.5;
        painter.setPen(ViewerStyle::mix(border, pal.color(QPalette::Base), 0.4));
        painter.drawLine(QPointF(card.left() + 1, y), QPointF(card.right() - 1, y));
    }
}

} // namespace Toolgate

#include "moc_contentview.cpp"
