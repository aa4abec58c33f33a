#include "core/common/error.h"
#include "core/workspace/serverconfig.h"
#include "core/workspace/serverconfigfile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Toolgate;

Q_DECLARE_METATYPE(Toolgate::ServerConfig)

class TestServerConfig : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void parse_data();
    void parse();
    void parseErrors_data();
    void parseErrors();
    void brokenJsonPosition_data();
    void brokenJsonPosition();
    void roundTripKeepsExtraKeys();
    void serversKeepTheirOrder();
    void saveWritesMcpServersFormat();
    void saveCreatesFolderAndRefusesDuplicates();
    void loadMissingFileNamesPath();
    void launchSpecAndEndpoint();
    void demoServer();
    void loadEffectiveFallsBackToDemo();
};

namespace {

ServerConfig stdio(const QString &name, const QString &command, const QStringList &args = {})
{
    ServerConfig config;
    config.name = name;
    config.command = command;
    config.args = args;
    return config;
}

ServerConfig remote(const QString &name, ServerConfig::Transport transport, const QString &url)
{
    ServerConfig config;
    config.name = name;
    config.transport = transport;
    config.url = url;
    return config;
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

} // namespace

void TestServerConfig::initTestCase()
{
    // Keep loadEffective() away from the real user's configuration.
    QStandardPaths::setTestModeEnabled(true);
}

void TestServerConfig::parse_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QList<ServerConfig>>("expected");

