#include "ui/clientfeatures/samplingdialog.h"

#include "ui/forms/argumentform.h"
#include "ui/forms/formlabels.h"
#include "ui/forms/plaintextview.h"
#include "core/protocol/content.h"
#include "ui/clientfeatures/requestheader.h"
#include "ui/clientfeatures/samplingmodelpanel.h"
#include "core/model/samplingbymodel.h"
#include "core/requests/serverrequest.h"
#include "ui/viewers/contentview.h"
#include "ui/viewers/viewerstyle.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFrame>
#include <QGridLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QHBoxLayout>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

QString number(double value)
{
    return QString::number(value, 'g', 6);
}

QString modelPreferencesText(const ModelPreferences &preferences)
{
    QStringList parts;
    if (!preferences.hints.isEmpty())
        parts.append(SamplingDialog::tr("hints: %1").arg(preferences.hints.join(QLatin1String(", "))));
    const std::pair<std::optional<double>, QString> priorities[] = {
        {preferences.intelligencePriority, SamplingDialog::tr("intelligence")},
        {preferences.speedPriority, SamplingDialog::tr("speed")},
        {preferences.costPriority, SamplingDialog::tr("cost")},
    };
    for (const auto &[value, label] : priorities) {
        if (value)
            parts.append(SamplingDialog::tr("%1 %2").arg(label, number(*value)));
    }
    return parts.join(QStringLiteral(" · "));
}

/// What a sampling block shows as in the conversation: content blocks in the usual viewers, a tool
/// request or result as a text block that says what it is.
Content displayed(const SamplingContent &block)
{
    switch (block.type) {
    case SamplingContent::Type::Text:
    case SamplingContent::Type::Image:
    case SamplingContent::Type::Audio:
        return block.block;
    case SamplingContent::Type::ToolUse:
        return Content::makeText(SamplingDialog::tr("Asks for the tool %1 with these arguments:\n%2")
                                     .arg(block.toolName, QString::fromUtf8(QJsonDocument(block.input).toJson(QJsonDocument::Indented))));
    case SamplingContent::Type::ToolResult: {
        QStringList parts;
        for (const Content &content : block.resultContent)
            parts.append(content.type == Content::Type::Text ? content.text : SamplingDialog::tr("[%1]").arg(content.typeString()));
        return Content::makeText((block.isError ? SamplingDialog::tr("The tool failed (request %1):\n%2")
                                                : SamplingDialog::tr("The tool answered (request %1):\n%2"))
                                     .arg(block.toolUseId, parts.join(u'\n')));
    }
    }
    return {};
}

QString roleName(const QString &role)
{
    if (role == QLatin1String("user"))
        return SamplingDialog::tr("User");
    if (role == QLatin1String("assistant"))
        return SamplingDialog::tr("Assistant");
    return role;
}

} // namespace

QString SamplingDialog::defaultModelName()
{
    return QStringLiteral("human (Toolgate)");
}

