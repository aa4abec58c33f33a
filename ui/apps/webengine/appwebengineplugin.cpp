// toolgate_webengine: the web engine of MCP App views, loaded with Qt WebEngine when the first app
// view is shown (ui/apps/appview.h). What it shows and relays comes in an AppWebViewSetup.

#include "ui/apps/appwebengine.h"

#include <QAuthenticator>
#include <QCoreApplication>
#include <QFile>
#include <QHash>
#include <QPointer>
#include <QWebChannel>
#include <QWebEngineDownloadRequest>
#include <QWebEngineFileSystemAccessRequest>
#include <QWebEngineNewWindowRequest>
#include <QWebEnginePage>
#include <QWebEngineProfile>
#include <QWebEngineRegisterProtocolHandlerRequest>
#include <QWebEngineScript>
#include <QWebEngineScriptCollection>
#include <QWebEngineSettings>
#include <QWebEngineUrlRequestInterceptor>
#include <QWebEngineView>
#include <QtPlugin>

namespace Toolgate {

namespace {

// The page's own URL, one per view: .invalid never resolves, and the request filter blocks it
// anyway. The engine keeps permission answers per origin for the life of the profile, which all
// views share: a fresh origin keeps one view's answers from reaching another's.
QUrl pageBaseFor(int view)
{
    return QUrl(QStringLiteral("https://view-%1.app.toolgate.invalid/").arg(view));
}

// The frame's allow attribute: the declared permissions, in the engine's names. Built from known
// names only, never from server text.
QString allowAttribute(const QStringList &permissions)
{
    QStringList features;
    for (const QString &permission : permissions) {
        if (permission == u"camera" || permission == u"microphone" || permission == u"geolocation")
            features.append(permission);
        else if (permission == u"clipboardWrite")
            features.append(QStringLiteral("clipboard-write"));
    }
    return features.join(QStringLiteral("; "));
}

// The frame's sandbox. Its document has no origin of its own (opaque) unless the resource declares
// camera, microphone or location: the engine refuses those to an opaque origin before anyone could
// be asked. Such an app gets its view's page origin (fresh per view, see pageBaseFor(), with no
// script of the page's own in it: the relay lives in another world), as the inner frame of the
// spec's web hosts gets the origin of their sandbox proxy. Everything else stays as it is.
QString sandboxAttribute(const QStringList &permissions)
{
    const bool needsOrigin = permissions.contains(QStringLiteral("camera")) || permissions.contains(QStringLiteral("microphone"))
        || permissions.contains(QStringLiteral("geolocation"));
    return needsOrigin ? QStringLiteral("allow-scripts allow-same-origin") : QStringLiteral("allow-scripts");
}

// Which declared permissions a request of the engine stands for (empty: one an app never gets).
QStringList permissionsFor(QWebEnginePage::Feature feature)
{
    switch (feature) {
    case QWebEnginePage::Geolocation: return {QStringLiteral("geolocation")};
    case QWebEnginePage::MediaAudioCapture: return {QStringLiteral("microphone")};
    case QWebEnginePage::MediaVideoCapture: return {QStringLiteral("camera")};
    case QWebEnginePage::MediaAudioVideoCapture: return {QStringLiteral("camera"), QStringLiteral("microphone")};
    default: return {}; // notifications, mouse lock, screen capture
    }
}

// The relay runs in the main frame only, in its own script world: the app (a sandboxed frame
// with an opaque origin) can neither see qt.webChannelTransport nor the relay's variables.
// It keeps the app to its bounds before anything crosses to the host: a message that is too long
// or over the budget is refused to the app from here (a request hears why at once), and the host
// hears only how many were, at most once a second.
const char *const relaySource = R"js(
(function () {
  new QWebChannel(qt.webChannelTransport, function (channel) {
    var relay = channel.objects.toolgateRelay;
    var frame = document.createElement('iframe');
    frame.setAttribute('sandbox', relay.sandbox);
    if (relay.allow)
      frame.setAttribute('allow', relay.allow);
    frame.setAttribute('title', 'app');
    frame.style.cssText = 'border:0;width:100%;height:100%;display:block';
    var budget = relay.messageBurst;
    var refilledAt = Date.now();
    var refused = 0;
    var lastWhy = '';
    function refuse(data, why) {
      if (data && typeof data === 'object' && typeof data.method === 'string' && data.id !== undefined
          && data.id !== null && frame.contentWindow)
        frame.contentWindow.postMessage({jsonrpc: '2.0', id: data.id, error: {code: -32000, message: why}}, '*');
      lastWhy = why;
      if (refused++ === 0)
        setTimeout(function () { relay.refused(refused, lastWhy); refused = 0; }, 1000);
    }
    window.addEventListener('message', function (event) {
      if (event.source !== frame.contentWindow)
        return;
      var text;
      try { text = JSON.stringify(event.data); } catch (e) { return; }
      if (typeof text !== 'string')
        return;
      if (text.length > relay.maxMessageLength) {
        refuse(event.data, 'the message has ' + text.length + ' characters; Toolgate takes at most ' + relay.maxMessageLength);
        return;
      }
      var now = Date.now();
      budget = Math.min(relay.messageBurst, budget + (now - refilledAt) * relay.messagesPerSecond / 1000);
      refilledAt = now;
      var cost = 1 + Math.floor(text.length / relay.lengthPerCost);
      if (budget < cost) {
        refuse(event.data, 'too many messages: Toolgate takes about ' + Math.floor(relay.messagesPerSecond) + ' a second; this one was refused');
        return;
      }
      budget -= cost;
      relay.post(text);
    });
    relay.deliver.connect(function (text) {
      if (frame.contentWindow)
        frame.contentWindow.postMessage(JSON.parse(text), '*');
    });
    frame.srcdoc = relay.html;
    document.body.appendChild(frame);
  });
})();
)js";

QString resourceText(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// What the prelude (appframeprelude.js) and the engine start an error line with when the app let an
// error go uncaught or a promise fail unseen: "Uncaught TypeError: …", "Uncaught (in promise) …".
bool isUncaughtError(QWebEnginePage::JavaScriptConsoleMessageLevel level, const QString &message)
{
    return level == QWebEnginePage::ErrorMessageLevel && message.startsWith(u"Uncaught");
}

/// One off-the-record profile for all app views: nothing on disk, no cookies kept, no spell
/// checking service. Created on first use, lives as long as the application.
QWebEngineProfile *appProfile()
{
    static QPointer<QWebEngineProfile> profile;
    if (!profile) {
        profile = new QWebEngineProfile(QCoreApplication::instance()); // no storage name: off the record
        profile->setHttpCacheType(QWebEngineProfile::MemoryHttpCache);
        profile->setPersistentCookiesPolicy(QWebEngineProfile::NoPersistentCookies);
        profile->setSpellCheckEnabled(false);
        // Downloads never start: an app has no business writing files.
        QObject::connect(profile.data(), &QWebEngineProfile::downloadRequested, profile.data(),
                         [](QWebEngineDownloadRequest *download) { download->cancel(); });
    }
    return profile;
}

} // namespace

/// Cuts off every request the app's CSP does not allow, before it leaves the process.
class AppRequestFilter final : public QWebEngineUrlRequestInterceptor
{
    Q_OBJECT
public:
    AppRequestFilter(std::function<bool(const QUrl &, AppWebRequest)> allows, QObject *parent)
        : QWebEngineUrlRequestInterceptor(parent)
        , m_allows(std::move(allows))
    {
    }

