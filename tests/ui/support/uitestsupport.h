#pragma once

// What the GUI tests share: a gate that answers approvals without a dialog, and the demo server of
// this build.

#include "calls/approval.h"
#include "workspace/serverconfig.h"

#include <QDir>
#include <QList>
#include <QMetaObject>

namespace Toolgate::TestSupport {

/// Answers each approval with the decision set last (allow once by default), and records what it
/// was asked.
class ScriptedGate final : public ApprovalGate
{
public:
    ApprovalDecision decision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, std::nullopt};
    QList<ApprovalRequest> requests;

    void requestApproval(const ApprovalRequest &request, QObject *context,
                         std::function<void(const ApprovalDecision &)> decide) override
    {
        requests.append(request);
        QMetaObject::invokeMethod(context, [decide = std::move(decide), d = decision] { decide(d); }, Qt::QueuedConnection);
    }
};

/// The demo server built with these tests (never one found on PATH, e.g. an installed package's).
inline ServerConfig demoConfig()
{
    ServerConfig config;
    config.name = QStringLiteral("demo");
    config.command = QDir(QStringLiteral(TOOLGATE_BIN_DIR)).filePath(QStringLiteral("toolgate-demo-server"));
    return config;
}

} // namespace Toolgate::TestSupport
