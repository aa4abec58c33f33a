#include "app/cli/httpsupport.h"
#include "app/cli/clitext.h"

#include "core/common/error.h"

#include <QUrl>

namespace Toolgate {

namespace HttpSupport {

Result<std::pair<QString, QString>> parseHeader(const QString &text)
{
    const qsizetype colon = text.indexOf(u':');
    const QString name = colon > 0 ? text.left(colon).trimmed() : QString();
    static const QString allowed = QStringLiteral("!#$%&'*+-.^_`|~");
    bool valid = !name.isEmpty();
    for (const QChar c : name)
        valid = valid && c.unicode() < 128 && (c.isLetterOrNumber() || allowed.contains(c));
    const QString value = colon > 0 ? text.mid(colon + 1).trimmed() : QString();
    if (!valid || value.contains(u'\n') || value.contains(u'\r'))
        return makeError(ErrorCode::InvalidArguments,
                         Cli::tr("--header wants \"Name: value\" (for example \"X-Api-Key: 123\"), not \"%1\"").arg(name.isEmpty() ? text : name));
    return std::pair<QString, QString>(name, value);
}

Result<ServerConfig> inlineServer(const QString &url, const QStringList &headers)
{
    const QUrl parsed(url.trimmed(), QUrl::StrictMode);
    if (!parsed.isValid() || (parsed.scheme() != QLatin1String("http") && parsed.scheme() != QLatin1String("https"))
        || parsed.host().isEmpty()) {
        return makeError(ErrorCode::InvalidArguments,
                         Cli::tr("--url wants an http:// or https:// address such as http://127.0.0.1:3001/mcp, not \"%1\"").arg(url));
    }
    ServerConfig config;
    config.name = parsed.host();
    config.transport = ServerConfig::Transport::Http;
    config.url = parsed.toString();
    for (const QString &header : headers) {
        const auto pair = parseHeader(header);
        if (!pair)
            return pair.error();
        config.headers.insert(pair->first, pair->second);
    }
    return config;
}

QString helpText()
{
    return QStringLiteral(
        "  --url URL           talk to the remote (HTTP) server at URL instead of a configured one;\n"
        "                      Streamable HTTP, falling back to the older HTTP+SSE transport\n"
        "  --header \"N: V\"     send this HTTP header to a --url server (repeatable)\n");
}

} // namespace HttpSupport

} // namespace Toolgate
