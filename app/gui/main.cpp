// toolgate: the desktop app. Parses the command line, finds the configuration, and wires the
// workspace, the approval policy and the main window together.

#include "core/skills/skillentry.h"
#include "core/apps/appmeta.h"
#include "ui/apps/apppane.h"
#include "ui/mainwindow/showappandquit.h"
#include "core/auth/secretstore.h"
#include "core/calls/approvalpolicy.h"
#include "core/calls/argumentrules.h"
#include "core/model/modelsfile.h"
#include "ui/clientfeatures/clientfeatures.h"
#include "core/common/configlocation.h"
#include "core/common/displaytext.h"
#include "core/common/translations.h"
#include "ui/clientfeatures/rootsdialog.h"
#include "core/workspace/rootsstore.h"
#include "core/host/host.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/models/icons.h"
#include "ui/models/tooltreemodel.h"
#include "app/gui/screenshotter.h"
#include "app/gui/singleinstance.h"
#include "core/workspace/eracache.h"
#include "core/workspace/serverconfigfile.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDesktopServices>
#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QMenu>
#include <QStatusBar>
#include <QSettings>
#include <QTextStream>
#include <QTimer>

using namespace Toolgate;

namespace {

struct Paths
{
    QString servers;
    QString approvals;
    QString rules;
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
        paths.argumentHistory = dir.filePath(QStringLiteral("argument-history.json"));
    } else {
        paths.servers = ServerConfigFile::defaultPath();
    }
    // The files toolgate-cli shares with the app are where core says (ConfigLocation).
    paths.approvals = ApprovalPolicy::defaultPath();
    paths.rules = ArgumentRules::defaultPath();
    paths.roots = ConfigLocation::configFile(QStringLiteral("roots.json"));
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
            // Server text on a terminal: escapes shown, never interpreted (issue 13).
            for (const Tool &tool : connection->tools())
                out << DisplayText::visibleLine(connection->config().name) << u'/' << DisplayText::visibleLine(tool.name) << u'\n';
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
void finishSecretWrites(WorkspaceSecrets &secrets)
{
    if (!secrets.hasPendingSecretWrites())
        return;
    constexpr int timeoutMs = 5000;
    QEventLoop drain;
    secrets.whenSecretWritesDone(timeoutMs, &drain, [&drain, &secrets](const QStringList &unfinished) {
        if (!unfinished.isEmpty()) {
            qWarning().noquote() << "toolgate: quitting although" << secrets.store()->location()
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
    // Qt::AA_ShareOpenGLContexts, which Qt WebEngine needs, is set by the first app view (AppView::create),
    // not here: set before the application exists, it loads the OpenGL stack into every session.
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("Toolgate"));
    QCoreApplication::setApplicationName(QStringLiteral("toolgate"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TOOLGATE_VERSION));
    QGuiApplication::setApplicationDisplayName(QStringLiteral("Toolgate"));
    QGuiApplication::setDesktopFileName(QStringLiteral("toolgate"));
    QGuiApplication::setWindowIcon(Icons::application());
    Translations::install(&app); // German (or another shipped language) when the system locale asks for it

    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
        "main", "A desktop host for the Model Context Protocol: connect MCP servers and run their tools with your approval."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption configOption(
        QStringLiteral("config"), QCoreApplication::translate("main", "Use this servers file instead of the default one."),
        QCoreApplication::translate("main", "file"));
    const QCommandLineOption screenshotOption(
        QStringLiteral("screenshot"),
        QCoreApplication::translate("main", "Once the tools are listed, save the window as <dir>/main-window.png and quit."),
        QCoreApplication::translate("main", "dir"));
    const QCommandLineOption selectOption(
        QStringLiteral("select"), QCoreApplication::translate("main", "Select this tool at start, e.g. demo/echo."),
        QCoreApplication::translate("main", "server/tool"));
    const QCommandLineOption listToolsOption(
        QStringLiteral("list-tools-and-quit"),
        QCoreApplication::translate("main", "Once the servers have listed their tools, print them as server/tool lines and quit."));
    const QCommandLineOption showAppOption(
        QStringLiteral("show-app-and-quit"),
        QCoreApplication::translate("main", "Run this tool (approval as always) and quit once its app view is ready, e.g. vanilla/get-time."),
        QCoreApplication::translate("main", "server/tool"));
    parser.addOption(configOption);
    parser.addOption(screenshotOption);
    parser.addOption(listToolsOption);
    parser.addOption(showAppOption);
    parser.addOption(selectOption);
    parser.process(app);

    const Paths paths = configPaths(parser.value(configOption));
    // One window per person and configuration folder: a second launch brings this one forward.
    std::unique_ptr<SingleInstance> instance;
    if (!parser.isSet(screenshotOption) && !parser.isSet(listToolsOption)) {
        instance = SingleInstance::claim(SingleInstance::serverName(QFileInfo(paths.approvals).absolutePath()), app.arguments().mid(1));
        if (!instance)
            return 0;
    }
    auto keychain = std::make_shared<KeychainSecretStore>();
    Host::Options options;
    options.initiator = CallInitiator::Gui;
    options.session.clientInfo.name = QStringLiteral("toolgate");
    options.session.clientInfo.title = QStringLiteral("Toolgate");
    options.session.clientInfo.version = QStringLiteral(TOOLGATE_VERSION);
    // Skills (SEP-2640): each server's skills in its Skills view, fetched and verified when opened.
    options.session.extensions.insert(Skills::extensionId(), QJsonObject());
    // MCP Apps: servers may send app views for results, where this build can show them.
    if (AppPane::unavailableReason().isEmpty())
        options.session.extensions.insert(McpApps::extensionId(), McpApps::clientCapability());
    options.serversPath = paths.servers;
    options.approvalsPath = paths.approvals;
    options.rulesPath = paths.rules;
    options.secretStore = keychain;
    // HTTP servers sign in with OAuth through the system browser, only when the person asks.
    options.signIn.opener = [](const QUrl &url) { return QDesktopServices::openUrl(url); };
    // The protocol era each server speaks, found once by a probe and remembered (TOOLGATE_CONFIG_DIR moves it).
    options.eraCachePath = EraCache::defaultPath();
    // Outlives the window: its audit log writes what is still queued when the app ends.
    Host host(std::move(options));
    Workspace &workspace = *host.workspace();
    MainWindow window(MainWindow::Environment{&host, nullptr, paths.argumentHistory});

    // What servers may ask of us: sampling and elicitation answered by the person in dialogs, roots from
    // Settings → Roots. Set before any server starts: it decides the capabilities they see.
    RootsStore roots(paths.roots);
    const Result<void> rootsLoaded = roots.load();
    ClientFeatures clientFeatures(&roots, host.serverRequests(), host.toolCalls(), &window);
    // Sampling requests may be answered by one of the person's model connections (Settings › Models).
    clientFeatures.setModelSource(ModelsFile::defaultPath(), host.secretStore());
    QObject::connect(&clientFeatures, &ClientFeatures::modelSettingsRequested, &window, &MainWindow::showModels);
    host.setServerRequestGate(&clientFeatures);
    QObject::connect(host.serverRequests(), &ServerRequestPipeline::notice, &window,
                     [&window](const QString &text) { window.statusBar()->showMessage(text, 10000); });
    QAction *rootsAction = window.settingsMenu()->addAction(QCoreApplication::translate("main", "R&oots…"), &window, [&roots, &window] {
        auto *dialog = new RootsDialog(&roots, &window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    rootsAction->setObjectName(QStringLiteral("rootsSettings"));
    window.setSignInManager(host.signIns());
    keychain->setDegradedHandler([&window](const QString &why) { window.showKeychainUnavailable(why); });
    window.setAuditLog(host.audit());
    const Result<Workspace::LoadOutcome> loaded = host.loadServers();
    window.showLoadResult(loaded);
    if (!rootsLoaded)
        window.statusBar()->showMessage(rootsLoaded.error().message, 15000);
    if (const Result<void> eras = host.eraCacheLoaded(); !eras)
        window.statusBar()->showMessage(eras.error().message, 15000);
    window.show();
    if (instance)
        instance->setWindow(&window);
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
    finishSecretWrites(*workspace.secrets());
    return code;
}
