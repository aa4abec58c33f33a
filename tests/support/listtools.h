#pragma once

// The tools a real server lists, through the client the app and the CLI use: for tests that check what
// a person is shown for a real server's tools (the demo server, server-everything, the hostile server).

#include "core/client/clientsession.h"
#include "core/protocol/tool.h"
#include "core/workspace/serverconfig.h"
#include "core/workspace/transportfactory.h"

#include <QObject>
#include <QSignalSpy>
#include <QTest>

#include <optional>

namespace Toolgate::TestSupport {

/// A stdio server's configuration.
inline ServerConfig stdioServer(const QString &name, const QString &command, const QStringList &args = {})
{
    ServerConfig config;
    config.name = name;
    config.command = command;
    config.args = args;
    return config;
}

/// The tools config's server lists; empty with error set when it could not be started or asked.
inline QList<Tool> listToolsOf(const ServerConfig &config, QString *error, int timeoutMs = 30000)
{
    auto transport = TransportFactory::create(config);
    if (!transport) {
        *error = transport.error().message;
        return {};
    }
    QObject context;
    auto *session = new ClientSession(std::move(transport).value(), {}, &context);
    QSignalSpy failed(session, &ClientSession::failed);
    session->connectToServer();
    if (!QTest::qWaitFor([&] { return session->isReady() || !failed.isEmpty(); }, timeoutMs) || !session->isReady()) {
        *error = QStringLiteral("the server %1 did not start").arg(config.command);
        return {};
    }
    std::optional<Result<QList<Tool>>> tools;
    session->listTools(&context, [&](const Result<QList<Tool>> &result) { tools = result; });
    if (!QTest::qWaitFor([&] { return tools.has_value(); }, timeoutMs) || !tools->ok()) {
        *error = tools ? tools->error().message : QStringLiteral("no answer to tools/list");
        return {};
    }
    return tools->value();
}

} // namespace Toolgate::TestSupport