    void interceptRequest(QWebEngineUrlRequestInfo &info) override
    {
        AppWebRequest kind = AppWebRequest::Other;
        switch (info.resourceType()) {
        case QWebEngineUrlRequestInfo::ResourceTypeMainFrame: kind = AppWebRequest::Navigation; break;
        case QWebEngineUrlRequestInfo::ResourceTypeSubFrame: kind = AppWebRequest::Frame; break;
        case QWebEngineUrlRequestInfo::ResourceTypeXhr: kind = AppWebRequest::Connect; break;
        case QWebEngineUrlRequestInfo::ResourceTypeImage:
        case QWebEngineUrlRequestInfo::ResourceTypeScript:
        case QWebEngineUrlRequestInfo::ResourceTypeStylesheet:
        case QWebEngineUrlRequestInfo::ResourceTypeFontResource:
        case QWebEngineUrlRequestInfo::ResourceTypeMedia: kind = AppWebRequest::Resource; break;
        default: kind = AppWebRequest::Other; break;
        }
        if (m_allows && m_allows(info.requestUrl(), kind))
            return;
        info.block(true);
        emit blocked(info.requestUrl().toString(QUrl::RemoveUserInfo).left(300));
    }

signals:
    void blocked(const QString &url);

private:
    const std::function<bool(const QUrl &, AppWebRequest)> m_allows;
};

/// The object the relay script sees: the app's HTML, and one method and one signal for messages.
class AppRelay final : public QObject
{
    Q_OBJECT
    Q_PROPERTY(QString html READ html CONSTANT)
    Q_PROPERTY(QString allow READ allow CONSTANT)
    Q_PROPERTY(QString sandbox READ sandbox CONSTANT)
    Q_PROPERTY(int maxMessageLength READ maxMessageLength CONSTANT)
    Q_PROPERTY(double messageBurst READ messageBurst CONSTANT)
    Q_PROPERTY(double messagesPerSecond READ messagesPerSecond CONSTANT)
    Q_PROPERTY(int lengthPerCost READ lengthPerCost CONSTANT)
public:
    AppRelay(const AppWebViewSetup &setup, QObject *parent)
        : QObject(parent)
        , m_html(setup.html)
        , m_allow(allowAttribute(setup.permissions))
        , m_sandbox(sandboxAttribute(setup.permissions))
        , m_maxMessageLength(setup.maxMessageLength)
        , m_messageBurst(setup.messageBurst)
        , m_messagesPerSecond(setup.messagesPerSecond)
        , m_lengthPerCost(qMax(1, setup.lengthPerCost))
        , m_post(setup.post)
        , m_console(setup.console)
    {
    }
    QString html() const { return m_html; }
    QString allow() const { return m_allow; }
    QString sandbox() const { return m_sandbox; }
    int maxMessageLength() const { return m_maxMessageLength; }
    double messageBurst() const { return m_messageBurst; }
    double messagesPerSecond() const { return m_messagesPerSecond; }
    int lengthPerCost() const { return m_lengthPerCost; }

public slots:
    void post(const QString &message)
    {
        if (m_post)
            m_post(message);
    }

