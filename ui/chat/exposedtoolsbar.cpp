#include "ui/chat/exposedtoolsbar.h"

#include "core/common/displaytext.h"
#include "core/workspace/serverconnection.h"
#include "core/workspace/workspace.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QSet>
#include <QToolButton>

#include <algorithm>

namespace Toolgate {

namespace {

QString buttonName(const QString &server)
{
    return QStringLiteral("exposeServer:") + server;
}

} // namespace

ExposedToolsBar::ExposedToolsBar(Workspace *workspace, QWidget *parent)
    : QWidget(parent)
    , m_workspace(workspace)
    , m_buttons(new QHBoxLayout)
    , m_summary(new QLabel(this))
{
    setObjectName(QStringLiteral("exposedToolsBar"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 2, 0, 2);
    auto *title = new QLabel(tr("Exposed to the model:"), this);
    layout->addWidget(title);
    m_buttons->setSpacing(4);
    layout->addLayout(m_buttons);
    m_summary->setObjectName(QStringLiteral("exposedSummary"));
    m_summary->setTextFormat(Qt::PlainText);
    QFont small = m_summary->font();
    small.setItalic(true);
    m_summary->setFont(small);
    // The servers' buttons say what is exposed; the summary gives way when the dock is narrow.
    m_summary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    layout->addWidget(m_summary, 1);

    connect(workspace, &Workspace::connectionsReset, this, &ExposedToolsBar::rebuild);
    connect(workspace, &Workspace::connectionAdded, this, &ExposedToolsBar::rebuild);
    connect(workspace, &Workspace::connectionRemoved, this, &ExposedToolsBar::rebuild);
    connect(workspace, &Workspace::connectionConfigChanged, this, &ExposedToolsBar::rebuild);
    rebuild();
}

void ExposedToolsBar::setExposed(const QList<ToolNameMap::McpTool> &tools)
{
    m_exposed = tools;
    updateTexts();
}

bool ExposedToolsBar::isExposed(const QString &server, const QString &tool) const
{
    return m_exposed.contains(ToolNameMap::McpTool{server, tool});
}

void ExposedToolsBar::setToolExposed(const QString &server, const QString &tool, bool exposed)
{
    const ToolNameMap::McpTool entry{server, tool};
    if (exposed == m_exposed.contains(entry))
        return;
    if (exposed)
        m_exposed.append(entry);
    else
        m_exposed.removeAll(entry);
    updateTexts();
    emit exposedChanged();
}

void ExposedToolsBar::setServerExposed(const QString &server, bool exposed)
{
    const qsizetype before = m_exposed.size();
    const QList<ToolNameMap::McpTool> previous = m_exposed;
    m_exposed.removeIf([&server](const ToolNameMap::McpTool &entry) { return entry.server == server; });
    if (exposed) {
        ServerConnection *connection = m_workspace ? m_workspace->connection(server) : nullptr;
        const QList<Tool> tools = connection ? connection->tools() : QList<Tool>();
        for (const Tool &tool : tools)
            m_exposed.append({server, tool.name});
    }
    updateTexts();
    if (m_exposed.size() != before || !(m_exposed == previous))
        emit exposedChanged();
}

QToolButton *ExposedToolsBar::serverButton(const QString &server) const
{
    for (QToolButton *button : m_serverButtons) {
        if (button->objectName() == buttonName(server))
            return button;
    }
    return nullptr;
}

QString ExposedToolsBar::summary() const
{
    return m_summary->text();
}

void ExposedToolsBar::rebuild()
{
    qDeleteAll(m_serverButtons);
    m_serverButtons.clear();
    const QList<ServerConnection *> connections = m_workspace ? m_workspace->connections() : QList<ServerConnection *>();
    for (ServerConnection *connection : connections) {
        watch(connection);
        const QString server = connection->name();
        auto *button = new QToolButton(this);
        button->setObjectName(buttonName(server));
        button->setAccessibleName(tr("Tools of %1 exposed to the model").arg(DisplayText::visibleLine(server)));
        button->setCheckable(true);
        button->setPopupMode(QToolButton::MenuButtonPopup);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        auto *menu = new QMenu(button);
        connect(menu, &QMenu::aboutToShow, this, [this, menu, server] { fillMenu(menu, server); });
        button->setMenu(menu);
        // The button's own click exposes all or nothing; its state is the list's, not the click's.
        connect(button, &QToolButton::clicked, this, [this, server] {
            const bool any = std::any_of(m_exposed.cbegin(), m_exposed.cend(),
                                         [&server](const ToolNameMap::McpTool &entry) { return entry.server == server; });
            setServerExposed(server, !any);
        });
        m_buttons->addWidget(button);
        m_serverButtons.append(button);
    }
    updateTexts();
    emit toolListsChanged();
}

void ExposedToolsBar::watch(ServerConnection *connection)
{
    // Once per connection: a tool list that changes changes the counts.
    if (connection->property("toolgateExposedBarWatched").toBool())
        return;
    connection->setProperty("toolgateExposedBarWatched", true);
    connect(connection, &ServerConnection::toolsChanged, this, &ExposedToolsBar::updateTexts);
    connect(connection, &ServerConnection::toolsChanged, this, &ExposedToolsBar::toolListsChanged);
    connect(connection, &ServerConnection::statusChanged, this, &ExposedToolsBar::updateTexts);
}

void ExposedToolsBar::fillMenu(QMenu *menu, const QString &server)
{
    menu->clear();
    ServerConnection *connection = m_workspace ? m_workspace->connection(server) : nullptr;
    QAction *all = menu->addAction(tr("Expose All Its Tools"), this, [this, server] { setServerExposed(server, true); });
    all->setObjectName(QStringLiteral("exposeAll"));
    QAction *none = menu->addAction(tr("Withdraw All Its Tools"), this, [this, server] { setServerExposed(server, false); });
    none->setObjectName(QStringLiteral("exposeNone"));
    menu->addSeparator();
    QSet<QString> listed;
    const QList<Tool> tools = connection ? connection->tools() : QList<Tool>();
    for (const Tool &tool : tools) {
        listed.insert(tool.name);
        QAction *action = menu->addAction(DisplayText::visibleLine(tool.name));
        action->setObjectName(QStringLiteral("exposeTool:") + tool.name);
        action->setCheckable(true);
        action->setChecked(isExposed(server, tool.name));
        connect(action, &QAction::toggled, this, [this, server, name = tool.name](bool on) { setToolExposed(server, name, on); });
    }
    // Exposed but not listed now (the server stopped, or dropped the tool): shown, so it can be withdrawn.
    for (const ToolNameMap::McpTool &entry : std::as_const(m_exposed)) {
        if (entry.server != server || listed.contains(entry.tool))
            continue;
        QAction *action = menu->addAction(tr("%1 (not listed now)").arg(DisplayText::visibleLine(entry.tool)));
        action->setCheckable(true);
        action->setChecked(true);
        connect(action, &QAction::toggled, this, [this, server, name = entry.tool](bool on) { setToolExposed(server, name, on); });
    }
    if (tools.isEmpty())
        menu->addAction(tr("(the server lists no tools now)"))->setEnabled(false);
}

QString ExposedToolsBar::buttonText(ServerConnection *connection) const
{
    const QString server = connection->name();
    const qsizetype exposed = std::count_if(m_exposed.cbegin(), m_exposed.cend(),
                                            [&server](const ToolNameMap::McpTool &entry) { return entry.server == server; });
    const qsizetype listed = connection->tools().size();
    return tr("%1: %2 of %3").arg(DisplayText::visibleLine(server)).arg(exposed).arg(listed);
}

void ExposedToolsBar::updateTexts()
{
    for (QToolButton *button : std::as_const(m_serverButtons)) {
        const QString server = button->objectName().mid(buttonName(QString()).size());
        ServerConnection *connection = m_workspace ? m_workspace->connection(server) : nullptr;
        if (!connection)
            continue;
        button->setText(buttonText(connection));
        QStringList names;
        for (const ToolNameMap::McpTool &entry : std::as_const(m_exposed)) {
            if (entry.server == server)
                names.append(DisplayText::visibleLine(entry.tool));
        }
        button->setChecked(!names.isEmpty());
        button->setToolTip(
            names.isEmpty()
                ? tr("No tool of %1 is exposed. Click to expose all of them; the arrow chooses them one by one.")
                      .arg(DisplayText::visibleLine(server))
                : tr("Exposed: %1. Click to withdraw them all; the arrow chooses them one by one.").arg(names.join(QStringLiteral(", "))));
    }
    if (m_exposed.isEmpty())
        m_summary->setText(tr("no tools: the model can only answer in words"));
    else
        m_summary->setText(tr("%n tool(s) exposed", nullptr, int(m_exposed.size())));
}

} // namespace Toolgate

#include "moc_exposedtoolsbar.cpp"
