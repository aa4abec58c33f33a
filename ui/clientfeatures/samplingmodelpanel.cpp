#include "ui/clientfeatures/samplingmodelpanel.h"

#include "core/common/displaytext.h"
#include "core/model/samplingbymodel.h"
#include "ui/forms/formlabels.h"
#include "ui/viewers/messagebanner.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

#include <algorithm>

namespace Toolgate {

namespace {

QString roleLabel(ModelMessage::Role role)
{
    switch (role) {
    case ModelMessage::Role::System: return SamplingModelPanel::tr("System prompt");
    case ModelMessage::Role::User: return SamplingModelPanel::tr("User");
    case ModelMessage::Role::Assistant: return SamplingModelPanel::tr("Assistant");
    case ModelMessage::Role::ToolResults: return SamplingModelPanel::tr("Tool results");
    }
    return {};
}

QPlainTextEdit *draftEdit(const QString &text, const QString &name, const QString &accessibleName, QWidget *parent)
{
    auto *edit = new QPlainTextEdit(text, parent);
    edit->setObjectName(name);
    edit->setAccessibleName(accessibleName);
    edit->setTabChangesFocus(true);
    // Short messages stay short; long ones scroll inside their field.
    const int lines = std::clamp(int(text.count(u'\n')) + 2, 2, 8);
    edit->setFixedHeight(edit->fontMetrics().lineSpacing() * lines + 12);
    return edit;
}

} // namespace

SamplingModelPanel::SamplingModelPanel(const SamplingRequest &request, QWidget *parent)
    : QWidget(parent)
    , m_original(SamplingByModel::draft(request))
    , m_preferences(request.modelPreferences)
{
    setObjectName(QStringLiteral("samplingModelPanel"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    auto *pickerRow = new QHBoxLayout;
    auto *pickerLabel = new QLabel(tr("&Model:"), this);
    m_picker = new QComboBox(this);
    m_picker->setObjectName(QStringLiteral("modelPicker"));
    pickerLabel->setBuddy(m_picker);
    pickerRow->addWidget(pickerLabel);
    pickerRow->addWidget(m_picker, 1);
    layout->addLayout(pickerRow);

    auto *explain = new HelpLabel(tr("Step 1 of 2: this is what the model gets. Change it if you like; nothing is sent "
                                     "until you click Send to Model."),
                                  this);
    explain->setWordWrap(true);
    layout->addWidget(explain);

    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("draft"));
    scroll->setWidgetResizable(true);
    auto *column = new QWidget(scroll);
    auto *grid = new QVBoxLayout(column);
    for (qsizetype i = 0; i < m_original.messages.size(); ++i) {
        const ModelMessage &message = m_original.messages.at(i);
        auto *label = new QLabel(roleLabel(message.role), column);
        QFont bold = label->font();
        bold.setBold(true);
        label->setFont(bold);
        grid->addWidget(label);
        if (message.role == ModelMessage::Role::System) {
            m_systemPrompt = draftEdit(message.text, QStringLiteral("draftSystemPrompt"), tr("System prompt for the model"), column);
            label->setBuddy(m_systemPrompt);
            grid->addWidget(m_systemPrompt);
        } else {
            auto *edit = draftEdit(message.text, QStringLiteral("draftMessage%1").arg(m_messageEdits.size()),
                                   tr("Message %1 for the model").arg(m_messageEdits.size() + 1), column);
            label->setBuddy(edit);
            grid->addWidget(edit);
            m_messageEdits.append(edit);
        }
    }
    grid->addStretch(1);
    scroll->setWidget(column);
    layout->addWidget(scroll, 1);

    m_status = new MessageBanner(this);
    m_status->setObjectName(QStringLiteral("modelStatus"));
    m_status->hide();
    layout->addWidget(m_status);

    auto *buttons = new QHBoxLayout;
    m_back = new QPushButton(tr("&Write It Myself"), this);
    m_back->setObjectName(QStringLiteral("backToReply"));
    m_stop = new QPushButton(tr("S&top"), this);
    m_stop->setObjectName(QStringLiteral("stopModel"));
    m_stop->hide();
    m_send = new QPushButton(tr("Send to &Model"), this);
    m_send->setObjectName(QStringLiteral("sendToModel"));
    m_send->setAutoDefault(false);
    buttons->addWidget(m_back);
    buttons->addStretch(1);
    buttons->addWidget(m_stop);
    buttons->addWidget(m_send);
    layout->addLayout(buttons);

    connect(m_send, &QPushButton::clicked, this, &SamplingModelPanel::send);
    connect(m_stop, &QPushButton::clicked, this, &SamplingModelPanel::cancel);
    connect(m_back, &QPushButton::clicked, this, [this] {
        cancel();
        emit backRequested();
    });
    setModels({}, nullptr);
}

SamplingModelPanel::~SamplingModelPanel() = default;

void SamplingModelPanel::setModels(const QList<ModelConfig> &models, SecretStore *keys, ServerRequest *answering)
{
    m_models = models;
    m_keys = keys;
    m_answering = answering;
    m_picker->clear();
    for (const ModelConfig &model : models)
        m_picker->addItem(tr("%1 (%2)").arg(DisplayText::visibleLine(model.name), DisplayText::visibleLine(model.model)));
    // The server's hints only preselect; the person chooses.
    m_picker->setCurrentIndex(SamplingByModel::preselected(models, m_preferences));
    m_send->setEnabled(!models.isEmpty());
}

ModelRequest SamplingModelPanel::draft() const
{
    ModelRequest draft = m_original;
    qsizetype edit = 0;
    for (ModelMessage &message : draft.messages) {
        if (message.role == ModelMessage::Role::System)
            message.text = m_systemPrompt->toPlainText();
        else
            message.text = m_messageEdits.at(edit++)->toPlainText();
    }
    return draft;
}

std::optional<ModelRequest> SamplingModelPanel::editedDraft() const
{
    const ModelRequest current = draft();
    for (qsizetype i = 0; i < current.messages.size(); ++i) {
        if (current.messages.at(i).text != m_original.messages.at(i).text)
            return current;
    }
    return std::nullopt;
}

std::optional<ModelConfig> SamplingModelPanel::chosenModel() const
{
    const int index = m_picker->currentIndex();
    if (index < 0 || index >= m_models.size())
        return std::nullopt;
    return m_models.at(index);
}

bool SamplingModelPanel::isAsking() const
{
    return m_asker && m_asker->isRunning();
}

void SamplingModelPanel::cancel()
{
    if (m_asker)
        m_asker->cancel();
}

void SamplingModelPanel::send()
{
    const std::optional<ModelConfig> model = chosenModel();
    if (!model || isAsking())
        return;
    if (m_asker)
        m_asker->deleteLater();
    m_asker = new SamplingByModel(*model, m_keys, m_answering, this);
    connect(m_asker, &SamplingByModel::answered, this, [this, model = *model](const SamplingResult &reply) {
        setAsking(false);
        m_status->hide();
        emit answered(reply, model);
    });
    connect(m_asker, &SamplingByModel::failed, this, [this](const Error &error) {
        setAsking(false);
        showStatus(tr("The model did not answer"),
                   tr("%1 Send it again, choose another model, or write the reply yourself.").arg(error.message), true);
    });
    setAsking(true);
    showStatus(tr("Asking the model \"%1\"…").arg(model->model), tr("Nothing goes to the server until you approve the answer."), false);
    m_asker->ask(draft());
}

void SamplingModelPanel::setAsking(bool asking)
{
    m_send->setEnabled(!asking && !m_models.isEmpty());
    m_picker->setEnabled(!asking);
    m_stop->setVisible(asking);
    if (m_systemPrompt)
        m_systemPrompt->setReadOnly(asking);
    for (QPlainTextEdit *edit : std::as_const(m_messageEdits))
        edit->setReadOnly(asking);
}

void SamplingModelPanel::showStatus(const QString &title, const QString &text, bool problem)
{
    m_status->showMessage(problem ? MessageBanner::Kind::Error : MessageBanner::Kind::Info, title, text);
    m_status->show();
}

} // namespace Toolgate

#include "moc_samplingmodelpanel.cpp"
