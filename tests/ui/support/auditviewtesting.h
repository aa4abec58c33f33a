#pragma once

// For tests of the audit view: waiting until its queries and live updates have run their course, so
// that a row that should not be there would be there.

#include "postedevents.h"

#include "core/audit/auditlog.h"
#include "core/audit/auditqueryworker.h"
#include "ui/audit/audittablemodel.h"

#include <QTest>
#include <QTimer>

namespace Toolgate::TestSupport {

/// Waits until worker has run every job asked of it so far (it runs them in order) and their answers
/// were delivered: an answer still on its way has landed then.
[[nodiscard]] inline bool workerDone(AuditQueryWorker &worker)
{
    bool done = false;
    QObject context;
    worker.run<int>(&context, [](AuditReader &) { return Result<int>(0); }, [&done](const Result<int> &) { done = true; });
    return QTest::qWaitFor([&done] { return done; }, 20000) && deliverPostedEvents();
}

/// Waits until no live change is on its way to model: what log wrote is committed and its news has
/// reached the model, the delay that gathers a burst of news (the model's one timer) is not running,
/// and worker has answered every query (an answer may start the delay again: then once more). Whatever
/// would still change the rows has done so then; while the model is paused, nothing is fetched at all.
[[nodiscard]] inline bool caughtUp(AuditTableModel &model, AuditQueryWorker &worker, AuditLog &log)
{
    auto *delay = model.findChild<QTimer *>();
    if (!delay) {
        qWarning("the model has no timer for its live updates");
        return false;
    }
    if (!log.waitForWrites() || !deliverPostedEvents())
        return false;
    return QTest::qWaitFor([&] { return !delay->isActive() && workerDone(worker) && !delay->isActive(); }, 20000);
}

} // namespace Toolgate::TestSupport
