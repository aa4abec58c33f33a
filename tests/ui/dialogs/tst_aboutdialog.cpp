// The About dialog: version, Qt at build and run time, the licences of what Toolgate ships with,
// Toolgate's own licence text, and a screenshot for the docs.

#include "../support/uitestsupport.h"
#include "ui/dialogs/aboutdialog.h"

#include <QApplication>
#include <QDir>
#include <QLabel>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

using namespace Toolgate;

class TestAboutDialog : public QObject
{
    Q_OBJECT
private slots:
    void showsVersionsAndLicences();
    void licenceIsTheProjectsLicenseFile();
    void rendersForTheDocs();
};

void TestAboutDialog::showsVersionsAndLicences()
{
    AboutDialog dialog;
    const auto *title = dialog.findChild<QLabel *>(QStringLiteral("titleLabel"));
    QVERIFY(title);
    QVERIFY2(title->text().contains(QStringLiteral(TOOLGATE_VERSION)), qPrintable(title->text()));

    const auto *qt = dialog.findChild<QLabel *>(QStringLiteral("qtVersionsLabel"));
    QVERIFY(qt);
    QCOMPARE(qt->text(), QStringLiteral("Built with Qt %1, running on Qt %2.")
                             .arg(QStringLiteral(QT_VERSION_STR), QString::fromLatin1(qVersion())));

    const auto *view = dialog.findChild<QTextBrowser *>(QStringLiteral("licencesView"));
    QVERIFY(view);
    const QString text = view->toPlainText();
    for (const QString &expected : {QStringLiteral("Qt %1").arg(QString::fromLatin1(qVersion())), QStringLiteral("LGPL-3.0"),
                                    QStringLiteral("QtKeychain"), QStringLiteral("BSD-3-Clause"), QStringLiteral("MIT License")}) {
        QVERIFY2(text.contains(expected), qPrintable(QStringLiteral("missing \"%1\" in:\n%2").arg(expected, text)));
    }
    const auto *links = dialog.findChild<QLabel *>(QStringLiteral("linksLabel"));
    QVERIFY(links);
    QVERIFY(links->text().contains(QStringLiteral("https://github.com/toolgate/toolgate")));
}

void TestAboutDialog::licenceIsTheProjectsLicenseFile()
{
    QFile license(QStringLiteral(TOOLGATE_SOURCE_DIR "/LICENSE"));
    QVERIFY(license.open(QIODevice::ReadOnly));
    QCOMPARE(AboutDialog::licenceText(), QString::fromUtf8(license.readAll()));
}

void TestAboutDialog::rendersForTheDocs()
{
    QTemporaryDir scratch;
    QString directory = qEnvironmentVariable("TOOLGATE_SCREENSHOT_DIR");
    if (directory.isEmpty())
        directory = scratch.path();
    QDir().mkpath(directory);

    AboutDialog dialog;
    dialog.show();
    QVERIFY(Toolgate::TestSupport::settled(&dialog));
    const QPixmap picture = dialog.grab();
    QVERIFY(picture.width() >= 400 && picture.height() >= 300);
    QVERIFY(picture.save(QDir(directory).filePath(QStringLiteral("about-dialog.png"))));
}

QTEST_MAIN(TestAboutDialog)
#include "tst_aboutdialog.moc"
