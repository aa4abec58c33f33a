#pragma once

// A transport that passes everything through to a real one (a stdio server, say) and keeps every
// message the client sent: what reached the server, for tests that must show a call was never sent.

#include "core/transport/transport.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <memory>

namespace Toolgate::TestSupport {

class TappedTransport final : public Transport
{
public:
    /// Takes ownership of inner.
    explicit TappedTransport(std::unique_ptr<Transport> inner, QObject *parent = nullptr)
        : Transport(parent)
        , m_inner(std::move(inner))
    {
        Transport *in = m_inner.get();
        connect(in, &Transport::started, this, &Transport::started);
        connect(in, &Transport::messageReceived, this, &Transport::messageReceived);
        connect(in, &Transport::messageDropped, this, &Transport::messageDropped);
        connect(in, &Transport::protocolViolation, this, &Transport::protocolViolation);
        connect(in, &Transport::strayOutput, this, &Transport::strayOutput);
        connect(in, &Transport::diagnosticLine, this, &Transport::diagnosticLine);
        connect(in, &Transport::receivingEnded, this, &Transport::receivingEnded);
        connect(in, &Transport::errorOccurred, this, &Transport::errorOccurred);
        connect(in, &Transport::closed, this, &Transport::closed);
    }

    void start() override { m_inner->start(); }
    void send(const QByteArray &message) override
    {
        m_sent.append(message);
        m_inner->send(message);
    }
    void close() override { m_inner->close(); }
    State state() const override { return m_inner->state(); }
    QString description() const override { return m_inner->description(); }

    /// Every message sent, as sent.
    const QList<QByteArray> &sent() const { return m_sent; }
    /// The params of every request of method sent.
    QList<QJsonObject> sentRequests(const QString &method) const
    {
        QList<QJsonObject> params;
        for (const QByteArray &message : m_sent) {
            const QJsonObject object = QJsonDocument::fromJson(message).object();
            if (object.value(QStringLiteral("method")).toString() == method)
                params.append(object.value(QStringLiteral("params")).toObject());
        }
        return params;
    }

private:
    std::unique_ptr<Transport> m_inner;
    QList<QByteArray> m_sent;
};

} // namespace Toolgate::TestSupport
