#include "ui/chat/chatview.h"

#include "core/audit/auditlog.h"
#include "core/common/displaytext.h"
#include "core/host/host.h"
#include "core/model/conversationturn.h"
#include "core/model/modelclient.h"
#include "core/model/modelerror.h"
#include "core/model/modelkeys.h"
#include "core/model/modelsfile.h"
#include "core/skills/skillinstructions.h"
#include "core/workspace/serverconnection.h"
#include "core/workspace/workspace.h"
#include "ui/chat/exposedtoolsbar.h"
#include "ui/chat/toolcallcard.h"
#include "ui/chat/transcriptview.h"
#include "ui/viewers/messagebanner.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QShortcut>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace Toolgate {

namespace {

constexpr int idRole = Qt::UserRole;

QString tokens(qint64 count)
{
    return count >= 0 ? QString::number(count) : ChatView::tr("?");
}

QString usageLine(const ModelUsage &usage)
{
    return ChatView::tr("%1 in, %2 out").arg(tokens(usage.inputTokens), tokens(usage.outputTokens));
}

} // namespace

ChatView::ChatView(const Environment &environment, QWidget *parent)
    : QWidget(parent)
    , m_host(environment.host)
    , m_modelsPath(environment.modelsPath.isEmpty() ? ModelsFile::defaultPath() : environment.modelsPath)
    , m_store(environment.conversationsPath)
{
    Q_ASSERT(m_host);
    setObjectName(QStringLiteral("chatView"));

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    auto *left = new QWidget(splitter);
    buildList(left);

    auto *right = new QWidget(splitter);
    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Model:"), right));
    m_modelPicker = new QComboBox(right);
    m_modelPicker->setObjectName(QStringLiteral("modelPicker"));
    m_modelPicker->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_modelPicker->setAccessibleName(tr("Model"));
    top->addWidget(m_modelPicker);
    m_modelsButton = new QPushButton(tr("Models…"), right);
    m_modelsButton->setObjectName(QStringLiteral("modelSettings"));
    m_modelsButton->setToolTip(tr("Add or edit model connections (Settings › Models)"));
    top->addWidget(m_modelsButton);
    top->addStretch(1);
    m_usage = new QLabel(right);
    m_usage->setObjectName(QStringLiteral("usageLabel"));
    m_usage->setTextFormat(Qt::PlainText);
    m_usage->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);

    m_banner = new MessageBanner(right);
    m_banner->setObjectName(QStringLiteral("chatBanner"));
    m_banner->hide();
    m_addModel = new QPushButton(tr("Add a Model…"), right);
    m_addModel->setObjectName(QStringLiteral("addModel"));
    m_addModel->hide();
    auto *bannerRow = new QHBoxLayout;
    bannerRow->addWidget(m_banner, 1);
    bannerRow->addWidget(m_addModel, 0, Qt::AlignTop);

    m_transcript = new TranscriptView(right);
    m_exposedBar = new ExposedToolsBar(m_host->workspace(), right);

    m_input = new QPlainTextEdit(right);
    m_input->setObjectName(QStringLiteral("chatInput"));
    m_input->setPlaceholderText(tr("Message to the model (Ctrl+Enter sends)"));
    m_input->setMaximumHeight(90);
    m_input->setTabChangesFocus(true);
    m_input->setAccessibleName(tr("Message to the model"));
    m_sendButton = new QPushButton(tr("Send"), right);
    m_sendButton->setObjectName(QStringLiteral("sendButton"));
    m_sendButton->setDefault(true);
    m_stopButton = new QPushButton(tr("Stop"), right);
    m_stopButton->setObjectName(QStringLiteral("stopButton"));
    m_stopButton->setToolTip(tr("End this turn now: the model's reply is abandoned and its pending tool calls are cancelled"));
    auto *buttons = new QVBoxLayout;
    buttons->addWidget(m_sendButton);
    buttons->addWidget(m_stopButton);
    buttons->addStretch(1);
    auto *inputRow = new QHBoxLayout;
    inputRow->addWidget(m_input, 1);
    inputRow->addLayout(buttons);

    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(6, 6, 6, 6);
    rightLayout->addLayout(top);
    rightLayout->addLayout(bannerRow);
    rightLayout->addWidget(m_transcript, 1);
    rightLayout->addWidget(m_exposedBar);
    rightLayout->addLayout(inputRow);
    rightLayout->addWidget(m_usage);

    splitter->addWidget(left);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({170, 600});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_modelPicker, &QComboBox::currentIndexChanged, this, &ChatView::onModelChosen);
    connect(m_modelsButton, &QPushButton::clicked, this, &ChatView::modelSettingsRequested);
    connect(m_addModel, &QPushButton::clicked, this, &ChatView::modelSettingsRequested);
    connect(m_exposedBar, &ExposedToolsBar::exposedChanged, this, &ChatView::onExposedChanged);
    connect(m_exposedBar, &ExposedToolsBar::toolListsChanged, this, &ChatView::followServers);
    connect(m_transcript, &TranscriptView::linkActivated, this, &ChatView::linkActivated);
    connect(m_sendButton, &QPushButton::clicked, this, [this] { send(m_input->toPlainText()); });
    connect(m_stopButton, &QPushButton::clicked, this, &ChatView::stop);
    auto *sendShortcut = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), m_input);
    sendShortcut->setContext(Qt::WidgetShortcut);
    connect(sendShortcut, &QShortcut::activated, this, [this] { send(m_input->toPlainText()); });
    // Servers come and go (a reload makes new connections): the exposed tools follow them by name.
    Workspace *workspace = m_host->workspace();
    connect(workspace, &Workspace::connectionsReset, this, &ChatView::rebuildExposedTools);
    connect(workspace, &Workspace::connectionAdded, this, &ChatView::rebuildExposedTools);

    reloadModels();
    if (const Result<void> loaded = m_store.load(); !loaded)
        showProblem(tr("Your conversations could not be read"), loaded.error().message);
    if (!m_store.conversations().isEmpty())
        m_current = m_store.conversations().first();
    fillList();
    showCurrent();
}

