#include "ui/servers/serverpanel.h"

#include "ui/dialogs/servereditordialog.h"
#include "ui/items/nativerowdelegate.h"
#include "ui/models/icons.h"
#include "ui/models/serverlistmodel.h"
#include "core/workspace/workspace.h"
#include "core/workspace/workspacesecrets.h"

#include <QAction>
#include <QDir>
#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QPointer>
#include <QPushButton>
#include <QToolBar>
#include <QTreeView>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

// Two lines per server: status dot, bold name and transport; then the status text, which says
// why a server failed without needing a tooltip.
class ServerItemDelegate final : public NativeRowDelegate
{
public:
    using NativeRowDelegate::NativeRowDelegate;

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &) const override
    {
        const QFontMetrics metrics(option.font);
        return QSize(200, metrics.height() * 2 + 2 + 10);
    }

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        const QStyleOptionViewItem opt = drawNativeRow(painter, option, index);
        const QIcon icon = opt.icon;

        const bool selected = opt.state & QStyle::State_Selected;
        const bool enabled = index.data(ServerListModel::EnabledRole).toBool();
        QColor text = opt.palette.color(QPalette::Active, selected ? QPalette::HighlightedText : QPalette::Text);
        QColor dim = text;
        dim.setAlphaF(selected ? 0.8 : 0.6);
        if (!enabled && !selected)
            text = dim;

        QRect rect = opt.rect.adjusted(6, 5, -6, -5);
        painter->save();
        const QFontMetrics metrics(opt.font);
        icon.paint(painter, QRect(rect.left(), rect.top() + (metrics.height() - 16) / 2, 16, 16));
        rect.setLeft(rect.left() + 22);

        QFont small = opt.font;
        small.setPointSizeF(opt.font.pointSizeF() * 0.9);
        const QFontMetrics smallMetrics(small);
        const QString transport = index.siblingAtColumn(ServerListModel::TransportColumn).data().toString();
        const int transportWidth = smallMetrics.horizontalAdvance(transport);
        painter->setFont(small);
        painter->setPen(dim);
        painter->drawText(QRect(rect.right() - transportWidth, rect.top(), transportWidth, metrics.height()),
                          Qt::AlignRight | Qt::AlignVCenter, transport);

        QFont bold = opt.font;
        bold.setBold(true);
        painter->setFont(bold);
        painter->setPen(text);
        const QRect nameRect(rect.left(), rect.top(), rect.width() - transportWidth - 8, metrics.height());
        const QString name = index.data(ServerListModel::NameRole).toString();
        QString title = index.data(ServerListModel::ServerTitleRole).toString();
        painter->drawText(nameRect, Qt::AlignLeft | Qt::AlignVCenter,
                          QFontMetrics(bold).elidedText(name, Qt::ElideRight, nameRect.width()));

        const QString status = index.data(ServerListModel::StatusTextRole).toString().simplified();
        QString second = status;
        if (!title.isEmpty() && index.data(ServerListModel::StatusRole).toInt() == int(ServerConnection::Status::Ready))
            second = status + QStringLiteral(" · ") + title;
        const QVariant statusColor = index.siblingAtColumn(ServerListModel::StatusColumn).data(Qt::ForegroundRole);
        painter->setFont(small);
        painter->setPen(!selected && statusColor.canConvert<QColor>() ? statusColor.value<QColor>() : dim);
        const QRect statusRect(rect.left(), rect.top() + metrics.height() + 2, rect.width(), smallMetrics.height());
        painter->drawText(statusRect, Qt::AlignLeft | Qt::AlignVCenter,
                          smallMetrics.elidedText(second, Qt::ElideRight, statusRect.width()));
        painter->restore();
    }
};

} // namespace

