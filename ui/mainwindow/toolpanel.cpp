#include "toolpanel.h"

#include "apps/apppane.h"
#include "apps/appmeta.h"
#include "client/clientsession.h"
#include "forms/argumentform.h"
#include "forms/argumenthistory.h"
#include "itemheader.h"
#include "models/icons.h"
#include "models/tooltreemodel.h"
#include "viewers/resultview.h"
#include "workspace/serverconnection.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

constexpr int maxEntries = 50;

QString describe(const ToolCallOutcome &outcome)
{
    switch (outcome.kind) {
    case ToolCallOutcome::Kind::Succeeded: return ToolPanel::tr("Finished in %1 ms").arg(outcome.durationMs);
    case ToolCallOutcome::Kind::ToolError: return ToolPanel::tr("The tool reported an error (%1 ms)").arg(outcome.durationMs);
    case ToolCallOutcome::Kind::Denied: return ToolPanel::tr("Denied — nothing was sent");
    case ToolCallOutcome::Kind::InvalidArguments: return ToolPanel::tr("Not sent: the arguments are invalid");
    case ToolCallOutcome::Kind::Failed: return ToolPanel::tr("Failed: %1").arg(outcome.error.message);
    case ToolCallOutcome::Kind::Cancelled: return ToolPanel::tr("Cancelled");
    case ToolCallOutcome::Kind::Pending: break;
    }
    return {};
}

} // namespace