SamplingDialog::SamplingDialog(const ServerIdentity &server, const SamplingRequest &request, bool toolsAllowed, QWidget *parent)
    : ServerRequestDialog(parent)
    , m_request(request)
    , m_toolsAllowed(toolsAllowed && !request.tools.isEmpty() && request.toolChoice != SamplingRequest::ToolChoice::None)
{
    setObjectName(QStringLiteral("samplingDialog"));
    setWindowTitle(tr("Sampling request from %1").arg(server.name));
    setModal(false);
    m_maxTokens = request.maxTokens;

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(createServerRequestHeader(
        server, tr("%1 asks for a model reply").arg(server.name), this));
    m_explain = new HelpLabel(QString(), this);
    m_explain->setObjectName(QStringLiteral("explain"));
    m_explain->setWordWrap(true);
    layout->addWidget(m_explain);
    layout->addWidget(buildDetails());

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(buildMessages());
    m_flow = new QStackedWidget(splitter);
    m_flow->addWidget(buildReply());
    m_modelPanel = new SamplingModelPanel(request, m_flow);
    m_flow->addWidget(m_modelPanel);
    connect(m_modelPanel, &SamplingModelPanel::answered, this, &SamplingDialog::showModelReply);
    connect(m_modelPanel, &SamplingModelPanel::backRequested, this, [this] {
        m_flow->setCurrentIndex(0);
        updateSendButton();
    });
    splitter->addWidget(m_flow);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);

    addStatusNotes(layout, QStringLiteral("replyRefused"));

    auto *buttons = new QDialogButtonBox(this);
    m_decline = buttons->addButton(tr("&Decline"), QDialogButtonBox::RejectRole);
    m_decline->setObjectName(QStringLiteral("decline"));
    m_send = buttons->addButton(tr("&Send Reply"), QDialogButtonBox::AcceptRole);
    m_send->setObjectName(QStringLiteral("send"));
    m_send->setAutoDefault(false);
    m_decline->setDefault(true);
    layout->addWidget(buttons);
    connect(m_decline, &QPushButton::clicked, this, &QDialog::reject);
    connect(m_send, &QPushButton::clicked, this, &QDialog::accept);

    setModels({}, nullptr);
    updateSendButton();
    resize(720, 680);
    m_decline->setFocus();
}

void SamplingDialog::setModels(const QList<ModelConfig> &models, SecretStore *keys, ServerRequest *answering)
{
    m_modelPanel->setModels(models, keys, answering);
    const bool any = !models.isEmpty();
    m_askModel->setEnabled(any);
    m_noModels->setVisible(!any);
    m_modelSettings->setVisible(!any);
    m_explain->setText(any ? tr("Read the conversation, then write the reply the server gets, let one of your models write it "
                                "(you see what goes to the model and its reply before anything is sent), or decline. "
                                "Nothing is sent until you choose.")
                           : tr("Read the conversation, then write the reply the server gets (you act as the model), or "
                                "decline. Nothing is sent until you choose."));
}

QWidget *SamplingDialog::buildAskModelRow(QWidget *parent)
{
    auto *row = new QWidget(parent);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    m_askModel = new QPushButton(tr("&Ask a Model…"), row);
    m_askModel->setObjectName(QStringLiteral("askModel"));
    m_askModel->setAutoDefault(false);
    m_askModel->setToolTip(tr("Let one of your model connections write the reply: you see what goes to the model, and its "
                              "reply before it goes to the server."));
    m_noModels = new HelpLabel(tr("No model is set up, so you write the reply. To let a model write it, add one in "
                                  "Settings › Models."),
                               row);
    m_noModels->setObjectName(QStringLiteral("noModels"));
    m_noModels->setWordWrap(true);
    m_modelSettings = new QPushButton(tr("Settings › Models…"), row);
    m_modelSettings->setObjectName(QStringLiteral("modelSettings"));
    m_modelSettings->setAutoDefault(false);
    layout->addWidget(m_askModel);
    layout->addWidget(m_noModels, 1);
    layout->addWidget(m_modelSettings);
    layout->addStretch(0);
    connect(m_askModel, &QPushButton::clicked, this, [this] {
        m_flow->setCurrentIndex(1);
        updateSendButton();
        m_modelPanel->sendButton()->setFocus();
    });
    connect(m_modelSettings, &QPushButton::clicked, this, &SamplingDialog::modelSettingsRequested);
    return row;
}

void SamplingDialog::showModelReply(const SamplingResult &reply, const ModelConfig &model)
{
    m_modelReply = reply;
    m_replyModel = model;
    m_sentDraft = m_modelPanel->editedDraft();
    if (m_replyKind)
        m_replyKind->setCurrentIndex(0);
    QString text;
    for (const SamplingContent &block : reply.content) {
        if (block.type == SamplingContent::Type::Text)
            text += block.block.text;
    }
    m_reply->setPlainText(text);
    m_model->setText(reply.model);
    m_modelReplyNote->setText(tr("Step 2 of 2: the reply of the model \"%1\" (stopped: %2). Read it and change it if you like: "
                                 "Send Reply returns it to the server, Decline returns nothing.")
                                  .arg(reply.model, reply.stopReason));
    m_modelReplyNote->show();
    m_flow->setCurrentIndex(0);
    updateSendButton();
    m_reply->setFocus();
}

