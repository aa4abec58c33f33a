#pragma once
// Fills a real audit store fast (AuditWriter directly, thousands of records per transaction) with
// varied, deterministic records, and remembers what it wrote so tests can compute expectations.

#include "core/audit/auditdatabase.h"
#include "core/audit/auditentry.h"
#include "core/audit/auditrows.h"
#include "core/audit/auditwriter.h"

#include <QJsonArray>
#include <QUuid>

#include <functional>
#include <vector>

namespace Toolgate::AuditViewTest {

struct Written
{
    qint64 id = 0;
    AuditRecordType type = AuditRecordType::ToolCall;
    QString server;
    QString name;
    std::optional<ApprovalDecision::Kind> decision;
    std::optional<ApprovalDecision::Source> source;
    AuditOutcome outcome = AuditOutcome::Succeeded;
    QDateTime startedAt;
    QString query; // the words in the arguments
    CallInitiator initiator = CallInitiator::Gui;
};

inline const QStringList &servers() { static const QStringList list{QStringLiteral("alpha"), QStringLiteral("beta"), QStringLiteral("gamma")}; return list; }
inline const QStringList &tools() { static const QStringList list{QStringLiteral("read_file"), QStringLiteral("search"), QStringLiteral("deploy"), QStringLiteral("weather")}; return list; }
inline const QStringList &words() { static const QStringList list{QStringLiteral("invoice"), QStringLiteral("kubernetes"), QStringLiteral("holiday"), QStringLiteral("budget"), QStringLiteral("lisbon")}; return list; }

/// Writes count records into the store at path: mostly tool calls, every 50th a connection
/// event. Record i starts at base + i minutes. Every 97th call mentions "zebracorn".
inline std::vector<Written> fill(const QString &path, int count, const QDateTime &base)
{
    std::vector<Written> written;
    AuditDatabase::Options options;
    options.path = path;
    options.connectionName = QStringLiteral("test-fill-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
    auto database = AuditDatabase::open(options);
    if (!database)
        return written;
    {
        AuditWriter writer(database.value()->db());
        AuditRowBuilder rows({});
        const QString session = QUuid::createUuid().toString(QUuid::WithoutBraces);
        if (!writer.begin())
            return written;
        for (int i = 0; i < count; ++i) {
            Written w;
            w.server = servers().at(i % 3);
            w.startedAt = base.addSecs(60 * i);
            w.initiator = i % 7 == 0 ? CallInitiator::Cli : CallInitiator::Gui;
            ServerIdentity server{w.server, QStringLiteral("/usr/bin/%1-server --stdio").arg(w.server), {}};
            server.serverInfo.name = w.server + QStringLiteral("-mcp");
            server.serverInfo.version = QStringLiteral("2.0.%1").arg(i % 3);
            if (i % 50 == 49) {
                AuditConnectionEvent event;
                event.server = server;
                event.kind = i % 100 == 49 ? AuditConnectionEvent::Kind::Connected : AuditConnectionEvent::Kind::ConnectFailed;
                event.message = event.kind == AuditConnectionEvent::Kind::ConnectFailed ? QStringLiteral("command not found") : QString();
                event.initiator = w.initiator;
                event.at = w.startedAt;
                w.type = AuditRecordType::Connection;
                w.name = AuditConnectionEvent::kindName(event.kind);
                w.outcome = AuditOutcome::None;
                auto id = writer.appendIntent(rows.intent(event, session));
                if (!id)
                    return {};
                w.id = id.value();
                written.push_back(w);
                continue;
            }
            w.name = tools().at((i / 3) % 4);
            w.query = words().at(i % 5) + u' ' + words().at((i / 5) % 5);
            if (i % 97 == 0)
                w.query += QStringLiteral(" zebracorn");
            AuditToolCallIntent intent;
            intent.server = server;
            intent.tool = w.name;
            intent.arguments = QJsonObject{{QStringLiteral("query"), w.query}, {QStringLiteral("n"), i}};
            intent.initiator = w.initiator;
            intent.startedAt = w.startedAt;
            auto id = writer.appendIntent(rows.intent(intent, session));
            if (!id)
                return {};
            w.id = id.value();
            const int roll = i % 20;
            ApprovalDecision decision{roll == 3 ? ApprovalDecision::Kind::Deny : (roll % 2 ? ApprovalDecision::Kind::AllowAlways : ApprovalDecision::Kind::AllowOnce),
                                      i % 4 == 1 ? ApprovalDecision::Source::RememberedRule : ApprovalDecision::Source::Human,
                                      roll == 3 ? QStringLiteral("not today") : QString(), std::nullopt};
            if (roll == 6) {
                // Left without an outcome, as after a crash.
                w.outcome = AuditOutcome::Unknown;
                written.push_back(w);
                (void)writer.appendOutcome(w.id, AuditOutcomeRow::unknown(w.startedAt.addSecs(5), QStringLiteral("Toolgate stopped")));
                continue;
            }
            w.decision = decision.kind;
            w.source = decision.source;
            (void)writer.appendDecision(w.id, rows.decision(decision, w.startedAt.addMSecs(300)));
            AuditToolCallOutcome outcome;
            outcome.durationMs = 10 + i % 90;
            outcome.finishedAt = w.startedAt.addMSecs(400 + outcome.durationMs);
            if (roll == 3) {
                outcome.kind = ToolCallOutcome::Kind::Denied;
                outcome.error = Error{-33007, QStringLiteral("The user denied this call."), {}};
                w.outcome = AuditOutcome::Denied;
            } else if (roll == 9) {
                outcome.kind = ToolCallOutcome::Kind::Failed;
                outcome.error = Error{-32001, QStringLiteral("the server did not answer in time"), {}};
                w.outcome = AuditOutcome::Failed;
            } else {
                CallToolResult result;
                result.isError = roll == 12;
                result.content.append(Content::makeText(QStringLiteral("Result %1 for %2").arg(i).arg(w.query)));
                result.raw = result.toJson();
                outcome.result = result;
                outcome.kind = result.isError ? ToolCallOutcome::Kind::ToolError : ToolCallOutcome::Kind::Succeeded;
                w.outcome = result.isError ? AuditOutcome::ToolError : AuditOutcome::Succeeded;
            }
            (void)writer.appendOutcome(w.id, rows.outcome(outcome));
            written.push_back(w);
        }
        if (!writer.commit())
            return {};
    }
    return written;
}

inline qint64 countWhere(const std::vector<Written> &written, const std::function<bool(const Written &)> &match)
{
    return std::count_if(written.begin(), written.end(), match);
}

} // namespace Toolgate::AuditViewTest
