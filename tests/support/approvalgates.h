#pragma once

// Approval gates that stand in for the person: one answers every question at once, the other holds
// each until the test answers it.

#include "core/calls/approval.h"

#include <QList>
#include <QMetaObject>
#include <QObject>

#include <functional>
#include <optional>
#include <utility>

namespace Toolgate::TestSupport {

/// Answers each approval with the decision set last (allow once by default), and records what it
/// was asked.
class ScriptedGate final : public ApprovalGate
{
public:
    ApprovalDecision decision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, std::nullopt};
    QList<ApprovalRequest> requests;

    void requestApproval(const ApprovalRequest &request, QObject *context, std::function<void(const ApprovalDecision &)> decide) override
    {
        requests.append(request);
        QMetaObject::invokeMethod(
            context, [decide = std::move(decide), d = decision] { decide(d); }, Qt::QueuedConnection);
    }
};

/// Holds each question until the test answers it.
class HeldGate final : public ApprovalGate
{
public:
    void requestApproval(const ApprovalRequest &request, QObject *, std::function<void(const ApprovalDecision &)> decide) override
    {
        requests.append(request);
        pending = std::move(decide);
    }
    void answer(ApprovalDecision::Kind kind)
    {
        auto decide = std::exchange(pending, {});
        decide(ApprovalDecision{kind, ApprovalDecision::Source::Human, {}, std::nullopt, {}});
    }
    QList<ApprovalRequest> requests;
    std::function<void(const ApprovalDecision &)> pending;
};

} // namespace Toolgate::TestSupport