    /// The page refused count messages of the app since it last said so; why: the last one's reason.
    void refused(int count, const QString &why)
    {
        if (m_console)
            m_console(QCoreApplication::translate("Toolgate::AppView", "refused %n messages of the app (the last: %1)", nullptr, count)
                          .arg(why.left(300)));
    }

signals:
    void deliver(const QString &message);

private:
    const QString m_html;
    const QString m_allow;
    const QString m_sandbox;
    const int m_maxMessageLength;
    const double m_messageBurst;
    const double m_messagesPerSecond;
    const int m_lengthPerCost;
    const std::function<void(const QString &)> m_post;
    const std::function<void(const QString &)> m_console;
};

/// One app view: a QWebEngineView whose page holds the app in an <iframe sandbox="allow-scripts"
/// srcdoc=…> under the app's Content-Security-Policy (allow-same-origin too, with the view's own
/// fresh origin, only for apps that declare camera, microphone or location), with a relay (in an
/// isolated script world, out of the app's reach) that carries postMessage traffic to and from the
/// host over Qt WebChannel. Requests the policy does not allow are cut off before they leave,
/// nothing is stored on disk, and no window, download or navigation gets out. The frame may only
/// ask for the browser permissions its resource declares (its allow attribute); each request goes
/// to the host to decide, everything else is denied at once. Deleting the view frees its renderer.
class WebAppView final : public QWebEngineView, public AppWebView
{
    Q_OBJECT
public:
    WebAppView(const AppWebViewSetup &setup, QWidget *parent);

