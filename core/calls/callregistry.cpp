#include "core/calls/callregistry.h"

namespace Toolgate {

CallRegistry::CallRegistry(QObject *parent)
    : QObject(parent)
{
}

CallRegistry::~CallRegistry()
{
    for (Entry &entry : m_entries) {
        if (!entry.running)
            continue;
        entry.running->disconnect(this);
        if (!entry.running->task())
            entry.running->cancel(QStringLiteral("Toolgate is closing"));
    }
}

void CallRegistry::track(ToolCall *call, const QJsonObject &requested)
{
    // Named as the caller asked: a call that fails before its tool is known keeps the name it was given.
    const Key key{call->server().name, call->tool().name};
    Entry &entry = m_entries[key];
    entry = Entry{}; // an older call of the tool still running ends unshown (onEnded() deletes it)
    entry.running = call;
    entry.requested = requested;
    entry.elapsed.start();
    m_recent.removeAll(key);
    m_recent.append(key);
    for (qsizetype i = 0; m_recent.size() > maxTools && i < m_recent.size();) {
        if (m_entries.value(m_recent.at(i)).running) {
            ++i;
            continue;
        }
        m_entries.remove(m_recent.takeAt(i));
    }

    const auto notify = [this, key] { emit changed(key.first, key.second); };
    connect(call, &ToolCall::progress, this, [this, key](const ProgressUpdate &update) {
        const auto it = m_entries.find(key);
        if (it == m_entries.end())
            return;
        it->progress = update;
        emit progressed(key.first, key.second);
    });
    connect(call, &ToolCall::taskChanged, this, notify);
    connect(call, &ToolCall::stageChanged, this, notify);
    connect(call, &ToolCall::finished, this, [this, key, call] { onEnded(key, call); });
    emit changed(key.first, key.second);
    emit runningCountChanged(runningCount());
}

const CallRegistry::Entry *CallRegistry::find(const QString &serverName, const QString &toolName) const
{
    const auto it = m_entries.constFind(Key{serverName, toolName});
    return it == m_entries.cend() ? nullptr : &*it;
}

int CallRegistry::runningCount() const
{
    int count = 0;
    for (const Entry &entry : m_entries)
        count += entry.running ? 1 : 0;
    return count;
}

void CallRegistry::stepCompleted(const QString &serverName, const QString &elicitationId)
{
    for (auto it = m_entries.begin(); it != m_entries.end(); ++it) {
        if (it.key().first != serverName || !it->awaitedSteps.removeAll(elicitationId))
            continue;
        if (it->awaitedSteps.isEmpty())
            it->stepsCompleted = true;
        emit changed(it.key().first, it.key().second);
    }
}

void CallRegistry::connectionMade(const QString &serverName, const QString &text)
{
    for (auto it = m_entries.begin(); it != m_entries.end(); ++it) {
        if (it.key().first != serverName || !it->running)
            continue;
        it->connections.append(text);
        emit changed(it.key().first, it.key().second);
    }
}

void CallRegistry::onEnded(const Key &key, ToolCall *call)
{
    const auto it = m_entries.find(key);
    if (it != m_entries.end() && it->running == call) {
        it->running = nullptr;
        it->ended = call->record();
        for (const UrlElicitation &step : call->outcome().urlElicitations)
            it->awaitedSteps.append(step.elicitationId);
    }
    emit ended(key.first, key.second, call);
    call->deleteLater();
    emit changed(key.first, key.second);
    emit runningCountChanged(runningCount());
}

} // namespace Toolgate

#include "moc_callregistry.cpp"
