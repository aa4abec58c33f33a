#pragma once

#include "core/model/conversationstore.h"
#include "core/model/exposedtools.h"
#include "core/model/modelconfig.h"

#include <QPointer>
#include <QWidget>

#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QListWidget;
class QListWidgetItem;
class QPlainTextEdit;
class QPushButton;
class QToolButton;

namespace Toolgate {

class ConversationTurn;
class ExposedToolsBar;
class Host;
class MessageBanner;
class ModelClient;
class SkillInstructions;
class TranscriptView;

/// The Chat view (issue 31): conversations with a language model that may call the tools a person
/// exposed to it. Each call goes through the host's tool-call pipeline as the model's
/// (ConversationTurn, CallInitiator::Model), so the confirmation dialog, rules, pins and the audit log
/// treat it like a call made by hand. Conversations are kept in the ConversationStore; models come from
/// the models file, their keys from the keychain.
class ChatView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChatView)
public:
    struct Environment
    {
        Host *host = nullptr; ///< required, not owned; must outlive the view
        QString conversationsPath; ///< empty: ConversationStore::defaultPath()
        QString modelsPath; ///< empty: ModelsFile::defaultPath()
    };

    explicit ChatView(const Environment &environment, QWidget *parent = nullptr);
    /// A turn still running is stopped (its calls cancelled) and the conversation kept.
    ~ChatView() override;

    /// Reads the models file again (after Settings › Models saved it).
    void reloadModels();
    /// Starts a new conversation (with every tool the servers list now exposed) and shows it.
    void newConversation();
    /// Sends message in the current conversation (a new one when there is none); what the Send button does.
    void send(const QString &message);
    /// Adds a verified skill the person approved to the current conversation (a new one when there is
    /// none) as instructions the model gets with every later request, says so in the transcript, and
    /// records it in the audit log. Refused (false, said in the banner) while a turn runs.
    bool useSkill(const SkillInstructions &skill);
    /// Ends the running turn at once: the model's reply is abandoned, pending calls cancelled.
    void stop();
    /// Renames or deletes a kept conversation (as the list's editing and the Delete button do).
    void renameConversation(const QString &id, const QString &title);
    void deleteConversation(const QString &id);
    /// Shows a kept conversation.
    void selectConversation(const QString &id);

    /// A turn runs (or is about to: the model's key is being read).
    bool isRunning() const { return m_turn != nullptr || m_readingKey; }
    /// The conversation shown (empty id: none).
    const SavedConversation &current() const { return m_current; }
    const ConversationStore &store() const { return m_store; }
    TranscriptView *transcript() const { return m_transcript; }
    ExposedToolsBar *exposedToolsBar() const { return m_exposedBar; }
    QComboBox *modelPicker() const { return m_modelPicker; }
    MessageBanner *banner() const { return m_banner; }
    /// The tokens of the last turn and of the conversation, as shown.
    QString usageText() const;

signals:
    /// The person asked to add or edit model connections (Settings › Models).
    void modelSettingsRequested();
    void linkActivated(const QUrl &url);
    /// A line for the status bar.
    void message(const QString &text);

private:
    void buildList(QWidget *parent);
    void fillList();
    void showCurrent();
    void onModelChosen();
    void onExposedChanged();
    void rebuildExposedTools();
    void followServers();
    void ask(const QString &message, const ModelConfig &config);
    void turnFinished();
    void keep();
    void updateControls();
    void updateUsage();
    void showProblem(const QString &title, const QString &text, bool offerModels = false);
    std::optional<ModelConfig> modelNamed(const QString &name) const;
    QList<ToolNameMap::McpTool> everyListedTool() const;

    QPointer<Host> m_host;
    QString m_modelsPath;
    ConversationStore m_store;
    QList<ModelConfig> m_models;
    SavedConversation m_current;
    ExposedTools m_tools;
    std::unique_ptr<ModelClient> m_client;
    std::unique_ptr<ConversationTurn> m_turn;
    bool m_filling = false;
    bool m_readingKey = false;
    /// Without a conversation, the bar shows what a new one will expose: every listed tool, until the person chooses.
    bool m_exposureChosen = false;
    std::optional<ModelUsage> m_lastTurnUsage;

    QListWidget *m_list = nullptr;
    QToolButton *m_newButton = nullptr;
    QToolButton *m_renameButton = nullptr;
    QToolButton *m_deleteButton = nullptr;
    QComboBox *m_modelPicker = nullptr;
    QPushButton *m_modelsButton = nullptr;
    QLabel *m_usage = nullptr;
    MessageBanner *m_banner = nullptr;
    QPushButton *m_addModel = nullptr;
    TranscriptView *m_transcript = nullptr;
    ExposedToolsBar *m_exposedBar = nullptr;
    QPlainTextEdit *m_input = nullptr;
    QPushButton *m_sendButton = nullptr;
    QPushButton *m_stopButton = nullptr;
};

} // namespace Toolgate
