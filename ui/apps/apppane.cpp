#include "ui/apps/apppane.h"

#include <algorithm>

#include "core/apps/appcsp.h"
#include "core/apps/apphost.h"
#include "core/apps/appmeta.h"
#include "core/apps/apptrust.h"
#include "core/common/plugins.h"
#include "ui/viewers/viewerstyle.h"
#ifdef TOOLGATE_HAVE_WEBENGINE
#include "ui/apps/appview.h"
#endif

#include <QDesktopServices>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStackedWidget>
#include <QTimeZone>
#include <QVBoxLayout>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace Toolgate {

namespace {

int s_liveViews = 0;
constexpr int initialViewHeight = 320;

// Holds the app's view. The height the app asks for is what the holder would like, not what it must
// have: on a short screen the window's layout gives it less (down to AppPane::minViewHeight) instead of
// the app raising the window's minimum height past the screen (issue 34).
class AppViewFrame final : public QFrame
{
public:
    using QFrame::QFrame;

    void setWantedHeight(int height)
    {
        m_wantedHeight = height;
        setMinimumHeight(qMin(height, AppPane::minViewHeight + 2));
        setMaximumHeight(height);
        updateGeometry();
    }

    QSize sizeHint() const override { return QSize(QFrame::sizeHint().width(), m_wantedHeight); }

private:
    int m_wantedHeight = 0;
};

QString colorName(const QColor &color)
{
    return color.name(QColor::HexRgb);
}

} // namespace

AppPane::AppPane(AppHost *host, AppTrust *trust, QWidget *parent)
    : QWidget(parent)
    , m_host(host)
    , m_trust(trust)
    , m_title(new QLabel(this))
    , m_close(new QPushButton(tr("Close App"), this))
    , m_stack(new QStackedWidget(this))
    , m_info(new QLabel(m_stack))
    , m_trustPage(new QWidget(m_stack))
    , m_trustText(new QLabel(m_trustPage))
    , m_allow(new QPushButton(m_trustPage))
    , m_viewHolder(new AppViewFrame(m_stack))
    , m_errorNotice(new QLabel(tr("The app reported an error — see Console"), this))
    , m_notes(new QPlainTextEdit(this))
{
    setObjectName(QStringLiteral("appPane"));
    m_title->setObjectName(QStringLiteral("appTitle"));
    m_title->setTextFormat(Qt::PlainText);
    m_title->setWordWrap(true);
    ViewerStyle::makeBold(m_title);
    m_close->setObjectName(QStringLiteral("closeAppButton"));
    m_close->setToolTip(tr("Close the app view and free what it uses"));
    m_close->setAutoDefault(false);
    m_info->setObjectName(QStringLiteral("appInfo"));
    m_info->setTextFormat(Qt::PlainText);
    m_info->setWordWrap(true);
    m_info->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_info->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_trustText->setObjectName(QStringLiteral("appTrustText"));
    m_trustText->setTextFormat(Qt::PlainText);
    m_trustText->setWordWrap(true);
    m_trustText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_allow->setObjectName(QStringLiteral("allowAppsButton"));
    m_allow->setAutoDefault(false);
    m_viewHolder->setObjectName(QStringLiteral("appViewHolder"));
    // Fixed text, never the app's: whatever the app throws, this is all it changes outside its view.
    m_errorNotice->setObjectName(QStringLiteral("appErrorNotice"));
    m_errorNotice->setTextFormat(Qt::PlainText);
    m_errorNotice->setWordWrap(true);
    QPalette noticePalette = m_errorNotice->palette();
    noticePalette.setColor(QPalette::WindowText, ViewerStyle::errorText(noticePalette));
    m_errorNotice->setPalette(noticePalette);
    m_errorNotice->hide();
    m_notes->setObjectName(QStringLiteral("appNotes"));
    m_notes->setReadOnly(true);
    m_notes->setMaximumBlockCount(200);
    m_notes->setMaximumHeight(m_notes->fontMetrics().lineSpacing() * 5 + 12);
    m_notes->hide();

    auto *trustLayout = new QVBoxLayout(m_trustPage);
    trustLayout->setContentsMargins(0, 0, 0, 0);
    trustLayout->addWidget(m_trustText);
    auto *allowRow = new QHBoxLayout;
    allowRow->addWidget(m_allow);
    allowRow->addStretch(1);
    trustLayout->addLayout(allowRow);
    trustLayout->addStretch(1);
    auto *holderLayout = new QVBoxLayout(m_viewHolder);
    holderLayout->setContentsMargins(1, 1, 1, 1);
    m_stack->addWidget(m_info);
    m_stack->addWidget(m_trustPage);
    m_stack->addWidget(m_viewHolder);

    auto *header = new QHBoxLayout;
    header->setContentsMargins(0, 0, 0, 0);
    header->addWidget(m_title, 1);
    header->addWidget(m_close, 0, Qt::AlignTop);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 6);
    layout->addLayout(header);
    layout->addWidget(m_stack);
    layout->addWidget(m_errorNotice);
    layout->addWidget(m_notes);

    connect(m_close, &QPushButton::clicked, this, [this] { closeApp(QStringLiteral("closed by the user")); });
    connect(m_allow, &QPushButton::clicked, this, [this] {
        if (m_state != State::NeedsTrust)
            return;
        m_trust->allow(m_server.name, m_server.endpoint);
        createView();
    });
    hide();
}

