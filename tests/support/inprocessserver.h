#pragma once
// In-process MCP server and client over a loopback transport, with a call pipeline: lets tests
// drive real ToolCalls and server requests (which only the pipeline can create) without child processes.

#include "core/calls/approval.h"
#include "core/calls/toolcall.h"
#include "core/client/clientsession.h"
#include "core/server/mcpserver.h"
#include "loopbacktransport.h"
#include "sessioncalltarget.h"

#include <QPointer>

#include <memory>

namespace Toolgate::TestSupport {

/// A connected client session to an in-process server offering the tools the test adds.
struct InProcessServer
{
    std::unique_ptr<LoopbackTransport> serverEnd;
    std::unique_ptr<McpServer> server;
    std::unique_ptr<ClientSession> session;
    ServerIdentity identity;
    /// What the pipeline calls (the session under this identity).
    std::unique_ptr<TestSupport::SessionCallTarget> target;

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
        target = std::make_unique<TestSupport::SessionCallTarget>(session.get(), identity);
    }

    ~InProcessServer()
    {
        target.reset();
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

} // namespace Toolgate::TestSupport