ServerPanel::ServerPanel(Workspace *workspace, ServerListModel *model, QWidget *parent)
    : QWidget(parent)
    , m_workspace(workspace)
    , m_model(model)
    , m_toolBar(new QToolBar(this))
    , m_view(new QTreeView(this))
{
    setObjectName(QStringLiteral("serverPanel"));
    m_add = new QAction(tr("&Add Server…"), this);
    m_add->setObjectName(QStringLiteral("addServer"));
    m_add->setToolTip(tr("Add a server"));
    m_add->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    m_edit = new QAction(tr("&Edit Server…"), this);
    m_edit->setObjectName(QStringLiteral("editServer"));
    m_edit->setToolTip(tr("Edit the selected server"));
    m_remove = new QAction(tr("&Remove Server"), this);
    m_remove->setObjectName(QStringLiteral("removeServer"));
    m_remove->setToolTip(tr("Remove the selected server"));
    m_toggle = new QAction(tr("&Disable Server"), this);
    m_toggle->setObjectName(QStringLiteral("toggleServer"));
    m_restart = new QAction(tr("Re&start Server"), this);
    m_restart->setObjectName(QStringLiteral("restartServer"));
    m_restart->setToolTip(tr("Restart the selected server"));
    m_restart->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_probeEra = new QAction(tr("&Probe the Protocol Era Again"), this);
    m_probeEra->setObjectName(QStringLiteral("probeEraAgain"));
    m_probeEra->setToolTip(tr("Forget which protocol version the selected server was found to speak, and restart it: "
                              "Toolgate asks a separate copy of it again. For servers set to Auto that run on this computer."));
    connect(m_add, &QAction::triggered, this, &ServerPanel::addServer);
    connect(m_edit, &QAction::triggered, this, &ServerPanel::editServer);
    connect(m_remove, &QAction::triggered, this, &ServerPanel::removeServer);
    connect(m_toggle, &QAction::triggered, this, &ServerPanel::toggleServer);
    connect(m_restart, &QAction::triggered, this, &ServerPanel::restartServer);
    connect(m_probeEra, &QAction::triggered, this, &ServerPanel::probeEraAgain);

    auto *title = new QLabel(tr("Servers"), this);
    QFont titleFont = title->font();
    titleFont.setBold(true);
    title->setFont(titleFont);
    m_toolBar->setIconSize(QSize(16, 16));
    m_toolBar->setToolButtonStyle(Qt::ToolButtonIconOnly);
    m_toolBar->setStyleSheet(QStringLiteral("QToolBar { border: none; background: transparent; spacing: 1px; }"));
    m_toolBar->addAction(m_add);
    m_toolBar->addAction(m_edit);
    m_toolBar->addAction(m_remove);
    m_toolBar->addSeparator();
    m_toolBar->addAction(m_toggle);
    m_toolBar->addAction(m_restart);

    m_view->setObjectName(QStringLiteral("serverList"));
    m_view->setAccessibleName(tr("Servers"));
    m_view->setModel(model);
    m_view->setRootIsDecorated(false);
    m_view->setHeaderHidden(true);
    m_view->setUniformRowHeights(true);
    m_view->setItemDelegate(new ServerItemDelegate(m_view));
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setFrameShape(QFrame::NoFrame);
    for (int column = 1; column < ServerListModel::ColumnCount; ++column)
        m_view->setColumnHidden(column, true);
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_view, &QWidget::customContextMenuRequested, this, [this](const QPoint &pos) {
        auto *menu = new QMenu(this);
        menu->setAttribute(Qt::WA_DeleteOnClose);
        if (m_view->indexAt(pos).isValid()) {
            menu->addAction(m_edit);
            menu->addAction(m_toggle);
            menu->addAction(m_restart);
            menu->addAction(m_probeEra);
            if (!m_extraActions.isEmpty()) {
                menu->addSeparator();
                menu->addActions(m_extraActions);
            }
            menu->addSeparator();
            menu->addAction(m_remove);
        } else {
            menu->addAction(m_add);
        }
        menu->popup(m_view->viewport()->mapToGlobal(pos));
    });
    connect(m_view, &QTreeView::doubleClicked, this, &ServerPanel::editServer);
    // A click on the server already current shows it again (the centre may show a tool meanwhile).
    connect(m_view, &QTreeView::clicked, this, [this] { emit currentConnectionChanged(currentConnection()); });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this, [this] {
        updateActions();
        emit currentConnectionChanged(currentConnection());
    });
    connect(model, &QAbstractItemModel::dataChanged, this, &ServerPanel::updateActions);
    connect(model, &QAbstractItemModel::modelReset, this, [this] {
        updateActions();
        emit currentConnectionChanged(currentConnection());
    });
    connect(model, &QAbstractItemModel::rowsRemoved, this, &ServerPanel::updateActions);

    auto *header = new QHBoxLayout;
    header->setContentsMargins(8, 4, 4, 0);
    header->addWidget(title);
    header->addStretch(1);
    header->addWidget(m_toolBar);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(header);
    layout->addWidget(m_view, 1);

    updateIcons();
    updateActions();
}

ServerConnection *ServerPanel::currentConnection() const
{
    return m_model->connection(m_view->currentIndex());
}

void ServerPanel::selectConnection(const ServerConnection *connection)
{
    const QModelIndex index = m_model->indexOf(connection);
    if (!index.isValid())
        return;
    // The row may already be current (views make the first row current on focus) without
    // having been shown; choosing it again should show it all the same.
    const bool alreadyCurrent = m_view->currentIndex() == index;
    m_view->setCurrentIndex(index);
    if (alreadyCurrent)
        emit currentConnectionChanged(currentConnection());
}

void ServerPanel::updateActions()
{
    ServerConnection *connection = currentConnection();
    const bool has = connection != nullptr && !m_workspace->loadError();
    m_add->setEnabled(!m_workspace->loadError());
    m_edit->setEnabled(has);
    m_remove->setEnabled(has);
    m_toggle->setEnabled(has);
    m_restart->setEnabled(has && connection->config().enabled);
    m_probeEra->setEnabled(has && connection->config().enabled && connection->canProbeEraAgain());
    const bool enabled = connection && connection->config().enabled;
    m_toggle->setText(enabled || !connection ? tr("&Disable Server") : tr("E&nable Server"));
    m_toggle->setToolTip(enabled || !connection ? tr("Disable the selected server: stop it and do not start it again")
                                                : tr("Enable the selected server and start it"));
}

