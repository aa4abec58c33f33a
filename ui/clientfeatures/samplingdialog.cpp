#include "samplingdialog.h"

#include "forms/formlabels.h"
#include "forms/plaintextview.h"
#include "protocol/content.h"
#include "requestheader.h"
#include "viewers/contentview.h"
#include "viewers/viewerstyle.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFrame>
#include <QGridLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

QString number(const QJsonValue &value)
{
    return QString::number(value.toDouble(), 'g', 6);
}

QString modelPreferencesText(const QJsonObject &preferences)
{
    QStringList parts;
    QStringList hints;
    for (const QJsonValue &hint : preferences.value(QLatin1String("hints")).toArray()) {
        const QString name = hint.toObject().value(QLatin1String("name")).toString();
        if (!name.isEmpty())
            hints.append(name);
    }
    if (!hints.isEmpty())
        parts.append(SamplingDialog::tr("hints: %1").arg(hints.join(QLatin1String(", "))));
    const std::pair<const char *, QString> priorities[] = {
        {"intelligencePriority", SamplingDialog::tr("intelligence")},
        {"speedPriority", SamplingDialog::tr("speed")},
        {"costPriority", SamplingDialog::tr("cost")},
    };
    for (const auto &[key, label] : priorities) {
        const QJsonValue value = preferences.value(QLatin1String(key));
        if (value.isDouble())
            parts.append(SamplingDialog::tr("%1 %2").arg(label, number(value)));
    }
    return parts.join(QStringLiteral(" · "));
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

SamplingDialog::SamplingDialog(const ServerIdentity &server, const QJsonObject &params, QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("samplingDialog"));
    setWindowTitle(tr("Sampling request from %1").arg(server.name));
    setModal(false);
    m_maxTokens = params.value(QLatin1String("maxTokens")).toInt();

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(createServerRequestHeader(
        server, tr("%1 asks for a model reply").arg(server.name), this));
    auto *explain = new HelpLabel(tr("Toolgate has no language model: you are the model. Read the conversation, then "
                                     "write the reply the server gets, or decline. Nothing is sent until you choose."),
                                  this);
    explain->setWordWrap(true);
    layout->addWidget(explain);
    layout->addWidget(buildDetails(params));

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(buildMessages(params));
    splitter->addWidget(buildReply(params));
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);

    m_queuedNote = new HelpLabel(QString(), this);
    m_queuedNote->setObjectName(QStringLiteral("queuedNote"));
    m_queuedNote->hide();
    layout->addWidget(m_queuedNote);

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

    updateSendButton();
    resize(720, 680);
    m_decline->setFocus();
}

QWidget *SamplingDialog::buildDetails(const QJsonObject &params)
{
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

    const QString systemPrompt = params.value(QLatin1String("systemPrompt")).toString();
    if (!systemPrompt.isEmpty()) {
        auto *view = new PlainTextView(systemPrompt, 4, details);
        view->setObjectName(QStringLiteral("systemPrompt"));
        addRow(tr("System prompt"), view);
    }
    QStringList limits;
    if (params.contains(QLatin1String("maxTokens")))
        limits.append(tr("at most %1 tokens").arg(m_maxTokens));
    if (params.value(QLatin1String("temperature")).isDouble())
        limits.append(tr("temperature %1").arg(number(params.value(QLatin1String("temperature")))));
    QStringList stops;
    for (const QJsonValue &stop : params.value(QLatin1String("stopSequences")).toArray())
        stops.append(QJsonDocument(QJsonArray{stop}).toJson(QJsonDocument::Compact).mid(1).chopped(1));
    if (!stops.isEmpty())
        limits.append(tr("stop at %1").arg(stops.join(QLatin1String(", "))));
    if (!limits.isEmpty())
        addRow(tr("Limits"), ViewerStyle::wrappedLabel(limits.join(QStringLiteral(" · ")), details, QStringLiteral("limits")));

    const QString preferences = modelPreferencesText(params.value(QLatin1String("modelPreferences")).toObject());
    if (!preferences.isEmpty())
        addRow(tr("Model preferences"), ViewerStyle::wrappedLabel(preferences, details, QStringLiteral("modelPreferences")));

    const QString context = params.value(QLatin1String("includeContext")).toString();
    if (!context.isEmpty() && context != QLatin1String("none")) {
        // We do not declare sampling.context, so nothing is added; the person may still use what they know.
        addRow(tr("Context asked for"),
               ViewerStyle::wrappedLabel(tr("%1 — Toolgate adds no context of its own; include what you think fits.").arg(context),
                                details, QStringLiteral("includeContext")));
    }
    const QJsonArray tools = params.value(QLatin1String("tools")).toArray();
    if (!tools.isEmpty()) {
        QStringList names;
        for (const QJsonValue &tool : tools)
            names.append(tool.toObject().value(QLatin1String("name")).toString());
        addRow(tr("Tools offered"), ViewerStyle::wrappedLabel(names.join(QLatin1String(", ")), details, QStringLiteral("tools")));
    }
    return details;
}

