// MCP tool names ↔ the names a model API accepts: safe, unique, independent of order, and mapped
// back to exactly the tool they stand for.

#include "core/model/toolnamemap.h"

#include <QSet>
#include <QTest>

using namespace Toolgate;
using Tool = ToolNameMap::McpTool;

Q_DECLARE_METATYPE(QList<Toolgate::ToolNameMap::McpTool>)

class tst_ToolNameMap : public QObject
{
    Q_OBJECT

private:
    static void checkRoundTrip(const QList<Tool> &tools)
    {
        const ToolNameMap map = ToolNameMap::build(tools);
        QSet<QString> names;
        for (const Tool &tool : tools) {
            const QString name = map.apiName(tool.server, tool.tool);
            QVERIFY2(ToolNameMap::isApiSafe(name), qPrintable(name));
            const auto back = map.toolFor(name);
            QVERIFY(back);
            QCOMPARE(back->server, tool.server);
            QCOMPARE(back->tool, tool.tool);
            names.insert(name);
        }
        QCOMPARE(names.size(), map.size());
    }

private slots:
    void safeUniqueAndBack_data()
    {
        QTest::addColumn<QList<Tool>>("tools");
        QTest::addRow("plain") << QList<Tool>{{"files", "read"}, {"files", "write"}};
        QTest::addRow("same tool on two servers") << QList<Tool>{{"github", "search"}, {"gitlab", "search"}, {"files", "read"}};
        QTest::addRow("dots and slashes") << QList<Tool>{{"a", "repo/list.issues"}, {"b", "üñí©ødé"}, {"c", ""}, {"d", "with space"}};
        QTest::addRow("same after sanitising") << QList<Tool>{{"s", "a.b"}, {"s", "a_b"}, {"s", "a/b"}};
        QTest::addRow("long") << QList<Tool>{{QString(100, u's'), QString(100, u't')}, {QString(100, u's'), QString(99, u't') + u'u'}};
        QTest::addRow("a name that looks qualified") << QList<Tool>{{"x", "srv__read"}, {"srv", "read"}, {"srv2", "read"}};
        QTest::addRow("server names that sanitise alike") << QList<Tool>{{"my.server", "read"}, {"my/server", "read"}};
        QList<Tool> many;
        for (int i = 0; i < 300; ++i)
            many.append({QStringLiteral("server%1").arg(i % 7), QStringLiteral("tool.%1").arg(i % 50)});
        QTest::addRow("many") << many;
    }
    void safeUniqueAndBack()
    {
        QFETCH(QList<Tool>, tools);
        QList<Tool> unique;
        for (const Tool &tool : tools) {
            if (!unique.contains(tool))
                unique.append(tool);
        }
        checkRoundTrip(unique);
    }

    void keepsPlainNames()
    {
        const ToolNameMap map = ToolNameMap::build({{"files", "read_file"}, {"web", "fetch-page"}});
        QCOMPARE(map.apiName("files", "read_file"), QStringLiteral("read_file"));
        QCOMPARE(map.apiName("web", "fetch-page"), QStringLiteral("fetch-page"));
    }

    void collisionsNameTheServer()
    {
        const ToolNameMap map = ToolNameMap::build({{"github", "search"}, {"gitlab", "search"}});
        QCOMPARE(map.apiName("github", "search"), QStringLiteral("github__search"));
        QCOMPARE(map.apiName("gitlab", "search"), QStringLiteral("gitlab__search"));
    }

    void independentOfOrder()
    {
        const QList<Tool> tools{{"github", "search"}, {"gitlab", "search"}, {"s", "a.b"}, {"s", "a_b"}, {"x", "long" + QString(80, u'x')}};
        QList<Tool> reversed(tools.crbegin(), tools.crend());
        const ToolNameMap a = ToolNameMap::build(tools);
        const ToolNameMap b = ToolNameMap::build(reversed);
        for (const Tool &tool : tools)
            QCOMPARE(a.apiName(tool.server, tool.tool), b.apiName(tool.server, tool.tool));
    }

    void unknownNames()
    {
        const ToolNameMap map = ToolNameMap::build({{"files", "read"}, {"files", "read"}});
        QCOMPARE(map.size(), 1);
        QVERIFY(!map.toolFor(QStringLiteral("write")));
        QVERIFY(!map.toolFor(QString()));
        QVERIFY(map.apiName("files", "write").isEmpty());
    }

    void apiSafe()
    {
        QVERIFY(ToolNameMap::isApiSafe(QStringLiteral("a-b_C9")));
        QVERIFY(!ToolNameMap::isApiSafe(QString()));
        QVERIFY(!ToolNameMap::isApiSafe(QStringLiteral("a.b")));
        QVERIFY(!ToolNameMap::isApiSafe(QString(65, u'a')));
        QVERIFY(ToolNameMap::isApiSafe(QString(64, u'a')));
    }
};

QTEST_GUILESS_MAIN(tst_ToolNameMap)
#include "tst_toolnamemap.moc"