AppPane::~AppPane()
{
    // Calls of the view still running are cancelled by the bridge; the view goes with us.
    for (const QPointer<QMessageBox> &box : std::as_const(m_linkPrompts)) {
        if (box)
            box->disconnect(this);
    }
}

int AppPane::liveViewCount()
{
    return s_liveViews;
}

QString AppPane::unavailableReason()
{
#ifndef TOOLGATE_HAVE_WEBENGINE
    return tr("This build of Toolgate has no Qt WebEngine, so it cannot show app views. Install a build made with "
              "Qt WebEngine (on Debian, the qt6-webengine packages) to see them; the result below is what the tool returned.");
#else
    // Only whether the web engine plugin is there: loading it (and Qt WebEngine) waits for the first view.
    if (Plugins::find(QStringLiteral("webengine")).isEmpty())
        return tr("This installation of Toolgate lacks its web engine plugin (%1), so it cannot show app views. "
                  "Reinstall Toolgate to see them; the result below is what the tool returned.")
            .arg(Plugins::searchPaths().value(0));
#ifdef Q_OS_UNIX
    // Chromium refuses its sandbox as root. Toolgate does not turn the sandbox off for anyone; only
    // an explicit QTWEBENGINE_DISABLE_SANDBOX (set by a test, or a person who knows) runs views then.
    if (::geteuid() == 0 && qEnvironmentVariableIsEmpty("QTWEBENGINE_DISABLE_SANDBOX"))
        return tr("App views cannot run while Toolgate runs as root: the web engine's sandbox refuses to work for root, "
                  "and Toolgate does not run apps without it. Run Toolgate as a normal user to see this app.");
#endif
    return {};
#endif
}

void AppPane::setState(State state, const QString &info)
{
    if (!info.isEmpty())
        m_info->setText(info);
    switch (state) {
    case State::Empty: break;
    case State::Reading:
    case State::Unavailable:
    case State::Failed: m_stack->setCurrentWidget(m_info); break;
    case State::NeedsTrust: m_stack->setCurrentWidget(m_trustPage); break;
    case State::Running: m_stack->setCurrentWidget(m_viewHolder); break;
    }
    setVisible(state != State::Empty);
    if (state != State::Running)
        m_stack->setMaximumHeight(QWIDGETSIZE_MAX);
    m_close->setVisible(state == State::Running);
    if (m_state == state)
        return;
    m_state = state;
    emit stateChanged(state);
}

void AppPane::start(const ServerIdentity &server, const Tool &tool, const QJsonObject &arguments, quint64 originCallId)
{
    destroyView(QStringLiteral("another result is shown"));
    m_server = server;
    m_tool = tool;
    m_arguments = arguments;
    m_originCallId = originCallId;
    m_resourceUri = AppToolMeta::of(tool).resourceUri;
    m_resource.reset();
    m_result.reset();
    m_cancelled.reset();
    m_notes->clear();
    m_notes->hide();
    const int generation = ++m_generation;
    m_title->setText(tr("App: %1 (from %2)").arg(m_resourceUri, server.name));
    if (const QString why = unavailableReason(); !why.isEmpty()) {
        setState(State::Unavailable, why);
        return;
    }
    setState(State::Reading, tr("Reading the app from %1…").arg(server.name));
    m_host->readResource(server.name, m_resourceUri, this, [this, generation](const Result<ReadResourceResult> &read) {
        if (generation != m_generation)
            return;
        if (!read) {
            setState(State::Failed, tr("The app could not be read from %1: %2").arg(m_server.name, read.error().message));
            return;
        }
        auto app = AppResource::fromReadResult(m_resourceUri, read.value());
        if (!app) {
            setState(State::Failed, tr("The app cannot be shown: %1").arg(app.error().message));
            return;
        }
        m_resource = std::move(app).value();
        if (m_trust->isAllowed(m_server.name, m_server.endpoint))
            createView();
        else
            showTrustQuestion();
    });
}

