#include "ui/mainwindow/mainwindow.h"

#include "core/apps/apptrust.h"
#include "core/host/workspaceapphost.h"

#include "core/audit/auditlog.h"
#include "ui/audit/auditwindow.h"
#include "ui/chat/chatview.h"
#include "ui/collections/collectionspane.h"
#include "ui/collections/savecalldialog.h"
#include "core/calls/approvalpolicy.h"
#include "core/host/host.h"
#include "core/calls/taskregistry.h"
#include "core/calls/toolcall.h"
#include "core/common/jsoncompare.h"
#include "ui/compare/interfacecompareactions.h"
#include "ui/compare/resultcompareview.h"
#include "ui/servers/consoleview.h"
#include "ui/dialogs/aboutdialog.h"
#include "ui/dialogs/approvalrulesdialog.h"
#include "ui/dialogs/argumentrulesdialog.h"
#include "ui/dialogs/confirmationdialog.h" // dialogapprovalgate.h needs the complete type
#include "ui/dialogs/dialogapprovalgate.h"
#include "core/auth/secretstore.h"
#include "ui/dialogs/gettingstarteddialog.h"
#include "ui/dialogs/importdialog.h"
#include "ui/dialogs/modelsdialog.h"
#include "ui/dialogs/screenfit.h"
#include "ui/forms/argumentform.h"
#include "core/calls/argumenthistory.h"
#include "ui/items/itembrowser.h"
#include "ui/models/icons.h"
#include "ui/models/prompttreemodel.h"
#include "ui/models/resourcetreemodel.h"
#include "ui/models/serverlistmodel.h"
#include "ui/models/tooltreemodel.h"
#include "ui/serverfeatures/skillsdialog.h"
#include "ui/serverfeatures/skillsview.h"
#include "ui/serverfeatures/promptpanel.h"
#include "ui/serverfeatures/resourcedialog.h"
#include "ui/serverfeatures/resourcepanel.h"
#include "ui/servers/serverinfopanel.h"
#include "ui/servers/secretsnotice.h"
#include "ui/mainwindow/messagestatusbar.h"
#include "ui/servers/secretprompt.h"
#include "ui/servers/servertrustprompter.h"
#include "ui/servers/serverpanel.h"
#include "ui/tasks/tasksview.h"
#include "ui/serverfeatures/toolpanel.h"
#include "ui/viewers/messagebanner.h"

#include <algorithm>

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QDockWidget>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QScrollArea>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTreeView>
#include <QUrl>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

// A stacked widget is as large as the largest of its pages, shown or not: the tool page's run row made
// the server page as wide as it, past a 700-pixel screen at 200 % (issue 34). Pages not shown are
// sized Ignored, so that only the page shown counts; each gets its own policy back when it shows.
void onlyCurrentPageCounts(QStackedWidget *stack)
{
    const auto update = [stack] {
        for (int i = 0; i < stack->count(); ++i) {
            QWidget *page = stack->widget(i);
            const QVariant own = page->property("toolgateOwnSizePolicy");
            if (page == stack->currentWidget()) {
                if (own.isValid())
                    page->setSizePolicy(own.value<QSizePolicy>());
            } else {
                if (!own.isValid())
                    page->setProperty("toolgateOwnSizePolicy", QVariant::fromValue(page->sizePolicy()));
                page->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
            }
        }
    };
    QObject::connect(stack, &QStackedWidget::currentChanged, stack, update);
    update();
}

// The notices above the pages and the page shown, placed here rather than by a box layout: a box
// layout gave a notice less than its wrapped words need (its last lines cut, or drawn over the page
// when it kept a minimum height), and the splitter this sits in asks only for a minimum, which a
// layout works out for no width in particular (issue 34). Each notice gets the height its words need
// at this width, the page the rest; the minimum height is that sum, so the central area scrolls.
class NoticesAndPage final : public QWidget
{
public:
    NoticesAndPage(const QList<QWidget *> &notices, QWidget *page, QWidget *parent)
        : QWidget(parent)
        , m_notices(notices)
        , m_page(page)
    {
        for (QWidget *notice : notices)
            notice->setParent(this);
        page->setParent(this);
    }

    QSize minimumSizeHint() const override
    {
        int width = pageMinimum().width();
        for (const QWidget *notice : m_notices) {
            if (!notice->isHidden())
                width = std::max(width, notice->minimumSizeHint().width());
        }
        return {width, noticesHeight(this->width()) + pageMinimum().height()};
    }

    QSize sizeHint() const override
    {
        QSize page = m_page->sizeHint();
        for (const QWidget *notice : m_notices) {
            if (!notice->isHidden())
                page.setWidth(std::max(page.width(), notice->sizeHint().width()));
        }
        return {page.width(), noticesHeight(page.width()) + page.height()};
    }

protected:
    bool event(QEvent *event) override
    {
        const bool handled = QWidget::event(event);
        // A notice shown, hidden or given other words (it asks its parent to lay out again), or
        // another size.
        if (event->type() == QEvent::LayoutRequest || event->type() == QEvent::Resize || event->type() == QEvent::Show)
            place();
        return handled;
    }

private:
    QSize pageMinimum() const { return m_page->minimumSizeHint().expandedTo(m_page->minimumSize()); }

    int noticeHeight(const QWidget *notice, int width) const
    {
        return notice->hasHeightForWidth() ? notice->heightForWidth(width) : notice->sizeHint().height();
    }

    int noticesHeight(int width) const
    {
        int height = 0;
        for (const QWidget *notice : m_notices) {
            if (!notice->isHidden())
                height += noticeHeight(notice, width);
        }
        return height;
    }

    void place()
    {
        int y = 0;
        for (QWidget *notice : std::as_const(m_notices)) {
            if (notice->isHidden())
                continue;
            const int height = noticeHeight(notice, width());
            notice->setGeometry(0, y, width(), height);
            y += height;
        }
        m_page->setGeometry(0, y, width(), std::max(height() - y, pageMinimum().height()));
        // A new minimum: the splitter between this and the central scroll area does not pass it on,
        // so the scroll area is asked to size its content again (QScrollArea does on a LayoutRequest).
        const int minimum = minimumSizeHint().height();
        if (minimum != m_toldMinimum) {
            m_toldMinimum = minimum;
            updateGeometry();
            for (QWidget *up = parentWidget(); up; up = up->parentWidget()) {
                if (auto *area = qobject_cast<QScrollArea *>(up)) {
                    QCoreApplication::postEvent(area, new QEvent(QEvent::LayoutRequest));
                    break;
                }
            }
        }
    }

    QList<QWidget *> m_notices;
    QWidget *m_page;
    int m_toldMinimum = -1;
};

