#include "app/cli/interfacecommands.h"

#include "core/calls/approval.h"
#include "core/client/clientsession.h"
#include "app/cli/clitext.h"
#include "core/compare/interfacediff.h"
#include "core/compare/interfacesnapshot.h"
#include "app/cli/console.h"
#include "app/cli/outputprinter.h"

#include <QDir>
#include <QJsonDocument>
#include <QLocale>
#include <QPointer>

namespace Toolgate {

namespace {

/// One side of a comparison, for the heading and the JSON.
struct Side
{
    QString label; ///< "snapshot FILE" or "server NAME (now)"
    InterfaceSnapshot snapshot;
    QString file;
};

QString describeSnapshot(const InterfaceSnapshot &snapshot)
{
    QString who = Console::sanitizedLine(snapshot.server.name);
    if (!snapshot.server.version.isEmpty())
        who += u' ' + Console::sanitizedLine(snapshot.server.version);
    if (!snapshot.protocolVersion.isEmpty())
        who += QStringLiteral(", ") + Console::sanitizedLine(snapshot.protocolVersion);
    if (snapshot.takenAt.isValid())
        who += QStringLiteral(", ") + Cli::tr("taken %1").arg(QLocale().toString(snapshot.takenAt.toLocalTime(), QLocale::ShortFormat));
    return who;
}

QString itemName(const InterfaceItemChange &change)
{
    return change.kind == InterfaceItemKind::Tool || change.kind == InterfaceItemKind::Prompt ? Console::toolName(change.key)
                                                                                              : Console::sanitizedLine(change.key);
}

QJsonObject sideJson(const Side &side)
{
    QJsonObject json{{QStringLiteral("server"), side.snapshot.server.toJson()},
                     {QStringLiteral("protocolVersion"), side.snapshot.protocolVersion},
                     {QStringLiteral("takenAt"), side.snapshot.takenAt.toUTC().toString(Qt::ISODateWithMs)}};
    if (!side.file.isEmpty())
        json.insert(QStringLiteral("file"), side.file);
    return json;
}

ExitCode report(const Side &before, const Side &after, bool json)
{
    const InterfaceDiff diff = InterfaceDiff::between(before.snapshot, after.snapshot);
    const ExitCode code = diff.isEmpty() ? ExitCode::Success : ExitCode::InterfacesDiffer;
    if (json) {
        QJsonObject object = diff.toJson();
        object.insert(QStringLiteral("before"), sideJson(before));
        object.insert(QStringLiteral("after"), sideJson(after));
        object.insert(QStringLiteral("exitCode"), int(code));
        Console::outJson(QJsonDocument(object).toJson(QJsonDocument::Indented));
        return code;
    }
    QString text = Cli::tr("Comparing %1 (%2)\n     with %3 (%4)\n")
                       .arg(before.label, describeSnapshot(before.snapshot), after.label, describeSnapshot(after.snapshot));
    for (const InterfaceItemChange &change : diff.changes) {
        const QString what = InterfaceDiff::describeKind(change.kind) + u' ' + itemName(change);
        switch (change.type) {
        case InterfaceItemChange::Type::Added:
            text += QStringLiteral("+ ") + what + u'\n';
            break;
        case InterfaceItemChange::Type::Removed:
            text += QStringLiteral("- ") + what + u'\n';
            break;
        case InterfaceItemChange::Type::Changed:
            text += QStringLiteral("~ ") + what + QStringLiteral(" (") + change.changedFields.join(QStringLiteral(", ")) + QStringLiteral(")\n");
            for (const QString &field : change.changedFields) {
                text += QStringLiteral("    ") + Console::sanitizedLine(field) + QStringLiteral(":\n");
                for (const QString &line : change.lineDiff(field))
                    text += QStringLiteral("      ") + Console::sanitizedLine(line) + u'\n';
            }
            break;
        }
    }
    if (diff.isEmpty()) {
        text += Cli::tr("No differences.\n");
    } else {
        text += (diff.changes.size() == 1 ? Cli::tr("1 difference: ") : Cli::tr("%1 differences: ").arg(diff.changes.size()))
            + Cli::tr("%1 added, %2 removed, %3 changed.\n")
                  .arg(diff.count(InterfaceItemChange::Type::Added))
                  .arg(diff.count(InterfaceItemChange::Type::Removed))
                  .arg(diff.count(InterfaceItemChange::Type::Changed));
    }
    Console::out(text);
    return code;
}

Result<Side> loadSide(const QString &file)
{
    auto snapshot = InterfaceSnapshot::load(file);
    if (!snapshot)
        return snapshot.error();
    return Side{Cli::tr("snapshot %1").arg(QDir::toNativeSeparators(file)), snapshot.value(), file};
}

} // namespace

QString InterfaceCommands::helpText()
{
    return Cli::tr(R"(
Interfaces:
  snapshot [-o FILE]      save the server's interface (its tools with their schemas, resources,
                          resource templates and prompts) as JSON: to FILE with -o (--output),
                          else to stdout
  diff FILE               compare a snapshot file (before) with the server's interface now
  diff FILE1 FILE2        compare two snapshot files; no server is started
  diff --against-server NAME
                          compare the server's interface now (before) with that of NAME,
                          another server of the servers file (after)
  Added items are shown with +, removed ones with -, changed ones with ~ and a line diff of each
  field that changed. The exit code is 0 when the interfaces are equal and 10 when they differ.
)");
}

