#pragma once

#include "core/model/conversation.h"

#include <QHash>
#include <QPointer>
#include <QScrollArea>
#include <QTimer>

class QLabel;
class QVBoxLayout;

namespace Toolgate {

class MarkdownBrowser;
class ToolCallCard;

/// The messages of one conversation, top to bottom: the person's messages, the model's text
/// (Markdown, rendered as it streams in), and a card for each tool call the model asked for.
class TranscriptView final : public QScrollArea
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TranscriptView)
public:
    explicit TranscriptView(QWidget *parent = nullptr);

    /// Shows a whole conversation (one that was kept, or another one chosen).
    void showConversation(const Conversation &conversation);
    /// Shows nothing but a line of help.
    void showHint(const QString &text);

    void addUserMessage(const QString &text);
    /// A piece of the model's text as it arrives: rendered shortly after, not on every piece.
    void appendModelText(const QString &piece);
    /// The model's reply is in: what follows starts a new block.
    void endModelText();
    /// The card of conversation.toolCalls[index] (made when it is not there yet).
    ToolCallCard *card(int index, const ConversationToolCall &record);
    /// A line said by Toolgate (the turn stopped, the model failed).
    void addNote(const QString &text);

    /// The cards shown, in order.
    QList<ToolCallCard *> cards() const;
    /// The model's text of the last block (as received, not rendered).
    QString lastModelText() const { return m_modelText; }

signals:
    void linkActivated(const QUrl &url);

private:
    void clear();
    void addWidget(QWidget *widget);
    void renderModelText();
    /// Whether the model's text is too large to lay out as Markdown again and again.
    bool isTooLarge() const;
    void scrollToEndSoon();
    /// Whether the view follows what is added (the person has not scrolled up to read).
    bool m_followEnd = true;

    QWidget *m_content;
    QVBoxLayout *m_layout;
    QPointer<MarkdownBrowser> m_modelBlock;
    QString m_modelText;
    QTimer m_render;
    QHash<int, QPointer<ToolCallCard>> m_cards; ///< by the index in the conversation's toolCalls
};

} // namespace Toolgate
