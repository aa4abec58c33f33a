#include "ui/highlight/basichighlighter.h"
#include "ui/highlight/highlightrules.h"
#include "ui/highlight/highlighttheme.h"
#include "ui/highlight/syntaxhighlighting.h"
#include "testtable.h"

#include <QElapsedTimer>
#include <QPalette>
#include <QPlainTextDocumentLayout>
#include <QSyntaxHighlighter>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>

using namespace Toolgate;
using Toolgate::TestSupport::addColumns;
using namespace Qt::StringLiterals;

// The lookup a row of languageFor checks: SyntaxHighlighting::languageForMimeType or languageForFileName.
using LanguageLookup = QString (*)(const QString &);
Q_DECLARE_METATYPE(LanguageLookup)

namespace {

// The format the highlighter gave the character at column of line (an empty format if none).
QTextCharFormat formatAt(QTextDocument *doc, int line, int column)
{
    const QTextBlock block = doc->findBlockByNumber(line);
    const QList<QTextLayout::FormatRange> ranges = block.layout()->formats();
    for (const QTextLayout::FormatRange &range : ranges) {
        if (column >= range.start && column < range.start + range.length)
            return range.format;
    }
    return {};
}

QColor colourAt(QTextDocument *doc, int line, int column)
{
    const QTextCharFormat f = formatAt(doc, line, column);
    return f.hasProperty(QTextFormat::ForegroundBrush) ? f.foreground().color() : QColor();
}

QPalette lightPalette()
{
    QPalette p;
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::Text, Qt::black);
    p.setColor(QPalette::Window, QColor(0xef, 0xef, 0xef));
    p.setColor(QPalette::WindowText, Qt::black);
    return p;
}

QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    p.setColor(QPalette::Text, QColor(0xdd, 0xdd, 0xdd));
    p.setColor(QPalette::Window, QColor(0x2a, 0x2a, 0x2a));
    p.setColor(QPalette::WindowText, QColor(0xdd, 0xdd, 0xdd));
    return p;
}

double luminance(const QColor &c)
{
    auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

double contrast(const QColor &a, const QColor &b)
{
    const double la = luminance(a) + 0.05;
    const double lb = luminance(b) + 0.05;
    return la > lb ? la / lb : lb / la;
}

struct Highlighted
{
    std::unique_ptr<QTextDocument> doc = std::make_unique<QTextDocument>();
    QSyntaxHighlighter *highlighter = nullptr;
};

// A document highlighted as mimeType; the highlighter is attached first, so setting the text
// highlights synchronously.
Highlighted highlight(const QString &mimeType, const QString &text, const QPalette &palette = lightPalette(),
                      const QString &fileName = {})
{
    Highlighted h;
    h.doc->setDocumentLayout(new QPlainTextDocumentLayout(h.doc.get()));
    h.highlighter = SyntaxHighlighting::attach(h.doc.get(), mimeType, fileName, palette);
    h.doc->setPlainText(text);
    return h;
}

} // namespace

class tst_SyntaxHighlighting : public QObject
{
    Q_OBJECT

private slots:
    void languageFor_data();
    void languageFor();
    void attachReturnsParentedHighlighter();
    void plainTextGetsNoHighlighter();
    void jsonKeysDifferFromValues();
    void cLikeBlockCommentSpansLines();
    void commentMarkerInsideStringStaysString();
    void pythonTripleQuotes();
    void markdownHeadingAndFence();
    void xmlTagsAttributesAndComments();
    void yamlKeysAndScalars();
    void sqlKeywordsIgnoreCase();
    void shellVariablesAndComments();
    void everyLanguageHighlightsWithoutStalling();
    void themeIsReadableOnLightAndDark();
    void applyPaletteRecolours();
    void largeJsonIsFastEnough();
};