    {
        ServerConfig fs = stdio(QStringLiteral("filesystem"), QStringLiteral("npx"),
                                {QStringLiteral("-y"), QStringLiteral("@modelcontextprotocol/server-filesystem"), QStringLiteral("/tmp")});
        fs.env.insert(QStringLiteral("DEBUG"), QStringLiteral("1"));
        fs.cwd = QStringLiteral("/srv");
        QTest::newRow("claude desktop stdio")
            << QByteArray(R"({"mcpServers": {"filesystem": {"command": "npx",
                 "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"],
                 "env": {"DEBUG": "1"}, "cwd": "/srv"}}})")
            << QList<ServerConfig>{fs};
    }
    {
        ServerConfig web = remote(QStringLiteral("web"), ServerConfig::Transport::Http, QStringLiteral("https://example.com/mcp"));
        web.headers.insert(QStringLiteral("X-Team"), QStringLiteral("blue"));
        QTest::newRow("cursor url is http")
            << QByteArray(R"({"mcpServers": {"web": {"url": "https://example.com/mcp", "headers": {"X-Team": "blue"}}}})")
            << QList<ServerConfig>{web};
    }
    QTest::newRow("cursor url ending in /sse is sse")
        << QByteArray(R"({"mcpServers": {"old": {"url": "http://localhost:8000/sse"}}})")
        << QList<ServerConfig>{remote(QStringLiteral("old"), ServerConfig::Transport::Sse, QStringLiteral("http://localhost:8000/sse"))};
    QTest::newRow("explicit type wins over the url")
        << QByteArray(R"({"mcpServers": {"x": {"type": "http", "url": "http://localhost:8000/sse"}}})")
        << QList<ServerConfig>{remote(QStringLiteral("x"), ServerConfig::Transport::Http, QStringLiteral("http://localhost:8000/sse"))};
    QTest::newRow("streamable-http is http")
        << QByteArray(R"({"mcpServers": {"x": {"type": "streamable-http", "url": "https://h/mcp"}}})")
        << QList<ServerConfig>{remote(QStringLiteral("x"), ServerConfig::Transport::Http, QStringLiteral("https://h/mcp"))};
    QTest::newRow("vs code servers")
        << QByteArray(R"({"servers": {
                "a": {"type": "stdio", "command": "node", "args": ["a.js"]},
                "b": {"type": "http", "url": "https://b.example/mcp"},
                "c": {"type": "sse", "url": "https://c.example/events"}},
             "inputs": []})")
        << QList<ServerConfig>{stdio(QStringLiteral("a"), QStringLiteral("node"), {QStringLiteral("a.js")}),
                               remote(QStringLiteral("b"), ServerConfig::Transport::Http, QStringLiteral("https://b.example/mcp")),
                               remote(QStringLiteral("c"), ServerConfig::Transport::Sse, QStringLiteral("https://c.example/events"))};
    QTest::newRow("vs code settings nest under mcp")
        << QByteArray(R"({"editor.fontSize": 14, "mcp": {"servers": {"a": {"command": "uvx", "args": ["mcp-server-git"]}}}})")
        << QList<ServerConfig>{stdio(QStringLiteral("a"), QStringLiteral("uvx"), {QStringLiteral("mcp-server-git")})};
    {
        ServerConfig off = stdio(QStringLiteral("off"), QStringLiteral("x"));
        off.enabled = false;
        ServerConfig on = stdio(QStringLiteral("on"), QStringLiteral("y"));
        QTest::newRow("disabled")
            << QByteArray(R"({"mcpServers": {"off": {"command": "x", "disabled": true}, "on": {"command": "y", "disabled": false}}})")
            << QList<ServerConfig>{off, on};
    }
    {
        ServerConfig kept = stdio(QStringLiteral("kept"), QStringLiteral("x"));
        kept.extra.insert(QStringLiteral("autoApprove"), QJsonArray{QStringLiteral("read")});
        kept.extra.insert(QStringLiteral("timeout"), 30);
        kept.extra.insert(QStringLiteral("envFile"), QStringLiteral("${workspaceFolder}/.env"));
        QTest::newRow("unknown keys go to extra")
            << QByteArray(R"({"mcpServers": {"kept": {"command": "x", "autoApprove": ["read"], "timeout": 30,
                 "envFile": "${workspaceFolder}/.env"}}})")
            << QList<ServerConfig>{kept};
    }
    {
        ServerConfig gh = stdio(QStringLiteral("github"), QStringLiteral("docker"));
        gh.env.insert(QStringLiteral("GITHUB_PERSONAL_ACCESS_TOKEN"), QStringLiteral("ghp_x"));
        gh.env.insert(QStringLiteral("LOG_LEVEL"), QStringLiteral("info"));
        gh.env.insert(QStringLiteral("PROJECT"), QStringLiteral("p"));
        gh.secretKeys = {QStringLiteral("GITHUB_PERSONAL_ACCESS_TOKEN"), QStringLiteral("PROJECT")};
        gh.plainSecretKeys = gh.secretKeys; // typed into the file: they work, and are offered for moving
        QTest::newRow("secret keys: by name and listed")
            << QByteArray(R"({"mcpServers": {"github": {"command": "docker", "secretKeys": ["PROJECT"],
                 "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_x", "LOG_LEVEL": "info", "PROJECT": "p"}}}})")
            << QList<ServerConfig>{gh};
    }
    {
        ServerConfig api = remote(QStringLiteral("api"), ServerConfig::Transport::Http, QStringLiteral("https://api.example/mcp"));
        api.headers.insert(QStringLiteral("Authorization"), QStringLiteral("Bearer t"));
        api.secretKeys = {QStringLiteral("Authorization")};
        api.plainSecretKeys = api.secretKeys;
        QTest::newRow("authorization header is secret")
            << QByteArray(R"({"mcpServers": {"api": {"url": "https://api.example/mcp", "headers": {"Authorization": "Bearer t"}}}})")
            << QList<ServerConfig>{api};
    }
    {
        // A value moved to the keychain: the placeholder marks the key secret whatever its name.
        ServerConfig moved = stdio(QStringLiteral("moved"), QStringLiteral("srv"));
        moved.env.insert(QStringLiteral("PROJECT"), ServerConfig::secretPlaceholder());
        moved.secretKeys = {QStringLiteral("PROJECT")};
        QTest::newRow("keychain placeholder")
            << QStringLiteral(R"({"mcpServers": {"moved": {"command": "srv", "env": {"PROJECT": "%1"}}}})")
                   .arg(ServerConfig::secretPlaceholder()).toUtf8()
            << QList<ServerConfig>{moved};
        // What earlier versions wrote, even without a keychain (#34 item 7), is the same mark; the file
        // no longer claims a keychain that may not be there.
        QVERIFY(!ServerConfig::secretPlaceholder().contains(QStringLiteral("keychain")));
        QTest::newRow("earlier keychain placeholder")
            << QByteArray(R"({"mcpServers": {"moved": {"command": "srv", "env": {"PROJECT": "<stored in the system keychain by Toolgate>"}}}})")
            << QList<ServerConfig>{moved};
    }
    {
        ServerConfig n = stdio(QStringLiteral("n"), QStringLiteral("srv"), {QStringLiteral("--port"), QStringLiteral("8080")});
        n.env.insert(QStringLiteral("PORT"), QStringLiteral("8080"));
        n.env.insert(QStringLiteral("VERBOSE"), QStringLiteral("true"));
        QTest::newRow("numbers and booleans become text")
            << QByteArray(R"({"mcpServers": {"n": {"command": "srv", "args": ["--port", 8080], "env": {"PORT": 8080, "VERBOSE": true}}}})")
            << QList<ServerConfig>{n};
    }
    QTest::newRow("jsonc comments and trailing commas")
        << QByteArray("// VS Code writes these\n{\n  \"servers\": {\n    /* the main one */\n"
                      "    \"a\": {\"command\": \"node\", \"args\": [\"//not a comment\", \"a,]\",],},\n  },\n}\n")
        << QList<ServerConfig>{stdio(QStringLiteral("a"), QStringLiteral("node"), {QStringLiteral("//not a comment"), QStringLiteral("a,]")})};
    QTest::newRow("byte order mark")
        << QByteArray("\xEF\xBB\xBF{\"mcpServers\": {\"a\": {\"command\": \"x\"}}}")
        << QList<ServerConfig>{stdio(QStringLiteral("a"), QStringLiteral("x"))};
    {
        // issue 15: the protocol era per server; a missing key is Auto.
        ServerConfig m = stdio(QStringLiteral("m"), QStringLiteral("x"));
        m.protocolEra = ServerConfig::EraPreference::Modern;
        ServerConfig l = stdio(QStringLiteral("l"), QStringLiteral("y"));
        l.protocolEra = ServerConfig::EraPreference::Legacy;
        ServerConfig a = stdio(QStringLiteral("a"), QStringLiteral("z"));
        QTest::newRow("protocolEra")
            << QByteArray(R"({"mcpServers": {"m": {"command": "x", "protocolEra": "modern"},
                 "l": {"command": "y", "protocolEra": "Legacy"}, "a": {"command": "z", "protocolEra": "auto"}}})")
            << QList<ServerConfig>{m, l, a};
    }
    QTest::newRow("empty object") << QByteArray("{}") << QList<ServerConfig>{};
    QTest::newRow("empty mcpServers") << QByteArray(R"({"mcpServers": {}})") << QList<ServerConfig>{};
}