ToolPanel::ToolPanel(ToolCallPipeline *pipeline, ArgumentHistory *history, QWidget *parent)
    : QWidget(parent)
    , m_pipeline(pipeline)
    , m_history(history)
    , m_header(new ItemHeader(this))
    , m_form(new ArgumentForm(this))
    , m_run(new QPushButton(this))
    , m_cancel(new QPushButton(this))
    , m_progress(new QProgressBar(this))
    , m_state(new QLabel(this))
    , m_urlStep(new QWidget(this))
    , m_urlStepText(new QLabel(m_urlStep))
    , m_runAgain(new QPushButton(m_urlStep))
    , m_result(new ResultView(this))
    , m_splitter(new QSplitter(Qt::Vertical, this))
{
    setObjectName(QStringLiteral("toolPanel"));
    m_form->setObjectName(QStringLiteral("argumentForm"));

    m_run->setObjectName(QStringLiteral("runButton"));
    m_run->setText(tr("Run"));
    m_run->setIcon(Icons::action(u"run"));
    m_run->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    m_run->setToolTip(tr("Run the tool with these arguments (Ctrl+Enter). You confirm before anything is sent."));
    m_run->setDefault(false);
    m_run->setAutoDefault(false);
    m_cancel->setObjectName(QStringLiteral("cancelButton"));
    m_cancel->setText(tr("Cancel"));
    m_cancel->setIcon(Icons::action(u"stop"));
    m_cancel->setToolTip(tr("Ask the server to stop this call"));
    m_cancel->setAutoDefault(false);
    m_progress->setObjectName(QStringLiteral("callProgress"));
    m_progress->setTextVisible(false);
    m_progress->setMaximumHeight(m_progress->fontMetrics().height());
    m_progress->setMinimumWidth(120);
    m_state->setObjectName(QStringLiteral("callState"));
    m_state->setTextFormat(Qt::PlainText);
    m_state->setMinimumWidth(80);

    auto *runRow = new QHBoxLayout;
    runRow->setContentsMargins(0, 4, 0, 0);
    runRow->addWidget(m_run);
    runRow->addWidget(m_cancel);
    runRow->addWidget(m_progress, 1);
    runRow->addWidget(m_state, 2);

    auto *top = new QWidget(m_splitter);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(12, 0, 12, 8);
    // Run sits right under the last field; a short form leaves its spare room below the button, and
    // fitSplitterToForm() hands that room to the result.
    topLayout->addWidget(m_form);
    topLayout->addLayout(runRow);
    topLayout->addStretch(1);

    auto *bottom = new QWidget(m_splitter);
    auto *bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(12, 4, 12, 8);
    auto *resultTitle = new QLabel(tr("Result"), bottom);
    QFont bold = resultTitle->font();
    bold.setBold(true);
    resultTitle->setFont(bold);
    bottomLayout->addWidget(resultTitle);

    // A -32042 answer: the call cannot succeed until the person finishes a step in the browser (the link
    // is in a window of its own, see ClientFeatures). Retrying is theirs to decide, never automatic.
    m_urlStep->setObjectName(QStringLiteral("urlStepBox"));
    m_urlStepText->setObjectName(QStringLiteral("urlStepText"));
    m_urlStepText->setTextFormat(Qt::PlainText);
    m_urlStepText->setWordWrap(true);
    m_runAgain->setObjectName(QStringLiteral("runAgainButton"));
    m_runAgain->setText(tr("Run Again"));
    m_runAgain->setIcon(Icons::action(u"run"));
    m_runAgain->setToolTip(tr("Send the same arguments again. You confirm before anything is sent."));
    m_runAgain->setAutoDefault(false);
    auto *urlStepLayout = new QHBoxLayout(m_urlStep);
    urlStepLayout->setContentsMargins(0, 0, 0, 4);
    urlStepLayout->addWidget(m_urlStepText, 1);
    urlStepLayout->addWidget(m_runAgain, 0, Qt::AlignTop);
    m_urlStep->hide();
    bottomLayout->addWidget(m_urlStep);
    bottomLayout->addWidget(m_result, 1);
    bottom->setObjectName(QStringLiteral("resultPane"));

    m_splitter->setObjectName(QStringLiteral("toolSplitter"));
    m_splitter->addWidget(top);
    m_splitter->addWidget(bottom);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_header);
    layout->addWidget(m_splitter, 1);

    connect(m_splitter, &QSplitter::splitterMoved, this, [this] { m_splitterMovedByUser = true; });
    m_fit.setSingleShot(true);
    m_fit.setInterval(0);
    connect(&m_fit, &QTimer::timeout, this, &ToolPanel::fitSplitterToForm);
    top->installEventFilter(this);

    connect(m_run, &QPushButton::clicked, this, &ToolPanel::run);
    connect(m_cancel, &QPushButton::clicked, this, &ToolPanel::cancel);
    connect(m_runAgain, &QPushButton::clicked, this, &ToolPanel::runAgain);
    connect(m_form, &ArgumentForm::argumentsChanged, this, &ToolPanel::updateRunState);
    connect(m_result, &ResultView::resourceLinkActivated, this, [this](const QString &uri) {
        if (m_connection)
            emit resourceLinkActivated(m_connection, uri);
    });
    connect(m_result, &ResultView::linkActivated, this, &ToolPanel::linkActivated);

    m_tick.setInterval(250);
    connect(&m_tick, &QTimer::timeout, this, &ToolPanel::updateProgress);
    updateRunState();
}

ToolPanel::~ToolPanel()
{
    // Calls are our children; cancelling first tells the servers to stop working for nobody.
    for (auto it = m_entries.begin(); it != m_entries.end(); ++it) {
        if (it->call) {
            it->call->disconnect(this);
            it->call->cancel(QStringLiteral("Toolgate is closing"));
        }
    }
}

void ToolPanel::setApps(AppHost *host, AppTrust *trust)
{
    if (m_app || !host || !trust)
        return;
    m_app = new AppPane(host, trust, m_result->parentWidget());
    auto *layout = static_cast<QVBoxLayout *>(m_result->parentWidget()->layout());
    layout->insertWidget(layout->indexOf(m_result), m_app);
    connect(m_app, &AppPane::consoleLine, this, &ToolPanel::appConsoleLine);
    connect(m_app, &AppPane::linkOpened, this, [this](const QUrl &url) { emit message(tr("Opened %1").arg(url.toDisplayString())); });
    showEntryApp();
}

void ToolPanel::startApp(const QString &k, ToolCall *call)
{
    if (!m_app || k != key() || !AppToolMeta::of(call->tool()).hasApp())
        return;
    auto it = m_entries.find(k);
    if (it == m_entries.end() || it->appCallId == call->id())
        return;
    it->appCallId = call->id();
    m_app->start(call->server(), call->tool(), call->outcome().sentArguments, call->id());
}

