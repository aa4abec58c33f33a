#pragma once

#include "core/common/result.h"
#include "core/jsonrpc/jsonrpcmessage.h"
#include "core/peer/jsonrpcpeer.h"
#include "core/protocol/implementation.h"

#include <QJsonObject>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

class QObject;

namespace Toolgate {

class ResourceRegistry;
class ServerLifecycle;

/// Who hears of changes to what an McpServer offers, and the notifications they get: in the
/// legacy era list_changed for what initialize advertised and resources/updated for
/// resources/subscribe; in the modern era only what an open subscriptions/listen asked for,
/// each notification stamped with its subscription. list_changed is coalesced until control
/// returns to the event loop, so a burst of registrations makes the client re-list once.
class ServerSubscriptions final
{
    Q_DISABLE_COPY_MOVE(ServerSubscriptions)
public:
    enum ListKind { ToolsList = 1, ResourcesList = 2, PromptsList = 4 };

    /// context: the QObject whose event loop turn the coalesced notifications wait for.
    ServerSubscriptions(JsonRpcPeer &peer, const ServerLifecycle &lifecycle, const ResourceRegistry &resources,
                        Implementation serverInfo, QObject *context);

    /// The lists (ListKind bits) the capabilities advertised: legacy list_changed is sent only for those.
    void setAdvertisedLists(int kinds) { m_advertisedLists = kinds; }
    /// Something of kind was added or removed.
    void listChanged(ListKind kind);
    /// Sends notifications/resources/updated to whoever subscribed to uri.
    void notifyResourceUpdated(const QString &uri);
    bool isSubscribed(const QString &uri) const;

    /// Legacy: resources/subscribe and resources/unsubscribe.
    Result<QJsonObject> subscribe(const QJsonObject &params);
    Result<QJsonObject> unsubscribe(const QJsonObject &params);

    /// Modern: subscriptions/listen, honoured for the lists (ListKind bits) the server offers.
    void listen(const JsonRpcMessage &request, const Responder &responder, int offeredLists);
    /// The client cancelled request id; true when it was a subscriptions/listen, which then ends.
    bool endCancelled(const RequestId &id, const QString &reason);
    /// The open subscriptions/listen requests.
    QList<RequestId> ids() const;
    /// Ends every open subscription with its graceful result.
    void endAll();
    /// The connection is gone: forgets every subscription (nothing can be sent any more).
    void dropAll() { m_listens.clear(); }

private:
    // One open subscriptions/listen: what it asked for, as far as the server offers it.
    struct Listen
    {
        RequestId id;
        Responder responder;
        int lists = 0; // ListKind bits
        QStringList uris;
    };

    void flushListChanges();
    void endListen(const Listen &listen) const;

    JsonRpcPeer &m_peer;
    const ServerLifecycle &m_lifecycle;
    const ResourceRegistry &m_resources;
    Implementation m_serverInfo;
    QObject *m_context;
    int m_advertisedLists = 0;
    int m_pendingListChanges = 0;
    QSet<QString> m_legacySubscriptions;
    QList<Listen> m_listens;
};

} // namespace Toolgate
