// The server page and the protocol era (issue 15), in the real window with a host that has an era
// cache, as the app composes it: a legacy-only server (toolgate-fault-server; the demo server speaks both
// eras) and the TypeScript SDK v2 peer (modern-only)
// are probed on the first start and remembered on the next; "Probe the Protocol Era Again" forgets and
// probes; the Legacy setting from the editor restarts the server and is what the page then says.

#include "ui/mainwindow/mainwindow.h"
#include "../support/mainwindowtesting.h"
#include "modernpeer.h"

#include "ui/dialogs/servereditordialog.h"
#include "ui/models/serverlistmodel.h"
#include "ui/servers/serverinfopanel.h"
#include "ui/servers/serverpanel.h"
#include "core/workspace/eracache.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QRegularExpression>
#include <QTest>

using namespace Toolgate;
using namespace Toolgate::TestSupport;

namespace {

/// An initialize-era server only: it answers server/discover with -32601.
ServerConfig legacyConfig()
{
    ServerConfig config;
    config.name = QStringLiteral("legacy");
    config.command = executable(QStringLiteral("toolgate-fault-server"));
    return config;
}

// What the console says when a first start runs the server twice (the era probe's copy, then the server).
const QString twiceNote = QStringLiteral("Starting the server twice this time: first a short-lived copy, only to find out "
                                         "which protocol version it speaks (remembered for later starts), then the server itself.");

QString consoleText(const ServerConnection *connection)
{
    QStringList lines;
    for (const ConsoleLine &line : connection->console())
        lines.append(line.text);
    return lines.join(u'\n');
}

} // namespace

class tst_ServerPage final : public QObject, private MainWindowFixture
{
    Q_OBJECT

private:
    ScriptedGate m_gate;

    ServerConnection *connection(const QString &name) const { return m_host->workspace()->connection(name); }

    /// A host with the era cache in the test's folder, and the window on it, servers started.
    void start()
    {
        m_host = guiTestHost(m_dir->path(), {}, [this](Host::Options &options) { options.eraCachePath = path(QStringLiteral("eras.json")); });
        QVERIFY(m_host->eraCacheLoaded().ok());
        QVERIFY(showMainWindow(makeWindow(&m_gate), *m_host, QSize(1200, 760)));
        m_host->workspace()->startAll();
        for (const QString &name : {QStringLiteral("legacy"), QStringLiteral("modern")})
            QTRY_VERIFY2_WITH_TIMEOUT(connection(name)->status() == ServerConnection::Status::Ready,
                                      qPrintable(name + u": " + connection(name)->statusText()), 30000);
    }

    /// Ends the window and the host, then start()s them again, as the next run of the app.
    void startAgain()
    {
        m_window.reset();
        m_host.reset();
        start();
    }

    /// The page's protocol line for the server, once it is shown: in plain words.
    QString protocolLine(const QString &name)
    {
        m_window->serverPanel()->selectConnection(connection(name));
        return m_window->serverInfoPanel()->findChild<QLabel *>(QStringLiteral("serverProtocol"))->text();
    }

    /// The exact detail behind protocolLine(): its tooltip (what decided it, the probe's time).
    QString protocolDetail(const QString &name)
    {
        m_window->serverPanel()->selectConnection(connection(name));
        return m_window->serverInfoPanel()->findChild<QLabel *>(QStringLiteral("serverProtocol"))->toolTip();
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(demoServerBuilt(), "toolgate-demo-server was not built");
        QVERIFY2(QFileInfo(modernPeerConfig().command).isExecutable(), "the npm test peers are not installed (tests/npm)");
    }

    void init() { QVERIFY(makeFolder({legacyConfig(), modernPeerConfig()})); }
    void cleanup()
    {
        dropWindowHostAndFolder();
        QVERIFY(leftoverTopLevels().isEmpty());
    }

    void showsTheEraProbedThenCached()
    {
        start();
        // Plain words on the page (#34 item 7); the probe's detail and time in the tooltip.
        const QRegularExpression probedLegacy(QStringLiteral("^20\\d\\d-\\d\\d-\\d\\d \\(an older protocol, found out when it started\\)$"));
        QVERIFY2(probedLegacy.match(protocolLine(QStringLiteral("legacy"))).hasMatch(), qPrintable(protocolLine(QStringLiteral("legacy"))));
        QCOMPARE(protocolLine(QStringLiteral("modern")), QStringLiteral("2026-07-28 (the newer protocol, found out when it started)"));
        const QRegularExpression probedModern(QStringLiteral("2026-07-28 \\(modern, decided by server/discover, probed in \\d+ ms\\)"));
        QVERIFY2(probedModern.match(protocolDetail(QStringLiteral("modern"))).hasMatch(), qPrintable(protocolDetail(QStringLiteral("modern"))));
        QVERIFY2(protocolDetail(QStringLiteral("legacy")).contains(u"(legacy, decided by initialize, probed in "), qPrintable(protocolDetail(QStringLiteral("legacy"))));
        // The server ran twice, and the console says so in words.
        QVERIFY2(consoleText(connection(QStringLiteral("modern"))).contains(twiceNote), qPrintable(consoleText(connection(QStringLiteral("modern")))));

        QTemporaryDir scratch;
        QVERIFY(settled(m_window.get()));
        QVERIFY(m_window->grab().save(QDir(screenshotFolder(scratch)).filePath(QStringLiteral("server-page-era.png"))));
        // Edit Server on it: the setting, at Auto.
        m_window->serverPanel()->editServerAction()->trigger();
        ServerEditorDialog *editor = nullptr;
        QTRY_VERIFY((editor = visibleTopLevel<ServerEditorDialog>()) != nullptr);
        auto *era = editor->findChild<QComboBox *>(QStringLiteral("protocolEra"));
        QCOMPARE(era->currentText(), QStringLiteral("Automatic"));
        QVERIFY(settled(editor));
        QVERIFY(editor->grab().save(QDir(screenshotFolder(scratch)).filePath(QStringLiteral("server-editor-era.png"))));
        editor->reject();

        // The next start of the app reads eras.json: no probe, and the page says so.
        QVERIFY(QFileInfo::exists(path(QStringLiteral("eras.json"))));
        startAgain();
        QCOMPARE(protocolLine(QStringLiteral("modern")), QStringLiteral("2026-07-28 (the newer protocol, remembered from an earlier start)"));
        QVERIFY2(protocolDetail(QStringLiteral("modern")).contains(u"2026-07-28 (modern, decided by server/discover, cached)"), qPrintable(protocolDetail(QStringLiteral("modern"))));
        QVERIFY2(protocolLine(QStringLiteral("legacy")).endsWith(u"(an older protocol, remembered from an earlier start)"), qPrintable(protocolLine(QStringLiteral("legacy"))));
        QVERIFY(!consoleText(connection(QStringLiteral("modern"))).contains(twiceNote));
    }

