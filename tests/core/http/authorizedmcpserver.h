#pragma once

// A scripted local server on 127.0.0.1 that is an MCP server (Streamable HTTP: initialize,
// tools/list with one tool) behind OAuth, and its authorization server: /authorize grants at once
// and redirects to the client's redirect_uri with a code, as a signed-in person's browser would see.

#include "fakehttpserver.h"

#include "core/auth/secretstore.h"
#include "core/workspace/serverconfigfile.h"
#include "core/workspace/workspace.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QUrlQuery>

namespace TestHttp {

const QByteArray kAccessToken = "tok-8d1f-access-7c2e";

/// MCP over Streamable HTTP (initialize, tools/list) behind OAuth, plus the authorization server.
struct AuthorizedMcpServer
{
    Server server;
    int authorizeVisits = 0;
    int tokenRequests = 0;

    AuthorizedMcpServer()
    {
        server.setHandler([this](Exchange *e) {
            const Request &r = e->request();
            const QString base = QStringLiteral("http://127.0.0.1:%1").arg(server.port());
            if (r.path == "/.well-known/oauth-protected-resource/mcp") {
                e->respondJson(200, QJsonDocument(QJsonObject{{QStringLiteral("resource"), QString(base + QStringLiteral("/mcp"))},
                                                              {QStringLiteral("authorization_servers"), QJsonArray{base}}})
                                        .toJson(QJsonDocument::Compact));
            } else if (r.path == "/.well-known/oauth-authorization-server") {
                e->respondJson(200, QJsonDocument(QJsonObject{
                                                      {QStringLiteral("issuer"), base},
                                                      {QStringLiteral("authorization_endpoint"), QString(base + QStringLiteral("/authorize"))},
                                                      {QStringLiteral("token_endpoint"), QString(base + QStringLiteral("/token"))},
                                                      {QStringLiteral("code_challenge_methods_supported"), QJsonArray{QStringLiteral("S256")}}})
                                        .toJson(QJsonDocument::Compact));
            } else if (r.path.startsWith("/authorize")) {
                // A person would sign in here; this server grants at once and redirects back.
                ++authorizeVisits;
                const QUrlQuery query(QUrl(QString::fromUtf8(r.path)));
                QUrl back(query.queryItemValue(QStringLiteral("redirect_uri"), QUrl::FullyDecoded));
                QUrlQuery answer;
                answer.addQueryItem(QStringLiteral("code"), QStringLiteral("code-1"));
                answer.addQueryItem(QStringLiteral("state"), query.queryItemValue(QStringLiteral("state"), QUrl::FullyDecoded));
                back.setQuery(answer);
                e->respond(302, {}, {{"Location", back.toEncoded()}});
            } else if (r.path == "/token") {
                ++tokenRequests;
                e->respondJson(200, "{\"access_token\":\"" + kAccessToken + "\",\"token_type\":\"Bearer\",\"expires_in\":3600}");
            } else if (r.path == "/mcp" && r.method == "POST") {
                if (r.header("authorization") != "Bearer " + kAccessToken) {
                    e->respond(401, {}, {{"WWW-Authenticate", "Bearer resource_metadata=\"" + base.toUtf8()
                                                                  + "/.well-known/oauth-protected-resource/mcp\""}});
                    return;
                }
                answerMcp(e, QJsonDocument::fromJson(r.body).object());
            } else {
                e->respond(r.method == "GET" && r.path == "/mcp" ? 405 : 404);
            }
        });
    }

    static void answerMcp(Exchange *e, const QJsonObject &message)
    {
        const QString method = message.value(QStringLiteral("method")).toString();
        if (!message.contains(QStringLiteral("id"))) {
            e->respond(202);
            return;
        }
        QJsonObject result;
        if (method == u"initialize") {
            result = {{QStringLiteral("protocolVersion"),
                       message.value(QStringLiteral("params")).toObject().value(QStringLiteral("protocolVersion"))},
                      {QStringLiteral("capabilities"), QJsonObject{{QStringLiteral("tools"), QJsonObject{}}}},
                      {QStringLiteral("serverInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("guarded")},
                                                                 {QStringLiteral("version"), QStringLiteral("1")}}}};
        } else if (method == u"tools/list") {
            result = {{QStringLiteral("tools"),
                       QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("secret_tool")},
                                              {QStringLiteral("inputSchema"), QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}}}}}}};
        }
        const QJsonObject response{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                   {QStringLiteral("id"), message.value(QStringLiteral("id"))},
                                   {QStringLiteral("result"), result}};
        e->respondJson(200, QJsonDocument(response).toJson(QJsonDocument::Compact));
    }
};

/// What the sign-in tests start from: peer, a servers.json in a temporary folder that lists it as
/// "guarded" (client id toolgate-test), the store for its tokens and a workspace on both.
struct SignInSetup
{
    AuthorizedMcpServer peer;
    QTemporaryDir configDir;
    std::shared_ptr<Toolgate::MemorySecretStore> store = std::make_shared<Toolgate::MemorySecretStore>();
    /// False when servers.json could not be written.
    bool saved = Toolgate::ServerConfigFile::save(configDir.filePath(QStringLiteral("servers.json")), {guarded()}).ok();
    Toolgate::Workspace workspace{configDir.filePath(QStringLiteral("servers.json"))};

    SignInSetup() { workspace.secrets()->setStore(store.get()); }

private:
    Toolgate::ServerConfig guarded() const
    {
        Toolgate::ServerConfig remote;
        remote.name = QStringLiteral("guarded");
        remote.transport = Toolgate::ServerConfig::Transport::Http;
        remote.url = peer.server.url().toString();
        remote.extra.insert(QStringLiteral("oauth"), QJsonObject{{QStringLiteral("clientId"), QStringLiteral("toolgate-test")}});
        return remote;
    }
};

} // namespace TestHttp
