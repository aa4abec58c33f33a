#include "ui/audit/auditdetailpane.h"
#include "core/common/displaytext.h"

#include "ui/audit/audittablemodel.h"
#include "ui/viewers/viewerformat.h"
#include "core/calls/toolcall.h"
#include "core/jsonrpc/jsonwriter.h"
#include "ui/viewers/resultview.h"

#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QJsonDocument>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStackedLayout>
#include <QTabWidget>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

QString pretty(const QJsonObject &object, const JsonKeyOrder &order = {})
{
    return QString::fromUtf8(JsonWriter::toIndentedJson(object, order)) + u'\n';
}

QPlainTextEdit *jsonView(const QString &objectName, QWidget *parent)
{
    auto *view = new QPlainTextEdit(parent);
    view->setObjectName(objectName);
    view->setReadOnly(true);
    view->setLineWrapMode(QPlainTextEdit::NoWrap);
    view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    return view;
}

QString timeText(const QDateTime &time)
{
    return time.isValid() ? time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz")) : QString();
}

QString row(const QString &label, const QString &value)
{
    if (value.isEmpty())
        return {};
    return QStringLiteral("<tr><td style='padding-right:12px'><b>%1</b></td><td>%2</td></tr>")
        .arg(label.toHtmlEscaped(), value.toHtmlEscaped().replace(u'\n', QStringLiteral("<br>")));
}

ToolCallOutcome::Kind outcomeKind(AuditOutcome outcome)
{
    switch (outcome) {
    case AuditOutcome::Succeeded: return ToolCallOutcome::Kind::Succeeded;
    case AuditOutcome::ToolError: return ToolCallOutcome::Kind::ToolError;
    case AuditOutcome::Denied: return ToolCallOutcome::Kind::Denied;
    case AuditOutcome::InvalidArguments: return ToolCallOutcome::Kind::InvalidArguments;
    case AuditOutcome::Cancelled: return ToolCallOutcome::Kind::Cancelled;
    case AuditOutcome::Pending: return ToolCallOutcome::Kind::Pending;
    case AuditOutcome::Failed:
    case AuditOutcome::Unknown:
    case AuditOutcome::None: return ToolCallOutcome::Kind::Failed;
    }
    return ToolCallOutcome::Kind::Failed;
}

// The record as a live call's outcome, so ResultView shows it exactly as it showed the call.
ToolCallOutcome outcomeOf(const AuditRecord &record)
{
    ToolCallOutcome outcome;
    outcome.kind = outcomeKind(record.outcome);
    if (record.decision)
        outcome.decision = {*record.decision, record.decisionSource.value_or(ApprovalDecision::Source::Human), record.decisionReason, record.editedArguments};
    outcome.sentArguments = record.sentArguments();
    if (record.result)
        outcome.result = CallToolResult::fromJson(*record.result);
    outcome.error.code = record.errorCode.value_or(0);
    outcome.error.message = record.errorMessage;
    if (record.outcome == AuditOutcome::Unknown && outcome.error.message.isEmpty())
        outcome.error.message = AuditDetailPane::tr("Toolgate stopped before this call finished: it may or may not have run.");
    outcome.inputProblems = record.inputProblems;
    outcome.outputValid = record.outputValid;
    outcome.outputProblems = record.outputProblems;
    outcome.durationMs = record.durationMs.value_or(0);
    return outcome;
}

} // namespace

