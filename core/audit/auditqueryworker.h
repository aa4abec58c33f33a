#pragma once

#include "core/audit/auditreader.h"
#include "core/common/result.h"

#include <QObject>
#include <QPointer>
#include <QThread>

#include <functional>
#include <memory>

namespace Toolgate {

/// Runs audit-store queries on a thread of its own, with its own read connection (an AuditReader
/// opened on that thread), and hands each answer back on the GUI thread. Jobs run one after the
/// other in the order they were posted. The store is opened on the first job and again later if it
/// did not exist yet.
class AuditQueryWorker final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AuditQueryWorker)
public:
    /// path: the store (empty: AuditDatabase::defaultPath()).
    explicit AuditQueryWorker(QString path, QObject *parent = nullptr);
    /// Waits for the job under way (if any) to end; later jobs are dropped.
    ~AuditQueryWorker() override;

    QString path() const { return m_path; }

    /// Runs job with the reader on the worker thread, then done(result) on this object's thread,
    /// unless context is gone by then. job must not touch widgets or the caller's objects.
    /// wanted (optional) is asked on the worker thread just before the job would start: a job
    /// nobody wants any more (an older filter's) is skipped without touching the store, and done
    /// is not called. It must be thread-safe (e.g. compare an atomic generation).
    template<typename T>
    void run(QObject *context, std::function<Result<T>(AuditReader &)> job, std::function<void(const Result<T> &)> done,
             std::function<bool()> wanted = {})
    {
        QPointer<QObject> guard(context);
        post([this, guard, job = std::move(job), done = std::move(done), wanted = std::move(wanted)](AuditReader *reader, const Error &openError) {
            if (wanted && !wanted())
                return;
            auto result = std::make_shared<Result<T>>(reader ? job(*reader) : Result<T>(openError));
            QMetaObject::invokeMethod(this, [guard, done, result] {
                if (guard)
                    done(*result);
            }, Qt::QueuedConnection);
        });
    }

private:
    void post(std::function<void(AuditReader *, const Error &)> job);

    QString m_path;
    QThread m_thread;
    QObject *m_threadContext; // lives in m_thread; deleted when it finishes
    std::unique_ptr<AuditReader> m_reader; // used and destroyed on m_thread only
};

} // namespace Toolgate
