#include "ui/servers/serverinfopanel.h"

#include "ui/servers/doctordialog.h"
#include "ui/dialogs/screenfit.h"

#include "core/apps/appmeta.h"
#include "core/apps/apptrust.h"

#include "core/client/clientsession.h"
#include "core/skills/skillentry.h"
#include "ui/items/itemheader.h"
#include "ui/models/icons.h"
#include "ui/models/serverlistmodel.h"
#include "ui/viewers/markdownbrowser.h"
#include "ui/viewers/viewerformat.h"
#include "core/common/displaytext.h"
#include "core/workspace/bubblewraplauncher.h"
#include "core/workspace/serverconnection.h"
#include "core/workspace/serversignin.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QPushButton>
#include <QScrollArea>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

QLabel *valueLabel(QWidget *parent, const QString &objectName)
{
    auto *label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Take the whole field column, so text wraps only when it really is longer than the window.
    label->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    return label;
}

// Red where something is wrong: a failed server, one that runs with the person's full rights.
void markProblem(QLabel *label, bool problem)
{
    if (problem) {
        QPalette palette = label->palette();
        palette.setColor(QPalette::WindowText, QColor(0xc6, 0x28, 0x28));
        label->setPalette(palette);
    } else {
        label->setPalette(QPalette());
    }
}

QString counted(qsizetype count, const QString &one, const QString &many)
{
    return QString::number(count) + u' ' + (count == 1 ? one : many);
}

} // namespace

