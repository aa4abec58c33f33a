// InterfaceSnapshot files and InterfaceDiff (issue 19, item 4): a snapshot survives its file (key
// order included), and the diff finds exactly what was added, removed and changed.

#include "core/compare/interfacediff.h"
#include "core/compare/interfacesnapshot.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace Toolgate;
using namespace Qt::StringLiterals;

namespace {

Tool toolFromText(const QByteArray &json)
{
    Tool tool = Tool::fromJson(QJsonDocument::fromJson(json).object());
    tool.rawOrder = JsonKeyOrder::fromJson(json);
    return tool;
}

Prompt prompt(const QString &name, const QString &description)
{
    Prompt p;
    p.name = name;
    p.description = description;
    p.arguments = {PromptArgument{u"topic"_s, {}, u"What about"_s, true}};
    return p;
}

InterfaceSnapshot baseline()
{
    InterfaceSnapshot snapshot;
    snapshot.server.name = u"notes-server"_s;
    snapshot.server.version = u"1.0"_s;
    snapshot.protocolVersion = u"2025-11-25"_s;
    snapshot.takenAt = QDateTime(QDate(2026, 11, 26), QTime(12, 0), Qt::UTC);
    snapshot.durationMs = 42;
    snapshot.tools = {
        toolFromText(R"({"name":"read_notes","description":"Reads your notes.","inputSchema":{"type":"object","properties":{"topic":{"type":"string"},"limit":{"type":"integer"}},"required":["topic"]}})"),
        toolFromText(R"({"name":"echo","title":"Echo","inputSchema":{"type":"object","properties":{"text":{"type":"string"}}},"annotations":{"readOnlyHint":true},"execution":{"taskSupport":"optional"},"_meta":{"x":1}})"),
    };
    Resource readme;
    readme.uri = u"notes://readme"_s;
    readme.name = u"readme"_s;
    readme.mimeType = u"text/plain"_s;
    snapshot.resources = {readme};
    ResourceTemplate byDay;
    byDay.uriTemplate = u"notes://day/{date}"_s;
    byDay.name = u"day"_s;
    snapshot.resourceTemplates = {byDay};
    snapshot.prompts = {prompt(u"summarise"_s, u"Summarise the notes"_s), prompt(u"plan"_s, u"Plan the day"_s)};
    return snapshot;
}

} // namespace

class tst_InterfaceDiff : public QObject
{
    Q_OBJECT

private slots:
    void roundTripKeepsEverythingAndTheKeyOrder();
    void brokenFilesAreRefusedInPlainWords();
    void sameInterfaceIsNoDifference();
    void findsAddedToolRemovedPromptAndChangedSchema();
    void orderIsDeterministic();
    void everyKindIsCompared();
    void duplicateNamesAreMatchedInTurn();
    void largeFieldsAreDiffedAtTheCostOfWhatIsShown();
};

void tst_InterfaceDiff::roundTripKeepsEverythingAndTheKeyOrder()
{
    const InterfaceSnapshot original = baseline();
    QTemporaryDir dir;
    const QString path = dir.filePath(u"snap.json"_s);
    const auto saved = original.save(path);
    QVERIFY2(saved, saved ? "" : qPrintable(saved.error().message));
    const auto loaded = InterfaceSnapshot::load(path);
    QVERIFY2(loaded, loaded ? "" : qPrintable(loaded.error().message));
    QCOMPARE(loaded->server.name, u"notes-server"_s);
    QCOMPARE(loaded->server.version, u"1.0"_s);
    QCOMPARE(loaded->protocolVersion, u"2025-11-25"_s);
    QCOMPARE(loaded->takenAt, original.takenAt);
    QCOMPARE(loaded->durationMs, qint64(42));
    QCOMPARE(loaded->tools.size(), 2);
    QCOMPARE(loaded->tools.at(1).raw, original.tools.at(1).raw);
    QCOMPARE(loaded->tools.at(1).execution, (QJsonObject{{u"taskSupport"_s, u"optional"_s}}));
    QCOMPARE(loaded->tools.at(1).meta, (QJsonObject{{u"x"_s, 1}}));
    QCOMPARE(loaded->prompts.at(0).arguments.size(), 1);
    QVERIFY(loaded->prompts.at(0).arguments.at(0).required);
    QCOMPARE(loaded->resourceTemplates.at(0).uriTemplate, u"notes://day/{date}"_s);
    // The server wrote "topic" before "limit", and "name" before "description": so does the file.
    QCOMPARE(loaded->tools.at(0).inputSchemaOrder().member(u"properties").keys(), (QStringList{u"topic"_s, u"limit"_s}));
    QCOMPARE(loaded->tools.at(0).rawOrder.keys(), (QStringList{u"name"_s, u"description"_s, u"inputSchema"_s}));
    const QByteArray text = original.toJson();
    QVERIFY(text.indexOf("\"topic\"") < text.indexOf("\"limit\""));
    QVERIFY(QJsonDocument::fromJson(text).isObject());
    // Writing what was read gives the same file.
    QCOMPARE(loaded->toJson(), text);
    QVERIFY(InterfaceDiff::between(original, loaded.value()).isEmpty());
}

