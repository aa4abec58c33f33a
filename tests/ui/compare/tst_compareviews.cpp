// The compare views (issue 19, item 4): two tool results side by side with their text diff and
// structured changes; a real server's interface before and after it changed (the demo server's
// change_catalog, the hostile server's rug pull) as added, removed and changed items with the
// schema's line diff. Real servers over stdio; the screenshots the docs use.

#include "interfacecapture.h"
#include "testpaths.h"
#include "../support/groupedrows.h"
#include "../support/uitestsupport.h"

#include "core/calls/approval.h"
#include "core/calls/toolcall.h"
#include "core/client/clientsession.h"
#include "core/compare/interfacesnapshot.h"
#include "ui/compare/interfacediffview.h"
#include "ui/compare/resultcompareview.h"
#include "core/transport/stdiotransport.h"
#include "ui/viewers/linediffview.h"
#include "ui/viewers/resultview.h"

#include <QApplication>
#include <QJsonArray>
#include <QLabel>
#include <QPointer>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QTreeWidget>

#include <memory>

using namespace Toolgate;
using namespace Qt::StringLiterals;

namespace {

CallToolResult resultOf(const QString &text, const QJsonObject &structured, bool isError = false)
{
    QJsonObject json{{u"content"_s, QJsonArray{QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, text}}}}};
    if (!structured.isEmpty())
        json.insert(u"structuredContent"_s, structured);
    if (isError)
        json.insert(u"isError"_s, true);
    return CallToolResult::fromJson(json);
}

/// The item rows of the change tree, "group: row", in order.
QStringList tableRows(QTableWidget *table)
{
    QStringList rows;
    for (int row = 0; row < table->rowCount(); ++row) {
        QStringList cells;
        for (int column = 0; column < table->columnCount(); ++column)
            cells.append(table->item(row, column) ? table->item(row, column)->text() : QString());
        rows.append(cells.join(u" | "_s));
    }
    return rows;
}

} // namespace

class tst_CompareViews : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void differentResultsShowTheirTextAndStructuredDifferences();
    void equalResultsAreTheSame();
    void theDialogOpensWithoutBlocking();
    void demoCatalogChangeListsExactlyTheAddedItems();
    void rugPullShowsTheSchemaLineDiff();

};

void tst_CompareViews::initTestCase()
{
    QVERIFY2(QFile::exists(TestSupport::binDir() + u"/toolgate-demo-server"_s), "build toolgate-demo-server first");
    QVERIFY2(QFile::exists(TestSupport::binDir() + u"/toolgate-hostile-server"_s), "build toolgate-hostile-server first");
}

void tst_CompareViews::cleanup()
{
    QVERIFY(TestSupport::leftoverTopLevels().isEmpty());
}

void tst_CompareViews::differentResultsShowTheirTextAndStructuredDifferences()
{
    ResultCompareView view;
    view.resize(1000, 760);
    const CallToolResult before = resultOf(u"Weather for Paris\nsunny\nhumidity 40 %"_s,
                                           {{u"city"_s, u"Paris"_s}, {u"temperature"_s, 21}, {u"tags"_s, QJsonArray{u"warm"_s}}});
    const CallToolResult after = resultOf(u"Weather for Oslo\nsunny\nhumidity 40 %"_s,
                                          {{u"city"_s, u"Oslo"_s}, {u"temperature"_s, 4}, {u"wind"_s, 30}}, true);
    QSignalSpy shown(&view, &ResultCompareView::differencesShown);
    view.setResults(u"before · echo"_s, before, u"after · echo"_s, after);
    QVERIFY(shown.wait(10000));
    QVERIFY(view.isCompared());

    // Each side in the result viewer the app uses everywhere.
    QCOMPARE(view.beforeView()->objectName(), u"beforeResult"_s);
    QCOMPARE(view.findChild<QLabel *>(u"beforeTitle"_s)->text(), u"before · echo"_s);
    QCOMPARE(view.findChild<QLabel *>(u"afterTitle"_s)->text(), u"after · echo"_s);

    QVERIFY(!view.textDiffView()->isHidden());
    QCOMPARE(view.textDiffView()->lines(),
             (QStringList{u"- Weather for Paris"_s, u"+ Weather for Oslo"_s, u"  sunny"_s, u"  humidity 40 %"_s}));
    QCOMPARE(view.textDiffView()->toPlainText().split(u'\n').size(), 4);

    QVERIFY(!view.structuredTable()->isHidden());
    QCOMPARE(tableRows(view.structuredTable()),
             (QStringList{u"changed | /city | \"Paris\" | \"Oslo\""_s, u"removed | /tags | [\"warm\"] | "_s,
                          u"changed | /temperature | 21 | 4"_s, u"added | /wind |  | 30"_s}));
    const QString summary = view.summaryLabel()->text();
    QVERIFY2(summary.contains(u"One result is an error and the other is not."_s), qPrintable(summary));
    QVERIFY2(summary.contains(u"The text differs."_s), qPrintable(summary));
    QVERIFY2(summary.contains(u"4 places"_s), qPrintable(summary));
    QVERIFY(!summary.contains(u"Other content"_s));
    QVERIFY(!summary.contains(u"the same"_s));
}

