// DisplayText: the rules for showing a server's text to a person — nothing a terminal would act
// on, nothing invisible, nothing that reverses what follows — and what they leave alone.

#include "codepoints.h"
#include "germantranslation.h"

#include "core/common/displaytext.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QElapsedTimer>
#include <QTest>

#include <limits>

using namespace Qt::StringLiterals;
using namespace Toolgate;
using Toolgate::TestSupport::fromUcs4;

// Which of DisplayText's rules a row of visibleLineAndIdentifier checks.
enum class Rule { Line, Identifier };
Q_DECLARE_METATYPE(Rule)

class tst_DisplayText : public QObject
{
    Q_OBJECT

private slots:
    void visible_data();
    void visible();
    void visibleLineAndIdentifier_data();
    void visibleLineAndIdentifier();
    void hasHiddenAndPrintableAscii();
    void safeJsonIsTheSameJson_data();
    void safeJsonIsTheSameJson();
    void forLabelBoundsWhatALabelMeasures();
    void plainTextIsCopiedNotWalked();
    void durationReadsAsPeopleSayIt();
    void durationAndSizeFollowTheLanguage();
};

namespace {

QString loneSurrogate()
{
    return QString(QChar(char16_t(0xd800))) + u"x"_s;
}

} // namespace

void tst_DisplayText::visible_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("shown");

    const auto leftAlone = [](const char *name, const QString &text) { QTest::addRow("%s", name) << text << text; };
    // Left alone: ordinary text in any script, emoji with their joiners and presentation selectors.
    leftAlone("plain", u"Hello, world: ümlaut 漢字 кириллица"_s);
    leftAlone("newlines and tabs", u"a\n\tb\n"_s);
    leftAlone("emoji zwj sequence", u"👩\u200d💻 and ❤\ufe0f"_s);
    leftAlone("spaces of other widths", u"a\u00a0b\u2003c"_s);
    // A backslash the server wrote stays one: the rules show what is hidden, they do not quote text.
    leftAlone("backslash", uR"(C:\x1b)"_s);

    // A carriage return: part of a line end, or shown.
    QTest::addRow("crlf is a line end") << u"a\r\nb"_s << u"a\nb"_s;
    QTest::addRow("lone carriage return") << u"ok\rEVIL"_s << uR"(ok\rEVIL)"_s;

    // Terminal controls: C0, DEL, C1.
    QTest::addRow("osc 52 clipboard") << u"\x1b]52;c;aGk=\x07"_s << uR"(\x1b]52;c;aGk=\x07)"_s;
    QTest::addRow("csi clear") << u"\x1b[2J"_s << uR"(\x1b[2J)"_s;
    QTest::addRow("nul, backspace, del") << QString(u"a\0b\bc\x7f"_s) << uR"(a\x00b\x08c\x7f)"_s;
    QTest::addRow("c1 csi") << u"\u009b2J"_s << uR"(\x9b2J)"_s;

    // What reorders or hides text.
    QTest::addRow("right-to-left override") << u"read\u202etxt.exe"_s << uR"(read\u202etxt.exe)"_s;
    QTest::addRow("isolates and marks") << u"\u2066a\u2069\u200f\u061c"_s << uR"(\u2066a\u2069\u200f\u061c)"_s;
    QTest::addRow("zero-width") << u"a\u200bb\u200cc\u2060d\ufeffe\u00adf"_s << uR"(a\u200bb\u200cc\u2060d\ufeffe\xadf)"_s;
    QTest::addRow("zwj between letters") << u"read\u200d_file"_s << uR"(read\u200d_file)"_s;
    QTest::addRow("tag characters") << fromUcs4({u'a', 0xe0041, 0xe0042}) << uR"(a\U000e0041\U000e0042)"_s;
    QTest::addRow("variation selector smuggling") << fromUcs4({u'a', 0xfe00, 0xe0100}) << uR"(a\ufe00\U000e0100)"_s;
    QTest::addRow("two presentation selectors") << u"❤\ufe0f\ufe0f"_s << u"❤\ufe0f\\ufe0f"_s;
    QTest::addRow("selector after a newline") << u"\n\ufe0f"_s << u"\n\\ufe0f"_s;
    QTest::addRow("fillers and blanks") << u"\u3164\u115f\u2800"_s << uR"(\u3164\u115f\u2800)"_s;
    QTest::addRow("line separator") << u"a\u2028b"_s << uR"(a\u2028b)"_s;
    QTest::addRow("noncharacter") << u"\uffff"_s << uR"(\uffff)"_s;
    QTest::addRow("lone surrogate") << loneSurrogate() << uR"(\ud800x)"_s;
}

void tst_DisplayText::visible()
{
    QFETCH(QString, text);
    QFETCH(QString, shown);
    QCOMPARE(DisplayText::visible(text), shown);
    // Idempotent: what is shown shows the same again.
    QCOMPARE(DisplayText::visible(shown), shown);
}

