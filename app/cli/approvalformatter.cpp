#include "app/cli/approvalformatter.h"

#include "core/calls/approvalwarnings.h"
#include "app/cli/clitext.h"
#include "app/cli/console.h"
#include "core/jsonrpc/jsonwriter.h"

#include <QJsonDocument>

namespace Toolgate {

namespace {

constexpr qsizetype MaxWarnings = 12;

QString row(const QString &label, const QString &value)
{
    // Continuation lines line up under the first one.
    constexpr int width = 16;
    const QString pad(width, u' ');
    QString text = Console::indented(value, pad);
    text.replace(0, width, QString(QStringLiteral("  ") + label + u':').leftJustified(width, u' '));
    return text + u'\n';
}

// One line per problem, whatever it quotes from the schema or the arguments.
QString problemLines(const QStringList &problems)
{
    QStringList lines;
    for (const QString &problem : problems)
        lines.append(Console::sanitizedLine(problem));
    return lines.join(u'\n');
}

} // namespace

QString ApprovalFormatter::annotationClaims(const ToolAnnotations &annotations)
{
    QStringList claims;
    const auto claim = [&claims](const std::optional<bool> &hint, const char *yes, const char *no) {
        if (hint)
            claims.append(Cli::tr(*hint ? yes : no));
    };
    claim(annotations.readOnlyHint, QT_TRANSLATE_NOOP("Cli", "read-only"), QT_TRANSLATE_NOOP("Cli", "may modify things"));
    claim(annotations.destructiveHint, QT_TRANSLATE_NOOP("Cli", "destructive"), QT_TRANSLATE_NOOP("Cli", "not destructive"));
    claim(annotations.idempotentHint, QT_TRANSLATE_NOOP("Cli", "idempotent"), QT_TRANSLATE_NOOP("Cli", "not idempotent"));
    claim(annotations.openWorldHint, QT_TRANSLATE_NOOP("Cli", "reaches outside systems"), QT_TRANSLATE_NOOP("Cli", "closed world"));
    return claims.join(QStringLiteral(", "));
}

QString ApprovalFormatter::format(const ApprovalRequest &request)
{
    QString text = Cli::tr("\nTool call request\n");
    // First: the person did not ask for this call themselves, a model did.
    if (request.initiator == CallInitiator::Model) {
        text += row(Cli::tr("Requested by"), request.requestedIn.isEmpty()
                                                 ? Cli::tr("the model")
                                                 : Cli::tr("the model in conversation «%1»").arg(Console::sanitizedLine(request.requestedIn)));
    }

    QString server = Console::sanitizedLine(request.server.name);
    if (!request.server.endpoint.isEmpty())
        server += QStringLiteral(" (") + Console::sanitizedLine(request.server.endpoint) + u')';
    text += row(Cli::tr("Server"), server);
    const Implementation &info = request.server.serverInfo;
    if (!info.name.isEmpty()) {
        QString reported = Console::sanitizedLine(info.displayName());
        if (!info.title.isEmpty() && info.title != info.name)
            reported += QStringLiteral(" [") + Console::sanitizedLine(info.name) + u']';
        if (!info.version.isEmpty())
            reported += u' ' + Console::sanitizedLine(info.version);
        text += row(Cli::tr("Reports as"), reported + Cli::tr(" (self-reported)"));
    }

    const Tool &tool = request.tool;
    QString toolLine = Console::toolName(tool.name);
    const QString title = tool.displayName();
    if (title != tool.name)
        toolLine = Console::sanitizedLine(title) + QStringLiteral(" (") + toolLine + u')';
    text += row(Cli::tr("Tool"), toolLine);
    if (const auto &change = request.definitionChange) {
        // Above the description: the person approved something else, and must see what before deciding.
        QString changed = change->summary() + Cli::tr(" What you allowed before no longer applies.");
        for (const QString &field : change->changedFields) {
            changed += u'\n' + Cli::tr("Changes to %1 (- before, + now):").arg(DefinitionChange::describeField(field)) + u'\n';
            changed += Console::sanitized(change->lineDiff(field, 60).join(u'\n'));
        }
        text += row(Cli::tr("CHANGED"), changed);
    }
    if (!request.shadowedServers.isEmpty()) {
        QStringList others;
        for (const QString &name : request.shadowedServers)
            others.append(Console::sanitizedLine(name));
        text += row(Cli::tr("Same name"), Cli::tr("also offered by %1: make sure this is the server you mean").arg(others.join(QStringLiteral(", "))));
    }
    if (!tool.description.trimmed().isEmpty())
        text += row(Cli::tr("Description"), Console::sanitized(tool.description.trimmed()));
    // What of the server's text hides something or imitates something, right under what it concerns.
    const QList<ApprovalWarning> warnings = ApprovalWarning::inspect(request);
    if (!warnings.isEmpty()) {
        QStringList lines{Cli::tr("some of the server's text is hidden from view or disguised; read it before you decide:")};
        for (qsizetype i = 0; i < warnings.size() && i < MaxWarnings; ++i)
            lines.append(QStringLiteral("! ") + Console::sanitizedLine(warnings.at(i).words()));
        if (warnings.size() > MaxWarnings)
            lines.append(Cli::tr("! … and %n more", nullptr, int(warnings.size() - MaxWarnings)));
        text += row(Cli::tr("Warning"), lines.join(u'\n'));
    }

    const QString claims = annotationClaims(tool.annotations);
    text += row(Cli::tr("Annotations"),
                claims.isEmpty() ? Cli::tr("none")
                                 : claims + Cli::tr("\n(claims made by the server, not verified by Toolgate)"));

    if (!request.validationProblems.isEmpty()) {
        text += row(Cli::tr("Problems"),
                    Cli::tr("the arguments do not match the tool's input schema:\n")
                        + problemLines(request.validationProblems));
    }

    const QString arguments = QString::fromUtf8(JsonWriter::toIndentedJson(request.arguments, request.argumentOrder));
    text += Cli::tr("  Arguments (sent exactly as shown):\n") + Console::indented(Console::sanitized(arguments), QStringLiteral("    ")) + u'\n';
    return text;
}

QString ApprovalFormatter::formatRun(const RunApprovalRequest &request)
{
    QString text = Cli::tr("\nRun of the collection \"%1\", approved as a whole (calls: %2)\n")
                       .arg(Console::sanitizedLine(request.runName))
                       .arg(request.calls.size());
    for (qsizetype i = 0; i < request.calls.size(); ++i) {
        const RunApprovalRequest::Entry &call = request.calls.at(i);
        QString server = Console::sanitizedLine(call.server.name);
        if (!call.server.endpoint.isEmpty())
            server += QStringLiteral(" (") + Console::sanitizedLine(call.server.endpoint) + u')';
        text += QStringLiteral("\n  %1. ").arg(i + 1) + Console::sanitizedLine(call.name) + u'\n';
        text += row(Cli::tr("Server"), server);
        text += row(Cli::tr("Tool"), Console::toolName(call.toolName));
        const QString arguments = QString::fromUtf8(JsonWriter::toIndentedJson(call.arguments, call.argumentOrder));
        text += Cli::tr("  Arguments (sent exactly as shown):\n") + Console::indented(Console::sanitized(arguments), QStringLiteral("    ")) + u'\n';
    }
    if (!request.prompts.isEmpty()) {
        text += Cli::tr("\nPrompts for the model %1:\n").arg(Console::sanitizedLine(request.model));
        for (qsizetype i = 0; i < request.prompts.size(); ++i) {
            const RunApprovalRequest::Prompt &prompt = request.prompts.at(i);
            text += QStringLiteral("\n  %1. ").arg(request.calls.size() + i + 1) + Console::sanitizedLine(prompt.name) + u'\n';
            text += row(Cli::tr("Server"), Console::sanitizedLine(prompt.server.name));
            QStringList tools;
            for (const QString &tool : prompt.tools)
                tools.append(Console::toolName(tool));
            text += row(Cli::tr("Tools"), tools.isEmpty() ? Cli::tr("all of the server's") : tools.join(QStringLiteral(", ")));
            text += row(Cli::tr("Runs"), QString::number(prompt.runs));
            text += Cli::tr("  Prompt:\n") + Console::indented(Console::sanitized(prompt.prompt), QStringLiteral("    ")) + u'\n';
        }
        text += request.sendModelCalls
            ? Cli::tr("\nThe tool calls the model asks for are SENT to the server, each decided on its own as any call of a model "
                      "(this approval covers none of them).\n")
            : Cli::tr("\nThe tool calls the model asks for are recorded and judged, and none is sent to the server.\n");
    }
    text += Cli::tr("\nOnly these calls, with exactly these arguments, are approved; any other is asked about on its own.\n");
    return text;
}

} // namespace Toolgate
