#include "core/server/stdioserverchannel.h"

#include "core/server/busypoll.h"
#include "core/transport/linebuffer.h"

#include <QPointer>
#include <QSocketNotifier>

#include <cerrno>
#include <thread>

#ifdef Q_OS_WIN
#include <fcntl.h>
#include <io.h>
#define TG_READ _read
#define TG_WRITE _write
#else
#include <unistd.h>
#define TG_READ ::read
#define TG_WRITE ::write
#endif

namespace Toolgate {

class StdioServerChannel::Private
{
public:
    StdioServerChannel *q;
    LineBuffer buffer;
    State state = State::Idle;
    QSocketNotifier *notifier = nullptr;
    std::thread reader; // Windows: pipes cannot be watched by QSocketNotifier
    // A client that calls tools one after another sends the next request within microseconds
    // of our answer; staying awake for it spares the client the cost of waking us (see BusyPoll).
    BusyPoll busyPoll;

    Private(StdioServerChannel *q, qint64 max) : q(q), buffer(max) {}

    void consume(const QByteArray &data)
    {
        buffer.feed(
            data, [this](const QByteArray &line) { emit q->messageReceived(line); },
            [this](const QByteArray &head, qint64 size) { emit q->messageDropped(head, size, buffer.maxLineLength()); });
    }

    void endOfInput()
    {
        if (state == State::Closed)
            return;
        const QByteArray rest = buffer.takeRemainder();
        if (!rest.isEmpty())
            emit q->messageReceived(rest);
        if (notifier)
            notifier->setEnabled(false);
        busyPoll.detach();
        state = State::Closed;
        emit q->closed();
    }

    void readAvailable()
    {
        char chunk[65536];
        const auto n = TG_READ(0, chunk, sizeof chunk);
        if (n > 0)
            consume(QByteArray(chunk, qsizetype(n)));
        else if (n == 0 || (errno != EINTR && errno != EAGAIN))
            endOfInput();
    }
};

StdioServerChannel::StdioServerChannel(qint64 maxMessageSize, QObject *parent)
    : Transport(parent)
    , d(std::make_unique<Private>(this, maxMessageSize))
{}

StdioServerChannel::~StdioServerChannel()
{
    if (d->reader.joinable())
        d->reader.detach(); // blocked in read(); the process is ending anyway
}

void StdioServerChannel::setBusyPollBudget(std::chrono::microseconds budget)
{
    d->busyPoll.setBudget(budget);
}

void StdioServerChannel::start()
{
#ifdef Q_OS_WIN
    _setmode(0, _O_BINARY);
    _setmode(1, _O_BINARY);
    d->state = State::Open;
    QPointer<StdioServerChannel> self(this);
    d->reader = std::thread([self] {
        char chunk[65536];
        for (;;) {
            const int n = _read(0, chunk, sizeof chunk);
            QByteArray data = n > 0 ? QByteArray(chunk, n) : QByteArray();
            if (!self)
                return;
            QMetaObject::invokeMethod(self.data(), [self, data] {
                if (!self)
                    return;
                if (data.isEmpty())
                    self->d->endOfInput();
                else
                    self->d->consume(data);
            }, Qt::QueuedConnection);
            if (n <= 0)
                return;
        }
    });
#else
    d->notifier = new QSocketNotifier(0, QSocketNotifier::Read, this);
    connect(d->notifier, &QSocketNotifier::activated, this, [this] { d->readAvailable(); });
    d->busyPoll.attach(0, this);
    d->state = State::Open;
#endif
    QMetaObject::invokeMethod(this, [this] { emit started(); }, Qt::QueuedConnection);
}

void StdioServerChannel::send(const QByteArray &message)
{
    if (d->state == State::Closed)
        return;
    QByteArray framed;
    framed.reserve(message.size() + 1);
    framed.append(message);
    framed.append('\n');
    const char *data = framed.constData();
    qsizetype left = framed.size();
    while (left > 0) {
        const auto n = TG_WRITE(1, data, unsigned(std::min<qsizetype>(left, 1 << 30)));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            // The client closed its end: nothing more can be said.
            d->endOfInput();
            return;
        }
        data += n;
        left -= n;
    }
    d->busyPoll.arm();
}

void StdioServerChannel::close()
{
    d->endOfInput();
}

Transport::State StdioServerChannel::state() const
{
    return d->state;
}

QString StdioServerChannel::description() const
{
    return QStringLiteral("stdio");
}

} // namespace Toolgate

#include "moc_stdioserverchannel.cpp"
