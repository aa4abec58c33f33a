#include "ui/apps/appview.h"

#include "core/apps/appbridge.h"
#include "core/apps/appcsp.h"
#include "ui/apps/appwebengine.h"
#include "core/common/plugins.h"

#include <QCoreApplication>
#include <QOpenGLContext>
#include <QVBoxLayout>

#if !defined(Q_OS_MACOS)
QT_BEGIN_NAMESPACE
// Exported by Qt GUI (not in a public header): the setter behind QOpenGLContext::globalShareContext().
// Qt WebEngine declares and calls it the same way; Qt itself calls it when Qt::AA_ShareOpenGLContexts is
// set before the application object exists, which is the only public road to it.
Q_GUI_EXPORT void qt_gl_set_global_share_context(QOpenGLContext *context);
QT_END_NAMESPACE
#endif

namespace Toolgate {

namespace {

AppCsp::RequestKind cspKind(AppWebRequest kind)
{
    switch (kind) {
    case AppWebRequest::Navigation: return AppCsp::RequestKind::Navigation;
    case AppWebRequest::Frame: return AppCsp::RequestKind::Frame;
    case AppWebRequest::Connect: return AppCsp::RequestKind::Connect;
    case AppWebRequest::Resource: return AppCsp::RequestKind::Resource;
    case AppWebRequest::Other: break;
    }
    return AppCsp::RequestKind::Other;
}

// Qt WebEngine hands its rendered pages to the widgets through OpenGL textures, and so needs one OpenGL
// context that every other context shares. Qt makes it at start when Qt::AA_ShareOpenGLContexts is set
// before the application exists — and with it loads the whole OpenGL stack (Mesa with LLVM: ~65 MB
// resident under X11) into every session, apps or not. It is made here instead, before the first view and
// before Qt WebEngine is loaded (whose start-up checks for it), so a session without apps never pays.
// Every context Qt makes later — the window's, when the view turns it into an OpenGL window, and
// Chromium's — shares with it, as if it had been there from the start. As Qt does, the context is set
// even when it could not be created (no OpenGL, as on the offscreen platform): Qt WebEngine then sees an
// invalid one and draws in software, while with none at all it crashes (Qt 6.4). macOS shares differently.
void prepareSharedOpenGLContext()
{
#if !defined(Q_OS_MACOS)
    if (QOpenGLContext::globalShareContext())
        return;
    auto *context = new QOpenGLContext(qApp); // lives as long as the application, as Qt's own would
    context->setFormat(QSurfaceFormat::defaultFormat());
    context->create();
    qt_gl_set_global_share_context(context);
#endif
}

} // namespace

AppView *AppView::create(AppBridge *bridge, QWidget *parent, QString *why)
{
    prepareSharedOpenGLContext();
    // Loading the plugin loads Qt WebEngine: the first view pays for it, a session without apps never does.
    AppWebEngine *engine = Plugins::load<AppWebEngine>(QStringLiteral("webengine"), why);
    return engine ? new AppView(engine, bridge, parent) : nullptr;
}

AppView::AppView(AppWebEngine *engine, AppBridge *bridge, QWidget *parent)
    : QWidget(parent)
    , m_bridge(bridge)
{
    setObjectName(QStringLiteral("appView"));

    AppWebViewSetup setup;
    setup.html = bridge->context().resource.html;
    setup.permissions = bridge->context().resource.meta.permissions;
    setup.cspPolicy = bridge->csp().policy();
    // The page keeps the app to a tighter budget than the bridge does, so that however the channel
    // bunches messages up, the bridge (which checks again, for whatever gets past the page) never
    // drops one the page let through unanswered.
    const AppBridgeLimits &limits = bridge->limits();
    setup.maxMessageLength = int(AppBridge::maxMessageBytes);
    setup.messageBurst = limits.messageBurst / 2;
    setup.messagesPerSecond = limits.messagesPerSecond * 0.8;
    setup.lengthPerCost = int(limits.bytesPerMessageCost);
    setup.allowsRequest = [csp = bridge->csp()](const QUrl &url, AppWebRequest kind) { return csp.allows(url, cspKind(kind)); };
    // The view is our child: it never calls back after we are gone (see ~AppView()).
    setup.post = [this](const QString &message) {
        if (m_bridge)
            m_bridge->receive(message);
    };
    setup.console = [this](const QString &text) { emit consoleMessage(text); };
    setup.reportedError = [this] { emit reportedError(); };
    setup.rendererGone = [this](const QString &reason) { emit rendererGone(reason); };
    setup.permissionRequested = [this](int question, const QStringList &permissions) { emit permissionRequested(question, permissions); };
    m_web = engine->createView(setup, this);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_web->widget());
    setFocusProxy(m_web->widget());
    connect(bridge, &AppBridge::send, this, [this](const QString &message) { m_web->deliver(message); });
}

AppView::~AppView()
{
    // The web view goes first, while this object is still whole: its callbacks emit our signals.
    delete m_web->widget();
}

qint64 AppView::rendererPid() const
{
    return m_web->rendererPid();
}

void AppView::answerPermission(int question, bool allowed)
{
    m_web->answerPermission(question, allowed);
}

void AppView::setClipboardAllowed(bool allowed)
{
    m_web->setClipboardAllowed(allowed);
}

bool AppView::isClipboardAllowed() const
{
    return m_web->isClipboardAllowed();
}

} // namespace Toolgate

#include "moc_appview.cpp"