ServerInfoPanel::ServerInfoPanel(QWidget *parent)
    : QWidget(parent)
    , m_header(new ItemHeader(this))
    , m_status(valueLabel(this, QStringLiteral("serverStatus")))
    , m_endpoint(valueLabel(this, QStringLiteral("serverEndpoint")))
    , m_identity(valueLabel(this, QStringLiteral("serverIdentity")))
    , m_protocol(valueLabel(this, QStringLiteral("serverProtocol")))
    , m_offers(valueLabel(this, QStringLiteral("serverOffers")))
    , m_sandboxLabel(new QLabel(tr("Sandbox:"), this))
    , m_sandbox(valueLabel(this, QStringLiteral("serverSandbox")))
    , m_instructionsLabel(new QLabel(tr("Instructions:"), this))
    , m_instructions(new MarkdownBrowser(this))
    , m_buttons(new QWidget(this))
    , m_signInLabel(new QLabel(tr("Sign-in:"), this))
    , m_signInRow(new QWidget(this))
    , m_signInText(valueLabel(m_signInRow, QStringLiteral("signInState")))
    , m_signIn(new QPushButton(tr("Sign In"), m_signInRow))
    , m_cancelSignIn(new QPushButton(tr("Cancel"), m_signInRow))
    , m_signOut(new QPushButton(tr("Sign Out"), m_signInRow))
{
    setObjectName(QStringLiteral("serverInfoPanel"));
    m_endpoint->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    // A command line has no good places to wrap; it is cut at the edge and shown whole on hover.
    m_endpoint->setWordWrap(false);
    m_endpoint->setMinimumWidth(1);
    // The server's instructions are Markdown, written for a model and the people who use it: shown
    // rendered, with nothing remote loaded; longer ones scroll rather than push the buttons away.
    m_instructions->setObjectName(QStringLiteral("serverInstructions"));
    m_instructions->setAccessibleName(tr("Instructions from the server"));
    m_instructions->setMinimumHeight(m_instructions->fontMetrics().lineSpacing() * 4 + 12);
    connect(m_instructions, &MarkdownBrowser::linkActivated, this, &ServerInfoPanel::linkActivated);
    m_instructionsLabel->setBuddy(m_instructions);
    m_instructionsLabel->setToolTip(tr("What the server says about how to use it. It comes from the server and is not checked."));

    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    form->setLabelAlignment(Qt::AlignLeft);
    {
        // A server that waits for trust (issue 16) offers the prompt again right where it says so.
        auto *statusRow = new QWidget(this);
        auto *row = new QHBoxLayout(statusRow);
        row->setContentsMargins(0, 0, 0, 0);
        row->addWidget(m_status, 1);
        m_trustButton = new QPushButton(tr("Review and Trust…"), statusRow);
        m_trustButton->setObjectName(QStringLiteral("reviewTrust"));
        m_trustButton->setToolTip(tr("Shows exactly what this server runs and lets you trust it, so it starts."));
        row->addWidget(m_trustButton, 0, Qt::AlignTop);
        m_trustButton->hide();
        connect(m_trustButton, &QPushButton::clicked, this, [this] {
            if (m_connection)
                emit trustRequested(m_connection);
        });
        // A server its sandbox stopped (issue 32) is offered exactly the grant that would have let it.
        m_grantButton = new QPushButton(statusRow);
        m_grantButton->setObjectName(QStringLiteral("grantSandboxAccess"));
        row->addWidget(m_grantButton, 0, Qt::AlignTop);
        m_grantButton->hide();
        connect(m_grantButton, &QPushButton::clicked, this, [this] {
            if (m_connection && m_connection->sandboxDenial())
                emit sandboxGrantRequested(m_connection);
        });
        // A server that does not get ready is examined step by step, right where its status says so.
        m_diagnoseButton = new QPushButton(tr("Diagnose…"), statusRow);
        m_diagnoseButton->setObjectName(QStringLiteral("diagnoseServer"));
        m_diagnoseButton->setToolTip(tr("Checks how this server is started or reached, step by step, and says what is wrong, "
                                        "in a report you can copy."));
        row->addWidget(m_diagnoseButton, 0, Qt::AlignTop);
        m_diagnoseButton->hide();
        connect(m_diagnoseButton, &QPushButton::clicked, this, &ServerInfoPanel::diagnose);
        form->addRow(tr("Status:"), statusRow);
    }
    form->addRow(tr("Runs:"), m_endpoint);
    m_sandboxLabel->setToolTip(tr("What the program may read, write and reach on this computer. Change it with Edit Server."));
    form->addRow(m_sandboxLabel, m_sandbox);
    form->addRow(tr("Calls itself:"), m_identity);
    auto *protocolLabel = new QLabel(tr("Protocol:"), this);
    protocolLabel->setToolTip(tr("The version of the Model Context Protocol, the language Toolgate and the server speak, "
                                 "that both agreed on. Older servers (legacy) start with a handshake called initialize; "
                                 "servers of the 2026-07-28 version (modern) are asked with server/discover instead. "
                                 "In brackets: whether Toolgate found it out by asking a separate copy of the server when "
                                 "it started, remembered it from an earlier start, or was told by the server's settings. "
                                 "Point at the value for the exact detail: which request decided it and how long finding out took."));
    form->addRow(protocolLabel, m_protocol);
    form->addRow(tr("Offers:"), m_offers);
    {
        m_signIn->setObjectName(QStringLiteral("signIn"));
        m_signIn->setToolTip(tr("Opens the server's sign-in page in your browser."));
        m_cancelSignIn->setObjectName(QStringLiteral("cancelSignIn"));
        m_signOut->setObjectName(QStringLiteral("signOut"));
        m_signOut->setToolTip(tr("Forgets this server's tokens; it will ask you to sign in again."));
        auto *row = new QHBoxLayout(m_signInRow);
        row->setContentsMargins(0, 0, 0, 0);
        row->addWidget(m_signInText, 1);
        row->addWidget(m_signIn, 0, Qt::AlignTop);
        row->addWidget(m_cancelSignIn, 0, Qt::AlignTop);
        row->addWidget(m_signOut, 0, Qt::AlignTop);
        form->addRow(m_signInLabel, m_signInRow);
        const auto current = [this]() -> ServerSignIn * {
            return m_signIns && m_connection ? m_signIns->signIn(m_connection->name()) : nullptr;
        };
        connect(m_signIn, &QPushButton::clicked, this, [current] { if (ServerSignIn *s = current()) s->signIn(); });
        connect(m_cancelSignIn, &QPushButton::clicked, this, [current] { if (ServerSignIn *s = current()) s->cancel(); });
        connect(m_signOut, &QPushButton::clicked, this, [current] { if (ServerSignIn *s = current()) s->signOut(); });
        m_signInLabel->hide();
        m_signInRow->hide();
    }
    {
        // MCP Apps: once allowed for a server, its app views run; this is where that is taken back.
        m_appsLabel = new QLabel(tr("Apps:"), this);
        m_appsRow = new QWidget(this);
        auto *row = new QHBoxLayout(m_appsRow);
        row->setContentsMargins(0, 0, 0, 0);
        row->addWidget(valueLabel(m_appsRow, QStringLiteral("appsState")), 1);
        m_appsRow->findChild<QLabel *>(QStringLiteral("appsState"))->setText(tr("You allowed this server's apps to show in tool results."));
        m_revokeApps = new QPushButton(tr("Stop Allowing Apps"), m_appsRow);
        m_revokeApps->setObjectName(QStringLiteral("revokeApps"));
        m_revokeApps->setToolTip(tr("Its apps will ask again before they show, and again for any camera, microphone, location or "
                                    "clipboard you allowed them. Views already open stay until closed."));
        row->addWidget(m_revokeApps, 0, Qt::AlignTop);
        form->addRow(m_appsLabel, m_appsRow);
        connect(m_revokeApps, &QPushButton::clicked, this, [this] {
            if (m_appTrust && m_connection)
                m_appTrust->revoke(m_connection->name(), m_connection->identity().endpoint);
        });
        m_appsLabel->hide();
        m_appsRow->hide();
    }
    {
        // Skills (SEP-2640): the server's skills open in a window of their own, fetched only when opened.
        m_skillsLabel = new QLabel(tr("Skills:"), this);
        m_skillsRow = new QWidget(this);
        auto *row = new QHBoxLayout(m_skillsRow);
        row->setContentsMargins(0, 0, 0, 0);
        QLabel *state = valueLabel(m_skillsRow, QStringLiteral("skillsState"));
        state->setText(tr("The server offers skills. Each is checked against the server's list before it is shown."));
        row->addWidget(state, 1);
        auto *show = new QPushButton(tr("Show Skills…"), m_skillsRow);
        show->setObjectName(QStringLiteral("showSkills"));
        row->addWidget(show, 0, Qt::AlignTop);
        form->addRow(m_skillsLabel, m_skillsRow);
        connect(show, &QPushButton::clicked, this, [this] {
            if (m_connection)
                emit skillsRequested(m_connection);
        });
        m_skillsLabel->hide();
        m_skillsRow->hide();
    }

    auto *buttons = new QHBoxLayout(m_buttons);
    buttons->setContentsMargins(0, 0, 0, 0);
    buttons->addStretch(1);

    // Below the server's name, everything scrolls: on a short screen or at 200 % each row keeps the
    // height its wrapped words need (the sandbox's take five lines) instead of being squeezed into
    // the others (issue 34).
    auto *content = new QWidget(this);
    content->setObjectName(QStringLiteral("serverInfoContent"));
    auto *body = new QVBoxLayout(content);
    body->setContentsMargins(12, 0, 12, 12);
    QVBoxLayout *page = m_header->layOutPage(this, 0);
    page->setContentsMargins(0, 0, 0, 0);
    QScrollArea *scrolled = ScreenFit::scrollable(content, this);
    // Room for several rows when the window is short, so that scrolling the window shows a page to read.
    scrolled->setMinimumHeight(fontMetrics().lineSpacing() * 8);
    page->addWidget(scrolled);
    body->addLayout(form);
    body->addWidget(m_instructionsLabel);
    body->addWidget(m_instructions, 1);
    m_stretch = new QWidget(this); // takes the room while there are no instructions
    body->addWidget(m_stretch, 1);
    body->addWidget(m_buttons);
    refresh();
}

