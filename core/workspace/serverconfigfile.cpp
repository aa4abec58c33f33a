#include "core/workspace/serverconfigfile.h"

#include "core/common/atomicfile.h"
#include "core/common/logging.h"
#include "core/common/error.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>

#include "core/jsonrpc/jsonwriter.h"
#include <QLocale>
#include <QSet>
#include <QStandardPaths>
#include <QUrl>

namespace Toolgate {

namespace {

const QLatin1String kMcpServers("mcpServers");
const QLatin1String kServers("servers");
const QLatin1String kMcp("mcp");
const QLatin1String kType("type");
const QLatin1String kCommand("command");
const QLatin1String kArgs("args");
const QLatin1String kEnv("env");
const QLatin1String kCwd("cwd");
const QLatin1String kUrl("url");
const QLatin1String kHeaders("headers");
const QLatin1String kDisabled("disabled");
const QLatin1String kSecretKeys("secretKeys");
const QLatin1String kProtocolEra("protocolEra");
const QLatin1String kSandbox("sandbox");

/// The keys ServerConfig models; everything else of an entry goes to extra.
bool isModelledKey(const QString &key)
{
    static const QSet<QString> keys{kType, kCommand, kArgs, kEnv, kCwd, kUrl, kHeaders, kDisabled, kSecretKeys, kProtocolEra, kSandbox};
    return keys.contains(key);
}

QString describeType(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: return QCoreApplication::translate("Toolgate::ServerConfigFile", "a number");
    case QJsonValue::String: return QCoreApplication::translate("Toolgate::ServerConfigFile", "a string");
    case QJsonValue::Array: return QCoreApplication::translate("Toolgate::ServerConfigFile", "an array");
    case QJsonValue::Object: return QCoreApplication::translate("Toolgate::ServerConfigFile", "an object");
    case QJsonValue::Undefined: break;
    }
    return QCoreApplication::translate("Toolgate::ServerConfigFile", "nothing");
}

/// Numbers and booleans are accepted where text is expected ("PORT": 8080 is a common slip).
std::optional<QString> scalarText(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::String: return value.toString();
    case QJsonValue::Double: return QString::number(value.toDouble(), 'g', QLocale::FloatingPointShortest);
    case QJsonValue::Bool: return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    default: return std::nullopt;
    }
}

/// Calls visit(text, i) for each byte of text that is not part of a JSON string (quotes included);
/// visit may blank bytes and move i on past what it handled.
template<typename Visit>
void forEachOutsideStrings(QByteArray &text, Visit visit)
{
    bool inString = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char c = text.at(i);
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"')
            inString = true;
        else
            visit(text, i);
    }
}

/// Blanks out // and /* */ comments and trailing commas without moving any byte, so the
/// offsets in a later parse error still point into the file as written.
QByteArray stripJsonc(QByteArray text)
{
    const qsizetype n = text.size();
    // Comments first, so that a comment between a comma and the closing bracket hides nothing.
    forEachOutsideStrings(text, [n](QByteArray &bytes, qsizetype &i) {
        if (bytes.at(i) != '/' || i + 1 >= n)
            return;
        if (bytes.at(i + 1) == '/') {
            for (; i < n && bytes.at(i) != '\n'; ++i)
                bytes[i] = ' ';
        } else if (bytes.at(i + 1) == '*') {
            const qsizetype end = bytes.indexOf("*/", i + 2);
            const qsizetype stop = end < 0 ? n : end + 2;
            for (; i < stop; ++i) {
                if (bytes.at(i) != '\n')
                    bytes[i] = ' ';
            }
            --i;
        }
    });
    forEachOutsideStrings(text, [n](QByteArray &bytes, qsizetype &i) {
        if (bytes.at(i) != ',')
            return;
        qsizetype j = i + 1;
        while (j < n && (bytes.at(j) == ' ' || bytes.at(j) == '\t' || bytes.at(j) == '\n' || bytes.at(j) == '\r'))
            ++j;
        if (j < n && (bytes.at(j) == '}' || bytes.at(j) == ']'))
            bytes[i] = ' ';
    });
    return text;
}

