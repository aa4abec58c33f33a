// toolgate-cli snapshot and diff (issue 19, items 4 and 5) through the real binary against the
// bundled demo server: a snapshot file, the live server compared with it (equal, and after the file
// was edited: an added prompt, a removed tool, a changed schema), two files compared offline, --json,
// and the exit codes scripts rely on.

#include "cliprocess.h"
#include "testfiles.h"
#include "core/workspace/serverconfig.h"
#include "core/workspace/servertrust.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Toolgate::TestSupport;

namespace {

constexpr int interfacesDiffer = 10;

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

bool writeJson(const QString &path, const QJsonObject &object)
{
    return writeFile(path, QJsonDocument(object).toJson());
}

} // namespace

class tst_CliInterface : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void snapshotToFileAndStdout();
    void diffAgainstTheLiveServer();
    void diffOfTwoFiles();
    void diffAgainstAnotherServer();
    void usageAndFileErrors();
    void germanByTheLocale();

private:
    CliRun cli(const QStringList &arguments) const
    {
        return m_cli.run(arguments + QStringList{u"--"_s, m_demo});
    }
    QString snapshotFile();

    const QString m_demo = executable(u"toolgate-demo-server"_s);
    const QString m_hostile = executable(u"toolgate-hostile-server"_s);
    CliProcess m_cli;
    QTemporaryDir m_dir;
    QString m_snapshot;
};

void tst_CliInterface::initTestCase()
{
    const QString missing = notBuilt({cliPath(), m_demo, m_hostile});
    QVERIFY2(missing.isEmpty(), qPrintable(missing));
    QVERIFY(m_dir.isValid());
}

QString tst_CliInterface::snapshotFile()
{
    if (m_snapshot.isEmpty()) {
        const QString path = m_dir.filePath(u"demo.json"_s);
        const CliRun run = cli({u"snapshot"_s, u"-o"_s, path});
        if (run.exitCode != 0) {
            qWarning().noquote() << run.describe();
            return {};
        }
        m_snapshot = path;
    }
    return m_snapshot;
}

void tst_CliInterface::snapshotToFileAndStdout()
{
    const QString path = snapshotFile();
    QVERIFY(!path.isEmpty());
    const QJsonObject file = readJson(path);
    QCOMPARE(file.value(u"format"_s).toString(), u"toolgate-interface-snapshot"_s);
    QCOMPARE(file.value(u"formatVersion"_s).toInt(), 1);
    QVERIFY(!file.value(u"server"_s).toObject().value(u"name"_s).toString().isEmpty());
    QStringList tools;
    for (const QJsonValue &tool : file.value(u"tools"_s).toArray())
        tools.append(tool.toObject().value(u"name"_s).toString());
    QVERIFY2(tools.contains(u"change_catalog"_s), qPrintable(tools.join(u", "_s)));
    QVERIFY(!tools.contains(u"coin_flip"_s));
    QVERIFY(!file.value(u"resources"_s).toArray().isEmpty());
    QVERIFY(!file.value(u"resourceTemplates"_s).toArray().isEmpty());
    QVERIFY(!file.value(u"prompts"_s).toArray().isEmpty());

    const CliRun toStdout = cli({u"snapshot"_s});
    VERIFY_CLI(toStdout.exitCode == 0, toStdout);
    const QJsonObject printed = toStdout.json();
    QCOMPARE(printed.value(u"tools"_s), file.value(u"tools"_s));
    QCOMPARE(printed.value(u"prompts"_s), file.value(u"prompts"_s));

    const CliRun summary = cli({u"--json"_s, u"snapshot"_s, u"--output"_s, m_dir.filePath(u"again.json"_s)});
    VERIFY_CLI(summary.exitCode == 0, summary);
    QCOMPARE(summary.json().value(u"tools"_s).toInt(), tools.size());
    QVERIFY(QFile::exists(m_dir.filePath(u"again.json"_s)));
}

