#include "approvalpolicy.h"

#include "common/atomicfile.h"

#include "common/logging.h"
#include "common/error.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

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
    const QJsonArray rules = document.object().value(QLatin1String("alwaysAllow")).toArray();
    for (const QJsonValue &value : rules) {
        const QJsonObject o = value.toObject();
        Rule rule{o.value(QLatin1String("server")).toString(), o.value(QLatin1String("endpoint")).toString(),
                  o.value(QLatin1String("tool")).toString(), true};
        if (!rule.serverName.isEmpty() && !rule.toolName.isEmpty())
            m_rules.append(rule);
    }
}

std::optional<ApprovalDecision> ApprovalPolicy::lookup(const ServerIdentity &server, const QString &toolName) const
{
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

Result<void> ApprovalPolicy::remember(const ServerIdentity &server, const QString &toolName, ApprovalDecision::Kind kind)
{
    if (kind != ApprovalDecision::Kind::AllowForSession && kind != ApprovalDecision::Kind::AllowAlways)
        return {};
    const bool persistent = kind == ApprovalDecision::Kind::AllowAlways;
    for (Rule &rule : m_rules) {
        if (rule.serverName == server.name && rule.serverEndpoint == server.endpoint && rule.toolName == toolName) {
            if (rule.persistent || !persistent)
                return {};
            rule.persistent = true;
            emit rulesChanged();
            return save();
        }
    }
    m_rules.append({server.name, server.endpoint, toolName, persistent});
    emit rulesChanged();
    return persistent ? save() : Result<void>();
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
    return AtomicFile::write(m_storagePath, QJsonDocument(QJsonObject{{QLatin1String("alwaysAllow"), rules}}).toJson());
}

} // namespace Toolgate
