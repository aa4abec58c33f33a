#include "ui/models/serverlistmodel.h"

#include "modeltesthelpers.h"
#include "core/workspace/workspace.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace Toolgate;
using namespace Toolgate::TestHelpers;

class tst_ServerListModel final : public QObject
{
    Q_OBJECT

private slots:
    void rowsFollowTheWorkspace()
    {
        QTemporaryDir dir;
        Workspace workspace(writeServers(dir, {demoConfig(QStringLiteral("demo")), missingCommandConfig(QStringLiteral("unreachable"))}));
        ServerListModel model(&workspace);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);

        QCOMPARE(model.rowCount(), 0);
        QVERIFY(workspace.load().ok());
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(), int(ServerListModel::ColumnCount));
        QCOMPARE(model.index(0, ServerListModel::NameColumn).data().toString(), QStringLiteral("demo"));
        QCOMPARE(model.index(1, ServerListModel::NameColumn).data().toString(), QStringLiteral("unreachable"));
        QCOMPARE(model.index(0, ServerListModel::TransportColumn).data().toString(), QStringLiteral("local"));
        QVERIFY(model.index(0, ServerListModel::EndpointColumn).data().toString().contains(u"toolgate-demo-server"));
        QCOMPARE(model.connection(model.index(1, 0)), workspace.connection(QStringLiteral("unreachable")));
        QCOMPARE(model.indexOf(workspace.connection(QStringLiteral("unreachable"))).row(), 1);

        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        workspace.startAll();
        QTRY_COMPARE_WITH_TIMEOUT(model.index(0, 0).data(ServerListModel::StatusRole).toInt(),
                                  int(ServerConnection::Status::Ready), 15000);
        QCOMPARE(model.index(0, ServerListModel::StatusColumn).data().toString(), QStringLiteral("Ready"));
        QVERIFY(!model.index(0, 0).data(ServerListModel::ServerTitleRole).toString().isEmpty());
        QVERIFY(!changed.isEmpty());

        // The failure reason is part of the status text.
        QTRY_COMPARE_WITH_TIMEOUT(model.index(1, 0).data(ServerListModel::StatusRole).toInt(),
                                  int(ServerConnection::Status::Failed), 15000);
        const QString failure = model.index(1, ServerListModel::StatusColumn).data().toString();
        QVERIFY2(failure.startsWith(u"Failed:") && failure.contains(u"toolgate-no-such-command-here"), qPrintable(failure));
        QVERIFY(!model.index(1, 0).data(Qt::DecorationRole).value<QIcon>().isNull());

        // Add, edit, disable and remove update rows in place.
        QVERIFY(workspace.addServer(missingCommandConfig(QStringLiteral("third"))).ok());
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.index(2, 0).data().toString(), QStringLiteral("third"));
        QVERIFY(workspace.setServerEnabled(QStringLiteral("third"), false).ok());
        QCOMPARE(model.index(2, 0).data(ServerListModel::EnabledRole).toBool(), false);
        QCOMPARE(model.index(2, ServerListModel::StatusColumn).data().toString(), QStringLiteral("Disabled"));
        QVERIFY(workspace.removeServer(QStringLiteral("unreachable")).ok());
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(1, 0).data().toString(), QStringLiteral("third"));

        // A reload resets.
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QVERIFY(workspace.load().ok());
        QCOMPARE(reset.size(), 1);
        QCOMPARE(model.rowCount(), 2);
    }

    void outlivesItsWorkspace()
    {
        QTemporaryDir dir;
        auto workspace = std::make_unique<Workspace>(writeServers(dir, {missingCommandConfig(QStringLiteral("x"))}));
        QVERIFY(workspace->load().ok());
        ServerListModel model(workspace.get());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 1);
        workspace.reset();
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(tst_ServerListModel)
#include "tst_serverlistmodel.moc"
