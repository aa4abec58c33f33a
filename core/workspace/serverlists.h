#pragma once

#include "core/common/result.h"
#include "core/protocol/prompt.h"
#include "core/protocol/resource.h"
#include "core/protocol/tool.h"

#include <QList>
#include <QObject>
#include <QPointer>

#include <optional>

namespace Toolgate {

class ClientSession;
class ServerConsole;

/// The latest tool, resource and prompt lists of one server — the only copy the app keeps —
/// fetched from its session when asked and again on each list_changed. One list request of a
/// kind runs at a time: notifications that arrive meanwhile ask for one more refresh when it is
/// done, so a server that floods them costs a request per answer, not one per notification.
class ServerLists final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ServerLists)
public:
    /// Failures to list are noted on console.
    explicit ServerLists(ServerConsole &console, QObject *parent = nullptr);

    /// The session the lists come from (null: none); answers of an earlier one are ignored, and
    /// refreshes under way are forgotten.
    void setSession(ClientSession *session);

    /// Re-fetches what the server offers of each kind.
    void refreshAll();
    void refreshTools();
    void refreshResources();
    void refreshPrompts();
    /// Empties every list (the server is gone).
    void clear();
    /// Keeps a tools list that someone else asked from session, when it is still the lists' session.
    void adoptTools(const ClientSession *session, const QList<Tool> &tools);

    QList<Tool> tools() const { return m_tools; }
    QList<Resource> resources() const { return m_resources; }
    QList<ResourceTemplate> resourceTemplates() const { return m_templates; }
    QList<Prompt> prompts() const { return m_prompts; }
    /// The listed tool of that name; nullopt also when the server lists different tools under it.
    std::optional<Tool> tool(const QString &name) const;

signals:
    void toolsChanged();
    void resourcesChanged();
    void promptsChanged();

private:
    struct Refresh
    {
        int running = 0;
        bool again = false;
    };
    bool beginRefresh(Refresh &refresh, int requests);
    void endRefresh(Refresh &refresh, void (ServerLists::*rerun)());
    /// Takes one answer of a list request: false when it is from a replaced session.
    template <typename T>
    bool take(const QPointer<ClientSession> &from, Refresh &refresh, void (ServerLists::*rerun)(), const QString &failure,
              const Result<QList<T>> &result, QList<T> &list);

    ServerConsole &m_console;
    QPointer<ClientSession> m_session;
    QList<Tool> m_tools;
    QList<Resource> m_resources;
    QList<ResourceTemplate> m_templates;
    QList<Prompt> m_prompts;
    Refresh m_toolsRefresh;
    Refresh m_resourcesRefresh;
    Refresh m_promptsRefresh;
};

} // namespace Toolgate
