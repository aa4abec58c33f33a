#pragma once

#include "approval.h"
#include "common/result.h"

#include <QObject>
#include <QSet>

namespace Toolgate {

/// Decisions the human asked us to remember: "allow for this session" (in memory) and
/// "always allow this tool" (persisted in a JSON file). A rule is keyed by the server's configured
/// name and endpoint and the tool name, so a server whose command or URL changes is asked anew.
class ApprovalPolicy final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApprovalPolicy)
public:
    struct Rule
    {
        QString serverName;
        QString serverEndpoint;
        QString toolName;
        bool persistent = false; ///< always (true) or this session only (false)
    };

    /// storagePath: the JSON file for "always" rules; empty keeps everything in memory.
    explicit ApprovalPolicy(const QString &storagePath = {}, QObject *parent = nullptr);

    /// Returns the remembered decision for this call, if any.
    std::optional<ApprovalDecision> lookup(const ServerIdentity &server, const QString &toolName) const;
    /// Remembers a human decision of kind AllowForSession or AllowAlways; other kinds are ignored.
    Result<void> remember(const ServerIdentity &server, const QString &toolName, ApprovalDecision::Kind kind);
    /// Removes a rule (session or always). Returns false if there was none.
    bool revoke(const Rule &rule);
    QList<Rule> rules() const;
    /// The error met loading the rules file, if it was broken (rules are then empty).
    std::optional<Error> loadError() const { return m_loadError; }

signals:
    void rulesChanged();

private:
    Result<void> save() const;

    QString m_storagePath;
    QList<Rule> m_rules;
    std::optional<Error> m_loadError;
};

} // namespace Toolgate
