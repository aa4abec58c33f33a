#include "ui/chat/transcriptview.h"

#include "core/common/displaytext.h"
#include "ui/chat/toolcallcard.h"
#include "ui/viewers/largetextview.h"
#include "ui/viewers/markdownbrowser.h"

#include <QLabel>
#include <QScrollBar>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

constexpr int renderDelayMs = 60;
constexpr int blockHeight = 100000;
constexpr int longTextHeight = 400;
// Markdown is laid out on the GUI thread, again as the reply grows, and Qt lays out a paragraph as a
// whole: a reply larger than this, or with a longer line (an endless or hostile stream), is shown
// while it streams as a short preview with its lines folded, and once it ends in the viewer for long
// text, which loads in chunks. So no reply can freeze the window.
constexpr qsizetype markdownLimit = 32 * 1024;
constexpr qsizetype lineLimit = 4000;
constexpr qsizetype previewLength = 4000;
constexpr qsizetype foldWidth = 200;
constexpr qsizetype shownLimit = 512 * 1024;

/// The start of text, every line cut into pieces of foldWidth: cheap to lay out whatever text is.
QString foldedPreview(const QString &text)
{
    QString preview;
    qsizetype column = 0;
    for (const QChar c : QStringView(text).left(previewLength)) {
        column = c == u'\n' ? 0 : column + 1;
        if (column > foldWidth) {
            preview += u'\n';
            column = 1;
        }
        preview += c;
    }
    return preview;
}

QLabel *plainLabel(const QString &text, const QString &name, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(name);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setText(text);
    return label;
}

} // namespace

TranscriptView::TranscriptView(QWidget *parent)
    : QScrollArea(parent)
    , m_content(new QWidget(this))
    , m_layout(new QVBoxLayout(m_content))
{
    setObjectName(QStringLiteral("transcript"));
    setAccessibleName(tr("Conversation"));
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    m_layout->setContentsMargins(8, 8, 8, 8);
    m_layout->setSpacing(8);
    m_layout->addStretch(1);
    setWidget(m_content);
    m_render.setSingleShot(true);
    m_render.setInterval(renderDelayMs);
    connect(&m_render, &QTimer::timeout, this, &TranscriptView::renderModelText);
    // Blocks grow after they are added (streamed text, a result laid out later): while the person reads
    // at the end, the end stays in view; once they scroll up, it is left where they put it.
    QScrollBar *bar = verticalScrollBar();
    connect(bar, &QScrollBar::rangeChanged, this, [this, bar](int, int maximum) {
        if (m_followEnd)
            bar->setValue(maximum);
    });
    connect(bar, &QScrollBar::valueChanged, this, [this, bar](int value) { m_followEnd = value >= bar->maximum() - 4; });
}

void TranscriptView::clear()
{
    m_render.stop();
    m_modelBlock = nullptr;
    m_modelText.clear();
    m_cards.clear();
    while (m_layout->count() > 1) {
        QLayoutItem *item = m_layout->takeAt(0);
        delete item->widget();
        delete item;
    }
}

void TranscriptView::showHint(const QString &text)
{
    clear();
    QLabel *hint = plainLabel(text, QStringLiteral("transcriptHint"), m_content);
    hint->setAlignment(Qt::AlignCenter);
    hint->setEnabled(false);
    addWidget(hint);
}

void TranscriptView::showConversation(const Conversation &conversation)
{
    clear();
    int round = 0;
    for (const ModelMessage &message : conversation.messages) {
        switch (message.role) {
        case ModelMessage::Role::System:
            // Instructions the person added (a skill): their first line says which (SkillInstructions::notice()).
            addNote(DisplayText::visibleLine(message.text.section(u'\n', 0, 0)));
            break;
        case ModelMessage::Role::ToolResults: break; // the cards show what the model was told
        case ModelMessage::Role::User: addUserMessage(message.text); break;
        case ModelMessage::Role::Assistant:
            ++round;
            if (!message.text.isEmpty()) {
                appendModelText(message.text);
                renderModelText();
            }
            endModelText();
            // A model may use a call id again in a later reply: the reply's round tells them apart.
            for (qsizetype index = 0; index < conversation.toolCalls.size(); ++index) {
                if (conversation.toolCalls.at(index).round == round)
                    card(int(index), conversation.toolCalls.at(index));
            }
            break;
        }
    }
    if (conversation.messages.isEmpty())
        showHint(tr("Write a message below. The model may call the tools exposed above; you decide each call."));
}