enum BrowserTab { ToolsTab, ResourcesTab, PromptsTab };

const QString settingsGroup = QStringLiteral("MainWindow");
// Set at the first start, cleared when the person dismisses the hint: it then never comes back.
const QString guideHintKey = QStringLiteral("MainWindow/showGettingStartedHint");

QWidget *buildEmptyPage(QWidget *parent)
{
    auto *page = new QWidget(parent);
    page->setObjectName(QStringLiteral("emptyPage"));
    auto *icon = new QLabel(page);
    icon->setPixmap(Icons::application().pixmap(QSize(72, 72), page->devicePixelRatioF()));
    icon->setAlignment(Qt::AlignCenter);
    auto *title = new QLabel(page);
    title->setObjectName(QStringLiteral("emptyTitle"));
    QFont big = title->font();
    big.setPointSizeF(big.pointSizeF() * 1.4);
    big.setBold(true);
    title->setFont(big);
    title->setAlignment(Qt::AlignCenter);
    auto *text = new QLabel(page);
    text->setObjectName(QStringLiteral("emptyText"));
    text->setAlignment(Qt::AlignCenter);
    text->setWordWrap(true);
    QPalette dim = text->palette();
    dim.setColor(QPalette::WindowText, dim.color(QPalette::Disabled, QPalette::WindowText));
    text->setPalette(dim);
    auto *layout = new QVBoxLayout(page);
    layout->addStretch(2);
    layout->addWidget(icon);
    layout->addSpacing(8);
    layout->addWidget(title);
    layout->addWidget(text);
    layout->addStretch(3);
    return page;
}

} // namespace

MainWindow::MainWindow(const Environment &environment, QWidget *parent)
    : QMainWindow(parent)
    , m_host(environment.host)
    , m_workspace(environment.host->workspace())
    , m_policy(environment.host->approvalPolicy())
    , m_gate(environment.gate)
    , m_pipeline(environment.host->toolCalls())
    , m_history(std::make_unique<ArgumentHistory>(environment.argumentHistoryPath))
    , m_serverModel(new ServerListModel(m_workspace, this))
    , m_toolModel(new ToolTreeModel(m_workspace, this))
    , m_resourceModel(new ResourceTreeModel(m_workspace, this))
    , m_promptModel(new PromptTreeModel(m_workspace, this))
{
    Q_ASSERT(m_host);
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(QStringLiteral("Toolgate"));
    setWindowIcon(Icons::application());
    // This window, its dialogs and the audit log never outgrow the screen they show on (issue 34).
    ScreenFit::fitWindowsAsTheyShow();
    if (!m_gate)
        m_gate = new DialogApprovalGate(this);
    m_host->setApprovalGate(m_gate);
    // A tool the server changed since the person approved it is marked in the list.
    m_toolModel->setApprovalPolicy(m_policy);

    // A restarting server takes its tools away for a moment; select the same tool again when it
    // is back, so the form (and its arguments) come back too.
    // Connected before the views exist, so this runs while the tree still has the tool current.
    connect(m_toolModel, &QAbstractItemModel::rowsAboutToBeRemoved, this, [this](const QModelIndex &parent, int first, int last) {
        ServerConnection *shown = m_toolPanel ? m_toolPanel->connection() : nullptr;
        if (!shown || m_toolModel->connection(parent) != shown || m_pages->currentWidget() != m_toolPanel)
            return;
        for (int row = first; row <= last; ++row) {
            if (m_toolModel->index(row, 0, parent).data(ToolTreeModel::ToolNameRole).toString() == m_toolPanel->tool().name) {
                m_rememberedServer = shown->name();
                m_rememberedTool = m_toolPanel->tool().name;
            }
        }
    });
    setStatusBar(new MessageStatusBar(this)); // before anything shows a message in it
    buildCentre();
    buildMenus();
    buildStatusBar();
    restoreSettings();

    // Until a server is picked, the console shows the first one rather than nothing.
    const auto defaultConsole = [this] {
        if (!m_console->connection() && m_workspace->count() > 0)
            m_console->setConnection(m_workspace->connectionAt(0));
        if (m_tasksView->server().isEmpty() && m_console->connection())
            m_tasksView->setServer(m_console->connection()->name());
    };
    connect(m_workspace, &Workspace::connectionsReset, this, defaultConsole);
    connect(m_workspace, &Workspace::connectionsReset, this, &MainWindow::fitServerList);
    connect(m_workspace, &Workspace::connectionAdded, this, &MainWindow::fitServerList);
    connect(m_workspace, &Workspace::connectionAdded, this, defaultConsole);
    connect(m_workspace, &Workspace::connectionRemoved, this, [this, defaultConsole](ServerConnection *removed) {
        if (m_console->connection() == removed)
            m_console->setConnection(nullptr);
        defaultConsole();
    });
    defaultConsole();
    if (const Result<void> trust = m_host->serverTrustLoaded(); !trust)
        statusBar()->showMessage(trust.error().message, 20000);
    if (ArgumentRules *argumentRules = m_host ? m_host->argumentRules() : nullptr; argumentRules && argumentRules->loadError())
        statusBar()->showMessage(tr("The argument rules are not used: %1").arg(argumentRules->loadError()->message), 15000);
    if (m_policy && m_policy->loadError())
        statusBar()->showMessage(tr("Your remembered decisions could not be read (%1); Toolgate will ask again.")
                                     .arg(m_policy->loadError()->message), 15000);
    if (m_policy) {
        connect(m_policy, &ApprovalPolicy::saveFailed, this, [this](const Error &error) {
            statusBar()->showMessage(tr("Your decision counts until Toolgate quits, but it could not be saved: %1").arg(error.message), 20000);
        });
    }

    // A tool whose definition changed while shown gets its new form (arguments kept).
    connect(m_toolModel, &QAbstractItemModel::dataChanged, this, [this](const QModelIndex &topLeft, const QModelIndex &bottomRight) {
        const QModelIndex current = m_toolBrowser->currentSourceIndex();
        if (ToolTreeModel::isItem(current) && current.parent() == topLeft.parent() && current.row() >= topLeft.row()
            && current.row() <= bottomRight.row() && m_browserTabs->currentWidget() == m_toolBrowser)
            showSelection(m_toolBrowser, current.siblingAtColumn(0));
    });
    connect(m_toolModel, &QAbstractItemModel::rowsInserted, this, &MainWindow::selectRememberedItem);
    connect(m_toolModel, &QAbstractItemModel::modelReset, this, &MainWindow::selectRememberedItem);
    selectRememberedItem();
}

