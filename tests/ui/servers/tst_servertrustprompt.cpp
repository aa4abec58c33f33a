// Server trust in the window (issue 16): the prompt shows exactly what would run (the whole command,
// hidden characters made visible, environment names but no values, the folder; a remote server's
// origin) and what changed; a server from a servers file nobody trusted waits, with its prompt, and
// starts only when trusted; declined, it says so on its page, which offers the prompt again; a change
// of servers.json on disk asks again. The bundled demo server starts without asking. Real processes.

#include "ui/mainwindow/mainwindow.h"
#include "../support/mainwindowtesting.h"
#include "waitingfortrust.h"

#include "ui/dialogs/servertrustdialog.h"
#include "ui/servers/doctordialog.h"
#include "ui/servers/serverinfopanel.h"
#include "ui/servers/serverpanel.h"
#include "ui/servers/servertrustprompter.h"
#include "ui/models/serverlistmodel.h"
#include "core/workspace/servertrust.h"

#include <QClipboard>
#include <QFile>
#include <QGuiApplication>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTest>

using namespace Toolgate;
using namespace Toolgate::TestSupport;

namespace {

QString textOf(const QDialog *dialog, const QString &name)
{
    const auto *view = dialog->findChild<QPlainTextEdit *>(name);
    return view ? view->toPlainText() : QStringLiteral("<no %1>").arg(name);
}

} // namespace

class tst_ServerTrustPrompt final : public QObject, private MainWindowFixture
{
    Q_OBJECT

private:
    ScriptedGate m_gate;

    QString pids() const { return path(QStringLiteral("pids")); }
    ServerConnection *fault() const { return m_host->workspace()->connection(QStringLiteral("fault")); }

    /// The window on a host whose servers file nobody trusted yet, servers started as the app does.
    void start()
    {
        m_host = guiTestHost(m_dir->path(), {}, {}, /*trustListed=*/false);
        makeWindow(&m_gate).serverTrustPrompter()->setTrustDelay(0);
        QVERIFY(showMainWindow(*m_window, *m_host, QSize(1100, 700)));
        m_host->workspace()->startAll();
    }