bool InterfaceCommands::isOffline(const CliArguments &arguments)
{
    return arguments.command == CliCommand::Diff && arguments.snapshotFiles.size() == 2;
}

ExitCode InterfaceCommands::runOffline(const CliArguments &arguments, OutputPrinter *printer)
{
    const auto before = loadSide(arguments.snapshotFiles.at(0));
    if (!before) {
        printer->failure(before.error(), ExitCode::Config);
        return ExitCode::Config;
    }
    const auto after = loadSide(arguments.snapshotFiles.at(1));
    if (!after) {
        printer->failure(after.error(), ExitCode::Config);
        return ExitCode::Config;
    }
    return report(before.value(), after.value(), arguments.json);
}

void InterfaceCommands::runLive(ClientSession *session, const ServerIdentity &server, const CliArguments &arguments,
                                OutputPrinter *printer, QObject *context, std::function<void(ExitCode)> done,
                                std::function<void(const Error &)> failed)
{
    std::optional<Side> saved;
    if (arguments.command == CliCommand::Diff) {
        // The file first: a typo should not cost a round of listing.
        auto side = loadSide(arguments.snapshotFiles.value(0));
        if (!side) {
            printer->failure(side.error(), ExitCode::Config, server);
            done(ExitCode::Config);
            return;
        }
        saved = side.value();
    }
    const QString name = server.name;
    InterfaceSnapshot::capture(session, context, [=](const Result<InterfaceSnapshot> &snapshot) {
        if (!snapshot) {
            failed(snapshot.error());
            return;
        }
        if (saved) {
            done(report(*saved, Side{Cli::tr("server %1 (now)").arg(Console::sanitizedLine(name)), snapshot.value(), {}}, arguments.json));
            return;
        }
        if (arguments.outputPath.isEmpty() || arguments.outputPath == QLatin1String("-")) {
            Console::outJson(snapshot->toJson());
            done(ExitCode::Success);
            return;
        }
        if (const auto written = snapshot->save(arguments.outputPath); !written) {
            printer->failure(written.error(), ExitCode::Config, server);
            done(ExitCode::Config);
            return;
        }
        const QString counts = Cli::tr("tools: %1, resources: %2, resource templates: %3, prompts: %4")
                                   .arg(snapshot->tools.size())
                                   .arg(snapshot->resources.size())
                                   .arg(snapshot->resourceTemplates.size())
                                   .arg(snapshot->prompts.size());
        if (arguments.json) {
            Console::outJson(QJsonDocument(QJsonObject{{QStringLiteral("saved"), arguments.outputPath},
                                                       {QStringLiteral("tools"), int(snapshot->tools.size())},
                                                       {QStringLiteral("resources"), int(snapshot->resources.size())},
                                                       {QStringLiteral("resourceTemplates"), int(snapshot->resourceTemplates.size())},
                                                       {QStringLiteral("prompts"), int(snapshot->prompts.size())}})
                                 .toJson(QJsonDocument::Indented));
        } else {
            Console::err(Cli::tr("Saved the interface of %1 (%2) to %3\n")
                             .arg(Console::sanitizedLine(name), counts, QDir::toNativeSeparators(arguments.outputPath)));
        }
        done(ExitCode::Success);
    });
}

void InterfaceCommands::runAgainstServer(ClientSession *first, const ServerIdentity &firstServer, ClientSession *second,
                                         const ServerIdentity &secondServer, const CliArguments &arguments, QObject *context,
                                         std::function<void(ExitCode)> done, std::function<void(const Error &)> failed)
{
    const QString firstName = firstServer.name;
    const QString secondName = secondServer.name;
    QPointer<ClientSession> other(second);
    // One after the other, so a slow server's listing does not overlap the other's in the output of --verbose.
    InterfaceSnapshot::capture(first, context, [=](const Result<InterfaceSnapshot> &before) {
        if (!before) {
            failed(before.error());
            return;
        }
        if (!other) {
            failed(makeError(ErrorCode::NotConnected, Cli::tr("the server \"%1\" is no longer connected").arg(secondName)));
            return;
        }
        InterfaceSnapshot::capture(other, context, [=](const Result<InterfaceSnapshot> &after) {
            if (!after) {
                failed(Error{after.error().code, Cli::tr("%1: %2").arg(Console::sanitizedLine(secondName), after.error().message),
                             after.error().data});
                return;
            }
            done(report(Side{Cli::tr("server %1 (now)").arg(Console::sanitizedLine(firstName)), before.value(), {}},
                        Side{Cli::tr("server %1 (now)").arg(Console::sanitizedLine(secondName)), after.value(), {}},
                        arguments.json));
        });
    });
}

} // namespace Toolgate