MainWindow::~MainWindow()
{
    // Calls still waiting for the dialog gate are denied from now on: the gate goes with the window.
    m_host->setApprovalGate(nullptr);
    delete m_toolPanel;
    m_toolPanel = nullptr;
}

void MainWindow::buildCentre()
{
    m_serverPanel = new ServerPanel(m_workspace, m_serverModel, this);

    // kind names the browser's parts for tests and accessibility: "toolBrowser", "toolTree", "toolSearch".
    const auto browser = [this](ServerTreeModel *model, int nameColumn, int descriptionColumn, const QString &searchHint,
                                const QString &kind, const QString &accessibleName) {
        auto *browser = new ItemBrowser(model, nameColumn, descriptionColumn, searchHint, this);
        browser->setObjectName(kind + u"Browser");
        browser->view()->setObjectName(kind + u"Tree");
        browser->view()->setAccessibleName(accessibleName);
        browser->searchField()->setObjectName(kind + u"Search");
        return browser;
    };
    m_toolBrowser = browser(m_toolModel, ToolTreeModel::NameColumn, ToolTreeModel::DescriptionColumn, tr("Search tools"),
                            QStringLiteral("tool"), tr("Tools"));
    m_resourceBrowser = browser(m_resourceModel, ResourceTreeModel::UriColumn, ResourceTreeModel::DescriptionColumn,
                                tr("Search resources"), QStringLiteral("resource"), tr("Resources"));
    m_promptBrowser = browser(m_promptModel, PromptTreeModel::NameColumn, PromptTreeModel::DescriptionColumn,
                              tr("Search prompts"), QStringLiteral("prompt"), tr("Prompts"));

    m_browserTabs = new QTabWidget(this);
    m_browserTabs->setObjectName(QStringLiteral("browserTabs"));
    m_browserTabs->setDocumentMode(true);
    m_browserTabs->addTab(m_toolBrowser, Icons::action(u"tool"), tr("Tools"));
    m_browserTabs->addTab(m_resourceBrowser, Icons::action(u"resource"), tr("Resources"));
    m_browserTabs->addTab(m_promptBrowser, Icons::action(u"prompt"), tr("Prompts"));

    m_leftSplitter = new QSplitter(Qt::Vertical, this);
    m_leftSplitter->setObjectName(QStringLiteral("leftSplitter"));
    m_leftSplitter->addWidget(m_serverPanel);
    m_leftSplitter->addWidget(m_browserTabs);
    m_leftSplitter->setChildrenCollapsible(false);
    m_leftSplitter->setStretchFactor(0, 1);
    m_leftSplitter->setStretchFactor(1, 3);
    connect(m_leftSplitter, &QSplitter::splitterMoved, this, [this] { m_leftSplitterRestored = true; });

    // The servers file could not be read: say so above everything, with a way to retry.
    m_loadProblem = new QWidget(this);
    m_loadProblem->setObjectName(QStringLiteral("loadProblem"));
    m_loadBanner = new MessageBanner(m_loadProblem);
    m_loadBanner->setObjectName(QStringLiteral("loadBanner"));
    // A banner is at most as tall as its size hint, which is for one width: narrower, its wrapped words
    // need more lines, and it may grow to hold them (issue 34).
    m_loadBanner->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    auto *reload = new QPushButton(tr("Reload"), m_loadProblem);
    reload->setObjectName(QStringLiteral("reloadServers"));
    connect(reload, &QPushButton::clicked, this, &MainWindow::reloadServers);
    auto *problemLayout = new QHBoxLayout(m_loadProblem);
    problemLayout->setContentsMargins(8, 8, 8, 0);
    problemLayout->addWidget(m_loadBanner, 1);
    problemLayout->addWidget(reload, 0, Qt::AlignTop);
    m_loadProblem->hide();
    m_guideHint = buildGuideHint();

    m_pages = new QStackedWidget(this);
    m_pages->setObjectName(QStringLiteral("pages"));
    m_emptyPage = buildEmptyPage(m_pages);
    m_serverInfoPanel = new ServerInfoPanel(m_pages);
    m_serverInfoPanel->addActions({m_serverPanel->editServerAction(), m_serverPanel->restartServerAction()});
    // Nothing runs that nobody trusted (issue 16): the prompt shows what would run, one server at a time.
    m_trustPrompter = new ServerTrustPrompter(m_workspace, this);
    connect(m_serverInfoPanel, &ServerInfoPanel::trustRequested, m_trustPrompter, &ServerTrustPrompter::ask);
    // Without a keychain, the secret values a server needs are asked for when it starts (owned by this).
    new SecretPrompt(m_workspace, this);
    connect(m_serverInfoPanel, &ServerInfoPanel::sandboxGrantRequested, m_serverPanel, &ServerPanel::grantDeniedAccess);
    connect(m_serverInfoPanel, &ServerInfoPanel::skillsRequested, this, [this](ServerConnection *connection) {
        // One window a server, shown again when asked again; it goes when closed.
        const QString name = QStringLiteral("skillsDialog-") + connection->name();
        auto *dialog = findChild<SkillsDialog *>(name);
        if (!dialog) {
            dialog = new SkillsDialog(connection, this);
            dialog->setObjectName(name);
            dialog->setAttribute(Qt::WA_DeleteOnClose);
            // A verified skill the person confirmed goes to the chat's current conversation (made when the dock first shows).
            connect(dialog->view(), &SkillsView::useInChatConfirmed, this, [this](const SkillInstructions &skill) {
                m_chatDock->show();
                m_chatDock->raise();
                if (m_chatView)
                    m_chatView->useSkill(skill); // the chat says it is in use, or why not
            });
        }
        dialog->show();
        dialog->raise();
        dialog->activateWindow();
    });
    m_toolPanel = new ToolPanel(m_pipeline, m_host->serverRequests(), m_history.get(), m_pages);
    // Apps in tool results reach their servers only through the pipeline (approval, audit).
    m_appHost = new WorkspaceAppHost(m_workspace, m_pipeline, this);
    m_appTrust = new AppTrust(this);
    m_toolPanel->setApps(m_appHost, m_appTrust);
    m_serverInfoPanel->setAppTrust(m_appTrust);
    connect(m_toolPanel, &ToolPanel::appConsoleLine, this, [this](const QString &server, const QString &text) {
        if (ServerConnection *connection = m_workspace->connection(server))
            connection->addConsoleNote(text);
    });
    m_resourcePanel = new ResourcePanel(m_pages);
    m_promptPanel = new PromptPanel(m_pages);
    m_pages->addWidget(m_emptyPage);
    m_pages->addWidget(m_serverInfoPanel);
    m_pages->addWidget(m_toolPanel);
    m_pages->addWidget(m_resourcePanel);
    m_pages->addWidget(m_promptPanel);
    onlyCurrentPageCounts(m_pages);
    showEmptyPage(m_toolBrowser);

    m_secretsNotice = new SecretsNotice(m_workspace, this);
    connect(m_secretsNotice, &SecretsNotice::statusMessage, statusBar(), &QStatusBar::showMessage);
    auto *right = new NoticesAndPage({m_loadProblem, m_guideHint, m_secretsNotice}, m_pages, this);

    m_mainSplitter = new QSplitter(Qt::Horizontal, this);
    m_mainSplitter->setObjectName(QStringLiteral("mainSplitter"));
    m_mainSplitter->addWidget(m_leftSplitter);
    m_mainSplitter->addWidget(right);
    m_mainSplitter->setChildrenCollapsible(false);
    m_mainSplitter->setStretchFactor(0, 0);
    m_mainSplitter->setStretchFactor(1, 1);
    // A short screen or a large scale factor scrolls the panes rather than raising the window's minimum
    // size past the screen (issue 34); with room enough, the scroll area shows nothing of itself.
    setCentralWidget(ScreenFit::scrollable(m_mainSplitter, this));

    m_console = new ConsoleView(this);
    auto *dock = new QDockWidget(tr("Console"), this);
    dock->setObjectName(QStringLiteral("consoleDock"));
    dock->setWidget(m_console);
    dock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::BottomDockWidgetArea, dock);

    // Tasks: the calls servers run as tasks, of the server the console shows, beside the console.
    m_tasksView = new TasksView(m_host->tasks(), this);
    auto *tasksDock = new QDockWidget(tr("Tasks"), this);
    tasksDock->setObjectName(QStringLiteral("tasksDock"));
    tasksDock->setWidget(m_tasksView);
    tasksDock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::BottomDockWidgetArea, tasksDock);
    tabifyDockWidget(dock, tasksDock);
    dock->raise();
    // Until a server runs a call as a task, the Tasks tab stays away (View › Tasks shows it): its tab bar
    // would cost the pages height a small laptop screen does not have (issue 14).
    tasksDock->hide();
    connect(m_tasksView, &TasksView::runningCountChanged, tasksDock, [tasksDock](int running) {
        tasksDock->setWindowTitle(running > 0 ? tr("Tasks (%1 running)").arg(running) : tr("Tasks"));
        if (running > 0 && tasksDock->isHidden())
            tasksDock->show();
    });
    connect(m_tasksView, &TasksView::resourceLinkActivated, this, [this](const QString &server, const QString &uri) {
        openResource(m_workspace->connection(server), uri);
    });
    connect(m_tasksView, &TasksView::linkActivated, this, &MainWindow::openLink);

    // Collections (issue 19): beside the console, out of the way until View › Collections or a saved call.
    m_collectionsPane = new CollectionsPane(m_pipeline, m_workspace, this);
    auto *collectionsDock = new QDockWidget(tr("Collections"), this);
    collectionsDock->setObjectName(QStringLiteral("collectionsDock"));
    // Its list and its buttons scroll in a short dock rather than being cut off (issue 34).
    collectionsDock->setWidget(ScreenFit::scrollable(m_collectionsPane, collectionsDock));
    collectionsDock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::BottomDockWidgetArea, collectionsDock);
    tabifyDockWidget(dock, collectionsDock);
    dock->raise();
    collectionsDock->hide();
    connect(m_collectionsPane, &CollectionsPane::message, this, [this](const QString &text) { statusBar()->showMessage(text, 8000); });
    connect(m_collectionsPane, &CollectionsPane::compareResultsRequested, this,
            [this](const QString &beforeTitle, const CallToolResult &before, const QString &afterTitle, const CallToolResult &after) {
                ResultCompareDialog::open(this, beforeTitle, before, afterTitle, after);
            });
    // Chat (issue 31): on the right, out of the way until View › Chat; the view is made when first shown,
    // so that a start without it reads no conversations.
    m_chatDock = new QDockWidget(tr("Chat"), this);
    m_chatDock->setObjectName(QStringLiteral("chatDock"));
    m_chatDock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::RightDockWidgetArea, m_chatDock);
    m_chatDock->hide();
    connect(m_chatDock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (!visible || m_chatView)
            return;
        m_chatView = new ChatView(ChatView::Environment{m_host, {}, {}}, m_chatDock);
        m_chatDock->setWidget(m_chatView);
        connect(m_chatView, &ChatView::modelSettingsRequested, this, &MainWindow::showModels);
        connect(m_chatView, &ChatView::linkActivated, this, &MainWindow::openLink);
        connect(m_chatView, &ChatView::message, this, [this](const QString &text) { statusBar()->showMessage(text, 8000); });
    });
    connect(m_tasksView, &TasksView::message, this, [this](const QString &text) { statusBar()->showMessage(text, 8000); });
    if (TaskRegistry *tasks = m_host->tasks()) {
        connect(tasks, &TaskRegistry::entryAdded, this, [this, tasks](quint64 callId) {
            if (const std::optional<TaskRegistry::Entry> entry = tasks->entry(callId))
                statusBar()->showMessage(tr("%1 on %2 runs as a task: see Tasks.").arg(entry->tool.displayName().left(100), entry->server.name), 8000);
        });
    }

    // Wiring: what is selected decides the centre page and the console.
    const auto watch = [this](ItemBrowser *browser) {
        connect(browser, &ItemBrowser::currentChanged, this, [this, browser](const QModelIndex &index) {
            if (m_browserTabs->currentWidget() == browser)
                showSelection(browser, index);
            // The person chose a tool; no need to restore what was selected before.
            if (browser == m_toolBrowser && ServerTreeModel::isItem(index))
                m_rememberedServer.clear();
        });
    };
    watch(m_toolBrowser);
    watch(m_resourceBrowser);
    watch(m_promptBrowser);
    connect(m_toolBrowser, &ItemBrowser::activated, this, [this](const QModelIndex &index) {
        if (ToolTreeModel::isItem(index))
            m_toolPanel->argumentForm()->focusFirstField();
    });
    connect(m_browserTabs, &QTabWidget::currentChanged, this, [this] {
        if (auto *browser = qobject_cast<ItemBrowser *>(m_browserTabs->currentWidget()))
            showSelection(browser, browser->currentSourceIndex());
    });
    connect(m_serverPanel, &ServerPanel::currentConnectionChanged, this, [this](ServerConnection *connection) {
        setConsoleServer(connection);
        if (connection) {
            // Clicking a server in the list shows it; the tree's selection no longer applies, and
            // every tree brings that server's items into view.
            if (auto *browser = qobject_cast<ItemBrowser *>(m_browserTabs->currentWidget())) {
                const QSignalBlocker blocker(browser);
                browser->view()->selectionModel()->clearCurrentIndex();
                browser->view()->clearSelection();
            }
            for (ItemBrowser *browser : {m_toolBrowser, m_resourceBrowser, m_promptBrowser})
                browser->revealServer(connection);
            m_serverInfoPanel->setConnection(connection);
            m_pages->setCurrentWidget(m_serverInfoPanel);
        }
    });
    connect(m_serverPanel, &ServerPanel::message, this, [this](const QString &text) { statusBar()->showMessage(text, 5000); });
    m_interfaceActions = new InterfaceCompareActions(m_workspace, [panel = m_serverPanel] { return panel->currentConnection(); }, this);
    m_serverPanel->addContextActions(m_interfaceActions->actions());
    connect(m_serverPanel, &ServerPanel::currentConnectionChanged, m_interfaceActions, &InterfaceCompareActions::updateActions);
    connect(m_interfaceActions, &InterfaceCompareActions::message, this, [this](const QString &text) {
        if (text.isEmpty())
            statusBar()->clearMessage();
        else
            statusBar()->showMessage(text, 8000);
    });

    connect(m_toolPanel, &ToolPanel::resourceLinkActivated, this, &MainWindow::openResource);
    connect(m_resourcePanel, &ResourcePanel::resourceLinkActivated, this, &MainWindow::openResource);
    connect(m_promptPanel, &PromptPanel::resourceLinkActivated, this, &MainWindow::openResource);
    connect(m_toolPanel, &ToolPanel::linkActivated, this, &MainWindow::openLink);
    connect(m_resourcePanel, &ResourcePanel::linkActivated, this, &MainWindow::openLink);
    connect(m_serverInfoPanel, &ServerInfoPanel::linkActivated, this, &MainWindow::openLink);
    connect(m_toolPanel, &ToolPanel::message, this, [this](const QString &text) { statusBar()->showMessage(text, 8000); });
    connect(m_toolPanel, &ToolPanel::saveCallRequested, this, &MainWindow::showSaveCallDialog);
    connect(m_resourcePanel, &ResourcePanel::message, this, [this](const QString &text) { statusBar()->showMessage(text, 8000); });
    connect(m_toolPanel, &ToolPanel::runningCountChanged, this, &MainWindow::updateSummary);
}

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *import = file->addAction(Icons::action(u"import"), tr("&Import Servers…"), this, &MainWindow::importServers);
    import->setObjectName(QStringLiteral("importServers"));
    QAction *reload = file->addAction(tr("&Reload Servers File"), this, &MainWindow::reloadServers);
    reload->setObjectName(QStringLiteral("reloadServersAction"));
    file->addAction(tr("Open &Configuration Folder"), this, [this] {
        QDesktopServices::openUrl(QUrl::fromLocalFile(QFileInfo(m_workspace->configPath()).absolutePath()));
    });
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu *servers = menuBar()->addMenu(tr("&Servers"));
    servers->addAction(m_serverPanel->addServerAction());
    servers->addAction(m_serverPanel->editServerAction());
    servers->addAction(m_serverPanel->removeServerAction());
    servers->addSeparator();
    servers->addAction(m_serverPanel->toggleServerAction());
    servers->addAction(m_serverPanel->restartServerAction());
    servers->addAction(m_serverPanel->probeEraAgainAction());
    servers->addSeparator();
    servers->addActions(m_interfaceActions->actions());
    servers->addSeparator();
    servers->addAction(tr("Restart &All"), this, [this] {
        const QList<ServerConnection *> connections = m_workspace->connections();
        for (ServerConnection *connection : connections) {
            if (connection->config().enabled)
                connection->restart();
        }
    });

    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *find = view->addAction(Icons::action(u"search"), tr("&Find"), this, [this] {
        if (auto *browser = qobject_cast<ItemBrowser *>(m_browserTabs->currentWidget())) {
            browser->searchField()->setFocus();
            browser->searchField()->selectAll();
        }
    });
    find->setShortcut(QKeySequence::Find);
    view->addSeparator();
    const QList<QPair<QString, int>> tabs{{tr("&Tools"), ToolsTab}, {tr("&Resources"), ResourcesTab}, {tr("&Prompts"), PromptsTab}};
    for (const auto &[label, tab] : tabs) {
        // Captured by copy under its own name: clang before 16 cannot capture a structured binding.
        QAction *action = view->addAction(label, this, [this, tab = tab] { m_browserTabs->setCurrentIndex(tab); });
        action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + tab)));
    }
    view->addSeparator();
    QAction *audit = view->addAction(tr("&Audit Log"), this, &MainWindow::showAuditLog);
    audit->setObjectName(QStringLiteral("showAuditLog"));
    audit->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    if (auto *dock = findChild<QDockWidget *>(QStringLiteral("consoleDock"))) {
        QAction *toggle = dock->toggleViewAction();
        toggle->setIcon(Icons::action(u"console"));
        toggle->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_QuoteLeft));
        view->addAction(toggle);
    }
    if (auto *dock = findChild<QDockWidget *>(QStringLiteral("tasksDock"))) {
        QAction *toggle = dock->toggleViewAction();
        toggle->setObjectName(QStringLiteral("showTasks"));
        view->addAction(toggle);
    }
    if (auto *dock = findChild<QDockWidget *>(QStringLiteral("collectionsDock"))) {
        QAction *toggle = dock->toggleViewAction();
        toggle->setObjectName(QStringLiteral("showCollections"));
        view->addAction(toggle);
    }
    QAction *chat = m_chatDock->toggleViewAction();
    chat->setObjectName(QStringLiteral("showChat"));
    chat->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    view->addAction(chat);

    QMenu *settings = m_settingsMenu = menuBar()->addMenu(tr("S&ettings"));
    QAction *rules = settings->addAction(Icons::action(u"shield"), tr("&Remembered Decisions…"), this, &MainWindow::showApprovalRules);
    rules->setObjectName(QStringLiteral("approvalRules"));
    rules->setEnabled(m_policy != nullptr);
    QAction *argumentRules = settings->addAction(Icons::action(u"shield"), tr("&Argument Rules…"), this, &MainWindow::showArgumentRules);
    argumentRules->setObjectName(QStringLiteral("argumentRules"));
    QAction *models = settings->addAction(tr("&Models…"), this, &MainWindow::showModels);
    models->setObjectName(QStringLiteral("modelSettings"));

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *guide = help->addAction(tr("&Getting Started"), this, &MainWindow::showGettingStarted);
    guide->setObjectName(QStringLiteral("gettingStarted"));
    guide->setShortcut(QKeySequence::HelpContents);
    help->addSeparator();
    QAction *about = help->addAction(Icons::action(u"info"), tr("&About Toolgate"), this, &MainWindow::showAbout);
    about->setMenuRole(QAction::AboutRole);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt)->setMenuRole(QAction::AboutQtRole);
}