ChatView::~ChatView()
{
    if (m_turn) {
        // Answers what is still open as cancelled, so the conversation kept is one a model accepts.
        m_turn->disconnect(this);
        m_turn->stop();
        keep();
    }
    m_turn.reset();
    m_client.reset();
}

void ChatView::buildList(QWidget *parent)
{
    m_list = new QListWidget(parent);
    m_list->setObjectName(QStringLiteral("conversationList"));
    m_list->setMinimumWidth(120);
    m_list->setAccessibleName(tr("Conversations"));
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setTextElideMode(Qt::ElideRight);
    m_list->setEditTriggers(QAbstractItemView::EditKeyPressed | QAbstractItemView::DoubleClicked);
    const auto tool = [parent](const QString &text, const QString &name, const QString &tip) {
        auto *button = new QToolButton(parent);
        button->setText(text);
        button->setObjectName(name);
        button->setToolTip(tip);
        return button;
    };
    m_newButton = tool(tr("New"), QStringLiteral("newConversation"), tr("Start a new conversation"));
    m_renameButton = tool(tr("Rename"), QStringLiteral("renameConversation"), tr("Rename the conversation (F2)"));
    m_deleteButton = tool(tr("Delete"), QStringLiteral("deleteConversation"), tr("Delete the conversation"));
    auto *row = new QHBoxLayout;
    row->addWidget(m_newButton);
    row->addWidget(m_renameButton);
    row->addWidget(m_deleteButton);
    row->addStretch(1);
    auto *layout = new QVBoxLayout(parent);
    layout->setContentsMargins(6, 6, 0, 6);
    layout->addWidget(new QLabel(tr("Conversations"), parent));
    layout->addWidget(m_list, 1);
    layout->addLayout(row);

    connect(m_newButton, &QToolButton::clicked, this, &ChatView::newConversation);
    connect(m_renameButton, &QToolButton::clicked, this, [this] {
        if (QListWidgetItem *item = m_list->currentItem())
            m_list->editItem(item);
    });
    connect(m_deleteButton, &QToolButton::clicked, this, [this] {
        if (m_current.id.isEmpty())
            return;
        auto *box = new QMessageBox(
            QMessageBox::Question, tr("Delete Conversation"),
            tr("Delete the conversation «%1»? It cannot be brought back.").arg(DisplayText::visibleLine(m_current.conversation.title)),
            QMessageBox::Cancel, this);
        QPushButton *remove = box->addButton(tr("Delete"), QMessageBox::DestructiveRole);
        box->setDefaultButton(QMessageBox::Cancel);
        box->setAttribute(Qt::WA_DeleteOnClose);
        connect(box, &QMessageBox::finished, this, [this, box, remove, id = m_current.id] {
            if (box->clickedButton() == remove)
                deleteConversation(id);
        });
        box->open();
    });
    connect(m_list, &QListWidget::currentItemChanged, this, [this](QListWidgetItem *item) {
        if (!m_filling && item && !m_turn)
            selectConversation(item->data(idRole).toString());
    });
    connect(m_list, &QListWidget::itemChanged, this, [this](QListWidgetItem *item) {
        if (!m_filling)
            renameConversation(item->data(idRole).toString(), item->text());
    });
}