    static ServerTrustDialog *prompt(int timeoutMs = 10000)
    {
        ServerTrustDialog *dialog = nullptr;
        (void)QTest::qWaitFor([&] { return (dialog = visibleTopLevel<ServerTrustDialog>()) != nullptr; }, timeoutMs);
        return dialog;
    }

private slots:
    void initTestCase() { QVERIFY2(demoServerBuilt(), "toolgate-demo-server was not built"); }
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        QVERIFY(prepareWindowFolder(m_dir->path(), {faultConfig(pids())}));
    }
    void cleanup()
    {
        dropWindowHostAndFolder();
        QTRY_VERIFY(leftoverTopLevels().isEmpty());
    }

    void thePromptShowsExactlyWhatRuns()
    {
        ServerConfig config;
        config.name = QStringLiteral("tools\u202e");
        config.command = QStringLiteral("/opt/very/long/path/") + QString(180, u'p') + QStringLiteral("/server");
        const QString longArgument = QStringLiteral("--config=") + QString(300, u'x') + QStringLiteral("-END");
        config.args = {longArgument, QStringLiteral("two words"), QStringLiteral("esc\x1b[31mred"), QStringLiteral("bidi\u202eevil")};
        config.env = {{QStringLiteral("API_KEY"), QStringLiteral("s3cr3t-value")}, {QStringLiteral("MODE"), QStringLiteral("fast")}};
        config.cwd = QStringLiteral("/srv/tools");
        ServerConfig before = config;
        before.args = {longArgument};
        before.env.remove(QStringLiteral("MODE"));

        ServerTrustDialog dialog(config, ServerTrustFacts::of(before));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        const QString command = textOf(&dialog, QStringLiteral("trustCommand"));
        // All of it, nothing cut; quoted where a shell would need it; escapes shown, not acted on.
        QVERIFY2(command.contains(config.command) && command.contains(longArgument) && command.contains(u"'two words'"), qPrintable(command));
        QVERIFY2(command.contains(u"\\x1b[31m") && command.contains(u"\\u202e"), qPrintable(command));
        QVERIFY(!command.contains(QChar(0x1b)) && !command.contains(QChar(0x202e)));
        const QString environment = textOf(&dialog, QStringLiteral("trustEnvironment"));
        // Values decide what runs (issue #35): an ordinary one is shown, a secret one never.
        QVERIFY2(environment.contains(u"API_KEY=(secret)") && environment.contains(u"MODE=fast"), qPrintable(environment));
        for (const QPlainTextEdit *text : dialog.findChildren<QPlainTextEdit *>())
            QVERIFY2(!text->toPlainText().contains(u"s3cr3t"), qPrintable(text->objectName()));
        QCOMPARE(textOf(&dialog, QStringLiteral("trustFolder")), QStringLiteral("/srv/tools"));
        const QString changes = textOf(&dialog, QStringLiteral("trustChanges"));
        QVERIFY2(changes.contains(u"Arguments:") && changes.contains(u"Environment variables: API_KEY → API_KEY, MODE"), qPrintable(changes));
        auto *title = dialog.findChild<QLabel *>(QStringLiteral("trustTitle"));
        QVERIFY2(title->text().contains(u"tools\\u202e"), qPrintable(title->text()));
        // The text can be selected and copied, not changed.
        auto *view = dialog.findChild<QPlainTextEdit *>(QStringLiteral("trustCommand"));
        QVERIFY(view->isReadOnly() && view->textInteractionFlags().testFlag(Qt::TextSelectableByMouse));
        QCOMPARE(view->lineWrapMode(), QPlainTextEdit::WidgetWidth);
        // Safe by default: "Don't Start" is the default and has focus; "Trust and Start" waits a moment.
        QVERIFY(dialog.dontStartButton()->isDefault());
        QCOMPARE(dialog.focusWidget(), dialog.dontStartButton());
        QVERIFY(!dialog.trustButton()->isEnabled());
        QTRY_VERIFY(dialog.trustButton()->isEnabled());
        QTest::keyClick(&dialog, Qt::Key_Escape);
        QCOMPARE(dialog.result(), int(QDialog::Rejected));

        ServerConfig remote;
        remote.name = QStringLiteral("remote");
        remote.transport = ServerConfig::Transport::Http;
        remote.url = QStringLiteral("https://MCP.example.com/mcp?tenant=7");
        ServerTrustDialog http(remote, std::nullopt);
        QCOMPARE(textOf(&http, QStringLiteral("trustOrigin")), QStringLiteral("https://mcp.example.com:443"));
        QCOMPARE(http.trustButton()->text(), QStringLiteral("Trust and Connect"));
        QVERIFY(!http.findChild<QPlainTextEdit *>(QStringLiteral("trustCommand")));
    }

    void aServerNobodyTrustedWaitsUntilTrusted()
    {
        start();
        ServerTrustDialog *dialog = prompt();
        QVERIFY(dialog);
        QCOMPARE(fault()->status(), ServerConnection::Status::WaitingForTrust);
        QVERIFY(textOf(dialog, QStringLiteral("trustCommand")).contains(executable(QStringLiteral("toolgate-fault-server"))));
        QCOMPARE(textOf(dialog, QStringLiteral("trustEnvironment")), QStringLiteral("FAULT_SERVER_PIDS=") + pids());
        QVERIFY(startsNothing(fault()));
        QCOMPARE(starts(pids()), 0);

        // Declined: not started, not asked again by itself, and the list and the page say so.
        QTest::mouseClick(dialog->dontStartButton(), Qt::LeftButton);
        QTRY_VERIFY(!visibleTopLevel<ServerTrustDialog>());
        QVERIFY(startsNothing(fault())); // the next prompt would be queued, or follow a change of status
        QVERIFY(!visibleTopLevel<ServerTrustDialog>());
        QCOMPARE(fault()->status(), ServerConnection::Status::WaitingForTrust);
        QCOMPARE(starts(pids()), 0);
        const QModelIndex row = m_window->serverListModel()->index(0, ServerListModel::StatusColumn);
        QVERIFY2(row.data().toString().contains(u"trust"), qPrintable(row.data().toString()));
        m_window->serverPanel()->selectConnection(fault());
        QPushButton *again = m_window->serverInfoPanel()->trustButton();
        QTRY_VERIFY(again->isVisible());
        QVERIFY(settled(m_window.get()));
        QTemporaryDir scratch;
        QVERIFY(m_window->grab().save(QDir(screenshotFolder(scratch)).filePath(QStringLiteral("server-waiting-for-trust.png"))));

        // The page offers the prompt again; trusted, it starts.
        QTest::mouseClick(again, Qt::LeftButton);
        dialog = prompt();
        QVERIFY(dialog);
        QTest::mouseClick(dialog->trustButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(fault()->status(), ServerConnection::Status::Ready, 20000);
        QCOMPARE(starts(pids()), 1);
        QTRY_VERIFY(!again->isVisible());

        // The next run of the app remembers it: no prompt.
        m_window.reset();
        m_host.reset();
        start();
        QTRY_COMPARE_WITH_TIMEOUT(fault()->status(), ServerConnection::Status::Ready, 20000);
        QVERIFY(!visibleTopLevel<ServerTrustDialog>());
    }

    void aProgramThatIsNoMcpServerIsDiagnosedOnItsPage()
    {
#ifndef Q_OS_UNIX
        QSKIP("needs /bin/sh");
#else
        // Issue #34: a program that greets and waits fails within seconds with its line, and its page
        // offers the Connection Doctor, whose report names the problem and can be copied.
        ServerConfig welcome;
        welcome.name = QStringLiteral("welcome");
        welcome.command = QStringLiteral("/bin/sh");
        welcome.args = {QStringLiteral("-c"), QStringLiteral("echo Welcome; sleep 60")};
        QVERIFY(prepareWindowFolder(m_dir->path(), {welcome}));
        m_host = guiTestHost(m_dir->path()); // trusted as listed
        makeWindow(&m_gate).serverTrustPrompter()->setTrustDelay(0);
        QVERIFY(showMainWindow(*m_window, *m_host, QSize(1100, 700)));
        m_host->workspace()->startAll();
        ServerConnection *connection = m_host->workspace()->connection(QStringLiteral("welcome"));
        QVERIFY(connection);
        QTRY_COMPARE_WITH_TIMEOUT(connection->status(), ServerConnection::Status::Failed, 10000);
        m_window->serverPanel()->selectConnection(connection);
        QTRY_VERIFY(m_window->serverInfoPanel()->findChild<QLabel *>(QStringLiteral("serverStatus"))->text().contains(u"it printed: \"Welcome\""));

        QPushButton *diagnose = m_window->serverInfoPanel()->diagnoseButton();
        QTRY_VERIFY(diagnose->isVisible());
        QTest::mouseClick(diagnose, Qt::LeftButton);
        DoctorDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = visibleTopLevel<DoctorDialog>()) != nullptr);
        QTRY_VERIFY_WITH_TIMEOUT(dialog->isFinished(), 20000);
        const QString report = textOf(dialog, QStringLiteral("doctorReport"));
        QVERIFY2(report.startsWith(QStringLiteral("Connection Doctor: ")), qPrintable(report));
        QVERIFY2(report.endsWith(QStringLiteral("Problem: Its first line on standard output is not JSON-RPC: \"Welcome\". A server over "
                                                "stdio writes only JSON-RPC messages there: this is no MCP server, or it prints text to "
                                                "standard output that belongs on standard error.")),
                 qPrintable(report));
        QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("copyDoctorReport")), Qt::LeftButton);
        QCOMPARE(QGuiApplication::clipboard()->text(), report);
        dialog->close();
