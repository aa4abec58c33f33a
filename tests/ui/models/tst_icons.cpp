#include "ui/models/icons.h"

#include <QApplication>
#include <QDirIterator>
#include <QImage>
#include <QPalette>
#include <QPixmap>
#include <QTest>

#ifdef __GLIBC__
#include <malloc.h>
#endif

using namespace Toolgate;

namespace {

QStringList actionIconNames()
{
    QStringList names;
    QDirIterator files(QStringLiteral(":/icons"), {QStringLiteral("*.svg")});
    while (files.hasNext()) {
        const QString name = files.nextFileInfo().completeBaseName();
        if (!name.startsWith(u"status-") && name != u"toolgate")
            names.append(name);
    }
    return names;
}

// Whether any pixel of image is (nearly) color: the icons are antialiased shapes on transparency.
bool hasColor(const QImage &image, const QColor &color)
{
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QColor pixel = image.pixelColor(x, y);
            if (pixel.alpha() == 255 && qAbs(pixel.red() - color.red()) <= 2 && qAbs(pixel.green() - color.green()) <= 2
                && qAbs(pixel.blue() - color.blue()) <= 2)
                return true;
        }
    }
    return false;
}

} // namespace

class tst_Icons final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY2(actionIconNames().size() >= 10, qPrintable(actionIconNames().join(u' ')));
    }

    void drawnInTheAskedSizeAndTheModesColour()
    {
        const QIcon run = Icons::action(u"run");
        QVERIFY(!run.isNull());
        const QPalette palette = QApplication::palette();
        // Any size a style asks for is drawn at that size, not scaled from a near one.
        for (const int side : {16, 18, 22, 48}) {
            const QPixmap pixmap = run.pixmap(QSize(side, side), 1.0);
            QCOMPARE(pixmap.size(), QSize(side, side));
        }
        QCOMPARE(run.pixmap(QSize(16, 16), 2.0).size(), QSize(32, 32));
        QVERIFY(hasColor(run.pixmap(QSize(32, 32), 1.0, QIcon::Normal).toImage(), palette.color(QPalette::Active, QPalette::WindowText)));
        QVERIFY(hasColor(run.pixmap(QSize(32, 32), 1.0, QIcon::Disabled).toImage(), palette.color(QPalette::Disabled, QPalette::WindowText)));
        QVERIFY(hasColor(run.pixmap(QSize(32, 32), 1.0, QIcon::Selected).toImage(), palette.color(QPalette::Active, QPalette::HighlightedText)));
        QVERIFY(Icons::action(u"no-such-icon").isNull());
    }

#ifdef __GLIBC__
    void anIconCostsOnlyWhatIsShown()
    {
        // The window asks for every action icon at start but shows each in one or two sizes: drawing all
        // sizes in all modes up front cost ~180 KB per icon (12 MB of the idle window's heap, issue #30).
        const QStringList names = actionIconNames();
        malloc_trim(0);
        const size_t before = mallinfo2().uordblks;
        QList<QIcon> icons;
        for (const QString &name : names)
            icons.append(Icons::action(name));
        const size_t grown = mallinfo2().uordblks - before;
        QVERIFY2(grown < size_t(names.size()) * 16 * 1024,
                 qPrintable(QStringLiteral("%1 icons took %2 KB").arg(names.size()).arg(grown / 1024)));
        for (const QIcon &icon : std::as_const(icons))
            QVERIFY(!icon.isNull());
    }
#endif
};

QTEST_MAIN(tst_Icons)
#include "tst_icons.moc"
