#pragma once

#include "core/collections/collection.h"

#include <QDialog>

class QLabel;

namespace Toolgate {

class SavedCallEditor;

/// Edits one call of a collection (name, arguments, expectations); accepted only once what was typed is
/// valid. The pane saves the result.
class EditCallDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EditCallDialog)
public:
    explicit EditCallDialog(const SavedCall &call, QWidget *parent = nullptr);

    /// The edited call, once accepted.
    const SavedCall &savedCall() const { return m_result; }
    SavedCallEditor *editor() const { return m_editor; }
    QLabel *problemLabel() const { return m_problem; }

public slots:
    void accept() override;

private:
    SavedCallEditor *m_editor;
    QLabel *m_problem;
    SavedCall m_result;
};

} // namespace Toolgate