void tst_SyntaxHighlighting::languageFor_data()
{
    addColumns<LanguageLookup, QString, QString>("lookup", "value", "language");
    const LanguageLookup mimeType = &SyntaxHighlighting::languageForMimeType;
    const LanguageLookup fileName = &SyntaxHighlighting::languageForFileName;
    // No language: text as it is.
    QTest::newRow("mime type: plain") << mimeType << u"text/plain"_s << QString();
    QTest::newRow("mime type: octet") << mimeType << u"application/octet-stream"_s << QString();
    QTest::newRow("mime type: garbage") << mimeType << u"not a mime type"_s << QString();
    QTest::newRow("mime type: empty") << mimeType << QString() << QString();
    QTest::newRow("file name: no extension") << fileName << u"Makefile"_s << QString();
    QTest::newRow("file name: unknown extension") << fileName << u"a.xyz"_s << QString();
    // By MIME type, parameters and case aside.
    QTest::newRow("mime type: json") << mimeType << u"application/json"_s << u"JSON"_s;
    QTest::newRow("mime type: json+params") << mimeType << u"Application/JSON; charset=utf-8"_s << u"JSON"_s;
    QTest::newRow("mime type: +json suffix") << mimeType << u"application/geo+json"_s << u"JSON"_s;
    QTest::newRow("mime type: c++") << mimeType << u"text/x-c++src"_s << u"C++"_s;
    QTest::newRow("mime type: c") << mimeType << u"text/x-csrc"_s << u"C"_s;
    QTest::newRow("mime type: java") << mimeType << u"text/x-java"_s << u"Java"_s;
    QTest::newRow("mime type: js") << mimeType << u"text/javascript"_s << u"JavaScript"_s;
    QTest::newRow("mime type: ts") << mimeType << u"application/typescript"_s << u"TypeScript"_s;
    QTest::newRow("mime type: rust") << mimeType << u"text/rust"_s << u"Rust"_s;
    QTest::newRow("mime type: go") << mimeType << u"text/x-go"_s << u"Go"_s;
    QTest::newRow("mime type: python") << mimeType << u"text/x-python"_s << u"Python"_s;
    QTest::newRow("mime type: shell") << mimeType << u"text/x-shellscript"_s << u"Bash"_s;
    QTest::newRow("mime type: xml") << mimeType << u"application/xml"_s << u"XML"_s;
    QTest::newRow("mime type: svg") << mimeType << u"image/svg+xml"_s << u"XML"_s;
    QTest::newRow("mime type: html") << mimeType << u"text/html"_s << u"HTML"_s;
    QTest::newRow("mime type: markdown") << mimeType << u"text/markdown"_s << u"Markdown"_s;
    QTest::newRow("mime type: yaml") << mimeType << u"application/x-yaml"_s << u"YAML"_s;
    QTest::newRow("mime type: sql") << mimeType << u"application/sql"_s << u"SQL"_s;
    // By the extension of a file name, a path or a URI.
    QTest::newRow("file name: rs") << fileName << u"main.rs"_s << u"Rust"_s;
    QTest::newRow("file name: path") << fileName << u"/src/app/Widget.HPP"_s << u"C++"_s;
    QTest::newRow("file name: uri with query") << fileName << u"file:///tmp/a.py?rev=2#L3"_s << u"Python"_s;
    QTest::newRow("file name: https uri") << fileName << u"https://example.com/x/config.yml"_s << u"YAML"_s;
    QTest::newRow("file name: tsx") << fileName << u"x.tsx"_s << u"TypeScript"_s;
}

void tst_SyntaxHighlighting::languageFor()
{
    QFETCH(LanguageLookup, lookup);
    QFETCH(QString, value);
    QFETCH(QString, language);
    QCOMPARE(lookup(value), language);
}

void tst_SyntaxHighlighting::attachReturnsParentedHighlighter()
{
    QTextDocument doc;
    QSyntaxHighlighter *h = SyntaxHighlighting::attach(&doc, u"application/json"_s);
    QVERIFY(h);
    QCOMPARE(h->parent(), &doc);
    QCOMPARE(h->document(), &doc);
    // MIME type says nothing; the file name decides.
    QTextDocument doc2;
    QVERIFY(SyntaxHighlighting::attach(&doc2, u"text/plain"_s, u"resource://x/build.sh"_s));
    if (!SyntaxHighlighting::usesKSyntaxHighlighting()) {
        auto *basic = qobject_cast<BasicHighlighter *>(h);
        QVERIFY(basic);
        QCOMPARE(basic->languageName(), u"JSON"_s);
    }
}

