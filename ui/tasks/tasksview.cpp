#include "ui/tasks/tasksview.h"

#include "core/calls/taskregistry.h"
#include "ui/models/icons.h"
#include "ui/tasks/taskresultdialog.h"
#include "ui/tasks/tasksmodel.h"

#include <algorithm>

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QTreeView>
#include <QVBoxLayout>

namespace Toolgate {

TasksView::TasksView(TaskRegistry *registry, QWidget *parent)
    : QWidget(parent)
    , m_registry(registry)
    , m_model(new TasksModel(registry, this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_summary(new QLabel(this))
    , m_allServers(new QCheckBox(this))
    , m_cancel(new QPushButton(this))
    , m_open(new QPushButton(this))
    , m_forget(new QPushButton(this))
    , m_clear(new QPushButton(this))
    , m_stack(new QStackedWidget(this))
    , m_empty(new QLabel(m_stack))
    , m_buttons(new QWidget(this))
    , m_view(new QTreeView(m_stack))
{
    setObjectName(QStringLiteral("tasksView"));
    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterRole(TasksModel::ServerNameRole);
    m_proxy->setFilterKeyColumn(0);

    m_summary->setObjectName(QStringLiteral("tasksSummary"));
    m_summary->setTextFormat(Qt::PlainText);
    m_allServers->setObjectName(QStringLiteral("allServersBox"));
    m_allServers->setText(tr("All servers"));
    m_allServers->setToolTip(tr("List the tasks of every server, not only of the one selected"));

    m_cancel->setObjectName(QStringLiteral("cancelTaskButton"));
    m_cancel->setText(tr("Cancel Task"));
    m_cancel->setIcon(Icons::action(u"stop"));
    m_cancel->setToolTip(tr("Ask the server to cancel the selected task"));
    m_open->setObjectName(QStringLiteral("openTaskResultButton"));
    m_open->setText(tr("Open Result"));
    m_open->setIcon(Icons::action(u"read"));
    m_open->setToolTip(tr("Show how the selected task ended, with its result"));
    m_forget->setObjectName(QStringLiteral("forgetTaskButton"));
    m_forget->setText(tr("Forget"));
    m_forget->setIcon(Icons::action(u"remove"));
    m_forget->setToolTip(tr("Remove the selected finished task from this list (the audit log keeps it)"));
    m_clear->setObjectName(QStringLiteral("clearFinishedTasksButton"));
    m_clear->setText(tr("Clear Finished"));
    m_clear->setIcon(Icons::action(u"clear"));
    m_clear->setToolTip(tr("Remove every finished task listed here (the audit log keeps them)"));
    for (QPushButton *button : {m_cancel, m_open, m_forget, m_clear})
        button->setAutoDefault(false);

    m_view->setObjectName(QStringLiteral("tasksList"));
    m_view->setAccessibleName(tr("Tasks"));
    m_view->setModel(m_proxy);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setTextElideMode(Qt::ElideRight);
    QHeaderView *header = m_view->header();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(TasksModel::MessageColumn, QHeaderView::Stretch);
    const int em = fontMetrics().horizontalAdvance(QLatin1Char('M'));
    header->resizeSection(TasksModel::ToolColumn, em * 17);
    // Tasks go by their tool and when they started; the server's id for one is in the tool's tooltip.
    header->setSectionHidden(TasksModel::TaskIdColumn, true);
    header->resizeSection(TasksModel::StatusColumn, em * 11);
    header->resizeSection(TasksModel::StartedColumn, em * 6);
    header->resizeSection(TasksModel::DurationColumn, em * 6);

    m_empty->setObjectName(QStringLiteral("tasksEmpty"));
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    QPalette dim = m_empty->palette();
    dim.setColor(QPalette::WindowText, dim.color(QPalette::Disabled, QPalette::WindowText));
    m_empty->setPalette(dim);
    // In a dock a line or two high (200 %, a short screen) its two lines scroll instead of being cut.
    auto *emptyArea = new QScrollArea(m_stack);
    emptyArea->setFrameShape(QFrame::NoFrame);
    emptyArea->setFocusPolicy(Qt::NoFocus);
    emptyArea->setWidgetResizable(true);
    emptyArea->viewport()->setAutoFillBackground(false);
    emptyArea->setWidget(m_empty);
    m_emptyPage = emptyArea;
    m_stack->addWidget(m_emptyPage);
    m_stack->addWidget(m_view);

    auto *buttons = new QHBoxLayout(m_buttons);
    buttons->setContentsMargins(0, 0, 0, 0);
    buttons->addStretch(1); // right-aligned on a row of their own
    for (QPushButton *button : {m_cancel, m_open, m_forget, m_clear})
        buttons->addWidget(button);
    m_topRow = new QHBoxLayout;
    m_topRow->setContentsMargins(0, 0, 0, 0);
    m_topRow->addWidget(m_summary, 1);
    m_topRow->addWidget(m_allServers);
    m_topRow->addSpacing(8);
    m_topRow->addWidget(m_buttons);
    m_rows = new QVBoxLayout(this);
    m_rows->setContentsMargins(6, 4, 6, 4);
    m_rows->addLayout(m_topRow);
    m_rows->addWidget(m_stack, 1);
    // A docked view shares the window's height with the pages (issue 14: a small laptop screen at 150 %
    // must hold the whole window): a row of the list is enough when room is short, the rest scrolls.
    // The list's header and its first row: with the buttons on a row of their own (200 %, German) a
    // line's height left only the header.
    m_stack->setMinimumHeight(m_view->header()->sizeHint().height() + fontMetrics().lineSpacing() + 8);

    connect(m_allServers, &QCheckBox::toggled, this, &TasksView::updateFilter);
    connect(m_cancel, &QPushButton::clicked, this, &TasksView::cancelSelected);
    connect(m_open, &QPushButton::clicked, this, &TasksView::openSelectedResult);
    connect(m_forget, &QPushButton::clicked, this, &TasksView::forgetSelected);
    connect(m_clear, &QPushButton::clicked, this, &TasksView::clearFinished);
    connect(m_view, &QTreeView::activated, this, [this](const QModelIndex &index) {
        if (!index.data(TasksModel::RunningRole).toBool())
            openResult(index.data(TasksModel::CallIdRole).toULongLong());
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &TasksView::updateActions);
    for (const auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved}) {
        connect(m_proxy, signal, this, [this] {
            updateActions();
            updateSummary();
        });
    }
    connect(m_proxy, &QAbstractItemModel::modelReset, this, [this] {
        updateActions();
        updateSummary();
    });
    connect(m_proxy, &QAbstractItemModel::dataChanged, this, &TasksView::updateActions);
    connect(m_model, &TasksModel::runningCountChanged, this, [this] {
        updateSummary();
        emit runningCountChanged(m_model->runningCount());
    });
    updateFilter();
}

QSize TasksView::minimumSizeHint() const
{
    // The buttons below the summary (arrangeButtons()), whichever way they are arranged now: the
    // dock, and with it the window, can be as narrow as that at 200 % or in German (issue 34).
    const QMargins margins = m_rows->contentsMargins();
    const int topWidth = m_summary->minimumSizeHint().width() + m_topRow->spacing() + m_allServers->sizeHint().width();
    const int width = std::max({topWidth, m_buttons->minimumSizeHint().width(), m_stack->minimumSizeHint().width()});
    QSize size = QWidget::minimumSizeHint();
    size.setWidth(width + margins.left() + margins.right());
    return size;
}

void TasksView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    arrangeButtons();
}

void TasksView::arrangeButtons()
{
    // One row when summary, check box and buttons fit side by side; else the buttons on a row below,
    // so the last of them is not cut off at the window's edge. The width asked of the one row does
    // not depend on the arrangement, so the choice settles.
    const QMargins margins = m_rows->contentsMargins();
    const int oneRow = m_summary->sizeHint().width() + m_allServers->sizeHint().width() + m_buttons->sizeHint().width() + 8
        + 3 * m_topRow->spacing() + margins.left() + margins.right();
    const bool beside = width() >= oneRow;
    const bool isBeside = m_topRow->indexOf(m_buttons) >= 0;
    if (beside == isBeside)
        return;
    if (beside) {
        m_rows->removeWidget(m_buttons);
        m_topRow->addWidget(m_buttons);
    } else {
        m_topRow->removeWidget(m_buttons);
        m_rows->insertWidget(1, m_buttons);
    }
}

TasksView::~TasksView() = default;

void TasksView::setServer(const QString &serverName)
{
    if (serverName == m_server)
        return;
    m_server = serverName;
    updateFilter();
}

void TasksView::setAllServers(bool all)
{
    m_allServers->setChecked(all);
}

void TasksView::updateFilter()
{
    const bool all = m_allServers->isChecked() || m_server.isEmpty();
    m_proxy->setFilterRegularExpression(all ? QRegularExpression()
                                            : QRegularExpression(QRegularExpression::anchoredPattern(QRegularExpression::escape(m_server))));
    updateSummary();
    updateActions();
}

void TasksView::updateSummary()
{
    const bool all = m_allServers->isChecked() || m_server.isEmpty();
    const int listed = m_proxy->rowCount();
    const int running = m_model->runningCount(all ? QString() : m_server);
    const int finished = listed - running;
    const QString who = all ? tr("Tasks of every server") : tr("Tasks of %1").arg(m_server.left(100));
    m_summary->setText(listed == 0 ? who
                                   : tr("%1: %2 running, %3 finished").arg(who).arg(running).arg(finished));
    m_empty->setText(all ? tr("No tasks yet.\nTools that run as tasks are listed here while they run and after they finish.")
                         : tr("No tasks on %1 yet.\nTools that run as tasks are listed here while they run and after they finish.")
                               .arg(m_server.left(100)));
    m_stack->setCurrentWidget(listed == 0 ? static_cast<QWidget *>(m_emptyPage) : m_view);
}

void TasksView::updateActions()
{
    const QModelIndex current = m_view->selectionModel()->selectedRows().value(0);
    const bool selected = current.isValid();
    const bool running = selected && current.data(TasksModel::RunningRole).toBool();
    m_cancel->setEnabled(running);
    m_open->setEnabled(selected && !running);
    m_forget->setEnabled(selected && !running);
    bool anyFinished = false;
    for (int row = 0; row < m_proxy->rowCount() && !anyFinished; ++row)
        anyFinished = !m_proxy->index(row, 0).data(TasksModel::RunningRole).toBool();
    m_clear->setEnabled(anyFinished);
}

bool TasksView::selectTask(quint64 callId)
{
    const int row = m_model->rowOf(callId);
    const QModelIndex index = row < 0 ? QModelIndex() : m_proxy->mapFromSource(m_model->index(row, 0));
    if (!index.isValid())
        return false;
    m_view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_view->scrollTo(index);
    return true;
}

TaskResultDialog *TasksView::resultDialog() const
{
    return m_dialog;
}

quint64 TasksView::selectedCallId() const
{
    const QModelIndex current = m_view->selectionModel()->selectedRows().value(0);
    return current.isValid() ? current.data(TasksModel::CallIdRole).toULongLong() : 0;
}

void TasksView::cancelSelected()
{
    const quint64 callId = selectedCallId();
    if (!callId || !m_registry)
        return;
    if (m_registry->cancel(callId))
        emit message(tr("Asked the server to cancel the task."));
    else
        emit message(tr("The task has already ended; there is nothing to cancel."));
}

void TasksView::openSelectedResult()
{
    if (const quint64 callId = selectedCallId())
        openResult(callId);
}

void TasksView::openResult(quint64 callId)
{
    const std::optional<TaskRegistry::Entry> entry = m_registry ? m_registry->entry(callId) : std::nullopt;
    if (!entry || !entry->finished || !entry->outcome) {
        emit message(tr("The task has not ended yet; its result is shown once it has."));
        return;
    }
    auto *dialog = new TaskResultDialog(*entry, this);
    connect(dialog, &TaskResultDialog::resourceLinkActivated, this, &TasksView::resourceLinkActivated);
    connect(dialog, &TaskResultDialog::linkActivated, this, &TasksView::linkActivated);
    m_dialog = dialog;
    dialog->show();
}

void TasksView::forgetSelected()
{
    const quint64 callId = selectedCallId();
    if (callId && m_registry)
        m_registry->forget(callId);
}

void TasksView::clearFinished()
{
    if (!m_registry)
        return;
    QList<quint64> finished;
    for (int row = 0; row < m_proxy->rowCount(); ++row) {
        const QModelIndex index = m_proxy->index(row, 0);
        if (!index.data(TasksModel::RunningRole).toBool())
            finished.append(index.data(TasksModel::CallIdRole).toULongLong());
    }
    for (const quint64 callId : std::as_const(finished))
        m_registry->forget(callId);
}

} // namespace Toolgate

#include "moc_tasksview.cpp"
