// SkillFrontmatter: the frontmatter block of a SKILL.md split off and read as YAML into JSON, and what
// it does not read refused, so a skill whose frontmatter cannot be compared exactly is not loaded.

#include "core/skills/skillfrontmatter.h"
#include "testtable.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Toolgate;
using namespace Qt::StringLiterals;
using Toolgate::TestSupport::addColumns;

class tst_SkillFrontmatter : public QObject
{
    Q_OBJECT

private slots:
    void split_data();
    void split();
    void readsYaml_data();
    void readsYaml();
    void refusesWhatItDoesNotRead_data();
    void refusesWhatItDoesNotRead();
    void differingFieldsNameOnlyTheFields();
    void hostileNestingIsRefused_data();
    void hostileNestingIsRefused();
};

void tst_SkillFrontmatter::split_data()
{
    addColumns<QString, bool, QString, QString>("text", "found", "yaml", "body");
    QTest::addRow("plain") << u"---\nname: a\n---\nBody\n"_s << true << u"name: a\n"_s << u"Body\n"_s;
    QTest::addRow("CRLF and BOM") << u"\uFEFF---\r\nname: a\r\n---\r\nBody"_s << true << u"name: a\r\n"_s << u"Body"_s;
    QTest::addRow("empty block") << u"---\n---\nBody"_s << true << QString() << u"Body"_s;
    QTest::addRow("no block") << u"# Title\n---\nname: a\n---\n"_s << false << QString() << QString();
    QTest::addRow("never closed") << u"---\nname: a\nBody\n"_s << false << QString() << QString();
}

void tst_SkillFrontmatter::split()
{
    QFETCH(QString, text);
    QFETCH(bool, found);
    QFETCH(QString, yaml);
    QFETCH(QString, body);
    const auto parts = SkillFrontmatter::split(text);
    QCOMPARE(parts.has_value(), found);
    if (!found)
        return;
    QCOMPARE(parts->yaml, yaml);
    QCOMPARE(parts->body, body);
}

void tst_SkillFrontmatter::readsYaml_data()
{
    addColumns<QString, QString>("yaml", "json");
    QTest::addRow("plain scalars and types")
        << u"name: pdf-processing\ncount: 3\nratio: 2.5\non: true\nnothing: ~\nempty:\nurl: https://x.example/a#b\n"_s
        << uR"j({"count":3,"empty":null,"name":"pdf-processing","nothing":null,"on":true,"ratio":2.5,"url":"https://x.example/a#b"})j"_s;
    QTest::addRow("quoted, with comments") << u"# a comment\na: \"x: \\\"y\\\"\\u00e9\"  # trailing\nb: 'it''s'\nc: plain # comment\n"_s
                                           << uR"j({"a":"x: \"y\"é","b":"it's","c":"plain"})j"_s;
    QTest::addRow("nested mapping and lists")
        << u"metadata:\n  version: \"2.1.0\"\n  tags:\n    - pdf\n    - forms\n  authors:\n  - name: Ada\n    role: maintainer\n"_s
        << uR"j({"metadata":{"authors":[{"name":"Ada","role":"maintainer"}],"tags":["pdf","forms"],"version":"2.1.0"}})j"_s;
    QTest::addRow("flow collections") << u"allowed-tools: [Bash(git:*), 'Read', \"Write\"]\nmap: {a: 1, b: [x, y]}\nnone: []\n"_s
                                      << uR"j({"allowed-tools":["Bash(git:*)","Read","Write"],"map":{"a":1,"b":["x","y"]},"none":[]})j"_s;
    QTest::addRow("literal block") << u"d: |\n  line one\n    indented\n  line two\n\nnext: 1\n"_s
                                   << uR"j({"d":"line one\n  indented\nline two\n","next":1})j"_s;
    QTest::addRow("folded block, stripped") << u"d: >-\n  one\n  two\n\n  three\n"_s << uR"j({"d":"one two\nthree"})j"_s;
    QTest::addRow("multi-line plain") << u"description: Extract text\n  and tables from PDFs\nname: x\n"_s
                                      << uR"j({"description":"Extract text and tables from PDFs","name":"x"})j"_s;
    QTest::addRow("empty") << QString() << u"{}"_s;
}

