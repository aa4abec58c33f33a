#include "germantranslation.h"
#include "testcontent.h"

#include "ui/viewers/largetextview.h"
#include "core/common/markdowndetector.h"
#include "ui/viewers/safetextdocument.h"
#include "ui/viewers/textchunker.h"
#include "ui/viewers/viewerformat.h"
#include "ui/viewers/wavinfo.h"

#include <QApplication>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTest>

using namespace Toolgate;
using namespace Qt::StringLiterals;

class tst_ViewerParts : public QObject
{
    Q_OBJECT

private slots:
    void cleanup();

    void chunkerReassemblesText();
    void chunkerFoldsLongLines();
    void chunkerPrefersLineEnds();
    void chunkerKeepsSurrogatePairs();
    void chunkerNormalisesCrLf();

    void wavHeader();
    void wavTruncatedAndStreamed();
    void wavRejectsGarbage();

    void markdownDetection_data();
    void markdownDetection();

    void formatting();
    void suggestedFileNameIsSafe();

    void safeDocumentAllowsOnlyDataImages();

    void largeTextViewTruncatesAndShowsAll();
};

void tst_ViewerParts::cleanup()
{
    QTRY_VERIFY(QApplication::topLevelWidgets().isEmpty());
}

void tst_ViewerParts::chunkerReassemblesText()
{
    QString text;
    for (int i = 0; i < 5000; ++i)
        text += QStringLiteral("line %1 with some words\n").arg(i);
    TextChunker chunker(text, 4096);
    QString out;
    int pieces = 0;
    while (!chunker.atEnd()) {
        out += chunker.next(10000);
        ++pieces;
    }
    QCOMPARE(out, text);
    QVERIFY(pieces > 5);
    QVERIFY(!chunker.folded());
    QCOMPARE(chunker.position(), text.size());
    QVERIFY(chunker.next(100).isEmpty());
}

void tst_ViewerParts::chunkerFoldsLongLines()
{
    const QString line(10000, u'x');
    TextChunker chunker(line + u"\nshort\n"_s + line, 4096);
    QString out;
    while (!chunker.atEnd())
        out += chunker.next(3000); // chunk boundaries in the middle of rows
    QVERIFY(chunker.folded());
    const QStringList rows = out.split(u'\n');
    QCOMPARE(rows.size(), 7); // 3 + 1 + 3
    for (const QString &row : rows)
        QVERIFY(row.size() <= 4096);
    QCOMPARE(rows.at(3), u"short"_s);
    QString joined = out;
    joined.remove(u'\n');
    QCOMPARE(joined, line + u"short"_s + line);
}

void tst_ViewerParts::chunkerPrefersLineEnds()
{
    QString text;
    for (int i = 0; i < 100; ++i)
        text += QString(99, u'a') + u'\n';
    TextChunker chunker(text);
    const QString first = chunker.next(1050);
    QVERIFY(first.endsWith(u'\n'));
    QCOMPARE(first.size(), 1000);
}

void tst_ViewerParts::chunkerKeepsSurrogatePairs()
{
    const QString emoji = u"😀"_s;
    QString text;
    for (int i = 0; i < 3000; ++i)
        text += emoji;
    TextChunker chunker(text, 101); // odd fold column
    QString out;
    while (!chunker.atEnd()) {
        const QString piece = chunker.next(777);
        QVERIFY(!piece.isEmpty());
        QVERIFY(!piece.front().isLowSurrogate());
        QVERIFY(!piece.back().isHighSurrogate());
        out += piece;
    }
    for (const QString &row : out.split(u'\n')) {
        QVERIFY(row.isEmpty() || !row.front().isLowSurrogate());
        QVERIFY(row.isEmpty() || !row.back().isHighSurrogate());
    }
    out.remove(u'\n');
    QCOMPARE(out, text);
}

void tst_ViewerParts::chunkerNormalisesCrLf()
{
    TextChunker chunker(u"a\r\nb\r\nc"_s);
    QCOMPARE(chunker.next(3), u"a\n"_s); // never splits "\r\n"
    QCOMPARE(chunker.next(100), u"b\nc"_s);
}

