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

/// The latest run of one kind of slow work of a view (a diff, a serialisation): a run replaces the one
/// before it, whose result is then dropped, and whether the latest result came is known. A member of
/// the view it works for, which is the context of the work.
class LatestBackgroundResult final
{
public:
    explicit LatestBackgroundResult(QObject *context)
        : m_context(context)
    { }
    Q_DISABLE_COPY_MOVE(LatestBackgroundResult)

    /// Runs work() as BackgroundTask::run() does; done(result) follows unless run() or drop() came
    /// again meanwhile, with isDelivered() true from then on.
    template<typename Work, typename Done>
    void run(Work work, Done done)
    {
        const quint64 run = ++m_latest;
        m_delivered = false;
        BackgroundTask::run(m_context, std::move(work), [this, run, done = std::move(done)](auto result) mutable {
            if (run != m_latest)
                return;
            m_delivered = true;
            done(std::move(result));
        });
    }
    /// Drops the result still on its way, if any.
    void drop()
    {
        ++m_latest;
        m_delivered = false;
    }
    /// Whether the result of the latest run was delivered.
    bool isDelivered() const { return m_delivered; }

private:
    QObject *m_context;
    quint64 m_latest = 0;
    bool m_delivered = false;
};

} // namespace Toolgate
