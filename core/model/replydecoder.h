#pragma once

#include "core/common/result.h"
#include "core/model/modelreply.h"

#include <QByteArray>
#include <QString>

#include <functional>

namespace Toolgate {

/// Reads one wire format's answer: the events of a streamed one, or a whole one. One per turn;
/// ModelTurn drives it and holds the HTTP side (status, limits, time).
class ReplyDecoder
{
public:
    virtual ~ReplyDecoder() = default;

    /// One server-sent event (type empty for plain "data:" events). An error ends the turn.
    virtual Result<void> onEvent(const QByteArray &type, const QByteArray &data) = 0;
    /// The stream said it is complete ([DONE], message_stop): the turn ends without waiting for
    /// the server to close the connection.
    virtual bool isComplete() const = 0;
    /// The stream ended: the reply, or why it is incomplete.
    virtual Result<ModelReply> finishStream() = 0;
    /// A whole answer (not streamed).
    virtual Result<ModelReply> decodeWhole(const QByteArray &body) = 0;

    /// Called with each piece of text as it is decoded.
    std::function<void(const QString &piece)> onText;
};

} // namespace Toolgate
