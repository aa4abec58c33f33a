#include "ui/models/tooltreemodel.h"
#include "toolcallkeyfortests.h"

#include "core/client/clientsession.h"
#include "ui/models/toolfilterproxymodel.h"
#include "modeltesthelpers.h"
#include "germantranslation.h"
#include "core/workspace/workspace.h"

#include <QAbstractItemModelTester>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

using namespace Toolgate;
using namespace Toolgate::TestHelpers;

namespace {

QStringList childNames(const QAbstractItemModel &model, const QModelIndex &parent)
{
    QStringList names;
    for (int row = 0; row < model.rowCount(parent); ++row)
        names.append(model.index(row, 0, parent).data(ToolTreeModel::ToolNameRole).toString());
    return names;
}

} // namespace

class tst_ToolTreeModel final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Workspace> m_workspace;

private slots:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        m_workspace = std::make_unique<Workspace>(writeServers(*m_dir, {demoConfig(QStringLiteral("demo")), missingCommandConfig(QStringLiteral("unreachable"))}));
        QVERIFY(m_workspace->load().ok());
    }

    void cleanup()
    {
        m_workspace.reset();
        m_dir.reset();
    }

    void toolsAppearGroupedByServer()
    {
        ToolTreeModel model(m_workspace.get());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 2);
        const QModelIndex demo = model.index(0, 0);
        QVERIFY(ToolTreeModel::isServer(demo));
        QCOMPARE(demo.data().toString(), QStringLiteral("demo"));
        QCOMPARE(model.rowCount(demo), 0);

        m_workspace->startAll();
        QTRY_VERIFY_WITH_TIMEOUT(model.rowCount(demo) > 5, 15000);
        const QModelIndex echo = model.toolIndex(QStringLiteral("demo"), QStringLiteral("echo"));
        QVERIFY(echo.isValid());
        QCOMPARE(echo.parent(), demo);
        QCOMPARE(echo.data().toString(), QStringLiteral("Echo"));
        QCOMPARE(echo.siblingAtColumn(ToolTreeModel::NameColumn).data().toString(), QStringLiteral("echo"));
        QVERIFY(echo.siblingAtColumn(ToolTreeModel::DescriptionColumn).data().toString().contains(u"back"));
        QCOMPARE(echo.data(ToolTreeModel::ServerNameRole).toString(), QStringLiteral("demo"));
        QCOMPARE(echo.data(ToolTreeModel::ToolRole).value<Tool>().name, QStringLiteral("echo"));
        QVERIFY(echo.data(ToolTreeModel::AnnotationsTextRole).toString().contains(u"read-only"));
        QVERIFY(!echo.data(Qt::DecorationRole).value<QIcon>().isNull());
        QCOMPARE(model.connection(echo), m_workspace->connection(QStringLiteral("demo")));
        QVERIFY(demo.siblingAtColumn(ToolTreeModel::DescriptionColumn).data().toString().contains(u"tools"));

        // Tooltips are rich text built from escaped server text.
        QVERIFY(echo.data(Qt::ToolTipRole).toString().startsWith(u"<p>"));

        const QModelIndex broken = model.index(1, 0);
        QTRY_VERIFY_WITH_TIMEOUT(broken.data(ToolTreeModel::StatusTextRole).toString().startsWith(u"Failed"), 15000);
        QCOMPARE(model.rowCount(broken), 0);
    }

    // #34 item 6/7: beside the server's name the row has room for a few words. It showed the whole status
    // ("Neustart in 4 s (Fehlschlag 3 von 5): …"), and in German only "Neustart…" was left: now the row says
    // "Neustart in 4 s" and the tooltip the rest.
    void aRestartingServerShowsItsCountdownBriefly()
    {
        TestSupport::GermanTranslation german;
        QVERIFY(german.installed());
        ServerConfig exitsAtOnce = demoConfig(QStringLiteral("flaky"));
        exitsAtOnce.args = {QStringLiteral("--no-such-option")};
        QTemporaryDir dir;
        Workspace workspace(writeServers(dir, {exitsAtOnce}));
        QVERIFY(workspace.load().ok());
        ToolTreeModel model(&workspace);
        workspace.startAll();
        const QModelIndex flaky = model.index(0, 0);
        const QRegularExpression countdown(QStringLiteral("^Neustart in \\d+ s$"));
        QTRY_VERIFY_WITH_TIMEOUT(countdown.match(flaky.data(ToolTreeModel::StatusTextRole).toString()).hasMatch(), 15000);
        const QString tooltip = flaky.data(Qt::ToolTipRole).toString();
        QVERIFY2(tooltip.contains(u"Fehlschlag"), qPrintable(tooltip)); // the reason is in the tooltip
    }

    void listChangesAreIncremental()
    {
        ToolTreeModel model(m_workspace.get());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_workspace->startAll();
        ServerConnection *demo = m_workspace->connection(QStringLiteral("demo"));
        QTRY_VERIFY_WITH_TIMEOUT(model.toolIndex(QStringLiteral("demo"), QStringLiteral("echo")).isValid(), 15000);
        const QStringList before = childNames(model, model.index(0, 0));
        QVERIFY(!before.contains(u"coin_flip"));

        QPersistentModelIndex echo = model.toolIndex(QStringLiteral("demo"), QStringLiteral("echo"));
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);

        // change_catalog adds a tool at run time and says so with list_changed.
        bool answered = false;
        demo->session()->callTool(ToolCallKeyForTests::make(), QStringLiteral("change_catalog"), {{QStringLiteral("action"), QStringLiteral("add")}}, {}, this,
                                  [&answered](const Result<CallToolResult> &result) { answered = result.ok(); });
        QTRY_VERIFY_WITH_TIMEOUT(model.toolIndex(QStringLiteral("demo"), QStringLiteral("coin_flip")).isValid(), 10000);
        QVERIFY(answered);
        QCOMPARE(resets.size(), 0);
        QCOMPARE(inserted.size(), 1);
        QVERIFY(echo.isValid());
        QCOMPARE(echo.data(ToolTreeModel::ToolNameRole).toString(), QStringLiteral("echo"));

        demo->session()->callTool(ToolCallKeyForTests::make(), QStringLiteral("change_catalog"), {{QStringLiteral("action"), QStringLiteral("remove")}}, {}, this,
                                  [](const Result<CallToolResult> &) {});
        QTRY_VERIFY_WITH_TIMEOUT(!model.toolIndex(QStringLiteral("demo"), QStringLiteral("coin_flip")).isValid(), 10000);
        QCOMPARE(removed.size(), 1);
        QCOMPARE(resets.size(), 0);
        QCOMPARE(childNames(model, model.index(0, 0)), before);
        QVERIFY(echo.isValid());

        // Stopping empties the server's rows; removing the server removes its row.
        demo->stop();
        QCOMPARE(model.rowCount(model.index(0, 0)), 0);
        QVERIFY(!echo.isValid());
        QVERIFY(m_workspace->removeServer(QStringLiteral("demo")).ok());
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("unreachable"));
    }

    void serversAddedLaterGetRows()
    {
        ToolTreeModel model(m_workspace.get());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(m_workspace->addServer(demoConfig(QStringLiteral("second"))).ok());
        QCOMPARE(model.rowCount(), 3);
        QTRY_VERIFY_WITH_TIMEOUT(model.toolIndex(QStringLiteral("second"), QStringLiteral("echo")).isValid(), 15000);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QVERIFY(m_workspace->load().ok());
        QCOMPARE(reset.size(), 1);
        QCOMPARE(model.rowCount(), 3);
    }

    void filterNarrowsAndKeepsParents()
    {
        ToolTreeModel model(m_workspace.get());
        ToolFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_workspace->startAll();
        QTRY_VERIFY_WITH_TIMEOUT(model.rowCount(model.index(0, 0)) > 5, 15000);
        const int all = model.rowCount(model.index(0, 0));
        QCOMPARE(proxy.rowCount(), 2);

        proxy.setQuery(QStringLiteral("echo"));
        QVERIFY(proxy.isFiltering());
        QCOMPARE(proxy.rowCount(), 1);
        const QModelIndex server = proxy.index(0, 0);
        QCOMPARE(server.data().toString(), QStringLiteral("demo"));
        QCOMPARE(proxy.rowCount(server), 1);
        QCOMPARE(proxy.index(0, 0, server).data(ToolTreeModel::ToolNameRole).toString(), QStringLiteral("echo"));

        // Title and description count, case does not, and every word must match somewhere.
        proxy.setQuery(QStringLiteral("PROGRESS slow"));
        QCOMPARE(proxy.rowCount(proxy.index(0, 0)), 1);
        proxy.setQuery(QStringLiteral("demo echo"));
        QCOMPARE(proxy.rowCount(proxy.index(0, 0)), 1);
        // A server's name keeps all its tools.
        proxy.setQuery(QStringLiteral("demo"));
        QCOMPARE(proxy.rowCount(proxy.index(0, 0)), all);
        proxy.setQuery(QStringLiteral("no-such-tool-anywhere"));
        QCOMPARE(proxy.rowCount(), 0);
        proxy.setQuery(QString());
        QCOMPARE(proxy.rowCount(), 2);
        QCOMPARE(proxy.rowCount(proxy.index(0, 0)), all);
    }
};

QTEST_MAIN(tst_ToolTreeModel)
#include "tst_tooltreemodel.moc"
