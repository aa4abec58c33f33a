// The desktop app on a real X display (Xvfb): OpenGL is loaded with the first MCP App view, not at start.
//
// Qt WebEngine needs one OpenGL context that all others share. Asked for before the application object
// exists (Qt::AA_ShareOpenGLContexts), Qt makes it at once and the whole OpenGL stack — Mesa with LLVM,
// ~60 MB resident — is loaded into every session, apps or not (issue #30: the idle window ≤ 60 MB). The
// offscreen platform the other GUI tests use has no OpenGL, so this one starts the app under xvfb-run.

#include "cliprocess.h"
#include "testfiles.h"

#include "core/workspace/serverconfig.h"
#include "core/workspace/servertrust.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Toolgate;
using Toolgate::TestSupport::CliRun;
using Toolgate::TestSupport::runProcess;

class tst_GlOnFirstView final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    bool writeFile(const QString &name, const QByteArray &bytes) { return TestSupport::writeFile(m_dir.filePath(name), bytes); }

    // The app under xvfb-run (a display of its own, the xcb platform), or on the offscreen platform (no
    // OpenGL at all). The extra environment is the app's alone (through env), not the X server's.
    enum class Display { Xvfb, Offscreen };
    CliRun runApp(const QStringList &arguments, const QStringList &environment, Display display = Display::Xvfb)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        env.insert(QStringLiteral("TOOLGATE_CONFIG_DIR"), m_dir.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("TOOLGATE_AUDIT_DB"), m_dir.filePath(QStringLiteral("audit.sqlite")));
        QStringList command = QStringList{QStringLiteral("env")} + environment
            + QStringList{TestSupport::executable(QStringLiteral("toolgate"))} + arguments;
        if (display == Display::Xvfb)
            command = QStringList{QStringLiteral("xvfb-run"), QStringLiteral("-a"), QStringLiteral("-s"),
                                  QStringLiteral("-screen 0 1280x900x24")}
                + command;
        return runProcess(command.first(), command.mid(1), env, {}, 150000);
    }

private slots:
    void initTestCase()
    {
#ifndef Q_OS_LINUX
        QSKIP("OpenGL through Xvfb and the dynamic loader's trace are Linux's");
#endif
        QVERIFY(m_dir.isValid());
        QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("xvfb-run")).isEmpty(),
                 "xvfb-run is missing: packaging/setup-debian.sh installs it with the test packages");
    }

    void theIdleWindowLoadsNoOpenGL()
    {
        // The demo server, trusted as the first start sets it up; the app lists its tools and quits. The
        // dynamic loader names every library the process loads.
        const QString ldTrace = m_dir.filePath(QStringLiteral("ld"));
        const CliRun run = runApp({QStringLiteral("--list-tools-and-quit")},
                                  {QStringLiteral("LD_DEBUG=files"), QStringLiteral("LD_DEBUG_OUTPUT=") + ldTrace});
        QVERIFY2(run.exitCode == 0 && run.out().contains(u"demo/echo"), qPrintable(run.describe()));
        QStringList loaded;
        QDirIterator traces(m_dir.path(), {QStringLiteral("ld.*")}, QDir::Files);
        while (traces.hasNext()) {
            QFile trace(traces.next());
            QVERIFY(trace.open(QIODevice::ReadOnly));
            for (const QByteArray &line : trace.readAll().split('\n')) {
                if (const qsizetype at = line.indexOf("calling init:"); at >= 0)
                    loaded.append(QString::fromLocal8Bit(line.mid(at + 13).trimmed()));
            }
        }
        QVERIFY2(loaded.size() > 20, qPrintable(loaded.join(u'\n'))); // the trace worked
        for (const QString &library : std::as_const(loaded)) {
            const QString name = QFileInfo(library).fileName();
            QVERIFY2(!name.startsWith(u"libGLX_mesa") && !name.startsWith(u"libEGL_mesa") && !name.contains(u"_dri.so")
                         && !name.startsWith(u"libLLVM") && !name.startsWith(u"libQt6WebEngine"),
                     qPrintable(QStringLiteral("%1 was loaded by an idle window").arg(library)));
        }
    }

    void theFirstAppViewStillHasOpenGLToShare() { showTheFirstAppView(Display::Xvfb); }

    void theFirstAppViewWorksWithoutOpenGL()
    {
        // The offscreen platform has no OpenGL: the shared context cannot be created. Qt WebEngine must
        // still find one (an invalid one, as Qt itself would set) and draw in software; with none it
        // crashed (exit 139, as the installed package's smoke test showed).
        showTheFirstAppView(Display::Offscreen);
    }

