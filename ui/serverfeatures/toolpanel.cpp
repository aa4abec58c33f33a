#include "ui/serverfeatures/toolpanel.h"
#include "core/common/displaytext.h"
#include "ui/serverfeatures/toolsplitmemory.h"

#include "ui/apps/apppane.h"
#include "core/apps/appmeta.h"
#include "core/client/clientsession.h"
#include "ui/viewers/viewerformat.h"
#include "ui/forms/argumentform.h"
#include "core/calls/argumenthistory.h"
#include "ui/items/itemheader.h"
#include "ui/models/icons.h"
#include "ui/models/tooltreemodel.h"
#include "core/requests/serverrequestpipeline.h"
#include "ui/viewers/resultview.h"
#include "core/workspace/serverconnection.h"

#include <QApplication>
#include <QCheckBox>
#include <QEvent>
#include <QKeyEvent>
#include <QResizeEvent>
#include <QScrollArea>
#include <QShortcut>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace Toolgate {

namespace {

QString describe(const ToolCallOutcome &outcome)
{
    switch (outcome.kind) {
    case ToolCallOutcome::Kind::Succeeded: return ToolPanel::tr("Finished in %1").arg(DisplayText::duration(outcome.durationMs));
    case ToolCallOutcome::Kind::ToolError:
        return ToolPanel::tr("The tool reported an error (after %1)").arg(DisplayText::duration(outcome.durationMs));
    case ToolCallOutcome::Kind::Denied: return ToolPanel::tr("Denied — nothing was sent");
    case ToolCallOutcome::Kind::InvalidArguments: return ToolPanel::tr("Not sent: the arguments are invalid");
    case ToolCallOutcome::Kind::Failed: return ToolPanel::tr("Failed: %1").arg(outcome.error.message);
    case ToolCallOutcome::Kind::Cancelled: return ToolPanel::tr("Cancelled");
    case ToolCallOutcome::Kind::Pending: break;
    }
    return {};
}

// Only a call that answered has a result worth saving, or an app to show again.
bool answered(const CallRegistry::Entry *entry)
{
    return entry && entry->ended
        && (entry->ended->outcome.kind == ToolCallOutcome::Kind::Succeeded || entry->ended->outcome.kind == ToolCallOutcome::Kind::ToolError);
}

} // namespace

