#include "ui/viewers/structuredcontentview.h"

#include "ui/viewers/jsontreemodel.h"
#include "ui/viewers/messagebanner.h"

#include <QHeaderView>
#include <QTreeView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Toolgate {

namespace {
constexpr int ExpandAllBelowRows = 40; // small results open fully; big ones stay collapsed
}

StructuredContentView::StructuredContentView(QWidget *parent)
    : QWidget(parent)
    , m_banner(new MessageBanner(this))
    , m_tree(new QTreeView(this))
    , m_model(new JsonTreeModel(this))
{
    setObjectName(u"structuredView"_s);
    m_banner->setObjectName(u"schemaVerdict"_s);
    m_tree->setObjectName(u"structuredTree"_s);
    m_model->setObjectName(u"structuredModel"_s);
    m_tree->setModel(m_model);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(JsonTreeModel::ValueColumn, QHeaderView::Stretch);
    m_tree->setTextElideMode(Qt::ElideRight);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(8);
    layout->addWidget(m_banner);
    layout->addWidget(m_tree, 1);
}

void StructuredContentView::setContent(const QJsonObject &content, Verdict verdict, const QStringList &problems)
{
    m_model->setJson(content);
    m_tree->show();
    if (m_model->rowCount() <= ExpandAllBelowRows) {
        // Opens the members as expandToDepth(1) would, but only while the rows it adds stay few: an
        // expanded array of 150,000 items makes the tree lay out 150,000 rows at once (0.3-0.8 s on
        // the GUI thread, issue #13). A large member stays closed; the person opens it.
        int added = 0;
        for (int row = 0; row < m_model->rowCount(); ++row) {
            const QModelIndex member = m_model->index(row, 0);
            const int children = m_model->rowCount(member);
            if (children == 0 || added + children > ExpandAllBelowRows * 25)
                continue;
            added += children;
            m_tree->expand(member);
        }
    }
    m_tree->resizeColumnToContents(JsonTreeModel::KeyColumn);
    m_tree->setColumnWidth(JsonTreeModel::KeyColumn, qBound(120, m_tree->columnWidth(JsonTreeModel::KeyColumn) + 16, 320));
    m_tree->resizeColumnToContents(JsonTreeModel::TypeColumn);
    m_tree->setColumnWidth(JsonTreeModel::TypeColumn, m_tree->columnWidth(JsonTreeModel::TypeColumn) + 16);
    showVerdict(verdict, problems);
}

void StructuredContentView::setVerdictOnly(Verdict verdict, const QStringList &problems)
{
    m_model->setJson(QJsonObject());
    m_tree->hide();
    showVerdict(verdict, problems);
}

void StructuredContentView::clear()
{
    m_model->setJson(QJsonObject());
    m_verdict = Verdict::NotChecked;
    m_banner->hide();
}

void StructuredContentView::showVerdict(Verdict verdict, const QStringList &problems)
{
    m_verdict = verdict;
    switch (verdict) {
    case Verdict::NotChecked:
        m_banner->hide();
        break;
    case Verdict::NoSchema:
        m_banner->showMessage(MessageBanner::Kind::Info, tr("No output schema"),
                              tr("The tool declares no output schema, so this structured content was not checked."));
        break;
    case Verdict::Matches:
        m_banner->showMessage(MessageBanner::Kind::Success, tr("Matches the output schema"));
        break;
    case Verdict::DoesNotMatch:
        m_banner->showMessage(MessageBanner::Kind::Error, tr("Does not match the output schema"), {}, problems);
        break;
    }
}

} // namespace Toolgate

#include "moc_structuredcontentview.cpp"