void TranscriptView::addUserMessage(const QString &text)
{
    endModelText();
    auto *frame = new QFrame(m_content);
    frame->setObjectName(QStringLiteral("userMessage"));
    frame->setFrameShape(QFrame::StyledPanel);
    frame->setAutoFillBackground(true);
    frame->setBackgroundRole(QPalette::Base);
    auto *layout = new QVBoxLayout(frame);
    layout->setContentsMargins(8, 6, 8, 6);
    QLabel *who = plainLabel(tr("You"), QStringLiteral("who"), frame);
    QFont bold = who->font();
    bold.setBold(true);
    who->setFont(bold);
    layout->addWidget(who);
    layout->addWidget(plainLabel(text, QStringLiteral("userText"), frame));
    addWidget(frame);
}

void TranscriptView::appendModelText(const QString &piece)
{
    if (!m_modelBlock) {
        m_modelText.clear();
        auto *block = new MarkdownBrowser(m_content);
        block->setObjectName(QStringLiteral("modelText"));
        block->setAccessibleName(tr("The model's answer"));
        block->setFitToContents(true, blockHeight);
        block->setFrameShape(QFrame::NoFrame);
        block->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        connect(block, &MarkdownBrowser::linkActivated, this, &TranscriptView::linkActivated);
        m_modelBlock = block;
        addWidget(block);
    }
    if (m_modelText.size() >= shownLimit)
        return; // shown as far as it will be: what else arrives changes nothing on screen
    m_modelText += piece;
    // Markdown costs more to lay out as it grows: the bigger the text, the less often.
    if (!m_render.isActive())
        m_render.start(renderDelayMs + int(m_modelText.size() / 256));
}

void TranscriptView::endModelText()
{
    if (!m_modelBlock)
        return;
    m_render.stop();
    if (!isTooLarge()) {
        renderModelText();
    } else {
        // The whole reply (as far as it was kept), in the viewer that loads long text in chunks.
        auto *view = new LargeTextView(m_content);
        view->setObjectName(QStringLiteral("longModelText"));
        view->setAccessibleName(tr("The model's answer"));
        view->setFitToContents(true, longTextHeight);
        QString text = DisplayText::visible(m_modelText);
        if (m_modelText.size() >= shownLimit)
            text += u'\n' + tr("[the reply went on; the rest is not kept]");
        view->setText(text);
        const int index = m_layout->indexOf(m_modelBlock);
        delete m_modelBlock;
        m_layout->insertWidget(index, view);
        scrollToEndSoon();
    }
    m_modelBlock = nullptr;
}

bool TranscriptView::isTooLarge() const
{
    return LargeTextView::isTooLargeToLayOut(m_modelText, markdownLimit, lineLimit);
}

void TranscriptView::renderModelText()
{
    m_render.stop();
    if (!m_modelBlock)
        return;
    if (!isTooLarge()) {
        m_modelBlock->setMarkdownText(m_modelText);
    } else {
        m_modelBlock->setPlainText(
            DisplayText::visible(foldedPreview(m_modelText)) + u'\n'
            + tr("[… %n characters so far: the whole reply is shown once it ends]", nullptr, int(m_modelText.size())));
    }
    scrollToEndSoon();
}

ToolCallCard *TranscriptView::card(int index, const ConversationToolCall &record)
{
    if (ToolCallCard *existing = m_cards.value(index))
        return existing;
    endModelText();
    auto *card = new ToolCallCard(record, m_content);
    connect(card, &ToolCallCard::linkActivated, this, &TranscriptView::linkActivated);
    m_cards.insert(index, card);
    addWidget(card);
    return card;
}

void TranscriptView::addNote(const QString &text)
{
    endModelText();
    QLabel *note = plainLabel(text, QStringLiteral("transcriptNote"), m_content);
    QFont italic = note->font();
    italic.setItalic(true);
    note->setFont(italic);
    addWidget(note);
}

QList<ToolCallCard *> TranscriptView::cards() const
{
    return m_content->findChildren<ToolCallCard *>(QString(), Qt::FindDirectChildrenOnly);
}

void TranscriptView::addWidget(QWidget *widget)
{
    // Before the stretch that keeps the blocks at the top.
    m_layout->insertWidget(m_layout->count() - 1, widget);
    scrollToEndSoon();
}

void TranscriptView::scrollToEndSoon()
{
    // Once the layout has given the new block its height.
    m_followEnd = true;
    QTimer::singleShot(0, this, [this] { verticalScrollBar()->setValue(verticalScrollBar()->maximum()); });
}

} // namespace Toolgate

#include "moc_transcriptview.cpp"