void tst_DisplayText::visibleLineAndIdentifier_data()
{
    QTest::addColumn<Rule>("rule");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("shown");
    // A line: all of visible(), and line ends and tabs shown too.
    QTest::addRow("line: plain") << Rule::Line << u"tool_name"_s << u"tool_name"_s;
    QTest::addRow("line: newline") << Rule::Line << u"name\nTool call request"_s << uR"(name\nTool call request)"_s;
    QTest::addRow("line: crlf and tab") << Rule::Line << u"a\r\n\tb"_s << uR"(a\r\n\tb)"_s;
    QTest::addRow("line: escape") << Rule::Line << u"a\x1b[8mb"_s << uR"(a\x1b[8mb)"_s;
    // An identifier: anything but printable ASCII shown as its code.
    QTest::addRow("identifier: plain") << Rule::Identifier << u"read_file-2.x"_s << u"read_file-2.x"_s;
    QTest::addRow("identifier: cyrillic a") << Rule::Identifier << u"re\u0430d_file"_s << uR"(re\u0430d_file)"_s;
    QTest::addRow("identifier: fullwidth") << Rule::Identifier << u"\uff52ead"_s << uR"(\uff52ead)"_s;
    QTest::addRow("identifier: space") << Rule::Identifier << u"read file"_s << uR"(read\x20file)"_s;
    QTest::addRow("identifier: emoji") << Rule::Identifier << u"go😀"_s << uR"(go\U0001f600)"_s;
}

void tst_DisplayText::visibleLineAndIdentifier()
{
    QFETCH(Rule, rule);
    QFETCH(QString, text);
    QFETCH(QString, shown);
    QCOMPARE(rule == Rule::Line ? DisplayText::visibleLine(text) : DisplayText::visibleIdentifier(text), shown);
}

void tst_DisplayText::hasHiddenAndPrintableAscii()
{
    QVERIFY(!DisplayText::hasHidden(u"plain\ttext\r\nwith lines"_s));
    QVERIFY(!DisplayText::hasHidden(u"👩\u200d💻"_s));
    QVERIFY(DisplayText::hasHidden(u"a\u200bb"_s));
    QVERIFY(DisplayText::hasHidden(u"a\x1b"_s));
    QVERIFY(DisplayText::isHidden(0x202e));
    QVERIFY(!DisplayText::isHidden(u'a'));
    QVERIFY(DisplayText::isPrintableAscii(u"read_file"_s));
    QVERIFY(!DisplayText::isPrintableAscii(u"read file"_s));
    QVERIFY(!DisplayText::isPrintableAscii(u"re\u0430d"_s));
}

void tst_DisplayText::safeJsonIsTheSameJson_data()
{
    QTest::addColumn<QString>("text");
    QTest::addRow("ascii") << u"plain"_s;
    QTest::addRow("escapes") << u"\x1b]0;t\x07\u009b\x7f"_s;
    QTest::addRow("bidi and zero-width") << u"\u202eabc\u200b"_s;
    QTest::addRow("tags") << fromUcs4({0xe0041, u'x'});
    QTest::addRow("emoji and letters kept") << u"👩\u200d💻 ü"_s;
}

