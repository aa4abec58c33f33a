// The server info panel and the server list during an OAuth sign-in, offscreen: "Sign-in required"
// with a Sign In button (no browser yet), Sign In signs in through a real GET of the authorization
// URL that follows the redirect to the loopback listener, then "Signed in" with Sign Out.

#include "../support/uitestsupport.h"
#include "../../core/http/authorizedmcpserver.h"

#include "core/auth/secretstore.h"
#include "ui/servers/serverinfopanel.h"
#include "ui/models/serverlistmodel.h"
#include "core/workspace/serverconfigfile.h"
#include "core/workspace/serversignin.h"
#include "core/workspace/workspace.h"

#include <QDir>
#include <QLabel>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

using namespace Toolgate;
using Toolgate::TestSupport::saveScreenshot;
using namespace TestHttp;

class tst_SignInPanel final : public QObject
{
    Q_OBJECT

private slots:
    void signInFromThePanel()
    {
        SignInSetup setup;
        QVERIFY(setup.saved);
        QNetworkAccessManager browser;
        int browserOpened = 0;
        SignInManager signIns(&setup.workspace, setup.store, [&](const QUrl &url) {
            ++browserOpened;
            QNetworkReply *reply = browser.get(QNetworkRequest(url));
            QObject::connect(reply, &QNetworkReply::finished, reply, &QObject::deleteLater);
            return true;
        });
        signIns.setLoopbackOptions(LoopbackUserAgent::Options{0, std::chrono::seconds(20)});
        signIns.install();
        ServerListModel model(&setup.workspace);
        model.setSignInManager(&signIns);
        QVERIFY(setup.workspace.load().ok());

        ServerInfoPanel panel;
        panel.setSignInManager(&signIns);
        panel.resize(640, 420);
        panel.show();
        ServerConnection *connection = setup.workspace.connection(QStringLiteral("guarded"));
        panel.setConnection(connection);
        setup.workspace.startAll();

        auto *state = panel.findChild<QLabel *>(QStringLiteral("signInState"));
        auto *signIn = panel.findChild<QPushButton *>(QStringLiteral("signIn"));
        auto *cancel = panel.findChild<QPushButton *>(QStringLiteral("cancelSignIn"));
        auto *signOut = panel.findChild<QPushButton *>(QStringLiteral("signOut"));
        QVERIFY(state && signIn && cancel && signOut);
        QTRY_VERIFY_WITH_TIMEOUT(signIn->isVisible(), 10000);
        QVERIFY2(state->text().startsWith(QStringLiteral("Sign-in required")), qPrintable(state->text()));
        QVERIFY(!cancel->isVisible() && !signOut->isVisible());
        QCOMPARE(model.data(model.index(0, ServerListModel::StatusColumn)).toString(), QStringLiteral("Sign-in required"));
        // The server page's status line says the same, not "Starting…".
        auto *status = panel.findChild<QLabel *>(QStringLiteral("serverStatus"));
        QVERIFY(status);
        QCOMPARE(status->text(), QStringLiteral("Sign-in required"));
        QCOMPARE(browserOpened, 0);
        saveScreenshot(&panel, QStringLiteral("signin-required.png"));

        QTest::mouseClick(signIn, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(connection->status(), ServerConnection::Status::Ready, 15000);
        QTRY_COMPARE(status->text(), QStringLiteral("Ready"));
        QTRY_VERIFY(signOut->isVisible());
        QVERIFY(!signIn->isVisible() && !cancel->isVisible());
        QVERIFY2(state->text().startsWith(QStringLiteral("Signed in")), qPrintable(state->text()));
        QCOMPARE(browserOpened, 1);
        QTRY_VERIFY(!connection->tools().isEmpty());
        saveScreenshot(&panel, QStringLiteral("signin-done.png"));

        QTest::mouseClick(signOut, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(signIn->isVisible(), 10000);
        QVERIFY(connection->tools().isEmpty());
        QCOMPARE(browserOpened, 1);
    }
};

QTEST_MAIN(tst_SignInPanel)
#include "tst_signinpanel.moc"
