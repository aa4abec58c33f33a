// toolgate: the desktop app. Parses the command line, finds the configuration, and wires the
// workspace, the approval policy and the main window together.

#include "apps/appmeta.h"
#include "apps/apppane.h"
#include "mainwindow/showappandquit.h"
#include "auth/secretstore.h"
#include "calls/approvalpolicy.h"
#include "audit/auditlog.h"
#include "audit/connectionauditor.h"
#include "audit/redactor.h"
#include "calls/toolcall.h"
#include "client/clientsession.h"
#include "clientfeatures/clientfeatures.h"
#include "clientfeatures/rootsdialog.h"
#include "clientfeatures/rootsstore.h"
#include "workspace/serverconnection.h"
#include "mainwindow/mainwindow.h"
#include "models/icons.h"
#include "models/tooltreemodel.h"
#include "screenshotter.h"
#include "workspace/serverconfigfile.h"
#include "workspace/serversignin.h"
#include "workspace/workspace.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDesktopServices>
#include <QDir>
#include <QEventLoop>
#include <QMenu>
#include <QStatusBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTextStream>
#include <QTimer>

using namespace Toolgate;

namespace {

struct Paths
{
    QString servers;
    QString approvals;
    QString argumentHistory;
    QString roots;
};

// TOOLGATE_CONFIG_DIR moves everything Toolgate writes (servers, approvals, argument history,
// window settings) into one folder: tests and screenshots use it to stay out of the user's files.
Paths configPaths(const QString &configOption)
{
    Paths paths;
    const QString overrideDir = qEnvironmentVariable("TOOLGATE_CONFIG_DIR");
    if (!overrideDir.isEmpty()) {
        const QDir dir(overrideDir);
        QDir().mkpath(dir.absolutePath());
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.absolutePath());
        paths.servers = dir.filePath(QStringLiteral("servers.json"));
        paths.approvals = dir.filePath(QStringLiteral("approvals.json"));
        paths.argumentHistory = dir.filePath(QStringLiteral("argument-history.json"));
        paths.roots = dir.filePath(QStringLiteral("roots.json"));
    } else {
        const QDir dir(QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation));
        paths.servers = ServerConfigFile::defaultPath();
        paths.approvals = dir.filePath(QStringLiteral("approvals.json"));
        paths.roots = dir.filePath(QStringLiteral("roots.json"));
    }
    if (!configOption.isEmpty())
        paths.servers = QDir::current().absoluteFilePath(configOption);
    return paths;
}

// --list-tools-and-quit: proves, e.g. after installing a package, that the app starts and its
// servers list their tools. Prints "server/tool" lines once any server has listed tools, then
// quits with 0; quits with 1 if none has within 30 seconds.
void listToolsAndQuit(Workspace *workspace, QObject *context)
{
    auto *poll = new QTimer(context);
    poll->setInterval(100);
    QObject::connect(poll, &QTimer::timeout, context, [workspace, poll] {
        const QList<ServerConnection *> connections = workspace->connections();
        if (std::none_of(connections.cbegin(), connections.cend(), [](const ServerConnection *c) { return !c->tools().isEmpty(); }))
            return;
        poll->stop();
        QTextStream out(stdout);
        for (const ServerConnection *connection : connections) {
            for (const Tool &tool : connection->tools())
                out << connection->config().name << u'/' << tool.name << u'\n';
        }
        out.flush();
        QCoreApplication::exit(0);
    });
    QTimer::singleShot(30000, context, [workspace] {
        QTextStream(stderr) << "toolgate: no server listed any tools within 30 seconds ("
                            << workspace->connections().size() << " servers configured in "
                            << QDir::toNativeSeparators(workspace->configPath()) << ")" << Qt::endl;
        QCoreApplication::exit(1);
    });
    poll->start();
}

// The keychain answers asynchronously: a secret saved just before quitting may still be on its
// way. The window is gone; keep handling events (no busy wait) until the store has answered, for
// at most a few seconds, and name what could not be saved if it does not.
void finishSecretWrites(Workspace &workspace)
{
    if (!workspace.hasPendingSecretWrites())
        return;
    constexpr int timeoutMs = 5000;
    QEventLoop drain;
    workspace.whenSecretWritesDone(timeoutMs, &drain, [&drain, &workspace](const QStringList &unfinished) {
        if (!unfinished.isEmpty()) {
            qWarning().noquote() << "toolgate: quitting although" << workspace.secretStore()->location()
                                 << "did not answer within" << timeoutMs / 1000 << "seconds; these may not have been saved:"
                                 << unfinished.join(QStringLiteral("; "))
                                 << "- start Toolgate again and check those servers' secret values.";
        }
        drain.quit();
    });
    drain.exec();
}

} // namespace

