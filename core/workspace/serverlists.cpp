#include "core/workspace/serverlists.h"

#include "core/calls/toolpin.h"
#include "core/client/clientsession.h"
#include "core/workspace/serverconsole.h"

#include <QCoreApplication>

#include <algorithm>

namespace Toolgate {

ServerLists::ServerLists(ServerConsole &console, QObject *parent)
    : QObject(parent)
    , m_console(console)
{
}

void ServerLists::setSession(ClientSession *session)
{
    m_toolsRefresh = {};
    m_resourcesRefresh = {};
    m_promptsRefresh = {};
    m_session = session;
}

void ServerLists::refreshAll()
{
    refreshTools();
    refreshResources();
    refreshPrompts();
}

void ServerLists::clear()
{
    const bool hadTools = !m_tools.isEmpty();
    const bool hadResources = !m_resources.isEmpty() || !m_templates.isEmpty();
    const bool hadPrompts = !m_prompts.isEmpty();
    m_tools.clear();
    m_resources.clear();
    m_templates.clear();
    m_prompts.clear();
    if (hadTools)
        emit toolsChanged();
    if (hadResources)
        emit resourcesChanged();
    if (hadPrompts)
        emit promptsChanged();
}

void ServerLists::adoptTools(const ClientSession *session, const QList<Tool> &tools)
{
    if (session != m_session)
        return;
    m_tools = tools;
    emit toolsChanged();
}

std::optional<Tool> ServerLists::tool(const QString &name) const
{
    const auto it = std::find_if(m_tools.cbegin(), m_tools.cend(), [&](const Tool &tool) { return tool.name == name; });
    // Listed twice with different definitions: no one of them is "the" tool (the pipeline, asking
    // the server again, refuses to call it and says why).
    if (it == m_tools.cend() || ToolPin::differentDefinitions(m_tools, name) > 0)
        return std::nullopt;
    return *it;
}

/// Starts a refresh unless one is running (then it runs once more afterwards); false: skip it.
bool ServerLists::beginRefresh(Refresh &refresh, int requests)
{
    if (refresh.running > 0) {
        refresh.again = true;
        return false;
    }
    refresh.running = requests;
    refresh.again = false;
    return true;
}

/// One request of a refresh answered; when the last is, a refresh asked for meanwhile runs.
void ServerLists::endRefresh(Refresh &refresh, void (ServerLists::*rerun)())
{
    if (--refresh.running > 0)
        return;
    refresh.running = 0;
    if (std::exchange(refresh.again, false))
        (this->*rerun)();
}

template <typename T>
bool ServerLists::take(const QPointer<ClientSession> &from, Refresh &refresh, void (ServerLists::*rerun)(),
                       const QString &failure, const Result<QList<T>> &result, QList<T> &list)
{
    if (from != m_session)
        return false; // an answer from a session we already replaced
    endRefresh(refresh, rerun);
    if (!result) {
        m_console.note(failure.arg(result.error().message));
        return false;
    }
    list = result.value();
    return true;
}

// The texts keep ServerConnection's translation context: they came from there, with their translations.
void ServerLists::refreshTools()
{
    if (!m_session || !m_session->isReady() || !m_session->serverCapabilities().tools || !beginRefresh(m_toolsRefresh, 1))
        return;
    QPointer<ClientSession> s(m_session);
    m_session->listTools(this, [this, s](const Result<QList<Tool>> &result) {
        const QString failure = QCoreApplication::translate("Toolgate::ServerConnection", "listing tools failed: %1");
        if (take(s, m_toolsRefresh, &ServerLists::refreshTools, failure, result, m_tools))
            emit toolsChanged();
    });
}

void ServerLists::refreshResources()
{
    if (!m_session || !m_session->isReady() || !m_session->serverCapabilities().resources
        || !beginRefresh(m_resourcesRefresh, 2))
        return;
    QPointer<ClientSession> s(m_session);
    m_session->listResources(this, [this, s](const Result<QList<Resource>> &result) {
        const QString failure = QCoreApplication::translate("Toolgate::ServerConnection", "listing resources failed: %1");
        if (take(s, m_resourcesRefresh, &ServerLists::refreshResources, failure, result, m_resources))
            emit resourcesChanged();
    });
    m_session->listResourceTemplates(this, [this, s](const Result<QList<ResourceTemplate>> &result) {
        const QString failure =
            QCoreApplication::translate("Toolgate::ServerConnection", "listing resource templates failed: %1");
        if (take(s, m_resourcesRefresh, &ServerLists::refreshResources, failure, result, m_templates))
            emit resourcesChanged();
    });
}

void ServerLists::refreshPrompts()
{
    if (!m_session || !m_session->isReady() || !m_session->serverCapabilities().prompts || !beginRefresh(m_promptsRefresh, 1))
        return;
    QPointer<ClientSession> s(m_session);
    m_session->listPrompts(this, [this, s](const Result<QList<Prompt>> &result) {
        const QString failure = QCoreApplication::translate("Toolgate::ServerConnection", "listing prompts failed: %1");
        if (take(s, m_promptsRefresh, &ServerLists::refreshPrompts, failure, result, m_prompts))
            emit promptsChanged();
    });
}

} // namespace Toolgate