QWidget *SamplingDialog::buildMessages(const QJsonObject &params)
{
    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("messages"));
    scroll->setAccessibleName(tr("Messages from the server"));
    scroll->setWidgetResizable(true);
    auto *column = new QWidget(scroll);
    auto *layout = new QVBoxLayout(column);
    layout->setSpacing(6);
    for (const QJsonValue &value : params.value(QLatin1String("messages")).toArray()) {
        const QJsonObject message = value.toObject();
        auto *role = new QLabel(roleName(message.value(QLatin1String("role")).toString()), column);
        role->setTextFormat(Qt::PlainText);
        QFont bold = role->font();
        bold.setBold(true);
        role->setFont(bold);
        layout->addWidget(role);
        // A message holds one content block, or (2025-11-25) several.
        const QJsonValue content = message.value(QLatin1String("content"));
        const QJsonArray blocks = content.isArray() ? content.toArray() : QJsonArray{content};
        for (const QJsonValue &block : blocks) {
            auto *view = new ContentView(Content::fromJson(block.toObject()), column);
            view->setFitToContents(true, 320);
            layout->addWidget(view);
        }
    }
    layout->addStretch(1);
    scroll->setWidget(column);
    scroll->setMinimumHeight(160);

    auto *box = new QWidget(this);
    auto *boxLayout = new QVBoxLayout(box);
    boxLayout->setContentsMargins(0, 0, 0, 0);
    boxLayout->addWidget(new QLabel(tr("The conversation so far:"), box));
    boxLayout->addWidget(scroll, 1);
    return box;
}

QWidget *SamplingDialog::buildReply(const QJsonObject &)
{
    auto *box = new QWidget(this);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *label = new QLabel(tr("Your reply (as the assistant):"), box);
    layout->addWidget(label);
    m_reply = new QPlainTextEdit(box);
    m_reply->setObjectName(QStringLiteral("reply"));
    m_reply->setPlaceholderText(tr("Write the reply the server receives…"));
    m_reply->setTabChangesFocus(true);
    label->setBuddy(m_reply);
    layout->addWidget(m_reply, 1);

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

void SamplingDialog::setQueuedCount(int count)
{
    m_queuedNote->setText(tr("%n more request(s) from this server wait behind this one.", nullptr, count));
    m_queuedNote->setVisible(count > 0);
}

QJsonObject SamplingDialog::replyResult() const
{
    QJsonObject content;
    content.insert(QLatin1String("type"), QStringLiteral("text"));
    content.insert(QLatin1String("text"), m_reply->toPlainText());
    QJsonObject result;
    result.insert(QLatin1String("role"), QStringLiteral("assistant"));
    result.insert(QLatin1String("content"), content);
    result.insert(QLatin1String("model"), m_model->text().trimmed());
    result.insert(QLatin1String("stopReason"), QStringLiteral("endTurn"));
    return result;
}

void SamplingDialog::updateSendButton()
{
    const QString text = m_reply->toPlainText();
    m_send->setEnabled(!text.trimmed().isEmpty() && !m_model->text().trimmed().isEmpty());
    // Tokens are the server's unit; words are a rough, honest stand-in for a person.
    const qsizetype words = text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts).size();
    m_replySize->setText(m_maxTokens > 0 ? tr("%1 words (limit %2 tokens)").arg(words).arg(m_maxTokens)
                                         : tr("%1 words").arg(words));
}

void SamplingDialog::keyPressEvent(QKeyEvent *event)
{
    // Reaches the dialog only from fields that do not use Enter themselves; a focused button handles its own.
    if ((event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter)
        && (event->modifiers() & ~Qt::KeypadModifier) == Qt::NoModifier) {
        event->accept();
        return;
    }
    QDialog::keyPressEvent(event);
}

void SamplingDialog::done(int result)
{
    if (!m_finished) {
        m_finished = true;
        // Send is only clickable with a reply; Esc, closing and Decline all reject.
        if (result == QDialog::Accepted && m_send->isEnabled())
            emit replied(replyResult());
        else
            emit declined();
    }
    QDialog::done(result);
}

} // namespace Toolgate