void ToolPanel::showEntryApp()
{
    if (!m_app)
        return;
    const auto it = m_entries.constFind(key());
    if (it == m_entries.constEnd() || !it->appCallId) {
        m_app->closeApp(QStringLiteral("another tool is shown"));
        return;
    }
    if (m_app->originCallId() == it->appCallId)
        return; // already showing this result's app
    if (it->call) {
        m_app->start(it->call->server(), it->call->tool(), it->call->outcome().sentArguments, it->appCallId);
    } else if (it->outcome && m_connection
               && (it->outcome->kind == ToolCallOutcome::Kind::Succeeded || it->outcome->kind == ToolCallOutcome::Kind::ToolError)) {
        // Coming back to a tool: its last result's app is shown again (a new view; the old one was freed).
        m_app->start(m_connection->identity(), m_tool, it->outcome->sentArguments, it->appCallId);
        m_app->setResult(it->outcome->result);
    } else {
        m_app->closeApp(QStringLiteral("another tool is shown"));
    }
}

QString ToolPanel::keyFor(const QString &server, const QString &tool)
{
    return server + QChar(0x1f) + tool;
}

QString ToolPanel::key() const
{
    return m_connection ? keyFor(m_connection->name(), m_tool.name) : QString();
}

void ToolPanel::setTool(ServerConnection *connection, const Tool &tool, const QIcon &icon)
{
    // The same tool again (its definition changed, or its server came back): keep what was typed.
    const bool sameTool = connection && connection == m_connection && tool.name == m_tool.name;
    const QJsonObject typed = sameTool ? m_form->arguments() : QJsonObject();
    if (m_connection)
        m_connection->disconnect(this);
    m_connection = connection;
    m_tool = tool;
    if (connection) {
        connect(connection, &ServerConnection::statusChanged, this, &ToolPanel::updateRunState);
    }
    const QString serverName = connection ? connection->name() : QString();
    QString remarks;
    if (const QString hints = ToolTreeModel::annotationsText(tool.annotations); !hints.isEmpty())
        remarks = tr("The server claims: %1. Toolgate does not rely on this.").arg(hints);
    if (const AppToolMeta app = AppToolMeta::of(tool); app.hasApp())
        remarks += (remarks.isEmpty() ? QString() : QStringLiteral(" ")) + tr("Results come with an app view (%1).").arg(app.resourceUri);
    m_header->setItem(icon.isNull() ? Icons::action(u"tool") : icon, tool.displayName(), tool.name, serverName, tool.description, remarks);
    const QJsonObject last = sameTool ? typed
        : m_history && connection    ? m_history->lastArguments(serverName, tool.name)
                                     : QJsonObject();
    m_form->setTool(tool, last);
    showEntry();
    showEntryApp();
    m_fit.start();
}

bool ToolPanel::eventFilter(QObject *watched, QEvent *event)
{
    // A child's updateGeometry() reaches the pane as a LayoutRequest; its sizeHint() is only worth
    // asking once the layouts below have settled, hence the timer.
    if (watched == m_splitter->widget(0) && event->type() == QEvent::LayoutRequest)
        m_fit.start();
    return QWidget::eventFilter(watched, event);
}

void ToolPanel::fitSplitterToForm()
{
    // Once the person has placed the divider themselves, it stays where they put it.
    if (m_splitterMovedByUser)
        return;
    const int total = m_splitter->height() - m_splitter->handleWidth();
    QWidget *top = m_splitter->widget(0);
    if (total <= 0 || !top)
        return;
    const int resultMinimum = qMax(m_splitter->widget(1)->minimumSizeHint().height(), total * 2 / 5);
    const int wanted = qBound(top->minimumSizeHint().height(), top->sizeHint().height(), total - resultMinimum);
    if (m_splitter->sizes().value(0) != wanted)
        m_splitter->setSizes({wanted, total - wanted});
}

