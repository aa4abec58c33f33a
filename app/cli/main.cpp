// toolgate-cli: talk to one MCP server from a terminal or a script.
// Exit codes: see exitcode.h (and --help).

#include "app/cli/cliarguments.h"
#include "app/cli/clitext.h"
#include "app/cli/auditcommand.h"
#include "app/cli/conformancemode.h"
#include "app/cli/clirunner.h"
#include "app/cli/console.h"
#include "app/cli/exitcode.h"
#include "core/common/translations.h"

#include <QCoreApplication>
#include <QLoggingCategory>
#include <QTimer>

#ifdef Q_OS_WIN
#include <windows.h>
#endif

using namespace Toolgate;

namespace {

// --json among toolgate-cli's own options (before "--"; what follows belongs to the server's command).
bool jsonRequested(const QStringList &arguments)
{
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        if (arguments.at(i) == QLatin1StringView("--"))
            return false;
        if (arguments.at(i) == QLatin1StringView("--json"))
            return true;
    }
    return false;
}

} // namespace

int main(int argc, char *argv[])
{
    Console::ensureStandardStreams();
#ifdef Q_OS_WIN
    SetConsoleOutputCP(CP_UTF8);
#endif
    QCoreApplication app(argc, argv);
    // The same names as the desktop app, so both find the same servers file.
    QCoreApplication::setOrganizationName(QStringLiteral("Toolgate"));
    QCoreApplication::setApplicationName(QStringLiteral("toolgate"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TOOLGATE_VERSION));
    // By the system locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG). With --json, what scripts read (the
    // messages the core puts into the JSON) stays English; prompts and usage errors still follow the locale.
    if (jsonRequested(app.arguments()))
        Translations::installFor(&app, {QStringLiteral("Cli")});
    else
        Translations::install(&app);

    if (ConformanceMode::requested(app.arguments()))
        return ConformanceMode::run(app.arguments());
    if (app.arguments().value(1) == QLatin1StringView("audit")) {
        QLoggingCategory::setFilterRules(QStringLiteral("toolgate.*=false")); // it reports errors itself
        return AuditCommand::run(app.arguments().mid(2));
    }

    const auto arguments = CliArguments::parse(app.arguments().mid(1));
    if (!arguments) {
        Console::error(arguments.error().message);
        Console::err(Cli::tr("Run toolgate-cli --help for usage.\n"));
        return int(ExitCode::Usage);
    }
    if (arguments->help) {
        Console::out(CliArguments::helpText());
        return int(ExitCode::Success);
    }
    if (arguments->version) {
        Console::out(QStringLiteral("toolgate-cli %1\n").arg(QCoreApplication::applicationVersion()));
        return int(ExitCode::Success);
    }

    // The core logs its own view of failures; the CLI reports them itself, once, in its words.
    // --verbose shows the core's warnings too (QT_LOGGING_RULES still overrides both).
    if (!arguments->verbose)
        QLoggingCategory::setFilterRules(QStringLiteral("toolgate.*=false"));

    CliRunner runner(arguments.value());
    QObject::connect(&runner, &CliRunner::finished, &app, [](int exitCode) { QCoreApplication::exit(exitCode); });
    QTimer::singleShot(0, &runner, &CliRunner::start);
    return app.exec();
}