void tst_SyntaxHighlighting::plainTextGetsNoHighlighter()
{
    QTextDocument doc;
    QVERIFY(!SyntaxHighlighting::attach(&doc, u"text/plain"_s));
    QVERIFY(!SyntaxHighlighting::attach(&doc, QString()));
    QVERIFY(!SyntaxHighlighting::attach(nullptr, u"application/json"_s));
    QVERIFY(doc.findChildren<QSyntaxHighlighter *>().isEmpty());
}

void tst_SyntaxHighlighting::jsonKeysDifferFromValues()
{
    //                                      0         1         2         3         4
    //                                      0123456789012345678901234567890123456789012345
    auto h = highlight(u"application/json"_s, u"{\"name\": \"value\", \"n\": -12.5e3, \"ok\": true, \"x\": null}"_s);
    const QColor key = colourAt(h.doc.get(), 0, 2);
    const QColor string = colourAt(h.doc.get(), 0, 11);
    const QColor number = colourAt(h.doc.get(), 0, 24);
    const QColor boolean = colourAt(h.doc.get(), 0, 40);
    const QColor null = colourAt(h.doc.get(), 0, 52);
    QVERIFY(key.isValid());
    QVERIFY(string.isValid());
    QVERIFY(number.isValid());
    QVERIFY(boolean.isValid());
    QVERIFY(key != string);
    QVERIFY(number != string);
    QCOMPARE(boolean, null);
    QVERIFY(colourAt(h.doc.get(), 0, 0).isValid()); // the brace is punctuation
}

void tst_SyntaxHighlighting::cLikeBlockCommentSpansLines()
{
    auto h = highlight(u"text/x-c++src"_s, u"int a = 1; /* start\nstill comment int\nend */ return a;\n// line\nint b;"_s);
    QTextDocument *doc = h.doc.get();
    const QTextCharFormat comment = formatAt(doc, 1, 0);
    QVERIFY(comment.fontItalic());
    QCOMPARE(formatAt(doc, 1, 14).foreground(), comment.foreground()); // "int" inside the comment
    QCOMPARE(formatAt(doc, 2, 0).foreground(), comment.foreground());
    QVERIFY(formatAt(doc, 2, 7).foreground() != comment.foreground()); // "return" after it
    QCOMPARE(formatAt(doc, 3, 3).foreground(), comment.foreground());
    QVERIFY(formatAt(doc, 4, 0).foreground() != comment.foreground()); // state ended
    QVERIFY(formatAt(doc, 2, 7).fontWeight() > QFont::Normal);        // keyword "return"
    QVERIFY(colourAt(doc, 0, 0).isValid());                            // type "int"
    QVERIFY(colourAt(doc, 0, 8).isValid()); // number
}

void tst_SyntaxHighlighting::commentMarkerInsideStringStaysString()
{
    auto h = highlight(u"text/javascript"_s, u"const url = \"http://x/*y\"; let z = 1;"_s);
    QTextDocument *doc = h.doc.get();
    const QColor string = colourAt(doc, 0, 13);
    QVERIFY(string.isValid());
    QCOMPARE(colourAt(doc, 0, 19), string); // "//" inside the string
    QCOMPARE(colourAt(doc, 0, 22), string); // "/*" inside the string
    QVERIFY(formatAt(doc, 0, 28).fontWeight() > QFont::Normal); // "let" is still a keyword
}