void tst_ViewerParts::wavHeader()
{
    const QByteArray wav = TestContent::wavBytes(8000, 1.5);
    const WavInfo info = WavInfo::parse(wav);
    QVERIFY2(info.valid, qPrintable(info.error));
    QCOMPARE(info.channels, 1);
    QCOMPARE(info.sampleRate, 8000u);
    QCOMPARE(info.bitsPerSample, 16);
    QCOMPARE(info.formatTag, 1);
    QCOMPARE(info.dataBytes, 24000);
    QCOMPARE(info.durationSeconds, 1.5);
    QCOMPARE(info.describe(), u"8 kHz · mono · 16-bit PCM"_s);
}

void tst_ViewerParts::wavTruncatedAndStreamed()
{
    QByteArray wav = TestContent::wavBytes(16000, 1.0);
    const WavInfo truncated = WavInfo::parse(wav.left(44 + 16000));
    QVERIFY(truncated.valid);
    QCOMPARE(truncated.durationSeconds, 0.5);
    // Streaming writers put 0xFFFFFFFF in the data size.
    wav[40] = wav[41] = wav[42] = wav[43] = char(0xff);
    const WavInfo streamed = WavInfo::parse(wav);
    QVERIFY(streamed.valid);
    QCOMPARE(streamed.durationSeconds, 1.0);
}

void tst_ViewerParts::wavRejectsGarbage()
{
    QVERIFY(!WavInfo::parse(QByteArray()).valid);
    QVERIFY(!WavInfo::parse("RIFF\0\0\0\0WAVE").valid);
    QVERIFY(!WavInfo::parse(QByteArray(100, 'x')).valid);
    QByteArray hostile = "RIFF\xff\xff\xff\xffWAVEfmt \xff\xff\xff\xff";
    QVERIFY(!WavInfo::parse(hostile).valid); // huge chunk size must not read out of bounds
}

void tst_ViewerParts::markdownDetection_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("markdown");
    QTest::newRow("heading+list") << u"# Report\n\n- one\n- two\n"_s << true;
    QTest::newRow("link+bold") << u"See [docs](https://example.com) for **details**."_s << true;
    QTest::newRow("fence") << u"Run this:\n```sh\nls\n```\n"_s << true;
    QTest::newRow("table") << u"| a | b |\n|---|---|\n| 1 | 2 |\n"_s << true;
    QTest::newRow("plain sentence") << u"The weather in Paris is 21 °C and sunny."_s << false;
    QTest::newRow("json") << u"{\"a\": \"# not a heading\", \"b\": \"[x](y)\"}"_s << false;
    QTest::newRow("single list") << u"- just one dash line"_s << false;
    QTest::newRow("empty") << QString() << false;
}

void tst_ViewerParts::markdownDetection()
{
    QFETCH(QString, text);
    QFETCH(bool, markdown);
    QCOMPARE(MarkdownDetector::looksLikeMarkdown(text), markdown);
}

void tst_ViewerParts::formatting()
{
    QCOMPARE(ViewerFormat::byteSize(0), u"0 bytes"_s);
    QCOMPARE(ViewerFormat::byteSize(1), u"1 byte"_s);
    QCOMPARE(ViewerFormat::byteSize(1000), u"1000 bytes"_s);
    QCOMPARE(ViewerFormat::byteSize(20 * 1024 * 1024), u"20.0 MB"_s);
    QCOMPARE(ViewerFormat::duration(1.5), u"1.5 s"_s);
    QCOMPARE(ViewerFormat::duration(0.25), u"0.25 s"_s);
    QCOMPARE(ViewerFormat::duration(125), u"2:05"_s);
    QCOMPARE(ViewerFormat::duration(3723), u"1:02:03"_s);
    {
        // In German the decimals take a comma, as the words around them do (#34 item 6).
        TestSupport::GermanTranslation german;
        QVERIFY(german.installed());
        QCOMPARE(ViewerFormat::duration(1.5), u"1,5 s"_s);
        QCOMPARE(ViewerFormat::byteSize(20 * 1024 * 1024), u"20,0 MB"_s);
    }
    QCOMPARE(ViewerFormat::oneLine(u"a\nb\r\nc"_s), u"a⏎b⏎c"_s);
    QCOMPARE(ViewerFormat::oneLine(u"abcdef"_s, 3), u"abc…"_s);
    const QString tip = ViewerFormat::toolTip(u"<img src=x>"_s);
    QVERIFY(tip.contains(u"&lt;img"_s));
    QVERIFY(!tip.contains(u"<img"_s));
}

