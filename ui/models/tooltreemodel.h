#pragma once

#include "core/protocol/tool.h"
#include "ui/models/serveritemtreemodel.h"

#include <QPointer>

namespace Toolgate {

class ApprovalPolicy;

/// The tools of every server, grouped by server. Follows each server's tool list as it changes.
class ToolTreeModel final : public ServerItemTreeModel<Tool>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ToolTreeModel)
public:
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

    QModelIndex toolIndex(const QString &serverName, const QString &toolName, int column = 0) const;

    /// Marks the tools whose definition changed since the person approved them (not owned; may be null).
    void setApprovalPolicy(ApprovalPolicy *policy);

    /// The hints a tool's annotations give, in words, or empty.
    static QString annotationsText(const ToolAnnotations &annotations);

protected:
    QString columnTitle(Column column) const override;
    QVariant itemData(const ItemNode &node, int row, int column, int role) const override;
    QString countText(int count) const override;
    std::unique_ptr<ItemNode> newNode() const override;
    /// Works out which of the tools changed since approved (a hash per tool: not on every paint).
    void itemsArriving(ItemNode &node, const QList<Tool> &tools) override;

private:
    struct ToolNode;

    QPointer<ApprovalPolicy> m_policy;
};

} // namespace Toolgate