void TestServerConfig::parse()
{
    QFETCH(QByteArray, json);
    QFETCH(QList<ServerConfig>, expected);

    const auto parsed = ServerConfigFile::parse(json, QStringLiteral("test.json"));
    QVERIFY2(parsed.ok(), qPrintable(parsed.ok() ? QString() : parsed.error().message));
    QCOMPARE(parsed->size(), expected.size());
    for (qsizetype i = 0; i < expected.size(); ++i) {
        const ServerConfig &got = parsed->at(i);
        const ServerConfig &want = expected.at(i);
        QCOMPARE(got.name, want.name);
        QCOMPARE(got.transport, want.transport);
        QCOMPARE(got.command, want.command);
        QCOMPARE(got.args, want.args);
        QCOMPARE(got.env, want.env);
        QCOMPARE(got.cwd, want.cwd);
        QCOMPARE(got.url, want.url);
        QCOMPARE(got.headers, want.headers);
        QCOMPARE(got.enabled, want.enabled);
        QCOMPARE(got.protocolEra, want.protocolEra);
        QCOMPARE(got.secretKeys, want.secretKeys);
        QCOMPARE(got.extra, want.extra);
        ServerConfig gotInSortedOrder = got; // the file's order is serversKeepTheirOrder's business
        gotInSortedOrder.fileOrder = {};
        QVERIFY(gotInSortedOrder == want);
    }
}

