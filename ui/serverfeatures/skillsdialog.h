#pragma once

#include <QDialog>

namespace Toolgate {

class ServerConnection;
class SkillsView;

/// A window with one server's SkillsView, opened from the server's details.
class SkillsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SkillsDialog)
public:
    /// connection: not owned.
    explicit SkillsDialog(ServerConnection *connection, QWidget *parent = nullptr);
    SkillsView *view() const { return m_view; }

private:
    SkillsView *m_view;
};

} // namespace Toolgate