    void probeAgainForgetsAndProbes()
    {
        start();
        startAgain(); // the second host reads what the first probed
        QVERIFY(protocolDetail(QStringLiteral("modern")).contains(u", cached)"));
        QAction *probe = m_window->serverPanel()->probeEraAgainAction();
        QVERIFY(probe->isEnabled());
        probe->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(consoleText(connection(QStringLiteral("modern"))).contains(twiceNote), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(connection(QStringLiteral("modern"))->status() == ServerConnection::Status::Ready, 30000);
        const QString line = protocolDetail(QStringLiteral("modern"));
        QVERIFY2(line.contains(u"modern, decided by server/discover, probed in"), qPrintable(line));
    }

    void theSettingFromTheEditorApplies()
    {
        start();
        // Not offered where it would not probe: a server set to Legacy.
        ServerConfig pinned = connection(QStringLiteral("legacy"))->config();
        pinned.protocolEra = ServerConfig::EraPreference::Legacy;
        QVERIFY(m_host->workspace()->updateServer(QStringLiteral("legacy"), pinned).ok());
        // The running server restarts with the new setting.
        QTRY_VERIFY_WITH_TIMEOUT(protocolLine(QStringLiteral("legacy")).endsWith(u"(an older protocol, as set for this server)"), 30000);
        QVERIFY(protocolDetail(QStringLiteral("legacy")).contains(u"(legacy, decided by initialize, as set for this server)"));
        QTRY_VERIFY(!m_window->serverPanel()->probeEraAgainAction()->isEnabled());
    }

    void theListAndThePageCountDownTogether()
    {
        // #34 item 7: the server list counted a restart down each second while the server's page kept the
        // number it showed first. Both read the connection's one restart time, at the same moments.
        QVERIFY(makeFolder({legacyConfig()}));
        m_host = guiTestHost(m_dir->path(), {}, [](Host::Options &options) {
            options.restartPolicy = ServerConnection::RestartPolicy{.initialDelay = std::chrono::seconds(3),
                                                                    .maxDelay = std::chrono::seconds(3),
                                                                    .maxCrashes = 5,
                                                                    .window = std::chrono::minutes(2)};
        });
        QVERIFY(showMainWindow(makeWindow(&m_gate), *m_host, QSize(1200, 760)));
        m_host->workspace()->startAll();
        ServerConnection *server = connection(QStringLiteral("legacy"));
        QTRY_COMPARE_WITH_TIMEOUT(server->status(), ServerConnection::Status::Ready, 30000);
        m_window->serverPanel()->selectConnection(server);
        auto *page = m_window->serverInfoPanel()->findChild<QLabel *>(QStringLiteral("serverStatus"));
        QVERIFY(page);
        const auto listed = [&] {
            return m_window->serverListModel()->data(m_window->serverListModel()->indexOf(server, ServerListModel::StatusColumn)).toString();
        };

        // Read at every tick of the countdown, after the views had theirs.
        QStringList ticks;
        QStringList differences;
        connect(server, &ServerConnection::restartCountdownChanged, this, [&] {
            ticks.append(listed());
            if (page->text() != listed())
                differences.append(page->text() + u" | " + listed());
        });
        server->session()->transport()->close(); // as if the server had gone away
        QTRY_COMPARE(server->status(), ServerConnection::Status::Restarting);
        QVERIFY2(page->text().startsWith(u"Restarting in 3 s"), qPrintable(page->text()));
        QCOMPARE(page->text(), listed());
        QTRY_VERIFY_WITH_TIMEOUT(ticks.size() >= 2, 10000);
        QVERIFY2(ticks.at(0).startsWith(u"Restarting in 2 s") && ticks.at(1).startsWith(u"Restarting in 1 s"),
                 qPrintable(ticks.join(u'\n')));
        QVERIFY2(differences.isEmpty(), qPrintable(differences.join(u'\n')));
        QTRY_COMPARE_WITH_TIMEOUT(server->status(), ServerConnection::Status::Ready, 30000);
    }
};

QTEST_MAIN(tst_ServerPage)
#include "tst_serverpage.moc"