void MainWindow::buildStatusBar()
{
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("serverSummary"));
    static_cast<MessageStatusBar *>(statusBar())->addSummary(m_summary);
    connect(m_serverModel, &QAbstractItemModel::dataChanged, this, &MainWindow::updateSummary);
    connect(m_serverModel, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateSummary);
    // The model drops a row before the workspace drops the server (connectionAboutToBeRemoved), so
    // the count is taken again once it is gone.
    connect(m_workspace, &Workspace::connectionRemoved, this, &MainWindow::updateSummary);
    connect(m_serverModel, &QAbstractItemModel::modelReset, this, &MainWindow::updateSummary);
    connect(m_toolModel, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateSummary);
    connect(m_toolModel, &QAbstractItemModel::rowsRemoved, this, &MainWindow::updateSummary);
    updateSummary();
}

void MainWindow::updateSummary()
{
    const QList<ServerConnection *> connections = m_workspace->connections();
    int ready = 0;
    int tools = 0;
    for (const ServerConnection *connection : connections) {
        if (connection->status() == ServerConnection::Status::Ready) {
            ++ready;
            tools += int(connection->tools().size());
        }
    }
    QString text = connections.isEmpty() ? tr("No servers")
                                         : tr("%1 of %2 ready · %3").arg(ready).arg(connections.size() == 1 ? tr("1 server") : tr("%1 servers").arg(connections.size()))
                                               .arg(tools == 1 ? tr("1 tool") : tr("%1 tools").arg(tools));
    if (const int running = m_toolPanel ? m_toolPanel->runningCount() : 0; running > 0)
        text += (running == 1 ? tr(" · 1 call running") : tr(" · %1 calls running").arg(running));
    m_summary->setText(text);
}

