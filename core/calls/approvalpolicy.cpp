#include "core/calls/approvalpolicy.h"

#include "core/common/atomicfile.h"
#include "core/common/configlocation.h"

#include "core/common/logging.h"
#include "core/common/error.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace Toolgate {

namespace {

/// A lock held by another Toolgate for longer than this is waited for no more; the change is then kept
/// in memory only and the caller hears why.
constexpr int lockWaitMs = 1000;

} // namespace

ApprovalPolicy::ApprovalPolicy(const QString &storagePath, FileChanges changes, QObject *parent)
    : QObject(parent)
    , m_storagePath(storagePath)
    , m_changes(changes)
{
    if (m_storagePath.isEmpty())
        return;
    m_readStamp = currentStamp();
    Result<Stored> stored = readFile();
    if (!stored) {
        // Keep the broken file: the user may want to repair it. We start with no remembered rules,
        // which is the safe direction (everything is asked again).
        m_loadError = stored.error();
        qCWarning(lcCalls) << m_loadError->message;
    } else {
        m_pins = std::move(stored.value().pins);
        m_rules = std::move(stored.value().rules);
    }
    // The app and toolgate-cli share the file: a rule revoked or a tool approved in the other one counts
    // here at once, not only after a restart.
    if (m_changes == FileChanges::Watched) {
        m_watcher = std::make_unique<QFileSystemWatcher>();
        watchFile();
        connect(m_watcher.get(), &QFileSystemWatcher::fileChanged, this, &ApprovalPolicy::reloadFromFile);
        connect(m_watcher.get(), &QFileSystemWatcher::directoryChanged, this, &ApprovalPolicy::reloadFromFile);
    }
}

ApprovalPolicy::~ApprovalPolicy() = default;

ApprovalPolicy::FileStamp ApprovalPolicy::currentStamp() const
{
    const QFileInfo info(m_storagePath);
    if (!info.exists())
        return {};
    return {true, info.size(), info.lastModified(), info.metadataChangeTime()};
}

void ApprovalPolicy::catchUpWithFile()
{
    if (m_changes != FileChanges::CheckedOnUse || m_storagePath.isEmpty())
        return;
    if (currentStamp() != m_readStamp)
        reloadFromFile();
}

Result<ApprovalPolicy::Stored> ApprovalPolicy::readFile() const
{
    Stored stored;
    QFile file(m_storagePath);
    if (!file.exists())
        return stored;
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::ApprovalPolicy", "cannot read %1: %2").arg(m_storagePath, file.errorString()));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        return makeError(ErrorCode::ConfigError,
                         QCoreApplication::translate("Toolgate::ApprovalPolicy", "the remembered approvals in %1 are unreadable (%2); every tool will be asked about again")
                             .arg(m_storagePath, parseError.errorString()));
    }
    const QJsonObject pins = document.object().value(QLatin1String("pins")).toObject();
    for (auto it = pins.begin(); it != pins.end(); ++it) {
        const QJsonObject o = it.value().toObject();
        ToolPin pin;
        pin.definition = o.value(QLatin1String("definition")).toObject();
        pin.fingerprint = o.value(QLatin1String("fingerprint")).toString();
        pin.pinnedAt = QDateTime::fromString(o.value(QLatin1String("pinnedAt")).toString(), Qt::ISODate);
        if (!pin.fingerprint.isEmpty())
            stored.pins.insert(it.key(), pin);
    }
    const QJsonArray rules = document.object().value(QLatin1String("alwaysAllow")).toArray();
    for (const QJsonValue &value : rules) {
        const QJsonObject o = value.toObject();
        Rule rule{o.value(QLatin1String("server")).toString(), o.value(QLatin1String("endpoint")).toString(),
                  o.value(QLatin1String("tool")).toString(), true};
        if (!rule.serverName.isEmpty() && !rule.toolName.isEmpty())
            stored.rules.append(rule);
    }
    return stored;
}

void ApprovalPolicy::watchFile()
{
    if (!m_watcher)
        return;
    // The file itself once it exists (a rename replaces it, AtomicFile: the new one is watched again);
    // until then its folder, to see it appear.
    if (QFileInfo::exists(m_storagePath)) {
        if (!m_watcher->files().contains(m_storagePath))
            m_watcher->addPath(m_storagePath);
        if (!m_watcher->directories().isEmpty())
            m_watcher->removePaths(m_watcher->directories());
    } else if (m_watcher->directories().isEmpty()) {
        const QString folder = QFileInfo(m_storagePath).absolutePath();
        if (QFileInfo::exists(folder))
            m_watcher->addPath(folder);
    }
}

void ApprovalPolicy::reloadFromFile()
{
    watchFile();
    m_readStamp = currentStamp();
    Result<Stored> stored = readFile();
    if (!stored)
        return; // half written or broken: what we hold stays until it reads again
    adopt(std::move(stored.value()));
}