void ChatView::fillList()
{
    const QScopedValueRollback<bool> filling(m_filling, true);
    m_list->clear();
    for (const SavedConversation &saved : m_store.conversations()) {
        auto *item = new QListWidgetItem(saved.conversation.title, m_list);
        item->setData(idRole, saved.id);
        item->setToolTip(saved.conversation.title);
        item->setFlags(item->flags() | Qt::ItemIsEditable);
        if (saved.id == m_current.id)
            m_list->setCurrentItem(item);
    }
}

void ChatView::reloadModels()
{
    const auto models = ModelsFile::load(m_modelsPath);
    m_models = models ? models.value() : QList<ModelConfig>();
    if (!models)
        showProblem(tr("The models file could not be read"), models.error().message, true);
    else if (!m_models.isEmpty() && m_addModel->isVisible()) {
        m_banner->hide();
        m_addModel->hide();
    }
    const QScopedValueRollback<bool> filling(m_filling, true);
    m_modelPicker->clear();
    for (const ModelConfig &model : std::as_const(m_models))
        m_modelPicker->addItem(DisplayText::visibleLine(model.name), model.name);
    if (!m_current.model.isEmpty() && !modelNamed(m_current.model))
        m_modelPicker->addItem(tr("%1 (not in the models file)").arg(DisplayText::visibleLine(m_current.model)), m_current.model);
    if (m_modelPicker->count() == 0)
        m_modelPicker->addItem(tr("(no model set up)"), QString());
    const int index = m_modelPicker->findData(m_current.model);
    m_modelPicker->setCurrentIndex(index >= 0 ? index : 0);
    updateControls();
}

std::optional<ModelConfig> ChatView::modelNamed(const QString &name) const
{
    for (const ModelConfig &model : m_models) {
        if (model.name == name)
            return model;
    }
    return std::nullopt;
}

QList<ToolNameMap::McpTool> ChatView::everyListedTool() const
{
    QList<ToolNameMap::McpTool> tools;
    const QList<ServerConnection *> connections = m_host->workspace()->connections();
    for (ServerConnection *connection : connections) {
        const QList<Tool> listed = connection->tools();
        for (const Tool &tool : listed)
            tools.append({connection->name(), tool.name});
    }
    return tools;
}

void ChatView::newConversation()
{
    if (m_turn)
        return;
    QString model = m_current.model;
    if (model.isEmpty() && !m_models.isEmpty())
        model = m_models.first().name;
    // The first conversation takes what the bar showed (and the person may have chosen) before it.
    const QList<ToolNameMap::McpTool> exposed = m_current.id.isEmpty() ? m_exposedBar->exposed() : everyListedTool();
    const auto created = m_store.create(tr("New conversation"), model, exposed);
    if (!created) {
        showProblem(tr("The conversation could not be kept"), created.error().message);
        return;
    }
    m_current = created.value();
    fillList();
    showCurrent();
    m_input->setFocus();
}