void ServerInfoPanel::addActions(const QList<QAction *> &actions)
{
    auto *layout = static_cast<QHBoxLayout *>(m_buttons->layout());
    for (QAction *action : actions) {
        auto *button = new QToolButton(m_buttons);
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        layout->addWidget(button);
    }
}

void ServerInfoPanel::setSignInManager(SignInManager *signIns)
{
    m_signIns = signIns;
    if (signIns) {
        connect(signIns, &SignInManager::signInChanged, this, [this](const QString &name) {
            if (m_connection && m_connection->name() == name) {
                refresh(); // the status line says when the server waits for a sign-in
                refreshSignIn();
            }
        });
    }
    refreshSignIn();
}

void ServerInfoPanel::refreshSignIn()
{
    ServerSignIn *signIn = m_signIns && m_connection ? m_signIns->signIn(m_connection->name()) : nullptr;
    const bool remote = m_connection && m_connection->config().transport != ServerConfig::Transport::Stdio;
    m_signInLabel->setVisible(signIn && remote);
    m_signInRow->setVisible(signIn && remote);
    if (!signIn || !remote)
        return;
    using State = ServerSignIn::State;
    const State state = signIn->state();
    QString text = signIn->message();
    if (text.isEmpty())
        text = tr("Not signed in. The server has not asked for a sign-in.");
    m_signInText->setText(text);
    m_signIn->setVisible(state == State::SignInRequired || state == State::Failed);
    m_cancelSignIn->setVisible(state == State::SigningIn);
    m_signOut->setVisible(state == State::SignedIn);
}

