#pragma once

#include "core/client/clientsession.h"
#include "core/protocol/subscriptions.h"

#include <QObject>

#include <chrono>
#include <functional>
#include <optional>

class QTimer;

namespace Toolgate {

class RequestSender;
class SessionCore;

/// Hears what changes on the server: list changes and updates of subscribed resources. The legacy era
/// sends them unasked and subscribes with resources/subscribe; 2026-07-28 sends them only on the one
/// open subscriptions/listen (basic/patterns/subscriptions.mdx), stamped with its id. That listen is
/// long-lived state of its own: changing the subscribed URIs opens a new one and cancels the old one
/// once the new one is acknowledged, so nothing is missed in between; and one the server ends is asked
/// for again at growing intervals.
class ChangeListener final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChangeListener)
public:
    ChangeListener(SessionCore &core, RequestSender &requests);
    ~ChangeListener() override;

    /// Modern: opens the listen for what the server offers (the session is ready).
    void listen();
    /// The session ends: no listen is asked for again.
    void stop();
    /// Legacy: resources/subscribe or resources/unsubscribe. Modern: the URI joins or leaves the listen,
    /// and callback is answered on the new listen's acknowledgement.
    void changeSubscription(const QString &uri, bool subscribe, QObject *context, ClientSession::Callback<std::monostate> callback);

signals:
    void toolsListChanged();
    void resourcesListChanged();
    void promptsListChanged();
    void resourceUpdated(const QString &uri);
    void protocolViolation(const QString &description);
    void diagnosticLine(const QString &line);

private:
    using SubscriptionAnswer = std::function<void(const std::optional<Error> &problem)>;
    struct SubscriptionChange
    {
        QString uri;
        bool subscribe = true;
        SubscriptionAnswer answer;
    };
    struct Listen
    {
        RequestId id; ///< also the subscriptionId the server stamps on what it sends for it
        SubscriptionFilter asked;
        bool acknowledged = false;
        QList<SubscriptionChange> changes; ///< answered on the acknowledgement, or when the listen ends first
    };

    SubscriptionFilter filter() const;
    /// Opens a listen for filter() (replacing the open one); changes are answered on its acknowledgement.
    void openListen(QList<SubscriptionChange> changes = {});
    void onAcknowledged(const JsonRpcMessage &message);
    void onEnded(const RequestId &id, const Result<QJsonValue> &result);
    /// Whether a change notification is one to act on: in the modern era only those of the current (or
    /// the retiring) listen.
    bool accepts(const JsonRpcMessage &message);

    static constexpr std::chrono::milliseconds maxRelistenDelay{30000};
    static constexpr int maxListenFailures = 5;

    SessionCore &m_core;
    RequestSender &m_requests;
    std::optional<Listen> m_listen;
    RequestId m_retiringListen; ///< the listen a new one replaces, until the new one is acknowledged
    QStringList m_subscribedUris;
    std::unique_ptr<QTimer> m_relistenTimer;
    std::chrono::milliseconds m_relistenDelay; ///< the next wait before asking again (Options::firstRelistenDelay, doubling)
    std::optional<Error> m_listenUnsupported; ///< the server refused subscriptions/listen as unknown, or failed it too often
    bool m_grantsNoSubscription = false; ///< the server acknowledged with nothing granted (and then ends the listen)
    bool m_unstampedChangeReported = false;
    int m_listenFailures = 0; ///< errors in a row, without an acknowledgement between them
};

} // namespace Toolgate
