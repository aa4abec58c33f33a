#include "ui/chat/toolcallcard.h"

#include "core/common/displaytext.h"
#include "core/jsonrpc/jsontext.h"
#include "ui/dialogs/confirmationdialog.h"
#include "ui/forms/formlabels.h"
#include "ui/viewers/fittedplaintextedit.h"
#include "ui/viewers/resultview.h"

#include <QLabel>
#include <QTimer>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

constexpr int argumentsHeight = 160;
constexpr int resultHeight = 320;
// A tool's answer to the model can be 256 KiB; the card shows the start, the model got it all.
constexpr qsizetype shownAnswerLength = 4000;

} // namespace

ToolCallCard::ToolCallCard(const ConversationToolCall &record, QWidget *parent)
    : QFrame(parent)
    , m_record(record)
    , m_title(new QLabel(this))
    , m_state(new QLabel(this))
    , m_arguments(new FittedPlainTextEdit(this))
    , m_origins(new QLabel(this))
    , m_answer(new QLabel(this))
{
    setObjectName(QStringLiteral("toolCallCard"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::AlternateBase);
    m_title->setObjectName(QStringLiteral("cardTitle"));
    m_title->setTextFormat(Qt::PlainText);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_state->setObjectName(QStringLiteral("cardState"));
    m_state->setTextFormat(Qt::PlainText);
    m_state->setWordWrap(true);
    m_arguments->setObjectName(QStringLiteral("cardArguments"));
    m_arguments->setAccessibleName(tr("Arguments"));
    m_arguments->setReadOnly(true);
    m_arguments->setFitToContents(true, argumentsHeight);
    m_arguments->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    // Server-supplied names and the model's text: plain text, in the warning colour.
    m_origins->setObjectName(QStringLiteral("cardOrigins"));
    m_origins->setTextFormat(Qt::PlainText);
    m_origins->setWordWrap(true);
    QPalette warning = m_origins->palette();
    warning.setColor(QPalette::WindowText, errorColor(palette()));
    m_origins->setPalette(warning);
    m_origins->hide();
    m_answer->setObjectName(QStringLiteral("cardAnswer"));
    m_answer->setTextFormat(Qt::PlainText);
    m_answer->setWordWrap(true);
    m_answer->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_answer->hide();

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    // What the model asked for first, then what became of it, then what came back.
    layout->addWidget(m_title);
    layout->addWidget(m_arguments);
    layout->addWidget(m_origins);
    layout->addWidget(m_state);
    layout->addWidget(m_answer);
    setRecord(record);
}

void ToolCallCard::follow(ToolCall *call)
{
    m_call = call;
    showOrigins(call->record().argumentOrigins);
    connect(call, &ToolCall::stageChanged, this, &ToolCallCard::onStage);
    connect(call, &ToolCall::finished, this, &ToolCallCard::onFinished);
    onStage(call->stage());
}

void ToolCallCard::setRecord(const ConversationToolCall &record)
{
    m_record = record;
    const QString tool = DisplayText::visibleLine(record.tool.isEmpty() ? record.name : record.tool);
    m_title->setText(record.server.isEmpty() ? tr("Tool call: %1").arg(tool)
                                             : tr("Tool call: %1 on server %2").arg(tool, DisplayText::visibleLine(record.server)));
    // The arguments as they will be (or were) sent, else as the model wrote them.
    m_arguments->setPlainText(record.status == ConversationToolCall::Status::Rejected
                                      || (record.arguments.isEmpty() && !record.argumentsText.isEmpty())
                                  ? DisplayText::visible(record.argumentsText)
                                  : JsonText::pretty(record.arguments));
    if (!record.argumentOrigins.isEmpty() || !m_call)
        showOrigins(record.argumentOrigins);
    if (!record.isAnswered()) {
        if (!m_call)
            setState(tr("Waiting its turn: the model's calls are decided one after another"), QStringLiteral("pending"));
        return;
    }
    setState(answeredText(), QStringLiteral("answered"));
    // What the model was told, when the result view does not show it already.
    const bool showAnswer = !m_result
        && (record.status == ConversationToolCall::Status::Succeeded || record.status == ConversationToolCall::Status::ToolError);
    m_answer->setVisible(showAnswer);
    if (showAnswer) {
        const QString answer = DisplayText::visible(record.answer);
        m_answer->setText(answer.size() > shownAnswerLength ? answer.left(shownAnswerLength) + QChar(0x2026) : answer);
    }
}

QString ToolCallCard::stateText() const
{
    return m_state->text();
}

QString ToolCallCard::originsText() const
{
    return m_origins->isHidden() ? QString() : m_origins->text();
}

void ToolCallCard::showOrigins(const QList<ArgumentOrigin> &origins)
{
    // As the confirmation dialog marks them, so that what the person approved reads the same here.
    QStringList lines;
    for (const ArgumentOrigin &origin : origins)
        lines.append(QStringLiteral("⚠ ") + ConfirmationDialog::originLine(origin));
    m_origins->setText(lines.join(u'\n'));
    m_origins->setVisible(!lines.isEmpty());
}

void ToolCallCard::onStage(ToolCall::Stage stage)
{
    if (m_record.isAnswered())
        return;
    switch (stage) {
    case ToolCall::Stage::Validating: setState(tr("Checking the arguments…"), QStringLiteral("validating")); return;
    case ToolCall::Stage::AwaitingApproval: setState(tr("Waiting for your approval"), QStringLiteral("awaitingApproval")); return;
    case ToolCall::Stage::Running: setState(tr("Running on the server…"), QStringLiteral("running")); return;
    case ToolCall::Stage::Finished: return;
    }
}

void ToolCallCard::onFinished()
{
    if (!m_call)
        return;
    const ToolCallOutcome outcome = m_call->outcome();
    m_call = nullptr;
    // Only what the server answered has a result to show; a denial or failure is said on the state line.
    if (outcome.kind != ToolCallOutcome::Kind::Succeeded && outcome.kind != ToolCallOutcome::Kind::ToolError)
        return;
    m_result = new ResultView(this);
    m_result->setObjectName(QStringLiteral("cardResult"));
    m_result->setOutcome(outcome);
    fitResult();
    connect(m_result, &ResultView::linkActivated, this, &ToolCallCard::linkActivated);
    layout()->addWidget(m_result);
    m_answer->hide();
}

void ToolCallCard::fitResult()
{
    // As high as the result needs (up to a bound), not as high as the transcript would stretch it.
    const int wanted = m_result->wantedHeight();
    m_result->setFixedHeight(wanted > 0 ? qMin(wanted, resultHeight) : resultHeight);
    // The viewers lay out their content after this turn of the event loop: asked again then.
    if (!m_refitted) {
        m_refitted = true;
        QTimer::singleShot(0, this, &ToolCallCard::fitResult);
    }
}

void ToolCallCard::setState(const QString &text, const QString &tone)
{
    m_state->setText(text);
    m_state->setProperty("state", tone);
}

QString ToolCallCard::answeredText() const
{
    const auto reason = [this] { return m_record.decision ? DisplayText::visibleLine(m_record.decision->reason) : QString(); };
    const bool byRule = m_record.decision && m_record.decision->source == ApprovalDecision::Source::RememberedRule;
    switch (m_record.status) {
    case ConversationToolCall::Status::Pending: return {};
    case ConversationToolCall::Status::Succeeded: return tr("Ran; its result went to the model:");
    case ConversationToolCall::Status::ToolError: return tr("Ran, and the tool reported an error; it went to the model:");
    case ConversationToolCall::Status::Denied:
        if (reason().isEmpty())
            return byRule ? tr("Denied by a rule; the model was told") : tr("Denied by you; the model was told");
        return byRule ? tr("Denied by a rule: %1").arg(reason()) : tr("Denied by you: %1").arg(reason());
    case ConversationToolCall::Status::Rejected: return tr("Not run: %1").arg(DisplayText::visibleLine(m_record.answer));
    case ConversationToolCall::Status::NotExposed: return tr("Not run: this tool is not exposed in this conversation");
    case ConversationToolCall::Status::InvalidArguments: return tr("Not run: the arguments do not fit the tool's input schema");
    case ConversationToolCall::Status::Failed: return tr("Failed: %1").arg(DisplayText::visibleLine(m_record.answer));
    case ConversationToolCall::Status::Cancelled: return tr("Cancelled: it did not run to its end");
    }
    return {};
}

} // namespace Toolgate

#include "moc_toolcallcard.cpp"
