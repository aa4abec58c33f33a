#pragma once

#include "core/model/modelconfig.h"
#include "core/model/modelrequest.h"
#include "core/protocol/sampling.h"

#include <QList>
#include <QPointer>
#include <QWidget>

#include <optional>

class QComboBox;
class QPlainTextEdit;
class QPushButton;

namespace Toolgate {

class MessageBanner;
class SamplingByModel;
class SecretStore;
class ServerRequest;

/// Step 1 of a sampling request answered by a model (SamplingDialog's "Ask a Model"): the person
/// picks one of their model connections (the server's hints preselect one), reads what goes to it —
/// the system prompt and the conversation as the model will get them, each editable — and sends it
/// with a click. While the model answers, Stop aborts. The answer goes to answered(), for the dialog
/// to show as step 2; nothing reaches the server from here. Errors stay on this page, in words.
class SamplingModelPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SamplingModelPanel)
public:
    explicit SamplingModelPanel(const SamplingRequest &request, QWidget *parent = nullptr);
    ~SamplingModelPanel() override;

    /// The connections to choose from; keys (not owned, may be null) holds their API keys. answering
    /// (may be null) is the request the model's reply is for (see SamplingByModel).
    void setModels(const QList<ModelConfig> &models, SecretStore *keys, ServerRequest *answering = nullptr);
    bool hasModels() const { return !m_models.isEmpty(); }

    /// What Send to Model sends: the draft with the person's edits.
    ModelRequest draft() const;
    /// The draft, when the person changed anything in it.
    std::optional<ModelRequest> editedDraft() const;
    /// The connection chosen.
    std::optional<ModelConfig> chosenModel() const;
    bool isAsking() const;
    /// Aborts the model's request, if one runs.
    void cancel();

    QComboBox *modelPicker() const { return m_picker; }
    QPlainTextEdit *systemPromptEdit() const { return m_systemPrompt; }
    QList<QPlainTextEdit *> messageEdits() const { return m_messageEdits; }
    QPushButton *sendButton() const { return m_send; }
    QPushButton *stopButton() const { return m_stop; }
    QPushButton *backButton() const { return m_back; }
    /// Says that the model is being asked, or why it did not answer.
    MessageBanner *statusBanner() const { return m_status; }

signals:
    /// The model answered (step 2 is the dialog's); model is the connection that did.
    void answered(const Toolgate::SamplingResult &reply, const Toolgate::ModelConfig &model);
    /// The person would rather write the reply.
    void backRequested();

private:
    void send();
    void setAsking(bool asking);
    void showStatus(const QString &title, const QString &text, bool problem);

    ModelRequest m_original;
    ModelPreferences m_preferences;
    QList<ModelConfig> m_models;
    SecretStore *m_keys = nullptr;
    QPointer<ServerRequest> m_answering;
    QPointer<SamplingByModel> m_asker;
    QComboBox *m_picker = nullptr;
    QPlainTextEdit *m_systemPrompt = nullptr;
    QList<QPlainTextEdit *> m_messageEdits; ///< one per message of m_original that is not the system prompt
    MessageBanner *m_status = nullptr;
    QPushButton *m_send = nullptr;
    QPushButton *m_stop = nullptr;
    QPushButton *m_back = nullptr;
};

} // namespace Toolgate
