#pragma once

#include "core/collections/collection.h"

#include <QDialog>

class QComboBox;
class QLabel;

namespace Toolgate {

class CollectionFolder;
class SavedCallEditor;

/// "Save Call to Collection": a finished call (from the tool panel or the audit log) with a name, the
/// collection to add it to (one in the folder, or a new one by typing a name) and its expectations,
/// pre-filled and editable. Accepting appends it to the collection's file.
class SaveCallDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SaveCallDialog)
public:
    /// folder: where collections live (Collection::defaultFolder()).
    SaveCallDialog(const SavedCall &call, const QString &folder, QWidget *parent = nullptr);

    SavedCallEditor *editor() const { return m_editor; }
    /// Editable: the existing collections (their file as item data), or a new name typed in.
    QComboBox *collectionChoice() const { return m_collection; }
    QLabel *problemLabel() const { return m_problem; }
    /// The file the call was added to, once accepted.
    QString savedPath() const { return m_savedPath; }
    /// The folder's collections are listed (they are read off the GUI thread).
    bool isReady() const { return m_ready; }

public slots:
    void accept() override;

signals:
    void ready();

private:
    void listCollections();

    QString m_folder;
    CollectionFolder *m_collections;
    SavedCallEditor *m_editor;
    QComboBox *m_collection;
    QLabel *m_problem;
    QString m_savedPath;
    bool m_ready = false;
};

} // namespace Toolgate
