#include "ui/models/toolfilterproxymodel.h"

#include "ui/models/servertreemodel.h"

#include <QRegularExpression>

namespace Toolgate {

ToolFilterProxyModel::ToolFilterProxyModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    // A server row is kept when one of its items matches, so matches are never orphaned.
    setRecursiveFilteringEnabled(true);
}

QString ToolFilterProxyModel::query() const
{
    return m_query;
}

void ToolFilterProxyModel::setQuery(const QString &query)
{
    if (query == m_query)
        return;
    m_query = query;
#if QT_VERSION >= QT_VERSION_CHECK(6, 9, 0)
    beginFilterChange();
#endif
    m_terms = query.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
    invalidateFilter();
}

bool ToolFilterProxyModel::matches(const QString &text) const
{
    for (const QString &term : m_terms) {
        if (!text.contains(term, Qt::CaseInsensitive))
            return false;
    }
    return true;
}

bool ToolFilterProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (m_terms.isEmpty())
        return true;
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (ServerTreeModel::isServer(index)) {
        // A matching server name keeps the server with all its items (see below); otherwise
        // recursive filtering keeps it only for matching items.
        return matches(index.data(ServerTreeModel::SearchTextRole).toString());
    }
    // Words may come from both: "demo echo" finds the echo tool of the demo server.
    return matches(index.data(ServerTreeModel::SearchTextRole).toString() + u'\n'
                   + sourceParent.data(ServerTreeModel::SearchTextRole).toString());
}

} // namespace Toolgate

#include "moc_toolfilterproxymodel.cpp"
