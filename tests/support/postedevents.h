#pragma once

// For tests that show something does NOT happen once whatever could cause it is over: instead of
// sleeping and hoping, deliver what is already on its way and look then.

#include <QMetaObject>
#include <QObject>
#include <QTest>
#include <QTimer>

namespace Toolgate::TestSupport {

/// Runs the event loop until every event posted to this thread before the call has been delivered:
/// a marker posted now comes after them (posted events of one priority keep their order). What a
/// queued answer, a queued signal or a queued close would do has then been done. False when the
/// marker did not come within timeoutMs (the loop is stuck).
[[nodiscard]] inline bool deliverPostedEvents(int timeoutMs = 5000)
{
    bool delivered = false;
    QObject marker;
    QMetaObject::invokeMethod(&marker, [&delivered] { delivered = true; }, Qt::QueuedConnection);
    return QTest::qWaitFor([&delivered] { return delivered; }, timeoutMs);
}

/// Runs the event loop for one whole turn: until a zero-time timer started now fires, which comes after
/// every event posted before it and every zero-time timer started before it (deferred layouts, fits,
/// queued calls). False when it did not come within timeoutMs (the loop is stuck).
[[nodiscard]] inline bool turnEventLoop(int timeoutMs = 5000)
{
    bool fired = false;
    QTimer marker;
    marker.setSingleShot(true);
    marker.setInterval(0);
    QObject::connect(&marker, &QTimer::timeout, &marker, [&fired] { fired = true; });
    marker.start();
    return QTest::qWaitFor([&fired] { return fired; }, timeoutMs);
}

} // namespace Toolgate::TestSupport
