#include "ui/items/itembrowser.h"

#include "ui/models/icons.h"
#include "ui/models/servertreemodel.h"
#include "ui/models/toolfilterproxymodel.h"
#include "ui/items/treeitemdelegate.h"

#include <QAction>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QTreeView>
#include <QVBoxLayout>

namespace Toolgate {

ItemBrowser::ItemBrowser(ServerTreeModel *model, int nameColumn, int descriptionColumn, const QString &searchPlaceholder,
                         QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_proxy(new ToolFilterProxyModel(this))
    , m_search(new QLineEdit(this))
    , m_view(new QTreeView(this))
    , m_emptyNote(new QLabel(this))
{
    m_proxy->setSourceModel(model);

    m_search->setPlaceholderText(searchPlaceholder);
    m_search->setAccessibleName(searchPlaceholder); // the placeholder goes once something is typed
    m_search->setClearButtonEnabled(true);
    m_search->addAction(Icons::action(u"search"), QLineEdit::LeadingPosition);
    connect(m_search, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_proxy->setQuery(text);
        // While searching, show every match; afterwards leave the tree as the person left it.
        if (m_proxy->isFiltering())
            m_view->expandAll();
        updateEmptyNote();
    });

    m_view->setModel(m_proxy);
    m_view->setHeaderHidden(true);
    for (int column = 1; column < m_proxy->columnCount(); ++column)
        m_view->setColumnHidden(column, true);
    m_view->setItemDelegate(new TreeItemDelegate(nameColumn, descriptionColumn, m_view));
    m_view->setUniformRowHeights(false);
    m_view->setAnimated(true);
    m_view->setIndentation(14);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setMouseTracking(true);
    m_view->setFrameShape(QFrame::NoFrame);
    m_view->setTextElideMode(Qt::ElideRight);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) { emit currentChanged(m_proxy->mapToSource(current)); });
    connect(m_view, &QTreeView::activated, this,
            [this](const QModelIndex &index) { emit activated(m_proxy->mapToSource(index)); });
    // Servers appear collapsed otherwise; new ones should show their items straight away.
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex &parent, int first, int last) {
        if (!parent.isValid()) {
            for (int row = first; row <= last; ++row)
                m_view->expand(m_proxy->index(row, 0));
        }
        updateEmptyNote();
    });
    connect(m_proxy, &QAbstractItemModel::modelReset, this, [this] {
        m_view->expandAll();
        updateEmptyNote();
    });
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &ItemBrowser::updateEmptyNote);

    // Down arrow in the search field moves into the results, as in most search boxes.
    m_search->installEventFilter(this);

    m_emptyNote->setObjectName(QStringLiteral("noMatches"));
    m_emptyNote->setAlignment(Qt::AlignCenter);
    m_emptyNote->setWordWrap(true);
    m_emptyNote->setTextFormat(Qt::PlainText);
    m_emptyNote->setContentsMargins(12, 12, 12, 12);
    QPalette palette = m_emptyNote->palette();
    palette.setColor(QPalette::WindowText, palette.color(QPalette::Disabled, QPalette::WindowText));
    m_emptyNote->setPalette(palette);
    m_emptyNote->hide();

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->setSpacing(4);
    auto *searchRow = new QVBoxLayout;
    searchRow->setContentsMargins(4, 0, 4, 0);
    searchRow->addWidget(m_search);
    layout->addLayout(searchRow);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_emptyNote);

    m_view->expandAll();
}

QModelIndex ItemBrowser::currentSourceIndex() const
{
    return m_proxy->mapToSource(m_view->currentIndex());
}

void ItemBrowser::selectSourceIndex(const QModelIndex &sourceIndex)
{
    const QModelIndex index = m_proxy->mapFromSource(sourceIndex);
    if (!index.isValid())
        return;
    if (index.parent().isValid())
        m_view->expand(index.parent());
    m_view->setCurrentIndex(index);
    m_view->scrollTo(index);
}

void ItemBrowser::revealServer(const ServerConnection *connection)
{
    const QModelIndex index = m_proxy->mapFromSource(m_model->serverIndex(connection));
    if (!index.isValid())
        return;
    m_view->expand(index);
    m_view->scrollTo(index, QAbstractItemView::PositionAtTop);
}

bool ItemBrowser::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_search && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        if (key == Qt::Key_Down || key == Qt::Key_Return || key == Qt::Key_Enter) {
            // Jump to the first item (not a server row) so Enter in the search opens a match.
            QModelIndex first = m_proxy->index(0, 0);
            if (m_proxy->rowCount(first) > 0)
                first = m_proxy->index(0, 0, first);
            if (first.isValid()) {
                m_view->setFocus();
                m_view->setCurrentIndex(first);
                return true;
            }
        }
    }
    return QWidget::eventFilter(watched, event);
}

void ItemBrowser::updateEmptyNote()
{
    const bool noMatches = m_proxy->isFiltering() && m_proxy->rowCount() == 0;
    m_emptyNote->setText(noMatches ? tr("Nothing matches “%1”.").arg(m_search->text()) : QString());
    m_emptyNote->setVisible(noMatches);
}

} // namespace Toolgate

#include "moc_itembrowser.cpp"
