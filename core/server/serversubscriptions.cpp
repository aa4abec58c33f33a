#include "core/server/serversubscriptions.h"

#include "core/common/error.h"
#include "core/common/logging.h"
#include "core/protocol/requestenvelope.h"
#include "core/protocol/subscriptions.h"
#include "core/server/invalidparams.h"
#include "core/server/resourceregistry.h"
#include "core/server/serverlifecycle.h"

#include <QMetaObject>
#include <QObject>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Toolgate {

namespace {

constexpr qsizetype maxListens = 64;

QJsonObject stamped(const RequestId &subscription, QJsonObject params = {})
{
    QJsonObject meta = params.value(u"_meta").toObject();
    meta.insert(RequestEnvelope::subscriptionIdKey, subscription.toJson());
    params.insert(u"_meta", meta);
    return params;
}

} // namespace

ServerSubscriptions::ServerSubscriptions(JsonRpcPeer &peer, const ServerLifecycle &lifecycle,
                                         const ResourceRegistry &resources, Implementation serverInfo, QObject *context)
    : m_peer(peer)
    , m_lifecycle(lifecycle)
    , m_resources(resources)
    , m_serverInfo(std::move(serverInfo))
    , m_context(context)
{
}

void ServerSubscriptions::listChanged(ListKind kind)
{
    if (!m_lifecycle.isReady())
        return;
    if (m_lifecycle.era() == ProtocolEra::Modern
            ? std::none_of(m_listens.cbegin(), m_listens.cend(), [kind](const Listen &l) { return (l.lists & kind) != 0; })
            : !(m_advertisedLists & kind))
        return;
    const bool scheduled = m_pendingListChanges != 0;
    m_pendingListChanges |= kind;
    if (!scheduled)
        QMetaObject::invokeMethod(m_context, [this] { flushListChanges(); }, Qt::QueuedConnection);
}

void ServerSubscriptions::flushListChanges()
{
    const int kinds = std::exchange(m_pendingListChanges, 0);
    if (!m_lifecycle.isReady())
        return;
    if (m_lifecycle.era() == ProtocolEra::Modern) {
        // Only to the subscriptions that asked for the kind, each stamped with its id.
        const std::pair<ListKind, QString> methods[] = {{ToolsList, u"notifications/tools/list_changed"_s},
                                                        {ResourcesList, u"notifications/resources/list_changed"_s},
                                                        {PromptsList, u"notifications/prompts/list_changed"_s}};
        for (const auto &[kind, method] : methods) {
            if (!(kinds & kind))
                continue;
            for (const Listen &listen : std::as_const(m_listens)) {
                if (listen.lists & kind)
                    m_peer.sendNotification(method, stamped(listen.id));
            }
        }
        return;
    }
    if (kinds & ToolsList)
        m_peer.sendNotification(u"notifications/tools/list_changed"_s);
    if (kinds & ResourcesList)
        m_peer.sendNotification(u"notifications/resources/list_changed"_s);
    if (kinds & PromptsList)
        m_peer.sendNotification(u"notifications/prompts/list_changed"_s);
}

void ServerSubscriptions::notifyResourceUpdated(const QString &uri)
{
    if (!m_lifecycle.isReady())
        return;
    if (m_lifecycle.era() == ProtocolEra::Modern) {
        for (const Listen &listen : std::as_const(m_listens)) {
            if (listen.uris.contains(uri))
                m_peer.sendNotification(u"notifications/resources/updated"_s, stamped(listen.id, {{u"uri"_s, uri}}));
        }
        return;
    }
    if (!m_legacySubscriptions.contains(uri))
        return;
    m_peer.sendNotification(u"notifications/resources/updated"_s, {{u"uri"_s, uri}});
}

bool ServerSubscriptions::isSubscribed(const QString &uri) const
{
    if (m_lifecycle.era() == ProtocolEra::Modern)
        return std::any_of(m_listens.cbegin(), m_listens.cend(), [&uri](const Listen &l) { return l.uris.contains(uri); });
    return m_legacySubscriptions.contains(uri);
}

