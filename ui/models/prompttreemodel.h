#pragma once

#include "core/protocol/prompt.h"
#include "ui/models/servertreemodel.h"

namespace Toolgate {

/// The prompts of every server, grouped by server.
class PromptTreeModel final : public ServerTreeModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PromptTreeModel)
public:
    enum Column { TitleColumn, NameColumn, DescriptionColumn, ColumnCount };
    enum Role {
        PromptRole = FirstCustomRole, ///< Prompt
        PromptNameRole,
    };

    explicit PromptTreeModel(Workspace *workspace, QObject *parent = nullptr);
    ~PromptTreeModel() override;

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    std::unique_ptr<Node> createNode(ServerConnection *connection) override;
    int childCount(const Node &node) const override;
    QVariant childData(const Node &node, int row, int column, int role) const override;
    QString countText(int count) const override;

private:
    struct PromptNode;
    void refresh(ServerConnection *connection);
};

} // namespace Toolgate