void tst_CliInterface::diffAgainstTheLiveServer()
{
    const QString path = snapshotFile();
    QVERIFY(!path.isEmpty());
    const CliRun same = cli({u"diff"_s, path});
    VERIFY_CLI(same.exitCode == 0, same);
    VERIFY_CLI(same.out().contains(u"No differences."_s), same);

    // The file as an older server might have had it: without the first prompt, with a tool the
    // server no longer has, and with another input schema for the first tool.
    QJsonObject edited = readJson(path);
    QJsonArray prompts = edited.value(u"prompts"_s).toArray();
    const QString promptName = prompts.first().toObject().value(u"name"_s).toString();
    prompts.removeFirst();
    edited.insert(u"prompts"_s, prompts);
    QJsonArray tools = edited.value(u"tools"_s).toArray();
    QJsonObject first = tools.first().toObject();
    const QString toolName = first.value(u"name"_s).toString();
    QJsonObject schema = first.value(u"inputSchema"_s).toObject();
    QJsonObject properties = schema.value(u"properties"_s).toObject();
    properties.insert(u"legacy_flag"_s, QJsonObject{{u"type"_s, u"boolean"_s}});
    schema.insert(u"properties"_s, properties);
    first.insert(u"inputSchema"_s, schema);
    tools.replace(0, first);
    tools.append(QJsonObject{{u"name"_s, u"retired_tool"_s}, {u"inputSchema"_s, QJsonObject{{u"type"_s, u"object"_s}}}});
    edited.insert(u"tools"_s, tools);
    const QString old = m_dir.filePath(u"old.json"_s);
    QVERIFY(writeJson(old, edited));

    const CliRun differ = cli({u"diff"_s, old});
    VERIFY_CLI(differ.exitCode == interfacesDiffer, differ);
    const QString out = differ.out();
    VERIFY_CLI(out.contains(u"+ prompt "_s + promptName + u'\n'), differ);
    VERIFY_CLI(out.contains(u"- tool retired_tool\n"_s), differ);
    VERIFY_CLI(out.contains(u"~ tool "_s + toolName + u" (inputSchema)\n"_s), differ);
    VERIFY_CLI(out.contains(u"      -         \"legacy_flag\": {"_s), differ);
    VERIFY_CLI(out.contains(u"3 differences: 1 added, 1 removed, 1 changed."_s), differ);

    const CliRun json = cli({u"--json"_s, u"diff"_s, old});
    VERIFY_CLI(json.exitCode == interfacesDiffer, json);
    const QJsonObject result = json.json();
    QCOMPARE(result.value(u"equal"_s), QJsonValue(false));
    QCOMPARE(result.value(u"added"_s).toInt(), 1);
    QCOMPARE(result.value(u"removed"_s).toInt(), 1);
    QCOMPARE(result.value(u"changed"_s).toInt(), 1);
    QCOMPARE(result.value(u"exitCode"_s).toInt(), interfacesDiffer);
    QCOMPARE(result.value(u"before"_s).toObject().value(u"file"_s).toString(), old);
    QStringList changes;
    for (const QJsonValue &change : result.value(u"changes"_s).toArray()) {
        const QJsonObject c = change.toObject();
        changes.append(c.value(u"change"_s).toString() + u' ' + c.value(u"kind"_s).toString() + u' ' + c.value(u"key"_s).toString());
    }
    QStringList expected{u"removed tool retired_tool"_s, u"changed tool "_s + toolName, u"added prompt "_s + promptName};
    std::sort(expected.begin(), expected.begin() + 2, [](const QString &a, const QString &b) {
        return a.section(u' ', 2) < b.section(u' ', 2);
    });
    QCOMPARE(changes, expected);
}

void tst_CliInterface::diffOfTwoFiles()
{
    const QString path = snapshotFile();
    QVERIFY(!path.isEmpty());
    // No server: nothing follows "--".
    const CliRun same = m_cli.run({u"diff"_s, path, path});
    VERIFY_CLI(same.exitCode == 0, same);
    VERIFY_CLI(same.out().contains(u"No differences."_s), same);

    QJsonObject after = readJson(path);
    QJsonArray resources = after.value(u"resources"_s).toArray();
    resources.append(QJsonObject{{u"uri"_s, u"demo://brand/new"_s}, {u"name"_s, u"new"_s}});
    after.insert(u"resources"_s, resources);
    const QString newer = m_dir.filePath(u"newer.json"_s);
    QVERIFY(writeJson(newer, after));
    const CliRun differ = m_cli.run({u"diff"_s, path, newer});
    VERIFY_CLI(differ.exitCode == interfacesDiffer, differ);
    VERIFY_CLI(differ.out().contains(u"+ resource demo://brand/new\n"_s), differ);
    VERIFY_CLI(differ.out().contains(u"1 difference: 1 added, 0 removed, 0 changed."_s), differ);
    const CliRun back = m_cli.run({u"--json"_s, u"diff"_s, newer, path});
    VERIFY_CLI(back.exitCode == interfacesDiffer, back);
    QCOMPARE(back.json().value(u"removed"_s).toInt(), 1);
}

