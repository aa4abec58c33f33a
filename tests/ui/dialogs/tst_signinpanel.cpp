// The server info panel and the server list during an OAuth sign-in, offscreen: "Sign-in required"
// with a Sign In button (no browser yet), Sign In signs in through a real GET of the authorization
// URL that follows the redirect to the loopback listener, then "Signed in" with Sign Out.

#include "../../core/http/authorizedmcpserver.h"

#include "auth/secretstore.h"
#include "mainwindow/serverinfopanel.h"
#include "models/serverlistmodel.h"
#include "workspace/serverconfigfile.h"
#include "workspace/serversignin.h"
#include "workspace/workspace.h"

#include <QDir>
#include <QLabel>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

using namespace Toolgate;
using namespace TestHttp;

namespace {

void saveScreenshot(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("TOOLGATE_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    widget->grab().save(QDir(dir).filePath(name));
}

} // namespace

class tst_SignInPanel final : public QObject
{
    Q_OBJECT

private slots:
    void signInFromThePanel()
    {
        AuthorizedMcpServer peer;
        QTemporaryDir configDir;
        const QString path = configDir.filePath(QStringLiteral("servers.json"));
        ServerConfig remote;
        remote.name = QStringLiteral("guarded");
        remote.transport = ServerConfig::Transport::Http;
        remote.url = peer.server.url().toString();
        remote.extra.insert(QStringLiteral("oauth"), QJsonObject{{QStringLiteral("clientId"), QStringLiteral("toolgate-test")}});
        QVERIFY(ServerConfigFile::save(path, {remote}).ok());

        auto store = std::make_shared<MemorySecretStore>();
        Workspace workspace(path);
        workspace.secrets()->setStore(store.get());
        QNetworkAccessManager browser;
        int browserOpened = 0;
        SignInManager signIns(&workspace, store, [&](const QUrl &url) {
            ++browserOpened;
            QNetworkReply *reply = browser.get(QNetworkRequest(url));
            QObject::connect(reply, &QNetworkReply::finished, reply, &QObject::deleteLater);
            return true;
        });
        signIns.setLoopbackOptions(LoopbackUserAgent::Options{0, std::chrono::seconds(20)});
        signIns.install();
        ServerListModel model(&workspace);
        model.setSignInManager(&signIns);
        QVERIFY(workspace.load().ok());

        ServerInfoPanel panel;
        panel.setSignInManager(&signIns);
        panel.resize(640, 420);
        panel.show();
        ServerConnection *connection = workspace.connection(QStringLiteral("guarded"));
        panel.setConnection(connection);
        workspace.startAll();

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