QWidget *SamplingDialog::buildDetails()
{
    const SamplingRequest &request = m_request;
    auto *details = new QWidget(this);
    auto *grid = new QGridLayout(details);
    grid->setContentsMargins(0, 6, 0, 0);
    grid->setHorizontalSpacing(14);
    grid->setVerticalSpacing(4);
    grid->setColumnStretch(1, 1);
    int row = 0;
    const auto addRow = [&](const QString &key, QWidget *value) {
        grid->addWidget(ViewerStyle::keyLabel(key, details), row, 0, Qt::AlignLeft | Qt::AlignTop);
        grid->addWidget(value, row++, 1);
    };

    const QString systemPrompt = request.systemPrompt;
    if (!systemPrompt.isEmpty()) {
        auto *view = new PlainTextView(systemPrompt, 4, details);
        view->setObjectName(QStringLiteral("systemPrompt"));
        addRow(tr("System prompt"), view);
    }
    QStringList limits;
    limits.append(tr("at most %1 tokens").arg(m_maxTokens));
    if (request.temperature)
        limits.append(tr("temperature %1").arg(number(*request.temperature)));
    QStringList stops;
    for (const QString &stop : request.stopSequences)
        stops.append(QJsonDocument(QJsonArray{stop}).toJson(QJsonDocument::Compact).mid(1).chopped(1));
    if (!stops.isEmpty())
        limits.append(tr("stop at %1").arg(stops.join(QLatin1String(", "))));
    if (!limits.isEmpty())
        addRow(tr("Limits"), ViewerStyle::wrappedLabel(limits.join(QStringLiteral(" · ")), details, QStringLiteral("limits")));

    const QString preferences = modelPreferencesText(request.modelPreferences);
    if (!preferences.isEmpty())
        addRow(tr("Model preferences"), ViewerStyle::wrappedLabel(preferences, details, QStringLiteral("modelPreferences")));

    const QString context = request.includeContext;
    if (!context.isEmpty() && context != QLatin1String("none")) {
        // We do not declare sampling.context, so nothing is added; the person may still use what they know.
        addRow(tr("Context asked for"),
               ViewerStyle::wrappedLabel(tr("%1 — Toolgate adds no context of its own; include what you think fits.").arg(context),
                                details, QStringLiteral("includeContext")));
    }
    if (!request.tools.isEmpty()) {
        QStringList names;
        for (const Tool &tool : request.tools)
            names.append(tool.name);
        QString text = names.join(QLatin1String(", "));
        if (request.toolChoice == SamplingRequest::ToolChoice::Required)
            text += tr(" — the reply must ask for one of them");
        else if (request.toolChoice == SamplingRequest::ToolChoice::None)
            text += tr(" — the reply must not ask for any");
        addRow(tr("Tools offered"), ViewerStyle::wrappedLabel(text, details, QStringLiteral("tools")));
    }
    return details;
}

QWidget *SamplingDialog::buildMessages()
{
    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("messages"));
    scroll->setAccessibleName(tr("Messages from the server"));
    scroll->setWidgetResizable(true);
    auto *column = new QWidget(scroll);
    auto *layout = new QVBoxLayout(column);
    layout->setSpacing(6);
    for (const SamplingMessage &message : m_request.messages) {
        auto *role = new QLabel(roleName(message.role), column);
        role->setTextFormat(Qt::PlainText);
        QFont bold = role->font();
        bold.setBold(true);
        role->setFont(bold);
        layout->addWidget(role);
        for (const SamplingContent &block : message.content) {
            auto *view = new ContentView(displayed(block), column);
            view->setFitToContents(true, 320);
            layout->addWidget(view);
        }
    }
    layout->addStretch(1);
    scroll->setWidget(column);
    // A few lines at the least, not more: on a short screen or at 200 % the dialog's minimum height
    // must stay within the screen (issue 34), and the messages scroll.
    scroll->setMinimumHeight(scroll->fontMetrics().lineSpacing() * 4 + 12);

    auto *box = new QWidget(this);
    auto *boxLayout = new QVBoxLayout(box);
    boxLayout->setContentsMargins(0, 0, 0, 0);
    boxLayout->addWidget(new QLabel(tr("The conversation so far:"), box));
    boxLayout->addWidget(scroll, 1);
    return box;
}

