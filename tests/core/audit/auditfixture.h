#pragma once
// In-process MCP server and client over a loopback transport, with a call pipeline: lets the audit
// tests drive real ToolCalls (which only the pipeline can create) without child processes.

#include "calls/approval.h"
#include "calls/toolcall.h"
#include "client/clientsession.h"
#include "server/mcpserver.h"
#include "transport/transport.h"

#include <QPointer>

#include <memory>

namespace Toolgate::AuditTest {

// No Q_OBJECT: it adds no signals or slots of its own.
class LoopbackTransport final : public Transport
{
public:
    static std::pair<std::unique_ptr<LoopbackTransport>, std::unique_ptr<LoopbackTransport>> createPair()
    {
        auto a = std::make_unique<LoopbackTransport>();
        auto b = std::make_unique<LoopbackTransport>();
        a->m_other = b.get();
        b->m_other = a.get();
        return {std::move(a), std::move(b)};
    }

    void start() override
    {
        m_state = State::Open;
        QMetaObject::invokeMethod(this, [this] { emit started(); }, Qt::QueuedConnection);
    }

    void send(const QByteArray &message) override
    {
        if (m_state != State::Open)
            return;
        QPointer<LoopbackTransport> other = m_other;
        QMetaObject::invokeMethod(this, [other, message] {
            if (other && other->m_state == State::Open)
                emit other->messageReceived(message);
        }, Qt::QueuedConnection);
    }

    void close() override
    {
        shut();
        if (m_other)
            m_other->shut();
    }

    State state() const override { return m_state; }
    QString description() const override { return QStringLiteral("loopback"); }

private:
    void shut()
    {
        if (m_state == State::Closed)
            return;
        m_state = State::Closed;
        QMetaObject::invokeMethod(this, [this] { emit closed(); }, Qt::QueuedConnection);
    }

    State m_state = State::Idle;
    QPointer<LoopbackTransport> m_other;
};

/// A connected client session to an in-process server offering the tools the test adds.
struct InProcessServer
{
    std::unique_ptr<LoopbackTransport> serverEnd;
    std::unique_ptr<McpServer> server;
    std::unique_ptr<ClientSession> session;
    ServerIdentity identity;

    InProcessServer()
    {
        std::unique_ptr<LoopbackTransport> clientEnd;
        std::tie(clientEnd, serverEnd) = LoopbackTransport::createPair();
        Implementation info;
        info.name = QStringLiteral("audit-test-server");
        info.version = QStringLiteral("1.2.3");
        server = std::make_unique<McpServer>(serverEnd.get(), info);
        session = std::make_unique<ClientSession>(std::move(clientEnd), ClientSession::Options{});
        identity.name = QStringLiteral("test");
        identity.endpoint = QStringLiteral("test-server --api-key sk-cmdline-secret");
    }

    ~InProcessServer()
    {
        session.reset();
        server.reset();
    }

    void addTool(const QString &name, McpServer::ToolHandler handler)
    {
        Tool tool;
        tool.name = name;
        tool.inputSchema = QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}};
        (void)server->addTool(tool, std::move(handler));
    }

    /// Starts both ends; the caller waits for session->isReady().
    void start()
    {
        server->start();
        session->connectToServer();
    }
};

} // namespace Toolgate::AuditTest