void tst_CompareViews::equalResultsAreTheSame()
{
    ResultCompareView view;
    const CallToolResult result = resultOf(u"same\ntext"_s, {{u"a"_s, 1}});
    QSignalSpy shown(&view, &ResultCompareView::differencesShown);
    view.setResults(u"one"_s, result, u"two"_s, result);
    QVERIFY(shown.wait(10000));
    QCOMPARE(view.summaryLabel()->text(), u"The results are the same."_s);
    QVERIFY(view.textDiffView()->isHidden());
    QVERIFY(view.structuredTable()->isHidden());
    QCOMPARE(view.structuredTable()->rowCount(), 0);

    // Other content alone (a resource link more) is named too.
    QJsonObject withImage{{u"content"_s, QJsonArray{QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, u"same\ntext"_s}},
                                                    QJsonObject{{u"type"_s, u"resource_link"_s}, {u"uri"_s, u"demo://notes"_s},
                                                                {u"name"_s, u"notes"_s}}}},
                          {u"structuredContent"_s, QJsonObject{{u"a"_s, 1}}}};
    view.setResults(u"one"_s, result, u"two"_s, CallToolResult::fromJson(withImage));
    QVERIFY(shown.wait(10000));
    QVERIFY2(view.summaryLabel()->text().contains(u"Other content differs"_s), qPrintable(view.summaryLabel()->text()));
    QVERIFY(view.textDiffView()->isHidden());
}

void tst_CompareViews::theDialogOpensWithoutBlocking()
{
    QWidget parent;
    ResultCompareDialog::open(&parent, u"first"_s, resultOf(u"a"_s, {}), u"second"_s, resultOf(u"b"_s, {}));
    auto *dialog = parent.findChild<ResultCompareDialog *>();
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    QVERIFY(!dialog->isModal());
    QTRY_VERIFY(dialog->view()->isCompared());
    QCOMPARE(dialog->view()->textDiffView()->lines(), (QStringList{u"- a"_s, u"+ b"_s}));
    dialog->close();
    QTRY_VERIFY(!parent.findChild<ResultCompareDialog *>()); // deleted when closed
}