QWidget *SamplingDialog::buildReply()
{
    auto *box = new QWidget(this);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *label = new QLabel(tr("Your reply (as the assistant):"), box);
    layout->addWidget(label);
    layout->addWidget(buildAskModelRow(box));
    m_modelReplyNote = new HelpLabel(QString(), box);
    m_modelReplyNote->setObjectName(QStringLiteral("modelReplyNote"));
    m_modelReplyNote->setWordWrap(true);
    m_modelReplyNote->setTextFormat(Qt::PlainText); // the stop reason is the model server's word
    m_modelReplyNote->hide();
    layout->addWidget(m_modelReplyNote);
    if (m_toolsAllowed) {
        // The server lets its "model" ask for tools: the person can answer that way too.
        m_replyKind = new QComboBox(box);
        m_replyKind->setObjectName(QStringLiteral("replyKind"));
        m_replyKind->setAccessibleName(tr("Kind of reply"));
        m_replyKind->addItem(tr("A written reply"));
        m_replyKind->addItem(tr("Ask the server to run one of its tools"));
        layout->addWidget(m_replyKind);
    }
    m_replyPages = new QStackedWidget(box);
    m_reply = new QPlainTextEdit(m_replyPages);
    m_reply->setObjectName(QStringLiteral("reply"));
    m_reply->setAccessibleName(tr("Your reply"));
    m_reply->setPlaceholderText(tr("Write the reply the server receives…"));
    m_reply->setTabChangesFocus(true);
    label->setBuddy(m_reply);
    m_replyPages->addWidget(m_reply);
    if (m_toolsAllowed) {
        m_replyPages->addWidget(buildToolRequest(m_replyPages));
        connect(m_replyKind, &QComboBox::currentIndexChanged, this, [this](int index) {
            m_replyPages->setCurrentIndex(index);
            updateSendButton();
        });
        if (m_request.toolChoice == SamplingRequest::ToolChoice::Required)
            m_replyKind->setCurrentIndex(1);
    }
    layout->addWidget(m_replyPages, 1);

    auto *row = new QHBoxLayout;
    auto *modelLabel = new QLabel(tr("Model name:"), box);
    m_model = new QLineEdit(defaultModelName(), box);
    m_model->setObjectName(QStringLiteral("model"));
    modelLabel->setBuddy(m_model);
    row->addWidget(modelLabel);
    row->addWidget(m_model, 1);
    m_replySize = new HelpLabel(QString(), box);
    m_replySize->setObjectName(QStringLiteral("replySize"));
    m_replySize->setWordWrap(false);
    row->addWidget(m_replySize);
    layout->addLayout(row);
    connect(m_reply, &QPlainTextEdit::textChanged, this, &SamplingDialog::updateSendButton);
    connect(m_model, &QLineEdit::textChanged, this, &SamplingDialog::updateSendButton);
    return box;
}

QWidget *SamplingDialog::buildToolRequest(QWidget *parent)
{
    auto *page = new QWidget(parent);
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *row = new QHBoxLayout;
    auto *toolLabel = new QLabel(tr("&Tool:"), page);
    m_tool = new QComboBox(page);
    m_tool->setObjectName(QStringLiteral("tool"));
    for (const Tool &tool : std::as_const(m_request.tools))
        m_tool->addItem(tool.title.isEmpty() ? tool.name : QStringLiteral("%1 (%2)").arg(tool.title, tool.name));
    toolLabel->setBuddy(m_tool);
    row->addWidget(toolLabel);
    row->addWidget(m_tool, 1);
    layout->addLayout(row);
    m_toolArguments = new ArgumentForm(page);
    m_toolArguments->setObjectName(QStringLiteral("toolArguments"));
    layout->addWidget(m_toolArguments, 1);
    connect(m_tool, &QComboBox::currentIndexChanged, this, &SamplingDialog::showTool);
    connect(m_toolArguments, &ArgumentForm::argumentsChanged, this, &SamplingDialog::updateSendButton);
    showTool(0);
    return page;
}