void TestServerConfig::parseErrors_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("mentions");

    QTest::newRow("empty file") << QByteArray("  \n") << QStringList{QStringLiteral("empty")};
    QTest::newRow("top level array") << QByteArray("[]") << QStringList{QStringLiteral("top level"), QStringLiteral("array")};
    QTest::newRow("no servers key")
        << QByteArray(R"({"servers2": {}})") << QStringList{QStringLiteral("\"mcpServers\""), QStringLiteral("\"servers\"")};
    QTest::newRow("mcpServers is an array")
        << QByteArray(R"({"mcpServers": []})") << QStringList{QStringLiteral("\"mcpServers\""), QStringLiteral("an array")};
    QTest::newRow("mcp is a string")
        << QByteArray(R"({"mcp": "x"})") << QStringList{QStringLiteral("\"mcp\""), QStringLiteral("a string")};
    QTest::newRow("server is a string")
        << QByteArray(R"({"mcpServers": {"a": "npx"}})") << QStringList{QStringLiteral("server \"a\""), QStringLiteral("a string")};
    QTest::newRow("neither command nor url")
        << QByteArray(R"({"mcpServers": {"lonely": {"args": ["x"]}}})")
        << QStringList{QStringLiteral("server \"lonely\""), QStringLiteral("\"command\""), QStringLiteral("\"url\"")};
    QTest::newRow("command and url without type")
        << QByteArray(R"({"mcpServers": {"both": {"command": "x", "url": "https://h/mcp"}}})")
        << QStringList{QStringLiteral("server \"both\""), QStringLiteral("\"type\"")};
    QTest::newRow("stdio type without command")
        << QByteArray(R"({"servers": {"s": {"type": "stdio", "url": "https://h/mcp"}}})")
        << QStringList{QStringLiteral("server \"s\""), QStringLiteral("no \"command\"")};
    QTest::newRow("http type without url")
        << QByteArray(R"({"servers": {"h": {"type": "http", "command": "x"}}})")
        << QStringList{QStringLiteral("server \"h\""), QStringLiteral("no \"url\"")};
    QTest::newRow("url not http")
        << QByteArray(R"({"servers": {"h": {"url": "ftp://h/mcp"}}})")
        << QStringList{QStringLiteral("server \"h\""), QStringLiteral("\"url\""), QStringLiteral("ftp://h/mcp")};
    QTest::newRow("command is a number")
        << QByteArray(R"({"mcpServers": {"a": {"command": 5}}})")
        << QStringList{QStringLiteral("server \"a\""), QStringLiteral("\"command\""), QStringLiteral("a number")};
    QTest::newRow("args is a string")
        << QByteArray(R"({"mcpServers": {"a": {"command": "x", "args": "-y foo"}}})")
        << QStringList{QStringLiteral("server \"a\""), QStringLiteral("\"args\""), QStringLiteral("array")};
    QTest::newRow("args item is an object")
        << QByteArray(R"({"mcpServers": {"a": {"command": "x", "args": ["ok", {}]}}})")
        << QStringList{QStringLiteral("server \"a\""), QStringLiteral("\"args\"[1]"), QStringLiteral("an object")};
    QTest::newRow("env value is an array")
        << QByteArray(R"({"mcpServers": {"a": {"command": "x", "env": {"PATHS": ["/a"]}}}})")
        << QStringList{QStringLiteral("server \"a\""), QStringLiteral("\"env\""), QStringLiteral("\"PATHS\""), QStringLiteral("an array")};
    QTest::newRow("protocolEra unknown")
        << QByteArray(R"({"mcpServers": {"a": {"command": "x", "protocolEra": "2026"}}})")
        << QStringList{QStringLiteral("server \"a\""), QStringLiteral("\"protocolEra\""), QStringLiteral("\"2026\""), QStringLiteral("\"modern\"")};
    QTest::newRow("protocolEra is a boolean")
        << QByteArray(R"({"mcpServers": {"a": {"command": "x", "protocolEra": true}}})")
        << QStringList{QStringLiteral("server \"a\""), QStringLiteral("\"protocolEra\""), QStringLiteral("true")};
    QTest::newRow("headers is a string")
        << QByteArray(R"({"mcpServers": {"a": {"url": "https://h/mcp", "headers": "x"}}})")
        << QStringList{QStringLiteral("server \"a\""), QStringLiteral("\"headers\"")};
    QTest::newRow("disabled is a string")
        << QByteArray(R"({"mcpServers": {"a": {"command": "x", "disabled": "yes"}}})")
        << QStringList{QStringLiteral("server \"a\""), QStringLiteral("\"disabled\""), QStringLiteral("true or false")};
    QTest::newRow("unknown type")
        << QByteArray(R"({"servers": {"w": {"type": "websocket", "url": "https://h"}}})")
        << QStringList{QStringLiteral("server \"w\""), QStringLiteral("\"type\""), QStringLiteral("websocket")};
    QTest::newRow("defined twice")
        << QByteArray(R"({"mcpServers": {"a": {"command": "x"}}, "servers": {"a": {"command": "y"}}})")
        << QStringList{QStringLiteral("\"a\""), QStringLiteral("twice")};
    QTest::newRow("empty name")
        << QByteArray(R"({"mcpServers": {"": {"command": "x"}}})") << QStringList{QStringLiteral("empty name")};
}

void TestServerConfig::parseErrors()
{
    QFETCH(QByteArray, json);
    QFETCH(QStringList, mentions);

    const auto parsed = ServerConfigFile::parse(json, QStringLiteral("/etc/servers.json"));
    QVERIFY(!parsed.ok());
    QCOMPARE(parsed.error().code, int(ErrorCode::ConfigError));
    const QString message = parsed.error().message;
    QVERIFY2(message.startsWith(QStringLiteral("/etc/servers.json: ")), qPrintable(message));
    for (const QString &mention : mentions)
        QVERIFY2(message.contains(mention), qPrintable(QStringLiteral("\"%1\" not in: %2").arg(mention, message)));
}

void TestServerConfig::brokenJsonPosition_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");

    // The column of the character that is wrong (or of the last one, when the text just ends).
    QTest::newRow("missing colon") << QByteArray("{\n  \"mcpServers\": {\n    \"a\" {\"command\": \"x\"}\n  }\n}\n") << 3 << 9;
    QTest::newRow("missing comma")
        << QByteArray("{\n  \"mcpServers\": {\n    \"a\": {\"command\": \"x\"}\n    \"b\": {}\n  }\n}\n") << 4 << 5;
    QTest::newRow("unterminated") << QByteArray("{\"mcpServers\": {") << 1 << 16;
    // Columns count characters, not bytes: "é" is two bytes in UTF-8.
    QTest::newRow("after non-ascii") << QByteArray("{\"mcpServers\": {\"é\" 1}}") << 1 << 21;
    QTest::newRow("after a comment line")
        << QByteArray("// comment\n{\"mcpServers\": {\"a\": {\"command\": x}}}") << 2 << 34;
}

void TestServerConfig::brokenJsonPosition()
{
    QFETCH(QByteArray, json);
    QFETCH(int, line);
    QFETCH(int, column);

    const auto parsed = ServerConfigFile::parse(json, QStringLiteral("servers.json"));
    QVERIFY(!parsed.ok());
    const Error &error = parsed.error();
    QCOMPARE(error.code, int(ErrorCode::ConfigError));
    QVERIFY2(error.message.contains(QStringLiteral("line %1, column %2").arg(line).arg(column)), qPrintable(error.message));
    QVERIFY2(error.message.startsWith(QStringLiteral("servers.json:%1:%2: ").arg(line).arg(column)), qPrintable(error.message));
    QCOMPARE(error.data.toObject().value(QLatin1String("line")).toInt(), line);
    QCOMPARE(error.data.toObject().value(QLatin1String("column")).toInt(), column);
}

void TestServerConfig::roundTripKeepsExtraKeys()
{
    const QByteArray original = R"({"mcpServers": {
        "fs": {"command": "npx", "args": ["-y", "server-filesystem"], "env": {"API_KEY": "k", "MODE": "ro"},
               "cwd": "/w", "autoApprove": ["read_file"], "x-note": {"owner": "me"}, "secretKeys": ["MODE"]},
        "off": {"command": "sleep", "disabled": true, "protocolEra": "legacy"},
        "web": {"type": "sse", "url": "https://h.example/sse", "headers": {"Authorization": "Bearer t"}},
        "both": {"type": "stdio", "command": "srv", "url": "https://kept.example/"}}})";
    const auto first = ServerConfigFile::parse(original, QStringLiteral("original"));
    QVERIFY2(first.ok(), qPrintable(first.ok() ? QString() : first.error().message));
    QCOMPARE(first->size(), 4);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("servers.json"));
    const auto saved = ServerConfigFile::save(path, first.value());
    QVERIFY2(saved.ok(), qPrintable(saved.ok() ? QString() : saved.error().message));

    const auto second = ServerConfigFile::load(path);
    QVERIFY2(second.ok(), qPrintable(second.ok() ? QString() : second.error().message));
    QCOMPARE(second->size(), first->size());
    for (qsizetype i = 0; i < first->size(); ++i) {
        QCOMPARE(second->at(i).name, first->at(i).name);
        QCOMPARE(second->at(i).extra, first->at(i).extra);
        QCOMPARE(second->at(i).secretKeys, first->at(i).secretKeys);
        QVERIFY(second->at(i) == first->at(i));
    }
    // A second save writes the same bytes: nothing drifts from one round to the next.
    QCOMPARE(ServerConfigFile::serialize(second.value()), readFile(path));
    // The era is written where it was given, and Auto (the default) nowhere.
    const QByteArray written = readFile(path);
    QCOMPARE(written.count("protocolEra"), 1);
    QVERIFY(written.contains(R"("protocolEra": "legacy")"));
    QCOMPARE(second->at(1).protocolEra, ServerConfig::EraPreference::Legacy);
    QCOMPARE(second->at(0).protocolEra, ServerConfig::EraPreference::Auto);
}

