// The server actions on interfaces through the real main window (issue 19, item 4): save the demo
// server's interface, change it with change_catalog, compare with the saved snapshot (exactly the
// added items), compare with another connected server, and the errors in plain words (a file that is
// not a snapshot, a server that is not connected). Real demo servers over stdio.

#include "../support/mainwindowtesting.h"
#include "../support/groupedrows.h"
#include "../support/uitestsupport.h"

#include "ui/compare/interfacecompareactions.h"
#include "ui/compare/interfacediffview.h"
#include "ui/forms/argumentform.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/servers/serverpanel.h"
#include "ui/serverfeatures/toolpanel.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>

using namespace Toolgate;
using namespace Toolgate::TestSupport;
using namespace Qt::StringLiterals;

namespace {

ServerConfig demoCopy()
{
    ServerConfig config = demoConfig();
    config.name = u"demo-copy"_s;
    return config;
}

} // namespace

class tst_InterfaceCompareActions final : public QObject, private MainWindowFixture
{
    Q_OBJECT

private:
    ScriptedGate m_gate;

    InterfaceCompareActions *createWindow()
    {
        m_host = guiTestHost(m_dir->path(), path(u"audit.sqlite"_s));
        makeWindow(&m_gate);
        if (!showMainWindow(*m_window, *m_host))
            return nullptr;
        m_host->workspace()->startAll();
        for (ServerConnection *connection : m_host->workspace()->connections()) {
            if (!QTest::qWaitFor([connection] { return connection->status() == ServerConnection::Status::Ready; }, 20000))
                return nullptr;
        }
        return m_window->interfaceActions();
    }

    bool runTool(const QString &name, const QJsonObject &arguments)
    {
        if (!m_window->selectTool(u"demo"_s, name))
            return false;
        m_window->toolPanel()->argumentForm()->setArguments(arguments);
        if (!QTest::qWaitFor([&] { return m_window->toolPanel()->runButton()->isEnabled(); }, 10000))
            return false;
        QTest::mouseClick(m_window->toolPanel()->runButton(), Qt::LeftButton);
        return QTest::qWaitFor([&] { return !m_window->toolPanel()->currentCall() && m_window->toolPanel()->runButton()->isEnabled(); },
                               20000);
    }

private slots:
    void initTestCase() { QVERIFY(demoServerBuilt()); }

    void init()
    {
        QVERIFY(makeFolder({demoConfig(), demoCopy()}));
    }

    void cleanup()
    {
        dropWindowHostAndFolder();
        QTRY_VERIFY(std::none_of(QApplication::topLevelWidgets().begin(), QApplication::topLevelWidgets().end(),
                                 [](QWidget *w) { return w->isVisible(); }));
    }

    void theServersMenuOffersThem()
    {
        InterfaceCompareActions *actions = createWindow();
        QVERIFY(actions);
        QStringList inMenu;
        for (QAction *menu : m_window->menuBar()->actions()) {
            if (menu->menu() && menu->text() == u"&Servers"_s) {
                for (QAction *action : menu->menu()->actions())
                    inMenu.append(action->objectName());
            }
        }
        for (const QString &name : {u"saveInterfaceSnapshot"_s, u"compareInterfaceWithSnapshot"_s, u"compareInterfaceWithServer"_s})
            QVERIFY2(inMenu.contains(name), qPrintable(inMenu.join(u", "_s)));
        m_window->serverPanel()->selectConnection(demo());
        QTRY_VERIFY(actions->saveSnapshotAction()->isEnabled());
    }

