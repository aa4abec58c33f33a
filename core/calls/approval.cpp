#include "core/calls/approval.h"

#include <QCoreApplication>

namespace Toolgate {

QString ApprovalDecision::kindName(Kind kind)
{
    switch (kind) {
    case Kind::AllowOnce: return QStringLiteral("allow once");
    case Kind::AllowForSession: return QStringLiteral("allow for session");
    case Kind::AllowAlways: return QStringLiteral("always allow");
    case Kind::Deny: return QStringLiteral("deny");
    }
    return {};
}

void FixedApprovalGate::requestApproval(const ApprovalRequest &, QObject *context,
                                        std::function<void(const ApprovalDecision &)> decide)
{
    QMetaObject::invokeMethod(context, [decide = std::move(decide), decision = m_decision] { decide(decision); },
                              Qt::QueuedConnection);
}

void ApprovalGate::requestRunApproval(const RunApprovalRequest &, QObject *context,
                                      std::function<void(const ApprovalDecision &)> decide)
{
    QMetaObject::invokeMethod(context, [decide = std::move(decide)] {
        decide(ApprovalDecision::deny(QCoreApplication::translate("Toolgate::ApprovalGate", "this window cannot approve a whole run at once")));
    }, Qt::QueuedConnection);
}

void FixedApprovalGate::requestRunApproval(const RunApprovalRequest &, QObject *context,
                                           std::function<void(const ApprovalDecision &)> decide)
{
    QMetaObject::invokeMethod(context, [decide = std::move(decide), decision = m_decision] { decide(decision); },
                              Qt::QueuedConnection);
}

} // namespace Toolgate
