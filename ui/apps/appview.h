#pragma once

#include <QHash>
#include <QPointer>
#include <QWebEngineView>

namespace Toolgate {

class AppBridge;
class AppPage;

/// One app view: a QWebEngineView whose page holds the app in an <iframe sandbox="allow-scripts"
/// srcdoc=…> under the app's Content-Security-Policy (allow-same-origin too, with the view's own
/// fresh origin, only for apps that declare camera, microphone or location), with a relay (in an isolated script world,
/// out of the app's reach) that carries postMessage traffic to and from the bridge over Qt
/// WebChannel. Requests the CSP does not allow are cut off before they leave, nothing is stored
/// on disk, and no window, download or navigation gets out. The frame may only ask for the
/// browser permissions its resource declares (its allow attribute); each request comes out as
/// permissionRequested() for the pane to decide, everything else is denied at once.
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

    /// The answer to permissionRequested(question, …). Unknown questions are ignored.
    void answerPermission(int question, bool allowed);
    /// Lets the app write to the clipboard (its resource declared clipboardWrite and the person
    /// allowed it). Off until then.
    void setClipboardAllowed(bool allowed);
    bool isClipboardAllowed() const;

signals:
    /// What the app wrote to its console, a request that was blocked, a permission refused.
    void consoleMessage(const QString &text);
    /// The renderer died (crash, out of memory); the view shows nothing more.
    void rendererGone(const QString &why);
    /// The app asked for browser permissions (McpApps::permissionNames(): "camera", "microphone",
    /// "geolocation"); answer with answerPermission(question, …).
    void permissionRequested(int question, const QStringList &permissions);

private:
    friend class AppPage;
    QHash<int, std::pair<QUrl, int>> m_permissionQuestions; // question → (origin, QWebEnginePage::Feature)
    int m_nextQuestion = 1;
};

} // namespace Toolgate
