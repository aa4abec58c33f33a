#pragma once

#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

class QWidget;

namespace Toolgate {

class MainWindow;
class Workspace;

/// For --screenshot: once a server's tools are listed (or a timeout passes), optionally selects a
/// tool, lets the window settle, saves it as DIR/main-window.png and quits the application.
class Screenshotter final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Screenshotter)
public:
    Screenshotter(MainWindow *window, Workspace *workspace, QString directory, QString selection, QObject *parent = nullptr);

private:
    void check();
    void capture();

    QPointer<MainWindow> m_window;
    QPointer<Workspace> m_workspace;
    QString m_directory;
    QString m_selection; // "server/tool", or empty
    QTimer m_poll;
    QTimer m_timeout;
    bool m_capturing = false;
};

} // namespace Toolgate
