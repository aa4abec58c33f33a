// Signing in to an HTTP server from the workspace, as the desktop app does: the server waits in
// "Sign-in required" until the person asks, the "browser" (a real HTTP GET of the authorization
// URL that follows the redirect to the loopback listener) signs in, the tools appear, the tokens
// are in the SecretStore and in no file, and signing out forgets them.
//
// The peer is a scripted local server on 127.0.0.1 that is MCP server and OAuth authorization
// server at once (fakehttpserver.h, as tst_oauthauthenticator uses).

#include "authorizedmcpserver.h"
#include "postedevents.h"

#include "core/auth/oauthauthenticator.h"
#include "core/auth/secretstore.h"
#include "core/workspace/serverconfigfile.h"
#include "core/workspace/serversignin.h"
#include "core/workspace/workspace.h"

#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUrlQuery>

using namespace Toolgate;
using namespace TestHttp;

namespace {

QByteArray storedValue(SecretStore &store, const QString &key)
{
    QObject context;
    std::optional<QByteArray> answer;
    store.read(key, &context, [&answer](const Result<QByteArray> &value) { answer = value ? value.value() : QByteArray("<error>"); });
    return QTest::qWaitFor([&answer] { return answer.has_value(); }, 5000) ? *answer : QByteArray("<no answer>");
}

QStringList filesContaining(const QString &dir, const QByteArray &needle)
{
    QStringList found;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile file(it.next());
        if (file.open(QIODevice::ReadOnly) && file.readAll().contains(needle))
            found.append(file.fileName());
    }
    return found;
}

} // namespace

class tst_ServerSignIn final : public QObject
{
    Q_OBJECT

private slots:
    void signInOnRequestThenSignOut()
    {
        SignInSetup setup;
        QVERIFY(setup.saved);

        // The "browser": a real GET of the authorization URL, following the redirect to the loopback listener.
        QNetworkAccessManager browser;
        int browserOpened = 0;
        bool personWalksAway = false; // the browser opens, but nobody signs in
        QByteArray landingPage;
        SignInManager signIns(&setup.workspace, setup.store, [&](const QUrl &url) {
            ++browserOpened;
            if (personWalksAway)
                return true;
            QNetworkReply *reply = browser.get(QNetworkRequest(url));
            QObject::connect(reply, &QNetworkReply::finished, reply, [reply, &landingPage] {
                landingPage = reply->readAll();
                reply->deleteLater();
            });
            return true;
        });
        signIns.setLoopbackOptions(LoopbackUserAgent::Options{0, std::chrono::seconds(20)});
        signIns.install();
        QVERIFY(setup.workspace.load().ok());
        setup.workspace.startAll();
        ServerConnection *connection = setup.workspace.connection(QStringLiteral("guarded"));
        QVERIFY(connection);

        // It waits for the person: no browser until Sign in is pressed.
        QTRY_VERIFY_WITH_TIMEOUT(signIns.signIn(QStringLiteral("guarded"))
                                     && signIns.signIn(QStringLiteral("guarded"))->state() == ServerSignIn::State::SignInRequired,
                                 10000);
        ServerSignIn *signIn = signIns.signIn(QStringLiteral("guarded"));
        QVERIFY2(signIn->message().contains(QStringLiteral("Sign in")), qPrintable(signIn->message()));
        // The browser opens only on the way to SigningIn: once what is queued has run without a change
        // of state, none was opened, nor will be until the person asks.
        QSignalSpy states(signIn, &ServerSignIn::stateChanged);
        QVERIFY(TestSupport::deliverPostedEvents());
        QCOMPARE(states.count(), 0);
        QCOMPARE(browserOpened, 0);
        QCOMPARE(setup.peer.authorizeVisits, 0);
        QVERIFY(connection->tools().isEmpty());

        signIn->signIn();
        QCOMPARE(signIn->state(), ServerSignIn::State::SigningIn);
        QVERIFY2(signIn->message().contains(QStringLiteral("browser")), qPrintable(signIn->message()));
        QTRY_COMPARE_WITH_TIMEOUT(connection->status(), ServerConnection::Status::Ready, 15000);
        QTRY_VERIFY_WITH_TIMEOUT(!connection->tools().isEmpty(), 5000);
        QCOMPARE(connection->tools().first().name, QStringLiteral("secret_tool"));
        QCOMPARE(signIn->state(), ServerSignIn::State::SignedIn);
        QCOMPARE(browserOpened, 1);
        QCOMPARE(setup.peer.authorizeVisits, 1);
        QCOMPARE(setup.peer.tokenRequests, 1);
        QTRY_VERIFY(!landingPage.isEmpty()); // the loopback listener answered the browser

        // The tokens are in the SecretStore, and in no file of the config folder.
        OAuthAuthenticator::Options probe;
        probe.serverUrl = setup.peer.server.url();
        const QString tokenKey = OAuthAuthenticator(probe).tokenKey();
        QVERIFY(storedValue(*setup.store, tokenKey).contains(kAccessToken));
        QVERIFY(setup.workspace.save().ok());
        const QStringList leaked = filesContaining(setup.configDir.path(), kAccessToken);
        QVERIFY2(leaked.isEmpty(), qPrintable(leaked.join(u' ')));

        // Sign out forgets them and the server asks again, without opening the browser.
        signIn->signOut();
        QTRY_COMPARE_WITH_TIMEOUT(storedValue(*setup.store, tokenKey), QByteArray(), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(signIn->state(), ServerSignIn::State::SignInRequired, 10000);
        QVERIFY(connection->tools().isEmpty());
        QCOMPARE(browserOpened, 1);

        // Cancel while the browser is open answers the waiting server: it fails, saying so.
        personWalksAway = true;
        signIn->signIn();
        QCOMPARE(signIn->state(), ServerSignIn::State::SigningIn);
        QTRY_COMPARE(browserOpened, 2);
        signIn->cancel();
        QCOMPARE(signIn->state(), ServerSignIn::State::Failed);
        QVERIFY2(signIn->message().contains(QStringLiteral("cancelled")), qPrintable(signIn->message()));
        QTRY_VERIFY_WITH_TIMEOUT(connection->status() != ServerConnection::Status::Starting, 10000);
        QVERIFY2(connection->lastError().message.contains(QStringLiteral("cancelled")), qPrintable(connection->lastError().message));
        QCOMPARE(setup.peer.tokenRequests, 1);

        // Sign in again from the failed state: the server is restarted and the browser opens when it asks.
        personWalksAway = false;
        signIn->signIn();
        QTRY_COMPARE_WITH_TIMEOUT(connection->status(), ServerConnection::Status::Ready, 15000);
        QCOMPARE(signIn->state(), ServerSignIn::State::SignedIn);
        QCOMPARE(browserOpened, 3);
        QVERIFY(storedValue(*setup.store, tokenKey).contains(kAccessToken));
    }
};

QTEST_MAIN(tst_ServerSignIn)
#include "tst_serversignin.moc"
