#include "core/workspace/serverconfig.h"

#include "core/common/commandline.h"
#include "core/common/translations.h"
#include "core/common/redactor.h"

#include <QCoreApplication>
#include <algorithm>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

namespace Toolgate {

StdioLaunchSpec ServerConfig::launchSpec() const
{
    StdioLaunchSpec spec;
    spec.program = command;
    spec.arguments = args;
    spec.environment = env;
    spec.workingDirectory = cwd;
    spec.inheritFullEnvironment = inheritEnvironment;
    // The demo we ship speaks Toolgate's language (#34 item 6), English included: it reads LANGUAGE before
    // LANG, as any program does, so toolgate-cli --json (English for scripts) under LANG=de_DE gets the
    // English demo. Only ours: another server gets no more of the environment than before, and a LANGUAGE
    // the person set in the entry wins.
    if (QFileInfo(command).fileName() == demoServerProgram() && !spec.environment.contains(QStringLiteral("LANGUAGE")))
        spec.environment.insert(QStringLiteral("LANGUAGE"), Translations::language());
    return spec;
}

namespace {

const QString kEnvKey = QStringLiteral("env");
const QString kHeadersKey = QStringLiteral("headers");

QStringList namesInOrder(const QMap<QString, QString> &values, const JsonKeyOrder &order)
{
    QStringList names;
    names.reserve(values.size());
    for (const QString &name : order.keys()) {
        if (values.contains(name))
            names.append(name);
    }
    for (auto it = values.keyBegin(); it != values.keyEnd(); ++it) {
        if (!names.contains(*it))
            names.append(*it);
    }
    return names;
}

} // namespace

QStringList ServerConfig::envNames() const
{
    return namesInOrder(env, fileOrder.member(kEnvKey));
}

QStringList ServerConfig::headerNames() const
{
    return namesInOrder(headers, fileOrder.member(kHeadersKey));
}

void ServerConfig::setEnvOrder(const QStringList &names)
{
    if (names != envNames())
        fileOrder.setMember(kEnvKey, JsonKeyOrder::fromKeys(names));
}

void ServerConfig::setHeaderOrder(const QStringList &names)
{
    if (names != headerNames())
        fileOrder.setMember(kHeadersKey, JsonKeyOrder::fromKeys(names));
}

QString ServerConfig::endpoint() const
{
    if (transport != Transport::Stdio)
        return url;
    return CommandLine::display(command, args);
}

QString ServerConfig::demoServerProgram()
{
#ifdef Q_OS_WIN
    return QStringLiteral("toolgate-demo-server.exe");
#else
    return QStringLiteral("toolgate-demo-server");
#endif
}

ServerConfig ServerConfig::demoServer()
{
    ServerConfig demo;
    demo.name = QStringLiteral("demo");
    const QString program = demoServerProgram();
    // Prefer the copy installed alongside us, so the demo matches this build; the PATH lookup
    // happens at launch (StdioTransport::resolveProgram) and names the PATH if it fails.
    const QString bundled = QCoreApplication::instance()
        ? QDir(QCoreApplication::applicationDirPath()).filePath(program)
        : QString();
    const QFileInfo info(bundled);
    demo.command = !bundled.isEmpty() && info.isFile() && info.isExecutable() ? info.absoluteFilePath()
                                                                             : QStringLiteral("toolgate-demo-server");
    return demo;
}

QString ServerConfig::eraPreferenceName(EraPreference preference)
{
    switch (preference) {
    case EraPreference::Auto: return QStringLiteral("auto");
    case EraPreference::Legacy: return QStringLiteral("legacy");
    case EraPreference::Modern: return QStringLiteral("modern");
    }
    return QStringLiteral("auto");
}

std::optional<ServerConfig::EraPreference> ServerConfig::eraPreferenceFromName(const QString &name)
{
    const QString n = name.trimmed().toLower();
    if (n == QLatin1String("auto"))
        return EraPreference::Auto;
    if (n == QLatin1String("legacy"))
        return EraPreference::Legacy;
    if (n == QLatin1String("modern"))
        return EraPreference::Modern;
    return std::nullopt;
}

QString ServerConfig::transportName(Transport transport)
{
    switch (transport) {
    case Transport::Stdio: return QStringLiteral("stdio");
    case Transport::Http: return QStringLiteral("http");
    case Transport::Sse: return QStringLiteral("sse");
    }
    return {};
}

QString ServerConfig::SecretEntry::describe() const
{
    return kind == Kind::Env ? QCoreApplication::translate("Toolgate::ServerConfig", "the environment variable %1").arg(key)
                             : QCoreApplication::translate("Toolgate::ServerConfig", "the header %1").arg(key);
}

QList<ServerConfig::SecretEntry> ServerConfig::keychainSecrets() const
{
    QList<SecretEntry> entries;
    const auto collect = [&](const QMap<QString, QString> &map, SecretEntry::Kind kind) {
        for (auto it = map.cbegin(); it != map.cend(); ++it) {
            // An empty value hides nothing, and the store cannot tell it from "not stored".
            if (!secretKeys.contains(it.key()) || plainSecretKeys.contains(it.key()) || it.value().isEmpty())
                continue;
            entries.append({kind, it.key(), it.value(), secretStoreKey(name, kind, it.key())});
        }
    };
    collect(env, SecretEntry::Kind::Env);
    collect(headers, SecretEntry::Kind::Header);
    return entries;
}

bool ServerConfig::hasUnreadSecrets() const
{
    const QList<SecretEntry> entries = keychainSecrets();
    return std::any_of(entries.cbegin(), entries.cend(),
                       [](const SecretEntry &entry) { return entry.value == secretPlaceholder(); });
}

void ServerConfig::setSecretValue(const SecretEntry &entry, const QString &value)
{
    QMap<QString, QString> &map = entry.kind == SecretEntry::Kind::Env ? env : headers;
    if (map.contains(entry.key))
        map.insert(entry.key, value);
}

QString ServerConfig::secretPlaceholder()
{
    // Only what is true both with a keychain and without one (where the person types the value at each
    // start): the value is not in the file. Where it is, the server editor says.
    return QStringLiteral("<secret value kept out of this file by Toolgate>");
}

QString ServerConfig::earlierSecretPlaceholder()
{
    return QStringLiteral("<stored in the system keychain by Toolgate>");
}

QString ServerConfig::secretStoreKey(const QString &serverName, SecretEntry::Kind kind, const QString &key)
{
    return QStringLiteral("server/%1/%2/%3")
        .arg(serverName, kind == SecretEntry::Kind::Env ? QStringLiteral("env") : QStringLiteral("header"), key);
}

bool ServerConfig::looksSecret(const QString &key)
{
    static const QRegularExpression secret(
        QStringLiteral("(TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIAL|AUTHORIZATION|COOKIE|^AUTH$)"),
        QRegularExpression::CaseInsensitiveOption);
    return secret.match(key).hasMatch();
}

QStringList ServerConfig::secretValues() const
{
    QStringList values;
    const auto collect = [&](const QMap<QString, QString> &map) {
        for (auto it = map.cbegin(); it != map.cend(); ++it) {
            if (secretKeys.contains(it.key()) || looksSecret(it.key()) || Redactor::isSecretKey(it.key()))
                values.append(it.value());
        }
    };
    collect(env);
    collect(headers);
    return values;
}

} // namespace Toolgate
