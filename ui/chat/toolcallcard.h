#pragma once

#include "core/calls/toolcall.h"
#include "core/model/conversation.h"

#include <QFrame>
#include <QPointer>

class QLabel;

namespace Toolgate {

class FittedPlainTextEdit;
class ResultView;

/// One tool call a model asked for, inline in the chat: the tool, its server, the arguments the
/// model wrote, and where the call stands — waiting for approval, running, its result (in the result
/// viewers), denied with the reason, or why it never ran. It follows the pipeline's ToolCall while
/// the call runs and the conversation's record once it is answered.
class ToolCallCard final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ToolCallCard)
public:
    explicit ToolCallCard(const ConversationToolCall &record, QWidget *parent = nullptr);

    /// Follows the pipeline's call of this card (not owned; it goes once finished).
    void follow(ToolCall *call);
    /// The call as the conversation records it now (answered, or not yet).
    void setRecord(const ConversationToolCall &record);

    const QString &callId() const { return m_record.callId; }
    /// The state line as shown ("Waiting for your approval", "Denied: …").
    QString stateText() const;
    /// The marks of arguments that repeat another server's text, one line each (empty: none).
    QString originsText() const;
    /// The result view, once the call ran in this session (null otherwise).
    ResultView *resultView() const { return m_result; }

signals:
    void linkActivated(const QUrl &url);

private:
    void onStage(ToolCall::Stage stage);
    void showOrigins(const QList<ArgumentOrigin> &origins);
    void onFinished();
    void setState(const QString &text, const QString &tone);
    void fitResult();
    QString answeredText() const;

    ConversationToolCall m_record;
    QPointer<ToolCall> m_call;
    QLabel *m_title;
    QLabel *m_state;
    FittedPlainTextEdit *m_arguments;
    QLabel *m_origins;
    QLabel *m_answer;
    ResultView *m_result = nullptr;
    bool m_refitted = false;
};

} // namespace Toolgate