ToolPanel::ToolPanel(ToolCallPipeline *pipeline, ServerRequestPipeline *requests, ArgumentHistory *history, QWidget *parent)
    : QWidget(parent)
    , m_pipeline(pipeline)
    , m_history(history)
    , m_header(new ItemHeader(this))
    , m_form(new ArgumentForm(this))
    , m_run(new QPushButton(this))
    , m_runHint(new QLabel(this))
    , m_runAsTask(new QCheckBox(this))
    , m_taskNote(new QLabel(this))
    , m_cancel(new QPushButton(this))
    , m_save(new QPushButton(this))
    , m_progress(new QProgressBar(this))
    , m_state(new QLabel(this))
    , m_urlStep(new QWidget(this))
    , m_urlStepText(new QLabel(m_urlStep))
    , m_runAgain(new QPushButton(m_urlStep))
    , m_connections(new QLabel(this))
    , m_result(new ResultView(this))
    , m_splitter(new QSplitter(Qt::Vertical, this))
    , m_splits(std::make_unique<ToolSplitMemory>())
{
    setObjectName(QStringLiteral("toolPanel"));
    m_form->setObjectName(QStringLiteral("argumentForm"));
    if (requests)
        connect(requests, &ServerRequestPipeline::urlElicitationCompleted, &m_calls, &CallRegistry::stepCompleted);
    connect(&m_calls, &CallRegistry::changed, this, &ToolPanel::onChanged);
    connect(&m_calls, &CallRegistry::progressed, this, [this](const QString &serverName, const QString &toolName) {
        if (m_connection && serverName == m_connection->name() && toolName == m_tool.name)
            updateProgress();
    });
    connect(&m_calls, &CallRegistry::ended, this, &ToolPanel::onEnded);
    connect(&m_calls, &CallRegistry::runningCountChanged, this, &ToolPanel::runningCountChanged);

    m_run->setObjectName(QStringLiteral("runButton"));
    m_run->setText(tr("Run"));
    m_run->setIcon(Icons::action(u"run"));
    m_run->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    // The keypad's Enter too; the button shows the shortcut beside it, so nobody has to hover to learn it.
    auto *keypadRun = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Enter), this);
    connect(keypadRun, &QShortcut::activated, this, &ToolPanel::run);
    m_runHint->setObjectName(QStringLiteral("runShortcutHint"));
    m_runHint->setText(QKeySequence(Qt::CTRL | Qt::Key_Enter).toString(QKeySequence::NativeText));
    m_runHint->setToolTip(tr("Enter in a one-line field runs the tool too."));
    QPalette muted = m_runHint->palette();
    muted.setColor(QPalette::WindowText, muted.color(QPalette::Disabled, QPalette::WindowText));
    m_runHint->setPalette(muted);
    m_run->setToolTip(tr("Run the tool with these arguments (Ctrl+Enter). You confirm before anything is sent."));
    m_run->setDefault(false);
    m_run->setAutoDefault(false);
    // A tool may let the caller choose to run it as a task (execution.taskSupport "optional"): the call
    // then returns at once with a task, which runs on (and can be followed under Tasks) after the panel moves on.
    m_runAsTask->setObjectName(QStringLiteral("runAsTaskBox"));
    m_runAsTask->setText(tr("Run as a task"));
    m_runAsTask->setToolTip(tr("Ask the server to run the call as a task: it keeps running in the background, and "
                               "you can follow it, cancel it and open its result under Tasks."));
    m_runAsTask->hide();
    connect(m_runAsTask, &QCheckBox::toggled, this, [this](bool checked) {
        if (m_connection)
            m_runAsTaskChoices.insert(key(), checked);
    });
    m_taskNote->setObjectName(QStringLiteral("taskNote"));
    m_taskNote->setTextFormat(Qt::PlainText);
    m_taskNote->setText(tr("Always runs as a task"));
    m_taskNote->setToolTip(tr("This tool always runs as a task: it keeps running in the background, and you can "
                              "follow it, cancel it and open its result under Tasks."));
    m_taskNote->setPalette(muted);
    m_taskNote->hide();
    m_cancel->setObjectName(QStringLiteral("cancelButton"));
    m_cancel->setText(tr("Cancel"));
    m_cancel->setIcon(Icons::action(u"stop"));
    m_cancel->setToolTip(tr("Ask the server to stop this call"));
    m_cancel->setAutoDefault(false);
    m_progress->setObjectName(QStringLiteral("callProgress"));
    m_progress->setTextVisible(false);
    m_progress->setMaximumHeight(m_progress->fontMetrics().height());
    m_progress->setMinimumWidth(120);
    m_save->setObjectName(QStringLiteral("saveCallButton"));
    m_save->setText(tr("Save…"));
    m_save->setToolTip(tr("Save this call, with what its result must show, to a collection"));
    m_save->setAutoDefault(false);
    m_save->setEnabled(false);
    m_state->setObjectName(QStringLiteral("callState"));
    m_state->setTextFormat(Qt::PlainText);
    m_state->setMinimumWidth(80);

    auto *runRow = m_runRow = new QHBoxLayout;
    runRow->setContentsMargins(0, 4, 0, 0);
    runRow->addWidget(m_run);
    runRow->addWidget(m_runHint);
    runRow->addSpacing(8);
    runRow->addWidget(m_runAsTask);
    runRow->addWidget(m_taskNote);
    runRow->addWidget(m_cancel);
    runRow->addWidget(m_progress, 1);
    runRow->addWidget(m_state, 2);
    runRow->addWidget(m_save);

    // The form's pane scrolls as a whole once the divider leaves it less than its fields and Run need,
    // so that the divider goes as far up as the person takes it and nothing overlaps.
    auto *formPane = new QScrollArea(m_splitter);
    formPane->setObjectName(QStringLiteral("formPane"));
    formPane->setFrameShape(QFrame::NoFrame);
    formPane->setWidgetResizable(true);
    formPane->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    formPane->setFocusPolicy(Qt::NoFocus); // the fields take the focus, and the pane scrolls to them
    auto *top = new QWidget(formPane);
    top->setObjectName(QStringLiteral("formPaneContent"));
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(12, 0, 12, 8);
    // Run sits right under the last field; a short form leaves its spare room below the button, and
    // fitSplitterToForm() hands that room to the result.
    topLayout->addWidget(m_form);
    topLayout->addLayout(runRow);
    topLayout->addStretch(1);
    formPane->setWidget(top);
    m_formContent = top;

    auto *bottom = new QWidget(m_splitter);
    auto *bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(12, 4, 12, 8);
    // "Result" heads the result's tabs, on their row: a line of its own would take room from both.
    auto *resultTitle = new QLabel(tr("Result"), bottom);
    resultTitle->setObjectName(QStringLiteral("resultTitle"));
    QFont bold = resultTitle->font();
    bold.setBold(true);
    resultTitle->setFont(bold);
    resultTitle->setContentsMargins(0, 0, 12, 0);
    m_result->tabs()->setCornerWidget(resultTitle, Qt::TopLeftCorner);

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
    m_connections->setObjectName(QStringLiteral("callConnections"));
    m_connections->setTextFormat(Qt::PlainText); // host names come from the server
    m_connections->setWordWrap(true);
    m_connections->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_connections->hide();
    bottomLayout->addWidget(m_connections);
    bottomLayout->addWidget(m_result, 1);
    bottom->setObjectName(QStringLiteral("resultPane"));

    m_splitter->setObjectName(QStringLiteral("toolSplitter"));
    m_splitter->addWidget(formPane);
    m_splitter->addWidget(bottom);
    m_splitter->setChildrenCollapsible(false);
    // The form does not hold the divider: its pane scrolls. The empty result keeps its row of tabs and
    // a line; a result shown keeps what its buttons need (updateResultLeast()), and a page too short
    // for that scrolls (minimumSizeHint()).
    formPane->setMinimumHeight(fontMetrics().lineSpacing() * 2);
    bottom->setMinimumHeight(resultStripHeight());
    // Room the window gains or loses goes to the result first; then the fit (resizeEvent()) shares it
    // again by what each side holds, or keeps the form at the height the person gave it.
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    QSplitterHandle *handle = m_splitter->handle(1);
    handle->setToolTip(tr("Drag to give the form or the result more room; remembered for this tool. "
                          "Double-click to fit it to the form again."));
    handle->installEventFilter(this);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_header);
    layout->addWidget(m_splitter, 1);

    // Only the person moves the divider (setSizes() says nothing): that split is the tool's from now on.
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] {
        if (!m_connection || m_tool.name.isEmpty())
            return;
        m_splits->remember(m_connection->name(), m_tool.name, m_splitter->sizes().value(0));
        m_saveSplits.start();
    });
    m_fit.setSingleShot(true);
    m_fit.setInterval(0);
    connect(&m_fit, &QTimer::timeout, this, &ToolPanel::fitSplitterToForm);
    // A drag reports every pixel; the settings are written once it rests.
    m_saveSplits.setSingleShot(true);
    m_saveSplits.setInterval(1000);
    connect(&m_saveSplits, &QTimer::timeout, this, [this] { m_splits->save(); });
    top->installEventFilter(this);
    formPane->viewport()->installEventFilter(this); // its width decides what the run row shows
    m_splitter->installEventFilter(this);

    connect(m_run, &QPushButton::clicked, this, &ToolPanel::run);
    connect(m_cancel, &QPushButton::clicked, this, &ToolPanel::cancel);
    connect(m_save, &QPushButton::clicked, this, [this] {
        if (const CallRegistry::Entry *entry = shownEntry(); entry && !entry->running && answered(entry))
            emit saveCallRequested(SavedCall::fromCall(*entry->ended, entry->ended->tool.name));
    });
    connect(m_runAgain, &QPushButton::clicked, this, &ToolPanel::runAgain);
    connect(m_form, &ArgumentForm::argumentsChanged, this, &ToolPanel::updateRunState);
    // Enter in a one-line field runs the tool, as Enter does in a dialog: see keyPressEvent().
    connect(m_result, &ResultView::resourceLinkActivated, this, [this](const QString &uri) {
        if (m_connection)
            emit resourceLinkActivated(m_connection, uri);
    });
    connect(m_result, &ResultView::linkActivated, this, &ToolPanel::linkActivated);

    m_tick.setInterval(250);
    connect(&m_tick, &QTimer::timeout, this, &ToolPanel::updateProgress);
    updateRunState();
}

