// The tools a person exposes to a model (ExposedTools), on two real in-process servers that both have
// a tool called "search": what the model is offered, under which names, and what those names map back to.

#include "inprocessserver.h"

#include "core/model/exposedtools.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Toolgate;
using Toolgate::TestSupport::InProcessServer;

class tst_ExposedTools : public QObject
{
    Q_OBJECT

private slots:
    void offersOnlyWhatWasExposedUnderUniqueNames();
};

namespace {

void respondNothing(const ToolCallContext &call)
{
    call.respond(CallToolResult{});
}

bool listed(InProcessServer &server)
{
    if (!QTest::qWaitFor([&server] { return server.session->isReady(); }, 10000))
        return false;
    bool done = false;
    QObject context;
    server.target->relistTools(&context, [&done](const Result<QList<Tool>> &tools) { done = bool(tools); });
    return QTest::qWaitFor([&done] { return done; }, 10000);
}

} // namespace

void tst_ExposedTools::offersOnlyWhatWasExposedUnderUniqueNames()
{
    auto files = std::make_unique<InProcessServer>();
    files->identity.name = u"files"_s;
    files->target = std::make_unique<TestSupport::SessionCallTarget>(files->session.get(), files->identity);
    files->addTool(u"search"_s, respondNothing);
    files->addTool(u"delete"_s, respondNothing);
    files->start();
    InProcessServer web;
    web.identity.name = u"web"_s;
    web.target = std::make_unique<TestSupport::SessionCallTarget>(web.session.get(), web.identity);
    web.addTool(u"search"_s, respondNothing);
    web.start();
    QVERIFY(listed(*files));
    QVERIFY(listed(web));

    ExposedTools tools;
    QVERIFY(tools.isEmpty());
    tools.add(files->target.get(), u"search"_s);
    tools.add(web.target.get(), u"search"_s);
    tools.add(web.target.get(), u"search"_s); // twice counts once
    tools.add(files->target.get(), u"not_listed"_s);
    QCOMPARE(tools.size(), 3);

    // Offered: the two searches under distinct names (and not delete, which nobody exposed; not the
    // tool the server does not list).
    const QList<ModelTool> offered = tools.modelTools();
    QCOMPARE(offered.size(), 2);
    const QString filesSearch = tools.apiName(u"files"_s, u"search"_s);
    const QString webSearch = tools.apiName(u"web"_s, u"search"_s);
    QVERIFY(!filesSearch.isEmpty() && filesSearch != webSearch);
    QCOMPARE(offered.at(0).name, filesSearch);
    QCOMPARE(offered.at(1).name, webSearch);
    QVERIFY(tools.apiName(u"files"_s, u"delete"_s).isEmpty());

    // Each name leads back to its own server; others lead nowhere.
    const auto resolved = tools.resolve(webSearch);
    QVERIFY(resolved);
    QCOMPARE(resolved->server, u"web"_s);
    QCOMPARE(resolved->tool, u"search"_s);
    QCOMPARE(resolved->target, web.target.get());
    QVERIFY(!tools.resolve(u"delete"_s));
    QVERIFY(!tools.resolve(u"search"_s)); // ambiguous between the two: neither is called so

    // Withdrawn: no longer offered nor resolved; the other keeps its name.
    tools.remove(u"files"_s, u"search"_s);
    QVERIFY(!tools.resolve(filesSearch));
    QCOMPARE(tools.modelTools().size(), 1);

    // A server that goes away takes its tools with it, and renames nobody else's.
    tools.add(files->target.get(), u"search"_s);
    const QString before = tools.apiName(u"web"_s, u"search"_s);
    files.reset();
    QCOMPARE(tools.modelTools().size(), 1);
    QCOMPARE(tools.modelTools().first().name, before);
    QVERIFY(!tools.resolve(tools.apiName(u"files"_s, u"search"_s)));
    QVERIFY(tools.resolve(before));
}

QTEST_GUILESS_MAIN(tst_ExposedTools)

#include "tst_exposedtools.moc"
