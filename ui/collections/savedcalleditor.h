#pragma once

#include "core/collections/collection.h"
#include "core/common/result.h"

#include <QWidget>

class QLabel;
class QLineEdit;

namespace Toolgate {

class ExpectationEditor;
class JsonEditor;

/// Edits one saved call: its name, its arguments as JSON text (keys kept in the order typed; ${variables}
/// allowed in strings) and its expectations. The server and tool are shown, not edited.
class SavedCallEditor final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SavedCallEditor)
public:
    explicit SavedCallEditor(QWidget *parent = nullptr);

    void setSavedCall(const SavedCall &call);
    /// The call as edited; the error says what to fix (arguments that are no JSON object, an expectation).
    Result<SavedCall> savedCall() const;

    QLineEdit *nameField() const { return m_name; }
    JsonEditor *argumentsEditor() const { return m_arguments; }
    ExpectationEditor *expectationEditor() const { return m_expectations; }

private:
    SavedCall m_call;
    QLineEdit *m_name;
    QLabel *m_target;
    JsonEditor *m_arguments;
    ExpectationEditor *m_expectations;
};

} // namespace Toolgate
