#pragma once

#include <QIODevice>
#include <QObject>

#include <functional>
#include <memory>

// Header-only on purpose: toolgate-sandbox-relay, which runs inside the sandbox, uses it without linking
// any of Toolgate's libraries.

namespace Toolgate::StreamRelay {

/// Most bytes one side may have waiting to be written before the relay stops reading the other: a
/// peer that sends faster than its counterpart reads cannot grow our memory.
constexpr qint64 maxPending = 1024 * 1024;

/// Copies what from has to read into to, as far as to's pending bytes stay under maxPending.
inline void pump(QIODevice *from, QIODevice *to)
{
    while (from->bytesAvailable() > 0 && to->bytesToWrite() < maxPending) {
        const QByteArray chunk = from->read(64 * 1024);
        if (chunk.isEmpty())
            break;
        to->write(chunk);
    }
}

/// Relays bytes between two open sockets both ways until one ends: then whatever it sent is passed on
/// and the other is closed once it wrote it (QAbstractSocket and QLocalSocket both flush on close()).
/// ended is called once, when either ends.
template<class A, class B>
void both(A *a, B *b, QObject *context, std::function<void()> ended)
{
    // Without a read buffer size a socket takes in all the kernel has, whether or not it is read.
    a->setReadBufferSize(maxPending);
    b->setReadBufferSize(maxPending);
    QObject::connect(a, &QIODevice::readyRead, context, [a, b] { pump(a, b); });
    QObject::connect(b, &QIODevice::readyRead, context, [a, b] { pump(b, a); });
    QObject::connect(a, &QIODevice::bytesWritten, context, [a, b] { pump(b, a); });
    QObject::connect(b, &QIODevice::bytesWritten, context, [a, b] { pump(a, b); });
    auto finish = [a, b, done = std::make_shared<bool>(false), ended = std::move(ended)] {
        if (*done)
            return;
        *done = true;
        b->write(a->readAll());
        a->write(b->readAll());
        a->close();
        b->close();
        if (ended)
            ended();
    };
    QObject::connect(a, &A::disconnected, context, finish);
    QObject::connect(b, &B::disconnected, context, finish);
    pump(a, b);
    pump(b, a);
}

} // namespace Toolgate::StreamRelay
