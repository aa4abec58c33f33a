// A local server's sandbox in the window (issue 32), with real processes under bubblewrap: the server's
// page says what it can read, write and reach in the trust prompt's words, and "Not sandboxed" in red
// where it runs with the person's full rights; the editor changes the profile, which keeps the servers
// file's key order and asks for trust again; a server its sandbox stopped is offered exactly the grant
// that would allow it, which asks for trust again too. With TOOLGATE_SCREENSHOT_DIR set it saves the
// pictures docs/sandbox.md shows.

#include "ui/mainwindow/mainwindow.h"
#include "../support/mainwindowtesting.h"
#include "locallistener.h"

#include "ui/dialogs/servereditordialog.h"
#include "ui/dialogs/servertrustdialog.h"
#include "ui/servers/serverinfopanel.h"
#include "ui/servers/serverpanel.h"
#include "ui/servers/servertrustprompter.h"
#include "ui/forms/argumentform.h"
#include "ui/serverfeatures/toolpanel.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QJsonArray>
#include <QTableWidget>
#include <QTest>

using namespace Toolgate;
using namespace Toolgate::TestSupport;
using namespace Qt::StringLiterals;

namespace {

QString textOf(const QDialog *dialog, const QString &name)
{
    const auto *view = dialog->findChild<QPlainTextEdit *>(name);
    return view ? view->toPlainText() : u"<no %1>"_s.arg(name);
}

const QColor red(0xc6, 0x28, 0x28);

} // namespace

class tst_ServerSandbox final : public QObject, private MainWindowFixture
{
    Q_OBJECT

private:
    ScriptedGate m_gate;

    ServerConnection *connection(const QString &name) const { return m_host->workspace()->connection(name); }
    QLabel *sandboxLine() const { return m_window->serverInfoPanel()->findChild<QLabel *>(u"serverSandbox"_s); }

    /// The window on the folder's servers (trusted as listed), started as the app does.
    void start()
    {
        m_host = guiTestHost(m_dir->path());
        makeWindow(&m_gate).serverTrustPrompter()->setTrustDelay(0);
        QVERIFY(showMainWindow(*m_window, *m_host, QSize(1200, 760)));
        m_host->workspace()->startAll();
    }

    static ServerTrustDialog *prompt()
    {
        ServerTrustDialog *dialog = nullptr;
        (void)QTest::qWaitFor([&] { return (dialog = visibleTopLevel<ServerTrustDialog>()) != nullptr; }, 10000);
        return dialog;
    }