/// 1-based line and column (in characters, not bytes) of a byte offset.
std::pair<int, int> lineAndColumn(const QByteArray &text, qsizetype offset)
{
    offset = std::clamp<qsizetype>(offset, 0, text.size());
    const QByteArrayView before(text.constData(), offset);
    const int line = int(before.count('\n')) + 1;
    const qsizetype lineStart = before.lastIndexOf('\n') + 1;
    const int column = int(QString::fromUtf8(before.sliced(lineStart)).size()) + 1;
    return {line, column};
}

/// Where a person should look for a parse error. For errors found on reading the next token
/// ("missing ':'", "missing ','", unterminated object or array) Qt reports the offset just past
/// the unexpected character; step back onto it.
qsizetype errorOffset(const QByteArray &json, const QJsonParseError &error)
{
    qsizetype offset = error.offset;
    switch (error.error) {
    case QJsonParseError::MissingNameSeparator:
    case QJsonParseError::MissingValueSeparator:
    case QJsonParseError::UnterminatedObject:
    case QJsonParseError::UnterminatedArray:
        if (offset > 0 && offset <= json.size() && !QChar::isSpace(uchar(json.at(offset - 1))))
            --offset;
        break;
    default:
        break;
    }
    return offset;
}

class Parser
{
public:
    explicit Parser(QString source) : m_source(std::move(source)) {}

    Result<QList<ServerConfig>> parse(const QByteArray &input)
    {
        QByteArray text = input;
        if (text.startsWith("\xEF\xBB\xBF"))
            text = text.mid(3); // a UTF-8 byte order mark, as some Windows editors write
        if (text.trimmed().isEmpty())
            return fail(QCoreApplication::translate("Toolgate::ServerConfigFile", "the file is empty; expected {\"mcpServers\": {...}}"));

        const QByteArray json = stripJsonc(text);
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
        if (parseError.error != QJsonParseError::NoError) {
            const auto [line, column] = lineAndColumn(text, errorOffset(json, parseError));
            return makeError(ErrorCode::ConfigError,
                             QCoreApplication::translate("Toolgate::ServerConfigFile", "%1:%2:%3: invalid JSON at line %2, column %3: %4")
                                 .arg(m_source).arg(line).arg(column).arg(parseError.errorString()),
                             QJsonObject{{QLatin1String("line"), line}, {QLatin1String("column"), column}});
        }
        if (!document.isObject())
            return fail(QCoreApplication::translate("Toolgate::ServerConfigFile", "the top level must be a JSON object, not an array"));
        const QJsonObject root = document.object();
        // The servers stay in the order the file lists them (QJsonObject sorts keys).
        const JsonKeyOrder order = JsonKeyOrder::fromJson(json);

        // Where the servers may live, in the order we look.
        struct Section { QString label; QJsonValue value; JsonKeyOrder order; };
        QList<Section> sections;
        if (root.contains(kMcpServers))
            sections.append({kMcpServers, root.value(kMcpServers), order.member(kMcpServers)});
        if (root.contains(kServers))
            sections.append({kServers, root.value(kServers), order.member(kServers)});
        if (root.contains(kMcp)) {
            const QJsonValue mcp = root.value(kMcp);
            if (!mcp.isObject())
                return fail(QCoreApplication::translate("Toolgate::ServerConfigFile", "\"mcp\" must be an object holding \"servers\", not %1").arg(describeType(mcp)));
            if (mcp.toObject().contains(kServers))
                sections.append({QStringLiteral("mcp.servers"), mcp.toObject().value(kServers), order.member(kMcp).member(kServers)});
        }
        if (sections.isEmpty()) {
            if (root.isEmpty())
                return QList<ServerConfig>();
            return fail(QCoreApplication::translate("Toolgate::ServerConfigFile", "no \"mcpServers\" or \"servers\" object found; expected "
                                       "{\"mcpServers\": {\"name\": {\"command\": \"...\"}}}"));
        }

        QList<ServerConfig> servers;
        QHash<QString, QString> seenIn;
        for (const Section &section : std::as_const(sections)) {
            if (!section.value.isObject()) {
                return fail(QCoreApplication::translate("Toolgate::ServerConfigFile", "\"%1\" must be an object mapping server names to their settings, not %2")
                                .arg(section.label, describeType(section.value)));
            }
            const QJsonObject entries = section.value.toObject();
            for (const QString &name : section.order.orderedKeys(entries)) {
                if (seenIn.contains(name)) {
                    return fail(QCoreApplication::translate("Toolgate::ServerConfigFile", "the server \"%1\" is defined twice (in \"%2\" and \"%3\")")
                                    .arg(name, seenIn.value(name), section.label));
                }
                seenIn.insert(name, section.label);
                auto server = parseServer(name, entries.value(name), section.label, section.order.member(name));
                if (!server)
                    return server.error();
                servers.append(std::move(server).value());
            }
        }
        return servers;
    }

private:
    Error fail(const QString &message) const
    {
        return makeError(ErrorCode::ConfigError, m_source + QStringLiteral(": ") + message);
    }

