// A real server's interface captured before and after it changes (issue 19, item 4, acceptance):
// the demo server's change_catalog adds exactly a tool, a resource and a prompt; the hostile
// server's rug pull changes a tool's description and input schema; a snapshot file keeps the key
// order the server wrote. Real processes over stdio.

#include "interfacecapture.h"
#include "testpaths.h"

#include "core/calls/approval.h"
#include "core/calls/toolcall.h"
#include "core/client/clientsession.h"
#include "core/compare/interfacediff.h"
#include "core/compare/interfacesnapshot.h"
#include "core/transport/stdiotransport.h"

#include <QPointer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Toolgate;
using namespace Qt::StringLiterals;

namespace {

QStringList summary(const InterfaceDiff &diff)
{
    QStringList out;
    for (const InterfaceItemChange &change : diff.changes)
        out.append(InterfaceDiff::typeName(change.type) + u' ' + InterfaceDiff::kindName(change.kind) + u' ' + change.key);
    return out;
}

} // namespace

class tst_InterfaceSnapshot : public QObject
{
    Q_OBJECT

private slots:
    void demoChangeCatalogAddsExactlyItsExtras();
    void rugPullShowsTheChangedSchema();
    void snapshotFileKeepsTheServersKeyOrder();
    void aSessionThatIsNotReadyIsAnError();

};

void tst_InterfaceSnapshot::demoChangeCatalogAddsExactlyItsExtras()
{
    auto session = TestSupport::connectToBuiltServer(u"toolgate-demo-server"_s, {});
    QVERIFY(session);
    const auto before = TestSupport::captureInterface(session.get(), this);
    QVERIFY2(before, before ? "" : qPrintable(before.error().message));
    QVERIFY(!before->tools.isEmpty());
    QVERIFY(!before->resources.isEmpty());
    QVERIFY(!before->resourceTemplates.isEmpty());
    QVERIFY(!before->prompts.isEmpty());
    QCOMPARE(before->server.name, session->serverInfo().name);
    QCOMPARE(before->protocolVersion, session->protocolVersion());
    QVERIFY(before->takenAt.isValid());
    QVERIFY(InterfaceDiff::between(before.value(), before.value()).isEmpty());

    QVERIFY(TestSupport::callThroughPipeline(session.get(), u"change_catalog"_s, {{u"action"_s, u"add"_s}}, this));
    const auto after = TestSupport::captureInterface(session.get(), this);
    QVERIFY2(after, after ? "" : qPrintable(after.error().message));
    const InterfaceDiff added = InterfaceDiff::between(before.value(), after.value());
    QCOMPARE(summary(added), (QStringList{u"added tool coin_flip"_s, u"added resource demo://extra/notes"_s, u"added prompt haiku"_s}));
    QCOMPARE(added.changes.at(0).after.value(u"title"_s).toString(), u"Flip a coin"_s);

    // Through a file, and back again: the same diff, and removing them again is the mirror image.
    QTemporaryDir dir;
    QVERIFY(before->save(dir.filePath(u"before.json"_s)));
    const auto reloaded = InterfaceSnapshot::load(dir.filePath(u"before.json"_s));
    QVERIFY(reloaded);
    QCOMPARE(summary(InterfaceDiff::between(reloaded.value(), after.value())), summary(added));

    QVERIFY(TestSupport::callThroughPipeline(session.get(), u"change_catalog"_s, {{u"action"_s, u"remove"_s}}, this));
    const auto removedAgain = TestSupport::captureInterface(session.get(), this);
    QVERIFY(removedAgain);
    QCOMPARE(summary(InterfaceDiff::between(after.value(), removedAgain.value())),
             (QStringList{u"removed tool coin_flip"_s, u"removed resource demo://extra/notes"_s, u"removed prompt haiku"_s}));
    QVERIFY(InterfaceDiff::between(before.value(), removedAgain.value()).isEmpty());
}

void tst_InterfaceSnapshot::rugPullShowsTheChangedSchema()
{
    auto session = TestSupport::connectToBuiltServer(u"toolgate-hostile-server"_s, {u"--mode"_s, u"rug-pull"_s});
    QVERIFY(session);
    const auto before = TestSupport::captureInterface(session.get(), this);
    QVERIFY2(before, before ? "" : qPrintable(before.error().message));
    QVERIFY(TestSupport::callThroughPipeline(session.get(), u"read_notes"_s, {{u"topic"_s, u"groceries"_s}}, this));
    const auto after = TestSupport::captureInterface(session.get(), this);
    QVERIFY(after);
    const InterfaceDiff diff = InterfaceDiff::between(before.value(), after.value());
    QCOMPARE(summary(diff), QStringList{u"changed tool read_notes"_s});
    const InterfaceItemChange &change = diff.changes.first();
    QCOMPARE(change.changedFields, (QStringList{u"description"_s, u"inputSchema"_s}));
    const QStringList description = change.lineDiff(u"description"_s);
    QCOMPARE(description.size(), 2);
    QCOMPARE(description.at(0), u"- Reads your notes."_s);
    QVERIFY(description.at(1).startsWith(u"+ Reads your notes. <IMPORTANT>"_s));
    const QStringList schema = change.lineDiff(u"inputSchema"_s);
    QVERIFY2(schema.contains(u"+         \"path\": {"_s), qPrintable(schema.join(u'\n')));
    QVERIFY2(schema.contains(u"          \"topic\": {"_s), qPrintable(schema.join(u'\n')));
}

void tst_InterfaceSnapshot::snapshotFileKeepsTheServersKeyOrder()
{
    auto session = TestSupport::connectToBuiltServer(u"toolgate-hostile-server"_s, {u"--mode"_s, u"key-order"_s});
    QVERIFY(session);
    const auto snapshot = TestSupport::captureInterface(session.get(), this);
    QVERIFY(snapshot);
    const QByteArray text = snapshot->toJson();
    // write_file lists path, content, options (not sorted), and options' mode before backup.
    const qsizetype writeFile = text.indexOf("\"write_file\"");
    QVERIFY(writeFile > 0);
    const qsizetype path = text.indexOf("\"path\"", writeFile), content = text.indexOf("\"content\"", writeFile),
                    options = text.indexOf("\"options\"", writeFile), mode = text.indexOf("\"mode\"", writeFile),
                    backup = text.indexOf("\"backup\"", writeFile);
    QVERIFY2(path < content && content < options && mode < backup, text.constData());
    const auto read = InterfaceSnapshot::fromJson(text);
    QVERIFY(read);
    QCOMPARE(read->toJson(), text);
}

void tst_InterfaceSnapshot::aSessionThatIsNotReadyIsAnError()
{
    StdioLaunchSpec spec{TestSupport::binDir() + u"/toolgate-demo-server"_s, {}, {}, {}, false};
    ClientSession session(std::make_unique<StdioTransport>(spec), ClientSession::Options());
    const auto snapshot = TestSupport::captureInterface(&session, this);
    QVERIFY(!snapshot);
    QCOMPARE(snapshot.error().code, int(ErrorCode::NotConnected));
}

QTEST_GUILESS_MAIN(tst_InterfaceSnapshot)
#include "tst_interfacesnapshot.moc"