// The registry cancels the calls still running (except tasks, which the TaskRegistry follows on).
ToolPanel::~ToolPanel()
{
    m_splits->save();
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

void ToolPanel::startApp(ToolCall *call)
{
    if (!m_app || !AppToolMeta::of(call->tool()).hasApp() || m_appCallIds.value(key()) == call->id())
        return;
    m_appCallIds.insert(key(), call->id());
    m_app->start(call->server(), call->tool(), call->outcome().sentArguments, call->id());
}

void ToolPanel::showEntryApp()
{
    if (!m_app)
        return;
    const CallRegistry::Entry *entry = shownEntry();
    const quint64 appCallId = m_appCallIds.value(key());
    if (!entry || !appCallId) {
        m_app->closeApp(QStringLiteral("another tool is shown"));
        return;
    }
    if (m_app->originCallId() == appCallId)
        return; // already showing this result's app
    if (entry->running) {
        m_app->start(entry->running->server(), entry->running->tool(), entry->running->outcome().sentArguments, appCallId);
    } else if (m_connection && answered(entry)) {
        // Coming back to a tool: its last result's app is shown again (a new view; the old one was freed).
        m_app->start(m_connection->identity(), m_tool, entry->ended->outcome.sentArguments, appCallId);
        m_app->setResult(entry->ended->outcome.result);
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

const CallRegistry::Entry *ToolPanel::shownEntry() const
{
    return m_connection ? m_calls.find(m_connection->name(), m_tool.name) : nullptr;
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
    m_formFitPastHalf = false; // a new form: fit it from its first rows on
    m_form->setTool(tool, last);
    updateTaskChoice();
    showEntry();
    showEntryApp();
    m_fit.start();
}

void ToolPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (event->size().height() != event->oldSize().height())
        m_fit.start();
}

void ToolPanel::keyPressEvent(QKeyEvent *event)
{
    // One-line fields (line edits, spin boxes, check boxes, closed combo boxes) leave Enter unhandled,
    // so it arrives here; multi-line editors (the JSON text) keep it for their new lines.
    const bool enter = event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter;
    const Qt::KeyboardModifiers modifiers = event->modifiers() & ~Qt::KeypadModifier;
    QWidget *focus = QApplication::focusWidget();
    if (enter && modifiers == Qt::NoModifier && focus && m_form->isAncestorOf(focus) && m_run->isEnabled()) {
        run();
        return;
    }
    QWidget::keyPressEvent(event);
}

bool ToolPanel::focusNextPrevChild(bool next)
{
    // The fields are made after Run, so the focus chain would go from the last field to whatever was
    // made after them. Tab from the last field goes to Run, and Shift+Tab from Run back to it.
    QWidget *focus = QApplication::focusWidget();
    const auto takesTab = [](const QWidget *widget) {
        return (widget->focusPolicy() & Qt::TabFocus) && widget->isVisible() && widget->isEnabled() && !widget->focusProxy();
    };
    const auto lastField = [&]() -> QWidget * {
        QWidget *last = nullptr;
        for (QWidget *candidate = m_form->nextInFocusChain(); candidate != m_form; candidate = candidate->nextInFocusChain()) {
            if (m_form->isAncestorOf(candidate) && takesTab(candidate))
                last = candidate;
        }
        return last;
    };
    if (focus && m_run->isEnabled()) {
        if (next && m_form->isAncestorOf(focus) && focus == lastField()) {
            m_run->setFocus(Qt::TabFocusReason);
            return true;
        }
        if (!next && focus == m_run) {
            if (QWidget *last = lastField()) {
                last->setFocus(Qt::BacktabFocusReason);
                return true;
            }
        }
    }
    return QWidget::focusNextPrevChild(next);
}

bool ToolPanel::eventFilter(QObject *watched, QEvent *event)
{
    // A child's updateGeometry() reaches the pane as a LayoutRequest; its sizeHint() is only worth
    // asking once the layouts below have settled, hence the timer.
    if (watched == m_formContent && event->type() == QEvent::LayoutRequest)
        m_fit.start();
    // The header above takes another height with each tool's description: the room below changes
    // without the panel's own height changing.
    if (watched == m_splitter && event->type() == QEvent::Resize)
        m_fit.start();
    if (m_formContent && watched == m_formContent->parentWidget() && event->type() == QEvent::Resize)
        fitRunRow();
    // Double-clicking the divider gives the tool back the split that follows what it holds.
    if (watched == m_splitter->handle(1) && event->type() == QEvent::MouseButtonDblClick && m_connection) {
        m_splits->forget(m_connection->name(), m_tool.name);
        m_saveSplits.start();
        m_formFitPastHalf = false;
        m_fit.start();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

QSize ToolPanel::minimumSizeHint() const
{
    // A short window (a small screen at 200 %, a notice above) scrolls the page that holds this panel
    // rather than squeezing the form to a sliver under its header: the panel asks for the first part of
    // the form (up to a dozen lines) besides the header and the result's least. The divider still
    // moves freely within. Only while shown: a stack of pages is as tall as its tallest minimum.
    QSize least = QWidget::minimumSizeHint();
    if (isVisible())
        least.rheight() += qMax(0, m_usableFormHeight - m_splitter->widget(0)->minimumHeight());
    return least;
}

void ToolPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    updateGeometry(); // minimumSizeHint() asks for more while shown
}

void ToolPanel::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    updateGeometry();
}

void ToolPanel::updateResultLeast()
{
    // Empty, the result keeps a strip: its row of tabs and a line (the "No content." below is cut, and
    // it holds no button). Once it shows a result it is never cut: the buttons of its content (Plain,
    // Markdown, Copy), a banner's text and Run Again must stay whole. The page scrolls instead.
    QWidget *bottom = m_splitter->widget(1);
    const int least = showsResult() ? qMax(resultStripHeight(), bottom->minimumSizeHint().height()) : resultStripHeight();
    if (bottom->minimumHeight() != least)
        bottom->setMinimumHeight(least);
}

int ToolPanel::resultStripHeight() const
{
    // The result's pane, its row of tabs ("Result", Content, Raw JSON) and a line under it.
    const QMargins margins = m_result->parentWidget()->layout()->contentsMargins();
    return margins.top() + margins.bottom() + m_result->tabs()->tabBar()->sizeHint().height() + fontMetrics().lineSpacing();
}

bool ToolPanel::showsResult() const
{
    const CallRegistry::Entry *entry = shownEntry();
    return entry && !entry->running && entry->ended;
}

void ToolPanel::fitSplitterToForm()
{
    const int total = m_splitter->height() - m_splitter->handleWidth();
    QWidget *top = m_formContent;
    QWidget *bottom = m_splitter->widget(1);
    if (total <= 0 || !top || !bottom)
        return;
    updateResultLeast();
    const int formLeast = m_splitter->widget(0)->minimumHeight();
    const int resultLeast = bottom->minimumHeight();
    // A large form adds its rows over many turns, each asking for a fit. Its size hint only grows
    // meanwhile, and once it wants more than half, more rows change nothing here: asking each form of
    // a thousand fields for its size hint every turn cost 10-15 ms a turn. The fit after the last row
    // (its layout request comes after the form stopped adding) catches up.
    if (m_form->isAddingFields() && m_formFitPastHalf)
        return;
    const int formWants = top->sizeHint().height();
    m_formFitPastHalf = formWants > total / 2;
    // The room the panel asks of a short page (minimumSizeHint()): the form's first dozen lines, or all
    // of a shorter form with its Run.
    if (const int usable = qMin(formWants, fontMetrics().lineSpacing() * 12); usable != m_usableFormHeight) {
        m_usableFormHeight = usable;
        updateGeometry();
    }
    // Where the person placed the divider for this tool, it stays (as far as the window lets it).
    if (const std::optional<int> placed = m_connection ? m_splits->formHeight(m_connection->name(), m_tool.name) : std::nullopt) {
        const int form = qBound(formLeast, *placed, qMax(formLeast, total - resultLeast));
        if (m_splitter->sizes().value(0) != form)
            m_splitter->setSizes({form, total - form});
        return;
    }
    int form = formWants;
    if (showsResult()) {
        // The form and the result share the room by what they hold: whoever needs less than half
        // gets what it needs and the other the rest; when both need more, each gets half and scrolls.
        const int resultContent = m_result->wantedHeight();
        const int resultChrome = bottom->sizeHint().height() - m_result->sizeHint().height();
        const int resultWants = resultContent < 0 ? total : resultContent + qMax(0, resultChrome);
        if (formWants + resultWants > total && formWants > total / 2)
            form = resultWants <= total / 2 ? total - resultWants : total / 2;
    }
    // Before a result (and while a call runs) the form takes what it needs, the empty result a strip.
    form = qBound(formLeast, form, qMax(formLeast, total - resultLeast));
    if (m_splitter->sizes().value(0) != form)
        m_splitter->setSizes({form, total - form});
}

ToolCall *ToolPanel::currentCall() const
{
    const CallRegistry::Entry *entry = shownEntry();
    return entry ? entry->running.data() : nullptr;
}

int ToolPanel::runningCount() const
{
    return m_calls.runningCount();
}

void ToolPanel::showEntry()
{
    const CallRegistry::Entry *entry = shownEntry();
    if (entry && !entry->running && entry->ended) {
        m_result->setOutcome(entry->ended->outcome);
    } else {
        m_result->clear();
    }
    updateRunState();
    updateProgress();
    refitForResult();
}

void ToolPanel::refitForResult()
{
    // The result's share follows what it holds; images and long texts settle in the background, so
    // once more a moment later. (Not on every layout change below: room given changes what is cut.)
    updateResultLeast(); // at once: a result is never laid out in the empty result's strip
    m_fit.start();
    QTimer::singleShot(300, this, [this] { m_fit.start(); });
}

void ToolPanel::updateTaskChoice()
{
    const TaskSupport support = taskSupportOf(m_tool.execution);
    {
        const QSignalBlocker blocker(m_runAsTask);
        m_runAsTask->setChecked(m_runAsTaskChoices.value(key(), false));
    }
    m_runAsTask->setVisible(m_connection && support == TaskSupport::Optional);
    m_taskNoteWanted = m_connection && support == TaskSupport::Required;
    fitRunRow();
}

void ToolPanel::fitRunRow()
{
    // The run row is one line, and the form's pane does not scroll sideways: on a narrow pane (200 %, German)
    // the shortcut hint goes first, then the task note, so that Run, Cancel, the state and Save… stay in
    // view. Both are also said in Run's tooltip and the approval.
    if (!m_runRow || !m_formContent)
        return;
    // The pane's viewport, not the content: the content is never narrower than the row it holds.
    const QMargins margins = m_formContent->layout() ? m_formContent->layout()->contentsMargins() : QMargins();
    const int room = m_formContent->parentWidget()->width() - margins.left() - margins.right();
    const auto rowWidth = [this](bool hint, bool note) {
        const QList<QWidget *> always{m_run, m_runAsTask, m_cancel, m_progress, m_state, m_save};
        int width = 8; // the spacing after the hint
        int shown = 0;
        for (QWidget *widget : always) {
            if (!widget->isHidden()) {
                width += std::max(widget->minimumSizeHint().width(), widget->minimumWidth());
                ++shown;
            }
        }
        for (const auto &[widget, show] : {std::pair<QWidget *, bool>{m_runHint, hint}, {m_taskNote, note}}) {
            if (show) {
                width += widget->sizeHint().width();
                ++shown;
            }
        }
        return width + std::max(0, shown - 1) * m_runRow->spacing();
    };
    const bool hint = rowWidth(true, m_taskNoteWanted) <= room;
    const bool note = m_taskNoteWanted && rowWidth(false, true) <= room;
    m_runHint->setVisible(hint);
    m_taskNote->setVisible(note);
}

void ToolPanel::updateUrlStep()
{
    const CallRegistry::Entry *entry = shownEntry();
    const bool show = entry && !entry->running && entry->ended && (!entry->awaitedSteps.isEmpty() || entry->stepsCompleted);
    m_urlStep->setVisible(show);
    if (!show)
        return;
    const QString server = m_connection ? m_connection->name() : QString();
    m_urlStepText->setText(entry->awaitedSteps.isEmpty()
        ? tr("%1 reports that the step in the browser is complete. Run the call again to continue.").arg(server)
        : tr("%1 needs you to finish a step in your browser before this call can run; the link is in the window it "
             "opened. When you have finished there, run the call again.").arg(server));
    m_runAgain->setEnabled(m_run->isEnabled());
}

void ToolPanel::updateRunState()
{
    ToolCall *call = currentCall();
    const bool ready = m_connection && m_connection->status() == ServerConnection::Status::Ready && m_connection->session();
    // Not before the form has its fields: until then it has not got the schema's defaults.
    m_run->setEnabled(ready && !call && !m_tool.name.isEmpty() && m_pipeline && !m_form->isPreparing());
    m_run->setToolTip(ready ? tr("Run the tool with these arguments (Ctrl+Enter). You confirm before anything is sent.")
                            : tr("The server is not connected."));
    m_cancel->setVisible(call != nullptr);
    m_cancel->setToolTip(call && call->task() ? tr("Ask the server to cancel this task") : tr("Ask the server to stop this call"));
    m_runAsTask->setEnabled(!call);
    m_progress->setVisible(call != nullptr);
    fitRunRow(); // Cancel and the progress take room in the row while a call runs
    if (call && !m_tick.isActive())
        m_tick.start();
    const CallRegistry::Entry *entry = shownEntry();
    m_save->setEnabled(!call && answered(entry));
    if (!call) {
        m_state->setText(entry && entry->ended ? describe(entry->ended->outcome)
                         : ready               ? QString()
                         : m_connection        ? m_connection->statusText()
                                               : QString());
    }
    updateUrlStep();
    m_connections->setText(entry && !entry->connections.isEmpty()
                               ? tr("Connections: %1").arg(entry->connections.join(QStringLiteral(", ")))
                               : QString());
    m_connections->setVisible(!m_connections->text().isEmpty());
}

void ToolPanel::updateProgress()
{
    const CallRegistry::Entry *shown = shownEntry();
    if (!shown || !shown->running) {
        if (runningCount() == 0)
            m_tick.stop();
        return;
    }
    const CallRegistry::Entry &entry = *shown;
    // Whole seconds while it runs: a tenth ticking four times a second is only noise.
    const qint64 ms = entry.elapsed.isValid() ? entry.elapsed.elapsed() : 0;
    const QString seconds = ms < 60000 ? tr("%1 s").arg(ms / 1000) : DisplayText::duration(ms / 1000 * 1000);
    QString text;
    QString detail; // for the tooltip only
    if (const std::optional<Task> &task = entry.running->task()) {
        // The server's words, as plain text on one line; its id only in the tooltip (it is only to tell
        // tasks apart, and the person knows this one as the tool's).
        text = tr("Running as a task: %1").arg(Task::describeStatus(task->status));
        detail = tr("Task id: %1").arg(task->taskId.left(300));
        if (const QString said = task->statusMessage.simplified(); !said.isEmpty())
            text = tr("%1 — %2").arg(text, said.left(200));
        const std::optional<double> fraction = entry.progress ? entry.progress->fraction() : std::nullopt;
        if (fraction) {
            m_progress->setRange(0, 1000);
            m_progress->setValue(int(*fraction * 1000));
            text = tr("%1 · %2%").arg(text).arg(int(*fraction * 100));
        } else {
            m_progress->setRange(0, 0);
        }
        if (const QString note = entry.progress ? entry.progress->message.simplified() : QString();
            !note.isEmpty() && note != task->statusMessage.simplified())
            text = tr("%1 · %2").arg(text, note.left(200));
        text = tr("%1 · %2").arg(text, seconds);
    } else if (entry.running->stage() == ToolCall::Stage::AwaitingApproval) {
        text = tr("Waiting for your approval…");
        m_progress->setRange(0, 0);
    } else if (entry.progress && entry.progress->fraction()) {
        m_progress->setRange(0, 1000);
        m_progress->setValue(int(*entry.progress->fraction() * 1000));
        text = entry.progress->message.isEmpty()
            ? tr("%1% · %2").arg(int(*entry.progress->fraction() * 100)).arg(seconds)
            : tr("%1 · %2").arg(entry.progress->message.simplified().left(200), seconds);
    } else {
        m_progress->setRange(0, 0);
        text = entry.progress && !entry.progress->message.isEmpty()
            ? tr("%1 · %2").arg(entry.progress->message.simplified().left(200), seconds)
            : tr("Running… %1").arg(seconds);
    }
    m_state->setText(m_state->fontMetrics().elidedText(text, Qt::ElideRight, qMax(80, m_state->width())));
    m_state->setToolTip(ViewerFormat::toolTip(detail.isEmpty() ? text : text + u'\n' + detail));
}

void ToolPanel::run()
{
    if (!m_run->isEnabled() || !m_connection || !m_pipeline)
        return;
    // Required fields left empty are said from now on, not only when touched.
    m_form->showAllProblems();
    const QJsonObject arguments = m_form->arguments();
    if (m_history)
        m_history->remember(m_connection->name(), m_tool.name, arguments);
    startCall(arguments, m_form->argumentOrder());
}

void ToolPanel::runAgain()
{
    const CallRegistry::Entry *entry = shownEntry();
    if (!m_run->isEnabled() || !m_connection || !m_pipeline || !entry || !entry->ended)
        return;
    startCall(entry->ended->outcome.sentArguments, entry->ended->outcome.sentArgumentOrder);
}

void ToolPanel::startCall(const QJsonObject &arguments, const JsonKeyOrder &order)
{
    if (!m_connection->readySession())
        return;
    if (!m_heardConnections.contains(m_connection)) {
        m_heardConnections.removeAll(nullptr);
        m_heardConnections.append(m_connection);
        connect(m_connection, &ServerConnection::networkConnection, this,
                [this, name = m_connection->name()](const SandboxConnection &connection) { m_calls.connectionMade(name, connection.text()); });
    }
    ToolCall *call = m_pipeline->call(m_connection, m_tool.name, arguments, CallInitiator::Gui, this, order);
    if (taskSupportOf(m_tool.execution) == TaskSupport::Optional)
        call->setRunAsTask(m_runAsTask->isChecked());
    m_appCallIds.remove(key());
    m_calls.track(call, arguments);
    // The app comes up as soon as the call is on its way (approved), and gets the result when it arrives.
    connect(call, &ToolCall::stageChanged, this, [this, call](ToolCall::Stage stage) {
        if (stage == ToolCall::Stage::Running && call == currentCall())
            startApp(call);
    });

    m_result->clear();
    if (m_app)
        m_app->closeApp(QStringLiteral("the tool runs again"));
    updateRunState();
    updateProgress();
}

void ToolPanel::cancel()
{
    if (ToolCall *call = currentCall())
        call->cancel();
}

void ToolPanel::onChanged(const QString &serverName, const QString &toolName)
{
    if (!m_connection || serverName != m_connection->name() || toolName != m_tool.name)
        return;
    updateRunState();
    updateProgress();
}

void ToolPanel::onEnded(const QString &serverName, const QString &toolName, ToolCall *call)
{
    const ToolCallOutcome &outcome = call->outcome();
    emit message(tr("%1 on %2: %3").arg(toolName, serverName, describe(outcome)));
    const CallRegistry::Entry *entry = m_calls.find(serverName, toolName);
    if (!entry || !entry->ended || entry->ended->id != call->id())
        return; // a newer call of the tool was started meanwhile
    const bool shown = m_connection && serverName == m_connection->name() && toolName == m_tool.name;
    // Arguments changed in the confirmation dialog were what the server got: they become the
    // form's (unless the person typed something else meanwhile) and the ones remembered.
    using Kind = ToolCallOutcome::Kind;
    if (outcome.kind != Kind::Denied && outcome.kind != Kind::InvalidArguments && outcome.sentArguments != entry->requested) {
        if (m_history)
            m_history->remember(serverName, toolName, outcome.sentArguments);
        if (shown && m_form->arguments() == entry->requested)
            m_form->setArguments(outcome.sentArguments);
    }
    if (!shown)
        return;
    m_result->setOutcome(outcome);
    if (m_app && m_appCallIds.value(key()) == call->id()) {
        if (outcome.kind == Kind::Succeeded || outcome.kind == Kind::ToolError)
            m_app->setResult(outcome.result);
        else
            m_app->setCancelled(outcome.error.message.isEmpty() ? describe(outcome) : outcome.error.message);
    }
    updateRunState();
    refitForResult();
}

} // namespace Toolgate

#include "moc_toolpanel.cpp"
