#include "core/calls/argumentrules.h"

#include "core/common/atomicfile.h"
#include "core/common/configlocation.h"
#include "core/common/error.h"
#include "core/common/hostnames.h"
#include "core/common/jsonpointer.h"
#include "core/common/logging.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QUrl>

#include <algorithm>
#include <cmath>

namespace Toolgate {

namespace {

QString expandHome(const QString &path)
{
    if (path == u"~")
        return QDir::homePath();
    if (path.startsWith(u"~/"))
        return QDir::homePath() + path.mid(1);
    return path;
}

/// "/", or a drive's root ("C:/"), that path starts with; empty for a relative path.
QString rootOf(const QString &path)
{
    if (path.startsWith(u'/'))
        return QStringLiteral("/");
    if (path.size() >= 3 && path.at(0).isLetter() && path.at(1) == u':' && path.at(2) == u'/')
        return path.left(3);
    return {};
}

QString joined(const QString &dir, const QString &name)
{
    return dir.endsWith(u'/') ? QString(dir + name) : QString(dir + u'/' + name);
}

QString parentOf(const QString &path, const QString &root)
{
    if (path == root)
        return root; // ".." of the root is the root
    const qsizetype slash = path.lastIndexOf(u'/');
    return slash < root.size() ? root : path.left(slash);
}

QString resolve(const QString &input, int depth)
{
    if (depth > 40)
        return {}; // a symlink loop
    const QString path = QDir::fromNativeSeparators(input);
    const QString root = rootOf(path);
    if (root.isEmpty())
        return {};
    const QStringList parts = path.mid(root.size()).split(u'/', Qt::SkipEmptyParts);
    // Walk the path as the system would: each existing part is the real folder (symlinks followed),
    // so a ".." goes to the real parent, not the parent the text names.
    QString current = QFileInfo(root).canonicalFilePath();
    if (current.isEmpty())
        current = root;
    bool existing = true;
    for (qsizetype i = 0; i < parts.size(); ++i) {
        const QString &part = parts.at(i);
        if (part == u".")
            continue;
        if (part == u"..") {
            current = parentOf(current, root);
            continue;
        }
        const QString next = joined(current, part);
        if (existing) {
            const QFileInfo info(next);
            if (info.isSymLink()) {
                // Also a dangling one: writing through it creates its target, wherever that is.
                const QString target = info.symLinkTarget();
                if (target.isEmpty())
                    return {};
                QString rest = target;
                for (qsizetype j = i + 1; j < parts.size(); ++j)
                    rest = joined(rest, parts.at(j));
                return resolve(rest, depth + 1);
            }
            if (!info.exists())
                existing = false; // nothing below a missing part can be a symlink (yet)
        }
        current = next;
    }
    return current;
}

bool isInside(const QString &pathAsResolved, const QString &folderAsResolved)
{
#if defined(Q_OS_MACOS)
    // APFS and HFS+ ignore how a name's accents are encoded: "café" and "cafe\u0301" are one file.
    const QString path = pathAsResolved.normalized(QString::NormalizationForm_C);
    const QString folder = folderAsResolved.normalized(QString::NormalizationForm_C);
#else
    const QString &path = pathAsResolved;
    const QString &folder = folderAsResolved;
#endif
    if (path.isEmpty() || folder.isEmpty())
        return false;
    // As the file system compares names: Windows' and macOS's usual ones ignore case (Unicode case
    // folding, QChar::toCaseFolded(), as theirs: "É" and "é" are one name).
#if defined(Q_OS_WIN) || defined(Q_OS_MACOS)
    constexpr Qt::CaseSensitivity names = Qt::CaseInsensitive;
#else
    constexpr Qt::CaseSensitivity names = Qt::CaseSensitive;
#endif
    if (path.compare(folder, names) == 0)
        return true;
    return path.startsWith(folder.endsWith(u'/') ? folder : QString(folder + u'/'), names);
}

// The host of a URL as a client will connect to it: percent-escapes decoded, lower case, without a
// trailing dot, in ACE form, and an IPv4 address however it is written (an IPv4-mapped IPv6 address,
// ::ffff:127.0.0.1, is the IPv4 address). None when no host can be read.
std::optional<QString> urlHost(const QString &value)
{
    const QUrl url(value.trimmed(), QUrl::TolerantMode);
    if (!url.isValid() || url.host().isEmpty())
        return std::nullopt;
    QString host = url.host(QUrl::FullyDecoded);
    if (host.contains(u'%') || host.contains(u'@') || host.contains(u'/'))
        return std::nullopt;
    static const QRegularExpression mapped(QStringLiteral("^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$"),
                                           QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression mappedDotted(QStringLiteral("^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:(\\d+\\.\\d+\\.\\d+\\.\\d+)$"),
                                                 QRegularExpression::CaseInsensitiveOption);
    if (const QRegularExpressionMatch m = mappedDotted.match(host); m.hasMatch()) {
        host = m.captured(1);
    } else if (const QRegularExpressionMatch m = mapped.match(host); m.hasMatch()) {
        const uint high = m.captured(1).toUInt(nullptr, 16);
        const uint low = m.captured(2).toUInt(nullptr, 16);
        host = QStringLiteral("%1.%2.%3.%4").arg(high >> 8).arg(high & 0xff).arg(low >> 8).arg(low & 0xff);
    }
    const QString ace = HostNames::normalized(host);
    if (ace.isEmpty())
        return std::nullopt;
    return ace;
}

/// The forms of a text that a reader may take it in: as written, and in the Unicode normal forms
/// software applies on the way (macOS's file systems, input methods, libraries that normalise). NFC
/// only unifies the encodings of one character ("é" and "e\u0301"); NFKC also folds compatibility
/// forms ("／" into "/", "．．" into "..", "ｅｔｃ" into "etc"), which no file system does but a server
/// converting to a legacy code page or normalising its input may.
enum class UnicodeForm { AsWritten, Nfc, Nfkc };
constexpr UnicodeForm unicodeForms[] = {UnicodeForm::AsWritten, UnicodeForm::Nfc, UnicodeForm::Nfkc};

QString inForm(const QString &text, UnicodeForm form)
{
    switch (form) {
    case UnicodeForm::AsWritten: return text;
    case UnicodeForm::Nfc: return text.normalized(QString::NormalizationForm_C);
    case UnicodeForm::Nfkc: return text.normalized(QString::NormalizationForm_KC);
    }
    return text;
}

/// A lock on rules.json held by another Toolgate for longer than this is waited for no more (as for
/// approvals.json): the rules are then not saved and the error says the file is being written.
constexpr int rulesLockWaitMs = 1000;

/// The rules after the change one process made from base to mine is made to theirs, the file as
/// another process (or a person's editor) left it. Rules are known by name. Added and changed here:
/// in place of the rule of that name there, or after the rule they follow here; removed here: removed
/// there too, unless changed there meanwhile; all else as there. Where both changed one rule, this
/// change, the one being saved now, wins.
QList<ArgumentRule> withChangesMade(const QList<ArgumentRule> &base, const QList<ArgumentRule> &mine, const QList<ArgumentRule> &theirs)
{
    const auto same = [](const ArgumentRule &a, const ArgumentRule &b) { return a.toJson() == b.toJson(); };
    const auto indexOf = [](const QList<ArgumentRule> &list, const QString &name) -> qsizetype {
        for (qsizetype i = 0; i < list.size(); ++i) {
            if (list.at(i).name == name)
                return i;
        }
        return -1;
    };
    if (std::equal(base.cbegin(), base.cend(), theirs.cbegin(), theirs.cend(), same))
        return mine; // nobody else wrote: the order given here too
    QList<ArgumentRule> merged = theirs;
    for (const ArgumentRule &old : base) {
        if (indexOf(mine, old.name) >= 0)
            continue;
        const qsizetype at = indexOf(merged, old.name);
        if (at >= 0 && same(merged.at(at), old))
            merged.removeAt(at);
    }
    qsizetype next = 0;
    for (const ArgumentRule &rule : mine) {
        const qsizetype before = indexOf(base, rule.name);
        qsizetype at = indexOf(merged, rule.name);
        if (before >= 0 && same(base.at(before), rule)) {
            // unchanged here: as there (removed there, it stays removed)
        } else if (at >= 0) {
            merged[at] = rule;
        } else {
            at = std::min(next, merged.size());
            merged.insert(at, rule);
        }
        if (at >= 0)
            next = at + 1;
    }
    return merged;
}

const QLatin1StringView kindNames[] = {QLatin1StringView("pathInside"), QLatin1StringView("urlHost"),
                                       QLatin1StringView("matches"), QLatin1StringView("numberWithin")};
const QLatin1StringView actionNames[] = {QLatin1StringView("allow"), QLatin1StringView("ask"), QLatin1StringView("deny")};

QString numberText(double value)
{
    return QString::number(value, 'g', 15);
}

} // namespace

QString ArgumentCondition::kindName(Kind kind)
{
    return kindNames[int(kind)];
}

std::optional<ArgumentCondition::Kind> ArgumentCondition::kindFromName(QStringView name)
{
    for (int i = 0; i < 4; ++i) {
        if (name == kindNames[i])
            return Kind(i);
    }
    return std::nullopt;
}

std::optional<QJsonValue> ArgumentCondition::valueAt(const QJsonObject &arguments, const QString &argument)
{
    if (!argument.startsWith(u'/')) {
        const auto it = arguments.constFind(argument);
        if (it == arguments.constEnd())
            return std::nullopt;
        return it.value();
    }
    return JsonPointer::valueAt(arguments, argument);
}

QString ArgumentCondition::resolvedPath(const QString &path)
{
    return resolve(expandHome(path.trimmed()), 0);
}

bool ArgumentCondition::holds(const QJsonObject &arguments) const
{
    return check(arguments).truth == Check::Truth::Holds;
}

ArgumentCondition::Check ArgumentCondition::check(const QJsonObject &arguments) const
{
    using Truth = Check::Truth;
    const auto holdsIf = [](bool condition) { return Check{condition ? Truth::Holds : Truth::DoesNotHold, {}}; };
    const auto unknown = [](const QString &why) { return Check{Truth::Unknown, why}; };
    if (!problem().isEmpty())
        return {};
    const auto value = valueAt(arguments, argument);
    if (!value)
        return {};
    switch (kind) {
    case Kind::PathInside: {
        if (!value->isString())
            return unknown(ArgumentRules::tr("the value is not a text, so no path"));
        QString text = value->toString();
        if (text.startsWith(QLatin1StringView("file:"), Qt::CaseInsensitive)) {
            // As the server will read it: file:/etc/passwd, file:///etc/passwd, file://localhost/etc/passwd,
            // with percent-escapes decoded.
            QUrl url(text);
            if (!url.isValid() || url.scheme().compare(QLatin1StringView("file"), Qt::CaseInsensitive) != 0)
                return unknown(ArgumentRules::tr("the file URL cannot be read"));
            const QString host = url.host();
            if (!host.isEmpty() && host.compare(QLatin1StringView("localhost"), Qt::CaseInsensitive) != 0)
                return unknown(ArgumentRules::tr("the file URL names another computer (%1)").arg(host));
            url.setHost(QString()); // file://localhost/x is /x, not the network path //localhost/x
            text = url.toLocalFile();
        }
        if (text.contains(QChar(0)))
            return unknown(ArgumentRules::tr("the path contains a null character"));
        if (text.isEmpty())
            return {};
        const QString resolved = resolvedPath(text);
        if (resolved.isEmpty())
            return unknown(ArgumentRules::tr("the path is relative (where it leads depends on the server's working folder) or cannot be resolved"));
        const bool inside = isInside(resolved, resolvedPath(folder));
        // "/data/cafe\u0301" is another folder than "/data/café" to most file systems but the same one
        // to macOS's, and "/data/．．/etc" a folder named "．．" to all of them but "/data/../etc" to a
        // server that folds compatibility forms. Each normal form of the value is judged against the
        // same form of the folder; where they disagree, nobody here can know which one the server takes.
        for (const UnicodeForm form : unicodeForms) {
            const QString normalised = inForm(text, form);
            if (form == UnicodeForm::AsWritten || (normalised == text && inForm(folder, form) == folder))
                continue;
            const QString normalisedResolved = resolvedPath(normalised);
            if (normalisedResolved.isEmpty()
                || isInside(inForm(normalisedResolved, form), inForm(resolvedPath(inForm(folder, form)), form)) != inside)
                return unknown(ArgumentRules::tr("the path leads elsewhere once its Unicode characters are normalised (%1)").arg(normalised));
        }
        // A plain path with percent-escapes ("/data/%2e%2e/etc") is a literal folder name to the file
        // system but ".." to a server that decodes it. Where the two readings disagree, nobody here
        // can know which one the server takes.
        if (text.contains(u'%')) {
            const QString decoded = QUrl::fromPercentEncoding(text.toUtf8());
            if (decoded != text && !decoded.contains(QChar(0))) {
                const QString decodedResolved = resolvedPath(decoded);
                if (decodedResolved.isEmpty() || isInside(decodedResolved, resolvedPath(folder)) != inside)
                    return unknown(ArgumentRules::tr("the path leads elsewhere once its percent-escapes are decoded (%1)").arg(decoded));
            }
        }
        return holdsIf(inside);
    }
    case Kind::UrlHost: {
        if (!value->isString())
            return unknown(ArgumentRules::tr("the value is not a text, so no URL"));
        const std::optional<QString> host = urlHost(value->toString());
        if (!host)
            return unknown(ArgumentRules::tr("no host can be read from the URL"));
        // Clients map a host through IDNA (NFKC among it) before connecting, and so does urlHost(); the
        // rest of the URL is read as written by some and normalised by others, which must not move the host.
        for (const UnicodeForm form : unicodeForms) {
            if (urlHost(inForm(value->toString(), form)) != host)
                return unknown(ArgumentRules::tr("the URL names another host once its Unicode characters are normalised (%1)")
                                   .arg(inForm(value->toString(), form)));
        }
        return holdsIf(HostNames::listed(*host, hosts));
    }
    case Kind::Matches: {
        if (!value->isString())
            return unknown(ArgumentRules::tr("the value is not a text"));
        if (value->toString().size() > maxPatternValueLength)
            return unknown(ArgumentRules::tr("the value has %1 characters, more than the %2 a pattern is checked on")
                               .arg(value->toString().size())
                               .arg(maxPatternValueLength));
        // The pattern in NFC, as a person means it however their keyboard encoded "é"; the value in
        // each normal form, which must all give the same answer (see PathInside).
        const QRegularExpression expression(QRegularExpression::anchoredPattern(pattern.normalized(QString::NormalizationForm_C)));
        std::optional<bool> matched;
        for (const UnicodeForm form : unicodeForms) {
            const QRegularExpressionMatch match = expression.match(inForm(value->toString(), form));
            if (!match.isValid())
                return unknown(ArgumentRules::tr("the pattern gave up on the value (the matching engine's limit)"));
            if (matched && *matched != match.hasMatch())
                return unknown(ArgumentRules::tr("the value matches differently once its Unicode characters are normalised (%1)")
                                   .arg(inForm(value->toString(), form)));
            matched = match.hasMatch();
        }
        return holdsIf(*matched);
    }
    case Kind::NumberWithin: {
        if (!value->isDouble())
            return unknown(ArgumentRules::tr("the value is not a number"));
        const double number = value->toDouble();
        if (std::isnan(number))
            return unknown(ArgumentRules::tr("the value is not a number"));
        return holdsIf((!minimum || number >= *minimum) && (!maximum || number <= *maximum));
    }
    }
    return {};
}

QString ArgumentCondition::problem() const
{
    if (argument.trimmed().isEmpty())
        return ArgumentRules::tr("no argument is named");
    switch (kind) {
    case Kind::PathInside:
        if (folder.trimmed().isEmpty())
            return ArgumentRules::tr("no folder is given");
        if (resolvedPath(folder).isEmpty())
            return ArgumentRules::tr("the folder \"%1\" is not an absolute path").arg(folder);
        break;
    case Kind::UrlHost:
        if (hosts.isEmpty())
            return ArgumentRules::tr("no host is listed");
        break;
    case Kind::Matches: {
        const QRegularExpression expression(QRegularExpression::anchoredPattern(pattern));
        if (!expression.isValid())
            return ArgumentRules::tr("the pattern \"%1\" is not valid: %2").arg(pattern, expression.errorString());
        break;
    }
    case Kind::NumberWithin:
        if (!minimum && !maximum)
            return ArgumentRules::tr("neither a minimum nor a maximum is given");
        if (minimum && maximum && *minimum > *maximum)
            return ArgumentRules::tr("the minimum is larger than the maximum");
        break;
    }
    return {};
}

QString ArgumentCondition::describe() const
{
    switch (kind) {
    case Kind::PathInside:
        return ArgumentRules::tr("Path argument %1 must be inside folder %2").arg(argument, folder);
    case Kind::UrlHost:
        return ArgumentRules::tr("URL argument %1 must have a host in %2").arg(argument, hosts.join(QLatin1StringView(", ")));
    case Kind::Matches:
        return ArgumentRules::tr("Argument %1 must match the pattern %2").arg(argument, pattern);
    case Kind::NumberWithin:
        if (minimum && maximum)
            return ArgumentRules::tr("Number argument %1 must be between %2 and %3").arg(argument, numberText(*minimum), numberText(*maximum));
        if (minimum)
            return ArgumentRules::tr("Number argument %1 must be at least %2").arg(argument, numberText(*minimum));
        return ArgumentRules::tr("Number argument %1 must be at most %2").arg(argument, numberText(maximum.value_or(0)));
    }
    return {};
}

bool ArgumentRule::covers(const QString &serverName, const QString &toolName) const
{
    return server == serverName && (tool.isEmpty() || tool == toolName);
}

std::optional<ArgumentRule::Action> ArgumentRule::actionFor(const QJsonObject &arguments, QString *reasonOut) const
{
    QString unknownWhy;
    for (const ArgumentCondition &condition : conditions) {
        const ArgumentCondition::Check check = condition.check(arguments);
        if (check.truth == ArgumentCondition::Check::Truth::DoesNotHold) {
            if (reasonOut)
                *reasonOut = otherwiseReason;
            return otherwise;
        }
        if (check.truth == ArgumentCondition::Check::Truth::Unknown && unknownWhy.isEmpty())
            unknownWhy = ArgumentRules::tr("argument %1 cannot be checked: %2").arg(condition.argument, check.why);
    }
    if (unknownWhy.isEmpty()) {
        if (reasonOut)
            *reasonOut = reason;
        return action;
    }
    // Held or not, nobody can tell: the more careful of the two outcomes (issue #35, fail closed).
    const auto care = [](std::optional<Action> a) {
        if (!a)
            return 1;
        switch (*a) {
        case Action::Allow: return 0;
        case Action::Ask: return 2;
        case Action::Deny: return 3;
        }
        return 3;
    };
    const bool held = care(action) >= care(otherwise);
    const std::optional<Action> chosen = held ? std::optional<Action>(action) : otherwise;
    if (reasonOut) {
        const QString given = held ? reason : otherwiseReason;
        *reasonOut = given.isEmpty() ? unknownWhy : given + QStringLiteral(" (") + unknownWhy + u')';
    }
    return chosen;
}

QStringList ArgumentRule::problems() const
{
    QStringList out;
    if (name.trimmed().isEmpty())
        out.append(ArgumentRules::tr("the rule has no name"));
    if (server.trimmed().isEmpty())
        out.append(ArgumentRules::tr("the rule names no server"));
    for (const ArgumentCondition &condition : conditions) {
        if (const QString problem = condition.problem(); !problem.isEmpty())
            out.append(problem);
    }
    return out;
}

QString ArgumentRule::actionName(Action action)
{
    return actionNames[int(action)];
}

std::optional<ArgumentRule::Action> ArgumentRule::actionFromName(QStringView name)
{
    for (int i = 0; i < 3; ++i) {
        if (name == actionNames[i])
            return Action(i);
    }
    return std::nullopt;
}

QString ArgumentRule::actionText(Action action)
{
    switch (action) {
    case Action::Allow: return ArgumentRules::tr("allow");
    case Action::Ask: return ArgumentRules::tr("ask");
    case Action::Deny: return ArgumentRules::tr("deny");
    }
    return {};
}

QJsonObject ArgumentRule::toJson() const
{
    QJsonArray list;
    for (const ArgumentCondition &c : conditions) {
        QJsonObject o{{QStringLiteral("argument"), c.argument}, {QStringLiteral("kind"), ArgumentCondition::kindName(c.kind)}};
        switch (c.kind) {
        case ArgumentCondition::Kind::PathInside: o.insert(QStringLiteral("folder"), c.folder); break;
        case ArgumentCondition::Kind::UrlHost: o.insert(QStringLiteral("hosts"), QJsonArray::fromStringList(c.hosts)); break;
        case ArgumentCondition::Kind::Matches: o.insert(QStringLiteral("pattern"), c.pattern); break;
        case ArgumentCondition::Kind::NumberWithin:
            if (c.minimum)
                o.insert(QStringLiteral("minimum"), *c.minimum);
            if (c.maximum)
                o.insert(QStringLiteral("maximum"), *c.maximum);
            break;
        }
        list.append(o);
    }
    QJsonObject o{{QStringLiteral("name"), name}, {QStringLiteral("server"), server}, {QStringLiteral("conditions"), list},
                  {QStringLiteral("action"), actionName(action)}, {QStringLiteral("enabled"), enabled}, {QStringLiteral("shadow"), shadow}};
    if (!tool.isEmpty())
        o.insert(QStringLiteral("tool"), tool);
    if (!reason.isEmpty())
        o.insert(QStringLiteral("reason"), reason);
    if (otherwise) {
        o.insert(QStringLiteral("otherwise"), actionName(*otherwise));
        if (!otherwiseReason.isEmpty())
            o.insert(QStringLiteral("otherwiseReason"), otherwiseReason);
    }
    return o;
}

Result<ArgumentRule> ArgumentRule::fromJson(const QJsonObject &json)
{
    ArgumentRule rule;
    rule.name = json.value(QLatin1StringView("name")).toString();
    rule.server = json.value(QLatin1StringView("server")).toString();
    rule.tool = json.value(QLatin1StringView("tool")).toString();
    rule.reason = json.value(QLatin1StringView("reason")).toString();
    rule.enabled = json.value(QLatin1StringView("enabled")).toBool(true);
    rule.shadow = json.value(QLatin1StringView("shadow")).toBool(false);
    const QString what = rule.name.isEmpty() ? ArgumentRules::tr("a rule without a name") : ArgumentRules::tr("the rule \"%1\"").arg(rule.name);
    const auto action = actionFromName(json.value(QLatin1StringView("action")).toString());
    if (!action)
        return makeError(ErrorCode::ConfigError, ArgumentRules::tr("%1 has no action (allow, ask or deny)").arg(what));
    rule.action = *action;
    if (json.contains(QLatin1StringView("otherwise"))) {
        rule.otherwise = actionFromName(json.value(QLatin1StringView("otherwise")).toString());
        if (!rule.otherwise)
            return makeError(ErrorCode::ConfigError, ArgumentRules::tr("%1: \"otherwise\" must be allow, ask or deny").arg(what));
        rule.otherwiseReason = json.value(QLatin1StringView("otherwiseReason")).toString();
    }
    for (const QJsonValue &value : json.value(QLatin1StringView("conditions")).toArray()) {
        const QJsonObject o = value.toObject();
        ArgumentCondition c;
        const auto kind = ArgumentCondition::kindFromName(o.value(QLatin1StringView("kind")).toString());
        if (!kind)
            return makeError(ErrorCode::ConfigError,
                             ArgumentRules::tr("%1 has a condition of an unknown kind (pathInside, urlHost, matches or numberWithin)").arg(what));
        c.kind = *kind;
        c.argument = o.value(QLatin1StringView("argument")).toString();
        c.folder = o.value(QLatin1StringView("folder")).toString();
        for (const QJsonValue &host : o.value(QLatin1StringView("hosts")).toArray())
            c.hosts.append(host.toString());
        c.pattern = o.value(QLatin1StringView("pattern")).toString();
        if (o.value(QLatin1StringView("minimum")).isDouble())
            c.minimum = o.value(QLatin1StringView("minimum")).toDouble();
        if (o.value(QLatin1StringView("maximum")).isDouble())
            c.maximum = o.value(QLatin1StringView("maximum")).toDouble();
        rule.conditions.append(c);
    }
    if (const QStringList problems = rule.problems(); !problems.isEmpty())
        return makeError(ErrorCode::ConfigError, ArgumentRules::tr("%1: %2").arg(what, problems.join(QLatin1StringView("; "))));
    return rule;
}

QString ArgumentRuleVerdict::describe() const
{
    const QString text = reason.isEmpty()
        ? ArgumentRules::tr("rule \"%1\": %2").arg(rule, ArgumentRule::actionText(action))
        : ArgumentRules::tr("rule \"%1\": %2 (%3)").arg(rule, ArgumentRule::actionText(action), reason);
    return shadow ? ArgumentRules::tr("shadow %1, not applied").arg(text) : text;
}

ArgumentRules::ArgumentRules(const QString &storagePath, QObject *parent)
    : QObject(parent)
    , m_storagePath(storagePath)
{
    if (m_storagePath.isEmpty())
        return;
    QFile file(m_storagePath);
    if (!file.exists())
        return;
    if (!file.open(QIODevice::ReadOnly)) {
        m_loadError = makeError(ErrorCode::ConfigError, ArgumentRules::tr("cannot read the argument rules in %1: %2").arg(m_storagePath, file.errorString()));
        return;
    }
    auto loaded = fromJson(file.readAll());
    if (!loaded) {
        // The broken file is kept for the person to repair; no rule applies meanwhile, so every call is
        // decided by remembered approvals and the person as before.
        m_loadError = makeError(ErrorCode::ConfigError, ArgumentRules::tr("the argument rules in %1 are not used: %2")
                                                            .arg(m_storagePath, loaded.error().message));
        qCWarning(lcCalls) << m_loadError->message;
        return;
    }
    m_rules = std::move(loaded).value();
    m_stored = m_rules;
}

QString ArgumentRules::defaultPath()
{
    return ConfigLocation::configFile(QStringLiteral("rules.json"));
}

Result<void> ArgumentRules::setRules(const QList<ArgumentRule> &rules)
{
    if (m_storagePath.isEmpty()) {
        m_rules = rules;
        emit rulesChanged();
        return {};
    }
    // Another Toolgate, or a person with an editor, may have changed the file since this one read it.
    // Writing our list back whole would undo that: so what changed here is made to the file as it is
    // now, under the lock approvals.json is changed under (issue #35).
    Result<void> saved;
    if (const auto lock = AtomicFile::lockForUpdate(m_storagePath, rulesLockWaitMs); !lock) {
        saved = lock.error();
    } else {
        const std::optional<QList<ArgumentRule>> onDisk = readRules(m_storagePath);
        // A broken file is replaced (loading said why): only what changed here is known.
        const QList<ArgumentRule> merged = withChangesMade(m_stored, rules, onDisk.value_or(m_stored));
        saved = AtomicFile::write(m_storagePath, toJson(merged));
        if (saved) {
            m_rules = merged;
            m_stored = merged;
            m_loadError.reset();
        }
    }
    if (!saved)
        m_rules = rules; // applied in this process; the error says they were not kept
    emit rulesChanged();
    return saved;
}

std::optional<QList<ArgumentRule>> ArgumentRules::readRules(const QString &path)
{
    QFile file(path);
    if (!file.exists())
        return QList<ArgumentRule>();
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    auto read = fromJson(file.readAll());
    if (!read)
        return std::nullopt;
    return std::move(read).value();
}

ArgumentRuleEvaluation ArgumentRules::evaluate(const QString &serverName, const QString &toolName, const QJsonObject &arguments) const
{
    return evaluate(m_rules, serverName, toolName, arguments);
}

ArgumentRuleEvaluation ArgumentRules::evaluate(const QList<ArgumentRule> &rules, const QString &serverName,
                                               const QString &toolName, const QJsonObject &arguments)
{
    ArgumentRuleEvaluation evaluation;
    for (const ArgumentRule &rule : rules) {
        if (!rule.enabled || !rule.covers(serverName, toolName) || !rule.problems().isEmpty())
            continue;
        QString reason;
        const auto action = rule.actionFor(arguments, &reason);
        if (!action)
            continue;
        ArgumentRuleVerdict verdict{rule.name, *action, reason, rule.shadow};
        if (rule.shadow) {
            evaluation.shadows.append(verdict);
            continue;
        }
        evaluation.deciding = verdict;
        break; // first match decides
    }
    return evaluation;
}


QByteArray ArgumentRules::toJson(const QList<ArgumentRule> &rules)
{
    // Written by hand so the keys come in the order a person reads a rule (QJsonObject sorts them).
    const auto text = [](const QJsonValue &value) {
        return QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact).mid(1).chopped(1);
    };
    static const QStringList ruleKeys{QStringLiteral("name"), QStringLiteral("server"), QStringLiteral("tool"),
                                      QStringLiteral("enabled"), QStringLiteral("shadow"), QStringLiteral("conditions"),
                                      QStringLiteral("action"), QStringLiteral("reason"), QStringLiteral("otherwise"),
                                      QStringLiteral("otherwiseReason")};
    static const QStringList conditionKeys{QStringLiteral("argument"), QStringLiteral("kind"), QStringLiteral("folder"),
                                           QStringLiteral("hosts"), QStringLiteral("pattern"), QStringLiteral("minimum"),
                                           QStringLiteral("maximum")};
    QByteArray out = "{\n  \"rules\": [";
    for (qsizetype i = 0; i < rules.size(); ++i) {
        const QJsonObject o = rules.at(i).toJson();
        out += i ? ",\n    {" : "\n    {";
        bool first = true;
        for (const QString &key : ruleKeys) {
            if (!o.contains(key))
                continue;
            out += first ? "\n      " : ",\n      ";
            first = false;
            out += text(key) + ": ";
            if (key != u"conditions") {
                out += text(o.value(key));
                continue;
            }
            const QJsonArray conditions = o.value(key).toArray();
            out += "[";
            for (qsizetype c = 0; c < conditions.size(); ++c) {
                const QJsonObject co = conditions.at(c).toObject();
                out += c ? ", {" : "{";
                bool firstKey = true;
                for (const QString &ck : conditionKeys) {
                    if (!co.contains(ck))
                        continue;
                    out += firstKey ? "" : ", ";
                    firstKey = false;
                    out += text(ck) + ": " + text(co.value(ck));
                }
                out += "}";
            }
            out += "]";
        }
        out += "\n    }";
    }
    out += rules.isEmpty() ? "]\n}\n" : "\n  ]\n}\n";
    return out;
}

Result<QList<ArgumentRule>> ArgumentRules::fromJson(const QByteArray &json)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return makeError(ErrorCode::ConfigError, ArgumentRules::tr("it is not valid JSON (%1 at character %2)")
                                                     .arg(parseError.errorString()).arg(parseError.offset));
    if (!document.isObject() || !document.object().value(QLatin1StringView("rules")).isArray())
        return makeError(ErrorCode::ConfigError, ArgumentRules::tr("it must be an object with a list \"rules\""));
    QList<ArgumentRule> rules;
    for (const QJsonValue &value : document.object().value(QLatin1StringView("rules")).toArray()) {
        if (!value.isObject())
            return makeError(ErrorCode::ConfigError, ArgumentRules::tr("each rule must be an object"));
        auto rule = ArgumentRule::fromJson(value.toObject());
        if (!rule)
            return rule.error();
        rules.append(std::move(rule).value());
    }
    return rules;
}

} // namespace Toolgate

#include "moc_argumentrules.cpp"
