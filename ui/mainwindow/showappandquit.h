#pragma once

#include <QObject>
#include <QString>

class QTimer;

namespace Toolgate {

class MainWindow;

/// --show-app-and-quit server/tool: proves, e.g. after installing a package, that the app renders
/// MCP Apps. Selects the tool once its server lists it, runs it with no arguments through the
/// pipeline as always (the approval dialog, or a rule the person remembered), and once the app
/// view has said initialized and has the tool's result, prints "app view ready: URI from SERVER"
/// and quits with 0. Says why and quits with 1 when the app cannot be shown (or nothing happens
/// within a minute), with 2 when the server's apps are not allowed yet: nothing is allowed for
/// the person here.
class ShowAppAndQuit final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ShowAppAndQuit)
public:
    /// window is not owned and must outlive this object.
    ShowAppAndQuit(MainWindow *window, const QString &serverAndTool, QObject *parent = nullptr);

    static constexpr int timeoutMs = 60000;

private:
    void poll();
    void quit(int code, const QString &text);

    MainWindow *m_window;
    QString m_server;
    QString m_tool;
    QTimer *m_poll;
    bool m_started = false;
    bool m_initialized = false;
    bool m_done = false;
};

} // namespace Toolgate