void ApprovalPolicy::adopt(Stored stored)
{
    // The file holds the "always" rules; this session's own ones stay, unless the file now has the same
    // rule as "always".
    const auto sameTool = [](const Rule &a, const Rule &b) {
        return a.serverName == b.serverName && a.serverEndpoint == b.serverEndpoint && a.toolName == b.toolName;
    };
    QList<Rule> rules = stored.rules;
    for (const Rule &rule : std::as_const(m_rules)) {
        if (!rule.persistent && std::none_of(rules.cbegin(), rules.cend(), [&](const Rule &r) { return sameTool(r, rule); }))
            rules.append(rule);
    }
    const auto sameRules = [&](const QList<Rule> &a, const QList<Rule> &b) {
        return a.size() == b.size()
            && std::equal(a.cbegin(), a.cend(), b.cbegin(), [&](const Rule &x, const Rule &y) { return sameTool(x, y) && x.persistent == y.persistent; });
    };
    const bool rulesDiffer = !sameRules(rules, m_rules);
    bool pinsDiffer = stored.pins.size() != m_pins.size();
    for (auto it = stored.pins.cbegin(); !pinsDiffer && it != stored.pins.cend(); ++it)
        pinsDiffer = m_pins.value(it.key()).fingerprint != it->fingerprint;
    m_rules = std::move(rules);
    m_pins = std::move(stored.pins);
    m_loadError.reset();
    if (rulesDiffer)
        emit rulesChanged();
    if (pinsDiffer)
        emit pinsChanged();
}

QString ApprovalPolicy::defaultPath()
{
    return ConfigLocation::configFile(QStringLiteral("approvals.json"));
}

QString ApprovalPolicy::pinKey(const ServerIdentity &server, const QString &toolName)
{
    // Unit separators cannot occur in a configured name or a command line typed into a field.
    return server.name + QChar(0x1f) + server.endpoint + QChar(0x1f) + toolName;
}

std::optional<ToolPin> ApprovalPolicy::pin(const ServerIdentity &server, const QString &toolName)
{
    catchUpWithFile();
    return heldPin(server, toolName);
}

std::optional<ToolPin> ApprovalPolicy::heldPin(const ServerIdentity &server, const QString &toolName) const
{
    const auto it = m_pins.constFind(pinKey(server, toolName));
    if (it == m_pins.cend())
        return std::nullopt;
    return *it;
}

std::optional<DefinitionChange> ApprovalPolicy::changeSincePinned(const ServerIdentity &server, const Tool &tool)
{
    catchUpWithFile();
    return changeSinceHeldPin(server, tool);
}

std::optional<DefinitionChange> ApprovalPolicy::changeSinceHeldPin(const ServerIdentity &server, const Tool &tool) const
{
    const auto pinned = heldPin(server, tool.name);
    if (!pinned)
        return std::nullopt;
    return DefinitionChange::between(*pinned, tool);
}

std::optional<ApprovalDecision> ApprovalPolicy::lookup(const ServerIdentity &server, const Tool &tool)
{
    catchUpWithFile(); // once per question: what follows reads what is held
    // A rule covers the definition that was approved; a changed one is asked about again. (A rule from
    // before pins existed has none: it is pinned the next time the person approves the tool.)
    if (!m_appliesRules || changeSinceHeldPin(server, tool))
        return std::nullopt;
    const QString &toolName = tool.name;
    for (const Rule &rule : m_rules) {
        if (rule.serverName == server.name && rule.serverEndpoint == server.endpoint && rule.toolName == toolName) {
            ApprovalDecision decision;
            decision.kind = rule.persistent ? ApprovalDecision::Kind::AllowAlways : ApprovalDecision::Kind::AllowForSession;
            decision.source = ApprovalDecision::Source::RememberedRule;
            decision.reason = rule.persistent ? QCoreApplication::translate("Toolgate::ApprovalPolicy", "always allowed earlier")
                                              : QCoreApplication::translate("Toolgate::ApprovalPolicy", "allowed for this session earlier");
            return decision;
        }
    }
    return std::nullopt;
}

