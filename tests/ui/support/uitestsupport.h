#pragma once

#include <functional>

// What the GUI tests share: a gate that answers approvals without a dialog, and the demo server of
// this build.

#include "core/auth/secretstore.h"
#include "core/calls/approval.h"
#include "core/host/host.h"
#include "core/workspace/serverconfig.h"
#include "core/workspace/serverconfigfile.h"
#include "core/workspace/servertrust.h"
#include "postedevents.h"

#include "ui/viewers/imagepane.h"

#include <QApplication>
#include <QDeadlineTimer>
#include <QDebug>
#include <QDir>
#include <QWidget>
#include <QList>
#include <QMetaObject>
#include <QPointer>
#include <QTest>
#include <QTimer>

#include <algorithm>

namespace Toolgate::TestSupport {

/// Answers each approval with the decision set last (allow once by default), and records what it
/// was asked.
class ScriptedGate final : public ApprovalGate
{
public:
    ApprovalDecision decision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, std::nullopt};
    QList<ApprovalRequest> requests;

    void requestApproval(const ApprovalRequest &request, QObject *context,
                         std::function<void(const ApprovalDecision &)> decide) override
    {
        requests.append(request);
        QMetaObject::invokeMethod(context, [decide = std::move(decide), d = decision] { decide(d); }, Qt::QueuedConnection);
    }
};

/// Waits until form (an ArgumentForm) has its fields and has checked its arguments: it prepares a
/// schema, and checks values that take long, off the GUI thread (SchemaChecker).
template<typename Form>
[[nodiscard]] bool waitUntilChecked(const Form *form, int timeoutMs = 30000)
{
    return QTest::qWaitFor([form] { return !form->isChecking(); }, timeoutMs);
}

/// The demo server built with these tests (never one found on PATH, e.g. an installed package's).
inline ServerConfig demoConfig()
{
    ServerConfig config;
    config.name = QStringLiteral("demo");
    config.command = QDir(QStringLiteral(TOOLGATE_BIN_DIR)).filePath(QStringLiteral("toolgate-demo-server"));
    return config;
}

/// A host like the desktop app's, with everything it keeps in folder (servers.json, approvals.json,
/// server-trust.json) and secrets in memory (tests never touch the keychain). The audit store comes from
/// TOOLGATE_AUDIT_DB, which ctest sets per test, unless auditPath names another.
/// adjust changes the options before the host is made (e.g. to advertise an extension).
/// Server trust (issue 16) is on, as in the app: the servers already in folder/servers.json when the host
/// is made count as trusted by an earlier run, unless trustListed is false (then they wait for a person,
/// like servers in a file nobody looked at). Servers added later ask as in the app.
inline std::unique_ptr<Host> guiTestHost(const QString &folder, const QString &auditPath = {},
                                         const std::function<void(Host::Options &)> &adjust = {}, bool trustListed = true)
{
    Host::Options options;
    options.initiator = CallInitiator::Gui;
    options.session.clientInfo.name = QStringLiteral("toolgate-tests");
    options.session.clientInfo.version = QStringLiteral("0");
    options.serversPath = QDir(folder).filePath(QStringLiteral("servers.json"));
    options.approvalsPath = QDir(folder).filePath(QStringLiteral("approvals.json"));
    options.auditPath = auditPath;
    options.secretStore = std::make_shared<MemorySecretStore>();
    options.signIn.opener = [](const QUrl &) { return false; };
    options.serverTrustPath = QDir(folder).filePath(QStringLiteral("server-trust.json"));
    if (adjust)
        adjust(options);
    auto host = std::make_unique<Host>(std::move(options));
    if (trustListed && host->serverTrust()) {
        const auto listed = ServerConfigFile::load(host->options().serversPath);
        for (const ServerConfig &config : listed ? listed.value() : QList<ServerConfig>{})
            (void)host->serverTrust()->trust(config, QStringLiteral("tests"));
    }
    return host;
}

/// Waits until widget's window is exposed and has taken the shape what was done to it last gives it:
/// turns of the event loop go by until one passes without a layout request or a resize anywhere in the
/// window (layouts that change a size ask their parents again, a fit waits for the layouts below) and
/// no image in it is still being decoded. For screenshots and for tests that look at geometry. False
/// when the window was not exposed or did not come to rest within timeoutMs.
[[nodiscard]] inline bool settled(QWidget *widget, int timeoutMs = 10000)
{
    QWidget *window = widget->window();
    if (!QTest::qWaitForWindowExposed(window))
        return false;
    class Activity final : public QObject
    {
    public:
        explicit Activity(QWidget *window) : m_window(window) { qApp->installEventFilter(this); }
        ~Activity() override { qApp->removeEventFilter(this); }
        int changes = 0;

    protected:
        bool eventFilter(QObject *watched, QEvent *event) override
        {
            if ((event->type() == QEvent::LayoutRequest || event->type() == QEvent::Resize) && watched->isWidgetType()) {
                auto *w = static_cast<QWidget *>(watched);
                if (m_window && (w == m_window || m_window->isAncestorOf(w)))
                    ++changes;
            }
            return false;
        }

    private:
        QPointer<QWidget> m_window;
    } activity(window);
    const auto decoding = [window] {
        const QList<ImagePane *> images = window->findChildren<ImagePane *>();
        return std::any_of(images.cbegin(), images.cend(), [](const ImagePane *image) { return image->state() == ImagePane::State::Decoding; });
    };
    QDeadlineTimer deadline(timeoutMs);
    do {
        activity.changes = 0;
        if (!turnEventLoop(int(qMax<qint64>(1, deadline.remainingTime()))))
            return false;
        if (activity.changes == 0 && !decoding())
            return true;
    } while (!deadline.hasExpired());
    qWarning() << window << "did not come to rest";
    return false;
}

/// With TOOLGATE_SCREENSHOT_DIR set (the docs take their pictures from there), saves widget as name.
inline void saveScreenshot(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("TOOLGATE_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    widget->grab().save(QDir(dir).filePath(name));
}

/// The top-level widgets still there once deferred deletes ran, each named in a warning: for a
/// cleanup() that checks a test left no window behind.
inline QWidgetList leftoverTopLevels()
{
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    const QWidgetList leftovers = QApplication::topLevelWidgets();
    for (QWidget *widget : leftovers)
        qWarning() << "left over:" << widget;
    return leftovers;
}

} // namespace Toolgate::TestSupport