void TestServerConfig::serversKeepTheirOrder()
{
    // The order the person wrote, not QJsonObject's alphabetical one, across loads and saves.
    const QByteArray original = R"({"mcpServers": {"zeta": {"command": "z"}, "alpha": {"command": "a"}, "mid": {"command": "m"}}})";
    const auto first = ServerConfigFile::parse(original, QStringLiteral("original"));
    QVERIFY(first.ok());
    const auto names = [](const QList<ServerConfig> &list) {
        QStringList out;
        for (const ServerConfig &config : list)
            out.append(config.name);
        return out;
    };
    QCOMPARE(names(first.value()), (QStringList{"zeta", "alpha", "mid"}));

    QList<ServerConfig> list = first.value();
    list.append(stdio(QStringLiteral("added"), QStringLiteral("x")));
    const QByteArray saved = ServerConfigFile::serialize(list);
    QVERIFY2(saved.indexOf("\"zeta\"") < saved.indexOf("\"alpha\"") && saved.indexOf("\"alpha\"") < saved.indexOf("\"mid\"")
                 && saved.indexOf("\"mid\"") < saved.indexOf("\"added\""),
             saved.constData());
    const auto second = ServerConfigFile::parse(saved, QStringLiteral("saved"));
    QVERIFY(second.ok());
    QCOMPARE(names(second.value()), (QStringList{"zeta", "alpha", "mid", "added"}));

    // Inside a server too: its settings, env's and headers' names, and what Toolgate does not model.
    const QByteArray inside = R"({"mcpServers": {
        "local": {"env": {"ZED": "1", "ALPHA": "2", "MIDDLE": "3"}, "command": "z", "x-note": {"b": 1, "a": 2}},
        "remote": {"url": "https://example.com/mcp", "type": "http", "headers": {"X-Zone": "z", "Accept-Language": "de"}}}})";
    const auto parsedInside = ServerConfigFile::parse(inside, QStringLiteral("inside"));
    QVERIFY(parsedInside.ok());
    QCOMPARE(parsedInside.value().at(0).envNames(), (QStringList{"ZED", "ALPHA", "MIDDLE"}));
    QCOMPARE(parsedInside.value().at(1).headerNames(), (QStringList{"X-Zone", "Accept-Language"}));
    QList<ServerConfig> edited = parsedInside.value();
    edited[0].args = {QStringLiteral("--new")}; // a setting the entry did not have comes after its own
    const QByteArray insideSaved = ServerConfigFile::serialize(edited);
    const auto before = [&](const char *a, const char *b) { return insideSaved.indexOf(a) < insideSaved.indexOf(b); };
    QVERIFY2(before("\"ZED\"", "\"ALPHA\"") && before("\"ALPHA\"", "\"MIDDLE\""), insideSaved.constData());
    QVERIFY2(before("\"env\"", "\"command\"") && before("\"command\"", "\"x-note\"") && before("\"x-note\"", "\"args\""),
             insideSaved.constData());
    QVERIFY2(before("\"b\"", "\"a\""), insideSaved.constData());
    QVERIFY2(before("\"url\"", "\"type\"") && before("\"X-Zone\"", "\"Accept-Language\""), insideSaved.constData());
    const auto reread = ServerConfigFile::parse(insideSaved, QStringLiteral("saved"));
    QVERIFY(reread.ok());
    QCOMPARE(reread.value().at(0).envNames(), (QStringList{"ZED", "ALPHA", "MIDDLE"}));

    // VS Code's shape too.
    const auto vscode = ServerConfigFile::parse(R"({"mcp": {"servers": {"b": {"command": "b"}, "a": {"command": "a"}}}})",
                                                QStringLiteral("vscode"));
    QVERIFY(vscode.ok());
    QCOMPARE(names(vscode.value()), (QStringList{"b", "a"}));
}