    QWidget *widget() override { return this; }

    void deliver(const QString &message) override { emit m_relay->deliver(message); }

    qint64 rendererPid() const override { return page() ? page()->renderProcessPid() : 0; }

    void answerPermission(int question, bool allowed) override
    {
        const auto it = m_permissionQuestions.constFind(question);
        if (it == m_permissionQuestions.cend() || !page())
            return;
        const auto [origin, feature] = *it;
        m_permissionQuestions.erase(it);
        page()->setFeaturePermission(origin, QWebEnginePage::Feature(feature),
                                     allowed ? QWebEnginePage::PermissionGrantedByUser : QWebEnginePage::PermissionDeniedByUser);
    }

    void setClipboardAllowed(bool allowed) override
    {
        // The engine lets a frame write to the clipboard when this is on (and its allow attribute
        // says clipboard-write); reading (paste) stays off.
        if (page())
            page()->settings()->setAttribute(QWebEngineSettings::JavascriptCanAccessClipboard, allowed);
    }

    bool isClipboardAllowed() const override
    {
        return page() && page()->settings()->testAttribute(QWebEngineSettings::JavascriptCanAccessClipboard);
    }

    void console(const QString &text)
    {
        if (m_setup.console)
            m_setup.console(text);
    }

    void reportError()
    {
        if (m_setup.reportedError)
            m_setup.reportedError();
    }

    void askPermission(int question, const QStringList &permissions)
    {
        if (m_setup.permissionRequested)
            m_setup.permissionRequested(question, permissions);
    }

