#pragma once

#include "core/calls/approval.h"
#include "core/common/result.h"
#include "core/model/modelconfig.h"
#include "core/model/modelrequest.h"
#include "core/protocol/sampling.h"
#include "core/requests/serverrequest.h"
#include "ui/clientfeatures/serverrequestdialog.h"

#include <QJsonObject>

#include <functional>
#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QStackedWidget;

namespace Toolgate {

class ArgumentForm;
class SamplingModelPanel;
class SecretStore;
class ServerRequest;

/// A server's sampling/createMessage request, answered by the person: the human reads the conversation
/// (text, images and audio in the usual viewers), the system prompt and the server's model preferences,
/// and either writes the reply or declines. When the server offers tools (tool-enabled sampling), the
/// reply can instead ask for one of them: the person picks the tool and fills in its arguments in a form
/// built from its input schema.
///
/// Or the person lets one of their model connections write it (Ask a Model, SamplingModelPanel): step 1
/// shows what goes to the model, editable, and sends it on a click; step 2 puts the model's reply into
/// the reply field, editable, and Send Reply returns it to the server (Decline does not). Without a
/// model connection the option says so and points to Settings › Models.
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
    /// source says, for the audit record, whether a model wrote the reply and what the person changed.
    using Submitter = std::function<Result<void>(const SamplingResult &reply, const SamplingReplySource &source)>;

    /// toolsAllowed: whether the reply may ask for the offered tools (the client declared sampling.tools).
    SamplingDialog(const ServerIdentity &server, const SamplingRequest &request, bool toolsAllowed, QWidget *parent = nullptr);

    /// Who sends the reply; without one, Send just emits replied().
    void setSubmitter(Submitter submitter) { m_submitter = std::move(submitter); }
    /// The model connections Ask a Model offers (none: it says how to set one up); keys (not owned,
    /// may be null) holds their API keys. answering (may be null) is the request the reply is for: the
    /// model's key is kept out of its audit record.
    void setModels(const QList<ModelConfig> &models, SecretStore *keys, ServerRequest *answering = nullptr);

    QPlainTextEdit *replyEdit() const { return m_reply; }
    /// "A written reply" or "Ask for a tool" (only with tools offered); null otherwise.
    QComboBox *replyKindBox() const { return m_replyKind; }
    QComboBox *toolBox() const { return m_tool; }
    ArgumentForm *toolArgumentsForm() const { return m_toolArguments; }
    QLineEdit *modelEdit() const { return m_model; }
    QPushButton *sendButton() const { return m_send; }
    QPushButton *declineButton() const { return m_decline; }
    QPushButton *askModelButton() const { return m_askModel; }
    /// Step 1 of Ask a Model (shown after askModelButton() is clicked).
    SamplingModelPanel *modelPanel() const { return m_modelPanel; }
    /// The note under the reply once a model wrote it (step 2).
    QLabel *modelReplyNote() const { return m_modelReplyNote; }

    /// The reply the Send button would send.
    SamplingResult replyResult() const;
    /// Where that reply came from, for the audit record.
    SamplingReplySource replySource() const;
    /// Why the request was declined, for the audit record (empty: the person declined without a model's reply).
    QString declineReason() const;

signals:
    void replied(const Toolgate::SamplingResult &result);
    void declined();
    /// The person asked to add a model connection (Settings › Models).
    void modelSettingsRequested();

public slots:
    void done(int result) override;

private:
    QWidget *buildDetails();
    QWidget *buildMessages();
    QWidget *buildReply();
    QWidget *buildAskModelRow(QWidget *parent);
    void showModelReply(const SamplingResult &reply, const ModelConfig &model);
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

    QStackedWidget *m_flow = nullptr; ///< the reply (written or the model's), or step 1 of Ask a Model
    SamplingModelPanel *m_modelPanel = nullptr;
    QPushButton *m_askModel = nullptr;
    QLabel *m_noModels = nullptr;
    QPushButton *m_modelSettings = nullptr;
    QLabel *m_explain = nullptr;
    QLabel *m_modelReplyNote = nullptr;
    /// Set once a model wrote the reply in the field (step 2): what it wrote, by which connection, from what draft.
    std::optional<SamplingResult> m_modelReply;
    std::optional<ModelConfig> m_replyModel;
    std::optional<ModelRequest> m_sentDraft;
};

} // namespace Toolgate
