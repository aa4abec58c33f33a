#include "appview.h"

#include "apps/appbridge.h"
#include "apps/appcsp.h"
#include "apps/appwebengine.h"
#include "common/plugins.h"

#include <QVBoxLayout>

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

} // namespace

AppView *AppView::create(AppBridge *bridge, QWidget *parent, QString *why)
{
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
    setup.allowsRequest = [csp = bridge->csp()](const QUrl &url, AppWebRequest kind) { return csp.allows(url, cspKind(kind)); };
    // The view is our child: it never calls back after we are gone (see ~AppView()).
    setup.post = [this](const QString &message) {
        if (m_bridge)
            m_bridge->receive(message);
    };
    setup.console = [this](const QString &text) { emit consoleMessage(text); };
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