void MainWindow::showSelection(ItemBrowser *browser, const QModelIndex &index)
{
    ServerConnection *connection = browser->model()->connection(index);
    if (connection)
        setConsoleServer(connection);
    if (!index.isValid()) {
        showEmptyPage(browser);
        return;
    }
    if (ServerTreeModel::isServer(index)) {
        m_serverInfoPanel->setConnection(connection);
        m_pages->setCurrentWidget(m_serverInfoPanel);
        return;
    }
    if (browser == m_toolBrowser) {
        const Tool tool = index.data(ToolTreeModel::ToolRole).value<Tool>();
        // Re-selecting the same tool (e.g. after a list refresh) keeps the form as it is.
        if (m_toolPanel->connection() != connection || m_toolPanel->tool().name != tool.name
            || !JsonCompare::sameMembers(m_toolPanel->tool().toJson(), tool.toJson()))
            m_toolPanel->setTool(connection, tool, index.data(Qt::DecorationRole).value<QIcon>());
        m_pages->setCurrentWidget(m_toolPanel);
    } else if (browser == m_resourceBrowser) {
        if (index.data(ResourceTreeModel::IsTemplateRole).toBool())
            m_resourcePanel->setTemplate(connection, index.data(ResourceTreeModel::ResourceTemplateRole).value<ResourceTemplate>());
        else
            m_resourcePanel->setResource(connection, index.data(ResourceTreeModel::ResourceRole).value<Resource>());
        m_pages->setCurrentWidget(m_resourcePanel);
    } else {
        m_promptPanel->setPrompt(connection, index.data(PromptTreeModel::PromptRole).value<Prompt>());
        m_pages->setCurrentWidget(m_promptPanel);
    }
}

