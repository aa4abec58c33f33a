#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <functional>

class QWidget;

namespace Toolgate {

/// What a request from an app view is for, as the app's content security policy tells them apart
/// (AppCsp::RequestKind).
enum class AppWebRequest { Navigation, Frame, Connect, Resource, Other };

/// Everything the web engine plugin needs to show one app, in Qt types only: the plugin links
/// Qt WebEngine, never Toolgate's libraries (common/plugins.h). AppView fills it in from the app's
/// bridge and relays the callbacks to it.
struct AppWebViewSetup
{
    QString html;            ///< the app's document, shown in a sandboxed frame (srcdoc)
    QStringList permissions; ///< the browser permissions its resource declares (McpApps names)
    QString cspPolicy;       ///< the Content-Security-Policy of the page that holds the frame
    /// Bounds on the app's messages, kept in the page before a message crosses to the host: the
    /// longest one (in characters of its JSON text), and a budget (a burst, then so many a second;
    /// a message costs one more for each lengthPerCost characters). The page refuses what is over
    /// them to the app itself and says so on the console, at most once a second.
    int maxMessageLength = 0;
    double messageBurst = 0;
    double messagesPerSecond = 0;
    int lengthPerCost = 1;
    /// Whether a request may leave the view; a refused one is blocked before it is sent.
    std::function<bool(const QUrl &url, AppWebRequest kind)> allowsRequest;
    /// A message the app posted (JSON text), for its bridge.
    std::function<void(const QString &message)> post;
    /// What the app wrote to its console, a request that was blocked, a permission refused.
    std::function<void(const QString &text)> console;
    /// The app let an error go uncaught or a promise fail unseen (the console has what it was).
    std::function<void()> reportedError;
    /// The renderer died (crash, out of memory): the view shows nothing more.
    std::function<void(const QString &why)> rendererGone;
    /// The app asked for browser permissions ("camera", "microphone", "geolocation"); answer
    /// with AppWebView::answerPermission(question, …).
    std::function<void(int question, const QStringList &permissions)> permissionRequested;
};

/// One app view made by the plugin. widget() is owned by the parent given to createView() and
/// takes this object with it when deleted.
class AppWebView
{
public:
    virtual ~AppWebView() = default;
    virtual QWidget *widget() = 0;
    /// A message for the app (JSON text), posted into its frame.
    virtual void deliver(const QString &message) = 0;
    /// The renderer process of this view (0 before it started).
    virtual qint64 rendererPid() const = 0;
    virtual void answerPermission(int question, bool allowed) = 0;
    virtual void setClipboardAllowed(bool allowed) = 0;
    virtual bool isClipboardAllowed() const = 0;
};

/// The web engine plugin (toolgate_webengine, ui/apps/webengine): Qt WebEngine is loaded with it,
/// when the first app view is shown, never at start.
class AppWebEngine
{
public:
    virtual ~AppWebEngine() = default;
    virtual AppWebView *createView(const AppWebViewSetup &setup, QWidget *parent) = 0;
};

} // namespace Toolgate

#define ToolgateAppWebEngine_iid "io.github.toolgate.AppWebEngine/1"
Q_DECLARE_INTERFACE(Toolgate::AppWebEngine, ToolgateAppWebEngine_iid)
