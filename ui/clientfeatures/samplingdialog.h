#pragma once

#include "core/calls/approval.h"
#include "core/common/result.h"
#include "core/protocol/sampling.h"
#include "ui/clientfeatures/serverrequestdialog.h"

#include <QJsonObject>

#include <functional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QStackedWidget;

namespace Toolgate {

class ArgumentForm;

/// A server's sampling/createMessage request, answered by the person: Toolgate has no model of its own,
/// so the human reads the conversation (text, images and audio in the usual viewers), the system prompt
/// and the server's model preferences, and either writes the reply or declines. When the server offers
/// tools (tool-enabled sampling), the reply can instead ask for one of them: the person picks the tool
/// and fills in its arguments in a form built from its input schema.
///
/// Non-modal. Decline has focus and is the default button, but Enter in the model name field does not press it
/// (the reply would be lost); Esc and closing the window decline. Nothing is answered until the person
/// chooses: Send hands the reply to the submitter (which checks it and sends it); if it is refused, the
/// dialog stays open and says why. Exactly one of replied() or declined() is emitted.
class SamplingDialog final : public ServerRequestDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SamplingDialog)
public:
    /// The model name a reply carries unless the person changes it.
    static QString defaultModelName();

    /// Sends a reply: an error keeps the dialog open, showing what is wrong.
    using Submitter = std::function<Result<void>(const SamplingResult &reply)>;

    /// toolsAllowed: whether the reply may ask for the offered tools (the client declared sampling.tools).
    SamplingDialog(const ServerIdentity &server, const SamplingRequest &request, bool toolsAllowed, QWidget *parent = nullptr);

    /// Who sends the reply; without one, Send just emits replied().
    void setSubmitter(Submitter submitter) { m_submitter = std::move(submitter); }

    QPlainTextEdit *replyEdit() const { return m_reply; }
    /// "A written reply" or "Ask for a tool" (only with tools offered); null otherwise.
    QComboBox *replyKindBox() const { return m_replyKind; }
    QComboBox *toolBox() const { return m_tool; }
    ArgumentForm *toolArgumentsForm() const { return m_toolArguments; }
    QLineEdit *modelEdit() const { return m_model; }
    QPushButton *sendButton() const { return m_send; }
    QPushButton *declineButton() const { return m_decline; }

    /// The reply the Send button would send.
    SamplingResult replyResult() const;

signals:
    void replied(const Toolgate::SamplingResult &result);
    void declined();

public slots:
    void done(int result) override;

private:
    QWidget *buildDetails();
    QWidget *buildMessages();
    QWidget *buildReply();
    QWidget *buildToolRequest(QWidget *parent);
    void showTool(int index);
    void updateSendButton();
    bool isToolReply() const;

    SamplingRequest m_request;
    bool m_toolsAllowed = false;
    Submitter m_submitter;
    bool m_finished = false;
    int m_toolUses = 0;
    QComboBox *m_replyKind = nullptr;
    QStackedWidget *m_replyPages = nullptr;
    QComboBox *m_tool = nullptr;
    ArgumentForm *m_toolArguments = nullptr;
    QPlainTextEdit *m_reply = nullptr;
    QLineEdit *m_model = nullptr;
    QLabel *m_replySize = nullptr;
    QPushButton *m_send = nullptr;
    QPushButton *m_decline = nullptr;
    int m_maxTokens = 0;
};

} // namespace Toolgate