void TestServerConfig::saveWritesMcpServersFormat()
{
    ServerConfig fs = stdio(QStringLiteral("fs"), QStringLiteral("npx"), {QStringLiteral("a")});
    fs.env.insert(QStringLiteral("GITHUB_TOKEN"), QStringLiteral("t"));
    fs.secretKeys = {QStringLiteral("GITHUB_TOKEN"), QStringLiteral("OTHER")};
    fs.enabled = false;
    fs.extra.insert(QStringLiteral("autoApprove"), QJsonArray{QStringLiteral("x")});
    const ServerConfig web = remote(QStringLiteral("web"), ServerConfig::Transport::Http, QStringLiteral("https://h/mcp"));

    const QJsonObject root = QJsonDocument::fromJson(ServerConfigFile::serialize({fs, web})).object();
    const QJsonObject servers = root.value(QLatin1String("mcpServers")).toObject();
    QCOMPARE(root.keys(), QStringList{QStringLiteral("mcpServers")});
    const QJsonObject fsJson = servers.value(QLatin1String("fs")).toObject();
    QCOMPARE(fsJson.value(QLatin1String("command")).toString(), QStringLiteral("npx"));
    QCOMPARE(fsJson.value(QLatin1String("disabled")).toBool(), true);
    QVERIFY(!fsJson.contains(QLatin1String("type"))); // stdio stays in Claude Desktop's shape
    QCOMPARE(fsJson.value(QLatin1String("autoApprove")).toArray(), QJsonArray{QStringLiteral("x")});
    // GITHUB_TOKEN is found again by name on load; only the name nobody could guess is written.
    QCOMPARE(fsJson.value(QLatin1String("secretKeys")).toArray(), QJsonArray{QStringLiteral("OTHER")});
    const QJsonObject webJson = servers.value(QLatin1String("web")).toObject();
    QCOMPARE(webJson.value(QLatin1String("type")).toString(), QStringLiteral("http"));
    QCOMPARE(webJson.value(QLatin1String("url")).toString(), QStringLiteral("https://h/mcp"));
    QVERIFY(!webJson.contains(QLatin1String("disabled")));
}