private:
    void showTheFirstAppView(Display display)
    {
        // MCP App example server, its tool always allowed, its app views allowed: the app runs the tool
        // and quits once the view is ready. Qt WebEngine must find the shared context made for it, with no
        // complaint that it came late.
        const QString npm = QStringLiteral(TOOLGATE_TEST_NPM_DIR) + QStringLiteral("/node_modules");
        ServerConfig vanilla;
        vanilla.name = QStringLiteral("vanilla");
        vanilla.command = npm + QStringLiteral("/node/bin/node");
        vanilla.args = {npm + QStringLiteral("/@modelcontextprotocol/server-basic-vanillajs/dist/index.js"), QStringLiteral("--stdio")};
        QVERIFY2(QFileInfo(vanilla.args.first()).isFile(), "tests/npm is not installed (npm ci there)");
        const QString config = QStringLiteral("config2/");
        QVERIFY(writeFile(config + QStringLiteral("servers.json"),
                          QJsonDocument(QJsonObject{{QStringLiteral("mcpServers"),
                                                     QJsonObject{{vanilla.name, QJsonObject{{QStringLiteral("command"), vanilla.command},
                                                                                            {QStringLiteral("args"), QJsonArray::fromStringList(vanilla.args)}}}}}})
                              .toJson()));
        QVERIFY(writeFile(config + QStringLiteral("approvals.json"),
                          QJsonDocument(QJsonObject{{QStringLiteral("alwaysAllow"),
                                                     QJsonArray{QJsonObject{{QStringLiteral("server"), vanilla.name},
                                                                            {QStringLiteral("endpoint"), vanilla.endpoint()},
                                                                            {QStringLiteral("tool"), QStringLiteral("get-time")}}}}})
                              .toJson()));
        QVERIFY(ServerTrust(m_dir.filePath(config + QStringLiteral("server-trust.json"))).trust(vanilla, QStringLiteral("tests")).ok());
        // AppTrust's entry (QSettings, INI): server name and endpoint joined by U+001F.
        QVERIFY(writeFile(config + QStringLiteral("Toolgate/toolgate.ini"),
                          QByteArrayLiteral("[McpApps]\nallowedServers=\"vanilla\\x1f") + vanilla.endpoint().toUtf8() + "\"\n"));

        // Qt WebEngine refuses its sandbox as root (CI runs as root): switched off here, as in tst_appview.
        QStringList environment{QStringLiteral("TOOLGATE_CONFIG_DIR=") + m_dir.filePath(config), QStringLiteral("QTWEBENGINE_DISABLE_SANDBOX=1"),
                                QStringLiteral("QTWEBENGINE_CHROMIUM_FLAGS=--disable-background-networking --disable-component-update --no-first-run")};
        if (display == Display::Offscreen) { // as pkg_smoke_app runs the installed app
            environment.append(QStringLiteral("QT_QPA_PLATFORM=offscreen"));
            environment[2] = QStringLiteral("QTWEBENGINE_CHROMIUM_FLAGS=--disable-gpu --disable-background-networking --disable-component-update --no-first-run");
        }
        const CliRun run = runApp({QStringLiteral("--show-app-and-quit"), QStringLiteral("vanilla/get-time")}, environment, display);
        QVERIFY2(run.exitCode == 0 && run.out().contains(u"app view ready: ui://get-time/mcp-app.html from vanilla"),
                 qPrintable(run.describe()));
        for (const char *complaint : {"must be set before QCoreApplication", "initialized from a plugin", "WebEngineContext used before"})
            QVERIFY2(!run.err.contains(QLatin1StringView(complaint)), qPrintable(run.describe()));
    }
};

QTEST_GUILESS_MAIN(tst_GlOnFirstView)
#include "tst_glonfirstview.moc"