    void saveChangeAndCompareWithTheSnapshot()
    {
        InterfaceCompareActions *actions = createWindow();
        QVERIFY(actions);
        const QString file = path(u"demo-before.json"_s);
        QSignalSpy saved(actions, &InterfaceCompareActions::snapshotSaved);
        QSignalSpy opened(actions, &InterfaceCompareActions::comparisonOpened);
        QList<QPointer<InterfaceDiffDialog>> dialogs;
        connect(actions, &InterfaceCompareActions::comparisonOpened, this, [&dialogs](InterfaceDiffDialog *d) { dialogs.append(d); });
        QSignalSpy failed(actions, &InterfaceCompareActions::failed);
        actions->saveSnapshot(demo(), file);
        QVERIFY(saved.wait(15000));
        QVERIFY(InterfaceSnapshot::load(file));

        QVERIFY(runTool(u"change_catalog"_s, {{u"action"_s, u"add"_s}}));
        actions->compareWithSnapshot(demo(), file);
        QVERIFY(opened.wait(15000));
        InterfaceDiffDialog *dialog = dialogs.value(0);
        QVERIFY(dialog && dialog->isVisible());
        QTRY_VERIFY(dialog->view()->isCompared());
        QCOMPARE(TestSupport::groupedRows(dialog->view()->changeTree()),
                 (QStringList{u"Tools (1): + coin_flip"_s, u"Resources (1): + demo://extra/notes"_s, u"Prompts (1): + haiku"_s}));
        QVERIFY(dialog->view()->findChild<QLabel *>(u"beforeTitle"_s)->text().contains(u"demo-before.json"_s));
        QVERIFY(dialog->view()->findChild<QLabel *>(u"afterTitle"_s)->text().contains(u"server demo (now)"_s));
        QCOMPARE(failed.size(), 0);
        dialog->close();
    }

    void compareWithAnotherServer()
    {
        InterfaceCompareActions *actions = createWindow();
        QVERIFY(actions);
        ServerConnection *copy = m_host->workspace()->connection(u"demo-copy"_s);
        QSignalSpy opened(actions, &InterfaceCompareActions::comparisonOpened);
        QList<QPointer<InterfaceDiffDialog>> dialogs;
        connect(actions, &InterfaceCompareActions::comparisonOpened, this, [&dialogs](InterfaceDiffDialog *d) { dialogs.append(d); });
        actions->compareWithServer(demo(), copy);
        QVERIFY(opened.wait(15000));
        InterfaceDiffDialog *same = dialogs.value(0);
        QVERIFY(same);
        QTRY_VERIFY(same->view()->isCompared());
        QCOMPARE(same->view()->summaryLabel()->text(), u"The interfaces are the same."_s);
        same->close();

        QVERIFY(runTool(u"change_catalog"_s, {{u"action"_s, u"add"_s}}));
        actions->compareWithServer(copy, demo());
        QVERIFY(opened.wait(15000));
        InterfaceDiffDialog *differ = dialogs.value(1);
        QVERIFY(differ);
        QTRY_VERIFY(differ->view()->isCompared());
        QCOMPARE(differ->view()->summaryLabel()->text(), u"3 differences: 3 added, 0 removed, 0 changed."_s);
        differ->close();
    }

    void problemsAreToldInPlainWords()
    {
        InterfaceCompareActions *actions = createWindow();
        QVERIFY(actions);
        QSignalSpy failed(actions, &InterfaceCompareActions::failed);
        QSignalSpy opened(actions, &InterfaceCompareActions::comparisonOpened);

        const QString notASnapshot = path(u"servers.json"_s);
        actions->compareWithSnapshot(demo(), notASnapshot);
        QTRY_COMPARE(failed.size(), 1);
        QVERIFY2(failed.first().first().toString().contains(u"Save Interface Snapshot"_s), qPrintable(failed.first().first().toString()));
        auto *box = m_window->findChild<QMessageBox *>(u"interfaceProblem"_s);
        QVERIFY(box && box->isVisible());
        QCOMPARE(box->textFormat(), Qt::PlainText);
        box->close();

        // A "folder" that is a file: the snapshot cannot be written, and the box says what to do.
        QSignalSpy saved(actions, &InterfaceCompareActions::snapshotSaved);
        actions->saveSnapshot(demo(), path(u"servers.json/demo.json"_s));
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 2, 15000);
        QVERIFY2(failed.last().first().toString().contains(u"Choose another file or folder"_s), qPrintable(failed.last().first().toString()));
        QCOMPARE(saved.size(), 0);
        QVERIFY(!QFile::exists(path(u"servers.json/demo.json"_s)));

        ServerConnection *copy = m_host->workspace()->connection(u"demo-copy"_s);
        copy->stop();
        QTRY_VERIFY_WITH_TIMEOUT(!copy->readySession(), 10000);
        actions->compareWithServer(demo(), copy);
        QTRY_COMPARE(failed.size(), 3);
        // Says why and what to do: stopped, so start it.
        QVERIFY2(failed.last().first().toString().contains(u"\"demo-copy\" is stopped. Start it from the Servers list"_s), qPrintable(failed.last().first().toString()));
        QCOMPARE(opened.size(), 0);
    }
};

QTEST_MAIN(tst_InterfaceCompareActions)
#include "tst_interfacecompareactions.moc"