void ServerInfoPanel::setConnection(ServerConnection *connection)
{
    if (m_connection)
        m_connection->disconnect(this);
    m_connection = connection;
    if (connection) {
        connect(connection, &ServerConnection::statusChanged, this, &ServerInfoPanel::refresh);
        connect(connection, &ServerConnection::configChanged, this, &ServerInfoPanel::refresh);
        connect(connection, &ServerConnection::toolsChanged, this, &ServerInfoPanel::refresh);
        connect(connection, &ServerConnection::resourcesChanged, this, &ServerInfoPanel::refresh);
        connect(connection, &ServerConnection::promptsChanged, this, &ServerInfoPanel::refresh);
        // The restart countdown, at the same moments as the server list's.
        connect(connection, &ServerConnection::restartCountdownChanged, this, [this, connection] {
            m_status->setText(ServerListModel::statusText(connection, m_signIns));
        });
    }
    refresh();
    refreshSignIn();
}

void ServerInfoPanel::setAppTrust(AppTrust *trust)
{
    m_appTrust = trust;
    if (trust)
        connect(trust, &AppTrust::changed, this, &ServerInfoPanel::refreshApps);
    refreshApps();
}

void ServerInfoPanel::refreshApps()
{
    const bool allowed = m_appTrust && m_connection
        && m_appTrust->isAllowed(m_connection->name(), m_connection->identity().endpoint);
    if (allowed) {
        QString text = tr("You allowed this server's apps to show in tool results.");
        QStringList granted;
        for (const QString &permission : m_appTrust->grantedPermissions(m_connection->name(), m_connection->identity().endpoint))
            granted.append(McpApps::permissionText(permission));
        if (!granted.isEmpty())
            text += u' ' + tr("They may %1.").arg(granted.join(QStringLiteral(", ")));
        m_appsRow->findChild<QLabel *>(QStringLiteral("appsState"))->setText(text);
    }
    m_appsLabel->setVisible(allowed);
    m_appsRow->setVisible(allowed);
}

