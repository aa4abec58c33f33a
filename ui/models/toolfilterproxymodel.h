#pragma once

#include <QSortFilterProxyModel>
#include <QStringList>

namespace Toolgate {

/// Search-as-you-type over a ServerTreeModel (tools, resources, prompts): an item stays when
/// every word of the query occurs in its name, title, description (or URI), or in its server's
/// name. Servers stay while any of their items match, and always when the query is empty.
class ToolFilterProxyModel final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ToolFilterProxyModel)
public:
    explicit ToolFilterProxyModel(QObject *parent = nullptr);

    QString query() const;
    void setQuery(const QString &query);
    bool isFiltering() const { return !m_terms.isEmpty(); }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    bool matches(const QString &text) const;

    QString m_query;
    QStringList m_terms;
};

} // namespace Toolgate
