#include "ui/models/prompttreemodel.h"
#include "ui/models/resourcetreemodel.h"

#include "ui/models/toolfilterproxymodel.h"
#include "modeltesthelpers.h"
#include "core/workspace/workspace.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace Toolgate;
using namespace Toolgate::TestHelpers;

class tst_ResourceAndPromptModels final : public QObject
{
    Q_OBJECT

private slots:
    void resourcesAndTemplates()
    {
        QTemporaryDir dir;
        Workspace workspace(writeServers(dir, {demoConfig(QStringLiteral("demo"))}));
        ResourceTreeModel model(&workspace);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        ToolFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(workspace.load().ok());
        workspace.startAll();

        const QModelIndex demo = model.index(0, 0);
        QTRY_VERIFY_WITH_TIMEOUT(model.rowCount(demo) > 0, 15000);
        bool sawTemplate = false;
        bool sawCounter = false;
        QTRY_VERIFY_WITH_TIMEOUT([&] {
            for (int row = 0; row < model.rowCount(demo); ++row) {
                const QModelIndex item = model.index(row, 0, demo);
                sawTemplate |= item.data(ResourceTreeModel::IsTemplateRole).toBool();
                sawCounter |= item.data(ResourceTreeModel::UriRole).toString() == u"demo://counter";
            }
            return sawTemplate && sawCounter;
        }(), 10000);
        QCOMPARE(demo.data(ResourceTreeModel::ServerNameRole).toString(), QStringLiteral("demo"));

        proxy.setQuery(QStringLiteral("counter"));
        QVERIFY(proxy.rowCount(proxy.index(0, 0)) >= 1);
    }

    void prompts()
    {
        QTemporaryDir dir;
        Workspace workspace(writeServers(dir, {demoConfig(QStringLiteral("demo"))}));
        QVERIFY(workspace.load().ok());
        PromptTreeModel model(&workspace);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        workspace.startAll();
        const QModelIndex demo = model.index(0, 0);
        QTRY_VERIFY_WITH_TIMEOUT(model.rowCount(demo) > 0, 15000);
        const QModelIndex first = model.index(0, 0, demo);
        QVERIFY(!first.data(PromptTreeModel::PromptNameRole).toString().isEmpty());
        QCOMPARE(first.data(PromptTreeModel::PromptRole).value<Prompt>().name, first.data(PromptTreeModel::PromptNameRole).toString());
        QVERIFY(demo.data(PromptTreeModel::StatusTextRole).toString().contains(u"prompt"));

        workspace.stopAll();
        QCOMPARE(model.rowCount(demo), 0);
    }
};

QTEST_MAIN(tst_ResourceAndPromptModels)
#include "tst_resourceandpromptmodels.moc"