void TestServerConfig::saveCreatesFolderAndRefusesDuplicates()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("deep/er/servers.json"));
    QVERIFY(ServerConfigFile::save(path, {stdio(QStringLiteral("a"), QStringLiteral("x"))}).ok());
    QVERIFY(QFile::exists(path));

    const auto duplicate = ServerConfigFile::save(path, {stdio(QStringLiteral("a"), QStringLiteral("x")),
                                                         stdio(QStringLiteral("a"), QStringLiteral("y"))});
    QVERIFY(!duplicate.ok());
    QVERIFY(duplicate.error().message.contains(QStringLiteral("\"a\"")));
    // The refused save left the previous file alone.
    const auto reloaded = ServerConfigFile::load(path);
    QVERIFY(reloaded.ok());
    QCOMPARE(reloaded->size(), 1);
    QCOMPARE(reloaded->first().command, QStringLiteral("x"));
}

void TestServerConfig::loadMissingFileNamesPath()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("nope.json"));
    const auto loaded = ServerConfigFile::load(path);
    QVERIFY(!loaded.ok());
    QCOMPARE(loaded.error().code, int(ErrorCode::ConfigError));
    QVERIFY2(loaded.error().message.contains(QDir::toNativeSeparators(path)), qPrintable(loaded.error().message));
}