void tst_InterfaceDiff::brokenFilesAreRefusedInPlainWords()
{
    QVERIFY(!InterfaceSnapshot::fromJson("{not json"));
    const auto other = InterfaceSnapshot::fromJson(R"({"mcpServers": {}})");
    QVERIFY(!other);
    QVERIFY2(other.error().message.contains(u"not an interface snapshot"_s), qPrintable(other.error().message));
    const auto newer = InterfaceSnapshot::fromJson(R"({"format":"toolgate-interface-snapshot","formatVersion":99})");
    QVERIFY(!newer);
    QVERIFY2(newer.error().message.contains(u"newer"_s), qPrintable(newer.error().message));
    QVERIFY(!InterfaceSnapshot::fromJson(R"({"format":"toolgate-interface-snapshot","formatVersion":1,"tools":{}})"));
    QVERIFY(!InterfaceSnapshot::fromJson(R"({"format":"toolgate-interface-snapshot","formatVersion":1,"tools":[1]})"));
    const auto missing = InterfaceSnapshot::load(u"/nonexistent/snap.json"_s);
    QVERIFY(!missing);
    QVERIFY(missing.error().message.contains(u"/nonexistent/snap.json"_s));
}

void tst_InterfaceDiff::sameInterfaceIsNoDifference()
{
    InterfaceSnapshot a = baseline(), b = baseline();
    QVERIFY(InterfaceDiff::between(a, b).isEmpty());
    // Another order of items, of keys, another server version or time: the same interface.
    std::reverse(b.tools.begin(), b.tools.end());
    std::reverse(b.prompts.begin(), b.prompts.end());
    b.tools[1] = toolFromText(R"({"inputSchema":{"required":["topic"],"properties":{"limit":{"type":"integer"},"topic":{"type":"string"}},"type":"object"},"description":"Reads your notes.","name":"read_notes"})");
    b.server.version = u"1.1"_s;
    b.takenAt = QDateTime::currentDateTimeUtc();
    const InterfaceDiff diff = InterfaceDiff::between(a, b);
    QVERIFY(diff.isEmpty());
    QCOMPARE(diff.toJson().value(u"equal"_s), QJsonValue(true));
}

void tst_InterfaceDiff::findsAddedToolRemovedPromptAndChangedSchema()
{
    const InterfaceSnapshot before = baseline();
    InterfaceSnapshot after = baseline();
    after.tools.append(toolFromText(R"({"name":"delete_notes","description":"Deletes notes.","inputSchema":{"type":"object"}})"));
    after.prompts.removeAt(1); // plan
    after.tools[0] = toolFromText(R"({"name":"read_notes","description":"Reads your notes.","inputSchema":{"type":"object","properties":{"topic":{"type":"string"},"limit":{"type":"integer"},"path":{"type":"string"}},"required":["topic","path"]}})");

    const InterfaceDiff diff = InterfaceDiff::between(before, after);
    QCOMPARE(diff.changes.size(), 3);
    QCOMPARE(diff.count(InterfaceItemChange::Type::Added), 1);
    QCOMPARE(diff.count(InterfaceItemChange::Type::Removed), 1);
    QCOMPARE(diff.count(InterfaceItemChange::Type::Changed), 1);

    const InterfaceItemChange &added = diff.changes.at(0);
    QCOMPARE(added.kind, InterfaceItemKind::Tool);
    QCOMPARE(added.type, InterfaceItemChange::Type::Added);
    QCOMPARE(added.key, u"delete_notes"_s);
    QCOMPARE(added.after.value(u"description"_s).toString(), u"Deletes notes."_s);
    QVERIFY(added.before.isEmpty());

    const InterfaceItemChange &changed = diff.changes.at(1);
    QCOMPARE(changed.kind, InterfaceItemKind::Tool);
    QCOMPARE(changed.type, InterfaceItemChange::Type::Changed);
    QCOMPARE(changed.key, u"read_notes"_s);
    QCOMPARE(changed.changedFields, QStringList{u"inputSchema"_s});
    const QStringList lines = changed.lineDiff(u"inputSchema"_s);
    QVERIFY2(lines.contains(u"+         \"path\": {"_s), qPrintable(lines.join(u'\n')));
    QVERIFY2(lines.contains(u"+         \"path\""_s), qPrintable(lines.join(u'\n')));
    QVERIFY2(lines.contains(u"          \"topic\","_s) || lines.contains(u"-         \"topic\""_s), qPrintable(lines.join(u'\n')));
    QVERIFY(std::none_of(lines.cbegin(), lines.cend(), [](const QString &line) { return line.startsWith(u"- "_s) && line.contains(u"limit"_s); }));

    const InterfaceItemChange &removed = diff.changes.at(2);
    QCOMPARE(removed.kind, InterfaceItemKind::Prompt);
    QCOMPARE(removed.type, InterfaceItemChange::Type::Removed);
    QCOMPARE(removed.key, u"plan"_s);
    QVERIFY(removed.after.isEmpty());

    const QJsonObject json = diff.toJson();
    QCOMPARE(json.value(u"equal"_s), QJsonValue(false));
    QCOMPARE(json.value(u"added"_s).toInt(), 1);
    const QJsonObject changedJson = json.value(u"changes"_s).toArray().at(1).toObject();
    QCOMPARE(changedJson.value(u"kind"_s).toString(), u"tool"_s);
    QCOMPARE(changedJson.value(u"change"_s).toString(), u"changed"_s);
    QCOMPARE(changedJson.value(u"fields"_s).toArray(), QJsonArray{u"inputSchema"_s});
    QVERIFY(!changedJson.value(u"diff"_s).toObject().value(u"inputSchema"_s).toArray().isEmpty());
    QCOMPARE(json.value(u"changes"_s).toArray().at(2).toObject().value(u"kind"_s).toString(), u"prompt"_s);
}

