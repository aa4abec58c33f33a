#pragma once

// What the Tasks tests share: a host like the app's with server-everything (the npm peer) over stdio,
// whose simulate-research-query runs as a task (taskSupport "required", four stages of a second each).

#include "builtservers.h"
#include "npmpeers.h"
#include "../support/uitestsupport.h"

#include "core/calls/taskregistry.h"
#include "core/calls/toolcall.h"
#include "core/client/clientsession.h"
#include "core/host/host.h"
#include "core/workspace/serverconnection.h"
#include "core/workspace/workspace.h"

#include <QPointer>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <memory>

namespace Toolgate::TestSupport {

inline const QString researchTool = QStringLiteral("simulate-research-query");

/// A GUI host on a temporary folder with server-everything connected and simulate-research-query listed.
class EverythingTasksFixture
{
protected:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Host> m_host;
    ScriptedGate m_gate;
    QPointer<ServerConnection> m_connection;

    /// For init(): starts the server; the test fails, saying what went wrong, when it did not come up
    /// with the tool listed.
    void startEverything()
    {
        const QString problem = everythingStarted();
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    /// For cleanup(): stops the server, then drops the host and the folder.
    void stopEverything()
    {
        if (m_connection) {
            m_connection->stop();
            if (!QTest::qWaitFor([this] { return !m_connection || m_connection->status() == ServerConnection::Status::Stopped; }, 5000))
                QTest::qFail("server-everything did not stop within 5 s", __FILE__, __LINE__);
        }
        m_host.reset();
        m_dir.reset();
    }

    TaskRegistry *tasks() const { return m_host->tasks(); }

    /// Starts simulate-research-query through the pipeline, as the GUI does (approved by m_gate).
    QPointer<ToolCall> startResearch(QObject *owner, const QString &topic = QStringLiteral("tide pools"))
    {
        return m_host->toolCalls()->call(m_connection, researchTool, {{QStringLiteral("topic"), topic}}, CallInitiator::Gui, owner);
    }

    /// Whether the registry lists the call within timeoutMs.
    bool waitForEntry(quint64 callId, int timeoutMs = 15000) const
    {
        return QTest::qWaitFor([&] { return tasks()->entry(callId).has_value(); }, timeoutMs);
    }

    /// Whether the registry's entry for the call has finished within timeoutMs.
    bool waitUntilFinished(quint64 callId, int timeoutMs = 30000) const
    {
        return QTest::qWaitFor([&] {
            const auto entry = tasks()->entry(callId);
            return entry && entry->finished;
        }, timeoutMs);
    }

private:
    /// Empty when the server is up and lists the tool, else what went wrong.
    QString everythingStarted()
    {
        if (const QString missing = missingNpmPeers(); !missing.isEmpty())
            return missing;
        m_dir = std::make_unique<QTemporaryDir>();
        if (!m_dir->isValid())
            return QStringLiteral("no temporary folder");
        m_host = guiTestHost(m_dir->path());
        m_gate.requests.clear();
        m_host->setApprovalGate(&m_gate);
        auto added = m_host->workspace()->addTransientServer(everythingConfig());
        if (!added)
            return added.error().message;
        m_connection = added.value();
        m_connection->start();
        // The task tool is registered once the server has seen the client's capabilities.
        const bool listed = QTest::qWaitFor(
            [this] {
                if (!m_connection || m_connection->status() != ServerConnection::Status::Ready)
                    return false;
                const QList<Tool> tools = m_connection->tools();
                return std::any_of(tools.cbegin(), tools.cend(), [](const Tool &tool) { return tool.name == researchTool; });
            },
            20000);
        return listed ? QString() : QStringLiteral("server-everything did not list %1 within 20 s").arg(researchTool);
    }
};

} // namespace Toolgate::TestSupport