    Error serverFail(const QString &name, const QString &message) const
    {
        return fail(QCoreApplication::translate("Toolgate::ServerConfigFile", "server \"%1\": %2").arg(name, message));
    }

    // Moves what a reader read into its field, or passes on why it could not be read.
    template<typename T>
    static Result<void> store(Result<T> read, T &field)
    {
        if (!read)
            return read.error();
        field = std::move(read).value();
        return {};
    }

    Result<QString> string(const QString &name, const QJsonObject &entry, const QString &key) const
    {
        const QJsonValue value = entry.value(key);
        if (value.isUndefined())
            return QString();
        if (!value.isString())
            return serverFail(name, QStringLiteral("\"%1\" must be a string, not %2").arg(key, describeType(value)));
        return value.toString();
    }

    Result<QMap<QString, QString>> stringMap(const QString &name, const QJsonObject &entry, const QString &key) const
    {
        const QJsonValue value = entry.value(key);
        QMap<QString, QString> map;
        if (value.isUndefined() || value.isNull())
            return map;
        if (!value.isObject()) {
            return serverFail(name, QStringLiteral("\"%1\" must be an object of names and string values, not %2")
                                        .arg(key, describeType(value)));
        }
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            const auto text = scalarText(it.value());
            if (!text) {
                return serverFail(name, QStringLiteral("\"%1\" → \"%2\" must be a string, not %3")
                                            .arg(key, it.key(), describeType(it.value())));
            }
            // Files written before the placeholder said only what is always true read as the same mark.
            map.insert(it.key(), *text == ServerConfig::earlierSecretPlaceholder() ? ServerConfig::secretPlaceholder() : *text);
        }
        return map;
    }

    Result<QStringList> stringList(const QString &name, const QJsonObject &entry, const QString &key) const
    {
        const QJsonValue value = entry.value(key);
        QStringList list;
        if (value.isUndefined() || value.isNull())
            return list;
        if (!value.isArray())
            return serverFail(name, QStringLiteral("\"%1\" must be an array of strings, not %2").arg(key, describeType(value)));
        const QJsonArray array = value.toArray();
        for (qsizetype i = 0; i < array.size(); ++i) {
            const auto text = scalarText(array.at(i));
            if (!text) {
                return serverFail(name, QStringLiteral("\"%1\"[%2] must be a string, not %3")
                                            .arg(key).arg(i).arg(describeType(array.at(i))));
            }
            list.append(*text);
        }
        return list;
    }

    Result<ServerConfig> parseServer(const QString &name, const QJsonValue &value, const QString &section,
                                     const JsonKeyOrder &order) const
    {
        if (name.trimmed().isEmpty())
            return fail(QCoreApplication::translate("Toolgate::ServerConfigFile", "a server in \"%1\" has an empty name").arg(section));
        if (!value.isObject())
            return serverFail(name, QCoreApplication::translate("Toolgate::ServerConfigFile", "its settings must be an object, not %1").arg(describeType(value)));
        const QJsonObject entry = value.toObject();

        ServerConfig config;
        config.name = name;
        config.fileOrder = order;
        QStringList secrets;
        // In this order, so that the first wrong field is the one reported.
        const Result<void> reads[] = {
            store(string(name, entry, kCommand), config.command),
            store(string(name, entry, kUrl), config.url),
            store(string(name, entry, kCwd), config.cwd),
            store(stringList(name, entry, kArgs), config.args),
            store(stringMap(name, entry, kEnv), config.env),
            store(stringMap(name, entry, kHeaders), config.headers),
            store(stringList(name, entry, kSecretKeys), secrets),
        };
        for (const Result<void> &read : reads) {
            if (!read)
                return read.error();
        }

        if (entry.contains(kDisabled)) {
            const QJsonValue disabled = entry.value(kDisabled);
            if (!disabled.isBool())
                return serverFail(name, QStringLiteral("\"disabled\" must be true or false, not %1").arg(describeType(disabled)));
            config.enabled = !disabled.toBool();
        }

        if (entry.contains(kProtocolEra)) {
            const QJsonValue era = entry.value(kProtocolEra);
            const auto preference = ServerConfig::eraPreferenceFromName(era.toString());
            if (!era.isString() || !preference) {
                return serverFail(name, QCoreApplication::translate("Toolgate::ServerConfigFile", "\"protocolEra\" must be \"auto\", \"legacy\" or \"modern\", not %1")
                                            .arg(era.isString() ? QStringLiteral("\"%1\"").arg(era.toString()) : describeType(era)));
            }
            config.protocolEra = *preference;
        }

        if (entry.contains(kSandbox)) {
            auto sandbox = SandboxProfile::fromJson(entry.value(kSandbox));
            if (!sandbox)
                return serverFail(name, sandbox.error().message);
            config.sandbox = sandbox.value();
        }

        auto type = string(name, entry, kType);
        if (!type)
            return type.error();
        const QString typeName = type.value().trimmed().toLower();
        if (typeName.isEmpty()) {
            if (config.command.isEmpty() && config.url.isEmpty()) {
                return serverFail(name, QCoreApplication::translate("Toolgate::ServerConfigFile", "it has neither \"command\" nor \"url\"; give \"command\" to start a "
                                                       "local server or \"url\" for a remote one"));
            }
            if (!config.command.isEmpty() && !config.url.isEmpty())
                return serverFail(name, QCoreApplication::translate("Toolgate::ServerConfigFile", "it has both \"command\" and \"url\"; set \"type\" to \"stdio\", \"http\" or \"sse\""));
            if (!config.command.isEmpty())
                config.transport = ServerConfig::Transport::Stdio;
            else
                // Hosts that infer the transport from the URL treat a path ending in /sse as the old SSE transport.
                config.transport = QUrl(config.url).path().endsWith(QLatin1String("/sse")) ? ServerConfig::Transport::Sse
                                                                                          : ServerConfig::Transport::Http;
        } else if (typeName == QLatin1String("stdio")) {
            config.transport = ServerConfig::Transport::Stdio;
        } else if (typeName == QLatin1String("http") || typeName == QLatin1String("streamable-http")
                   || typeName == QLatin1String("streamablehttp")) {
            config.transport = ServerConfig::Transport::Http;
        } else if (typeName == QLatin1String("sse")) {
            config.transport = ServerConfig::Transport::Sse;
        } else {
            return serverFail(name, QStringLiteral("\"type\" is \"%1\"; expected \"stdio\", \"http\" or \"sse\"").arg(type.value()));
        }

        if (config.transport == ServerConfig::Transport::Stdio && config.command.trimmed().isEmpty())
            return serverFail(name, QCoreApplication::translate("Toolgate::ServerConfigFile", "it is a stdio server but has no \"command\""));
        if (config.transport != ServerConfig::Transport::Stdio) {
            if (config.url.trimmed().isEmpty()) {
                return serverFail(name, QCoreApplication::translate("Toolgate::ServerConfigFile", "it is an %1 server but has no \"url\"")
                                            .arg(ServerConfig::transportName(config.transport)));
            }
            const QUrl parsed(config.url, QUrl::StrictMode);
            if (!parsed.isValid() || (parsed.scheme() != QLatin1String("http") && parsed.scheme() != QLatin1String("https")))
                return serverFail(name, QStringLiteral("\"url\" must be an http:// or https:// URL, not \"%1\"").arg(config.url));
        }

        QStringList secretKeys = secrets;
        for (const auto *map : {&config.env, &config.headers}) {
            for (auto it = map->cbegin(); it != map->cend(); ++it) {
                // A placeholder can only be there because the value went to the keychain.
                if (ServerConfig::looksSecret(it.key()) || it.value() == ServerConfig::secretPlaceholder())
                    secretKeys.append(it.key());
            }
        }
        secretKeys.sort();
        secretKeys.removeDuplicates();
        config.secretKeys = secretKeys;
        // Secret values typed into the file by hand still work; they are offered for moving.
        for (const auto *map : {&config.env, &config.headers}) {
            for (auto it = map->cbegin(); it != map->cend(); ++it) {
                if (secretKeys.contains(it.key()) && !it.value().isEmpty() && it.value() != ServerConfig::secretPlaceholder()
                    && !config.plainSecretKeys.contains(it.key()))
                    config.plainSecretKeys.append(it.key());
            }
        }

        for (auto it = entry.begin(); it != entry.end(); ++it) {
            if (!isModelledKey(it.key()))
                config.extra.insert(it.key(), it.value());
        }
        return config;
    }

    QString m_source;
};