void ChatView::selectConversation(const QString &id)
{
    if (m_turn || id == m_current.id)
        return;
    if (const SavedConversation *saved = m_store.find(id)) {
        m_current = *saved;
        showCurrent();
    }
}

void ChatView::followServers()
{
    if (!m_current.id.isEmpty() || m_exposureChosen)
        return;
    m_current.exposedTools = everyListedTool();
    m_exposedBar->setExposed(m_current.exposedTools);
    rebuildExposedTools();
}

void ChatView::showCurrent()
{
    m_lastTurnUsage.reset();
    if (m_current.id.isEmpty()) {
        m_exposureChosen = false;
        m_current.exposedTools = everyListedTool();
    }
    m_exposedBar->setExposed(m_current.exposedTools);
    rebuildExposedTools();
    reloadModels();
    if (m_current.id.isEmpty())
        m_transcript->showHint(tr("Write a message below to start a conversation. The model may call the tools exposed above "
                                  "the input; you decide each call."));
    else
        m_transcript->showConversation(m_current.conversation);
    updateUsage();
    updateControls();
}

void ChatView::renameConversation(const QString &id, const QString &title)
{
    const QString simplified = title.simplified();
    if (simplified.isEmpty() || !m_store.find(id)) {
        fillList();
        return;
    }
    if (const Result<void> renamed = m_store.rename(id, simplified); !renamed)
        emit message(renamed.error().message);
    if (id == m_current.id)
        m_current.conversation.title = simplified;
    fillList();
}

void ChatView::deleteConversation(const QString &id)
{
    if (m_turn && id == m_current.id)
        return;
    if (const Result<void> removed = m_store.remove(id); !removed) {
        emit message(removed.error().message);
        return;
    }
    // What the person allowed "for this conversation" ends with it.
    if (m_host && m_host->approvalPolicy())
        m_host->approvalPolicy()->forgetConversation(id);
    if (id == m_current.id)
        m_current = m_store.conversations().isEmpty() ? SavedConversation() : m_store.conversations().first();
    fillList();
    showCurrent();
}

void ChatView::onModelChosen()
{
    if (m_filling || m_turn)
        return;
    const QString model = m_modelPicker->currentData().toString();
    if (model == m_current.model || model.isEmpty())
        return;
    m_current.model = model;
    if (!m_current.id.isEmpty())
        keep();
}

void ChatView::onExposedChanged()
{
    m_current.exposedTools = m_exposedBar->exposed();
    m_exposureChosen = true;
    rebuildExposedTools();
    if (!m_current.id.isEmpty() && !m_turn)
        keep();
}

void ChatView::rebuildExposedTools()
{
    // Rebuilt in place: a running turn asks the same object, so a tool withdrawn now is not called.
    m_tools = ExposedTools();
    Workspace *workspace = m_host ? m_host->workspace() : nullptr;
    for (const ToolNameMap::McpTool &entry : std::as_const(m_current.exposedTools)) {
        if (ServerConnection *connection = workspace ? workspace->connection(entry.server) : nullptr)
            m_tools.add(connection, entry.tool);
    }
}

void ChatView::send(const QString &message)
{
    const QString text = message.trimmed();
    if (isRunning() || text.isEmpty())
        return;
    if (m_models.isEmpty()) {
        showProblem(tr("No model is set up yet"),
                    tr("Add a model connection in Settings › Models: a local server such as Ollama, LM Studio or llama.cpp's "
                       "server, or a provider such as OpenAI, Anthropic or OpenRouter (docs/models.md says how)."),
                    true);
        return;
    }
    if (m_current.id.isEmpty())
        newConversation();
    if (m_current.id.isEmpty())
        return;
    if (m_current.model.isEmpty())
        m_current.model = m_modelPicker->currentData().toString();
    const std::optional<ModelConfig> config = modelNamed(m_current.model);
    if (!config) {
        showProblem(tr("The model «%1» is not in the models file").arg(DisplayText::visibleLine(m_current.model)),
                    tr("Choose another model above, or add it in Settings › Models."), true);
        return;
    }
    ask(text, config.value());
}