void ServerPanel::updateIcons()
{
    m_add->setIcon(Icons::action(u"add"));
    m_edit->setIcon(Icons::action(u"edit"));
    m_remove->setIcon(Icons::action(u"remove"));
    m_toggle->setIcon(Icons::action(u"power"));
    m_restart->setIcon(Icons::action(u"restart"));
}

void ServerPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        updateIcons();
}

void ServerPanel::showError(const QString &title, const QString &text)
{
    auto *box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, window());
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setTextFormat(Qt::PlainText);
    box->open();
}

void ServerPanel::addServer()
{
    QPointer<Workspace> workspace = m_workspace;
    auto *dialog = new ServerEditorDialog([workspace](const ServerConfig &config) -> Result<void> {
        return workspace ? workspace->validate(config) : Result<void>();
    }, window());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setSecretsNote(m_workspace->secrets()->withoutKeychainNote());
    ServerConfig blank;
    blank.name = m_workspace->uniqueName(tr("server"));
    dialog->setConfig(blank);
    dialog->setWindowTitle(tr("Add Server"));
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const Result<ServerConnection *> added = m_workspace->addServer(dialog->config());
        if (!added) {
            showError(tr("Could Not Add the Server"), added.error().message);
            return;
        }
        selectConnection(added.value());
        emit message(tr("Added %1.").arg(added.value()->name()));
    });
    dialog->open();
}

void ServerPanel::editServer()
{
    ServerConnection *connection = currentConnection();
    if (!connection)
        return;
    const QString name = connection->name();
    QPointer<Workspace> workspace = m_workspace;
    auto *dialog = new ServerEditorDialog([workspace, name](const ServerConfig &config) -> Result<void> {
        return workspace ? workspace->validate(config, name) : Result<void>();
    }, window());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setSecretsNote(m_workspace->secrets()->withoutKeychainNote());
    dialog->setConfig(connection->config());
    connect(dialog, &QDialog::accepted, this, [this, dialog, name] {
        const Result<void> updated = m_workspace->updateServer(name, dialog->config());
        if (!updated) {
            showError(tr("Could Not Save the Server"), updated.error().message);
            return;
        }
        emit message(tr("Saved %1.").arg(dialog->config().name));
        updateActions();
    });
    dialog->open();
}

void ServerPanel::removeServer()
{
    ServerConnection *connection = currentConnection();
    if (!connection)
        return;
    const QString name = connection->name();
    auto *box = new QMessageBox(QMessageBox::Question, tr("Remove Server"),
                                tr("Remove “%1” from Toolgate?").arg(name), QMessageBox::NoButton, window());
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setTextFormat(Qt::PlainText);
    box->setInformativeText(tr("The server is stopped and its entry is deleted from the servers file."));
    QPushButton *remove = box->addButton(tr("Remove"), QMessageBox::DestructiveRole);
    QPushButton *cancel = box->addButton(QMessageBox::Cancel);
    box->setDefaultButton(cancel);
    box->setEscapeButton(cancel);
    connect(box, &QMessageBox::finished, this, [this, box, remove, name] {
        if (box->clickedButton() != remove)
            return;
        if (const Result<void> removed = m_workspace->removeServer(name); !removed)
            showError(tr("Could Not Remove the Server"), removed.error().message);
        else
            emit message(tr("Removed %1.").arg(name));
    });
    box->open();
}

void ServerPanel::toggleServer()
{
    ServerConnection *connection = currentConnection();
    if (!connection)
        return;
    const bool enable = !connection->config().enabled;
    if (const Result<void> done = m_workspace->setServerEnabled(connection->name(), enable); !done)
        showError(enable ? tr("Could Not Enable the Server") : tr("Could Not Disable the Server"), done.error().message);
    else
        emit message(enable ? tr("Enabled %1.").arg(connection->name()) : tr("Disabled %1.").arg(connection->name()));
    updateActions();
}

void ServerPanel::probeEraAgain()
{
    ServerConnection *connection = currentConnection();
    if (!connection || !connection->canProbeEraAgain())
        return;
    connection->probeEraAgain();
    emit message(tr("Restarting %1 to find out its protocol era again…").arg(connection->name()));
}

void ServerPanel::grantDeniedAccess(ServerConnection *connection)
{
    const std::optional<SandboxDenial> denial = connection ? connection->sandboxDenial() : std::nullopt;
    if (!denial)
        return;
    ServerConfig config = connection->config();
    config.sandbox = denial->grantedIn(config.sandbox);
    const QString name = connection->name();
    if (const Result<void> updated = m_workspace->updateServer(name, config); !updated) {
        showError(tr("Could Not Save the Server"), updated.error().message);
        return;
    }
    emit message(tr("Granted %1 to %2.").arg(denial->isHost() ? denial->host : QDir::toNativeSeparators(denial->grant.path), name));
}

void ServerPanel::restartServer()
{
    if (ServerConnection *connection = currentConnection()) {
        connection->restart();
        emit message(tr("Restarting %1…").arg(connection->name()));
    }
}

} // namespace Toolgate

#include "moc_serverpanel.cpp"
