#pragma once

#include "core/common/result.h"
#include "core/jsonrpc/jsonrpcmessage.h"
#include "core/peer/jsonrpcpeer.h"
#include "core/server/serverlifecycle.h"

#include <QJsonObject>
#include <QString>

#include <functional>

namespace Toolgate {

class ResultShaper;

/// Installs McpServer's request handlers on its peer behind the lifecycle's gate: nothing but
/// ping may precede initialize (legacy), every request carries the envelope (modern), and a
/// method of the other era is refused.
class RequestRouter final
{
public:
    using Handler = std::function<void(const JsonRpcMessage &request, const Responder &responder)>;
    /// A request answered at once: params in, the result (or error) out.
    using SyncHandler = std::function<Result<QJsonObject>(const QJsonObject &params)>;
    using Eras = ServerLifecycle::Eras;

    RequestRouter(JsonRpcPeer &peer, ServerLifecycle &lifecycle, const ResultShaper &shaper)
        : m_peer(peer), m_lifecycle(lifecycle), m_shaper(shaper) {}

    void on(const QString &method, Handler handler, Eras eras = Eras::Both);
    /// The result is shaped for the era (ResultShaper::answer()).
    void onSync(const QString &method, SyncHandler handler, Eras eras = Eras::Both);

private:
    JsonRpcPeer &m_peer;
    ServerLifecycle &m_lifecycle;
    const ResultShaper &m_shaper;
};

} // namespace Toolgate
