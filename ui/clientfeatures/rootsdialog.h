#pragma once

#include <QDialog>

class QLabel;
class QListWidget;
class QPushButton;

namespace Toolgate {

class RootsStore;

/// Settings → Roots: the folders every server may see as its roots. Folders are added with a folder
/// picker and removed from the list; OK saves them to the RootsStore, which tells connected servers.
/// Open it with open() or show(); it deletes nothing it does not own.
class RootsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RootsDialog)
public:
    explicit RootsDialog(RootsStore *store, QWidget *parent = nullptr);

    /// The folders as listed in the dialog (not yet saved).
    QStringList folders() const;
    /// Adds a folder to the list (what the folder picker does); ignores duplicates and relative paths.
    void addFolder(const QString &path);
    void removeSelected();

public slots:
    void accept() override;

private:
    void pickFolder();
    void updateButtons();

    RootsStore *m_store;
    QListWidget *m_list;
    QPushButton *m_remove;
    QLabel *m_error;
};

} // namespace Toolgate