void tst_InterfaceDiff::orderIsDeterministic()
{
    InterfaceSnapshot before, after;
    for (const QString &name : {u"zeta"_s, u"alpha"_s, u"mid"_s})
        after.tools.append(toolFromText(QStringLiteral(R"({"name":"%1","inputSchema":{"type":"object"}})").arg(name).toUtf8()));
    after.prompts = {prompt(u"b"_s, {}), prompt(u"a"_s, {})};
    const InterfaceDiff diff = InterfaceDiff::between(before, after);
    QStringList keys;
    for (const InterfaceItemChange &change : diff.changes)
        keys.append(InterfaceDiff::kindName(change.kind) + u':' + change.key);
    QCOMPARE(keys, (QStringList{u"tool:alpha"_s, u"tool:mid"_s, u"tool:zeta"_s, u"prompt:a"_s, u"prompt:b"_s}));
    std::reverse(after.tools.begin(), after.tools.end());
    QCOMPARE(InterfaceDiff::between(before, after).toJson(), diff.toJson());
}

void tst_InterfaceDiff::everyKindIsCompared()
{
    const InterfaceSnapshot before = baseline();
    InterfaceSnapshot after = baseline();
    after.tools[1] = toolFromText(R"({"name":"echo","title":"Echo!","inputSchema":{"type":"object","properties":{"text":{"type":"string"}}},"annotations":{"readOnlyHint":false},"execution":{"taskSupport":"optional"},"_meta":{"x":2}})");
    after.resources[0].mimeType = u"text/markdown"_s;
    after.resourceTemplates.clear();
    after.prompts[0].arguments[0].required = false;
    const InterfaceDiff diff = InterfaceDiff::between(before, after);
    QCOMPARE(diff.changes.size(), 4);
    QCOMPARE(diff.changes.at(0).key, u"echo"_s);
    QCOMPARE(diff.changes.at(0).changedFields, (QStringList{u"title"_s, u"annotations"_s, u"_meta"_s}));
    QCOMPARE(diff.changes.at(0).displayName(), u"Echo!"_s);
    QCOMPARE(diff.changes.at(1).kind, InterfaceItemKind::Resource);
    QCOMPARE(diff.changes.at(1).key, u"notes://readme"_s);
    QCOMPARE(diff.changes.at(1).changedFields, QStringList{u"mimeType"_s});
    QCOMPARE(diff.changes.at(1).lineDiff(u"mimeType"_s), (QStringList{u"- text/plain"_s, u"+ text/markdown"_s}));
    QCOMPARE(diff.changes.at(2).kind, InterfaceItemKind::ResourceTemplate);
    QCOMPARE(diff.changes.at(2).type, InterfaceItemChange::Type::Removed);
    QCOMPARE(diff.changes.at(3).kind, InterfaceItemKind::Prompt);
    QCOMPARE(diff.changes.at(3).key, u"summarise"_s);
    QCOMPARE(diff.changes.at(3).changedFields, QStringList{u"arguments"_s});
}

