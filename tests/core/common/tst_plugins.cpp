// Toolgate's plugins (core/common/plugins.h): found in the build tree where the installed packages
// have them, loaded once and only when first used, and a failure said in words. The keychain is
// the core's one plugin: a process that never touches a secret never loads QtKeychain (nor D-Bus).

#include "core/auth/keychainbackend.h"
#include "core/auth/secretstore.h"
#include "core/common/plugins.h"
#include "loadedlibraries.h"
#include "postedevents.h"

#include <QDir>
#include <QFileInfo>
#include <QScopeGuard>
#include <QTest>

#include <optional>

using namespace Toolgate;

namespace {
class NotAKeychain
{
public:
    virtual ~NotAKeychain() = default;
};
} // namespace
Q_DECLARE_INTERFACE(NotAKeychain, "io.github.toolgate.test.NotAKeychain/1")

class tst_Plugins final : public QObject
{
    Q_OBJECT

private slots:
    void theKeychainPluginIsFoundWithoutLoadingIt()
    {
        const QString path = Plugins::find(QStringLiteral("keychain"));
        QVERIFY2(!path.isEmpty(), qPrintable(Plugins::searchPaths().join(u", ")));
        // Beside bin/ as in the packages: <prefix>/bin/toolgate-cli and <prefix>/<libdir>/toolgate/.
        QCOMPARE(QFileInfo(path).dir().dirName(), QStringLiteral("toolgate"));
        if (TestSupport::canSeeLoadedLibraries())
            QVERIFY(!TestSupport::libraryLoaded("keychain"));
    }

    void theKeychainIsLoadedOnTheFirstSecretOnly()
    {
        if (!TestSupport::canSeeLoadedLibraries())
            QSKIP("no /proc/self/maps here to see which libraries are loaded");
        // A session bus is named (one that is not there: CI has none), or the store would know at once that
        // no keychain can answer and never load the plugin.
        const QByteArray busBefore = qgetenv("DBUS_SESSION_BUS_ADDRESS");
        qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/toolgate-test-bus");
        const auto restoreBus = qScopeGuard([&busBefore] {
            if (busBefore.isEmpty())
                qunsetenv("DBUS_SESSION_BUS_ADDRESS");
            else
                qputenv("DBUS_SESSION_BUS_ADDRESS", busBefore);
        });
        // Making the store, as every Host does, loads nothing.
        KeychainSecretStore store(QStringLiteral("Toolgate test"));
        QVERIFY(!TestSupport::libraryLoaded("qt6keychain"));
        QVERIFY(!TestSupport::libraryLoaded("libdbus"));

        // The first request does; its answer comes (from the keychain, or from memory when this machine
        // has no keychain service, as on CI) exactly once.
        QObject context;
        int answers = 0;
        store.read(QStringLiteral("plugins-test-key"), &context, [&answers](const Result<QByteArray> &) { ++answers; });
        QVERIFY(TestSupport::libraryLoaded("libtoolgate_keychain"));
        QVERIFY(TestSupport::libraryLoaded("qt6keychain"));
        QTRY_COMPARE_WITH_TIMEOUT(answers, 1, 30000);
        QVERIFY(TestSupport::deliverPostedEvents()); // a second answer queued with the first would be in now
        QCOMPARE(answers, 1);
    }

    void aPluginIsLoadedOnce()
    {
        QString why;
        QObject *first = Plugins::instance(QStringLiteral("keychain"), &why);
        QVERIFY2(first, qPrintable(why));
        QCOMPARE(Plugins::instance(QStringLiteral("keychain")), first);
        QVERIFY(Plugins::load<KeychainBackend>(QStringLiteral("keychain")));
    }

    void aMissingPluginIsSaidInWords()
    {
        QString why;
        QVERIFY(!Plugins::instance(QStringLiteral("no-such-plugin"), &why));
        QVERIFY2(why.contains(QStringLiteral("toolgate_no-such-plugin")) && why.contains(QStringLiteral("reinstall Toolgate")), qPrintable(why));
        // Asked again, the same answer (the search is not repeated).
        QString again;
        QVERIFY(!Plugins::instance(QStringLiteral("no-such-plugin"), &again));
        QCOMPARE(again, why);
    }

    void aPluginOfAnotherInterfaceIsRefused()
    {
        // A plugin file that answers to another interface (an older or foreign build) is not used.
        QString why;
        QVERIFY(!Plugins::load<NotAKeychain>(QStringLiteral("keychain"), &why));
        QVERIFY2(why.contains(QStringLiteral("not the plugin this version of Toolgate expects")), qPrintable(why));
    }
};

QTEST_GUILESS_MAIN(tst_Plugins)
#include "tst_plugins.moc"
