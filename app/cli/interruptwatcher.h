#pragma once

#include <QObject>

#include <memory>

namespace Toolgate {

/// Turns Ctrl-C (SIGINT, and SIGTERM; the console control handler on Windows) into a Qt signal
/// delivered by the event loop, so the run can cancel its call politely instead of dying mid-request.
/// One instance at a time; the previous handler comes back when it is destroyed.
class InterruptWatcher final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InterruptWatcher)
public:
    explicit InterruptWatcher(QObject *parent = nullptr);
    ~InterruptWatcher() override;

signals:
    /// Ctrl-C was pressed (or SIGTERM came); emitted once per press.
    void interrupted();

private:
    class Platform;
    std::unique_ptr<Platform> m_platform;
};

} // namespace Toolgate