void tst_CompareViews::demoCatalogChangeListsExactlyTheAddedItems()
{
    auto session = TestSupport::connectToBuiltServer(u"toolgate-demo-server"_s, {});
    QVERIFY(session);
    const auto before = TestSupport::captureInterface(session.get(), this);
    QVERIFY2(before, before ? "" : qPrintable(before.error().message));
    QVERIFY(TestSupport::callThroughPipeline(session.get(), u"change_catalog"_s, {{u"action"_s, u"add"_s}}, this));
    const auto after = TestSupport::captureInterface(session.get(), this);
    QVERIFY2(after, after ? "" : qPrintable(after.error().message));

    InterfaceDiffDialog dialog; // for its margins in the picture
    InterfaceDiffView &view = *dialog.view();
    dialog.resize(980, 660);
    QSignalSpy shown(&view, &InterfaceDiffView::diffShown);
    view.setSnapshots(u"demo before change_catalog"_s, before.value(), u"demo after change_catalog"_s, after.value());
    QVERIFY(shown.wait(10000));
    QCOMPARE(TestSupport::groupedRows(view.changeTree()),
             (QStringList{u"Tools (1): + coin_flip"_s, u"Resources (1): + demo://extra/notes"_s, u"Prompts (1): + haiku"_s}));
    QCOMPARE(view.summaryLabel()->text(), u"3 differences: 3 added, 0 removed, 0 changed."_s);
    // The first change is shown at once: the added tool's whole definition, its schema among it.
    QCOMPARE(view.detail()->findChild<QLabel *>(u"changeHeading"_s)->text(), u"tool coin_flip — added"_s);
    auto *schema = view.detail()->findChild<LineDiffView *>(u"fieldDiff_inputSchema"_s);
    QVERIFY(schema);
    QVERIFY(!schema->lines().isEmpty());
    for (const QString &line : schema->lines())
        QVERIFY2(line.startsWith(u"+ "_s), qPrintable(line));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    TestSupport::saveScreenshot(&dialog, u"interface-diff.png"_s);

    // The other way round: the same items, removed.
    view.setSnapshots(u"after"_s, after.value(), u"before"_s, before.value());
    QVERIFY(shown.wait(10000));
    QCOMPARE(TestSupport::groupedRows(view.changeTree()),
             (QStringList{u"Tools (1): − coin_flip"_s, u"Resources (1): − demo://extra/notes"_s, u"Prompts (1): − haiku"_s}));
    view.selectChange(2);
    QCOMPARE(view.detail()->findChild<QLabel *>(u"changeHeading"_s)->text(), u"prompt haiku — removed"_s);

    // And with itself: nothing.
    view.setSnapshots(u"before"_s, before.value(), u"before"_s, before.value());
    QVERIFY(shown.wait(10000));
    QCOMPARE(view.changeTree()->topLevelItemCount(), 0);
    QCOMPARE(view.summaryLabel()->text(), u"The interfaces are the same."_s);
    dialog.close();
}

void tst_CompareViews::rugPullShowsTheSchemaLineDiff()
{
    auto session = TestSupport::connectToBuiltServer(u"toolgate-hostile-server"_s, {u"--mode"_s, u"rug-pull"_s});
    QVERIFY(session);
    const auto before = TestSupport::captureInterface(session.get(), this);
    QVERIFY(before);
    QVERIFY(TestSupport::callThroughPipeline(session.get(), u"read_notes"_s, {{u"topic"_s, u"groceries"_s}}, this));
    const auto after = TestSupport::captureInterface(session.get(), this);
    QVERIFY(after);

    QWidget parent;
    InterfaceDiffDialog *dialog = InterfaceDiffDialog::open(&parent, u"hostile server before"_s, before.value(),
                                                            u"hostile server after its rug pull"_s, after.value());
    QVERIFY(dialog->isVisible());
    InterfaceDiffView *view = dialog->view();
    QTRY_VERIFY(view->isCompared());
    QCOMPARE(TestSupport::groupedRows(view->changeTree()), QStringList{u"Tools (1): ~ read_notes"_s});
    QCOMPARE(view->detail()->findChild<QLabel *>(u"changeHeading"_s)->text(), u"tool read_notes — changed"_s);
    auto *description = view->detail()->findChild<LineDiffView *>(u"fieldDiff_description"_s);
    QVERIFY(description);
    QCOMPARE(description->lines().value(0), u"- Reads your notes."_s);
    auto *schema = view->detail()->findChild<LineDiffView *>(u"fieldDiff_inputSchema"_s);
    QVERIFY(schema);
    QVERIFY2(schema->lines().contains(u"+         \"path\": {"_s), qPrintable(schema->lines().join(u'\n')));
    QVERIFY(schema->lines().contains(u"          \"topic\": {"_s));
    // Nothing else is offered as a field of the change.
    QCOMPARE(view->detail()->findChildren<LineDiffView *>().size(), 2);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    TestSupport::saveScreenshot(dialog, u"interface-diff-schema.png"_s);
    dialog->close();
}

QTEST_MAIN(tst_CompareViews)
#include "tst_compareviews.moc"
