#pragma once

#include "calls/approval.h"

#include <QDialog>
#include <QJsonObject>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace Toolgate {

/// A server's sampling/createMessage request, answered by the person: Toolgate has no model of its own,
/// so the human reads the conversation (text, images and audio in the usual viewers), the system prompt
/// and the server's model preferences, and either writes the reply or declines.
///
/// Non-modal. Decline has focus and is the default button, but Enter in the model name field does not press it
/// (the reply would be lost); Esc and closing the window decline. Nothing is
/// answered until the person chooses: exactly one of replied() or declined() is emitted.
class SamplingDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SamplingDialog)
public:
    /// The model name a reply carries unless the person changes it.
    static QString defaultModelName();

    SamplingDialog(const ServerIdentity &server, const QJsonObject &params, QWidget *parent = nullptr);

    /// How many more requests from this server wait behind this one; shown when positive.
    void setQueuedCount(int count);

    QPlainTextEdit *replyEdit() const { return m_reply; }
    QLineEdit *modelEdit() const { return m_model; }
    QPushButton *sendButton() const { return m_send; }
    QPushButton *declineButton() const { return m_decline; }

    /// The CreateMessageResult the Send button would answer with.
    QJsonObject replyResult() const;

signals:
    void replied(const QJsonObject &result);
    void declined();

public slots:
    void done(int result) override;

protected:
    void keyPressEvent(QKeyEvent *event) override;

private:
    QWidget *buildDetails(const QJsonObject &params);
    QWidget *buildMessages(const QJsonObject &params);
    QWidget *buildReply(const QJsonObject &params);
    void updateSendButton();

    bool m_finished = false;
    QPlainTextEdit *m_reply = nullptr;
    QLineEdit *m_model = nullptr;
    QLabel *m_replySize = nullptr;
    QLabel *m_queuedNote = nullptr;
    QPushButton *m_send = nullptr;
    QPushButton *m_decline = nullptr;
    int m_maxTokens = 0;
};

} // namespace Toolgate