Result<QJsonObject> ServerSubscriptions::subscribe(const QJsonObject &params)
{
    const QString uri = params.value(u"uri").toString();
    if (uri.isEmpty())
        return invalidParams(u"a uri is required"_s);
    if (!m_resources.knows(uri))
        return makeError(ErrorCode::ResourceNotFoundLegacy, u"Resource not found: %1"_s.arg(uri),
                         QJsonObject{{u"uri"_s, uri}});
    m_legacySubscriptions.insert(uri);
    return QJsonObject();
}

Result<QJsonObject> ServerSubscriptions::unsubscribe(const QJsonObject &params)
{
    const QString uri = params.value(u"uri").toString();
    if (uri.isEmpty())
        return invalidParams(u"a uri is required"_s);
    m_legacySubscriptions.remove(uri);
    return QJsonObject();
}

void ServerSubscriptions::listen(const JsonRpcMessage &request, const Responder &responder, int offeredLists)
{
    const QJsonValue filter = request.params().value(u"notifications");
    if (!filter.isObject()) {
        responder.respondError(invalidParams(u"subscriptions/listen needs \"notifications\", an object saying what to send"_s));
        return;
    }
    const QJsonObject asked = filter.toObject();
    const QJsonValue uris = asked.value(u"resourceSubscriptions");
    if (!uris.isUndefined() && !uris.isArray()) {
        responder.respondError(invalidParams(u"resourceSubscriptions must be a list of resource URIs"_s));
        return;
    }
    if (m_listens.size() >= maxListens) {
        responder.respondError(makeError(ErrorCode::InternalError, u"too many open subscriptions (64); cancel one first"_s));
        return;
    }
    // What is honoured: the kinds the server offers (as the capabilities say), and nothing else.
    const SubscriptionFilter wanted = SubscriptionFilter::fromJson(asked);
    SubscriptionFilter honored;
    honored.toolsListChanged = wanted.toolsListChanged && (offeredLists & ToolsList);
    honored.promptsListChanged = wanted.promptsListChanged && (offeredLists & PromptsList);
    honored.resourcesListChanged = wanted.resourcesListChanged && (offeredLists & ResourcesList);
    if (offeredLists & ResourcesList) {
        for (const QString &uri : wanted.resourceSubscriptions) {
            if (!honored.resourceSubscriptions.contains(uri))
                honored.resourceSubscriptions.append(uri);
        }
    }
    Listen listen;
    listen.id = request.id();
    listen.responder = responder;
    listen.lists = (honored.toolsListChanged ? ToolsList : 0) | (honored.promptsListChanged ? PromptsList : 0)
        | (honored.resourcesListChanged ? ResourcesList : 0);
    listen.uris = honored.resourceSubscriptions;
    // The acknowledgement comes first, before any notification of the subscription.
    m_peer.sendNotification(u"notifications/subscriptions/acknowledged"_s,
                            stamped(listen.id, QJsonObject{{u"notifications"_s, honored.toJson()}}));
    if (honored.isEmpty()) {
        endListen(listen); // nothing will ever be sent on it: end it at once, gracefully
        return;
    }
    qCInfo(lcServer) << "subscription" << listen.id.toString() << "opened for" << honored.toJson().keys();
    m_listens.append(listen);
}

bool ServerSubscriptions::endCancelled(const RequestId &id, const QString &reason)
{
    // JSON-RPC forbids answering a cancelled request, so nothing more is sent for it.
    const auto listen = std::find_if(m_listens.cbegin(), m_listens.cend(), [&id](const Listen &l) { return l.id == id; });
    if (listen == m_listens.cend())
        return false;
    qCInfo(lcServer) << "the client ended subscription" << id.toString() << reason;
    m_listens.erase(listen);
    return true;
}

QList<RequestId> ServerSubscriptions::ids() const
{
    QList<RequestId> ids;
    for (const Listen &listen : std::as_const(m_listens))
        ids.append(listen.id);
    return ids;
}

void ServerSubscriptions::endAll()
{
    const auto open = std::exchange(m_listens, {});
    for (const Listen &listen : open)
        endListen(listen);
}

// The graceful end of a subscription: the listen request's result.
void ServerSubscriptions::endListen(const Listen &listen) const
{
    listen.responder.respond(QJsonObject{
        {u"resultType"_s, u"complete"_s},
        {u"_meta"_s, QJsonObject{{RequestEnvelope::subscriptionIdKey, listen.id.toJson()},
                                 {RequestEnvelope::serverInfoKey, m_serverInfo.toJson()}}}});
}

} // namespace Toolgate
