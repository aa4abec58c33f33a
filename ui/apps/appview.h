#pragma once

#include <QPointer>
#include <QWebEngineView>

namespace Toolgate {

class AppBridge;
class AppPage;

/// One app view: a QWebEngineView whose page holds the app in an <iframe sandbox="allow-scripts"
/// srcdoc=…> under the app's Content-Security-Policy, with a relay (in an isolated script world,
/// out of the app's reach) that carries postMessage traffic to and from the bridge over Qt
/// WebChannel. Requests the CSP does not allow are cut off before they leave, every permission
/// is denied, nothing is stored on disk, and no window, download or navigation gets out.
/// Deleting the view frees its renderer process.
class AppView final : public QWebEngineView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AppView)
public:
    /// bridge is not owned and must outlive the view.
    explicit AppView(AppBridge *bridge, QWidget *parent = nullptr);
    ~AppView() override;

    /// The renderer process of this view (0 before it started).
    qint64 rendererPid() const;

signals:
    /// What the app wrote to its console, a request that was blocked, a permission refused.
    void consoleMessage(const QString &text);
    /// The renderer died (crash, out of memory); the view shows nothing more.
    void rendererGone(const QString &why);
};

} // namespace Toolgate
