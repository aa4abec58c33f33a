#include "approvalformatter.h"

#include "console.h"
#include "jsonrpc/jsonwriter.h"

#include <QJsonDocument>

namespace Toolgate {

namespace {

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
            claims.append(QLatin1String(*hint ? yes : no));
    };
    claim(annotations.readOnlyHint, "read-only", "may modify things");
    claim(annotations.destructiveHint, "destructive", "not destructive");
    claim(annotations.idempotentHint, "idempotent", "not idempotent");
    claim(annotations.openWorldHint, "reaches outside systems", "closed world");
    return claims.join(QStringLiteral(", "));
}

QString ApprovalFormatter::format(const ApprovalRequest &request)
{
    QString text = QStringLiteral("\nTool call request\n");

    QString server = Console::sanitizedLine(request.server.name);
    if (!request.server.endpoint.isEmpty())
        server += QStringLiteral(" (") + Console::sanitizedLine(request.server.endpoint) + u')';
    text += row(QStringLiteral("Server"), server);
    const Implementation &info = request.server.serverInfo;
    if (!info.name.isEmpty()) {
        QString reported = Console::sanitizedLine(info.displayName());
        if (!info.title.isEmpty() && info.title != info.name)
            reported += QStringLiteral(" [") + Console::sanitizedLine(info.name) + u']';
        if (!info.version.isEmpty())
            reported += u' ' + Console::sanitizedLine(info.version);
        text += row(QStringLiteral("Reports as"), reported + QStringLiteral(" (self-reported)"));
    }

    const Tool &tool = request.tool;
    QString toolLine = Console::toolName(tool.name);
    const QString title = tool.displayName();
    if (title != tool.name)
        toolLine = Console::sanitizedLine(title) + QStringLiteral(" (") + toolLine + u')';
    text += row(QStringLiteral("Tool"), toolLine);
    if (!tool.description.trimmed().isEmpty())
        text += row(QStringLiteral("Description"), Console::sanitized(tool.description.trimmed()));

    const QString claims = annotationClaims(tool.annotations);
    text += row(QStringLiteral("Annotations"),
                claims.isEmpty() ? QStringLiteral("none")
                                 : claims + QStringLiteral("\n(claims made by the server, not verified by Toolgate)"));

    if (!request.validationProblems.isEmpty()) {
        text += row(QStringLiteral("Problems"),
                    QStringLiteral("the arguments do not match the tool's input schema:\n")
                        + problemLines(request.validationProblems));
    }

    const QString arguments = QString::fromUtf8(JsonWriter::toIndentedJson(request.arguments, request.argumentOrder));
    text += QStringLiteral("  Arguments (sent exactly as shown):\n") + Console::indented(Console::sanitized(arguments), QStringLiteral("    ")) + u'\n';
    return text;
}

} // namespace Toolgate
