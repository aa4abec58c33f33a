#pragma once

// What the tests of servers that run calls as tasks share, as a base of the test class: a bare
// ClientSession whose calls go through a real ToolCallPipeline that allows each one (as --yes does),
// with the TaskRegistry that keeps the calls that became tasks, and elicitations accepted as asked.

#include "sessioncalltarget.h"
#include "sessionwaits.h"

#include "core/calls/approval.h"
#include "core/calls/taskregistry.h"
#include "core/calls/toolcall.h"
#include "core/client/clientsession.h"
#include "core/transport/transport.h"

#include <QJsonObject>
#include <QObject>
#include <QStringList>

#include <memory>
#include <optional>

namespace Toolgate::TestSupport {

/// The status messages of a call's task while it lives, each once, in the order they first came.
struct TaskStatusMessages
{
    explicit TaskStatusMessages(ToolCall *call)
    {
        QObject::connect(call, &ToolCall::taskChanged, &m_context, [this](const Task &task) {
            if (!task.statusMessage.isEmpty() && !seen.contains(task.statusMessage))
                seen.append(task.statusMessage);
        });
    }
    QStringList seen;

private:
    QObject m_context; // last: gone, and disconnected, before seen
};

class PipelineSessionFixture
{
protected:
    std::unique_ptr<ClientSession> m_session;
    std::unique_ptr<SessionCallTarget> m_target;
    FixedApprovalGate m_gate{ApprovalDecision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, {}, {}}};
    std::unique_ptr<ToolCallPipeline> m_pipeline;
    std::unique_ptr<TaskRegistry> m_registry;
    AcceptedElicitations m_elicitations;

    /// Connects a session over transport, its elicitations accepted with elicitationContent (none
    /// declared without it), and puts the pipeline on it as server. False when it did not get ready
    /// within timeoutMs (m_session->lastError() says why).
    bool connectThroughPipeline(std::unique_ptr<Transport> transport, const ClientSession::Options &options, const ServerIdentity &server,
                                const std::optional<QJsonObject> &elicitationContent, int timeoutMs)
    {
        m_session = std::make_unique<ClientSession>(std::move(transport), options);
        if (elicitationContent)
            m_elicitations.install(*m_session, *elicitationContent);
        if (!connectAndWait(*m_session, timeoutMs))
            return false;
        m_target = std::make_unique<SessionCallTarget>(m_session.get(), server);
        m_pipeline = std::make_unique<ToolCallPipeline>(&m_gate, nullptr, ToolCallPipeline::Options{});
        m_registry = std::make_unique<TaskRegistry>(m_pipeline.get());
        return true;
    }

    /// A call of tool through the pipeline, owned by parent.
    ToolCall *startCall(const QString &tool, const QJsonObject &arguments, QObject *parent)
    {
        return m_pipeline->call(m_target.get(), tool, arguments, CallInitiator::Gui, parent);
    }

    /// For cleanup(): the registry and the pipeline, then the session (disconnected first when it is
    /// ready). False when it did not close.
    [[nodiscard]] bool dropSession()
    {
        m_registry.reset();
        m_pipeline.reset();
        const bool closed = !m_session || m_session->state() != ClientSession::State::Ready || disconnectAndWait(*m_session);
        m_target.reset();
        m_session.reset();
        m_elicitations = {};
        return closed;
    }
};

} // namespace Toolgate::TestSupport
