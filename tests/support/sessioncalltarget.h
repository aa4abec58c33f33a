#pragma once

// A bare ClientSession as the ToolCallPipeline's CallTarget, for tests that drive the pipeline
// without a workspace (ServerConnection is the real one).

#include "core/calls/calltarget.h"
#include "core/client/clientsession.h"

#include <QPointer>

namespace Toolgate::TestSupport {

class SessionCallTarget final : public QObject, public CallTarget
{
public:
    SessionCallTarget(ClientSession *session, ServerIdentity identity, QObject *parent = nullptr)
        : QObject(parent)
        , m_session(session)
        , m_identity(std::move(identity))
    {
    }

    QObject *targetObject() override { return this; }
    /// As ServerConnection does: the configured name and endpoint, with what the server says of itself.
    ServerIdentity identity() const override
    {
        ServerIdentity identity = m_identity;
        if (m_session && m_session->isReady())
            identity.serverInfo = m_session->serverInfo();
        return identity;
    }
    ClientSession *readySession() const override { return m_session && m_session->isReady() ? m_session.data() : nullptr; }
    std::optional<Tool> listedTool(const QString &name) const override
    {
        for (const Tool &tool : m_tools) {
            if (tool.name == name)
                return tool;
        }
        return std::nullopt;
    }
    void relistTools(QObject *context, std::function<void(const Result<QList<Tool>> &)> done) override
    {
        QPointer<SessionCallTarget> self(this);
        m_session->listTools(context, [self, done](const Result<QList<Tool>> &tools) {
            if (self && tools)
                self->m_tools = tools.value();
            done(tools);
        });
    }

private:
    QPointer<ClientSession> m_session;
    ServerIdentity m_identity;
    QList<Tool> m_tools;
};

} // namespace Toolgate::TestSupport
