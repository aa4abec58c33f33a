#include "ui/viewers/textpane.h"

#include "ui/viewers/largetextview.h"
#include "ui/viewers/markdownbrowser.h"
#include "core/common/markdowndetector.h"
#include "ui/viewers/markdownrenderer.h"
#include "ui/viewers/safetextdocument.h"
#include "ui/viewers/viewerformat.h"

#include "ui/highlight/syntaxhighlighting.h"

#include <QButtonGroup>
#include <QClipboard>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Toolgate {

namespace {
QToolButton *toolButton(const QString &text, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setText(text);
    button->setAutoRaise(true);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    return button;
}
constexpr qsizetype JsonSniffLimit = 64 * 1024; // parsing is cheap, but not free on this thread

bool looksLikeJson(const QString &text)
{
    if (text.size() > JsonSniffLimit)
        return false;
    const QStringView trimmed = QStringView(text).trimmed();
    if (!(trimmed.startsWith(u'{') && trimmed.endsWith(u'}')) && !(trimmed.startsWith(u'[') && trimmed.endsWith(u']')))
        return false;
    QJsonParseError error;
    QJsonDocument::fromJson(text.toUtf8(), &error);
    return error.error == QJsonParseError::NoError;
}

} // namespace

TextPane::TextPane(QWidget *parent)
    : ContentPane(parent)
    , m_toolBar(new QWidget(this))
    , m_plainButton(toolButton(tr("Plain"), m_toolBar))
    , m_markdownButton(toolButton(u"Markdown"_s, m_toolBar))
    , m_modeGroup(new QButtonGroup(this))
    , m_plain(new LargeTextView(this))
{
    setObjectName(u"textPane"_s);
    m_plain->setObjectName(u"plainText"_s);
    m_plainButton->setObjectName(u"plainModeButton"_s);
    m_markdownButton->setObjectName(u"markdownModeButton"_s);
    m_plainButton->setCheckable(true);
    m_markdownButton->setCheckable(true);
    m_modeGroup->addButton(m_plainButton);
    m_modeGroup->addButton(m_markdownButton);
    m_modeGroup->setExclusive(true);
    auto *copyButton = toolButton(tr("Copy"), m_toolBar);
    copyButton->setObjectName(u"copyTextButton"_s);
    copyButton->setToolTip(tr("Copy the whole text"));

    auto *toolLayout = new QHBoxLayout(m_toolBar);
    toolLayout->setContentsMargins(0, 0, 0, 0);
    toolLayout->setSpacing(2);
    toolLayout->addWidget(m_plainButton);
    toolLayout->addWidget(m_markdownButton);
    toolLayout->addSpacing(6);
    toolLayout->addWidget(copyButton);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plain);

    connect(m_plainButton, &QToolButton::clicked, this, [this] { setMode(Mode::Plain); });
    connect(m_markdownButton, &QToolButton::clicked, this, [this] { setMode(Mode::Markdown); });
    connect(copyButton, &QToolButton::clicked, this, &TextPane::copyAll);
}

void TextPane::setText(const QString &text, const QString &mimeType, const QString &fileNameHint)
{
    m_mimeType = mimeType;
    m_markdownRendered = false;
    // Tools often return JSON as untyped text; highlight it as such when it really parses.
    const QString highlightAs = mimeType.isEmpty() && fileNameHint.isEmpty() && looksLikeJson(text)
        ? u"application/json"_s : mimeType;
    const QString language = SyntaxHighlighting::languageFor(highlightAs, fileNameHint);
    const bool isMarkdown = language == u"Markdown";
    // Code (JSON, Python, ...) is never offered as Markdown; plain text and Markdown are.
    m_markdownCapable = (language.isEmpty() || isMarkdown) && text.size() <= MarkdownLimit;
    m_plain->setText(text, highlightAs, fileNameHint);

    const bool wantMarkdown = m_markdownCapable && (isMarkdown || MarkdownDetector::looksLikeMarkdown(text));
    m_mode = wantMarkdown ? Mode::Markdown : Mode::Plain;

    m_plainButton->setVisible(language.isEmpty() || isMarkdown);
    m_markdownButton->setVisible(language.isEmpty() || isMarkdown);
    m_markdownButton->setEnabled(m_markdownCapable);
    m_markdownButton->setToolTip(m_markdownCapable
        ? tr("Render as Markdown")
        : tr("Too large to render as Markdown (limit %1)").arg(ViewerFormat::byteSize(MarkdownLimit)));

    const QString size = ViewerFormat::byteSize(text.size());
    setSummary(mimeType.isEmpty() ? size : mimeType + u" · "_s + size);
    showCurrentMode();
}

QString TextPane::text() const
{
    return m_plain->text();
}

void TextPane::setMode(Mode mode)
{
    if (mode == Mode::Markdown && !canRenderMarkdown())
        mode = Mode::Plain;
    m_mode = mode;
    showCurrentMode();
}

bool TextPane::canRenderMarkdown() const
{
    return m_markdownCapable;
}

bool TextPane::isMarkdownShown() const
{
    return m_markdown && m_markdown->isVisibleTo(const_cast<TextPane *>(this)) && m_markdownRendered;
}

void TextPane::setFitToContents(bool fit, int maxHeight)
{
    m_fit = fit;
    m_maxHeight = maxHeight;
    m_plain->setFitToContents(fit, maxHeight);
    if (m_markdown)
        m_markdown->setFitToContents(fit, maxHeight);
    setSizePolicy(QSizePolicy::Expanding, fit ? QSizePolicy::Fixed : QSizePolicy::Expanding);
}

void TextPane::showCurrentMode()
{
    (m_mode == Mode::Markdown ? m_markdownButton : m_plainButton)->setChecked(true);
    if (m_mode == Mode::Markdown)
        ensureMarkdown();
    const bool markdownReady = m_mode == Mode::Markdown && m_markdownRendered;
    // Until the background rendering is done the plain text stands in, so nothing is blank.
    m_plain->setVisible(!markdownReady);
    if (m_markdown)
        m_markdown->setVisible(markdownReady);
    if (markdownReady)
        emit markdownShown();
}

void TextPane::ensureMarkdown()
{
    if (!m_markdown) {
        m_markdown = new MarkdownBrowser(this);
        m_markdown->setObjectName(u"markdownView"_s);
        m_markdown->setFitToContents(m_fit, m_maxHeight);
        m_markdown->hide();
        layout()->addWidget(m_markdown);
        connect(m_markdown, &MarkdownBrowser::linkActivated, this, &ContentPane::linkActivated);
    }
    if (m_markdownRendered || m_markdownPending)
        return;
    m_markdownPending = true;
    const QString source = m_plain->text();
    MarkdownRenderer::render(source, this, [this, source](SafeTextDocument *doc) {
        m_markdownPending = false;
        if (source != m_plain->text()) { // the text changed meanwhile; render the new one
            delete doc;
            if (m_mode == Mode::Markdown)
                ensureMarkdown();
            return;
        }
        m_markdown->setRenderedDocument(doc);
        m_markdownRendered = true;
        showCurrentMode();
    });
}

void TextPane::copyAll()
{
    QGuiApplication::clipboard()->setText(m_plain->text());
}

} // namespace Toolgate

#include "moc_textpane.cpp"
