#include "ui/serverfeatures/promptpanel.h"

#include "ui/serverfeatures/completionfields.h"
#include "core/client/clientsession.h"
#include "ui/items/itemheader.h"
#include "ui/models/icons.h"
#include "ui/viewers/contentview.h"
#include "core/workspace/serverconnection.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

constexpr int maxMessagesShown = 200;

} // namespace

PromptPanel::PromptPanel(QWidget *parent)
    : QWidget(parent)
    , m_header(new ItemHeader(this))
    , m_arguments(new CompletionFields(this))
    , m_get(new QPushButton(tr("Get Prompt"), this))
    , m_state(new QLabel(this))
    , m_scroll(new QScrollArea(this))
    , m_messages(new QWidget(m_scroll))
    , m_messagesLayout(new QVBoxLayout(m_messages))
{
    setObjectName(QStringLiteral("promptPanel"));
    m_get->setObjectName(QStringLiteral("getPromptButton"));
    m_get->setIcon(Icons::action(u"prompt"));
    m_get->setAutoDefault(false);
    m_state->setTextFormat(Qt::PlainText);
    m_state->setObjectName(QStringLiteral("promptState"));
    m_scroll->setWidgetResizable(true);
    m_scroll->setWidget(m_messages);
    m_scroll->setObjectName(QStringLiteral("promptMessages"));
    m_scroll->setAccessibleName(tr("Prompt messages"));
    m_messagesLayout->addStretch(1);

    auto *row = new QHBoxLayout;
    row->addWidget(m_get);
    row->addWidget(m_state, 1);

    QVBoxLayout *body = m_header->layOutPage(this, 8);
    body->addWidget(m_arguments);
    body->addLayout(row);
    body->addWidget(m_scroll, 1);
    connect(m_get, &QPushButton::clicked, this, &PromptPanel::getPrompt);
    updateState();
}

QLineEdit *PromptPanel::argumentField(const QString &name) const
{
    return m_arguments->field(name);
}

ArgumentCompleter *PromptPanel::completer() const
{
    return m_arguments->completer();
}

void PromptPanel::setPrompt(ServerConnection *connection, const Prompt &prompt)
{
    if (m_connection)
        m_connection->disconnect(this);
    m_connection = connection;
    if (connection)
        connect(connection, &ServerConnection::statusChanged, this, &PromptPanel::updateState);
    m_prompt = prompt;
    ++m_generation;
    m_busy = false;
    m_arguments->clear();
    m_arguments->completeFor(connection, CompletionReference::prompt(prompt.name));
    m_header->setItem(Icons::action(u"prompt"), prompt.displayName(), prompt.name, connection ? connection->name() : QString(),
                      prompt.description,
                      prompt.arguments.isEmpty() ? tr("This prompt takes no arguments.") : QString());
    for (const PromptArgument &argument : prompt.arguments) {
        QLineEdit *field = m_arguments->addField(
            argument.name, argument.displayName().left(80) + (argument.required ? QStringLiteral(" *") : QString()) + u':');
        field->setObjectName(u"argument_" + argument.name);
        field->setPlaceholderText(argument.description.simplified().left(200));
        field->setToolTip(argument.description.left(1000).toHtmlEscaped());
        connect(field, &QLineEdit::textChanged, this, &PromptPanel::updateState);
        connect(field, &QLineEdit::returnPressed, this, &PromptPanel::getPrompt);
    }
    m_arguments->setVisible(!prompt.arguments.isEmpty());
    clearResult();
    m_state->clear();
    updateState();
}

void PromptPanel::updateState()
{
    const bool ready = m_connection && m_connection->status() == ServerConnection::Status::Ready && m_connection->session();
    bool filled = true;
    for (const PromptArgument &argument : std::as_const(m_prompt.arguments)) {
        if (argument.required && argumentField(argument.name) && argumentField(argument.name)->text().isEmpty())
            filled = false;
    }
    m_get->setEnabled(ready && filled && !m_busy && !m_prompt.name.isEmpty());
    m_get->setToolTip(filled ? QString() : tr("Fill in the arguments marked *."));
    if (!m_busy && !ready && m_connection)
        m_state->setText(m_connection->statusText());
}

void PromptPanel::getPrompt()
{
    if (!m_get->isEnabled() || !m_connection || !m_connection->session())
        return;
    QMap<QString, QString> arguments;
    for (auto it = m_arguments->fields().cbegin(); it != m_arguments->fields().cend(); ++it) {
        if (!it.value()->text().isEmpty())
            arguments.insert(it.key(), it.value()->text());
    }
    const quint64 generation = ++m_generation;
    m_busy = true;
    m_state->setText(tr("Getting the prompt…"));
    updateState();
    m_connection->session()->getPrompt(m_prompt.name, arguments, this, [this, generation](const Result<GetPromptResult> &result) {
        if (generation != m_generation)
            return;
        m_busy = false;
        if (result) {
            showResult(result.value());
            m_state->setText((result->messages.size() == 1 ? tr("1 message") : tr("%1 messages").arg(result->messages.size())));
        } else {
            clearResult();
            m_state->setText(tr("Failed: %1").arg(result.error().message));
        }
        updateState();
    });
}

void PromptPanel::clearResult()
{
    m_shown.clear();
    while (m_messagesLayout->count() > 1) {
        QLayoutItem *item = m_messagesLayout->takeAt(0);
        if (QWidget *widget = item->widget())
            widget->deleteLater();
        delete item;
    }
}

void PromptPanel::showResult(const GetPromptResult &result)
{
    clearResult();
    int at = 0;
    if (!result.description.isEmpty()) {
        auto *description = new QLabel(result.description.left(5000), m_messages);
        description->setTextFormat(Qt::PlainText);
        description->setWordWrap(true);
        description->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_messagesLayout->insertWidget(at++, description);
    }
    int count = 0;
    for (const PromptMessage &message : result.messages) {
        if (++count > maxMessagesShown) {
            auto *more = new QLabel(tr("… and %1 more messages.").arg(result.messages.size() - maxMessagesShown), m_messages);
            m_messagesLayout->insertWidget(at++, more);
            break;
        }
        const QString role = message.role == u"user" ? tr("User") : message.role == u"assistant" ? tr("Assistant") : message.role.left(40);
        auto *roleLabel = new QLabel(role, m_messages);
        roleLabel->setTextFormat(Qt::PlainText);
        QFont bold = roleLabel->font();
        bold.setBold(true);
        roleLabel->setFont(bold);
        m_messagesLayout->insertWidget(at++, roleLabel);
        auto *view = new ContentView(message.content, m_messages);
        connect(view, &ContentView::resourceLinkActivated, this, [this](const QString &uri) {
            if (m_connection)
                emit resourceLinkActivated(m_connection, uri);
        });
        view->setFitToContents(true, 400);
        m_messagesLayout->insertWidget(at++, view);
        m_shown.append(message.role + u": " + (message.content.type == Content::Type::Text ? message.content.text : message.content.typeString()));
    }
}

} // namespace Toolgate

#include "moc_promptpanel.cpp"