void tst_SyntaxHighlighting::pythonTripleQuotes()
{
    auto h = highlight(u"text/x-python"_s, u"def f():\n    \"\"\"Doc\n    # not a comment\n    \"\"\"\n    return None  # real"_s);
    QTextDocument *doc = h.doc.get();
    const QColor string = colourAt(doc, 1, 6);
    QVERIFY(string.isValid());
    QCOMPARE(colourAt(doc, 2, 6), string);
    QVERIFY(!formatAt(doc, 2, 6).fontItalic());
    QVERIFY(formatAt(doc, 4, 4).fontWeight() > QFont::Normal); // return
    QVERIFY(formatAt(doc, 4, 18).fontItalic());                 // the real comment
    QVERIFY(formatAt(doc, 0, 0).fontWeight() > QFont::Normal); // def
}

void tst_SyntaxHighlighting::markdownHeadingAndFence()
{
    auto h = highlight(u"text/markdown"_s, u"# Title\n\nSome **bold** and `code`.\n```\n# not heading\n```\nafter"_s);
    QTextDocument *doc = h.doc.get();
    QVERIFY(formatAt(doc, 0, 2).fontWeight() >= QFont::Bold);
    QVERIFY(formatAt(doc, 2, 7).fontWeight() >= QFont::Bold);
    QVERIFY(colourAt(doc, 2, 20).isValid()); // inline code
    const QColor code = colourAt(doc, 4, 0);
    QVERIFY(code.isValid());
    QVERIFY(formatAt(doc, 4, 2).fontWeight() < QFont::Bold); // inside the fence: no heading
    QVERIFY(!colourAt(doc, 6, 0).isValid());                  // fence closed
}

void tst_SyntaxHighlighting::xmlTagsAttributesAndComments()
{
    auto h = highlight(u"application/xml"_s, u"<a href=\"x\">t</a> <!-- c\nstill -->"_s);
    QTextDocument *doc = h.doc.get();
    QVERIFY(colourAt(doc, 0, 1).isValid());
    QVERIFY(colourAt(doc, 0, 3).isValid());
    QVERIFY(colourAt(doc, 0, 9).isValid());
    QVERIFY(colourAt(doc, 0, 3) != colourAt(doc, 0, 9));
    QVERIFY(!colourAt(doc, 0, 12).isValid()); // text content
    QVERIFY(formatAt(doc, 1, 0).fontItalic());
}

void tst_SyntaxHighlighting::yamlKeysAndScalars()
{
    auto h = highlight(u"application/x-yaml"_s, u"name: demo # c\ncount: 3\nitems:\n  - key: true\n"_s);
    QTextDocument *doc = h.doc.get();
    const QColor key = colourAt(doc, 0, 0);
    QVERIFY(key.isValid());
    QVERIFY(formatAt(doc, 0, 12).fontItalic());
    QVERIFY(colourAt(doc, 1, 7).isValid());
    QVERIFY(colourAt(doc, 1, 7) != key);
    QCOMPARE(colourAt(doc, 3, 4), key);
    QVERIFY(colourAt(doc, 3, 9).isValid());
}

void tst_SyntaxHighlighting::sqlKeywordsIgnoreCase()
{
    auto h = highlight(u"application/sql"_s, u"select * FROM t -- all\nWhere x = 'a--b'"_s);
    QTextDocument *doc = h.doc.get();
    QVERIFY(formatAt(doc, 0, 0).fontWeight() > QFont::Normal);
    QVERIFY(formatAt(doc, 0, 9).fontWeight() > QFont::Normal);
    QVERIFY(formatAt(doc, 0, 17).fontItalic());
    QVERIFY(formatAt(doc, 1, 0).fontWeight() > QFont::Normal);
    QVERIFY(!formatAt(doc, 1, 13).fontItalic()); // "--" inside a string
}

void tst_SyntaxHighlighting::shellVariablesAndComments()
{
    auto h = highlight(u"text/x-shellscript"_s, u"if [ -n \"$HOME\" ]; then echo ${X} # done\nfi"_s);
    QTextDocument *doc = h.doc.get();
    QVERIFY(formatAt(doc, 0, 0).fontWeight() > QFont::Normal);
    QVERIFY(colourAt(doc, 0, 29).isValid());
    QVERIFY(formatAt(doc, 0, 35).fontItalic());
    QVERIFY(formatAt(doc, 1, 0).fontWeight() > QFont::Normal);
}

