#include "core/client/progressroutes.h"

#include "core/common/logging.h"
#include "core/peer/jsonrpcpeer.h"

namespace Toolgate {

ProgressRoutes::ProgressRoutes(JsonRpcPeer &peer)
    : m_peer(peer)
{
    m_peer.setNotificationHandler(QStringLiteral("notifications/progress"),
                                  [this](const JsonRpcMessage &message) { deliver(message); });
}

QString ProgressRoutes::newToken()
{
    return QStringLiteral("toolgate-%1").arg(m_nextToken++);
}

void ProgressRoutes::open(const QString &token, const RequestId &requestId, Listener listener)
{
    m_routes.insert(token, {requestId, std::move(listener)});
}

void ProgressRoutes::retarget(const QString &token, const RequestId &requestId)
{
    const auto route = m_routes.find(token);
    if (route != m_routes.end())
        route->requestId = requestId;
}

void ProgressRoutes::close(const QString &token)
{
    m_routes.remove(token);
}

void ProgressRoutes::closeFor(const RequestId &requestId)
{
    for (auto it = m_routes.begin(); it != m_routes.end(); ++it) {
        if (it->requestId == requestId) {
            m_routes.erase(it);
            return;
        }
    }
}

void ProgressRoutes::clear()
{
    m_routes.clear();
}

void ProgressRoutes::deliver(const JsonRpcMessage &message)
{
    const ProgressUpdate update = ProgressUpdate::fromJson(message.params());
    const QString token = update.token.isString() ? update.token.toString() : QString::number(update.token.toInteger());
    const auto route = m_routes.constFind(token);
    if (route == m_routes.cend()) {
        qCDebug(lcClient) << "progress for unknown token" << token;
        return;
    }
    m_peer.extendDeadline(route->requestId);
    route->listener(update);
}

} // namespace Toolgate