bool ChatView::useSkill(const SkillInstructions &skill)
{
    if (isRunning()) {
        showProblem(tr("The skill was not added"), tr("The model is answering. Add the skill once it has finished, or stop it first."));
        return false;
    }
    if (m_current.id.isEmpty())
        newConversation();
    if (m_current.id.isEmpty())
        return false;
    if (m_current.conversation.messages.isEmpty())
        m_transcript->showHint({});
    // A system message: both model clients send it as instructions (OpenAI in the messages, Anthropic as "system").
    m_current.conversation.messages.append(ModelMessage::system(skill.text()));
    m_transcript->addNote(DisplayText::visibleLine(skill.notice()));
    keep();
    if (AuditLog *audit = m_host->audit()) {
        AuditConnectionEvent event;
        event.server = skill.server();
        event.kind = AuditConnectionEvent::Kind::SkillAdded;
        event.message = skill.notice();
        event.details = skill.auditDetails();
        event.details.insert(QStringLiteral("conversationId"), m_current.id);
        event.details.insert(QStringLiteral("conversationTitle"), m_current.conversation.title);
        audit->recordConnectionEvent(event);
    }
    return true;
}

void ChatView::ask(const QString &message, const ModelConfig &config)
{
    m_banner->hide();
    m_addModel->hide();
    m_input->clear();
    // The conversation's title is what the approval dialog names: a fresh one is named after its first
    // message (a skill's instructions added before it are no message of the person's).
    const bool firstMessage = std::none_of(m_current.conversation.messages.cbegin(), m_current.conversation.messages.cend(),
                                           [](const ModelMessage &sent) { return sent.role != ModelMessage::Role::System; });
    if (firstMessage) {
        if (m_current.conversation.title == tr("New conversation")) {
            m_current.conversation.title = Conversation::titleFor(message);
            if (QListWidgetItem *item = m_list->currentItem()) {
                const QScopedValueRollback<bool> filling(m_filling, true);
                item->setText(m_current.conversation.title);
            }
        }
        m_transcript->showHint({});
    }
    m_transcript->addUserMessage(message);
    m_client.reset();
    // Until the key is read nothing else may start: the controls say "running" already.
    m_readingKey = true;
    updateControls();
    const QString id = m_current.id;
    ModelKeys::fillKey(*m_host->secretStore(), config, this, [this, message, id](const Result<ModelConfig> &filled) {
        m_readingKey = false;
        updateControls();
        if (m_turn || id != m_current.id)
            return;
        if (!filled) {
            showProblem(tr("The model's key could not be read"), filled.error().message, true);
            m_transcript->showConversation(m_current.conversation);
            return;
        }
        // Whatever the audit log records from now on (a tool's arguments or result that repeat the key) has it blanked out.
        if (!filled->apiKey.isEmpty() && m_host->audit())
            m_host->audit()->addSecretValues({filled->apiKey});
        m_client = ModelClient::create(filled.value());
        m_turn = std::make_unique<ConversationTurn>(&m_current.conversation, m_client.get(), m_host->toolCalls(), &m_tools,
                                                    ConversationTurn::Options{});
        ConversationTurn *turn = m_turn.get();
        connect(turn, &ConversationTurn::textReceived, m_transcript, &TranscriptView::appendModelText);
        connect(turn, &ConversationTurn::replied, this, [this] {
            m_transcript->endModelText();
            for (qsizetype index = 0; index < m_current.conversation.toolCalls.size(); ++index)
                m_transcript->card(int(index), m_current.conversation.toolCalls.at(index));
            updateUsage();
        });
        connect(turn, &ConversationTurn::toolCallStarted, this,
                [this](int index, ToolCall *call) { m_transcript->card(index, m_current.conversation.toolCalls.at(index))->follow(call); });
        connect(turn, &ConversationTurn::toolCallAnswered, this, [this](int index) {
            m_transcript->card(index, m_current.conversation.toolCalls.at(index))->setRecord(m_current.conversation.toolCalls.at(index));
        });
        connect(turn, &ConversationTurn::contextShortened, this, [this](int shortened, qint64 contextLimit) {
            m_transcript->addNote(tr("%n older tool result(s) were shortened to fit the model's context of %1 tokens.", nullptr, shortened)
                                      .arg(QLocale().toString(contextLimit)));
        });
        connect(turn, &ConversationTurn::finished, this, &ChatView::turnFinished);
        updateControls();
        turn->start(message);
    });
}

