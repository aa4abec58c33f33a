#pragma once

// A Host (core/host/host.h) like the desktop app's, for the tests that need the whole composition: the
// GUI's and the host's own.

#include "core/auth/secretstore.h"
#include "core/host/host.h"
#include "core/workspace/serverconfig.h"
#include "core/workspace/serverconfigfile.h"
#include "core/workspace/serverconnection.h"
#include "core/workspace/servertrust.h"
#include "core/workspace/workspace.h"

#include <QDir>
#include <QTest>
#include <QUrl>

#include <functional>
#include <memory>

namespace Toolgate::TestSupport {

/// A host like the desktop app's, with everything it keeps in folder (servers.json, approvals.json,
/// server-trust.json) and secrets in memory (tests never touch the keychain). The audit store comes from
/// TOOLGATE_AUDIT_DB, which ctest sets per test, unless auditPath names another.
/// adjust changes the options before the host is made (e.g. to advertise an extension).
/// Server trust (issue 16) is on, as in the app: the servers already in folder/servers.json when the host
/// is made count as trusted by an earlier run, unless trustListed is false (then they wait for a person,
/// like servers in a file nobody looked at). Servers added later ask as in the app.
inline std::unique_ptr<Host> guiTestHost(const QString &folder, const QString &auditPath = {},
                                         const std::function<void(Host::Options &)> &adjust = {}, bool trustListed = true)
{
    Host::Options options;
    options.initiator = CallInitiator::Gui;
    options.session.clientInfo.name = QStringLiteral("toolgate-tests");
    options.session.clientInfo.version = QStringLiteral("0");
    options.serversPath = QDir(folder).filePath(QStringLiteral("servers.json"));
    options.approvalsPath = QDir(folder).filePath(QStringLiteral("approvals.json"));
    options.auditPath = auditPath;
    options.secretStore = std::make_shared<MemorySecretStore>();
    options.signIn.opener = [](const QUrl &) { return false; };
    options.serverTrustPath = QDir(folder).filePath(QStringLiteral("server-trust.json"));
    if (adjust)
        adjust(options);
    auto host = std::make_unique<Host>(std::move(options));
    if (trustListed && host->serverTrust()) {
        const auto listed = ServerConfigFile::load(host->options().serversPath);
        for (const ServerConfig &config : listed ? listed.value() : QList<ServerConfig>{})
            (void)host->serverTrust()->trust(config, QStringLiteral("tests"));
    }
    return host;
}

/// Loads host's servers file and starts every server: the connection called name once it is ready; null
/// (and a warning saying why) when the file was not loaded or the server did not get ready in time.
inline ServerConnection *startServer(Host &host, const QString &name, int timeoutMs = 20000)
{
    const auto loaded = host.loadServers();
    if (!loaded) {
        qWarning("the servers file was not loaded: %s", qPrintable(loaded.error().message));
        return nullptr;
    }
    host.workspace()->startAll();
    ServerConnection *connection = host.workspace()->connection(name);
    if (!connection) {
        qWarning("no server called %s", qPrintable(name));
        return nullptr;
    }
    if (!QTest::qWaitFor([connection] { return connection->status() == ServerConnection::Status::Ready; }, timeoutMs)) {
        qWarning("%s did not get ready: %s", qPrintable(name), qPrintable(connection->statusText()));
        return nullptr;
    }
    return connection;
}

} // namespace Toolgate::TestSupport