Result<void> ApprovalPolicy::remember(const ServerIdentity &server, const Tool &tool, ApprovalDecision::Kind kind)
{
    if (kind == ApprovalDecision::Kind::Deny)
        return {};
    catchUpWithFile();
    const QString &toolName = tool.name;
    const QString key = pinKey(server, toolName);
    const ToolPin approved = ToolPin::of(tool);
    const bool hadPin = m_pins.contains(key);
    const bool repinned = m_pins.value(key).fingerprint != approved.fingerprint;
    const auto forThisTool = [&](const Rule &rule) {
        return rule.serverName == server.name && rule.serverEndpoint == server.endpoint && rule.toolName == toolName;
    };
    const bool keepsRule = m_appliesRules && (kind == ApprovalDecision::Kind::AllowForSession || kind == ApprovalDecision::Kind::AllowAlways);
    const bool persistent = kind == ApprovalDecision::Kind::AllowAlways;

    // The same change is made here and to the file as it is now (persist()).
    const auto change = [&](Stored &state) {
        if (repinned) {
            state.pins.insert(key, approved);
            // What was remembered was about the old definition: the person decides anew on the new one,
            // and "once" now means once.
            if (hadPin)
                state.rules.removeIf(forThisTool);
        }
        if (keepsRule && persistent) {
            const auto it = std::find_if(state.rules.begin(), state.rules.end(), forThisTool);
            if (it == state.rules.end())
                state.rules.append({server.name, server.endpoint, toolName, true});
            else
                it->persistent = true;
        }
    };

    // In memory first, so that this process goes by the decision even if the file cannot be written.
    Stored mine{m_rules, m_pins};
    change(mine);
    if (keepsRule && !persistent && std::none_of(mine.rules.cbegin(), mine.rules.cend(), forThisTool))
        mine.rules.append({server.name, server.endpoint, toolName, false});
    const bool rulesDiffer = mine.rules.size() != m_rules.size()
        || !std::equal(mine.rules.cbegin(), mine.rules.cend(), m_rules.cbegin(), [](const Rule &a, const Rule &b) {
               return a.serverName == b.serverName && a.serverEndpoint == b.serverEndpoint && a.toolName == b.toolName && a.persistent == b.persistent;
           });
    m_rules = std::move(mine.rules);
    m_pins = std::move(mine.pins);
    if (repinned)
        emit pinsChanged();
    if (rulesDiffer)
        emit rulesChanged();
    if (!repinned && !(keepsRule && persistent && rulesDiffer))
        return {}; // nothing the file holds has changed
    return persist(change);
}

bool ApprovalPolicy::revoke(const Rule &rule)
{
    catchUpWithFile();
    const auto same = [&](const Rule &r) {
        return r.serverName == rule.serverName && r.serverEndpoint == rule.serverEndpoint && r.toolName == rule.toolName;
    };
    const auto it = std::find_if(m_rules.cbegin(), m_rules.cend(), same);
    if (it == m_rules.cend())
        return false;
    const bool persistent = it->persistent;
    m_rules.erase(it);
    emit rulesChanged();
    if (persistent) {
        // Also from the file as it is now: a rule revoked here must not come back from another process's copy.
        if (const auto saved = persist([&](Stored &state) { state.rules.removeIf(same); }); !saved)
            qCWarning(lcCalls) << saved.error().message;
    }
    return true;
}

QList<ApprovalPolicy::Rule> ApprovalPolicy::rules()
{
    catchUpWithFile();
    return m_rules;
}

Result<void> ApprovalPolicy::persist(const std::function<void(Stored &)> &change)
{
    if (m_storagePath.isEmpty())
        return {};
    // The app and toolgate-cli each hold a copy. Writing ours back whole would bring back a rule the other
    // revoked since we read the file, or drop a pin it set: so the file is read again, this one change is
    // made to it, and it is written, under a lock that keeps the two from interleaving.
    const auto lock = AtomicFile::lockForUpdate(m_storagePath, lockWaitMs);
    if (!lock) {
        return makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::ApprovalPolicy", "%1; your decision counts until Toolgate quits but was not saved")
                                                     .arg(lock.error().message));
    }
    Result<Stored> onDisk = readFile();
    // An unreadable file is replaced by what this process holds (it was reported when loading).
    Stored state = onDisk ? std::move(onDisk.value()) : Stored{persistentRules(), m_pins};
    change(state);
    QJsonArray rules;
    for (const Rule &rule : std::as_const(state.rules)) {
        rules.append(QJsonObject{{QLatin1String("server"), rule.serverName},
                                 {QLatin1String("endpoint"), rule.serverEndpoint},
                                 {QLatin1String("tool"), rule.toolName}});
    }
    QJsonObject pins;
    for (auto it = state.pins.cbegin(); it != state.pins.cend(); ++it) {
        pins.insert(it.key(), QJsonObject{{QLatin1String("definition"), it->definition},
                                          {QLatin1String("fingerprint"), it->fingerprint},
                                          {QLatin1String("pinnedAt"), it->pinnedAt.toUTC().toString(Qt::ISODate)}});
    }
    const Result<void> written = AtomicFile::write(m_storagePath, QJsonDocument(QJsonObject{{QLatin1String("alwaysAllow"), rules},
                                                                                            {QLatin1String("pins"), pins}}).toJson());
    if (!written)
        return written;
    m_readStamp = currentStamp();
    adopt(std::move(state)); // what the other process stored counts here too
    watchFile();
    return {};
}

QList<ApprovalPolicy::Rule> ApprovalPolicy::persistentRules() const
{
    QList<Rule> rules;
    for (const Rule &rule : m_rules) {
        if (rule.persistent)
            rules.append(rule);
    }
    return rules;
}

} // namespace Toolgate

#include "moc_approvalpolicy.cpp"