void MainWindow::showEmptyPage(ItemBrowser *browser)
{
    // Each tab says what picking one of its items does.
    QString title;
    QString text;
    if (browser == m_resourceBrowser) {
        title = tr("Pick a resource to read it");
        text = tr("Choose a resource on the left and press Read to see what the server holds.\n"
                  "Reading a resource changes nothing on the server.");
    } else if (browser == m_promptBrowser) {
        title = tr("Pick a prompt to fill it in");
        text = tr("Choose a prompt on the left, fill in its arguments and press Get Prompt\n"
                  "to see the messages the server prepares from them.");
    } else {
        title = tr("Pick a tool to try it");
        text = tr("Choose a tool on the left, fill in its arguments and press Run.\n"
                  "Toolgate asks you before anything is sent to a server.");
    }
    m_emptyPage->findChild<QLabel *>(QStringLiteral("emptyTitle"))->setText(title);
    m_emptyPage->findChild<QLabel *>(QStringLiteral("emptyText"))->setText(text);
    m_pages->setCurrentWidget(m_emptyPage);
}

void MainWindow::setConsoleServer(ServerConnection *connection)
{
    if (connection)
        m_tasksView->setServer(connection->name());
    if (connection && m_console->connection() != connection)
        m_console->setConnection(connection);
}

AuditWindow *MainWindow::auditWindow() const
{
    return m_auditWindow;
}

void MainWindow::setAuditLog(AuditLog *log)
{
    m_auditLog = log;
    m_auditPath = log ? log->path() : QString();
    m_appHost->setAuditLog(log);
    if (m_auditWindow && log)
        connect(log, &AuditLog::recordsCommitted, m_auditWindow, &AuditWindow::noteStoreChanged, Qt::UniqueConnection);
}

void MainWindow::showAuditLog()
{
    // Once open, the window keeps itself up to date (and catches up when shown again), so the
    // record the person was looking at stays selected.
    if (!m_auditWindow) {
        m_auditWindow = new AuditWindow(m_auditPath, this);
        m_auditWindow->setRunAgainHandler([this](const QString &server, const QString &tool, const QJsonObject &arguments) {
            return prepareToolCall(server, tool, arguments);
        });
        if (m_auditLog)
            connect(m_auditLog, &AuditLog::recordsCommitted, m_auditWindow, &AuditWindow::noteStoreChanged);
        connect(m_auditWindow, &AuditWindow::saveCallRequested, this, &MainWindow::showSaveCallDialog);
    }
    m_auditWindow->show();
    m_auditWindow->raise();
    m_auditWindow->activateWindow();
}

void MainWindow::showCollections()
{
    if (auto *dock = findChild<QDockWidget *>(QStringLiteral("collectionsDock"))) {
        dock->show();
        dock->raise();
    }
}