void SamplingDialog::showTool(int index)
{
    if (index < 0 || index >= m_request.tools.size())
        return;
    m_toolArguments->setTool(m_request.tools.at(index));
    updateSendButton();
}

bool SamplingDialog::isToolReply() const
{
    return m_replyKind && m_replyKind->currentIndex() == 1;
}

SamplingResult SamplingDialog::replyResult() const
{
    SamplingResult result;
    result.model = m_model->text().trimmed();
    if (isToolReply() && m_tool->currentIndex() >= 0) {
        const Tool &tool = m_request.tools.at(m_tool->currentIndex());
        result.content.append(SamplingContent::makeToolUse(QStringLiteral("toolu_toolgate_%1").arg(m_toolUses + 1), tool.name,
                                                           m_toolArguments->arguments()));
        result.stopReason = QStringLiteral("toolUse");
    } else {
        result.content.append(SamplingContent::makeText(m_reply->toPlainText()));
        // The model's own stop reason holds for its words as they came; a person's words end their turn.
        const bool asTheModelWroteIt = m_modelReply && m_reply->toPlainText() == m_modelReply->content.value(0).block.text;
        result.stopReason = asTheModelWroteIt ? m_modelReply->stopReason : QStringLiteral("endTurn");
    }
    return result;
}

SamplingReplySource SamplingDialog::replySource() const
{
    if (!m_modelReply || !m_replyModel || isToolReply())
        return {};
    const SamplingResult sent = replyResult();
    const bool edited = sent.model != m_modelReply->model || m_reply->toPlainText() != m_modelReply->content.value(0).block.text;
    return SamplingByModel::replySource(*m_replyModel, m_sentDraft, edited);
}

QString SamplingDialog::declineReason() const
{
    return m_replyModel ? SamplingByModel::declinedNote(*m_replyModel) : QString();
}

void SamplingDialog::updateSendButton()
{
    const QString text = m_reply->toPlainText();
    const bool replyReady = isToolReply() ? !m_toolArguments->isChecking() && m_toolArguments->validationProblems().isEmpty()
                                          : !text.trimmed().isEmpty();
    // While Ask a Model's step 1 is on show, there is no reply to send yet.
    m_send->setEnabled(replyReady && !m_model->text().trimmed().isEmpty() && (!m_flow || m_flow->currentIndex() == 0));
    m_send->setText(isToolReply() ? tr("&Send Tool Request") : tr("&Send Reply"));
    // Tokens are the server's unit; words are a rough, honest stand-in for a person.
    const qsizetype words = text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts).size();
    m_replySize->setText(m_maxTokens > 0 ? tr("%1 words (limit %2 tokens)").arg(words).arg(m_maxTokens)
                                         : tr("%1 words").arg(words));
}

void SamplingDialog::done(int result)
{
    if (!m_finished) {
        // Send is only clickable with a reply; Esc, closing and Decline all reject.
        if (result == QDialog::Accepted && m_send->isEnabled()) {
            const SamplingResult reply = replyResult();
            if (m_submitter) {
                const Result<void> sent = m_submitter(reply, replySource());
                if (!sent) {
                    // Nothing was sent: say why and let the person fix it.
                    showRefused(tr("This reply cannot be sent"), sent.error().message);
                    return;
                }
            }
            m_finished = true;
            ++m_toolUses;
            emit replied(reply);
        } else {
            m_finished = true;
            emit declined();
        }
        // A model still writing is stopped: nothing it says can go anywhere now.
        m_modelPanel->cancel();
    }
    QDialog::done(result);
}

} // namespace Toolgate

#include "moc_samplingdialog.cpp"
