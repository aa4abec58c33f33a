#pragma once
// For tests that look at a built server's interface (issue 19): start one of the project's own
// servers over stdio, capture its interface, and call its tools through the real pipeline (to make
// it change, as the demo's change_catalog or the hostile server's rug pull do).

#include "postedevents.h"
#include "sessioncalltarget.h"
#include "testpaths.h"

#include "core/calls/approval.h"
#include "core/calls/toolcall.h"
#include "core/client/clientsession.h"
#include "core/compare/interfacesnapshot.h"
#include "core/transport/stdiotransport.h"

#include <QPointer>
#include <QSignalSpy>
#include <QTest>

#include <memory>
#include <optional>

namespace Toolgate::TestSupport {

/// A ready session with program (in the build's bin folder), or null when it did not get ready.
inline std::unique_ptr<ClientSession> connectToBuiltServer(const QString &program, const QStringList &arguments = {})
{
    StdioLaunchSpec spec{binDir() + u'/' + program, arguments, {}, {}, false};
    auto session = std::make_unique<ClientSession>(std::make_unique<StdioTransport>(spec), ClientSession::Options());
    QSignalSpy ready(session.get(), &ClientSession::ready);
    session->connectToServer();
    if (!ready.wait(15000))
        return nullptr;
    return session;
}

/// The session's interface now; an error also when the capture answered other than exactly once.
inline Result<InterfaceSnapshot> captureInterface(ClientSession *session, QObject *context)
{
    std::optional<Result<InterfaceSnapshot>> answer;
    int answers = 0;
    InterfaceSnapshot::capture(session, context, [&](const Result<InterfaceSnapshot> &snapshot) {
        answer = snapshot;
        ++answers;
    });
    if (!QTest::qWaitFor([&] { return answer.has_value(); }, 15000))
        return makeError(ErrorCode::RequestTimeout, QStringLiteral("no snapshot"));
    // A second answer would come from what is queued, or from a list request still under way; the
    // server answers in order, so by the answer to a ping sent now, those are answered too.
    bool pinged = false;
    QObject pingContext; // the answer goes nowhere once this function is left
    if (deliverPostedEvents())
        session->ping(&pingContext, [&pinged](const Result<std::monostate> &) { pinged = true; });
    if (!QTest::qWaitFor([&] { return pinged; }, 15000) || !deliverPostedEvents())
        return makeError(ErrorCode::RequestTimeout, QStringLiteral("no answer to a ping after the snapshot"));
    if (answers != 1)
        return makeError(ErrorCode::InternalError, QStringLiteral("answered %1 times").arg(answers));
    return *answer;
}

/// Calls tool through a ToolCallPipeline that allows it; true when it succeeded.
inline bool callThroughPipeline(ClientSession *session, const QString &tool, const QJsonObject &arguments, QObject *context)
{
    SessionCallTarget target(session, ServerIdentity{QStringLiteral("server"), QStringLiteral("test"), {}});
    FixedApprovalGate gate(ApprovalDecision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, {}, {}});
    ToolCallPipeline pipeline(&gate, nullptr, ToolCallPipeline::Options{});
    QPointer<ToolCall> running = pipeline.call(&target, tool, arguments, CallInitiator::Gui, context);
    QSignalSpy finished(running.data(), &ToolCall::finished);
    if (!finished.wait(15000) && finished.isEmpty())
        return false;
    return running && running->outcome().kind == ToolCallOutcome::Kind::Succeeded;
}

} // namespace Toolgate::TestSupport
