#pragma once

#include "core/client/probeclassifier.h"
#include "core/protocol/implementation.h"
#include "core/transport/stdiotransport.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QObject>
#include <QTimer>

#include <chrono>
#include <memory>

namespace Toolgate {

/// Decides a stdio server's era before the real session starts: runs a disposable sibling of the server
/// (same program, arguments, environment and folder), asks it server/discover, classifies the answer with
/// ProbeClassifier and reaps it. A legacy server that exits, hangs or prints garbage on a request before
/// initialize harms only the sibling; the real process then sees a clean opening in the decided era.
/// decided() is emitted exactly once, after the sibling has exited, so the two never run together.
class EraNegotiator final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EraNegotiator)
public:
    struct Options
    {
        /// How long the sibling may take to answer (a legacy server may never answer).
        std::chrono::milliseconds probeTimeout = std::chrono::seconds(10);
        /// Each step of reaping the sibling: close stdin → wait → terminate → wait → kill.
        std::chrono::milliseconds reapStep = std::chrono::seconds(1);
        Implementation clientInfo;
        /// The envelope's clientCapabilities: what the session will declare.
        QJsonObject clientCapabilities;
        /// False for the Modern preference: no legacy verdicts, only Modern or Error.
        bool mayFallBack = true;
    };

    EraNegotiator(StdioLaunchSpec spec, Options options, QObject *parent = nullptr);
    /// Kills a sibling still running (stop() while probing).
    ~EraNegotiator() override;

    void start();
    bool isFinished() const { return m_finished; }
    /// The verdict (valid once decided() was emitted).
    const EraVerdict &verdict() const { return m_verdict; }
    /// From start to the answer (not counting the reaping).
    qint64 probeMs() const { return m_probeMs; }

signals:
    void decided(const Toolgate::EraVerdict &verdict);

private:
    void sendProbe();
    void onMessage(const QByteArray &message);
    void conclude(const ProbeOutcome &outcome);
    void finish(EraVerdict verdict);
    void announce();

    StdioLaunchSpec m_spec;
    Options m_options;
    std::unique_ptr<StdioTransport> m_sibling;
    QTimer m_timeout;
    QElapsedTimer m_clock;
    QString m_requestedVersion;
    int m_probesSent = 0;
    bool m_answered = false;  // an outcome was classified to a final verdict
    bool m_finished = false;  // decided() emitted
    bool m_siblingClosed = false;
    qint64 m_probeMs = 0;
    EraVerdict m_verdict;
};

} // namespace Toolgate

Q_DECLARE_METATYPE(Toolgate::EraVerdict)
