#pragma once

#include "core/calls/toolcall.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <optional>

namespace Toolgate {

/// The newest call of each tool a front end started, as it shows them: the call while it runs (its
/// progress, how long it has run), then the record of how it ended. The last maxTools tools are kept;
/// a running call is never dropped. A window that shows one tool at a time asks here what to show for
/// the tool it shows, and hears when that changed.
class CallRegistry final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CallRegistry)
public:
    static constexpr int maxTools = 50;

    struct Entry
    {
        /// The call while it runs.
        QPointer<ToolCall> running;
        /// The last call of the tool, once it ended.
        std::optional<ToolCallRecord> ended;
        std::optional<ProgressUpdate> progress;
        /// Since the call started.
        QElapsedTimer elapsed;
        /// The arguments the call was started with (the person may edit what is sent as they decide).
        QJsonObject requested;
        /// The browser steps of a -32042 outcome the server has not yet reported complete,
        QStringList awaitedSteps;
        /// and whether it reported them all.
        bool stepsCompleted = false;
        /// The connections the server asked its sandbox's proxy for while the call ran, in order, as
        /// shown beside the result: "api.example.com:443 (allowed)" (issue 32).
        QStringList connections;
    };

    explicit CallRegistry(QObject *parent = nullptr);
    /// Calls still running are cancelled (the servers stop working for nobody), except those the
    /// server runs as tasks: the TaskRegistry follows them on.
    ~CallRegistry() override;

    /// Makes call the newest of its tool (requested: the arguments it was started with). The call is
    /// deleted (later) once it ended; its record stays.
    void track(ToolCall *call, const QJsonObject &requested);
    /// The tool's entry, or null when none of its calls is known.
    const Entry *find(const QString &serverName, const QString &toolName) const;
    /// How many calls of any tool run.
    int runningCount() const;
    /// The server reported the browser step elicitationId complete (notifications/elicitation/complete).
    void stepCompleted(const QString &serverName, const QString &elicitationId);
    /// The server asked its sandbox's proxy for a connection (text: SandboxConnection::text()): it goes
    /// with each call of the server that runs now.
    void connectionMade(const QString &serverName, const QString &text);

signals:
    /// The tool's entry changed: a new call, a task's status, a stage, a step, the end.
    void changed(const QString &serverName, const QString &toolName);
    /// The running call of the tool reported progress (Entry::progress). Apart from changed(): a server
    /// may report progress hundreds of times a second, and only what shows it needs to hear of it.
    void progressed(const QString &serverName, const QString &toolName);
    /// The call ended; its record is in the entry now, and call is deleted after this returns.
    void ended(const QString &serverName, const QString &toolName, Toolgate::ToolCall *call);
    void runningCountChanged(int count);

private:
    using Key = std::pair<QString, QString>; // server, tool
    void onEnded(const Key &key, ToolCall *call);

    QHash<Key, Entry> m_entries;
    QList<Key> m_recent; // oldest first
};

} // namespace Toolgate
