#pragma once

// What the tests that drive the whole main window share: a folder that holds the window's settings
// and servers.json, showing the window, waiting for a server's tools, finding a top-level dialog.

#include "uitestsupport.h"

#include "ui/mainwindow/mainwindow.h"
#include "ui/models/tooltreemodel.h"
#include "core/workspace/serverconfigfile.h"

#include <QApplication>
#include <QFileInfo>
#include <QSettings>
#include <QSize>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace Toolgate::TestSupport {

/// The visible top-level widget of type T (a dialog the window opened), or null.
template<typename T>
T *visibleTopLevel()
{
    const QList<QWidget *> all = QApplication::topLevelWidgets();
    for (QWidget *widget : all) {
        if (auto *typed = qobject_cast<T *>(widget); typed && typed->isVisible())
            return typed;
    }
    return nullptr;
}

/// Keeps QSettings (window geometry, last choices) in folder, never in the user's own settings.
inline void keepSettingsIn(const QString &folder)
{
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, folder);
}

/// keepSettingsIn(folder), and a servers.json there that lists servers (the demo server unless
/// told otherwise). False when the file could not be written.
inline bool prepareWindowFolder(const QString &folder, const QList<ServerConfig> &servers = {demoConfig()})
{
    keepSettingsIn(folder);
    return ServerConfigFile::save(QDir(folder).filePath(QStringLiteral("servers.json")), servers).ok();
}

/// Loads the host's servers into window and shows it (at size, when one is given). False when the
/// window was not exposed.
inline bool showMainWindow(MainWindow &window, Host &host, QSize size = {})
{
    window.showLoadResult(host.loadServers());
    if (size.isValid())
        window.resize(size);
    window.show();
    return QTest::qWaitForWindowExposed(&window);
}

/// True once the window's tool tree lists server's tool (by default the demo server's echo).
inline bool waitForTool(const MainWindow &window, const QString &server = QStringLiteral("demo"),
                        const QString &tool = QStringLiteral("echo"), int timeoutMs = 20000)
{
    return QTest::qWaitFor([&] { return window.toolTreeModel()->toolIndex(server, tool).isValid(); }, timeoutMs);
}

/// Where a test saves its screenshots: TOOLGATE_SCREENSHOT_DIR when it is set (the docs take them
/// from there), else scratch, so that the pictures still have to render and save.
inline QString screenshotFolder(const QTemporaryDir &scratch)
{
    QString directory = qEnvironmentVariable("TOOLGATE_SCREENSHOT_DIR");
    if (directory.isEmpty())
        directory = scratch.path();
    QDir().mkpath(directory);
    return directory;
}

/// The set-up the main-window tests share, as a base of the test class: a temporary folder that
/// holds the settings and servers.json, the host on it and the window, made and dropped in that order.
class MainWindowFixture
{
protected:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Host> m_host;
    std::unique_ptr<MainWindow> m_window;

    QString path(const QString &name) const { return m_dir->filePath(name); }
    ServerConnection *demo() const { return m_host->workspace()->connection(QStringLiteral("demo")); }

    /// For initTestCase: standard paths in test mode; true when the demo server of this build is there.
    static bool demoServerBuilt()
    {
        QStandardPaths::setTestModeEnabled(true);
        return QFileInfo(demoConfig().command).isExecutable();
    }

    /// For init: a new folder with the settings and a servers.json listing servers. False when it
    /// could not be written.
    bool makeFolder(const QList<ServerConfig> &servers = {demoConfig()})
    {
        m_dir = std::make_unique<QTemporaryDir>();
        return m_dir->isValid() && prepareWindowFolder(m_dir->path(), servers);
    }

    /// The window on the host (not shown yet), asking gate for approvals (null: the window's own dialogs).
    MainWindow &makeWindow(ApprovalGate *gate, const QString &historyFile = QStringLiteral("argument-history.json"))
    {
        m_window = std::make_unique<MainWindow>(MainWindow::Environment{m_host.get(), gate, path(historyFile)});
        return *m_window;
    }

    /// For cleanup: the window, then the host, then the folder.
    void dropWindowHostAndFolder()
    {
        m_window.reset();
        m_host.reset();
        m_dir.reset();
    }
};

} // namespace Toolgate::TestSupport
