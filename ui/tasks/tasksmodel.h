#pragma once

#include "core/calls/taskregistry.h"

#include <QAbstractTableModel>
#include <QList>
#include <QPointer>
#include <QTimer>

#include <optional>

namespace Toolgate {

/// The calls that became tasks (TaskRegistry), newest first, one row each: what the Tasks view lists.
/// Rows follow the registry as tasks start, change and are forgotten; the duration of running ones
/// ticks each second. Filter by server with a QSortFilterProxyModel on ServerNameRole.
class TasksModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TasksModel)
public:
    enum Column { ToolColumn, TaskIdColumn, StatusColumn, MessageColumn, StartedColumn, DurationColumn, ColumnCount };
    enum Role {
        CallIdRole = Qt::UserRole, ///< ToolCall::id(), as qulonglong
        ServerNameRole,            ///< the server's configured name
        RunningRole,               ///< bool: the task has not ended yet
        StatusRole,                ///< Task::Status, as int
        OutcomeKindRole,           ///< ToolCallOutcome::Kind once finished, as int; Pending while running
    };

    /// registry is not owned and may go first (the model then empties).
    explicit TasksModel(TaskRegistry *registry, QObject *parent = nullptr);
    ~TasksModel() override;

    TaskRegistry *registry() const { return m_registry; }
    /// The registry's entry of the row, as last reported.
    std::optional<TaskRegistry::Entry> entryAt(int row) const;
    /// The row of the call, or -1.
    int rowOf(quint64 callId) const;
    /// How many of serverName's tasks run (every server's when empty).
    int runningCount(const QString &serverName = {}) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// The entry's state in words ("working", "completed", "cancelled", ...).
    static QString statusText(const TaskRegistry::Entry &entry);
    /// The server's latest word on it; once it ended, the start of its result or why there is none.
    /// Plain text, not yet shortened.
    static QString messageText(const TaskRegistry::Entry &entry);
    /// The first characters of a task id: enough to tell tasks apart on screen.
    static QString shortTaskId(const QString &taskId);

signals:
    /// A task started or ended.
    void runningCountChanged();

private:
    void reload();
    void added(quint64 callId);
    void changed(quint64 callId);
    void removed(quint64 callId);
    void tick();
    void updateTicker();
    qint64 durationMs(const TaskRegistry::Entry &entry) const;

    QPointer<TaskRegistry> m_registry;
    QList<TaskRegistry::Entry> m_rows; // newest first, as the registry lists them
    QTimer m_ticker;
};

} // namespace Toolgate
