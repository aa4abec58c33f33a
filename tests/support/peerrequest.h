#pragma once

// A request through a JsonRpcPeer, waited for: for tests that drive a server with raw JSON-RPC.

#include "core/common/error.h"
#include "core/peer/jsonrpcpeer.h"

#include <QTest>

#include <optional>

namespace Toolgate::TestSupport {

/// Sends method and waits (processing events) for its answer; a RequestTimeout error naming the method
/// when none comes within timeoutMs.
inline Result<QJsonValue> requestAndWait(JsonRpcPeer &peer, QObject *context, const QString &method,
                                         const QJsonObject &params, int timeoutMs)
{
    std::optional<Result<QJsonValue>> answer;
    peer.sendRequest(method, params, context, [&answer](const Result<QJsonValue> &result) { answer = result; });
    if (!QTest::qWaitFor([&answer] { return answer.has_value(); }, timeoutMs))
        return makeError(ErrorCode::RequestTimeout, QStringLiteral("test: no answer to %1").arg(method));
    return *answer;
}

} // namespace Toolgate::TestSupport