AuditDetailPane::AuditDetailPane(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_summary(new QLabel(this))
    , m_task(new QGroupBox(tr("Task"), this))
    , m_taskId(new QLabel(m_task))
    , m_taskLife(new QListWidget(m_task))
    , m_runAgain(new QPushButton(tr("Run Again…"), this))
    , m_saveToCollection(new QPushButton(tr("Save to Collection…"), this))
    , m_showOrigin(new QPushButton(this))
    , m_tabs(new QTabWidget(this))
    , m_result(new ResultView(this))
    , m_resultJson(jsonView(QStringLiteral("auditResultJson"), this))
    , m_resultPage(new QWidget(this))
    , m_arguments(jsonView(QStringLiteral("auditArguments"), this))
    , m_json(jsonView(QStringLiteral("auditRecordJson"), this))
{
    m_title->setObjectName(QStringLiteral("auditTitle"));
    m_title->setTextFormat(Qt::PlainText);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    m_title->setFont(titleFont);
    m_title->setWordWrap(true);
    m_summary->setObjectName(QStringLiteral("auditSummary"));
    m_summary->setTextFormat(Qt::RichText); // built from escaped text only
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setWordWrap(true);
    m_task->setObjectName(QStringLiteral("auditTask"));
    m_taskId->setObjectName(QStringLiteral("auditTaskId"));
    m_taskId->setTextFormat(Qt::PlainText); // the server's id: text, never markup
    m_taskId->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_taskId->setWordWrap(true);
    m_taskLife->setObjectName(QStringLiteral("auditTaskLife"));
    m_taskLife->setSelectionMode(QAbstractItemView::NoSelection);
    m_taskLife->setWordWrap(true);
    m_taskLife->setMaximumHeight(m_taskLife->fontMetrics().lineSpacing() * 8);
    auto *taskLayout = new QFormLayout(m_task);
    taskLayout->addRow(tr("Id"), m_taskId);
    taskLayout->addRow(tr("Life"), m_taskLife);
    m_runAgain->setObjectName(QStringLiteral("runAgain"));
    m_runAgain->setToolTip(tr("Put this tool and these arguments into the main window's form. Nothing is sent until you run it and approve it."));
    m_saveToCollection->setObjectName(QStringLiteral("saveToCollection"));
    m_saveToCollection->setToolTip(tr("Save this tool call with its arguments to a collection, to run it again later with expectations"));
    m_showOrigin->setObjectName(QStringLiteral("showOriginCall"));
    m_showOrigin->setToolTip(tr("Show the call whose result showed the app that did this"));
    m_tabs->setObjectName(QStringLiteral("auditDetailTabs"));

    auto *resultLayout = new QStackedLayout(m_resultPage);
    resultLayout->addWidget(m_result);
    resultLayout->addWidget(m_resultJson);
    m_tabs->addTab(m_resultPage, tr("Result"));
    m_tabs->addTab(m_arguments, tr("Arguments"));
    m_tabs->addTab(m_json, tr("Record JSON"));

    auto *header = new QHBoxLayout;
    header->addWidget(m_title, 1);
    header->addWidget(m_showOrigin, 0, Qt::AlignTop);
    header->addWidget(m_runAgain, 0, Qt::AlignTop);
    header->addWidget(m_saveToCollection, 0, Qt::AlignTop);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(header);
    layout->addWidget(m_summary);
    layout->addWidget(m_task);
    layout->addWidget(m_tabs, 1);

    connect(m_runAgain, &QPushButton::clicked, this, [this] {
        if (hasRecord())
            emit runAgainRequested(m_record);
    });
    connect(m_saveToCollection, &QPushButton::clicked, this, [this] {
        if (hasRecord())
            emit saveToCollectionRequested(m_record);
    });
    connect(m_showOrigin, &QPushButton::clicked, this, [this] {
        if (hasRecord() && m_record.origin)
            emit originRequested(*m_record.origin);
    });
    showPlaceholder(tr("Select a record to see it in full."));
}

void AuditDetailPane::showTask(const AuditRecord &record)
{
    m_taskId->clear();
    m_taskLife->clear();
    m_task->setVisible(record.isTask());
    if (!record.isTask())
        return;
    m_taskId->setText(record.taskId);
    // One line per step, as plain text items: the server's words are never interpreted.
    for (const AuditTaskEvent &event : record.taskEvents) {
        QString line = event.at.toLocalTime().toString(QStringLiteral("HH:mm:ss")) + u' ' + AuditTableModel::taskStatusText(event.status);
        if (!event.message.isEmpty())
            line += QStringLiteral(" — ") + event.message;
        auto *item = new QListWidgetItem(line, m_taskLife);
        item->setToolTip(timeText(event.at));
    }
}

void AuditDetailPane::showPlaceholder(const QString &text)
{
    m_record = {};
    m_title->setText(text);
    m_summary->clear();
    m_summary->hide();
    m_task->hide();
    m_taskId->clear();
    m_taskLife->clear();
    m_runAgain->hide();
    m_saveToCollection->hide();
    m_showOrigin->hide();
    m_tabs->hide();
    m_result->clear();
}

void AuditDetailPane::setRecord(const AuditRecord &record)
{
    m_record = record;
    const bool call = record.type == AuditRecordType::ToolCall;
    QString title;
    switch (record.type) {
    case AuditRecordType::ToolCall: title = tr("%1 on %2").arg(record.name, record.serverName); break;
    case AuditRecordType::ServerRequest: title = tr("%1 from %2").arg(record.name, record.serverName); break;
    case AuditRecordType::Connection:
        title = tr("%1: %2").arg(record.serverName, AuditTableModel::connectionEventText(record.name));
        break;
    }
    m_title->setText(tr("#%1 · %2").arg(record.id).arg(title));

    QString serverInfo;
    if (!record.serverInfo.isEmpty()) {
        serverInfo = record.serverInfo.value(QLatin1StringView("name")).toString();
        const QString version = record.serverInfo.value(QLatin1StringView("version")).toString();
        if (!version.isEmpty())
            serverInfo += u' ' + version;
        serverInfo += tr(" (as the server reports itself)");
    }
    QString decision = AuditTableModel::decisionText(record.decision, record.decisionSource);
    if (record.edited)
        decision += tr(", arguments edited by the human");
    QString timing = tr("started %1").arg(timeText(record.startedAt));
    if (record.decidedAt.isValid())
        timing += tr(", decided %1").arg(timeText(record.decidedAt));
    if (record.finishedAt.isValid())
        timing += tr(", finished %1").arg(timeText(record.finishedAt));
    // Two different lengths, both named: the whole call (asked, approved, checked, answered) and the
    // part the Duration column shows, the server's (from sending the call to its answer). A collection
    // run's call took 8 ms in all and "0 ms" at the server; unnamed, they looked like a contradiction.
    if (record.durationMs) {
        const qint64 whole = record.startedAt.isValid() && record.finishedAt.isValid() ? record.startedAt.msecsTo(record.finishedAt) : -1;
        timing += whole >= *record.durationMs
            ? tr(" — %1 in all, of which the server took %2 (the Duration), from the call being sent to its answer")
                  .arg(DisplayText::duration(whole), DisplayText::duration(*record.durationMs))
            : tr(" — the server took %1 (the Duration), from the call being sent to its answer")
                  .arg(DisplayText::duration(*record.durationMs));
    }
    // A model's call: the arguments that repeated another server's text, as the dialog marked them.
    QStringList origins;
    for (const ArgumentOrigin &origin : record.argumentOrigins) {
        origins.append(origin.sourceCall ? tr("%1 (“%2”): from %3 on server «%4», call #%5")
                                               .arg(origin.pointer, origin.text, origin.sourceName, origin.sourceServer,
                                                    QString::number(origin.sourceCall))
                                         : tr("%1 (“%2”): from %3 on server «%4»").arg(origin.pointer, origin.text, origin.sourceName, origin.sourceServer));
    }
    QString outcome = AuditTableModel::outcomeText(record.outcome);
    if (!record.errorMessage.isEmpty())
        outcome += (outcome.isEmpty() ? QString() : QStringLiteral(": ")) + record.errorMessage;
    QString html = QStringLiteral("<table>")
        + row(tr("Server"), record.serverName)
        + row(record.serverEndpoint.contains(QLatin1StringView("://")) ? tr("URL") : tr("Command"), record.serverEndpoint)
        + row(tr("Server info"), serverInfo)
        + row(tr("Kind"), AuditTableModel::kindText(record.type) + tr(" from the %1").arg(AuditTableModel::initiatorText(record.initiator)))
        + row(tr("Made by"), record.origin ? AuditTableModel::originText(*record.origin) : QString())
        + row(tr("Conversation"), record.conversationId.isEmpty() ? QString() : tr("«%1» (id %2)").arg(record.conversationTitle, record.conversationId))
        + row(tr("Arguments from other servers"), origins.join(u'\n'))
        + row(tr("Decision"), decision)
        + row(tr("Reason"), record.decisionReason)
        + row(tr("Outcome"), outcome)
        + row(tr("Timing"), timing)
        + QStringLiteral("</table>");
    m_summary->setText(html);
    m_summary->show();
    showTask(record);
    m_runAgain->setVisible(call);
    m_saveToCollection->setVisible(call);
    if (record.origin)
        m_showOrigin->setText(tr("Show Call #%1").arg(*record.origin));
    m_showOrigin->setVisible(record.origin.has_value());
    m_tabs->show();

    QString arguments;
    if (record.editedArguments) {
        arguments = tr("// Sent (as edited by the human):\n") + pretty(*record.editedArguments, record.editedArgumentsOrder.keys)
            + tr("\n// Originally requested:\n") + pretty(record.arguments, record.argumentsOrder.keys);
    } else {
        arguments = pretty(record.arguments, record.argumentsOrder.keys);
    }
    m_arguments->setPlainText(arguments);
    m_tabs->setTabText(ArgumentsTab, call ? tr("Arguments") : record.type == AuditRecordType::Connection ? tr("Details") : tr("Parameters"));
    m_json->setPlainText(pretty(record.toJson()));

    auto *stack = static_cast<QStackedLayout *>(m_resultPage->layout());
    if (call) {
        stack->setCurrentWidget(m_result);
        m_result->setOutcome(outcomeOf(record));
        m_tabs->setTabEnabled(ResultTab, true);
        m_tabs->setCurrentIndex(ResultTab);
    } else {
        stack->setCurrentWidget(m_resultJson);
        m_resultJson->setPlainText(record.result ? pretty(*record.result) : QString());
        const bool hasResult = record.result.has_value();
        m_tabs->setTabEnabled(ResultTab, hasResult);
        m_tabs->setCurrentIndex(hasResult ? ResultTab : ArgumentsTab);
    }
}

} // namespace Toolgate

#include "moc_auditdetailpane.cpp"