ToolCall *ToolPanel::currentCall() const
{
    const auto it = m_entries.constFind(key());
    return it == m_entries.constEnd() ? nullptr : it->call.data();
}

int ToolPanel::runningCount() const
{
    int count = 0;
    for (const Entry &entry : m_entries)
        count += entry.call ? 1 : 0;
    return count;
}

void ToolPanel::showEntry()
{
    const auto it = m_entries.constFind(key());
    if (it == m_entries.constEnd() || (!it->call && !it->outcome)) {
        m_result->clear();
    } else if (!it->call && it->outcome) {
        m_result->setOutcome(*it->outcome);
    } else {
        m_result->clear();
    }
    updateRunState();
    updateProgress();
}

void ToolPanel::updateUrlStep()
{
    const auto it = m_entries.constFind(key());
    const bool show = it != m_entries.constEnd() && !it->call && it->outcome
        && (!it->awaitedSteps.isEmpty() || it->stepsCompleted);
    m_urlStep->setVisible(show);
    if (!show)
        return;
    const QString server = m_connection ? m_connection->name() : QString();
    m_urlStepText->setText(it->awaitedSteps.isEmpty()
        ? tr("%1 reports that the step in the browser is complete. Run the call again to continue.").arg(server)
        : tr("%1 needs you to finish a step in your browser before this call can run; the link is in the window it "
             "opened. When you have finished there, run the call again.").arg(server));
    m_runAgain->setEnabled(m_run->isEnabled());
}

void ToolPanel::updateRunState()
{
    ToolCall *call = currentCall();
    const bool ready = m_connection && m_connection->status() == ServerConnection::Status::Ready && m_connection->session();
    m_run->setEnabled(ready && !call && !m_tool.name.isEmpty() && m_pipeline);
    m_run->setToolTip(ready ? tr("Run the tool with these arguments (Ctrl+Enter). You confirm before anything is sent.")
                            : tr("The server is not connected."));
    m_cancel->setVisible(call != nullptr);
    m_progress->setVisible(call != nullptr);
    if (call && !m_tick.isActive())
        m_tick.start();
    if (!call) {
        const auto it = m_entries.constFind(key());
        m_state->setText(it != m_entries.constEnd() && it->outcome ? describe(*it->outcome)
                         : ready                                   ? QString()
                         : m_connection                            ? m_connection->statusText()
                                                                   : QString());
    }
    updateUrlStep();
}

void ToolPanel::updateProgress()
{
    const auto it = m_entries.constFind(key());
    if (it == m_entries.constEnd() || !it->call) {
        if (runningCount() == 0)
            m_tick.stop();
        return;
    }
    const Entry &entry = *it;
    const qint64 seconds = entry.elapsed.isValid() ? entry.elapsed.elapsed() / 1000 : 0;
    QString text;
    if (entry.call->stage() == ToolCall::Stage::AwaitingApproval) {
        text = tr("Waiting for your approval…");
        m_progress->setRange(0, 0);
    } else if (entry.progress && entry.progress->fraction()) {
        m_progress->setRange(0, 1000);
        m_progress->setValue(int(*entry.progress->fraction() * 1000));
        text = entry.progress->message.isEmpty()
            ? tr("%1% · %2 s").arg(int(*entry.progress->fraction() * 100)).arg(seconds)
            : tr("%1 · %2 s").arg(entry.progress->message.simplified().left(200)).arg(seconds);
    } else {
        m_progress->setRange(0, 0);
        text = entry.progress && !entry.progress->message.isEmpty()
            ? tr("%1 · %2 s").arg(entry.progress->message.simplified().left(200)).arg(seconds)
            : tr("Running… %1 s").arg(seconds);
    }
    m_state->setText(m_state->fontMetrics().elidedText(text, Qt::ElideRight, qMax(80, m_state->width())));
    m_state->setToolTip(text);
}

void ToolPanel::run()
{
    if (!m_run->isEnabled() || !m_connection || !m_pipeline)
        return;
    const QJsonObject arguments = m_form->arguments();
    if (m_history)
        m_history->remember(m_connection->name(), m_tool.name, arguments);
    startCall(arguments);
}