void tst_DisplayText::safeJsonIsTheSameJson()
{
    QFETCH(QString, text);
    const QByteArray json = QJsonDocument(QJsonObject{{u"name"_s, text}, {u"list"_s, QJsonArray{text}}}).toJson();
    const QByteArray safe = DisplayText::safeJson(json);
    QJsonParseError error;
    const QJsonDocument back = QJsonDocument::fromJson(safe, &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(back.object().value(u"name").toString(), text);
    QCOMPARE(back.object().value(u"list").toArray().at(0).toString(), text);
    // Nothing hidden is left raw (the emoji's joiner is not hidden where it joins pictographs, but
    // JSON has no such context: it goes escaped too).
    const QString shown = QString::fromUtf8(safe);
    for (const QChar c : shown)
        QVERIFY2(c.unicode() == u'\n' || !DisplayText::isHidden(c.unicode()) || c.isSurrogate(), qPrintable(shown));
}

void tst_DisplayText::forLabelBoundsWhatALabelMeasures()
{
    // Ordinary text is left as it is.
    const QString sentence = u"Reads a file from the workspace. See https://example.com/docs/read for the options."_s;
    QCOMPARE(DisplayText::forLabel(sentence), sentence);
    // A run without a break keeps its start and end; no run of what is returned is longer than maxRun.
    const QString name = u"start"_s + QString(400000, u'n') + u"end"_s;
    const QString problem = u"(root)/"_s + name + u" is required"_s;
    const QString shown = DisplayText::forLabel(problem);
    QVERIFY2(shown.size() <= 120, qPrintable(shown));
    QVERIFY(shown.startsWith(u"(root)/start"_s) && shown.contains(u"end is required"_s) && shown.contains(QChar(0x2026)));
    for (const QString &word : shown.split(u' '))
        QVERIFY(word.size() <= 100);
    // Much text: the rest is left out, saying how much.
    QString words;
    for (int i = 0; i < 10000; ++i)
        words += u"word "_s;
    const QString cut = DisplayText::forLabel(words, 100, 3000);
    QVERIFY(cut.size() < 3200);
    QVERIFY2(cut.endsWith(u"more characters)"_s), qPrintable(cut.right(60)));
    // Never half a surrogate pair.
    QString emoji;
    for (int i = 0; i < 300; ++i)
        emoji += fromUcs4({0x1F600});
    const QString pairs = DisplayText::forLabel(emoji);
    for (qsizetype i = 0; i < pairs.size(); ++i) {
        if (pairs.at(i).isHighSurrogate())
            QVERIFY(i + 1 < pairs.size() && pairs.at(++i).isLowSurrogate());
        else
            QVERIFY(!pairs.at(i).isLowSurrogate());
    }
}

void tst_DisplayText::plainTextIsCopiedNotWalked()
{
    // Issue #35: toolgate-cli took 6.4 s to list five tools with 10 MB descriptions (1.1 s before every
    // server text went through DisplayText): each character was decoded, judged and appended on its
    // own, twice (the description, then the whole listing). Runs of plain text are now copied at once.
    // Measured against encoding the same text as UTF-8, so that a loaded machine slows both: the best
    // of three runs each. A character at a time it took 20 to 23 times as long as the encoding; now 3 to 4.
    const QString prose = u"This tool reads the file you name and returns what it holds, line by line.\n"_s.repeated(130000);
    const auto best = [](const auto &work) {
        qint64 fastest = std::numeric_limits<qint64>::max();
        for (int i = 0; i < 3; ++i) {
            QElapsedTimer timer;
            timer.start();
            work();
            fastest = std::min(fastest, timer.nsecsElapsed());
        }
        return fastest;
    };
    QString shown;
    const qint64 rendering = best([&] { shown = DisplayText::visible(prose); });
    QCOMPARE(shown, prose);
    QByteArray encoded;
    const qint64 encoding = best([&] { encoded = prose.toUtf8(); });
    QCOMPARE(encoded.size(), prose.size());
    QVERIFY2(rendering < 8 * encoding, qPrintable(u"%1 ms to show, %2 ms to encode"_s.arg(rendering / 1e6).arg(encoding / 1e6)));
    // What is not plain is still shown as escapes, in the middle of a run too.
    QCOMPARE(DisplayText::visible(u"plain \x1b[31mred\u202e and on"_s), u"plain \\x1b[31mred\\u202e and on"_s);
    QCOMPARE(DisplayText::visibleLine(u"one\ntwo"_s), u"one\\ntwo"_s);
    QCOMPARE(DisplayText::visibleIdentifier(u"a b"_s), u"a\\x20b"_s);
}

void tst_DisplayText::durationReadsAsPeopleSayIt()
{
    QLocale::setDefault(QLocale::c());
    // How long a call took reads as people say it, not as a count of milliseconds.
    const QList<std::pair<qint64, QString>> durations{
        {850, u"850 ms"_s}, {1000, u"1.0 s"_s}, {10000, u"10.0 s"_s}, {59940, u"59.9 s"_s},
        {59960, u"1 min"_s}, {125000, u"2 min 5 s"_s}, {3600000, u"1 h"_s}, {3780000, u"1 h 3 min"_s}};
    for (const auto &[ms, shown] : durations)
        QCOMPARE(DisplayText::duration(ms), shown);
}

// #34 item 6: with LANGUAGE=de and LANG=C.UTF-8 the texts were German and the numbers English ("8.0 s").
// Loading the German translation makes German numbers the default, whatever the system locale says.
void tst_DisplayText::durationAndSizeFollowTheLanguage()
{
    QLocale::setDefault(QLocale::c()); // as under LANG=C.UTF-8
    {
        TestSupport::GermanTranslation german;
        QVERIFY(german.installed());
        QCOMPARE(DisplayText::duration(8000), u"8,0 s"_s);
        QCOMPARE(DisplayText::duration(59940), u"59,9 s"_s);
        QCOMPARE(DisplayText::dataSize(8 * 1024 * 1024 + 400 * 1024), u"8,4 MB"_s);
    }
    QCOMPARE(DisplayText::duration(8000), u"8.0 s"_s);

    // A German locale of its own (Austria) keeps its forms: the translation does not replace it.
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Austria));
    QVERIFY(!Translations::install(QCoreApplication::instance(), QLocale(QLocale::German, QLocale::Austria)).isEmpty());
    QCOMPARE(QLocale().territory(), QLocale::Austria);
    TestSupport::removeTranslators();
    QLocale::setDefault(QLocale::c());
}

QTEST_GUILESS_MAIN(tst_DisplayText)
#include "tst_displaytext.moc"
