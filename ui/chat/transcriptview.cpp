#include "ui/chat/transcriptview.h"

#include "core/common/displaytext.h"
#include "ui/chat/toolcallcard.h"
#include "ui/viewers/markdownbrowser.h"

#include <QLabel>
#include <QScrollBar>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

constexpr int renderDelayMs = 60;
constexpr int blockHeight = 100000;
// Rendering Markdown is done on the GUI thread: a reply longer than this (an endless or hostile
// stream) is shown as plain text instead, and cut, so the window stays responsive.
constexpr qsizetype markdownLimit = 64 * 1024;
constexpr qsizetype shownLimit = 512 * 1024;

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
        block->setFitToContents(true, blockHeight);
        block->setFrameShape(QFrame::NoFrame);
        block->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        connect(block, &MarkdownBrowser::linkActivated, this, &TranscriptView::linkActivated);
        m_modelBlock = block;
        addWidget(block);
    }
    if (m_modelText.size() < shownLimit)
        m_modelText += piece;
    if (!m_render.isActive())
        m_render.start();
}

void TranscriptView::endModelText()
{
    if (m_modelBlock)
        renderModelText();
    m_modelBlock = nullptr;
}

void TranscriptView::renderModelText()
{
    m_render.stop();
    if (!m_modelBlock)
        return;
    if (m_modelText.size() <= markdownLimit) {
        m_modelBlock->setMarkdownText(m_modelText);
    } else {
        QString shown = DisplayText::visible(m_modelText.left(shownLimit));
        if (m_modelText.size() >= shownLimit)
            shown += u'\n' + tr("[the reply goes on; the rest is not shown]");
        m_modelBlock->setPlainText(shown);
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
