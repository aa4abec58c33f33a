#pragma once

#include <QObject>
#include <QPointer>
#include <QStringList>

#include <memory>

class QLocalServer;

namespace Toolgate {

class MainWindow;

/// Keeps one Toolgate window per person and configuration: a second launch hands its arguments to
/// the running one, which comes to the front, instead of opening another window that would start
/// every server again. The two meet on a local socket named after the user and the configuration
/// folder (TOOLGATE_CONFIG_DIR, so tests and screenshots with a folder of their own stay apart).
class SingleInstance final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SingleInstance)
public:
    /// The socket name for configDirectory (absolute) and the current user.
    static QString serverName(const QString &configDirectory);

    /// Becomes the instance for name, or, when another already is, passes it arguments and returns
    /// null: the caller then quits. Waits for the running instance's answer in a local event loop
    /// (at most timeoutMs), before any window exists.
    static std::unique_ptr<SingleInstance> claim(const QString &name, const QStringList &arguments, int timeoutMs = 3000);

    ~SingleInstance() override;

    /// The window to bring forward when another launch arrives (not owned); a launch with
    /// --select server/tool selects that tool in it.
    void setWindow(MainWindow *window);
    QString name() const;

signals:
    /// Another launch arrived with these arguments (its command line without the program name);
    /// the window has already been brought forward.
    void activated(const QStringList &arguments);

private:
    explicit SingleInstance(std::unique_ptr<QLocalServer> server);
    void onNewConnection();

    std::unique_ptr<QLocalServer> m_server;
    QPointer<MainWindow> m_window;
};

} // namespace Toolgate
