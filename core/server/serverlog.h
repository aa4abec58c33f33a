#pragma once

#include "core/common/result.h"
#include "core/peer/jsonrpcpeer.h"
#include "core/protocol/logginglevel.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace Toolgate {

class ServerLifecycle;

/// Server-wide log messages (notifications/message) and the level the client asked for with
/// logging/setLevel: in the legacy era the server and its tools log to the whole connection.
class ServerLog final
{
public:
    ServerLog(JsonRpcPeer &peer, ServerLifecycle &lifecycle) : m_peer(peer), m_lifecycle(lifecycle) {}

    /// Sends notifications/message when the connection takes server-wide messages and level
    /// reaches the client's threshold.
    void send(LoggingLevel level, const QJsonValue &data, const QString &logger);
    /// Answers logging/setLevel.
    Result<QJsonObject> setLevel(const QJsonObject &params);

private:
    JsonRpcPeer &m_peer;
    ServerLifecycle &m_lifecycle;
};

} // namespace Toolgate