#endif
    }

    void aServersFileChangedOnDiskAsksAgain()
    {
        {
            ServerTrust earlier(path(QStringLiteral("server-trust.json"))); // someone trusted the file as it was
            QVERIFY(earlier.trust(faultConfig(pids()), QStringLiteral("dialog")).ok());
        }
        start();
        QTRY_COMPARE_WITH_TIMEOUT(fault()->status(), ServerConnection::Status::Ready, 20000);
        QCOMPARE(starts(pids()), 1);

        // Someone edits servers.json: another argument and another variable. Reloading does not run it.
        ServerConfig changed = faultConfig(pids());
        changed.args = {QStringLiteral("--protocol-version"), QStringLiteral("2025-06-18")};
        changed.env.insert(QStringLiteral("NODE_OPTIONS"), QStringLiteral("--require /tmp/x.js"));
        QVERIFY(ServerConfigFile::save(path(QStringLiteral("servers.json")), {changed}).ok());
        m_window->reloadServers();
        ServerTrustDialog *dialog = prompt();
        QVERIFY(dialog);
        QCOMPARE(fault()->status(), ServerConnection::Status::WaitingForTrust);
        const QString changes = textOf(dialog, QStringLiteral("trustChanges"));
        QVERIFY2(changes.contains(u"--protocol-version 2025-06-18") && changes.contains(u"NODE_OPTIONS"), qPrintable(changes));
        QVERIFY(!changes.contains(u"/tmp/x.js"));
        QVERIFY(startsNothing(fault()));
        QCOMPARE(starts(pids()), 1);
        QVERIFY(settled(dialog));
        QTemporaryDir scratch;
        QVERIFY(dialog->grab().save(QDir(screenshotFolder(scratch)).filePath(QStringLiteral("server-trust.png"))));

        QTest::mouseClick(dialog->trustButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(fault()->status(), ServerConnection::Status::Ready, 20000);
        QCOMPARE(starts(pids()), 2);
    }

    void anImportedServerAsksAndTheDemoDoesNot()
    {
        QVERIFY(prepareWindowFolder(m_dir->path(), {demoConfig()}));
        start();
        QVERIFY(waitForTool(*m_window)); // the bundled demo server: trusted from the start
        QVERIFY(!visibleTopLevel<ServerTrustDialog>());
        // Import and Add Server end in addServer(): the server asks before it runs.
        QVERIFY(m_host->workspace()->addServer(faultConfig(pids())));
        ServerTrustDialog *dialog = prompt();
        QVERIFY(dialog);
        QCOMPARE(dialog->config().name, QStringLiteral("fault"));
        QCOMPARE(fault()->status(), ServerConnection::Status::WaitingForTrust);
        dialog->reject();
        QTRY_VERIFY(!visibleTopLevel<ServerTrustDialog>());
        QCOMPARE(starts(pids()), 0);
    }
};

QTEST_MAIN(tst_ServerTrustPrompt)
#include "tst_servertrustprompt.moc"
