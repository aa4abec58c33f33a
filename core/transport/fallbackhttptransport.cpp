#include "core/transport/fallbackhttptransport.h"

#include "core/transport/httplogging.h"
#include "core/transport/httpreply.h"
#include "core/transport/ssetransport.h"
#include "core/transport/streamablehttptransport.h"

#include <QCoreApplication>
#include <QJsonObject>

namespace Toolgate {

namespace {

/// "HTTP 404 to POST" when the error was an HTTP status, else the whole message.
QString brief(const Error &error, const QString &method)
{
    const int status = error.data.toObject().value(QLatin1String("httpStatus")).toInt();
    if (status == 0)
        return error.message;
    return QStringLiteral("HTTP %1 to %2").arg(status).arg(method);
}

} // namespace

class FallbackHttpTransport::Private
{
public:
    FallbackHttpTransport *q;
    HttpTransportOptions options;
    std::unique_ptr<Transport> inner;
    Mode mode = Mode::Probing;
    State state = State::Idle;
    QByteArray replay;           ///< the initialize request to send again on the legacy transport
    QList<QByteArray> queued;    ///< messages sent while the legacy transport connects
    Error streamableReason;
    bool probeSent = false;
    bool closedEmitted = false;

    Private(FallbackHttpTransport *q, HttpTransportOptions o) : q(q), options(std::move(o)) {}

    void forward(Transport *t, bool forwardStarted)
    {
        if (forwardStarted)
            QObject::connect(t, &Transport::started, q, [this] {
                state = State::Open;
                emit q->started();
            });
        QObject::connect(t, &Transport::messageReceived, q, [this](const QByteArray &message) {
            if (mode == Mode::Probing) {
                // Any answer settles it: send what waited for the verdict. Before passing the answer on,
                // which may close us at once (notifications/initialized must still go out then).
                mode = Mode::StreamableHttp;
                const QList<QByteArray> waiting = std::exchange(queued, {});
                for (const QByteArray &m : waiting) {
                    if (inner && state == State::Open)
                        inner->send(m);
                }
            }
            emit q->messageReceived(message);
        });
        QObject::connect(t, &Transport::messageDropped, q, &Transport::messageDropped);
        QObject::connect(t, &Transport::protocolViolation, q, &Transport::protocolViolation);
        QObject::connect(t, &Transport::diagnosticLine, q, &Transport::diagnosticLine);
        QObject::connect(t, &Transport::errorOccurred, q, [this](const Error &error) { emit q->errorOccurred(error); });
        QObject::connect(t, &Transport::closed, q, [this] { finish(); });
    }

    void finish()
    {
        if (closedEmitted)
            return;
        closedEmitted = true;
        state = State::Closed;
        emit q->closed();
    }

    void fallBack(const QByteArray &initialize, const Error &reason)
    {
        streamableReason = reason;
        replay = initialize;
        mode = Mode::LegacySse;
        emit q->diagnosticLine(QCoreApplication::translate("Toolgate::FallbackHttpTransport", "%1 does not speak Streamable HTTP (%2); trying the older HTTP+SSE transport")
                                   .arg(q->description(), brief(reason, QStringLiteral("POST"))));
        qCInfo(lcHttp) << "falling back to HTTP+SSE for" << q->description();
        // The streamable transport said its last word; retire it outside its own signal.
        Transport *old = inner.release();
        old->disconnect(q);
        old->deleteLater();

        auto sse = std::make_unique<SseTransport>(options);
        Transport *t = sse.get();
        forward(t, false);
        QObject::disconnect(t, &Transport::errorOccurred, q, nullptr);
        QObject::connect(t, &Transport::errorOccurred, q, [this](const Error &error) {
            Error combined = error;
            if (state != State::Open || !replay.isEmpty()) {
                combined.message = QCoreApplication::translate("Toolgate::FallbackHttpTransport", "%1 answered neither as a Streamable HTTP server (%2) nor as an HTTP+SSE server (%3). "
                                                  "Check the URL: it must be the server's MCP endpoint, which often ends in /mcp or /sse.")
                                       .arg(q->description(), brief(streamableReason, QStringLiteral("POST")), brief(error, QStringLiteral("GET")));
            }
            emit q->errorOccurred(combined);
        });
        QObject::connect(t, &Transport::started, q, [this] {
            const QByteArray first = std::exchange(replay, {});
            inner->send(first);
            const QList<QByteArray> rest = std::exchange(queued, {});
            for (const QByteArray &message : rest)
                inner->send(message);
        });
        inner = std::move(sse);
        inner->start();
    }
};

FallbackHttpTransport::FallbackHttpTransport(HttpTransportOptions options, QObject *parent)
    : Transport(parent)
    , d(std::make_unique<Private>(this, std::move(options)))
{}

FallbackHttpTransport::~FallbackHttpTransport()
{
    if (d->inner)
        d->inner->disconnect(this);
}

void FallbackHttpTransport::start()
{
    Q_ASSERT(d->state == State::Idle);
    d->state = State::Starting;
    auto streamable = std::make_unique<StreamableHttpTransport>(d->options);
    streamable->setFallbackDetection(true);
    d->forward(streamable.get(), true);
    connect(streamable.get(), &StreamableHttpTransport::fallbackSuggested, this,
            [this](const QByteArray &initialize, const Error &reason) { d->fallBack(initialize, reason); });
    d->inner = std::move(streamable);
    d->inner->start();
}

void FallbackHttpTransport::send(const QByteArray &message)
{
    if (d->state != State::Open || !d->inner)
        return;
    // Until the first answer tells which transport the server speaks, only the first message
    // (initialize) goes out; the rest wait for the verdict.
    if ((d->mode == Mode::Probing && d->probeSent) || (d->mode == Mode::LegacySse && !d->inner->isOpen())) {
        d->queued.append(message);
        return;
    }
    d->probeSent = true;
    d->inner->send(message);
}

void FallbackHttpTransport::close()
{
    if (d->state == State::Closed || d->state == State::Closing)
        return;
    if (!d->inner) {
        d->state = State::Closed;
        QMetaObject::invokeMethod(this, [this] { d->finish(); }, Qt::QueuedConnection);
        return;
    }
    d->state = State::Closing;
    d->queued.clear();
    d->inner->close();
}

Transport::State FallbackHttpTransport::state() const
{
    return d->state;
}

QString FallbackHttpTransport::description() const
{
    return HttpReply::displayUrl(d->options.url);
}

FallbackHttpTransport::Mode FallbackHttpTransport::mode() const
{
    return d->mode;
}

bool FallbackHttpTransport::mirrorsToolArguments() const
{
    return d->inner && d->inner->mirrorsToolArguments();
}

void FallbackHttpTransport::setToolArgumentHeaders(const QHash<QString, RequestHeaders::ToolArgumentHeaders> &headers)
{
    if (d->inner)
        d->inner->setToolArgumentHeaders(headers);
}

} // namespace Toolgate

#include "moc_fallbackhttptransport.cpp"
