#include "core/audit/auditqueryworker.h"

namespace Toolgate {

AuditQueryWorker::AuditQueryWorker(QString path, QObject *parent)
    : QObject(parent)
    , m_path(std::move(path))
    , m_threadContext(new QObject)
{
    m_thread.setObjectName(QStringLiteral("audit-queries"));
    m_threadContext->moveToThread(&m_thread);
    // The connection belongs to the worker thread, so it must be closed there.
    connect(&m_thread, &QThread::finished, m_threadContext, [this] { m_reader.reset(); }, Qt::DirectConnection);
    connect(&m_thread, &QThread::finished, m_threadContext, &QObject::deleteLater);
    m_thread.start();
}

AuditQueryWorker::~AuditQueryWorker()
{
    m_thread.quit();
    m_thread.wait();
}

void AuditQueryWorker::post(std::function<void(AuditReader *, const Error &)> job)
{
    QMetaObject::invokeMethod(m_threadContext, [this, job = std::move(job)] {
        Error openError;
        if (!m_reader) {
            auto opened = AuditReader::open(m_path);
            if (opened)
                m_reader = std::move(opened).value();
            else
                openError = opened.error();
        }
        job(m_reader.get(), openError);
    }, Qt::QueuedConnection);
}

} // namespace Toolgate

#include "moc_auditqueryworker.cpp"
