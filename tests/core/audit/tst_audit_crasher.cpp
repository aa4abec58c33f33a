// tst_audit_crasher DB MODE: records a call into the audit store at DB, says "READY" on stdout once
// the intent is committed, then hangs mid-call until killed (modes "intent", "decided",
// "pipeline", and "task": the server runs the call as a task, which got as far as input_required)
// or aborts at once ("abort"). tst_auditlog and tst_audittasks then check the next start marks the
// call "outcome unknown".

#include "core/audit/auditlog.h"
#include "inprocessserver.h"

#include <QCoreApplication>
#include <QTimer>

#include <cstdio>
#include <cstdlib>

using namespace Toolgate;

namespace {

void ready()
{
    std::fputs("READY\n", stdout);
    std::fflush(stdout);
}

AuditToolCallIntent intent()
{
    AuditToolCallIntent intent;
    intent.server = {QStringLiteral("crash-server"), QStringLiteral("crash --serve"), {}};
    intent.tool = QStringLiteral("slow_tool");
    intent.arguments = QJsonObject{{QStringLiteral("n"), 1}};
    intent.initiator = CallInitiator::Cli;
    return intent;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() != 3)
        return 2;
    AuditLog::Options options;
    options.path = args.at(1);
    const QString mode = args.at(2);
    // Never destroyed: the process dies with the log open, like a crash.
    auto *log = new AuditLog(options);

    if (mode == QLatin1StringView("intent") || mode == QLatin1StringView("abort") || mode == QLatin1StringView("decided")
        || mode == QLatin1StringView("task")) {
        const AuditLog::Ticket ticket = log->recordIntent(intent());
        if (mode != QLatin1StringView("intent") && mode != QLatin1StringView("abort"))
            log->recordDecision(ticket, {ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, std::nullopt});
        if (mode == QLatin1StringView("task")) {
            const QString taskId = QStringLiteral("task-7f3a");
            log->recordTaskEvent(ticket, taskId, {QDateTime::currentDateTimeUtc(), Task::Status::Working, QStringLiteral("Researching…")});
            log->recordTaskEvent(ticket, taskId, {QDateTime::currentDateTimeUtc(), Task::Status::InputRequired, QStringLiteral("Which year?")});
        }
        if (!log->waitForWrites())
            return 3;
        if (mode == QLatin1StringView("abort"))
            std::abort();
        ready();
        return app.exec(); // until killed
    }

    if (mode == QLatin1StringView("pipeline")) {
        auto *fixture = new TestSupport::InProcessServer;
        // The tool never answers: the call stays in flight until the process is killed.
        auto *unanswered = new QList<ToolCallContext>; // held, so the server never answers
        fixture->addTool(QStringLiteral("hang"), [log, unanswered](const ToolCallContext &call) {
            unanswered->append(call);
            if (log->waitForWrites())
                ready();
        });
        auto *gate = new FixedApprovalGate({ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, std::nullopt});
        auto *pipeline = new ToolCallPipeline(gate, nullptr, {});
        pipeline->setJournal(log);
        QObject::connect(fixture->session.get(), &ClientSession::ready, pipeline, [=] {
            pipeline->call(fixture->target.get(), QStringLiteral("hang"),
                           QJsonObject{{QStringLiteral("x"), 1}}, CallInitiator::Gui, pipeline);
        });
        fixture->start();
        return app.exec();
    }
    return 2;
}