void ToolPanel::runAgain()
{
    const auto it = m_entries.constFind(key());
    if (!m_run->isEnabled() || !m_connection || !m_pipeline || it == m_entries.constEnd() || !it->outcome)
        return;
    startCall(it->outcome->sentArguments);
}

void ToolPanel::startCall(const QJsonObject &arguments)
{
    ClientSession *session = m_connection->session();
    if (!session)
        return;
    const QString k = key();

    ToolCall *call = m_pipeline->call(session, m_connection->identity(), m_tool.name, arguments, CallInitiator::Gui, this);
    Entry &entry = m_entries[k];
    entry.call = call;
    entry.session = session;
    entry.outcome.reset();
    entry.progress.reset();
    entry.awaitedSteps.clear();
    entry.stepsCompleted = false;
    entry.appCallId = 0;
    disconnect(entry.completion);
    entry.elapsed.start();
    m_recent.removeAll(k);
    m_recent.append(k);
    while (m_recent.size() > maxEntries) {
        const QString oldest = m_recent.takeFirst();
        if (!m_entries.value(oldest).call)
            m_entries.remove(oldest);
    }

    connect(call, &ToolCall::progress, this, [this, k](const ProgressUpdate &update) {
        auto it = m_entries.find(k);
        if (it == m_entries.end())
            return;
        it->progress = update;
        if (k == key())
            updateProgress();
    });
    connect(call, &ToolCall::stageChanged, this, [this, k, call](ToolCall::Stage stage) {
        if (k == key())
            updateProgress();
        // The app comes up as soon as the call is on its way (approved), and gets the result when it arrives.
        if (stage == ToolCall::Stage::Running)
            startApp(k, call);
    });
    connect(call, &ToolCall::finished, this, [this, k, call] { onFinished(k, call); });

    m_result->clear();
    if (m_app)
        m_app->closeApp(QStringLiteral("the tool runs again"));
    updateRunState();
    updateProgress();
    emit runningCountChanged(runningCount());
}

void ToolPanel::cancel()
{
    if (ToolCall *call = currentCall())
        call->cancel();
}

void ToolPanel::onFinished(const QString &k, ToolCall *call)
{
    auto it = m_entries.find(k);
    if (it != m_entries.end() && it->call == call) {
        it->outcome = call->outcome();
        it->call = nullptr;
        ClientSession *session = it->session;
        if (session && call->outcome().kind == ToolCallOutcome::Kind::Failed) {
            const QList<UrlElicitation> steps = session->urlElicitationsRequiredBy(call->outcome().error);
            for (const UrlElicitation &step : steps)
                it->awaitedSteps.append(step.elicitationId);
            if (!steps.isEmpty()) {
                it->completion = connect(session, &ClientSession::elicitationCompleted, this, [this, k](const QString &id) {
                    auto entry = m_entries.find(k);
                    if (entry == m_entries.end() || !entry->awaitedSteps.removeAll(id))
                        return;
                    if (entry->awaitedSteps.isEmpty()) {
                        entry->stepsCompleted = true;
                        disconnect(entry->completion);
                    }
                    if (k == key())
                        updateUrlStep();
                });
            }
        }
    }
    const QString toolName = call->tool().name.isEmpty() ? k.section(QChar(0x1f), 1) : call->tool().name;
    emit message(tr("%1 on %2: %3").arg(toolName, call->server().name, describe(call->outcome())));
    call->deleteLater();
    if (k == key()) {
        m_result->setOutcome(call->outcome());
        if (m_app && it != m_entries.end() && it->appCallId == call->id()) {
            const ToolCallOutcome &outcome = call->outcome();
            if (outcome.kind == ToolCallOutcome::Kind::Succeeded || outcome.kind == ToolCallOutcome::Kind::ToolError)
                m_app->setResult(outcome.result);
            else
                m_app->setCancelled(outcome.error.message.isEmpty() ? describe(outcome) : outcome.error.message);
        }
        updateRunState();
    }
    emit runningCountChanged(runningCount());
}

} // namespace Toolgate
