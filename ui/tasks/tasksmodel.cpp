#include "ui/tasks/tasksmodel.h"

#include "ui/models/icons.h"
#include "ui/models/modeltext_p.h"
#include "core/common/displaytext.h"

#include <QDateTime>
#include <QLocale>

namespace Toolgate {

namespace {

constexpr int shortIdLength = 8;

QString startedText(const QDateTime &startedAt)
{
    if (!startedAt.isValid())
        return {};
    const QDateTime local = startedAt.toLocalTime();
    const QLocale locale;
    // Today's tasks by their time alone; older ones (a long session) with the date.
    return local.date() == QDate::currentDate() ? locale.toString(local.time(), QLocale::ShortFormat)
                                                : locale.toString(local, QLocale::ShortFormat);
}

} // namespace

TasksModel::TasksModel(TaskRegistry *registry, QObject *parent)
    : QAbstractTableModel(parent)
    , m_registry(registry)
{
    m_ticker.setInterval(1000);
    connect(&m_ticker, &QTimer::timeout, this, &TasksModel::tick);
    if (registry) {
        connect(registry, &TaskRegistry::entryAdded, this, &TasksModel::added);
        connect(registry, &TaskRegistry::entryChanged, this, &TasksModel::changed);
        connect(registry, &TaskRegistry::entryRemoved, this, &TasksModel::removed);
        connect(registry, &QObject::destroyed, this, [this] {
            beginResetModel();
            m_rows.clear();
            endResetModel();
            updateTicker();
            emit runningCountChanged();
        });
    }
    reload();
}

TasksModel::~TasksModel() = default;

void TasksModel::reload()
{
    beginResetModel();
    m_rows = m_registry ? m_registry->entries() : QList<TaskRegistry::Entry>();
    endResetModel();
    updateTicker();
}

std::optional<TaskRegistry::Entry> TasksModel::entryAt(int row) const
{
    if (row < 0 || row >= m_rows.size())
        return std::nullopt;
    return m_rows.at(row);
}

int TasksModel::rowOf(quint64 callId) const
{
    for (int row = 0; row < m_rows.size(); ++row) {
        if (m_rows.at(row).callId == callId)
            return row;
    }
    return -1;
}

int TasksModel::runningCount(const QString &serverName) const
{
    int count = 0;
    for (const TaskRegistry::Entry &entry : m_rows) {
        if (!entry.finished && (serverName.isEmpty() || entry.server.name == serverName))
            ++count;
    }
    return count;
}

void TasksModel::added(quint64 callId)
{
    if (!m_registry || rowOf(callId) >= 0)
        return;
    const std::optional<TaskRegistry::Entry> entry = m_registry->entry(callId);
    if (!entry)
        return;
    // The registry lists newest first; a new entry is the newest.
    beginInsertRows({}, 0, 0);
    m_rows.prepend(*entry);
    endInsertRows();
    updateTicker();
    emit runningCountChanged();
}

void TasksModel::changed(quint64 callId)
{
    const int row = rowOf(callId);
    if (row < 0) {
        added(callId);
        return;
    }
    const std::optional<TaskRegistry::Entry> entry = m_registry ? m_registry->entry(callId) : std::nullopt;
    if (!entry) {
        removed(callId);
        return;
    }
    const bool wasRunning = !m_rows.at(row).finished;
    m_rows[row] = *entry;
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    if (wasRunning != !entry->finished) {
        updateTicker();
        emit runningCountChanged();
    }
}

void TasksModel::removed(quint64 callId)
{
    const int row = rowOf(callId);
    if (row < 0)
        return;
    const bool wasRunning = !m_rows.at(row).finished;
    beginRemoveRows({}, row, row);
    m_rows.removeAt(row);
    endRemoveRows();
    if (wasRunning) {
        updateTicker();
        emit runningCountChanged();
    }
}

void TasksModel::tick()
{
    for (int row = 0; row < m_rows.size(); ++row) {
        if (!m_rows.at(row).finished)
            emit dataChanged(index(row, DurationColumn), index(row, DurationColumn), {Qt::DisplayRole});
    }
}

void TasksModel::updateTicker()
{
    if (runningCount() > 0)
        m_ticker.start();
    else
        m_ticker.stop();
}

qint64 TasksModel::durationMs(const TaskRegistry::Entry &entry) const
{
    if (!entry.startedAt.isValid())
        return 0;
    if (!entry.finished)
        return qMax<qint64>(0, entry.startedAt.msecsTo(QDateTime::currentDateTimeUtc()));
    if (entry.outcome && entry.outcome->durationMs > 0)
        return entry.outcome->durationMs;
    const QDateTime end = entry.task.lastUpdatedAt.isValid() ? entry.task.lastUpdatedAt
                          : entry.events.isEmpty()            ? entry.startedAt
                                                              : entry.events.constLast().at;
    return qMax<qint64>(0, entry.startedAt.msecsTo(end));
}

QString TasksModel::shortTaskId(const QString &taskId)
{
    const QString simple = taskId.simplified();
    return simple.size() <= shortIdLength + 1 ? simple : simple.left(shortIdLength) + QChar(0x2026);
}

QString TasksModel::statusText(const TaskRegistry::Entry &entry)
{
    if (!entry.finished || !entry.outcome || entry.task.isTerminal()) {
        if (entry.finished && entry.outcome && entry.outcome->kind == ToolCallOutcome::Kind::ToolError)
            return tr("completed, the tool reported an error");
        return Task::describeStatus(entry.task.status);
    }
    // Ended without the task saying so (Toolgate stopped following it, the server went away).
    switch (entry.outcome->kind) {
    case ToolCallOutcome::Kind::Succeeded: return Task::describeStatus(Task::Status::Completed);
    case ToolCallOutcome::Kind::ToolError: return tr("completed, the tool reported an error");
    case ToolCallOutcome::Kind::Cancelled: return Task::describeStatus(Task::Status::Cancelled);
    case ToolCallOutcome::Kind::Failed:
    case ToolCallOutcome::Kind::Denied:
    case ToolCallOutcome::Kind::InvalidArguments:
    case ToolCallOutcome::Kind::Pending: break;
    }
    return Task::describeStatus(Task::Status::Failed);
}

QString TasksModel::messageText(const TaskRegistry::Entry &entry)
{
    if (entry.finished && entry.outcome && entry.outcome->kind == ToolCallOutcome::Kind::Failed
        && !entry.outcome->error.message.isEmpty())
        return entry.outcome->error.message;
    // Once it has a result, the result says more than the server's last word on its progress.
    if (entry.finished && entry.outcome
        && (entry.outcome->kind == ToolCallOutcome::Kind::Succeeded || entry.outcome->kind == ToolCallOutcome::Kind::ToolError)) {
        if (const QString summary = entry.outcome->result.textSummary().trimmed(); !summary.isEmpty())
            return summary;
    }
    if (!entry.task.statusMessage.isEmpty())
        return entry.task.statusMessage;
    return entry.events.isEmpty() ? QString() : entry.events.constLast().message;
}

int TasksModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int TasksModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TasksModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const TaskRegistry::Entry &entry = m_rows.at(index.row());
    switch (role) {
    case CallIdRole: return QVariant::fromValue<qulonglong>(entry.callId);
    case ServerNameRole: return entry.server.name;
    case RunningRole: return !entry.finished;
    case StatusRole: return int(entry.task.status);
    case OutcomeKindRole: return int(entry.outcome ? entry.outcome->kind : ToolCallOutcome::Kind::Pending);
    default: break;
    }
    const int column = index.column();
    if (role == Qt::DisplayRole) {
        switch (column) {
        case ToolColumn: return ModelText::oneLine(entry.tool.displayName(), 120);
        case TaskIdColumn: return shortTaskId(entry.task.taskId);
        case StatusColumn: return statusText(entry);
        case MessageColumn: return ModelText::oneLine(messageText(entry));
        case StartedColumn: return startedText(entry.startedAt);
        case DurationColumn: {
            const qint64 ms = durationMs(entry);
            // Whole seconds while it runs: tenths ticking by are only noise.
            return entry.finished ? DisplayText::duration(ms)
                 : ms < 60000     ? tr("%1 s").arg(ms / 1000)
                                  : DisplayText::duration(ms / 1000 * 1000);
        }
        default: return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (column) {
        case ToolColumn:
            return QString(u"<p><b>" + ModelText::tooltipText(entry.tool.displayName(), 200) + u"</b> <code>"
                           + ModelText::tooltipText(entry.tool.name, 200) + u"</code><br>"
                           + tr("on %1").arg(ModelText::tooltipText(entry.server.name, 200)) + u"<br>"
                           + tr("Task id: %1").arg(u"<code>" + ModelText::tooltipText(entry.task.taskId, 300) + u"</code>") + u"</p>");
        case TaskIdColumn: return QString(u"<p><code>" + ModelText::tooltipText(entry.task.taskId, 300) + u"</code></p>");
        case MessageColumn:
        case StatusColumn: {
            const QString message = messageText(entry);
            return message.isEmpty() ? QVariant() : QVariant(QString(u"<p>" + ModelText::tooltipText(message) + u"</p>"));
        }
        case StartedColumn:
            return entry.startedAt.isValid() ? QLocale().toString(entry.startedAt.toLocalTime(), QLocale::LongFormat) : QString();
        default: return {};
        }
    }
    if (role == Qt::DecorationRole && column == StatusColumn) {
        if (!entry.finished)
            return Icons::status(entry.task.status == Task::Status::InputRequired ? ServerConnection::Status::Restarting
                                                                                    : ServerConnection::Status::Starting);
        const ToolCallOutcome::Kind kind = entry.outcome ? entry.outcome->kind : ToolCallOutcome::Kind::Failed;
        switch (kind) {
        case ToolCallOutcome::Kind::Succeeded: return Icons::status(ServerConnection::Status::Ready);
        case ToolCallOutcome::Kind::Cancelled: return Icons::status(ServerConnection::Status::Stopped);
        default: return Icons::status(ServerConnection::Status::Failed);
        }
    }
    if (role == Qt::TextAlignmentRole && column == DurationColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant TasksModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ToolColumn: return tr("Tool");
    case TaskIdColumn: return tr("Task");
    case StatusColumn: return tr("Status");
    case MessageColumn: return tr("Message");
    case StartedColumn: return tr("Started");
    case DurationColumn: return tr("Duration");
    default: return {};
    }
}

} // namespace Toolgate

#include "moc_tasksmodel.cpp"
