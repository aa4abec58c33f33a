#pragma once

#include "core/protocol/progress.h"
#include "core/protocol/task.h"

#include <QString>

#include <optional>

namespace Toolgate {

/// A running task's status on stderr while toolgate-cli waits for it: one line updated in place on
/// a terminal, a plain line per change otherwise (so a log or a script sees each step once). The
/// server's words (statusMessage, progress messages) are shown as text, made safe for the terminal.
class TaskStatusLine final
{
public:
    /// label starts every line (the tool's name, or "task ID"); terminal: update one line in place.
    TaskStatusLine(QString label, bool terminal);

    /// The task's latest state (a poll, a notification).
    void update(const Task &task);
    /// A progress notification of the call the task runs.
    void progress(const ProgressUpdate &update);
    /// The task is over (or no longer followed): a terminal's status line is removed.
    void finish();

    /// The line for task and progress, as shown (without the label).
    static QString describe(const Task &task, const std::optional<ProgressUpdate> &progress);

private:
    void show();

    QString m_label;
    bool m_terminal;
    bool m_finished = false;
    std::optional<Task> m_task;
    std::optional<ProgressUpdate> m_progress;
    QString m_shown;
};

} // namespace Toolgate