int main(int argc, char *argv[])
{
    // Qt WebEngine (MCP Apps views) shares OpenGL contexts with the widgets; set before the app exists.
    QCoreApplication::setAttribute(Qt::AA_ShareOpenGLContexts);
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("Toolgate"));
    QCoreApplication::setApplicationName(QStringLiteral("toolgate"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TOOLGATE_VERSION));
    QGuiApplication::setApplicationDisplayName(QStringLiteral("Toolgate"));
    QGuiApplication::setDesktopFileName(QStringLiteral("toolgate"));
    QGuiApplication::setWindowIcon(Icons::application());

    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
        "main", "A desktop host for the Model Context Protocol: connect MCP servers and run their tools with your approval."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption configOption(
        QStringLiteral("config"), QCoreApplication::translate("main", "Use this servers file instead of the default one."),
        QStringLiteral("file"));
    const QCommandLineOption screenshotOption(
        QStringLiteral("screenshot"),
        QCoreApplication::translate("main", "Once the tools are listed, save the window as <dir>/main-window.png and quit."),
        QStringLiteral("dir"));
    const QCommandLineOption selectOption(
        QStringLiteral("select"), QCoreApplication::translate("main", "Select this tool at start, e.g. demo/echo."),
        QStringLiteral("server/tool"));
    const QCommandLineOption listToolsOption(
        QStringLiteral("list-tools-and-quit"),
        QCoreApplication::translate("main", "Once the servers have listed their tools, print them as server/tool lines and quit."));
    const QCommandLineOption showAppOption(
        QStringLiteral("show-app-and-quit"),
        QCoreApplication::translate("main", "Run this tool (approval as always) and quit once its app view is ready, e.g. vanilla/get-time."),
        QStringLiteral("server/tool"));
    parser.addOption(configOption);
    parser.addOption(screenshotOption);
    parser.addOption(listToolsOption);
    parser.addOption(showAppOption);
    parser.addOption(selectOption);
    parser.process(app);

    const Paths paths = configPaths(parser.value(configOption));
    // Declared before the workspace, which reads and writes secrets through it until it goes.
    auto keychain = std::make_shared<KeychainSecretStore>();
    Workspace workspace(paths.servers);
    workspace.setSecretStore(keychain.get());
    // HTTP servers sign in with OAuth through the system browser, only when the person asks.
    SignInManager signIns(&workspace, keychain, [](const QUrl &url) { return QDesktopServices::openUrl(url); });
    signIns.install();
    ApprovalPolicy policy(paths.approvals);

    // Declared before the window so it outlives the pipeline and writes what is still queued.
    AuditLog audit;
    MainWindow window(MainWindow::Environment{&workspace, &policy, nullptr, paths.argumentHistory});
    window.pipeline()->setObserver(&audit);

    // What servers may ask of us: sampling and elicitation answered by the person, roots from Settings → Roots.
    RootsStore roots(paths.roots);
    const Result<void> rootsLoaded = roots.load();
    ClientFeatures clientFeatures(&roots, &audit, &window);
    workspace.setSessionConfigurator([&clientFeatures](ClientSession *session, ServerConnection *connection) {
        clientFeatures.configureSession(session, connection);
        // MCP Apps: servers may send app views for results, where this build can show them.
        if (AppPane::unavailableReason().isEmpty())
            session->setExtension(McpApps::extensionId(), McpApps::clientCapability());
    });
    QObject::connect(&clientFeatures, &ClientFeatures::notice, &window,
                     [&window](const QString &text) { window.statusBar()->showMessage(text, 10000); });
    QAction *rootsAction = window.settingsMenu()->addAction(QCoreApplication::translate("main", "R&oots…"), &window, [&roots, &window] {
        auto *dialog = new RootsDialog(&roots, &window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    rootsAction->setObjectName(QStringLiteral("rootsSettings"));
    window.setSignInManager(&signIns);
    keychain->setDegradedHandler([&window](const QString &why) { window.showKeychainUnavailable(why); });
    // Secret values arrive from the keychain just before each server starts: redact them from then on.
    QObject::connect(&workspace, &Workspace::secretsRead, &audit, [&audit](ServerConnection *connection) {
        audit.addSecretValues(Redactor::secretValuesOf(connection->config()));
    });
    window.setAuditLog(&audit);
    ConnectionAuditor connectionAuditor(&audit, CallInitiator::Gui);
    connectionAuditor.watch(&workspace);
    const Result<Workspace::LoadOutcome> loaded = workspace.load();
    for (ServerConnection *connection : workspace.connections())
        audit.addSecretValues(Redactor::secretValuesOf(connection->config()));
    window.showLoadResult(loaded);
    if (!rootsLoaded)
        window.statusBar()->showMessage(rootsLoaded.error().message, 15000);
    window.show();
    workspace.startAll();

    const QString selection = parser.value(selectOption);
    if (!selection.isEmpty() && !parser.isSet(screenshotOption)) {
        // The tools arrive once the server is up; select as soon as it lists them.
        auto *pending = new QObject(&window);
        QObject::connect(window.toolTreeModel(), &QAbstractItemModel::rowsInserted, pending, [&window, selection, pending] {
            if (window.selectTool(selection.section(u'/', 0, 0), selection.section(u'/', 1)))
                pending->deleteLater();
        });
    }
    if (parser.isSet(listToolsOption))
        listToolsAndQuit(&workspace, &window);
    if (parser.isSet(showAppOption))
        new ShowAppAndQuit(&window, parser.value(showAppOption), &window);
    std::unique_ptr<Screenshotter> screenshotter;
    if (parser.isSet(screenshotOption))
        screenshotter = std::make_unique<Screenshotter>(&window, &workspace, parser.value(screenshotOption), selection);

    const int code = app.exec();
    finishSecretWrites(workspace);
    return code;
}