void ChatView::stop()
{
    if (m_turn)
        m_turn->stop(); // turnFinished() follows at once
}

void ChatView::turnFinished()
{
    if (!m_turn)
        return;
    m_transcript->endModelText();
    switch (m_turn->ending()) {
    case ConversationTurn::Ending::ModelFailed:
        if (modelProblemOf(m_turn->error()) == ModelProblem::ContextFull) {
            // Nothing went wrong with the model: the conversation outgrew it.
            m_transcript->addNote(DisplayText::visibleLine(m_turn->error().message));
            showProblem(tr("The conversation is too long for the model"), m_turn->error().message, true);
            break;
        }
        m_transcript->addNote(tr("The model failed: %1").arg(DisplayText::visibleLine(m_turn->error().message)));
        showProblem(tr("The model failed"), m_turn->error().message);
        break;
    case ConversationTurn::Ending::RoundLimit:
        m_transcript->addNote(tr("Stopped: the model still asked for tools after %n replies.", nullptr, m_turn->rounds()));
        break;
    case ConversationTurn::Ending::Stopped: m_transcript->addNote(tr("Stopped. Calls not answered yet were cancelled.")); break;
    case ConversationTurn::Ending::Answered:
    case ConversationTurn::Ending::Running: break;
    }
    m_lastTurnUsage = m_turn->usage();
    updateUsage();
    // The turn goes once its signal has returned.
    m_turn.release()->deleteLater();
    keep();
    updateControls();
}

void ChatView::keep()
{
    if (m_current.id.isEmpty())
        return;
    m_current.exposedTools = m_exposedBar->exposed();
    if (const Result<void> kept = m_store.update(m_current); !kept)
        emit message(kept.error().message);
    fillList();
}

QString ChatView::usageText() const
{
    return m_usage->text();
}

void ChatView::updateUsage()
{
    const Conversation &conversation = m_current.conversation;
    if (conversation.usage.isEmpty()) {
        m_usage->clear();
        return;
    }
    const ModelUsage last = m_turn ? m_turn->usage() : m_lastTurnUsage.value_or(conversation.usage.last());
    m_usage->setText(tr("Tokens: this turn %1; conversation %2").arg(usageLine(last), usageLine(conversation.totalUsage())));
}

void ChatView::updateControls()
{
    const bool running = m_turn != nullptr || m_readingKey;
    m_sendButton->setEnabled(!running);
    m_stopButton->setEnabled(running);
    m_list->setEnabled(!running);
    m_newButton->setEnabled(!running);
    m_renameButton->setEnabled(!running && !m_current.id.isEmpty());
    m_deleteButton->setEnabled(!running && !m_current.id.isEmpty());
    m_modelPicker->setEnabled(!running && !m_models.isEmpty());
}

void ChatView::showProblem(const QString &title, const QString &text, bool offerModels)
{
    m_banner->showMessage(MessageBanner::Kind::Error, title, text);
    m_banner->show();
    m_addModel->setVisible(offerModels);
}

} // namespace Toolgate

#include "moc_chatview.cpp"
