#pragma once

#include "core/jsonrpc/jsonrpcmessage.h"
#include "core/protocol/progress.h"

#include <QHash>
#include <QString>

#include <functional>

namespace Toolgate {

class JsonRpcPeer;

/// Where notifications/progress go: each token the session handed out names the request it belongs to
/// (whose inactivity timeout progress restarts) and the caller who wants to hear it. A token outlives
/// one id on the wire: the request may be sent again under a new id (input rounds, a broken stream), or
/// become a task, whose progress keeps coming under the call's token.
class ProgressRoutes final
{
    Q_DISABLE_COPY_MOVE(ProgressRoutes)
public:
    using Listener = std::function<void(const ProgressUpdate &)>;

    /// Installs the handler for notifications/progress on peer, which must outlive this.
    explicit ProgressRoutes(JsonRpcPeer &peer);

    /// A token no request of this session had.
    QString newToken();
    void open(const QString &token, const RequestId &requestId, Listener listener);
    /// The request is on the wire under a new id now.
    void retarget(const QString &token, const RequestId &requestId);
    void close(const QString &token);
    void closeFor(const RequestId &requestId);
    /// The connection ended: no progress can come.
    void clear();

private:
    void deliver(const JsonRpcMessage &notification);

    struct Route
    {
        RequestId requestId;
        Listener listener;
    };
    JsonRpcPeer &m_peer;
    QHash<QString, Route> m_routes; // by token (as string)
    qint64 m_nextToken = 1;
};

} // namespace Toolgate