void tst_CliInterface::diffAgainstAnotherServer()
{
    // Three servers of a file: the demo server twice (equal) and the hostile one (another interface).
    const QStringList hostileArguments{u"--mode"_s, u"rug-pull"_s};
    const QString servers = m_dir.filePath(u"two-servers.json"_s);
    QVERIFY(writeJson(servers, QJsonObject{{u"mcpServers"_s,
                                            QJsonObject{{u"demo"_s, QJsonObject{{u"command"_s, m_demo}}},
                                                        {u"demo-copy"_s, QJsonObject{{u"command"_s, m_demo}}},
                                                        {u"hostile"_s, QJsonObject{{u"command"_s, m_hostile},
                                                                                   {u"args"_s, QJsonArray::fromStringList(hostileArguments)}}},
                                                        {u"stranger"_s, QJsonObject{{u"command"_s, m_hostile},
                                                                                    {u"args"_s, QJsonArray{u"--mode"_s, u"key-order"_s}}}}}}}));
    Toolgate::ServerConfig demo;
    demo.command = m_demo;
    Toolgate::ServerConfig hostile;
    hostile.command = m_hostile;
    hostile.args = hostileArguments;
    const QStringList trust{u"--trust-fingerprint"_s, Toolgate::ServerTrustFacts::of(demo).fingerprint(),
                            u"--trust-fingerprint"_s, Toolgate::ServerTrustFacts::of(hostile).fingerprint()};

    const CliRun same = m_cli.run(QStringList{u"--config"_s, servers, u"--server"_s, u"demo"_s} + trust
                                  + QStringList{u"diff"_s, u"--against-server"_s, u"demo-copy"_s});
    VERIFY_CLI(same.exitCode == 0, same);
    VERIFY_CLI(same.out().contains(u"No differences."_s), same);
    VERIFY_CLI(same.out().contains(u"server demo (now)"_s) && same.out().contains(u"server demo-copy (now)"_s), same);

    const CliRun differ = m_cli.run(QStringList{u"--config"_s, servers, u"--server"_s, u"demo"_s} + trust
                                    + QStringList{u"diff"_s, u"--against-server"_s, u"hostile"_s});
    VERIFY_CLI(differ.exitCode == interfacesDiffer, differ);
    VERIFY_CLI(differ.out().contains(u"+ tool read_notes\n"_s), differ);
    VERIFY_CLI(differ.out().contains(u"- tool change_catalog\n"_s), differ);

    // The same in JSON: the hostile server's tool is the added one.
    const CliRun json = m_cli.run(QStringList{u"--json"_s, u"--config"_s, servers, u"--server"_s, u"hostile"_s} + trust
                                  + QStringList{u"diff"_s, u"--against-server"_s, u"demo"_s});
    VERIFY_CLI(json.exitCode == interfacesDiffer, json);
    QStringList removed;
    for (const QJsonValue &change : json.json().value(u"changes"_s).toArray()) {
        if (change.toObject().value(u"change"_s).toString() == u"removed"_s)
            removed.append(change.toObject().value(u"key"_s).toString());
    }
    VERIFY_CLI(removed.contains(u"read_notes"_s), json);
    VERIFY_CLI(!removed.contains(u"change_catalog"_s), json);

    // Never trusted (a trusted fingerprint is remembered, so another server): the second server does
    // not start, and the run says which one and why.
    const CliRun untrusted = m_cli.run(QStringList{u"--yes"_s, u"--config"_s, servers, u"--server"_s, u"demo"_s} + trust
                                       + QStringList{u"diff"_s, u"--against-server"_s, u"stranger"_s});
    VERIFY_CLI(untrusted.exitCode != 0 && untrusted.exitCode != interfacesDiffer, untrusted);
    VERIFY_CLI(untrusted.err.contains(u"stranger"_s), untrusted);

    // Usage: with a file, after "--", or with another command.
    const CliRun withFile = m_cli.run({u"--config"_s, servers, u"diff"_s, u"x.json"_s, u"--against-server"_s, u"demo"_s});
    VERIFY_CLI(withFile.exitCode == 2, withFile);
    const CliRun inline_ = cli({u"diff"_s, u"--against-server"_s, u"demo"_s});
    VERIFY_CLI(inline_.exitCode == 2, inline_);
    const CliRun otherCommand = m_cli.run({u"--config"_s, servers, u"tools"_s, u"--against-server"_s, u"demo"_s});
    VERIFY_CLI(otherCommand.exitCode == 2, otherCommand);
}

