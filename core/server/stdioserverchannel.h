#pragma once

#include "core/transport/transport.h"

#include <chrono>
#include <memory>

namespace Toolgate {

/// The server side of stdio: reads newline-delimited messages from our stdin, writes to stdout.
/// Used by toolgate-demo-server and the test servers. End of stdin means the client is gone.
class StdioServerChannel final : public Transport
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StdioServerChannel)
public:
    explicit StdioServerChannel(qint64 maxMessageSize = 64 * 1024 * 1024, QObject *parent = nullptr);
    ~StdioServerChannel() override;

    /// How long to watch stdin for the next request after each message we send, before the
    /// event loop sleeps (see BusyPoll); zero turns it off. Call before start().
    void setBusyPollBudget(std::chrono::microseconds budget);

    void start() override;
    void send(const QByteArray &message) override;
    void close() override;
    State state() const override;
    QString description() const override;

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace Toolgate
