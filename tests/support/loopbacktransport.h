#pragma once

// Two in-memory transport ends for tests that run a client and a server in one process: what one end
// sends, the other receives on the next event-loop turn, as through a pipe.

#include "core/transport/transport.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QMetaObject>
#include <QPointer>

#include <memory>
#include <utility>

namespace Toolgate::TestSupport {

// No Q_OBJECT: it adds no signals or slots of its own.
class LoopbackTransport final : public Transport
{
public:
    static std::pair<std::unique_ptr<LoopbackTransport>, std::unique_ptr<LoopbackTransport>> createPair()
    {
        auto a = std::make_unique<LoopbackTransport>();
        auto b = std::make_unique<LoopbackTransport>();
        a->m_other = b.get();
        b->m_other = a.get();
        return {std::move(a), std::move(b)};
    }

    void start() override
    {
        m_state = State::Open;
        QMetaObject::invokeMethod(this, [this] { emit started(); }, Qt::QueuedConnection);
    }

    void send(const QByteArray &message) override
    {
        if (m_state != State::Open)
            return;
        sent.append(message);
        QPointer<LoopbackTransport> other = m_other;
        QMetaObject::invokeMethod(this, [other, message] {
            if (other && other->m_state == State::Open) {
                other->received.append(message);
                emit other->messageReceived(message);
            }
        }, Qt::QueuedConnection);
    }

    // Closing either end closes both, as a pipe would.
    void close() override
    {
        finish();
        if (m_other)
            m_other->finish();
    }

    State state() const override { return m_state; }
    QString description() const override { return QStringLiteral("loopback"); }

    /// Messages with this method (e.g. "notifications/progress") that this end received.
    qsizetype receivedCount(const QString &method) const
    {
        qsizetype n = 0;
        for (const QByteArray &message : received) {
            if (QJsonDocument::fromJson(message).object().value(QLatin1String("method")).toString() == method)
                ++n;
        }
        return n;
    }

    QList<QByteArray> sent;     ///< everything this end sent
    QList<QByteArray> received; ///< everything this end received

private:
    void finish()
    {
        if (m_state == State::Closed)
            return;
        m_state = State::Closed;
        QMetaObject::invokeMethod(this, [this] { emit closed(); }, Qt::QueuedConnection);
    }

    State m_state = State::Idle;
    QPointer<LoopbackTransport> m_other;
};

} // namespace Toolgate::TestSupport