    QHash<int, std::pair<QUrl, int>> m_permissionQuestions; // question → (origin, QWebEnginePage::Feature)
    int m_nextQuestion = 1;

private:
    const AppWebViewSetup m_setup;
    AppRelay *m_relay = nullptr;
};

/// The page: no navigation away, no new windows, no permissions, console to the view.
class AppPage final : public QWebEnginePage
{
    Q_OBJECT
public:
    AppPage(QWebEngineProfile *profile, WebAppView *view, QUrl base)
        : QWebEnginePage(profile, view)
        , m_view(view)
        , m_base(std::move(base))
    {
        QWebEngineSettings *s = settings();
        s->setAttribute(QWebEngineSettings::JavascriptEnabled, true);
        s->setAttribute(QWebEngineSettings::JavascriptCanOpenWindows, false);
        s->setAttribute(QWebEngineSettings::JavascriptCanAccessClipboard, false);
        s->setAttribute(QWebEngineSettings::JavascriptCanPaste, false);
        s->setAttribute(QWebEngineSettings::LocalContentCanAccessRemoteUrls, false);
        s->setAttribute(QWebEngineSettings::LocalContentCanAccessFileUrls, false);
        s->setAttribute(QWebEngineSettings::LocalStorageEnabled, false);
        s->setAttribute(QWebEngineSettings::PluginsEnabled, false);
        s->setAttribute(QWebEngineSettings::FullScreenSupportEnabled, false);
        s->setAttribute(QWebEngineSettings::ScreenCaptureEnabled, false);
        s->setAttribute(QWebEngineSettings::AllowRunningInsecureContent, false);
        s->setAttribute(QWebEngineSettings::AllowGeolocationOnInsecureOrigins, false);
        s->setAttribute(QWebEngineSettings::AllowWindowActivationFromJavaScript, false);
        s->setAttribute(QWebEngineSettings::HyperlinkAuditingEnabled, false);
        s->setAttribute(QWebEngineSettings::DnsPrefetchEnabled, false);
        s->setAttribute(QWebEngineSettings::PdfViewerEnabled, false);
        s->setAttribute(QWebEngineSettings::NavigateOnDropEnabled, false);
        s->setAttribute(QWebEngineSettings::WebRTCPublicInterfacesOnly, true);
        s->setAttribute(QWebEngineSettings::ErrorPageEnabled, false);
        s->setAttribute(QWebEngineSettings::AutoLoadIconsForPage, false);

        // Camera, microphone, location: the pane decides (declared by the resource, and the
        // person's answer). Anything else (notifications, mouse lock, screen capture): no.
        connect(this, &QWebEnginePage::featurePermissionRequested, this, [this](const QUrl &origin, Feature feature) {
            const QStringList permissions = permissionsFor(feature);
            if (permissions.isEmpty()) {
                setFeaturePermission(origin, feature, PermissionDeniedByUser);
                m_view->console(QCoreApplication::translate("Toolgate::AppView", "refused a permission apps never get (%1)").arg(int(feature)));
                return;
            }
            const int question = m_view->m_nextQuestion++;
            m_view->m_permissionQuestions.insert(question, {origin, int(feature)});
            m_view->askPermission(question, permissions);
        });
        connect(this, &QWebEnginePage::featurePermissionRequestCanceled, this, [this](const QUrl &origin, Feature feature) {
            for (auto it = m_view->m_permissionQuestions.begin(); it != m_view->m_permissionQuestions.end();) {
                if (it->first == origin && it->second == int(feature))
                    it = m_view->m_permissionQuestions.erase(it);
                else
                    ++it;
            }
        });
        connect(this, &QWebEnginePage::fileSystemAccessRequested, this, [this](QWebEngineFileSystemAccessRequest request) {
            request.reject();
            m_view->console(QCoreApplication::translate("Toolgate::AppView", "refused the app access to local files"));
        });
        connect(this, &QWebEnginePage::registerProtocolHandlerRequested, this,
                [](QWebEngineRegisterProtocolHandlerRequest request) { request.reject(); });
        connect(this, &QWebEnginePage::newWindowRequested, this, [this](QWebEngineNewWindowRequest &request) {
            m_view->console(QCoreApplication::translate("Toolgate::AppView", "blocked a new window for %1").arg(request.requestedUrl().toString().left(300)));
        });
        connect(this, &QWebEnginePage::authenticationRequired, this, [](const QUrl &, QAuthenticator *authenticator) {
            *authenticator = QAuthenticator(); // cancels
        });
    }

protected:
    bool acceptNavigationRequest(const QUrl &url, NavigationType type, bool isMainFrame) override
    {
        // The page loads once (our own HTML); the app's frame loads its srcdoc once. Nothing else:
        // links and forms in the app do not navigate anywhere (ui/open-link is the way, and asks).
        const QString scheme = url.scheme();
        if (isMainFrame) {
            if (!m_loaded && (scheme == u"data" || url.matches(m_base, QUrl::None))) {
                m_loaded = true;
                return true;
            }
        } else if (scheme == u"about") {
            return true;
        }
        m_view->console(QCoreApplication::translate("Toolgate::AppView", "blocked navigation to %1 (%2)").arg(url.toString().left(300)).arg(int(type)));
        return false;
    }

    QWebEnginePage *createWindow(WebWindowType) override { return nullptr; }

