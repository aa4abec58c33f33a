#pragma once

#include "core/protocol/prompt.h"
#include "ui/models/serveritemtreemodel.h"

namespace Toolgate {

/// The prompts of every server, grouped by server.
class PromptTreeModel final : public ServerItemTreeModel<Prompt>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PromptTreeModel)
public:
    enum Role {
        PromptRole = FirstCustomRole, ///< Prompt
        PromptNameRole,
    };

    explicit PromptTreeModel(Workspace *workspace, QObject *parent = nullptr);

protected:
    QString columnTitle(Column column) const override;
    QVariant itemData(const ItemNode &node, int row, int column, int role) const override;
    QString countText(int count) const override;
};

} // namespace Toolgate
