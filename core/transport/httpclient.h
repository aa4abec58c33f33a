#pragma once

#include "core/transport/networkbackend.h"

#include <QObject>

#include <memory>

namespace Toolgate {

/// One HTTP request in flight, for the HTTP transports and the OAuth client: what QNetworkReply was to
/// them, without Qt Network in the process until the first request (see NetworkBackend). Owned by the
/// HttpClient that sent it; whoever handles finished() deletes it (deleteLater()) when done.
class HttpExchange final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HttpExchange)
public:
    ~HttpExchange() override;

    /// The request as sent.
    const HttpRequest &request() const { return m_request; }
    /// Where the answer came from (the request's URL, or the last redirect followed).
    QUrl url() const;
    /// The HTTP status, or 0 when no HTTP answer arrived.
    int statusCode() const;
    QByteArray reasonPhrase() const;
    QByteArray rawHeader(const QByteArray &name) const;
    /// Content-Length, or -1 when the answer did not say.
    qint64 contentLength() const;
    /// The body bytes that arrived since the last call.
    QByteArray readAll();
    NetworkFailure failure() const;
    QString errorString() const;
    /// Ends the request at once; finished() follows unless it came already.
    void abort();
    /// Whether finished() was emitted.
    bool isFinished() const { return m_finished; }

signals:
    void readyRead();
    void finished();

private:
    friend class HttpClient;
    HttpExchange(HttpRequest request, QObject *parent);
    /// The request could not be sent at all (no network plugin): it finishes with why, on the next turn.
    void failBeforeSending(const QString &why);
    void reportFinished();

    HttpRequest m_request;
    std::unique_ptr<NetworkExchange> m_exchange;
    QString m_unsent; ///< why the request was never sent, if it was not
    bool m_finished = false;
};

/// Sends HTTP requests, sharing connections to one server like a QNetworkAccessManager: one per
/// transport or sign-in. Loads the network plugin on the first request.
class HttpClient final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HttpClient)
public:
    explicit HttpClient(QObject *parent = nullptr);
    ~HttpClient() override;

    HttpExchange *get(const HttpRequest &request);
    HttpExchange *post(const HttpRequest &request, const QByteArray &body);
    HttpExchange *deleteResource(const HttpRequest &request);

    /// The network plugin, loaded on first use (nullptr with why when it cannot be).
    static NetworkBackend *backend(QString *why = nullptr);

private:
    HttpExchange *send(const QByteArray &method, const HttpRequest &request, const QByteArray &body);

    std::unique_ptr<NetworkClient> m_client;
};

} // namespace Toolgate