void AppPane::showTrustQuestion()
{
    const AppResource &app = *m_resource;
    QStringList lines;
    lines.append(tr("%1 offers an app to show this result: %2 (%3 KB).").arg(m_server.name, app.uri).arg((app.html.size() + 1023) / 1024));
    lines.append(tr("An app is a web page from the server. Toolgate runs it in a sandbox, and every tool call it makes still "
                    "asks you first. Its content policy:"));
    for (const QString &line : AppCsp(app.meta.csp).plainWords())
        lines.append(QStringLiteral("  • ") + line);
    if (!app.meta.permissions.isEmpty()) {
        QStringList wants;
        for (const QString &permission : app.meta.permissions)
            wants.append(McpApps::permissionText(permission));
        lines.append(tr("It may ask to %1. Toolgate asks you before it gets any of these.").arg(wants.join(QStringLiteral(", "))));
    }
    for (const QString &problem : app.meta.problems)
        lines.append(tr("Ignored: %1").arg(problem));
    lines.append(tr("Allow apps from %1? Toolgate remembers this for the server; you can take it back on the server's page.")
                     .arg(m_server.name));
    m_trustText->setText(lines.join(u'\n'));
    m_allow->setText(tr("Allow Apps from %1").arg(m_server.name));
    setState(State::NeedsTrust);
}

AppHostEnvironment AppPane::environment() const
{
    AppHostEnvironment environment;
    const QPalette p = palette();
    environment.theme = p.color(QPalette::Window).lightness() < 128 ? QStringLiteral("dark") : QStringLiteral("light");
    environment.styleVariables = QJsonObject{
        {QStringLiteral("--color-background-primary"), colorName(p.color(QPalette::Base))},
        {QStringLiteral("--color-background-secondary"), colorName(p.color(QPalette::AlternateBase))},
        {QStringLiteral("--color-text-primary"), colorName(p.color(QPalette::Text))},
        {QStringLiteral("--color-text-secondary"), colorName(ViewerStyle::mutedText(p))},
        {QStringLiteral("--color-border-primary"), colorName(p.color(QPalette::Mid))},
        {QStringLiteral("--color-ring-primary"), colorName(p.color(QPalette::Highlight))},
        {QStringLiteral("--font-sans"), QStringLiteral("\"%1\", sans-serif").arg(font().family())},
    };
    environment.containerWidth = qMax(0, m_viewHolder->width() - 2);
    environment.maxHeight = maxViewHeight;
    environment.locale = QLocale().bcp47Name();
    environment.timeZone = QString::fromUtf8(QTimeZone::systemTimeZoneId());
    return environment;
}

