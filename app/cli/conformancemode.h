#pragma once

#include <QObject>
#include <QStringList>

#include <memory>

namespace Toolgate {

/// toolgate-cli as the client of the official MCP conformance suite
/// (`conformance client --command "exec toolgate-cli --conformance"`): the scenario comes from
/// MCP_CONFORMANCE_SCENARIO, credentials from MCP_CONFORMANCE_CONTEXT (JSON), the server URL is
/// the last argument. It connects over HTTP (OAuth included, signing in headlessly and keeping
/// tokens in memory only), lists the tools, resources and prompts the server offers, reads the first
/// resource and gets the first prompt, calls the tools the scenario is about, disconnects.
class ConformanceMode final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConformanceMode)
public:
    /// True when the first argument after the program name is --conformance.
    static bool requested(const QStringList &arguments);
    /// Runs the mode on the running QCoreApplication and returns the exit code (0: done).
    static int run(const QStringList &arguments);

    explicit ConformanceMode(const QStringList &arguments, QObject *parent = nullptr);
    ~ConformanceMode() override;

    /// Begins; finished() follows, never synchronously.
    void start();

signals:
    void finished(int exitCode);

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace Toolgate
