// The rules editor (Settings → Argument Rules…): rules listed in order with their scope and action,
// conditions in plain words, reordering and saving into the rules file, and "Test against the audit
// log" replaying real recorded calls on a worker thread. Renders docs/screenshots/argument-rules.png.

#include "../support/uitestsupport.h"
#include "rulebuilders.h"
#include "core/audit/auditlog.h"
#include "core/calls/argumentrules.h"
#include "ui/dialogs/argumentrulesdialog.h"

#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QCompleter>
#include <QLineEdit>
#include <QListWidget>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Toolgate;
using namespace Qt::StringLiterals;

class TestArgumentRulesDialog : public QObject
{
    Q_OBJECT

private slots:
    void editsTestsAndSaves();
};

void TestArgumentRulesDialog::editsTestsAndSaves()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString projects = dir.filePath(u"projects"_s);
    QVERIFY(QDir().mkpath(projects));
    const QString auditPath = dir.filePath(u"audit.sqlite"_s);
    {
        AuditLog log(AuditLog::Options{.path = auditPath});
        const auto record = [&](const QString &path) {
            AuditToolCallIntent intent;
            intent.server = {u"filesystem"_s, u"npx @modelcontextprotocol/server-filesystem"_s, {}};
            intent.tool = u"write_file"_s;
            intent.arguments = {{u"path"_s, path}, {u"content"_s, u"…"_s}};
            log.recordIntent(intent);
        };
        for (int i = 0; i < 41; ++i)
            record(projects + u"/notes/day%1.md"_s.arg(i));
        record(projects + u"/../.ssh/authorized_keys"_s);
        record(u"/etc/hosts"_s);
        for (int i = 0; i < 12; ++i)
            record(u"relative/file%1.txt"_s.arg(i));
        QVERIFY(log.waitForWrites());
    }

    ArgumentRules rules(dir.filePath(u"rules.json"_s));
    ArgumentRule projectFiles = TestSupport::rule(u"Project files only"_s, u"filesystem"_s, u"write_file"_s,
                                                  {TestSupport::pathInside(u"path"_s, projects)}, ArgumentRule::Action::Allow);
    projectFiles.shadow = true;
    ArgumentCondition hosts;
    hosts.kind = ArgumentCondition::Kind::UrlHost;
    hosts.argument = u"url"_s;
    hosts.hosts = {u"docs.python.org"_s, u"*.wikipedia.org"_s};
    ArgumentRule web = TestSupport::rule(u"Known sites"_s, u"fetch"_s, {}, {hosts}, ArgumentRule::Action::Allow);
    web.otherwise = ArgumentRule::Action::Ask;
    ArgumentCondition small;
    small.kind = ArgumentCondition::Kind::NumberWithin;
    small.argument = u"/limit"_s;
    small.maximum = 1000;
    ArgumentRule queries = TestSupport::rule(u"Bounded queries"_s, u"database"_s, u"query"_s, {small}, ArgumentRule::Action::Allow);
    queries.otherwise = ArgumentRule::Action::Deny;
    queries.otherwiseReason = u"at most 1000 rows"_s;
    QVERIFY(rules.setRules({projectFiles, web, queries}));

    ArgumentRulesDialog dialog(&rules, auditPath);
    auto *list = dialog.findChild<QListWidget *>(u"ruleList"_s);
    QVERIFY(list);
    QCOMPARE(list->count(), 3);
    QVERIFY(list->item(0)->text().contains(u"Project files only"_s));
    QVERIFY(list->item(0)->text().contains(u"shadow"_s));
    auto *conditions = dialog.findChild<QListWidget *>(u"conditionList"_s);
    QCOMPARE(conditions->count(), 1);
    QCOMPARE(conditions->item(0)->text(), u"Path argument path must be inside folder %1"_s.arg(projects));

    // The replay runs on a worker thread; the window stays responsive meanwhile.
    QSignalSpy finished(&dialog, &ArgumentRulesDialog::testFinished);
    dialog.testSelected();
    QVERIFY(finished.wait(15000));
    const QString summary = finished.first().first().toString();
    QCOMPARE(summary, u"Of 55 recorded calls, this rule would have allowed 41, denied 0, asked 0; not applied to 14."_s);
    QCOMPARE(dialog.findChild<QLabel *>(u"testResult"_s)->text(), summary);

    dialog.show();
    QVERIFY(Toolgate::TestSupport::settled(&dialog));
    QTemporaryDir scratch;
    QString shots = qEnvironmentVariable("TOOLGATE_SCREENSHOT_DIR");
    if (shots.isEmpty())
        shots = scratch.path();
    QDir().mkpath(shots);
    const QPixmap picture = dialog.grab();
    QVERIFY(picture.width() >= 600);
    QVERIFY(picture.save(QDir(shots).filePath(u"argument-rules.png"_s)));

    // The Server field offers the configured servers' names (a rule must name one exactly).
    dialog.setServerNames({u"filesystem"_s, u"fetch"_s, u"Demo"_s});
    auto *serverField = dialog.findChild<QLineEdit *>(u"serverField"_s);
    QVERIFY(serverField && serverField->completer());
    serverField->completer()->setCompletionPrefix(u"fe"_s);
    QCOMPARE(serverField->completer()->currentCompletion(), u"fetch"_s);
    serverField->completer()->setCompletionPrefix(u"de"_s);
    QCOMPARE(serverField->completer()->currentCompletion(), u"Demo"_s);

    // Switch the first rule off (its box in the list) and save: the file holds it, in order.
    list->item(0)->setCheckState(Qt::Unchecked);
    QVERIFY(!dialog.editedRules().at(0).enabled);
    QVERIFY(dialog.save());
    ArgumentRules reread(dir.filePath(u"rules.json"_s));
    QVERIFY(!reread.loadError());
    QCOMPARE(reread.rules().size(), 3);
    QCOMPARE(reread.rules().at(0).name, u"Project files only"_s);
    QVERIFY(!reread.rules().at(0).enabled);
    QCOMPARE(reread.rules().at(1).otherwise, ArgumentRule::Action::Ask);
}

QTEST_MAIN(TestArgumentRulesDialog)
#include "tst_argumentrulesdialog.moc"