void tst_SyntaxHighlighting::everyLanguageHighlightsWithoutStalling()
{
    const QString sample = u"# h\n/* a */ \"s\" 'c' `t` 12 0x1F 1.5e3 if else <a b=\"c\"> -- x // y\n"
                           "key: value\n```\nfence\n```\n\"\"\"doc\"\"\" $VAR ${Y} @decorator"_s;
    const QStringList names = HighlightRules::names();
    QVERIFY(names.size() >= 12);
    for (const QString &name : names) {
        QTextDocument doc;
        doc.setDocumentLayout(new QPlainTextDocumentLayout(&doc));
        auto *h = new BasicHighlighter(HighlightRules::forName(name), HighlightTheme::fromPalette(lightPalette()), &doc);
        QElapsedTimer timer;
        timer.start();
        doc.setPlainText(sample.repeated(50));
        QVERIFY2(timer.elapsed() < 2000, qPrintable(name));
        QCOMPARE(h->languageName(), name);
        bool any = false;
        for (QTextBlock b = doc.begin(); b.isValid() && !any; b = b.next())
            any = !b.layout()->formats().isEmpty();
        QVERIFY2(any, qPrintable(name));
    }
}

void tst_SyntaxHighlighting::themeIsReadableOnLightAndDark()
{
    for (const QPalette &palette : {lightPalette(), darkPalette()}) {
        const HighlightTheme theme = HighlightTheme::fromPalette(palette);
        QCOMPARE(theme.isDark(), palette.color(QPalette::Base).lightness() < 128);
        const QColor base = palette.color(QPalette::Base);
        for (HighlightStyle style : {HighlightStyle::Keyword, HighlightStyle::String, HighlightStyle::Number,
                                     HighlightStyle::Key, HighlightStyle::Type, HighlightStyle::Function,
                                     HighlightStyle::Tag, HighlightStyle::Attribute, HighlightStyle::Link}) {
            const QColor fg = theme.format(style).foreground().color();
            QVERIFY2(contrast(fg, base) >= 4.0,
                     qPrintable(u"style %1 contrast %2"_s.arg(int(style)).arg(contrast(fg, base))));
        }
        // Comments are muted on purpose but must stay legible.
        QVERIFY(contrast(theme.format(HighlightStyle::Comment).foreground().color(), base) >= 2.5);
    }
}

void tst_SyntaxHighlighting::applyPaletteRecolours()
{
    auto h = highlight(u"application/json"_s, u"{\"k\": \"v\"}"_s, lightPalette());
    const QColor before = colourAt(h.doc.get(), 0, 2);
    SyntaxHighlighting::applyPalette(h.highlighter, darkPalette());
    const QColor after = colourAt(h.doc.get(), 0, 2);
    QVERIFY(before.isValid() && after.isValid());
    QVERIFY(before != after);
}

void tst_SyntaxHighlighting::largeJsonIsFastEnough()
{
    // The viewers highlight up to LargeTextView::HighlightLimit (512 K characters) on the GUI
    // thread; that must stay well under a second.
    QString json = u"[\n"_s;
    int i = 0;
    while (json.size() < 512 * 1024)
        json += QStringLiteral("  {\"id\": %1, \"name\": \"item %1\", \"ok\": true, \"v\": null},\n").arg(i++);
    json += u"  {}\n]"_s;
    QElapsedTimer timer;
    timer.start();
    auto h = highlight(u"application/json"_s, json);
    const qint64 ms = timer.elapsed();
    qInfo("highlighting %lld K characters of JSON took %lld ms", qint64(json.size() / 1024), ms);
    QVERIFY(h.highlighter);
    QVERIFY2(ms < 1500, qPrintable(QString::number(ms)));
}

QTEST_MAIN(tst_SyntaxHighlighting)
#include "tst_syntaxhighlighting.moc"
