#include "app/cli/taskstatusline.h"
#include "app/cli/clitext.h"

#include "app/cli/console.h"

namespace Toolgate {

namespace {

// A status message longer than this is cut: the line is a glance, not the server's essay.
constexpr qsizetype maxMessageLength = 200;

QString shortLine(const QString &untrusted)
{
    QString text = Console::sanitizedLine(untrusted.simplified());
    if (text.size() > maxMessageLength)
        text = text.left(maxMessageLength - 1) + QChar(0x2026);
    return text;
}

} // namespace

TaskStatusLine::TaskStatusLine(QString label, bool terminal)
    : m_label(std::move(label))
    , m_terminal(terminal)
{
}

void TaskStatusLine::update(const Task &task)
{
    m_task = task;
    show();
}

void TaskStatusLine::progress(const ProgressUpdate &update)
{
    m_progress = update;
    show();
}

void TaskStatusLine::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    if (m_terminal)
        Console::clearStatusLine();
}

QString TaskStatusLine::describe(const Task &task, const std::optional<ProgressUpdate> &progress)
{
    QString line = Task::describeStatus(task.status);
    if (!task.statusMessage.trimmed().isEmpty())
        line += QStringLiteral(": ") + shortLine(task.statusMessage);
    if (progress) {
        QString amount = QString::number(progress->progress);
        if (progress->total)
            amount += u'/' + QString::number(*progress->total);
        line += Cli::tr(" (progress %1)").arg(amount);
        if (!progress->message.trimmed().isEmpty())
            line += u' ' + shortLine(progress->message);
    }
    return line;
}

void TaskStatusLine::show()
{
    if (m_finished || !m_task)
        return;
    const QString line = m_label + QStringLiteral(": ") + describe(*m_task, m_progress);
    // Polls repeat the same state: each change is shown once.
    if (line == m_shown)
        return;
    m_shown = line;
    if (m_terminal)
        Console::statusLine(line);
    else
        Console::err(line + u'\n');
}

} // namespace Toolgate