void ServerInfoPanel::diagnose()
{
    if (!m_connection)
        return;
    auto *dialog = new DoctorDialog(m_connection->config(), !m_connection->needsTrust(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void ServerInfoPanel::refresh()
{
    refreshApps();
    const ClientSession *readyForSkills = m_connection ? m_connection->readySession() : nullptr;
    const bool offersSkills = readyForSkills && Skills::declaredIn(readyForSkills->serverCapabilities().raw);
    m_skillsLabel->setVisible(offersSkills);
    m_skillsRow->setVisible(offersSkills);
    ServerConnection *connection = m_connection;
    if (!connection) {
        m_header->setItem(Icons::action(u"server"), tr("No server selected"), {}, {}, {});
        for (QLabel *label : {m_status, m_endpoint, m_identity, m_protocol, m_offers})
            label->clear();
        m_trustButton->hide();
        m_diagnoseButton->hide();
        refreshSandbox();
        showInstructions(QString());
        return;
    }
    ClientSession *session = connection->session();
    const bool ready = connection->status() == ServerConnection::Status::Ready && session;
    const Implementation info = ready ? session->serverInfo() : Implementation();
    m_header->setItem(Icons::action(u"server"), connection->name(), {}, {},
                      ready ? info.description : QString());
    m_status->setText(ServerListModel::statusText(connection, m_signIns));
    m_trustButton->setVisible(connection->status() == ServerConnection::Status::WaitingForTrust);
    m_diagnoseButton->setVisible(connection->status() != ServerConnection::Status::Ready
                                 && connection->status() != ServerConnection::Status::Disabled
                                 && connection->status() != ServerConnection::Status::Stopped);
    markProblem(m_status, connection->status() == ServerConnection::Status::Failed);
    refreshSandbox();
    const int transport = int(connection->config().transport);
    m_endpoint->setText(transportText(transport) + QStringLiteral(" · ") + connection->config().endpoint());
    m_endpoint->setToolTip(QStringLiteral("<p>%1</p><p>%2</p>")
                               .arg(connection->config().endpoint().left(2000).toHtmlEscaped(),
                                    transportExplanation(transport).toHtmlEscaped()));
    if (ready) {
        QString identity = info.displayName();
        if (!info.version.isEmpty())
            identity += u' ' + info.version;
        m_identity->setText(tr("%1 (as the server reports it)").arg(identity.left(200)));
        const auto era = connection->eraSummary();
        // Plain words on the page; the exact detail (what decided it, the probe's time) on hover.
        m_protocol->setText(era ? era->describePlainly() : session->protocolVersion());
        m_protocol->setToolTip(era ? ViewerFormat::toolTip(era->describe()) : QString());
        const ServerCapabilities &caps = session->serverCapabilities();
        QStringList offers;
        if (caps.tools)
            offers.append(counted(connection->tools().size(), tr("tool"), tr("tools")));
        if (caps.resources)
            offers.append(counted(connection->resources().size() + connection->resourceTemplates().size(), tr("resource"), tr("resources")));
        if (caps.prompts)
            offers.append(counted(connection->prompts().size(), tr("prompt"), tr("prompts")));
        if (caps.logging)
            offers.append(tr("log messages"));
        if (caps.completions)
            offers.append(tr("suggestions while you type"));
        m_offers->setText(offers.isEmpty() ? tr("nothing") : offers.join(QStringLiteral(", ")));
        showInstructions(session->serverInitializeResult().instructions.left(50000));
    } else {
        for (QLabel *label : {m_identity, m_protocol, m_offers})
            label->setText(tr("—"));
        m_protocol->setToolTip(QString());
        showInstructions(QString());
    }
}

void ServerInfoPanel::refreshSandbox()
{
    ServerConnection *connection = m_connection;
    const bool local = connection && connection->config().transport == ServerConfig::Transport::Stdio;
    m_sandboxLabel->setVisible(local);
    m_sandbox->setVisible(local);
    const std::optional<SandboxDenial> denial = connection ? connection->sandboxDenial() : std::nullopt;
    m_grantButton->setVisible(denial.has_value());
    if (denial && denial->isHost()) {
        m_grantButton->setText(tr("Let It Reach “%1”").arg(denial->host));
        m_grantButton->setToolTip(tr("Adds %1 to the hosts its sandbox lets it reach and starts it again, once you trust it with that.")
                                      .arg(denial->host));
    } else if (denial) {
        const QString folder = QFileInfo(denial->grant.path).fileName().isEmpty() ? denial->grant.path
                                                                                 : QFileInfo(denial->grant.path).fileName();
        m_grantButton->setText(denial->grant.writable ? tr("Let It Read and Write “%1”").arg(folder)
                                                      : tr("Let It Read “%1”").arg(folder));
        m_grantButton->setToolTip(tr("Adds %1 to the folders its sandbox grants (%2) and starts it again, once you trust it with that.")
                                      .arg(QDir::toNativeSeparators(denial->grant.path),
                                           denial->grant.writable ? tr("read and write") : tr("read-only")));
    }
    if (!local)
        return;
    // The same words as the trust prompt: what it runs with, or plainly that it has your full rights.
    const BubblewrapLauncher::Description description = BubblewrapLauncher::explain(connection->config().launchSpec(),
                                                                                    connection->config().sandbox);
    QStringList lines;
    for (const QString &line : description.lines)
        lines.append(DisplayText::visible(line));
    m_sandbox->setText(lines.join(u'\n'));
    m_sandbox->setToolTip(m_sandbox->text());
    markProblem(m_sandbox, !description.confined);
}

void ServerInfoPanel::showInstructions(const QString &markdown)
{
    // The panel refreshes on every status change; rendering again would lose the reader's place.
    if (markdown != m_instructionsShown || m_instructions->isHidden() != markdown.isEmpty()) {
        m_instructionsShown = markdown;
        m_instructions->setMarkdownText(markdown);
    }
    m_instructionsLabel->setVisible(!markdown.isEmpty());
    m_instructions->setVisible(!markdown.isEmpty());
    m_stretch->setVisible(markdown.isEmpty());
}

QString ServerInfoPanel::transportText(int transport)
{
    switch (ServerConfig::Transport(transport)) {
    case ServerConfig::Transport::Stdio: return tr("Local program");
    case ServerConfig::Transport::Http: return tr("Remote server (HTTP)");
    case ServerConfig::Transport::Sse: return tr("Remote server (older HTTP+SSE)");
    }
    return {};
}

QString ServerInfoPanel::transportExplanation(int transport)
{
    switch (ServerConfig::Transport(transport)) {
    case ServerConfig::Transport::Stdio:
        return tr("Toolgate starts this program on your computer and talks to it through its input and output "
                  "(\"stdio\"). What it prints as diagnostics shows in the Console.");
    case ServerConfig::Transport::Http:
        return tr("Toolgate sends each message to this web address (\"Streamable HTTP\"); the server runs elsewhere.");
    case ServerConfig::Transport::Sse:
        return tr("An older way to reach a remote server (\"HTTP with Server-Sent Events\"), for servers that "
                  "do not support the current one.");
    }
    return {};
}

} // namespace Toolgate

#include "moc_serverinfopanel.cpp"
