#pragma once

#include "core/audit/auditentry.h"
#include "core/common/redactor.h"

#include <QDateTime>
#include <QString>
#include <QVariantList>

#include <optional>

namespace Toolgate {

/// The fields an intent event writes (a new record). Values are already redacted and serialized.
struct AuditIntentRow
{
    QString type;
    QString session;
    QString initiator;
    qint64 startedAt = 0;
    QString serverName;
    QString serverEndpoint;
    QString serverInfo;
    QString name;
    QString arguments;
    std::optional<qint64> origin;
    std::optional<QString> argumentOrigins; ///< a JSON array; none for records without marks
    std::optional<QString> conversationId;    ///< a model's call only
    std::optional<QString> conversationTitle; ///< a model's call only

    /// In AuditChain::columns(AuditEventKind::Intent) order.
    QVariantList values() const;
};

/// The fields a decision event writes.
struct AuditDecisionRow
{
    qint64 decidedAt = 0;
    QString decision;
    QString source;
    QString reason;
    std::optional<QString> editedArguments;

    QVariantList values() const;
};

/// The fields an outcome event writes.
struct AuditOutcomeRow
{
    qint64 finishedAt = 0;
    QString outcome;
    std::optional<bool> isError;
    std::optional<QString> result;
    std::optional<qint64> resultSize;
    std::optional<int> errorCode;
    std::optional<QString> errorMessage;
    std::optional<qint64> durationMs;
    std::optional<bool> outputValid;
    std::optional<QString> problems;

    QVariantList values() const;
    /// What a record left without an outcome becomes: "outcome unknown", with why.
    static AuditOutcomeRow unknown(const QDateTime &at, const QString &why);
};

/// The fields a task event writes (a row of task_events).
struct AuditTaskEventRow
{
    QString taskId;
    qint64 at = 0;
    QString status;
    QString message;

    /// In AuditChain::columns(AuditEventKind::Task) order.
    QVariantList values() const;
};

/// Turns what callers report into stored rows: redacts secrets, serializes JSON compactly,
/// leaves out binary payloads and caps oversized results. Owned by the writer thread.
class AuditRowBuilder final
{
public:
    struct Limits
    {
        /// A stored result larger than this is replaced by its size, hash and text summary.
        qsizetype maxResultBytes = 4 * 1024 * 1024;
        /// Longer strings in arguments and server info are cut (with a note of the full length).
        qsizetype maxStringLength = 256 * 1024;
    };

    explicit AuditRowBuilder(Limits limits);

    Redactor &redactor() { return m_redactor; }

    AuditIntentRow intent(const AuditToolCallIntent &intent, const QString &session) const;
    AuditDecisionRow decision(const ApprovalDecision &decision, const QDateTime &at) const;
    AuditOutcomeRow outcome(const AuditToolCallOutcome &outcome) const;
    AuditTaskEventRow taskEvent(const QString &taskId, const TaskEvent &event) const;

    AuditIntentRow intent(const AuditServerRequest &request, const QString &session) const;
    std::optional<AuditDecisionRow> decision(const AuditServerRequest &request) const;
    AuditOutcomeRow outcome(const AuditServerRequest &request) const;

    AuditIntentRow intent(const AuditConnectionEvent &event, const QString &session) const;

private:
    AuditIntentRow baseIntent(const ServerIdentity &server, CallInitiator initiator, const QDateTime &at,
                              const QString &session) const;
    QString json(const QJsonObject &object, const JsonKeyOrder &order = {}) const;
    QJsonValue trimmed(const QJsonValue &value, int depth) const;
    void storeResult(AuditOutcomeRow &row, const QJsonObject &result) const;
    void storeError(AuditOutcomeRow &row, const Error &error) const;

    Limits m_limits;
    Redactor m_redactor;
};

} // namespace Toolgate