void AppPane::createView()
{
    if (!m_resource)
        return;
    AppViewContext context;
    context.server = m_server;
    context.tool = m_tool;
    context.arguments = m_arguments;
    context.resource = *m_resource;
    context.originCallId = m_originCallId;
    auto *bridge = new AppBridge(m_host, std::move(context), environment(), this);
    m_bridge = bridge;
    connect(bridge, &AppBridge::openLinkRequested, this, &AppPane::askToOpen);
    connect(bridge, &AppBridge::questionWithdrawn, this, [this](int question) {
        if (QPointer<QMessageBox> box = m_linkPrompts.take(question); box) {
            box->disconnect(this);
            box->close();
        }
    });
    connect(bridge, &AppBridge::messageFromApp, this, [this](const QString &role, const QString &text) {
        showNote(tr("The app says (as %1): %2").arg(role, text));
    });
    connect(bridge, &AppBridge::modelContextUpdated, this, [this](const QString &text) {
        showNote(tr("The app updated what it would tell a model (there is none here): %1").arg(text));
    });
    connect(bridge, &AppBridge::problem, this, [this](const QString &text) {
        showNote(tr("Refused: %1").arg(text));
        emit consoleLine(m_server.name, QStringLiteral("[app] ") + text);
    });
    connect(bridge, &AppBridge::logMessage, this, [this](const LogMessage &message) {
        const QString logger = message.logger.isEmpty() ? QString() : QStringLiteral("[%1] ").arg(message.logger);
        emit consoleLine(m_server.name, QStringLiteral("[app] %1%2").arg(logger, message.text()));
    });
    connect(bridge, &AppBridge::sizeChanged, this, [this](int, int height) {
        if (height >= 0)
            applyHeight(height);
    });
    connect(bridge, &AppBridge::initialized, this, &AppPane::appInitialized);
    if (m_result)
        bridge->setToolResult(*m_result);
    else if (m_cancelled)
        bridge->setToolCancelled(*m_cancelled);

    auto *frame = static_cast<QFrame *>(m_viewHolder);
    const bool border = m_resource->meta.prefersBorder.value_or(true);
    frame->setFrameShape(border ? QFrame::StyledPanel : QFrame::NoFrame);
#ifdef TOOLGATE_HAVE_WEBENGINE
    QString why;
    auto *view = AppView::create(bridge, m_viewHolder, &why);
    if (!view) {
        setState(State::Failed, tr("The app cannot be shown: Toolgate's web engine could not be loaded (%1).").arg(why));
        return;
    }
    m_viewHolder->layout()->addWidget(view);
    connect(view, &AppView::consoleMessage, this, [this](const QString &text) { emit consoleLine(m_server.name, QStringLiteral("[app] ") + text); });
    connect(view, &AppView::reportedError, m_errorNotice, &QWidget::show);
    connect(view, &AppView::rendererGone, this, [this](const QString &why) { setState(State::Failed, why); });
    ++s_liveViews;
    connect(view, &QObject::destroyed, this, [] { --s_liveViews; });
    m_view = view;
    m_deniedPermissions.clear();
    QPointer<AppView> guard(view);
    connect(view, &AppView::permissionRequested, this, [this, guard](int question, const QStringList &permissions) {
        decidePermissions(permissions, [guard, question](bool allowed) {
            if (guard)
                guard->answerPermission(question, allowed);
        });
    });
    // The engine cannot ask about the clipboard when the app writes to it: it is decided as the
    // view starts, when the resource declares it.
    if (m_resource->meta.permissions.contains(QStringLiteral("clipboardWrite"))) {
        decidePermissions({QStringLiteral("clipboardWrite")}, [guard](bool allowed) {
            if (guard)
                guard->setClipboardAllowed(allowed);
        });
    }
#endif
    applyHeight(initialViewHeight);
    setState(State::Running);
}

void AppPane::applyHeight(int height)
{
    // The app sizes itself within limits: never taller than maxViewHeight, never too small to see.
    const int h = qBound(minViewHeight, height, maxViewHeight) + 2;
    static_cast<AppViewFrame *>(m_viewHolder)->setWantedHeight(h);
    m_stack->setMaximumHeight(h);
}

void AppPane::setResult(const CallToolResult &result)
{
    if (m_result || m_cancelled)
        return;
    m_result = result;
    if (m_bridge)
        m_bridge->setToolResult(result);
}

void AppPane::setCancelled(const QString &reason)
{
    if (m_result || m_cancelled)
        return;
    m_cancelled = reason;
    if (m_bridge)
        m_bridge->setToolCancelled(reason);
}

void AppPane::closeApp(const QString &reason)
{
    ++m_generation;
    destroyView(reason);
    m_resource.reset();
    setState(State::Empty);
}

void AppPane::destroyView(const QString &reason)
{
    for (auto it = m_linkPrompts.begin(); it != m_linkPrompts.end(); ++it) {
        if (*it) {
            (*it)->disconnect(this);
            (*it)->close();
        }
    }
    m_linkPrompts.clear();
    // Unanswered permission questions go with the view (the engine drops what it asked).
    for (const QPointer<QMessageBox> &box : std::as_const(m_permissionPrompts)) {
        if (box) {
            box->disconnect(this);
            box->close();
        }
    }
    m_permissionPrompts.clear();
    m_errorNotice->hide(); // it spoke of the view that goes
    AppBridge *bridge = m_bridge;
    QWidget *view = m_view;
    m_bridge = nullptr;
    m_view = nullptr;
    if (view) {
        // Gone from sight at once; freed once the app had its chance to finish (ui/resource-teardown).
        m_viewHolder->layout()->removeWidget(view);
        view->hide();
    }
    if (!bridge) {
        delete view;
        return;
    }
    bridge->disconnect(this);
    // What the app logs while it finishes still reaches its server's console.
    const QString server = m_server.name;
    connect(bridge, &AppBridge::logMessage, this, [this, server](const LogMessage &message) {
        const QString logger = message.logger.isEmpty() ? QString() : QStringLiteral("[%1] ").arg(message.logger);
        emit consoleLine(server, QStringLiteral("[app] %1%2").arg(logger, message.text()));
    });
    QPointer<QWidget> guard(view);
    connect(bridge, &AppBridge::tornDown, bridge, [bridge, guard] {
        delete guard.data();
        bridge->deleteLater();
    });
    bridge->teardown(reason);
}