void tst_ViewerParts::suggestedFileNameIsSafe()
{
    QCOMPARE(ViewerFormat::suggestedFileName(u"file:///data/report.pdf"_s, u"application/pdf"_s, u"x"_s), u"report.pdf"_s);
    QCOMPARE(ViewerFormat::suggestedFileName({}, u"image/png"_s, u"image"_s), u"image.png"_s);
    QCOMPARE(ViewerFormat::suggestedFileName(u"mem://host/../../.bashrc"_s, u"text/plain"_s, u"resource"_s), u"bashrc.txt"_s);
    QCOMPARE(ViewerFormat::suggestedFileName(u"https://x/dir/"_s, u"audio/wav"_s, u"audio"_s), u"audio.wav"_s);
}

void tst_ViewerParts::safeDocumentAllowsOnlyDataImages()
{
    SafeTextDocument doc;
    const QUrl remote(u"http://127.0.0.1:1/x.png"_s);
    QVERIFY(doc.resource(QTextDocument::ImageResource, remote).isNull());
    QVERIFY(doc.resource(QTextDocument::ImageResource, QUrl(u"file:///etc/hostname"_s)).isNull());
    QVERIFY(doc.resource(QTextDocument::ImageResource, QUrl(u"/etc/hostname"_s)).isNull());
    QVERIFY(doc.resource(QTextDocument::StyleSheetResource, QUrl(u"style.css"_s)).isNull());
    QCOMPARE(doc.blockedUrls().size(), 4);

    const QByteArray png = TestContent::pngBytes(5, 4);
    const QUrl data(u"data:image/png;base64,"_s + QString::fromLatin1(png.toBase64()));
    const QVariant image = doc.resource(QTextDocument::ImageResource, data);
    QVERIFY(!image.isNull());
    QCOMPARE(image.value<QImage>().size(), QSize(5, 4));
    // Only images, and not as a style sheet.
    QVERIFY(SafeTextDocument::dataUrlResource(QTextDocument::StyleSheetResource, data).isNull());
    QVERIFY(SafeTextDocument::dataUrlResource(QTextDocument::ImageResource, QUrl(u"data:text/html,<b>x</b>"_s)).isNull());
}

void tst_ViewerParts::largeTextViewTruncatesAndShowsAll()
{
    QString text;
    int i = 0;
    while (text.size() < 1024 * 1024)
        text += QStringLiteral("{\"row\": %1}\n").arg(i++);
    LargeTextView view;
    view.resize(600, 400);
    view.show();
    view.setText(text, u"application/json"_s);
    QVERIFY(!view.isComplete());
    QVERIFY(!view.highlighter()); // above HighlightLimit
    // Only a screenful at once, with whatever else shows the view; the rest of the preview follows
    // from the event loop (32 K characters of short lines took 15-25 ms here).
    QVERIFY2(view.editor()->document()->characterCount() <= 8 * 1024 + 1,
             qPrintable(QString::number(view.editor()->document()->characterCount())));
    QTRY_VERIFY(view.editor()->document()->characterCount() > 32 * 1024);
    QVERIFY(view.editor()->document()->characterCount() <= LargeTextView::PreviewChars + 1);
    auto *showAll = view.findChild<QPushButton *>(u"showAllButton"_s);
    QVERIFY(showAll);
    QVERIFY(showAll->isVisible());
    QVERIFY(showAll->text().contains(u"1.0 MB"_s));
    QTest::mouseClick(showAll, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(view.isComplete(), 20000);
    QCOMPARE(view.editor()->toPlainText(), text);
    QVERIFY(!showAll->isVisible());

    // Small texts are highlighted and complete at once.
    view.setText(u"{\"a\": 1}"_s, u"application/json"_s);
    QVERIFY(view.isComplete());
    QVERIFY(view.highlighter());
    view.clear();
    QVERIFY(!view.highlighter());
    QCOMPARE(view.editor()->toPlainText(), QString());
}

QTEST_MAIN(tst_ViewerParts)
#include "tst_viewerparts.moc"
