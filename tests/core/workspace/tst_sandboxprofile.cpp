// The sandbox profile (issue 32): its place in servers.json, its words, and the bubblewrap command line
// the launcher makes of it for a machine the test describes (no process is started here; tst_sandbox in
// tests/integration runs real ones).

#include "core/workspace/bubblewraplauncher.h"
#include "core/workspace/sandboxprofile.h"
#include "core/workspace/sandboxproxy.h"
#include "core/workspace/serverconfigfile.h"
#include "core/workspace/servertrust.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace Toolgate;
using namespace Qt::StringLiterals;

class tst_SandboxProfile final : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    BubblewrapLauncher::Host host() const
    {
        BubblewrapLauncher::Host h;
        h.bwrap = u"/usr/bin/bwrap"_s;
        h.home = m_dir.filePath(u"home"_s);
        h.lang = u"de_DE.UTF-8"_s;
        h.protectedPaths = {m_dir.filePath(u"home/.ssh"_s), m_dir.filePath(u"home/.config/toolgate"_s)};
        return h;
    }
    StdioLaunchSpec spec() const
    {
        StdioLaunchSpec s;
        s.program = u"/bin/sh"_s;
        s.arguments = {u"-c"_s, u"true"_s};
        s.environment = {{u"API_KEY"_s, u"sk-123"_s}};
        return s;
    }
    /// The pairs of an option in a bwrap command line: "--bind A B" gives "A B".
    static QStringList option(const QStringList &arguments, const QString &name)
    {
        QStringList found;
        for (qsizetype i = 0; i + 2 < arguments.size(); ++i) {
            if (arguments.at(i) == name)
                found.append(arguments.at(i + 1) + u' ' + arguments.at(i + 2));
            if (arguments.at(i) == u"--")
                break;
        }
        return found;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        for (const char *folder : {"home/.ssh", "home/.config/toolgate", "home/project/.ssh", "home/.npm"})
            QVERIFY(QDir().mkpath(m_dir.filePath(QString::fromLatin1(folder))));
    }

    void readsAndWritesTheServersFile()
    {
        const QByteArray json = R"({
  "mcpServers": {
    "files": {
      "command": "npx",
      "sandbox": {
        "network": "off",
        "grants": ["/srv/data:rw", "/srv/docs"],
        "futureKey": 7
      },
      "args": ["-y", "server-filesystem"]
    },
    "plain": {
      "command": "node"
    },
    "free": {
      "command": "node",
      "sandbox": false
    }
  }
}
)";
        const auto servers = ServerConfigFile::parse(json, u"test"_s);
        QVERIFY2(servers, servers ? "" : qPrintable(servers.error().message));
        const SandboxProfile &files = servers->at(0).sandbox;
        QVERIFY(files.enabled);
        QCOMPARE(files.network, SandboxProfile::Network::Off);
        QCOMPARE(files.grants, (QList<SandboxProfile::Grant>{{u"/srv/data"_s, true}, {u"/srv/docs"_s, false}}));
        QVERIFY(servers->at(1).sandbox.isDefault());
        QVERIFY(!servers->at(2).sandbox.enabled);
        // Written back as it was: key order, unknown keys, and no "sandbox" where it is the default.
        const QByteArray written = ServerConfigFile::serialize(servers.value());
        const auto at = [&written](const char *text) { return written.indexOf(text); };
        QVERIFY2(at("\"command\": \"npx\"") < at("\"sandbox\"") && at("\"sandbox\"") < at("\"network\"")
                     && at("\"network\"") < at("\"grants\"") && at("\"grants\"") < at("\"futureKey\"")
                     && at("\"futureKey\"") < at("\"args\""),
                 written.constData());
        QVERIFY2(at("/srv/data:rw") > 0 && at("\"sandbox\": false") > 0, written.constData());
        QCOMPARE(written.count("\"sandbox\""), 2);
        const auto again = ServerConfigFile::parse(written, u"again"_s);
        QVERIFY(again);
        QCOMPARE(ServerConfigFile::serialize(again.value()), written);
        QVERIFY(again->at(0).sandbox == files);
    }

    void keepsANetworkWrittenOn()
    {
        // "network": "on" is the default, yet the person wrote it: saving the file must not drop it, alone
        // or beside grants, while it still allows only what the default allows.
        const QByteArray json = R"({
    "mcpServers": {
        "alone": {
            "command": "node",
            "sandbox": {
                "network": "on"
            }
        },
        "withGrants": {
            "command": "node",
            "sandbox": {
                "network": "on",
                "grants": ["/srv/docs"]
            }
        }
    }
}
)";
        const auto servers = ServerConfigFile::parse(json, u"test"_s);
        QVERIFY2(servers, servers ? "" : qPrintable(servers.error().message));
        QVERIFY(servers->at(0).sandbox.isDefault());
        QCOMPARE(servers->at(1).sandbox.network, SandboxProfile::Network::On);
        const QByteArray written = ServerConfigFile::serialize(servers.value());
        QCOMPARE(written.count("\"network\": \"on\""), 2);
        QVERIFY2(written.indexOf("\"sandbox\"") < written.indexOf("\"network\": \"on\""), written.constData());
        const auto again = ServerConfigFile::parse(written, u"again"_s);
        QVERIFY(again);
        QCOMPARE(ServerConfigFile::serialize(again.value()), written);
        // How it is written is not what it allows: the trust fingerprint is that of the same profile unwritten.
        ServerConfig unwritten = servers->at(1);
        unwritten.sandbox.networkOnWritten = false;
        QCOMPARE(ServerTrustFacts::of(servers->at(1)).fingerprint(), ServerTrustFacts::of(unwritten).fingerprint());
    }

    void refusesWhatItCannotRead_data()
    {
        QTest::addColumn<QByteArray>("sandbox");
        QTest::addRow("a string") << QByteArray(R"("yes")");
        QTest::addRow("grants not a list") << QByteArray(R"({"grants": "/srv"})");
        QTest::addRow("an empty grant") << QByteArray(R"({"grants": [""]})");
        QTest::addRow("network of another word") << QByteArray(R"({"network": "sometimes"})");
    }

    void refusesWhatItCannotRead()
    {
        QFETCH(QByteArray, sandbox);
        const auto servers = ServerConfigFile::parse(R"({"mcpServers": {"s": {"command": "node", "sandbox": )" + sandbox + "}}}",
                                                     u"test"_s);
        QVERIFY(!servers);
        QVERIFY2(servers.error().message.contains(u"sandbox"_s), qPrintable(servers.error().message));
    }

    void describesItselfInPlainWords()
    {
        SandboxProfile profile;
        profile.grants = {{u"/srv/data"_s, true}, {u"/srv/docs"_s, false}};
        profile.network = SandboxProfile::Network::Off;
        const QString text = profile.describe({u"the program's folder /opt/x"_s}).join(u'\n');
        QVERIFY2(text.contains(u"Can read: the system's programs and libraries; /srv/docs; the program's folder /opt/x"_s), qPrintable(text));
        QVERIFY2(text.contains(u"Can write (and read): a private temporary folder; /srv/data."_s), qPrintable(text));
        QVERIFY2(text.contains(u"Network: off"_s), qPrintable(text));
        profile.enabled = false;
        QCOMPARE(profile.describe(), QStringList{SandboxProfile::notSandboxedText()});
        QVERIFY(SandboxProfile::notSandboxedText().contains(u"full rights"_s));
    }

    void wrapsTheCommandInBubblewrap()
    {
        SandboxProfile profile;
        // The whole home read-only and a project in it writable: ~/.ssh and Toolgate's folder stay hidden.
        profile.grants = {{m_dir.filePath(u"home"_s), false}, {m_dir.filePath(u"home/project"_s), true}};
        profile.network = SandboxProfile::Network::Off;
        const auto wrapped = BubblewrapLauncher::wrap(spec(), profile, host());
        QVERIFY2(wrapped, wrapped ? "" : qPrintable(wrapped.error().message));
        QCOMPARE(wrapped->program, u"/usr/bin/bwrap"_s);
        const QStringList a = wrapped->arguments;
        // The server's own command at the end, the home hidden, the grant writable, the secret in it masked.
        QCOMPARE(a.mid(a.indexOf(u"--"_s)), (QStringList{u"--"_s, QFileInfo(u"/bin/sh"_s).canonicalFilePath(), u"-c"_s, u"true"_s}));
        QVERIFY(a.join(u' ').contains(u"--tmpfs /tmp "_s));
        const QString project = m_dir.filePath(u"home/project"_s);
        QVERIFY2(option(a, u"--bind"_s).contains(project + u' ' + project), qPrintable(a.join(u' ')));
        for (const QString &hidden : {m_dir.filePath(u"home/.ssh"_s), m_dir.filePath(u"home/.config/toolgate"_s)})
            QVERIFY2(a.join(u' ').contains(u"--tmpfs "_s + hidden + u" --remount-ro "_s + hidden), qPrintable(a.join(u' ')));
        const qsizetype homeHidden = a.indexOf(m_dir.filePath(u"home"_s));
        QVERIFY(homeHidden > 0 && a.at(homeHidden - 1) == u"--tmpfs");
        QVERIFY(a.contains(u"--unshare-all"_s));
        QVERIFY(!a.contains(u"--share-net"_s));
        QVERIFY(a.contains(u"--die-with-parent"_s));
        QVERIFY(a.contains(u"--new-session"_s));
        // The environment is exactly the entry's and the minimal one, passed to bwrap, never on its command line.
        QVERIFY(wrapped->exactEnvironment);
        QCOMPARE(wrapped->environment.keys(), (QStringList{u"API_KEY"_s, u"HOME"_s, u"LANG"_s, u"PATH"_s}));
        QCOMPARE(wrapped->environment.value(u"LANG"_s), u"de_DE.UTF-8"_s);
        QVERIFY(!a.join(u' ').contains(u"sk-123"_s));
        QCOMPARE(wrapped->displayCommand, u"/bin/sh -c true"_s);

        profile.network = SandboxProfile::Network::On;
        QVERIFY(BubblewrapLauncher::wrap(spec(), profile, host())->arguments.contains(u"--share-net"_s));
    }

    void reachesListedHostsThroughTheRelay()
    {
        // A host list: the sandbox keeps its own network (no --share-net), the proxy's folder is bound in,
        // the relay runs the server, and the proxy variables lead to it whatever the entry says.
        SandboxProfile profile;
        profile.network = SandboxProfile::Network::Hosts;
        profile.hosts = {u"api.example.com:443"_s};
        BubblewrapLauncher::Host h = host();
        h.relay = m_dir.filePath(u"bin/toolgate-sandbox-relay"_s);
        h.proxyFolder = m_dir.filePath(u"proxy"_s);
        QVERIFY(QDir().mkpath(h.proxyFolder));
        QVERIFY(QDir().mkpath(m_dir.filePath(u"bin"_s)));
        StdioLaunchSpec s = spec();
        s.environment.insert(u"HTTPS_PROXY"_s, u"http://elsewhere:8080"_s);
        const auto wrapped = BubblewrapLauncher::wrap(s, profile, h);
        QVERIFY2(wrapped, wrapped ? "" : qPrintable(wrapped.error().message));
        const QStringList a = wrapped->arguments;
        QVERIFY(a.contains(u"--unshare-all"_s));
        QVERIFY(!a.contains(u"--share-net"_s));
        QVERIFY2(option(a, u"--ro-bind"_s).contains(h.proxyFolder + u" /run/toolgate-proxy"_s), qPrintable(a.join(u' ')));
        QVERIFY2(option(a, u"--ro-bind"_s).contains(m_dir.filePath(u"bin"_s) + u' ' + m_dir.filePath(u"bin"_s)), qPrintable(a.join(u' ')));
        QCOMPARE(a.mid(a.indexOf(u"--"_s)),
                 (QStringList{u"--"_s, h.relay, u"/run/toolgate-proxy/proxy.sock"_s, u"3128"_s, u"--"_s,
                              QFileInfo(u"/bin/sh"_s).canonicalFilePath(), u"-c"_s, u"true"_s}));
        for (const char *name : {"HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"})
            QCOMPARE(wrapped->environment.value(QLatin1String(name)), u"http://127.0.0.1:3128"_s);
        // The trust prompt says it in words.
        QVERIFY(BubblewrapLauncher::describe(s, profile, h).join(u'\n').contains(u"Network: only api.example.com:443"_s));

        // Without a proxy (the era probe's sibling): no relay and no network at all, never more than listed.
        h.proxyFolder.clear();
        const auto unproxied = BubblewrapLauncher::wrap(s, profile, h);
        QVERIFY(unproxied);
        QVERIFY(!unproxied->arguments.contains(u"--share-net"_s));
        QVERIFY(!unproxied->arguments.contains(h.relay));
        QCOMPARE(unproxied->environment.value(u"HTTPS_PROXY"_s), u"http://elsewhere:8080"_s);
    }

    void proxyAllowsOnlyListedHosts_data()
    {
        QTest::addColumn<QString>("entry");
        QTest::addColumn<QString>("host");
        QTest::addColumn<int>("port");
        QTest::addColumn<bool>("allowed");
        QTest::addRow("any port") << u"api.example.com"_s << u"api.example.com"_s << 8443 << true;
        QTest::addRow("the port listed") << u"api.example.com:443"_s << u"api.example.com"_s << 443 << true;
        QTest::addRow("another port") << u"api.example.com:443"_s << u"api.example.com"_s << 80 << false;
        QTest::addRow("written in capitals, a trailing dot") << u"API.Example.COM.:443"_s << u"api.example.com"_s << 443 << true;
        QTest::addRow("an international name") << u"bücher.example"_s << u"xn--bcher-kva.example"_s << 443 << true;
        QTest::addRow("under a wildcard") << u"*.example.com:443"_s << u"a.b.example.com"_s << 443 << true;
        QTest::addRow("the wildcard's own domain") << u"*.example.com"_s << u"example.com"_s << 443 << false;
        QTest::addRow("a longer name") << u"example.com"_s << u"example.com.evil.test"_s << 443 << false;
        QTest::addRow("an IPv6 address") << u"[::1]:8080"_s << u"::1"_s << 8080 << true;
    }

    void proxyAllowsOnlyListedHosts()
    {
        QFETCH(QString, entry);
        QFETCH(QString, host);
        QFETCH(int, port);
        QFETCH(bool, allowed);
        QCOMPARE(SandboxProxy::allows({entry}, host, quint16(port)), allowed);
    }

    void addsWhatARuntimeNeeds()
    {
        // npx keeps its packages in ~/.npm: writable, or npx servers would not start.
        StdioLaunchSpec npx = spec();
        npx.program = u"npx"_s;
        if (QStandardPaths::findExecutable(u"npx"_s, {u"/usr/local/bin"_s, u"/usr/bin"_s, u"/bin"_s}).isEmpty())
            QSKIP("no npx on the sandbox's PATH here");
        const auto planned = BubblewrapLauncher::plan(npx, SandboxProfile(), host());
        QVERIFY2(planned, planned ? "" : qPrintable(planned.error().message));
        const QString npm = m_dir.filePath(u"home/.npm"_s);
        QVERIFY2(option(planned->arguments, u"--bind"_s).contains(npm + u' ' + npm), qPrintable(planned->arguments.join(u' ')));
        QVERIFY(planned->extraWritable.join(u' ').contains(npm));
    }

    void bindsAProgramOutsideTheSystemReadOnly()
    {
        // A program of the build tree or a project: exactly its folder, read-only, and said so.
        const QString folder = m_dir.filePath(u"tools"_s);
        QVERIFY(QDir().mkpath(folder));
        QVERIFY(QFile::copy(u"/bin/true"_s, folder + u"/server"_s));
        StdioLaunchSpec own = spec();
        own.program = folder + u"/server"_s;
        const auto planned = BubblewrapLauncher::plan(own, SandboxProfile(), host());
        QVERIFY2(planned, planned ? "" : qPrintable(planned.error().message));
        QVERIFY(option(planned->arguments, u"--ro-bind"_s).contains(folder + u' ' + folder));
        QVERIFY(planned->extraReadable.join(u' ').contains(folder));
    }

    void refusesWhatItCannotConfine_data()
    {
        QTest::addColumn<QString>("hostChange");
        QTest::addColumn<QString>("grant");
        QTest::addColumn<QString>("says");
        QTest::addRow("no bwrap") << u"no bwrap"_s << QString() << u"bubblewrap"_s;
        QTest::addRow("no user namespaces") << u"no namespaces"_s << QString() << u"namespaces"_s;
        QTest::addRow("a grant inside ~/.ssh") << QString() << u"home/.ssh"_s << u"never visible"_s;
        QTest::addRow("a grant that does not exist") << QString() << u"home/nothing"_s << u"does not exist"_s;
        QTest::addRow("hosts without the relay") << u"hosts"_s << QString() << u"toolgate-sandbox-relay"_s;
    }

    void refusesWhatItCannotConfine()
    {
        QFETCH(QString, hostChange);
        QFETCH(QString, grant);
        QFETCH(QString, says);
        BubblewrapLauncher::Host h = host();
        SandboxProfile profile;
        if (hostChange == u"no bwrap")
            h.bwrap.clear();
        if (hostChange == u"no namespaces")
            h.namespacesUnavailable = u"this system does not let programs make user namespaces"_s;
        if (hostChange == u"hosts") {
            profile.network = SandboxProfile::Network::Hosts;
            profile.hosts = {u"example.com"_s};
        }
        if (!grant.isEmpty())
            profile.grants = {{m_dir.filePath(grant), false}};
        const auto wrapped = BubblewrapLauncher::wrap(spec(), profile, h);
        QVERIFY(!wrapped);
        QVERIFY2(wrapped.error().message.contains(says), qPrintable(wrapped.error().message));
        // Never silently unconfined: the trust prompt says it will not start.
        const QString words = BubblewrapLauncher::describe(spec(), profile, h).join(u'\n');
        QVERIFY2(words.startsWith(u"It will not start"_s), qPrintable(words));
        // Turned off, it runs as configured and says so.
        profile.enabled = false;
        const auto plain = BubblewrapLauncher::wrap(spec(), profile, h);
        QVERIFY(plain);
        QCOMPARE(plain->program, u"/bin/sh"_s);
        QVERIFY(BubblewrapLauncher::describe(spec(), profile, h).join(u' ').contains(u"full rights"_s));
    }
};

QTEST_GUILESS_MAIN(tst_SandboxProfile)
#include "tst_sandboxprofile.moc"