/// Secret values kept in the keychain are written as the placeholder, never as themselves.
QJsonObject stringMapToJson(const QMap<QString, QString> &map, const ServerConfig &config)
{
    QJsonObject object;
    for (auto it = map.cbegin(); it != map.cend(); ++it) {
        const bool inKeychain = config.secretKeys.contains(it.key()) && !config.plainSecretKeys.contains(it.key())
            && !it.value().isEmpty();
        object.insert(it.key(), inKeychain ? ServerConfig::secretPlaceholder() : it.value());
    }
    return object;
}

QJsonObject serverToJson(const ServerConfig &config)
{
    QJsonObject entry = config.extra;
    // Written only when it is not obvious from the fields, so Claude Desktop files stay as they were.
    if (config.transport != ServerConfig::Transport::Stdio || (!config.command.isEmpty() && !config.url.isEmpty()))
        entry.insert(kType, ServerConfig::transportName(config.transport));
    if (!config.command.isEmpty())
        entry.insert(kCommand, config.command);
    if (!config.args.isEmpty())
        entry.insert(kArgs, QJsonArray::fromStringList(config.args));
    if (!config.env.isEmpty())
        entry.insert(kEnv, stringMapToJson(config.env, config));
    if (!config.cwd.isEmpty())
        entry.insert(kCwd, config.cwd);
    if (!config.url.isEmpty())
        entry.insert(kUrl, config.url);
    if (!config.headers.isEmpty())
        entry.insert(kHeaders, stringMapToJson(config.headers, config));
    if (!config.enabled)
        entry.insert(kDisabled, true);
    // Auto is the default and not written, so files from before issue 15 come back unchanged.
    if (config.protocolEra != ServerConfig::EraPreference::Auto)
        entry.insert(kProtocolEra, ServerConfig::eraPreferenceName(config.protocolEra));
    // The default profile is not written (unless the person wrote it), so files from before issue 32 come
    // back unchanged.
    if (config.transport == ServerConfig::Transport::Stdio && config.sandbox.isWritten())
        entry.insert(kSandbox, config.sandbox.toJson());
    // Names the parser finds by itself need not be written down.
    QStringList explicitSecrets;
    for (const QString &key : config.secretKeys) {
        const bool present = config.env.contains(key) || config.headers.contains(key);
        const bool inKeychain = !config.plainSecretKeys.contains(key)
            && !config.env.value(key, config.headers.value(key)).isEmpty();
        const bool derived = present && (ServerConfig::looksSecret(key) || inKeychain);
        if (!derived)
            explicitSecrets.append(key);
    }
    if (!explicitSecrets.isEmpty())
        entry.insert(kSecretKeys, QJsonArray::fromStringList(explicitSecrets));
    return entry;
}

} // namespace