SaveCallDialog *MainWindow::showSaveCallDialog(const SavedCall &call)
{
    const QString folder = m_collectionsPane->folder().isEmpty() ? Collection::defaultFolder() : m_collectionsPane->folder();
    // Parented to the window that asked (the audit window is a window of its own).
    QWidget *parent = sender() == m_auditWindow && m_auditWindow ? static_cast<QWidget *>(m_auditWindow) : this;
    auto *dialog = new SaveCallDialog(call, folder, parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        statusBar()->showMessage(tr("Saved to %1").arg(QDir::toNativeSeparators(dialog->savedPath())), 8000);
        m_collectionsPane->collectionFolder()->refresh();
        showCollections();
        const QString path = QFileInfo(dialog->savedPath()).absoluteFilePath();
        // Selected once the folder was read again (it is read off the GUI thread).
        auto selectOnce = std::make_shared<QMetaObject::Connection>();
        *selectOnce = connect(m_collectionsPane->collectionFolder(), &CollectionFolder::refreshed, this, [this, path, selectOnce] {
            disconnect(*selectOnce);
            m_collectionsPane->selectCollection(path);
        });
    });
    dialog->open();
    return dialog;
}

QString MainWindow::prepareToolCall(const QString &serverName, const QString &toolName, const QJsonObject &arguments)
{
    ServerConnection *connection = m_workspace->connection(serverName);
    if (!connection)
        return tr("There is no server called \"%1\" any more, so %2 cannot run again.").arg(serverName, toolName);
    if (!selectTool(serverName, toolName)) {
        if (connection->status() != ServerConnection::Status::Ready)
            return connection->notReadyError().message;
        return tr("The server \"%1\" no longer offers a tool called \"%2\".").arg(serverName, toolName);
    }
    m_toolPanel->argumentForm()->setArguments(arguments);
    raise();
    activateWindow();
    return {};
}

bool MainWindow::selectTool(const QString &serverName, const QString &toolName)
{
    const QModelIndex index = m_toolModel->toolIndex(serverName, toolName);
    if (!index.isValid())
        return false;
    m_browserTabs->setCurrentWidget(m_toolBrowser);
    m_toolBrowser->selectSourceIndex(index);
    return m_toolBrowser->currentSourceIndex() == index;
}

// Until the person sizes it, the server list is as tall as its servers (up to five of them).
void MainWindow::fitServerList()
{
    if (m_leftSplitterRestored)
        return;
    QTreeView *view = m_serverPanel->view();
    const int rows = qBound(1, m_serverModel->rowCount(), 5);
    const int rowHeight = view->sizeHintForRow(0) > 0 ? view->sizeHintForRow(0) : view->fontMetrics().height() * 2 + 12;
    const int chrome = m_serverPanel->height() - view->viewport()->height();
    const int wanted = rows * rowHeight + qMax(chrome, 30) + 6;
    const int total = qMax(m_leftSplitter->height(), 600);
    m_leftSplitter->setSizes({wanted, total - wanted});
}

void MainWindow::selectRememberedItem()
{
    if (m_rememberedServer.isEmpty() || ToolTreeModel::isItem(m_toolBrowser->currentSourceIndex()))
        return;
    if (selectTool(m_rememberedServer, m_rememberedTool))
        m_rememberedServer.clear();
}

void MainWindow::setSignInManager(SignInManager *signIns)
{
    m_serverInfoPanel->setSignInManager(signIns);
    m_serverModel->setSignInManager(signIns);
}

void MainWindow::showKeychainUnavailable(const QString &why)
{
    m_secretsNotice->showKeychainUnavailable(why);
}

void MainWindow::showLoadResult(const Result<Workspace::LoadOutcome> &result)
{
    if (!result) {
        if (m_workspace->loadError()) {
            m_loadBanner->showMessage(MessageBanner::Kind::Error, tr("Your servers file could not be read"),
                                      tr("%1\n\nToolgate has not changed the file. Fix it in a text editor, then press Reload.")
                                          .arg(result.error().message));
            m_loadProblem->show();
        } else {
            // Loaded, but writing the first-start file failed: the servers still work.
            m_loadBanner->showMessage(MessageBanner::Kind::Warning, tr("Your servers could not be saved"),
                                      result.error().message);
            m_loadProblem->show();
        }
        m_serverPanel->addServerAction()->setEnabled(!m_workspace->loadError());
        return;
    }
    m_loadProblem->hide();
    m_serverPanel->addServerAction()->setEnabled(true);
    QSettings settings;
    if (result.value() == Workspace::LoadOutcome::FirstStart) {
        statusBar()->showMessage(tr("Welcome to Toolgate! The demo server is set up so you can try some tools right away."), 15000);
        settings.setValue(guideHintKey, true);
    }
    m_guideHint->setVisible(settings.value(guideHintKey, false).toBool());
}

QWidget *MainWindow::buildGuideHint()
{
    auto *hint = new QWidget(this);
    hint->setObjectName(QStringLiteral("guideHint"));
    auto *banner = new MessageBanner(hint);
    banner->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred); // grows with its wrapped words, as above
    banner->showMessage(MessageBanner::Kind::Info, tr("New to Toolgate?"),
                        tr("Help › Getting Started shows in a few steps how to try a tool, add your own servers "
                           "and decide what they may do."));
    auto *open = new QPushButton(tr("Open Getting Started"), hint);
    open->setObjectName(QStringLiteral("openGuide"));
    connect(open, &QPushButton::clicked, this, [this] {
        dismissGuideHint(); // found: the hint has done its job
        showGettingStarted();
    });
    auto *dismiss = new QPushButton(tr("Dismiss"), hint);
    dismiss->setObjectName(QStringLiteral("dismissGuideHint"));
    dismiss->setToolTip(tr("Hide this hint for good. The guide stays in the Help menu."));
    connect(dismiss, &QPushButton::clicked, this, &MainWindow::dismissGuideHint);
    auto *layout = new QHBoxLayout(hint);
    layout->setContentsMargins(8, 8, 8, 0);
    layout->addWidget(banner, 1);
    auto *buttons = new QVBoxLayout;
    buttons->addWidget(open);
    buttons->addWidget(dismiss);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    hint->hide();
    return hint;
}

void MainWindow::dismissGuideHint()
{
    QSettings().setValue(guideHintKey, false);
    m_guideHint->hide();
}

void MainWindow::reloadServers()
{
    const Result<Workspace::LoadOutcome> result = m_workspace->load();
    showLoadResult(result);
    if (result || !m_workspace->loadError())
        m_workspace->startAll();
    if (result)
        statusBar()->showMessage(tr("Reloaded %1.").arg(QDir::toNativeSeparators(m_workspace->configPath())), 5000);
}