void tst_CliInterface::usageAndFileErrors()
{
    const CliRun noFile = m_cli.run({u"diff"_s});
    VERIFY_CLI(noFile.exitCode == 2, noFile);
    const CliRun threeFiles = m_cli.run({u"diff"_s, u"a"_s, u"b"_s, u"c"_s});
    VERIFY_CLI(threeFiles.exitCode == 2, threeFiles);
    const CliRun serverAndTwo = m_cli.run({u"--server"_s, u"demo"_s, u"diff"_s, u"a"_s, u"b"_s});
    VERIFY_CLI(serverAndTwo.exitCode == 2, serverAndTwo);
    const CliRun outputElsewhere = m_cli.run({u"-o"_s, u"x.json"_s, u"tools"_s});
    VERIFY_CLI(outputElsewhere.exitCode == 2, outputElsewhere);

    const QString broken = m_dir.filePath(u"broken.json"_s);
    QVERIFY(writeJson(broken, QJsonObject{{u"mcpServers"_s, QJsonObject()}}));
    const CliRun notASnapshot = m_cli.run({u"diff"_s, broken, broken});
    VERIFY_CLI(notASnapshot.exitCode == 3, notASnapshot);
    VERIFY_CLI(notASnapshot.err.contains(u"not an interface snapshot"_s), notASnapshot);
    const CliRun missingLive = cli({u"diff"_s, m_dir.filePath(u"missing.json"_s)});
    VERIFY_CLI(missingLive.exitCode == 3, missingLive);
    VERIFY_CLI(missingLive.err.contains(u"missing.json"_s), missingLive);

    const CliRun help = m_cli.run({u"--help"_s});
    VERIFY_CLI(help.exitCode == 0 && help.out().contains(u"diff FILE1 FILE2"_s) && help.out().contains(u"snapshot [-o FILE]"_s)
                   && help.out().contains(u"diff --against-server NAME"_s), help);
}

void tst_CliInterface::germanByTheLocale()
{
    const QString path = snapshotFile();
    QVERIFY(!path.isEmpty());
    const QMap<QString, QString> german{{u"LANG"_s, u"de_DE.UTF-8"_s}, {u"LC_ALL"_s, QString()}, {u"LC_MESSAGES"_s, QString()},
                                        {u"LANGUAGE"_s, QString()}};
    const CliRun same = m_cli.run({u"diff"_s, path, path}, {}, german);
    VERIFY_CLI(same.exitCode == 0 && same.out().contains(u"Keine Unterschiede."_s), same);
    QJsonObject after = readJson(path);
    after.insert(u"prompts"_s, QJsonArray());
    const QString fewer = m_dir.filePath(u"fewer.json"_s);
    QVERIFY(writeJson(fewer, after));
    const CliRun differ = m_cli.run({u"diff"_s, path, fewer}, {}, german);
    VERIFY_CLI(differ.exitCode == interfacesDiffer && differ.out().contains(u"- Prompt "_s) && differ.out().contains(u" entfernt"_s), differ);
    const CliRun help = m_cli.run({u"--help"_s}, {}, german);
    VERIFY_CLI(help.out().contains(u"Schnittstellen:"_s), help);
}

QTEST_GUILESS_MAIN(tst_CliInterface)
#include "tst_cliinterface.moc"