void tst_InterfaceDiff::duplicateNamesAreMatchedInTurn()
{
    InterfaceSnapshot before, after;
    const Tool one = toolFromText(R"({"name":"twin","description":"one","inputSchema":{"type":"object"}})");
    const Tool two = toolFromText(R"({"name":"twin","description":"two","inputSchema":{"type":"object"}})");
    before.tools = {one};
    after.tools = {one, two};
    const InterfaceDiff diff = InterfaceDiff::between(before, after);
    QCOMPARE(diff.changes.size(), 1);
    QCOMPARE(diff.changes.at(0).type, InterfaceItemChange::Type::Added);
    QCOMPARE(diff.changes.at(0).after.value(u"description"_s).toString(), u"two"_s);
}

void tst_InterfaceDiff::largeFieldsAreDiffedAtTheCostOfWhatIsShown()
{
    // Issue #35: diffing two 76 MB snapshots took 7.8 GB. A changed field was copied whole into the
    // diff: a 15 MB description as one "- " and one "+ " line of 15 MB each, a schema of thousands of
    // lines as every line removed and added (cut after 400 lines, before the change was reached).
    const QString sentence = u"This tool reads the file you name and returns what it holds, line by line. "_s;
    const QString description = sentence.repeated(200000); // 15 MB as UTF-16
    QString changedDescription = description;
    changedDescription.replace(7 * sentence.size() + sentence.indexOf(u"returns"_s), 7, u"gives back"_s);
    QJsonObject properties;
    for (int i = 0; i < 1000; ++i)
        properties.insert(u"field_%1"_s.arg(i, 4, 10, QChar(u'0')), QJsonObject{{u"type"_s, u"string"_s}});
    QJsonObject changedProperties = properties;
    changedProperties.insert(u"field_0500"_s, QJsonObject{{u"type"_s, u"integer"_s}});
    const auto definition = [](const QString &text, const QJsonObject &props) {
        return Tool::fromJson({{u"name"_s, u"big"_s}, {u"description"_s, text},
                               {u"inputSchema"_s, QJsonObject{{u"type"_s, u"object"_s}, {u"properties"_s, props}}}});
    };
    InterfaceSnapshot before, after;
    before.tools = {definition(description, properties)};
    after.tools = {definition(changedDescription, changedProperties)};
    const InterfaceDiff diff = InterfaceDiff::between(before, after);
    QCOMPARE(diff.changes.size(), 1);
    const InterfaceItemChange &change = diff.changes.first();
    QCOMPARE(change.changedFields, (QStringList{u"description"_s, u"inputSchema"_s}));
    const auto shownCharacters = [](const QStringList &lines) {
        qsizetype sum = 0;
        for (const QString &line : lines)
            sum += line.size();
        return sum;
    };

    // The description: one line each side, shown around where they first differ.
    const QStringList text = change.lineDiff(u"description"_s);
    QCOMPARE(text.size(), 2);
    QVERIFY2(text.at(0).startsWith(u"- "_s) && text.at(1).startsWith(u"+ "_s), qPrintable(text.join(u'\n').left(300)));
    QVERIFY2(text.at(1).contains(u"gives back what it holds"_s), qPrintable(text.at(1).left(3000)));
    QVERIFY2(text.at(1).contains(u"more character"_s), qPrintable(text.at(1).right(200)));
    QVERIFY2(shownCharacters(text) < 5000, qPrintable(QString::number(shownCharacters(text))));

    // The schema: 2,000 lines pretty-printed; the changed property with a few lines around it.
    const QStringList schema = change.lineDiff(u"inputSchema"_s);
    QVERIFY2(schema.size() < 20, qPrintable(schema.join(u'\n')));
    QVERIFY2(schema.contains(u"-             \"type\": \"string\""_s), qPrintable(schema.join(u'\n')));
    QVERIFY2(schema.contains(u"+             \"type\": \"integer\""_s), qPrintable(schema.join(u'\n')));
    QVERIFY2(schema.constFirst().contains(u"unchanged line"_s), qPrintable(schema.join(u'\n')));
    QVERIFY2(schema.constLast().contains(u"unchanged line"_s), qPrintable(schema.join(u'\n')));

    // The machine form carries the same bounded diff.
    const QJsonObject json = diff.toJson();
    const QJsonObject lines = json.value(u"changes"_s).toArray().first().toObject().value(u"diff"_s).toObject();
    QCOMPARE(lines.value(u"description"_s).toArray().size(), 2);
    QVERIFY(lines.value(u"inputSchema"_s).toArray().size() < 20);
}

QTEST_GUILESS_MAIN(tst_InterfaceDiff)
#include "tst_interfacediff.moc"