void AppPane::askToOpen(int question, const QUrl &url)
{
    auto *box = new QMessageBox(QMessageBox::Question, tr("Open Link?"),
                                tr("The app from %1 wants to open this link in your browser:").arg(m_server.name),
                                QMessageBox::NoButton, this);
    box->setObjectName(QStringLiteral("appLinkPrompt"));
    box->setTextFormat(Qt::PlainText);
    box->setInformativeText(url.toDisplayString());
    QPushButton *open = box->addButton(tr("Open Link"), QMessageBox::AcceptRole);
    open->setObjectName(QStringLiteral("openLinkButton"));
    QPushButton *cancel = box->addButton(QMessageBox::Cancel);
    box->setDefaultButton(cancel);
    box->setEscapeButton(cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    m_linkPrompts.insert(question, box);
    connect(box, &QMessageBox::finished, this, [this, question, url, box, open] {
        m_linkPrompts.remove(question);
        const bool allowed = box->clickedButton() == open;
        if (m_bridge)
            m_bridge->answerOpenLink(question, allowed);
        if (allowed) {
            QDesktopServices::openUrl(url);
            emit linkOpened(url);
        }
    });
    box->open();
}

void AppPane::decidePermissions(const QStringList &permissions, std::function<void(bool)> done)
{
    QStringList texts;
    for (const QString &permission : permissions)
        texts.append(McpApps::permissionText(permission));
    const QString what = texts.join(tr(" and "));
    const QStringList declared = m_resource ? m_resource->meta.permissions : QStringList();
    const bool allDeclared = std::all_of(permissions.begin(), permissions.end(),
                                         [&](const QString &permission) { return declared.contains(permission); });
    if (!allDeclared) {
        // Only what the app's resource declares may even be asked for.
        const QString text = tr("the app asked to %1, which its resource does not declare").arg(what);
        showNote(tr("Refused: %1").arg(text));
        emit consoleLine(m_server.name, tr("[app] refused: ") + text);
        done(false);
        return;
    }
    const QStringList granted = m_trust->grantedPermissions(m_server.name, m_server.endpoint);
    if (std::all_of(permissions.begin(), permissions.end(), [&](const QString &permission) { return granted.contains(permission); })) {
        done(true);
        return;
    }
    if (std::any_of(permissions.begin(), permissions.end(), [&](const QString &permission) { return m_deniedPermissions.contains(permission); })) {
        done(false); // the person said no for this view already
        return;
    }
    auto *box = new QMessageBox(QMessageBox::Question, tr("Allow the App?"),
                                tr("The app from %1 wants to %2.").arg(m_server.name, what), QMessageBox::NoButton, this);
    box->setObjectName(QStringLiteral("appPermissionPrompt"));
    box->setTextFormat(Qt::PlainText);
    box->setInformativeText(tr("If you allow it, Toolgate remembers this for the apps of %1; you can take it back on the "
                               "server's page. If you deny it, the app is told no.").arg(m_server.name));
    QPushButton *allow = box->addButton(tr("Allow"), QMessageBox::AcceptRole);
    allow->setObjectName(QStringLiteral("allowPermissionButton"));
    QPushButton *deny = box->addButton(tr("Deny"), QMessageBox::RejectRole);
    deny->setObjectName(QStringLiteral("denyPermissionButton"));
    box->setDefaultButton(deny);
    box->setEscapeButton(deny);
    box->setAttribute(Qt::WA_DeleteOnClose);
    m_permissionPrompts.append(box);
    connect(box, &QMessageBox::finished, this, [this, box, allow, permissions, what, done = std::move(done)] {
        m_permissionPrompts.removeAll(box);
        const bool allowed = box->clickedButton() == allow;
        for (const QString &permission : permissions) {
            if (allowed)
                m_trust->grantPermission(m_server.name, m_server.endpoint, permission);
            else if (!m_deniedPermissions.contains(permission))
                m_deniedPermissions.append(permission);
        }
        emit consoleLine(m_server.name, tr("[app] %1 to %2").arg(allowed ? tr("allowed") : tr("refused"), what));
        done(allowed);
    });
    box->open();
}

void AppPane::showNote(const QString &text)
{
    m_notes->appendPlainText(text.left(4000));
    m_notes->show();
}

} // namespace Toolgate

#include "moc_apppane.cpp"