void MainWindow::importServers()
{
    QList<ServerConfig> existing;
    const QList<ServerConnection *> connections = m_workspace->connections();
    for (const ServerConnection *connection : connections)
        existing.append(connection->config());
    auto *dialog = new ImportDialog(existing, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        QStringList added;
        QStringList problems;
        const QList<ServerConfig> chosen = dialog->selectedConfigs();
        for (const ServerConfig &config : chosen) {
            const Result<ServerConnection *> result = m_workspace->addServer(config);
            if (result)
                added.append(config.name);
            else
                problems.append(tr("%1: %2").arg(config.name, result.error().message));
        }
        if (!problems.isEmpty()) {
            auto *box = new QMessageBox(QMessageBox::Warning, tr("Import Servers"),
                                        tr("Some servers were not imported."), QMessageBox::Ok, this);
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->setTextFormat(Qt::PlainText);
            box->setDetailedText(problems.join(u'\n'));
            box->setInformativeText(problems.join(u'\n').left(1000));
            box->open();
        }
        if (!added.isEmpty())
            statusBar()->showMessage(tr("Imported %1.").arg(added.join(QStringLiteral(", "))), 8000);
    });
    dialog->open();
}

void MainWindow::showApprovalRules()
{
    if (!m_policy)
        return;
    auto *dialog = new ApprovalRulesDialog(m_policy, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::showChat()
{
    m_chatDock->show();
    m_chatDock->raise();
}

void MainWindow::showModels()
{
    auto *dialog = new ModelsDialog(m_host->secretStore(), {}, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ModelsDialog::saved, this, [this] {
        if (m_chatView)
            m_chatView->reloadModels();
    });
    dialog->open();
}

void MainWindow::showArgumentRules()
{
    auto *dialog = new ArgumentRulesDialog(m_host ? m_host->argumentRules() : nullptr, m_auditPath, this);
    if (m_workspace)
        dialog->setServerNames(m_workspace->serverNames());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::showGettingStarted()
{
    if (!m_guide) {
        m_guide = new GettingStartedDialog(this);
        m_guide->setAttribute(Qt::WA_DeleteOnClose);
    }
    m_guide->show();
    m_guide->raise();
    m_guide->activateWindow();
}

void MainWindow::showAbout()
{
    auto *dialog = new AboutDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::openResource(ServerConnection *connection, const QString &uri)
{
    if (!connection)
        return;
    auto *dialog = new ResourceDialog(connection, uri, this);
    connect(dialog, &ResourceDialog::resourceLinkActivated, this, &MainWindow::openResource);
    dialog->show();
}

void MainWindow::openLink(const QUrl &url)
{
    if (url.scheme() != u"https" && url.scheme() != u"http") {
        statusBar()->showMessage(tr("Toolgate only opens web links; %1 was not opened.").arg(url.toDisplayString().left(200)), 8000);
        return;
    }
    // The link comes from a server: show where it really goes before the browser opens it.
    auto *box = new QMessageBox(QMessageBox::Question, tr("Open Link"), tr("Open this link in your web browser?"),
                                QMessageBox::Open | QMessageBox::Cancel, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setTextFormat(Qt::PlainText);
    box->setInformativeText(url.toDisplayString().left(2000));
    box->setDefaultButton(QMessageBox::Cancel);
    connect(box, &QMessageBox::finished, this, [url](int result) {
        if (result == QMessageBox::Open)
            QDesktopServices::openUrl(url);
    });
    box->open();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    const int running = m_toolPanel ? m_toolPanel->runningCount() : 0;
    if (running > 0 && !m_closeConfirmed) {
        event->ignore();
        auto *box = new QMessageBox(QMessageBox::Question, tr("Quit Toolgate"),
                                    (running == 1 ? tr("A tool call is still running. Quit anyway?") : tr("%1 tool calls are still running. Quit anyway?").arg(running)),
                                    QMessageBox::NoButton, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        QPushButton *quit = box->addButton(tr("Cancel the Calls and Quit"), QMessageBox::DestructiveRole);
        QPushButton *stay = box->addButton(tr("Keep Running"), QMessageBox::RejectRole);
        box->setDefaultButton(stay);
        connect(box, &QMessageBox::finished, this, [this, box, quit] {
            if (box->clickedButton() == quit) {
                m_closeConfirmed = true;
                close();
            }
        });
        box->open();
        return;
    }
    saveSettings();
    QMainWindow::closeEvent(event);
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    settings.beginGroup(settingsGroup);
    const QByteArray geometry = settings.value(QStringLiteral("geometry")).toByteArray();
    if (geometry.isEmpty() || !restoreGeometry(geometry)) {
        const QRect available = screen() ? screen()->availableGeometry() : QRect(0, 0, 1440, 900);
        resize(QSize(1280, 820).boundedTo(available.size() * 0.92));
    }
    restoreState(settings.value(QStringLiteral("state")).toByteArray());
    if (!m_mainSplitter->restoreState(settings.value(QStringLiteral("mainSplitter")).toByteArray()))
        m_mainSplitter->setSizes({340, 940});
    m_leftSplitterRestored = m_leftSplitter->restoreState(settings.value(QStringLiteral("leftSplitter")).toByteArray());
    fitServerList();
    m_browserTabs->setCurrentIndex(qBound(0, settings.value(QStringLiteral("browserTab"), 0).toInt(), m_browserTabs->count() - 1));
    m_rememberedServer = settings.value(QStringLiteral("lastServer")).toString();
    m_rememberedTool = settings.value(QStringLiteral("lastTool")).toString();
    if (auto *dock = findChild<QDockWidget *>(QStringLiteral("consoleDock")); dock && settings.value(QStringLiteral("state")).isNull())
        resizeDocks({dock}, {qBound(60, height() / 6, 150)}, Qt::Vertical); // a small screen keeps its room for the work
    settings.endGroup();
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.beginGroup(settingsGroup);
    settings.setValue(QStringLiteral("geometry"), saveGeometry());
    settings.setValue(QStringLiteral("state"), saveState());
    settings.setValue(QStringLiteral("mainSplitter"), m_mainSplitter->saveState());
    settings.setValue(QStringLiteral("leftSplitter"), m_leftSplitter->saveState());
    settings.setValue(QStringLiteral("browserTab"), m_browserTabs->currentIndex());
    if (m_toolPanel->connection()) {
        settings.setValue(QStringLiteral("lastServer"), m_toolPanel->connection()->name());
        settings.setValue(QStringLiteral("lastTool"), m_toolPanel->tool().name);
    }
    settings.endGroup();
}

} // namespace Toolgate

#include "moc_mainwindow.cpp"
