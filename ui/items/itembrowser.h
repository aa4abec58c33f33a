#pragma once

#include <QModelIndex>
#include <QWidget>

class QLineEdit;
class QLabel;
class QTreeView;

namespace Toolgate {

class ServerConnection;
class ServerTreeModel;
class ToolFilterProxyModel;

/// A searchable tree of one ServerTreeModel (tools, resources or prompts): a search field that
/// filters as you type, the tree grouped by server, and a note when nothing matches.
class ItemBrowser final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ItemBrowser)
public:
    /// nameColumn, descriptionColumn: see TreeItemDelegate. Does not take ownership of model.
    ItemBrowser(ServerTreeModel *model, int nameColumn, int descriptionColumn, const QString &searchPlaceholder,
                QWidget *parent = nullptr);

    ServerTreeModel *model() const { return m_model; }
    ToolFilterProxyModel *proxy() const { return m_proxy; }
    QTreeView *view() const { return m_view; }
    QLineEdit *searchField() const { return m_search; }

    /// The selected row as a source index (invalid when nothing is selected).
    QModelIndex currentSourceIndex() const;
    /// Selects (and reveals) the row of a source index.
    void selectSourceIndex(const QModelIndex &sourceIndex);
    /// Scrolls the group of connection's items to the top and expands it, selecting nothing.
    void revealServer(const ServerConnection *connection);

signals:
    /// The selection moved: to an item, a server row, or nothing (invalid).
    void currentChanged(const QModelIndex &sourceIndex);
    /// An item was activated (double-click or Enter).
    void activated(const QModelIndex &sourceIndex);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void updateEmptyNote();

    ServerTreeModel *m_model;
    ToolFilterProxyModel *m_proxy;
    QLineEdit *m_search;
    QTreeView *m_view;
    QLabel *m_emptyNote;
};

} // namespace Toolgate
