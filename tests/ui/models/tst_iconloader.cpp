#include "ui/models/iconloader.h"

#include <QBuffer>
#include <QImage>
#include <QSignalSpy>
#include <QTest>

using namespace Toolgate;

namespace {

QString pngDataUrl(const QSize &size = QSize(8, 8))
{
    QImage image(size, QImage::Format_ARGB32);
    image.fill(Qt::red);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return u"data:image/png;base64," + QString::fromLatin1(bytes.toBase64());
}

QString svgDataUrl(const QByteArray &svg)
{
    return u"data:image/svg+xml;base64," + QString::fromLatin1(svg.toBase64());
}

const QByteArray goodSvg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><circle cx=\"5\" cy=\"5\" r=\"4\" fill=\"blue\"/></svg>";

} // namespace

class tst_IconLoader final : public QObject
{
    Q_OBJECT

private slots:
    void decode_data()
    {
        QTest::addColumn<QString>("src");
        QTest::addColumn<QString>("mime");
        QTest::addColumn<bool>("ok");

        QTest::addRow("png") << pngDataUrl() << QString() << true;
        QTest::addRow("png declared jpeg") << QString(pngDataUrl()).replace(QStringLiteral("image/png"), QStringLiteral("image/jpeg")) << QString() << false;
        QTest::addRow("svg base64") << svgDataUrl(goodSvg) << QString() << true;
        QTest::addRow("svg percent-encoded")
            << u"data:image/svg+xml," + QString::fromLatin1(goodSvg.toPercentEncoding()) << QString() << true;
        QTest::addRow("svg with script")
            << svgDataUrl("<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>") << QString() << false;
        QTest::addRow("svg with external image")
            << svgDataUrl("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\"><image xlink:href=\"file:///etc/passwd\"/></svg>")
            << QString() << false;
        QTest::addRow("svg with entity")
            << svgDataUrl("<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY a \"aaaa\">]><svg xmlns=\"http://www.w3.org/2000/svg\">&a;</svg>")
            << QString() << false;
        QTest::addRow("https") << QStringLiteral("https://example.com/icon.png") << QString() << false;
        QTest::addRow("file") << QStringLiteral("file:///etc/passwd") << QString() << false;
        QTest::addRow("garbage") << QStringLiteral("data:image/png;base64,AAAA") << QString() << false;
        QTest::addRow("bad base64") << QStringLiteral("data:image/png;base64,@@@") << QString() << false;
        QTest::addRow("huge dimensions") << pngDataUrl(QSize(5000, 1)) << QString() << false;
    }

    void decode()
    {
        QFETCH(QString, src);
        QFETCH(QString, mime);
        QFETCH(bool, ok);
        const Result<QImage> image = IconLoader::decode(src, mime, 64);
        QCOMPARE(image.ok(), ok);
        if (ok) {
            QVERIFY(!image->isNull());
            QVERIFY(image->width() <= 64 && image->height() <= 64);
        }
    }

    void pickPrefersDataUrlsAndTheme()
    {
        QList<Icon> icons{Icon{QStringLiteral("https://example.com/a.png"), {}, {}, {}},
                          Icon{pngDataUrl(), QStringLiteral("image/png"), {}, QStringLiteral("dark")},
                          Icon{svgDataUrl(goodSvg), QStringLiteral("image/svg+xml"), {}, QStringLiteral("light")}};
        QCOMPARE(IconLoader::pick(icons, false)->theme, QStringLiteral("light"));
        QCOMPARE(IconLoader::pick(icons, true)->theme, QStringLiteral("dark"));
        QVERIFY(!IconLoader::pick({icons.first()}, false));
    }

    void iconArrivesAsynchronously()
    {
        IconLoader loader;
        QSignalSpy ready(&loader, &IconLoader::iconsReady);
        const QList<Icon> icons{Icon{pngDataUrl(), QStringLiteral("image/png"), {}, {}}};
        QVERIFY(loader.icon(icons).isNull());
        QVERIFY(ready.wait(5000));
        QVERIFY(!loader.icon(icons).isNull());
        // Undecodable icons are remembered as such and not retried.
        const QList<Icon> bad{Icon{QStringLiteral("data:image/png;base64,AAAA"), {}, {}, {}}};
        QVERIFY(loader.icon(bad).isNull());
        QVERIFY(ready.wait(5000));
        QVERIFY(loader.icon(bad).isNull());
        QCOMPARE(ready.size(), 2);
    }
};

QTEST_MAIN(tst_IconLoader)
#include "tst_iconloader.moc"
