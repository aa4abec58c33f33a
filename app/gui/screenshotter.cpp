#include "app/gui/screenshotter.h"

#include "ui/mainwindow/mainwindow.h"
#include "core/workspace/workspace.h"

#include <QCoreApplication>
#include <QDir>
#include <QPixmap>
#include <QTextStream>

namespace Toolgate {

Screenshotter::Screenshotter(MainWindow *window, Workspace *workspace, QString directory, QString selection, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_workspace(workspace)
    , m_directory(std::move(directory))
    , m_selection(std::move(selection))
{
    m_poll.setInterval(100);
    connect(&m_poll, &QTimer::timeout, this, &Screenshotter::check);
    m_poll.start();
    m_timeout.setSingleShot(true);
    m_timeout.setInterval(30000);
    connect(&m_timeout, &QTimer::timeout, this, &Screenshotter::capture);
    m_timeout.start();
}

void Screenshotter::check()
{
    if (!m_workspace || !m_window)
        return;
    const QList<ServerConnection *> connections = m_workspace->connections();
    const bool listed = std::any_of(connections.cbegin(), connections.cend(),
                                    [](const ServerConnection *c) { return !c->tools().isEmpty(); });
    if (!listed)
        return;
    if (!m_selection.isEmpty() && !m_window->selectTool(m_selection.section(u'/', 0, 0), m_selection.section(u'/', 1)))
        return;
    m_poll.stop();
    // Give icons (decoded in the background) and layouts a moment to settle.
    QTimer::singleShot(800, this, &Screenshotter::capture);
}

void Screenshotter::capture()
{
    if (m_capturing)
        return;
    m_capturing = true;
    m_poll.stop();
    m_timeout.stop();
    int code = 1;
    if (m_window) {
        QDir().mkpath(m_directory);
        const QString path = QDir(m_directory).filePath(QStringLiteral("main-window.png"));
        if (m_window->grab().save(path)) {
            QTextStream(stdout) << "saved " << QDir::toNativeSeparators(path) << Qt::endl;
            code = 0;
        } else {
            QTextStream(stderr) << "could not save " << QDir::toNativeSeparators(path) << Qt::endl;
        }
    }
    QCoreApplication::exit(code);
}

} // namespace Toolgate

#include "moc_screenshotter.cpp"