Result<QList<ServerConfig>> ServerConfigFile::parse(const QByteArray &json, const QString &sourceName)
{
    return Parser(sourceName).parse(json);
}

Result<QList<ServerConfig>> ServerConfigFile::load(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return makeError(ErrorCode::ConfigError,
                         QCoreApplication::translate("Toolgate::ServerConfigFile", "cannot read the servers file %1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
    }
    return parse(file.readAll(), QDir::toNativeSeparators(path));
}

QByteArray ServerConfigFile::serialize(const QList<ServerConfig> &list)
{
    // The servers in the list's order (the file's, new ones last); each server's settings, env and
    // headers in the order the person wrote them (ServerConfig::fileOrder), new ones in the order
    // people usually write them, what Toolgate does not model after them.
    static const QStringList settingsOrder{kType, kCommand, kArgs, kEnv, kCwd, kUrl, kHeaders, kDisabled, kSecretKeys, kProtocolEra, kSandbox};
    QJsonObject servers;
    QStringList names;
    for (const ServerConfig &config : list) {
        servers.insert(config.name, serverToJson(config));
        names.append(config.name);
    }
    JsonKeyOrder serverOrder = JsonKeyOrder::fromKeys(names);
    for (const ServerConfig &config : list) {
        // The entry's own order first (it knows env's and headers' names too), then the settings
        // it did not have before, in the usual order.
        JsonKeyOrder entryOrder = config.fileOrder;
        const QStringList known = entryOrder.keys();
        for (const QString &setting : settingsOrder) {
            if (!known.contains(setting))
                entryOrder.setMember(setting, {});
        }
        serverOrder.setMember(config.name, entryOrder);
    }
    JsonKeyOrder order = JsonKeyOrder::fromKeys({kMcpServers});
    order.setMember(kMcpServers, serverOrder);
    return JsonWriter::toIndentedJson(QJsonObject{{kMcpServers, servers}}, order) + '\n';
}

Result<void> ServerConfigFile::save(const QString &path, const QList<ServerConfig> &list)
{
    QSet<QString> names;
    for (const ServerConfig &config : list) {
        if (config.name.trimmed().isEmpty())
            return makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::ServerConfigFile", "cannot save a server without a name"));
        if (names.contains(config.name))
            return makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::ServerConfigFile", "cannot save: two servers are named \"%1\"").arg(config.name));
        names.insert(config.name);
    }
    if (const Result<void> written = AtomicFile::write(path, serialize(list)); !written)
        return written;
    qCInfo(lcWorkspace) << "saved" << list.size() << "servers to" << QDir::toNativeSeparators(path);
    return {};
}

QString ServerConfigFile::defaultPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) + QStringLiteral("/servers.json");
}

Result<QList<ServerConfig>> ServerConfigFile::loadEffective()
{
    const QString path = defaultPath();
    if (!QFileInfo::exists(path))
        return QList<ServerConfig>{ServerConfig::demoServer()};
    return load(path);
}

} // namespace Toolgate