    void javaScriptConsoleMessage(JavaScriptConsoleMessageLevel level, const QString &message, int line,
                                  const QString &source) override
    {
        Q_UNUSED(line);
        Q_UNUSED(source);
        static const char *const names[] = {"info", "warning", "error"};
        m_view->console(QStringLiteral("console.%1: %2").arg(QLatin1String(names[qBound(0, int(level), 2)]), message.left(2000)));
        // The app may write such a line itself: all it gets is the same fixed notice an error gets.
        if (isUncaughtError(level, message))
            m_view->reportError();
    }

private:
    WebAppView *m_view;
    const QUrl m_base;
    bool m_loaded = false;
};

WebAppView::WebAppView(const AppWebViewSetup &setup, QWidget *parent)
    : QWebEngineView(parent)
    , m_setup(setup)
{
    setObjectName(QStringLiteral("appWebView"));
    setContextMenuPolicy(Qt::NoContextMenu);
    setAcceptDrops(false);
    static int views = 0;
    const QUrl base = pageBaseFor(++views);
    auto *page = new AppPage(appProfile(), this, base);
    auto *filter = new AppRequestFilter(setup.allowsRequest, page);
    connect(filter, &AppRequestFilter::blocked, this, [this](const QString &url) {
        console(QCoreApplication::translate("Toolgate::AppView", "blocked a request the app's content security policy does not allow: %1").arg(url));
    });
    page->setUrlRequestInterceptor(filter);
    connect(page, &QWebEnginePage::renderProcessTerminated, this,
            [this](QWebEnginePage::RenderProcessTerminationStatus status, int code) {
                if (status != QWebEnginePage::NormalTerminationStatus && m_setup.rendererGone)
                    m_setup.rendererGone(QCoreApplication::translate("Toolgate::AppView", "the app's renderer stopped (status %1, code %2)").arg(int(status)).arg(code));
            });

    auto *channel = new QWebChannel(page);
    m_relay = new AppRelay(setup, channel);
    channel->registerObject(QStringLiteral("toolgateRelay"), m_relay);
    page->setWebChannel(channel, QWebEngineScript::ApplicationWorld);
    QWebEngineScript relay;
    relay.setName(QStringLiteral("toolgate-relay"));
    relay.setWorldId(QWebEngineScript::ApplicationWorld);
    relay.setInjectionPoint(QWebEngineScript::DocumentReady);
    relay.setRunsOnSubFrames(false);
    relay.setSourceCode(resourceText(QStringLiteral(":/qtwebchannel/qwebchannel.js")) + QString::fromUtf8(relaySource));
    page->scripts().insert(relay);
    // The app's prelude: the APIs the engine lacks, and its console as text. In the app's own world
    // (it must change what the app sees), in every frame below the page, as each document is
    // created: before any script of the app. The app's policy does not apply to it (the engine's
    // own scripts are not the document's).
    QWebEngineScript prelude;
    prelude.setName(QStringLiteral("toolgate-app-prelude"));
    prelude.setWorldId(QWebEngineScript::MainWorld);
    prelude.setInjectionPoint(QWebEngineScript::DocumentCreation);
    prelude.setRunsOnSubFrames(true);
    prelude.setSourceCode(resourceText(QStringLiteral(":/toolgate/apps/appframeprelude.js")));
    page->scripts().insert(prelude);
    setPage(page);

    // The policy is set on the page and inherited by the app's srcdoc frame; the page itself runs
    // no script of its own (the relay is not subject to it, being in another world).
    const QString html = QStringLiteral(
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\">"
        "<meta http-equiv=\"Content-Security-Policy\" content=\"%1\">"
        "<style>html,body{margin:0;padding:0;height:100%;overflow:hidden;background:transparent}</style>"
        "</head><body></body></html>").arg(setup.cspPolicy.toHtmlEscaped());
    page->setHtml(html, base);
}

class WebEnginePlugin final : public QObject, public AppWebEngine
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID ToolgateAppWebEngine_iid)
    Q_INTERFACES(Toolgate::AppWebEngine)
public:
    AppWebView *createView(const AppWebViewSetup &setup, QWidget *parent) override { return new WebAppView(setup, parent); }
};

} // namespace Toolgate

#include "appwebengineplugin.moc"
