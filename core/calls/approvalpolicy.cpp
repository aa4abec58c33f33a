#include "approvalpolicy.h"

#include "common/atomicfile.h"
#include "common/configlocation.h"

#include "common/logging.h"
#include "common/error.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace Toolgate {

ApprovalPolicy::ApprovalPolicy(const QString &storagePath, QObject *parent)
    : QObject(parent)
    , m_storagePath(storagePath)
{
    if (m_storagePath.isEmpty())
        return;
    QFile file(m_storagePath);
    if (!file.exists())
        return;
    if (!file.open(QIODevice::ReadOnly)) {
        m_loadError = makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::ApprovalPolicy", "cannot read %1: %2").arg(m_storagePath, file.errorString()));
        return;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        // Keep the broken file: the user may want to repair it. We start with no remembered rules,
        // which is the safe direction (everything is asked again).
        m_loadError = makeError(ErrorCode::ConfigError,
                                QCoreApplication::translate("Toolgate::ApprovalPolicy", "the remembered approvals in %1 are unreadable (%2); every tool will be asked about again")
                                    .arg(m_storagePath, parseError.errorString()));
        qCWarning(lcCalls) << m_loadError->message;
        return;
    }
    const QJsonObject pins = document.object().value(QLatin1String("pins")).toObject();
    for (auto it = pins.begin(); it != pins.end(); ++it) {
        const QJsonObject o = it.value().toObject();
        ToolPin pin;
        pin.definition = o.value(QLatin1String("definition")).toObject();
        pin.fingerprint = o.value(QLatin1String("fingerprint")).toString();
        pin.pinnedAt = QDateTime::fromString(o.value(QLatin1String("pinnedAt")).toString(), Qt::ISODate);
        if (!pin.fingerprint.isEmpty())
            m_pins.insert(it.key(), pin);
    }
    const QJsonArray rules = document.object().value(QLatin1String("alwaysAllow")).toArray();
    for (const QJsonValue &value : rules) {
        const QJsonObject o = value.toObject();
        Rule rule{o.value(QLatin1String("server")).toString(), o.value(QLatin1String("endpoint")).toString(),
                  o.value(QLatin1String("tool")).toString(), true};
        if (!rule.serverName.isEmpty() && !rule.toolName.isEmpty())
            m_rules.append(rule);
    }
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

std::optional<ToolPin> ApprovalPolicy::pin(const ServerIdentity &server, const QString &toolName) const
{
    const auto it = m_pins.constFind(pinKey(server, toolName));
    if (it == m_pins.cend())
        return std::nullopt;
    return *it;
}

std::optional<DefinitionChange> ApprovalPolicy::changeSincePinned(const ServerIdentity &server, const Tool &tool) const
{
    const auto pinned = pin(server, tool.name);
    if (!pinned)
        return std::nullopt;
    return DefinitionChange::between(*pinned, tool);
}

std::optional<ApprovalDecision> ApprovalPolicy::lookup(const ServerIdentity &server, const Tool &tool) const
{
    // A rule covers the definition that was approved; a changed one is asked about again. (A rule from
    // before pins existed has none: it is pinned the next time the person approves the tool.)
    if (!m_appliesRules || changeSincePinned(server, tool))
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
    const QString &toolName = tool.name;
    const QString key = pinKey(server, toolName);
    const ToolPin approved = ToolPin::of(tool);
    const bool hadPin = m_pins.contains(key);
    const bool repinned = m_pins.value(key).fingerprint != approved.fingerprint;
    if (repinned) {
        m_pins.insert(key, approved);
        emit pinsChanged();
    }
    if (repinned && hadPin) {
        // What was remembered was about the old definition: the person decides anew on the new one,
        // and "once" now means once.
        const auto stale = [&](const Rule &rule) {
            return rule.serverName == server.name && rule.serverEndpoint == server.endpoint && rule.toolName == toolName;
        };
        if (std::any_of(m_rules.cbegin(), m_rules.cend(), stale)) {
            m_rules.removeIf(stale);
            emit rulesChanged();
        }
    }
    if (!m_appliesRules || (kind != ApprovalDecision::Kind::AllowForSession && kind != ApprovalDecision::Kind::AllowAlways))
        return repinned ? save() : Result<void>();
    const bool persistent = kind == ApprovalDecision::Kind::AllowAlways;
    for (Rule &rule : m_rules) {
        if (rule.serverName == server.name && rule.serverEndpoint == server.endpoint && rule.toolName == toolName) {
            if (rule.persistent || !persistent)
                return repinned ? save() : Result<void>();
            rule.persistent = true;
            emit rulesChanged();
            return save();
        }
    }
    m_rules.append({server.name, server.endpoint, toolName, persistent});
    emit rulesChanged();
    return persistent || repinned ? save() : Result<void>();
}

bool ApprovalPolicy::revoke(const Rule &rule)
{
    for (qsizetype i = 0; i < m_rules.size(); ++i) {
        const Rule &r = m_rules.at(i);
        if (r.serverName == rule.serverName && r.serverEndpoint == rule.serverEndpoint && r.toolName == rule.toolName) {
            const bool persistent = r.persistent;
            m_rules.removeAt(i);
            emit rulesChanged();
            if (persistent) {
                if (const auto saved = save(); !saved)
                    qCWarning(lcCalls) << saved.error().message;
            }
            return true;
        }
    }
    return false;
}

QList<ApprovalPolicy::Rule> ApprovalPolicy::rules() const
{
    return m_rules;
}

Result<void> ApprovalPolicy::save() const
{
    if (m_storagePath.isEmpty())
        return {};
    QJsonArray rules;
    for (const Rule &rule : m_rules) {
        if (rule.persistent)
            rules.append(QJsonObject{{QLatin1String("server"), rule.serverName},
                                     {QLatin1String("endpoint"), rule.serverEndpoint},
                                     {QLatin1String("tool"), rule.toolName}});
    }
    QJsonObject pins;
    for (auto it = m_pins.cbegin(); it != m_pins.cend(); ++it) {
        pins.insert(it.key(), QJsonObject{{QLatin1String("definition"), it->definition},
                                          {QLatin1String("fingerprint"), it->fingerprint},
                                          {QLatin1String("pinnedAt"), it->pinnedAt.toUTC().toString(Qt::ISODate)}});
    }
    return AtomicFile::write(m_storagePath, QJsonDocument(QJsonObject{{QLatin1String("alwaysAllow"), rules},
                                                                      {QLatin1String("pins"), pins}}).toJson());
}

} // namespace Toolgate
