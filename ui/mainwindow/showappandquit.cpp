#include "ui/mainwindow/showappandquit.h"

#include "ui/apps/apppane.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/serverfeatures/toolpanel.h"

#include <QCoreApplication>
#include <QLabel>
#include <QMetaEnum>
#include <QPushButton>
#include <QTextStream>
#include <QTimer>

namespace Toolgate {

ShowAppAndQuit::ShowAppAndQuit(MainWindow *window, const QString &serverAndTool, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_server(serverAndTool.section(u'/', 0, 0))
    , m_tool(serverAndTool.section(u'/', 1))
    , m_poll(new QTimer(this))
{
    m_poll->setInterval(100);
    connect(m_poll, &QTimer::timeout, this, &ShowAppAndQuit::poll);
    m_poll->start();
    QTimer::singleShot(timeoutMs, this, [this] {
        const AppPane *pane = m_window->toolPanel()->appPane();
        quit(1, QStringLiteral("toolgate: no app view of %1/%2 was ready within %3 seconds (%4)")
                    .arg(m_server, m_tool)
                    .arg(timeoutMs / 1000)
                    .arg(!m_started ? QStringLiteral("the tool was not listed")
                         : pane     ? QString::fromLatin1(QMetaEnum::fromType<AppPane::State>().valueToKey(int(pane->state())))
                                    : QStringLiteral("no app pane")));
    });
}

void ShowAppAndQuit::poll()
{
    if (m_done)
        return;
    ToolPanel *panel = m_window->toolPanel();
    AppPane *pane = panel->appPane();
    if (!m_started) {
        if (!m_window->selectTool(m_server, m_tool) || !panel->runButton()->isEnabled())
            return;
        if (!pane) {
            quit(1, QStringLiteral("toolgate: this window shows no apps"));
            return;
        }
        connect(pane, &AppPane::appInitialized, this, [this] { m_initialized = true; });
        m_started = true;
        panel->run(); // asks for approval like any call, unless a remembered rule allows it
        return;
    }
    switch (pane->state()) {
    case AppPane::State::NeedsTrust:
        quit(2, QStringLiteral("toolgate: %1 offers an app, but its apps are not allowed yet: allow them in the app first")
                    .arg(m_server));
        return;
    case AppPane::State::Unavailable:
    case AppPane::State::Failed:
        quit(1, QStringLiteral("toolgate: the app cannot be shown: %1").arg(pane->infoLabel()->text()));
        return;
    case AppPane::State::Running:
        if (m_initialized && pane->bridge() && pane->bridge()->hasDeliveredResult()) {
            quit(0, QStringLiteral("app view ready: %1 from %2").arg(pane->bridge()->context().resource.uri, m_server));
            return;
        }
        return;
    case AppPane::State::Empty:
    case AppPane::State::Reading:
        return;
    }
}

void ShowAppAndQuit::quit(int code, const QString &text)
{
    if (m_done)
        return;
    m_done = true;
    m_poll->stop();
    QTextStream(code == 0 ? stdout : stderr) << text << Qt::endl;
    QCoreApplication::exit(code);
}

} // namespace Toolgate

#include "moc_showappandquit.cpp"