void tst_SkillFrontmatter::readsYaml()
{
    QFETCH(QString, yaml);
    QFETCH(QString, json);
    const Result<QJsonObject> read = SkillFrontmatter::parse(yaml);
    QVERIFY2(read, read ? "" : qPrintable(read.error().message));
    QCOMPARE(QString::fromUtf8(QJsonDocument(read.value()).toJson(QJsonDocument::Compact)), json);
}

void tst_SkillFrontmatter::refusesWhatItDoesNotRead_data()
{
    addColumns<QString, QString>("yaml", "why");
    QTest::addRow("anchor") << u"a: &x 1\nb: *x\n"_s << u"anchor"_s;
    QTest::addRow("tag") << u"a: !!str 1\n"_s << u"anchor, alias or tag"_s;
    QTest::addRow("complex key") << u"? a\n: b\n"_s << u"is not a “name: value” field"_s;
    QTest::addRow("repeated field") << u"name: a\nname: b\n"_s << u"repeats a field"_s;
    QTest::addRow("tab indentation") << u"m:\n\tk: v\n"_s << u"tab"_s;
    QTest::addRow("bad indentation") << u"a: 1\n   b: 2\n"_s << u"indented unlike"_s;
    QTest::addRow("unclosed quote") << u"a: \"open\n"_s << u"does not end"_s;
    QTest::addRow("unclosed list") << u"a: [1, 2\n"_s << u"does not end"_s;
    QTest::addRow("not a mapping") << u"- a\n- b\n"_s << u"not a list of"_s;
    QTest::addRow("text after a quote") << u"a: \"x\" y\n"_s << u"more after a value"_s;
    QTest::addRow("bad escape") << u"a: \"\\q\"\n"_s << u"escape"_s;
}

void tst_SkillFrontmatter::refusesWhatItDoesNotRead()
{
    QFETCH(QString, yaml);
    QFETCH(QString, why);
    const Result<QJsonObject> read = SkillFrontmatter::parse(yaml);
    QVERIFY2(!read, read ? qPrintable(QJsonDocument(read.value()).toJson(QJsonDocument::Compact)) : "");
    QVERIFY2(read.error().message.contains(why), qPrintable(read.error().message));
}

void tst_SkillFrontmatter::differingFieldsNameOnlyTheFields()
{
    const QJsonObject file{{u"name"_s, u"pdf"_s}, {u"description"_s, u"Exfiltrate credentials"_s}, {u"extra"_s, 1}};
    const QJsonObject listed{{u"name"_s, u"pdf"_s}, {u"description"_s, u"Extract PDFs"_s}, {u"license"_s, u"MIT"_s}};
    QCOMPARE(SkillFrontmatter::differingFields(file, listed), (QStringList{u"description"_s, u"extra"_s, u"license"_s}));
    QVERIFY(SkillFrontmatter::differingFields(file, file).isEmpty());
    // A field that is null on one side and missing on the other is the same.
    QVERIFY(SkillFrontmatter::differingFields({{u"a"_s, QJsonValue(QJsonValue::Null)}}, {}).isEmpty());
}

QTEST_GUILESS_MAIN(tst_SkillFrontmatter)

// A server writes the frontmatter: nesting as deep as it likes must end in a refusal, not in a stack
// overflow (the reader recurses once a level).
void tst_SkillFrontmatter::hostileNestingIsRefused_data()
{
    addColumns<QString>("yaml");
    QString block;
    for (int level = 0; level < 3000; ++level)
        block += QString(level, u' ') + u"a:\n"_s;
    QTest::addRow("block mappings, 3000 deep") << block;
    QTest::addRow("flow lists, 200000 deep") << u"a: "_s + QString(200000, u'[') + QString(200000, u']') + u'\n';
    QTest::addRow("flow maps, 200000 deep") << u"a: "_s + QString(200000, u'{').replace(u"{"_s, u"{b: "_s) + QString(200000, u'}') + u'\n';
}

void tst_SkillFrontmatter::hostileNestingIsRefused()
{
    QFETCH(QString, yaml);
    const Result<QJsonObject> read = SkillFrontmatter::parse(yaml);
    QVERIFY(!read);
    QVERIFY(!read.error().message.isEmpty()); // said in words
}

#include "tst_skillfrontmatter.moc"
