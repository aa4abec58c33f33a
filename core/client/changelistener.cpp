#include "core/client/changelistener.h"

#include "core/client/requestsender.h"
#include "core/client/sessioncore.h"
#include "core/common/error.h"
#include "core/common/logging.h"
#include "core/protocol/requestenvelope.h"

#include <QCoreApplication>
#include <QPointer>
#include <QTimer>

namespace Toolgate {

ChangeListener::ChangeListener(SessionCore &core, RequestSender &requests)
    : m_core(core)
    , m_requests(requests)
    , m_relistenDelay(core.options().firstRelistenDelay)
{
    JsonRpcPeer &peer = m_core.peer();
    peer.setNotificationHandler(QStringLiteral("notifications/tools/list_changed"), [this](const JsonRpcMessage &message) {
        if (accepts(message))
            emit toolsListChanged();
    });
    peer.setNotificationHandler(QStringLiteral("notifications/resources/list_changed"), [this](const JsonRpcMessage &message) {
        if (accepts(message))
            emit resourcesListChanged();
    });
    peer.setNotificationHandler(QStringLiteral("notifications/prompts/list_changed"), [this](const JsonRpcMessage &message) {
        if (accepts(message))
            emit promptsListChanged();
    });
    peer.setNotificationHandler(QStringLiteral("notifications/resources/updated"), [this](const JsonRpcMessage &message) {
        if (accepts(message))
            emit resourceUpdated(message.params().value(QLatin1String("uri")).toString());
    });
    peer.setNotificationHandler(QStringLiteral("notifications/subscriptions/acknowledged"), [this](const JsonRpcMessage &message) {
        onAcknowledged(message);
    });
}

ChangeListener::~ChangeListener() = default;

void ChangeListener::listen()
{
    openListen();
}

void ChangeListener::stop()
{
    if (m_relistenTimer)
        m_relistenTimer->stop();
}

void ChangeListener::changeSubscription(const QString &uri, bool subscribe, QObject *context,
                                        ClientSession::Callback<std::monostate> callback)
{
    if (!m_core.modern()) {
        m_requests.request<std::monostate>(subscribe ? QStringLiteral("resources/subscribe") : QStringLiteral("resources/unsubscribe"),
                                           {{QLatin1String("uri"), uri}}, context, std::move(callback),
                                           [](const QJsonObject &) { return std::monostate(); });
        return;
    }
    // The caller's callback is answered queued, on context, unless it is gone.
    SubscriptionAnswer answer = [context = QPointer<QObject>(context), callback = std::move(callback)](const std::optional<Error> &problem) {
        if (!context)
            return;
        QMetaObject::invokeMethod(context, [callback, problem] {
            callback(problem ? Result<std::monostate>(*problem) : Result<std::monostate>(std::monostate()));
        }, Qt::QueuedConnection);
    };
    if (m_listenUnsupported) {
        answer(*m_listenUnsupported);
        return;
    }
    m_subscribedUris.removeAll(uri);
    if (subscribe)
        m_subscribedUris.append(uri);
    stop(); // the listen opened now is the pending re-open too
    openListen({{uri, subscribe, std::move(answer)}});
}

SubscriptionFilter ChangeListener::filter() const
{
    const ServerCapabilities &offered = m_core.offered();
    SubscriptionFilter filter;
    filter.toolsListChanged = offered.toolsListChanged;
    filter.promptsListChanged = offered.promptsListChanged;
    filter.resourcesListChanged = offered.resourcesListChanged;
    if (offered.resourcesSubscribe)
        filter.resourceSubscriptions = m_subscribedUris;
    return filter;
}

void ChangeListener::openListen(QList<SubscriptionChange> changes)
{
    if (m_core.state() != SessionCore::State::Ready || !m_core.modern() || m_listenUnsupported) {
        for (const SubscriptionChange &change : std::as_const(changes))
            change.answer(m_listenUnsupported.value_or(makeError(ErrorCode::NotConnected, QCoreApplication::translate("Toolgate::ClientSession", "the server is not connected"))));
        return;
    }
    JsonRpcPeer &peer = m_core.peer();
    if (m_listen) {
        changes = std::exchange(m_listen->changes, {}) + changes;
        if (m_listen->acknowledged) {
            // Keep hearing the old one until the new one is acknowledged; a listen still unacknowledged
            // delivers nothing yet, so it can go at once.
            if (m_retiringListen.isValid())
                peer.cancel(m_retiringListen, QStringLiteral("replaced by a newer subscriptions/listen"));
            m_retiringListen = m_listen->id;
        } else {
            peer.cancel(m_listen->id, QStringLiteral("replaced by a newer subscriptions/listen"));
        }
        m_listen.reset();
    }
    const SubscriptionFilter asked = filter();
    if (asked.isEmpty()) {
        // Nothing to hear (the last resource unsubscribed, and no list that announces changes).
        if (m_retiringListen.isValid())
            peer.cancel(std::exchange(m_retiringListen, RequestId()), QStringLiteral("nothing left to listen for"));
        for (const SubscriptionChange &change : std::as_const(changes))
            change.answer(std::nullopt);
        return;
    }
    m_grantsNoSubscription = false;
    JsonRpcPeer::RequestOptions listenOptions;
    listenOptions.longLived = true; // answered when the server ends it, which may be never
    auto id = std::make_shared<RequestId>();
    *id = peer.sendRequest(QStringLiteral("subscriptions/listen"),
                           m_core.withEnvelope({{QLatin1String("notifications"), asked.toJson()}}), this,
                           [this, id](const Result<QJsonValue> &result) { onEnded(*id, result); }, listenOptions);
    m_listen = Listen{*id, asked, false, std::move(changes)};
    qCDebug(lcClient) << "subscriptions/listen" << id->toString() << "for" << asked.toJson();
}

void ChangeListener::onAcknowledged(const JsonRpcMessage &message)
{
    if (!m_core.modern())
        return;
    const QJsonObject params = message.params();
    const RequestId id = RequestId::fromJson(params.value(QLatin1String("_meta")).toObject().value(RequestEnvelope::subscriptionIdKey));
    if (!m_listen || !id.isValid() || id != m_listen->id) {
        qCDebug(lcClient) << "acknowledgement for a subscription that is not the current one:" << id.toString();
        return;
    }
    m_listen->acknowledged = true;
    m_relistenDelay = m_core.options().firstRelistenDelay;
    m_listenFailures = 0;
    if (m_retiringListen.isValid())
        m_core.peer().cancel(std::exchange(m_retiringListen, RequestId()), QStringLiteral("replaced by a newer subscriptions/listen"));
    const SubscriptionFilter granted = SubscriptionFilter::fromJson(params.value(QLatin1String("notifications")).toObject());
    m_grantsNoSubscription = granted.isEmpty();
    if (const QString missing = m_listen->asked.missingFrom(granted); !missing.isEmpty()) {
        emit diagnosticLine(QCoreApplication::translate("Toolgate::ClientSession", "the server does not send everything Toolgate asked to hear "
                                                        "(subscriptions/listen); not granted: %1")
                                .arg(missing));
    }
    for (const SubscriptionChange &change : std::exchange(m_listen->changes, {})) {
        if (change.subscribe && !granted.resourceSubscriptions.contains(change.uri)) {
            change.answer(makeError(ErrorCode::InvalidRequest,
                                    QCoreApplication::translate("Toolgate::ClientSession", "the server did not accept a subscription to %1").arg(change.uri)));
        } else {
            change.answer(std::nullopt);
        }
    }
}

void ChangeListener::onEnded(const RequestId &id, const Result<QJsonValue> &result)
{
    if (id == m_retiringListen)
        m_retiringListen = RequestId();
    if (!m_listen || m_listen->id != id)
        return; // a listen this session replaced or gave up
    const Listen ended = std::exchange(m_listen, std::nullopt).value();
    const Error problem = result ? makeError(ErrorCode::ConnectionClosed,
                                             QCoreApplication::translate("Toolgate::ClientSession", "the server ended the subscription before it was acknowledged"))
                                 : result.error();
    for (const SubscriptionChange &change : ended.changes)
        change.answer(problem);
    if (m_core.state() != SessionCore::State::Ready)
        return;
    if (!result) {
        const int code = result.error().code;
        if (code == int(ErrorCode::MethodNotFound)) {
            m_listenUnsupported = result.error();
            emit protocolViolation(QCoreApplication::translate("Toolgate::ClientSession", "the server declares list changes but does not know "
                                                               "subscriptions/listen (%1); Toolgate will not hear of changes until you refresh")
                                       .arg(result.error().message));
            return;
        }
        if (code == int(ErrorCode::RequestCancelled) || code == int(ErrorCode::ConnectionClosed) || code == int(ErrorCode::NotConnected))
            return;
        if (++m_listenFailures > maxListenFailures) {
            emit protocolViolation(QCoreApplication::translate("Toolgate::ClientSession", "subscriptions/listen failed %1 times in a row (last: %2); "
                                                               "Toolgate stops asking and will not hear of changes until the server is restarted")
                                       .arg(m_listenFailures - 1)
                                       .arg(result.error().message));
            m_listenUnsupported = result.error();
            return;
        }
        emit diagnosticLine(QCoreApplication::translate("Toolgate::ClientSession", "subscriptions/listen failed (%1); asking again in %2 s")
                                .arg(result.error().message)
                                .arg(m_relistenDelay.count() / 1000));
    } else if (m_grantsNoSubscription) {
        return; // the server grants nothing: asking again would get the same
    }
    // A listen the server ended (it may do so at any time, e.g. when it restarts a worker): ask again, at
    // growing intervals, so a server that ends every listen at once is not flooded.
    if (!m_relistenTimer) {
        m_relistenTimer = std::make_unique<QTimer>();
        m_relistenTimer->setSingleShot(true);
        connect(m_relistenTimer.get(), &QTimer::timeout, this, [this] { openListen(); });
    }
    m_relistenTimer->start(m_relistenDelay);
    m_relistenDelay = std::min(m_relistenDelay * 2, maxRelistenDelay);
}

bool ChangeListener::accepts(const JsonRpcMessage &message)
{
    if (!m_core.modern())
        return true;
    const QJsonValue stamp = message.params().value(QLatin1String("_meta")).toObject().value(RequestEnvelope::subscriptionIdKey);
    if (stamp.isUndefined()) {
        // 2026-07-28 sends changes only on a listen, stamped with its id; an unstamped one is still news.
        if (!std::exchange(m_unstampedChangeReported, true)) {
            emit protocolViolation(QCoreApplication::translate("Toolgate::ClientSession", "the server sent %1 without naming the subscription it "
                                                               "belongs to (_meta %2)")
                                       .arg(message.method(), RequestEnvelope::subscriptionIdKey));
        }
        return true;
    }
    const RequestId id = RequestId::fromJson(stamp);
    const bool current = (m_listen && m_listen->id == id) || (m_retiringListen.isValid() && m_retiringListen == id);
    if (!current)
        qCDebug(lcClient) << message.method() << "for subscription" << id.toString() << ", which is not open; ignored";
    return current;
}

} // namespace Toolgate

#include "moc_changelistener.cpp"