void TestServerConfig::launchSpecAndEndpoint()
{
    ServerConfig config = stdio(QStringLiteral("s"), QStringLiteral("/usr/bin/node"),
                                {QStringLiteral("server.js"), QStringLiteral("--root"), QStringLiteral("/my files"), QStringLiteral("it's")});
    config.env.insert(QStringLiteral("A"), QStringLiteral("1"));
    config.cwd = QStringLiteral("/srv");
    const StdioLaunchSpec spec = config.launchSpec();
    QCOMPARE(spec.program, QStringLiteral("/usr/bin/node"));
    QCOMPARE(spec.arguments, config.args);
    QCOMPARE(spec.environment, config.env);
    QCOMPARE(spec.workingDirectory, QStringLiteral("/srv"));
    QCOMPARE(spec.inheritFullEnvironment, false);
    QCOMPARE(config.endpoint(), QStringLiteral("/usr/bin/node server.js --root '/my files' 'it'\\''s'"));

    const ServerConfig web = remote(QStringLiteral("w"), ServerConfig::Transport::Http, QStringLiteral("https://h/mcp"));
    QCOMPARE(web.endpoint(), QStringLiteral("https://h/mcp"));
}

void TestServerConfig::demoServer()
{
    const ServerConfig demo = ServerConfig::demoServer();
    QCOMPARE(demo.name, QStringLiteral("demo"));
    QCOMPARE(demo.transport, ServerConfig::Transport::Stdio);
    QVERIFY(demo.enabled);
#ifdef Q_OS_WIN
    const QString program = QStringLiteral("toolgate-demo-server.exe");
#else
    const QString program = QStringLiteral("toolgate-demo-server");
#endif
    const QString bundled = QDir(QCoreApplication::applicationDirPath()).filePath(program);
    if (QFileInfo(bundled).isExecutable())
        QCOMPARE(demo.command, QFileInfo(bundled).absoluteFilePath());
    else
        QCOMPARE(demo.command, QStringLiteral("toolgate-demo-server"));
}

void TestServerConfig::loadEffectiveFallsBackToDemo()
{
    const QString path = ServerConfigFile::defaultPath();
    QVERIFY(path.endsWith(QStringLiteral("/servers.json")));
    QVERIFY(path.startsWith(QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation)));
    QFile::remove(path);

    const auto fallback = ServerConfigFile::loadEffective();
    QVERIFY(fallback.ok());
    QCOMPARE(fallback->size(), 1);
    QCOMPARE(fallback->first().name, QStringLiteral("demo"));
    QVERIFY(!QFile::exists(path)); // loading never writes; the desktop app does that

    QVERIFY(ServerConfigFile::save(path, {stdio(QStringLiteral("mine"), QStringLiteral("x"))}).ok());
    const auto configured = ServerConfigFile::loadEffective();
    QFile::remove(path);
    QVERIFY(configured.ok());
    QCOMPARE(configured->size(), 1);
    QCOMPARE(configured->first().name, QStringLiteral("mine"));
}

QTEST_GUILESS_MAIN(TestServerConfig)
#include "tst_serverconfig.moc"