    bool screenshot(QWidget *widget, const QString &name)
    {
        QTemporaryDir scratch;
        return settled(widget) && widget->grab().save(QDir(screenshotFolder(scratch)).filePath(name));
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(demoServerBuilt(), "toolgate-demo-server was not built");
        if (QStandardPaths::findExecutable(u"bwrap"_s).isEmpty())
            QSKIP("bubblewrap (bwrap) is not installed; packaging/setup-debian.sh installs it");
    }
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        keepSettingsIn(m_dir->path());
    }
    void cleanup()
    {
        dropWindowHostAndFolder();
        QTRY_VERIFY(leftoverTopLevels().isEmpty());
    }

    void thePageShowsTheProfile()
    {
        ServerConfig confined = faultConfig(path(u"pids"_s));
        ServerConfig unconfined = faultConfig(path(u"pids"_s));
        unconfined.name = u"unconfined"_s;
        unconfined.sandbox.enabled = false;
        QVERIFY(prepareWindowFolder(m_dir->path(), {confined, unconfined}));
        start();
        for (const QString &name : {u"fault"_s, u"unconfined"_s})
            QTRY_COMPARE_WITH_TIMEOUT(connection(name)->status(), ServerConnection::Status::Ready, 20000);

        // In the trust prompt's words (one way to say it), not red.
        m_window->serverPanel()->selectConnection(connection(u"fault"_s));
        QTRY_VERIFY(sandboxLine()->isVisible());
        const QStringList words = BubblewrapLauncher::describe(confined.launchSpec(), confined.sandbox);
        QCOMPARE(sandboxLine()->text(), words.join(u'\n'));
        QVERIFY2(sandboxLine()->text().contains(u"Can write (and read): a private temporary folder; "_s + m_dir->path()),
                 qPrintable(sandboxLine()->text()));
        QVERIFY(sandboxLine()->palette().color(QPalette::WindowText) != red);
        QVERIFY(screenshot(m_window.get(), u"server-page-sandbox.png"_s));

        // Off: it says so, in red.
        m_window->serverPanel()->selectConnection(connection(u"unconfined"_s));
        QTRY_COMPARE(sandboxLine()->text(), SandboxProfile::notSandboxedText());
        QCOMPARE(sandboxLine()->palette().color(QPalette::WindowText), red);
        QVERIFY(screenshot(m_window.get(), u"server-page-not-sandboxed.png"_s));
    }

    void editingTheProfileAsksForTrustAgain()
    {
        // Written by hand, in an order of the person's own: the sandbox first, "network" before "grants".
        const QString pids = path(u"pids"_s);
        const QString more = path(u"more"_s);
        QVERIFY(QDir().mkpath(more));
        QFile file(path(u"servers.json"_s));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(uR"({"mcpServers": {"fault": {"sandbox": {"network": "on", "grants": ["%1:rw"]}, "command": "%2", "env": {"FAULT_SERVER_PIDS": "%3"}}}})"_s
                       .arg(m_dir->path(), executable(u"toolgate-fault-server"_s), pids)
                       .toUtf8());
        file.close();
        start();
        QTRY_COMPARE_WITH_TIMEOUT(connection(u"fault"_s)->status(), ServerConnection::Status::Ready, 20000);

        m_window->serverPanel()->selectConnection(connection(u"fault"_s));
        m_window->serverPanel()->editServerAction()->trigger();
        ServerEditorDialog *editor = nullptr;
        QTRY_VERIFY((editor = visibleTopLevel<ServerEditorDialog>()) != nullptr);
        auto *grants = editor->findChild<QTableWidget *>(u"sandboxGrants"_s);
        QVERIFY(editor->findChild<QCheckBox *>(u"sandboxEnabled"_s)->isChecked());
        QCOMPARE(grants->rowCount(), 1);
        QCOMPARE(grants->item(0, 0)->text(), m_dir->path());
        QCOMPARE(grants->item(0, 1)->checkState(), Qt::Checked);
        // Grant one more folder (read-only, as a new grant starts), and turn the network off.
        QTest::mouseClick(editor->findChild<QPushButton *>(u"sandboxGrantsAdd"_s), Qt::LeftButton);
        QFileDialog *chooser = nullptr;
        QTRY_VERIFY((chooser = editor->findChild<QFileDialog *>(u"chooseGrant"_s)) != nullptr);
        emit chooser->fileSelected(more);
        chooser->reject();
        QCOMPARE(grants->rowCount(), 2);
        QCOMPARE(grants->item(1, 1)->checkState(), Qt::Unchecked);
        auto *network = editor->findChild<QComboBox *>(u"sandboxNetwork"_s);
        network->setCurrentIndex(network->findData(int(SandboxProfile::Network::Hosts)));
        editor->findChild<QLineEdit *>(u"sandboxHosts"_s)->setText(u"api.example.com:443, *.githubusercontent.com"_s);
        QVERIFY(screenshot(editor, u"server-editor-host-list.png"_s));
        network->setCurrentIndex(network->findData(int(SandboxProfile::Network::Off)));
        QVERIFY(screenshot(editor, u"server-editor-sandbox.png"_s));
        QTest::mouseClick(editor->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Save), Qt::LeftButton);

        // Saved in the person's order, the new grant after the old one.
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray saved = file.readAll();
        file.close();
        QVERIFY2(saved.indexOf("\"sandbox\"") < saved.indexOf("\"command\"") && saved.indexOf("\"command\"") < saved.indexOf("\"env\"")
                     && saved.indexOf("\"network\": \"off\"") > 0 && saved.indexOf("\"network\"") < saved.indexOf("\"grants\"")
                     && saved.indexOf(":rw\"") < saved.indexOf(QByteArray(more.toUtf8() + '"')),
                 saved.constData());

        // What runs changed: the server stops, and the prompt shows the new profile and what changed.
        ServerTrustDialog *dialog = prompt();
        QVERIFY(dialog);
        QCOMPARE(connection(u"fault"_s)->status(), ServerConnection::Status::WaitingForTrust);
        const QString sandbox = textOf(dialog, u"trustSandbox"_s);
        QVERIFY2(sandbox.contains(u"Can read: "_s) && sandbox.contains(more) && sandbox.contains(u"Network: off"_s), qPrintable(sandbox));
        QVERIFY2(textOf(dialog, u"trustChanges"_s).contains(u"Sandbox:"_s), qPrintable(textOf(dialog, u"trustChanges"_s)));
        QVERIFY(screenshot(dialog, u"trust-prompt-sandbox.png"_s));
        QTRY_VERIFY(dialog->trustButton()->isEnabled());
        QTest::mouseClick(dialog->trustButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(connection(u"fault"_s)->status(), ServerConnection::Status::Ready, 20000);
        QCOMPARE(connection(u"fault"_s)->config().sandbox.network, SandboxProfile::Network::Off);
    }

    void aBlockedAccessOffersTheGrant()
    {
        // A server that reads its settings from a folder nobody granted, at start: it exits.
        const QString data = path(u"data"_s);
        const QString settings = QDir(data).filePath(u"settings.json"_s);
        QVERIFY(QDir().mkpath(data));
        QFile(settings).open(QIODevice::WriteOnly);
        ServerConfig reader;
        reader.name = u"reader"_s;
        reader.command = executable(u"toolgate-hostile-server"_s);
        reader.args = {u"--read-at-start"_s, settings};
        QVERIFY(prepareWindowFolder(m_dir->path(), {reader}));
        start();
        QTRY_COMPARE_WITH_TIMEOUT(connection(u"reader"_s)->status(), ServerConnection::Status::Failed, 20000);

        // The page says what the sandbox blocked and offers exactly that folder, read-only.
        m_window->serverPanel()->selectConnection(connection(u"reader"_s));
        QPushButton *grant = m_window->serverInfoPanel()->grantButton();
        QTRY_VERIFY(grant->isVisible());
        QCOMPARE(grant->text(), u"Let It Read “data”"_s);
        const QString status = m_window->serverInfoPanel()->findChild<QLabel *>(u"serverStatus"_s)->text();
        QVERIFY2(status.contains(u"the sandbox kept it from opening "_s + settings), qPrintable(status));
        QVERIFY(screenshot(m_window.get(), u"server-page-blocked.png"_s));

        // Granted: the profile changed, so it asks for trust again, then it runs.
        QTest::mouseClick(grant, Qt::LeftButton);
        ServerTrustDialog *dialog = prompt();
        QVERIFY(dialog);
        QCOMPARE(connection(u"reader"_s)->config().sandbox.grants, (QList<SandboxProfile::Grant>{{data, false}}));
        QVERIFY2(textOf(dialog, u"trustChanges"_s).contains(data), qPrintable(textOf(dialog, u"trustChanges"_s)));
        QTRY_VERIFY(dialog->trustButton()->isEnabled());
        QTest::mouseClick(dialog->trustButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(connection(u"reader"_s)->status(), ServerConnection::Status::Ready, 20000);
        QTRY_VERIFY(!grant->isVisible());
        // And the file says so.
        const auto saved = ServerConfigFile::load(path(u"servers.json"_s));
        QVERIFY(saved);
        QCOMPARE(saved.value().first().sandbox.grants, (QList<SandboxProfile::Grant>{{data, false}}));
    }

    void aRefusedHostOffersTheHost()
    {
        // A server that reaches for a host its list lacks, at start: the proxy refuses it, it exits; the
        // page offers exactly that host, and once trusted with it the server runs.
        TestSupport::LocalListener listed;
        TestSupport::LocalListener needed;
        QVERIFY(listed.isListening() && needed.isListening());
        const QString listedTarget = listed.target();
        const QString neededTarget = needed.target();
        ServerConfig fetcher;
        fetcher.name = u"fetcher"_s;
        fetcher.command = executable(u"toolgate-hostile-server"_s);
        fetcher.args = {u"--connect-at-start"_s, neededTarget};
        fetcher.sandbox.network = SandboxProfile::Network::Hosts;
        fetcher.sandbox.hosts = {listedTarget};
        QVERIFY(prepareWindowFolder(m_dir->path(), {fetcher}));
        start();
        QTRY_COMPARE_WITH_TIMEOUT(connection(u"fetcher"_s)->status(), ServerConnection::Status::Failed, 20000);

        m_window->serverPanel()->selectConnection(connection(u"fetcher"_s));
        QPushButton *grant = m_window->serverInfoPanel()->grantButton();
        QTRY_VERIFY(grant->isVisible());
        QCOMPARE(grant->text(), u"Let It Reach “%1”"_s.arg(neededTarget));
        const QString status = m_window->serverInfoPanel()->findChild<QLabel *>(u"serverStatus"_s)->text();
        QVERIFY2(status.contains(u"the sandbox kept it from reaching "_s + neededTarget), qPrintable(status));

        QTest::mouseClick(grant, Qt::LeftButton);
        ServerTrustDialog *dialog = prompt();
        QVERIFY(dialog);
        QCOMPARE(connection(u"fetcher"_s)->config().sandbox.hosts, (QStringList{listedTarget, neededTarget}));
        QTRY_VERIFY(dialog->trustButton()->isEnabled());
        QTest::mouseClick(dialog->trustButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(connection(u"fetcher"_s)->status(), ServerConnection::Status::Ready, 20000);
        QTRY_VERIFY(!grant->isVisible());
        QTRY_VERIFY(needed.server.hasPendingConnections());
    }

    void theResultShowsTheConnections()
    {
        // A server whose sandbox lists one host asks its proxy for that host and for another: beside the
        // result the tool panel says which connected and which were refused.
        TestSupport::LocalListener listed;
        TestSupport::LocalListener unlisted;
        QVERIFY(listed.isListening() && unlisted.isListening());
        const QString listedTarget = listed.target();
        const QString unlistedTarget = unlisted.target();
        ServerConfig hostile;
        hostile.name = u"hostile"_s;
        hostile.command = executable(u"toolgate-hostile-server"_s);
        hostile.args = {u"--mode"_s, u"escape-sandbox"_s};
        hostile.sandbox.network = SandboxProfile::Network::Hosts;
        hostile.sandbox.hosts = {listedTarget};
        QVERIFY(prepareWindowFolder(m_dir->path(), {hostile}));
        start();
        QTRY_COMPARE_WITH_TIMEOUT(connection(u"hostile"_s)->status(), ServerConnection::Status::Ready, 20000);
        QVERIFY(waitForTool(*m_window, u"hostile"_s, u"escape_sandbox"_s));
        QVERIFY(m_window->selectTool(u"hostile"_s, u"escape_sandbox"_s));
        ToolPanel *panel = m_window->toolPanel();
        QVERIFY(!panel->connectionsLabel()->isVisible());
        panel->argumentForm()->setArguments({{u"viaProxy"_s, QJsonArray{listedTarget, unlistedTarget}}});
        QTRY_VERIFY(panel->runButton()->isEnabled());
        QTest::mouseClick(panel->runButton(), Qt::LeftButton);
        QVERIFY(panel->currentCall());
        QTRY_VERIFY_WITH_TIMEOUT(!panel->currentCall(), 20000);
        QTRY_VERIFY(panel->connectionsLabel()->isVisible());
        QCOMPARE(panel->connectionsLabel()->text(),
                 u"Connections: %1 (allowed), %2 (refused)"_s.arg(listedTarget, unlistedTarget));
        QTRY_VERIFY(listed.server.hasPendingConnections());
        QVERIFY(!unlisted.server.hasPendingConnections());
    }
};

QTEST_MAIN(tst_ServerSandbox)
#include "tst_serversandbox.moc"
