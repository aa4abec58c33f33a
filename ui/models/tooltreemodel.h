#pragma once

#include "core/protocol/tool.h"
#include "ui/models/servertreemodel.h"

#include <QPointer>

namespace Toolgate {

/// The tools of every server, grouped by server. Follows each server's tool list as it changes.
class ApprovalPolicy;

class ToolTreeModel final : public ServerTreeModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ToolTreeModel)
public:
    enum Column { TitleColumn, NameColumn, DescriptionColumn, ColumnCount };
    enum Role {
        ToolRole = FirstCustomRole, ///< Tool
        ToolNameRole,               ///< the tool's protocol name
        AnnotationsRole,            ///< ToolAnnotations
        /// The server's hints in words ("read-only, idempotent"); empty when it gave none.
        /// Shown as the server's claim only: nothing decides on them.
        AnnotationsTextRole,
        /// bool: the server changed the tool since the person approved it (its approval is suspended).
        DefinitionChangedRole,
    };

    explicit ToolTreeModel(Workspace *workspace, QObject *parent = nullptr);
    ~ToolTreeModel() override;

    QModelIndex toolIndex(const QString &serverName, const QString &toolName, int column = 0) const;

    /// Marks the tools whose definition changed since the person approved them (not owned; may be null).
    void setApprovalPolicy(ApprovalPolicy *policy);

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// The hints a tool's annotations give, in words, or empty.
    static QString annotationsText(const ToolAnnotations &annotations);

protected:
    std::unique_ptr<Node> createNode(ServerConnection *connection) override;
    int childCount(const Node &node) const override;
    QVariant childData(const Node &node, int row, int column, int role) const override;
    QString countText(int count) const override;

private:
    struct ToolNode;
    void refresh(ServerConnection *connection);
    /// Works out which of node's tools changed since approved (a hash per tool: not on every paint).
    void markChanged(ToolNode *node) const;

    QPointer<ApprovalPolicy> m_policy;
};

} // namespace Toolgate
