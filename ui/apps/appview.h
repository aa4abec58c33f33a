#pragma once

#include <QPointer>
#include <QWidget>

namespace Toolgate {

class AppBridge;
class AppWebEngine;
class AppWebView;

/// One app view, as the app pane holds it: the web engine plugin's view of the app
/// (ui/apps/webengine, loaded with Qt WebEngine when the first view is made, never at start),
/// wired to the app's bridge. Messages go between bridge and app, the app's requests are checked
/// against the bridge's content security policy, and what the view reports comes out as signals.
/// Deleting the view frees its renderer process.
class AppView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AppView)
public:
    /// A new view for bridge's app, or nullptr with the reason (in words for people) in *why when
    /// the web engine cannot be loaded. bridge is not owned and must outlive the view.
    static AppView *create(AppBridge *bridge, QWidget *parent, QString *why);
    ~AppView() override;

    /// The renderer process of this view (0 before it started).
    qint64 rendererPid() const;

    /// The answer to permissionRequested(question, …). Unknown questions are ignored.
    void answerPermission(int question, bool allowed);
    /// Lets the app write to the clipboard (its resource declared clipboardWrite and the person
    /// allowed it). Off until then.
    void setClipboardAllowed(bool allowed);
    bool isClipboardAllowed() const;

signals:
    /// What the app wrote to its console, a request that was blocked, a permission refused.
    void consoleMessage(const QString &text);
    /// The app let an error go uncaught or a promise fail unseen; consoleMessage() has what it was.
    void reportedError();
    /// The renderer died (crash, out of memory); the view shows nothing more.
    void rendererGone(const QString &why);
    /// The app asked for browser permissions (McpApps::permissionNames(): "camera", "microphone",
    /// "geolocation"); answer with answerPermission(question, …).
    void permissionRequested(int question, const QStringList &permissions);

private:
    AppView(AppWebEngine *engine, AppBridge *bridge, QWidget *parent);

    QPointer<AppBridge> m_bridge;
    AppWebView *m_web = nullptr; // the plugin's view; its widget is our child
};

} // namespace Toolgate
