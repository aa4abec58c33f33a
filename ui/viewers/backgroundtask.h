#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QPromise>
#include <QThreadPool>

#include <memory>
#include <type_traits>
#include <utility>

namespace Toolgate {

/// Runs slow work (decoding, serialising, parsing) off the GUI thread.
class BackgroundTask final
{
public:
    BackgroundTask() = delete;

    /// Runs work() on the global thread pool and then done(result) on context's thread, unless
    /// context was destroyed meanwhile: the watcher that delivers the result is context's child,
    /// so a dead view never receives a late result. work must not touch context or any widget.
    template<typename Work, typename Done>
    static void run(QObject *context, Work work, Done done)
    {
        using Result = std::invoke_result_t<Work &>;
        // QThreadPool::start() takes a std::function in Qt 6.4, which must be copyable; QPromise
        // is move-only, hence the shared_ptr.
        auto promise = std::make_shared<QPromise<Result>>();
        auto *watcher = new QFutureWatcher<Result>(context);
        QObject::connect(watcher, &QFutureWatcherBase::finished, watcher,
                         [watcher, done = std::move(done)]() mutable {
                             watcher->deleteLater();
                             QFuture<Result> future = watcher->future();
                             if (future.resultCount() > 0)
                                 done(future.takeResult());
                         });
        watcher->setFuture(promise->future());
        QThreadPool::globalInstance()->start([promise, work = std::move(work)]() mutable {
            promise->start();
            promise->addResult(work());
            promise->finish();
        });
    }
};

} // namespace Toolgate
