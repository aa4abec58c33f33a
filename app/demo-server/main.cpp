// toolgate-demo-server: a sample MCP server for people trying Toolgate for the first time.
// It speaks MCP over stdin/stdout and shows every kind of content and feature; see
// demoserver.cpp for what it offers and demotools.cpp for the tools.

#include "app/demo-server/demonote.h"
#include "app/demo-server/demoserver.h"
#include "app/demo-server/demotranslation.h"
#include "core/server/mcpserver.h"
#include "core/server/busypoll.h"
#include "core/server/stdioserverchannel.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>

#ifdef Q_OS_WIN
#include <io.h>
#define TG_ISATTY _isatty
#else
#include <unistd.h>
#define TG_ISATTY isatty
#endif

using namespace Qt::StringLiterals;
using namespace Toolgate;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(u"toolgate-demo-server"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(TOOLGATE_VERSION));
    DemoTranslation::install(&app);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"A sample MCP server that shows every kind of tool result, resource, prompt and notification.\n"
        u"It speaks MCP (JSON-RPC, one message per line) on stdin and stdout, so an MCP client such as\n"
        u"Toolgate starts it; there is nothing to configure. Diagnostics go to stderr.\n"
        u"It exits when its stdin closes.\n"
        u"Its tools' titles and descriptions are in German when LANGUAGE (or LANG) asks for German; Toolgate\n"
        u"sets LANGUAGE to its own language when it starts the bundled demo."_s);
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption pageSizeOption(
        u"page-size"_s, u"Send list results in pages of <n> items (default 0: everything in one page). Useful to test a client's pagination."_s,
        u"n"_s, u"0"_s);
    parser.addOption(pageSizeOption);
    const QCommandLineOption busyPollOption(
        u"busy-poll-us"_s,
        u"After each message it sends, watch stdin for up to <n> microseconds before going to sleep, because a client "
        u"calling tools one after another sends its next request at once (default %1; 0 turns it off)."_s
            .arg(BusyPoll::defaultBudget.count()),
        u"n"_s, QString::number(BusyPoll::defaultBudget.count()));
    parser.addOption(busyPollOption);
    parser.process(app);

    bool ok = false;
    const int pageSize = parser.value(pageSizeOption).toInt(&ok);
    if (!ok || pageSize < 0) {
        demoNote(u"--page-size needs a whole number of 0 or more, not \"%1\""_s.arg(parser.value(pageSizeOption)));
        return 2;
    }

    const int busyPollMicros = parser.value(busyPollOption).toInt(&ok);
    if (!ok || busyPollMicros < 0 || busyPollMicros > 100'000) {
        demoNote(u"--busy-poll-us needs a whole number from 0 to 100000, not \"%1\""_s.arg(parser.value(busyPollOption)));
        return 2;
    }

    // Someone ran it by hand: say what it is instead of silently waiting for JSON.
    if (TG_ISATTY(0))
        demoNote(u"waiting for an MCP client on stdin (this program is meant to be started by one, e.g. Toolgate). "
                 u"Press Ctrl+D to quit, or run with --help."_s);

    StdioServerChannel channel;
    channel.setBusyPollBudget(std::chrono::microseconds(busyPollMicros));
    McpServer server(&channel, DemoServer::serverInfo(), DemoServer::instructions());
    server.setPageSize(pageSize);
    DemoServer demo(&server);
    if (auto registered = demo.registerAll(); !registered) {
        demoNote(u"could not set up the demo: %1"_s.arg(registered.error().message));
        return 1;
    }

    QObject::connect(&server, &McpServer::initialized, &app, [&server] {
        demoNote(u"%1 %2 connected (MCP %3)"_s.arg(server.clientInfo().displayName(), server.clientInfo().version,
                                                  server.protocolVersion()));
    });
    QObject::connect(&server, &McpServer::finished, &app, [] {
        demoNote(u"the client closed stdin; exiting"_s);
        QCoreApplication::quit();
    });
    server.start();
    return app.exec();
}
