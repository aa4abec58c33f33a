#pragma once

#include "core/calls/approval.h"
#include "core/calls/approvalwarnings.h"
#include "core/schema/schemavalidator.h"
#include "ui/dialogs/approvaldialog.h"

#include <memory>

class QLabel;
class QLineEdit;
class QPushButton;

namespace Toolgate {

class JsonEditor;
class LargeTextView;
class ProblemsBox;
struct SchemaNode;

/// Asks a person whether one tool call may run. Shows who asks (server name, its command or URL, and what
/// the server says it is, marked as self-reported), what runs (tool title, name, description), the
/// server's unverified claims about the tool, schema problems, and the exact JSON to be sent, which can
/// be edited and is re-checked against the tool's inputSchema as it is typed.
///
/// Safe by default: Deny has focus and is the default button, Esc and closing the window deny, and the
/// allow buttons only become active a moment after the dialog appears, so a click or key press meant for
/// another window cannot approve a call. Everything the server supplied is shown as plain text, with
/// hidden characters (terminal escapes, bidi controls, zero-width and tag characters) as highlighted
/// escapes; what is hidden or disguised in it (SuspiciousText) is listed in a warning above the details.
///
/// Open it with open(); it is modal to its window. decided() is emitted exactly once.
class ConfirmationDialog final : public ApprovalDialog
{
    Q_OBJECT
public:
    /// What the dialog shows that takes long to work out for large arguments or schemas: the JSON text
    /// and the problems worded with the form's labels. prepare() makes it on any thread; the gate runs
    /// it off the GUI thread, where 50,000 array items took 40-60 ms to print and word.
    struct Prepared
    {
        QString argumentsText; ///< The arguments as pretty JSON, keys in the request's order.
        SchemaValidator validator; ///< For edited arguments; unused when schemaError is set.
        QString schemaError;       ///< Why the tool's inputSchema cannot be used, if it cannot.
        QStringList problems;      ///< What is wrong with the arguments, in the form's order and words.
        std::shared_ptr<const SchemaNode> schema; ///< Built when there were problems to word; else null.
        QList<ApprovalWarning> warnings; ///< What of the server's text is hidden or disguised.
    };
    static Prepared prepare(const ApprovalRequest &request);
    /// Arguments as a person sees them before they are sent: pretty JSON with the keys in order and
    /// hidden characters in strings written as escapes. Any thread; the run approval shows the same.
    static QString visibleArguments(const QJsonObject &arguments, const JsonKeyOrder &order);

    /// Prepares on the calling thread: for small requests, and for tests.
    explicit ConfirmationDialog(const ApprovalRequest &request, QWidget *parent = nullptr);
    ConfirmationDialog(const ApprovalRequest &request, Prepared prepared, QWidget *parent = nullptr);

    const ApprovalRequest &request() const { return m_request; }

    /// The arguments the call would carry if allowed now (the edited ones, when edited and valid).
    QJsonObject argumentsToSend() const;
    /// True when the JSON text is a valid object, so the allow buttons may be used.
    bool argumentsParse() const;
    /// The schema problems shown for the arguments as they stand.
    QStringList validationProblems() const { return m_problemsShown; }
    /// What of the server's text is hidden or disguised, as shown above the details.
    QList<ApprovalWarning> warnings() const { return m_warnings; }

    /// How many more requests wait behind this one; shown as a note when positive.
    void setQueuedCount(int count);

    /// A mark under the arguments: which argument repeats which server's text, and from which call.
    /// The chat's tool-call cards show the same lines.
    static QString originLine(const ArgumentOrigin &origin);

protected:
    ApprovalDecision decide(bool accepted) const override;
    QSize firstSize() const override;

private:
    QWidget *buildHeader();
    QWidget *buildDetails();
    QWidget *buildClaims();
    QWidget *buildArguments(const QString &text);
    QWidget *buildButtons();
    void choose(ApprovalDecision::Kind kind);
    void onArgumentsEdited();
    void setEditing(bool editing);
    void loadEditor();
    void updateAllowButtons();
    /// A model's call in a conversation: "for the session" means for that conversation.
    bool forConversation() const;
    QString sessionToolTip() const;
    QStringList describe(const QList<SchemaIssue> &issues) const;
    static QStringList describe(const SchemaNode &schema, const QList<SchemaIssue> &issues);
    const SchemaNode &schemaNode() const;

    ApprovalRequest m_request;
    SchemaValidator m_validator;
    ApprovalDecision::Kind m_chosen = ApprovalDecision::Kind::Deny;
    QStringList m_problemsShown;
    QStringList m_originalProblems;
    mutable std::shared_ptr<const SchemaNode> m_schema;
    QList<ApprovalWarning> m_warnings;

    QWidget *m_content = nullptr;    // all above the buttons, in a scroll area
    QWidget *m_buttonArea = nullptr; // the reason and the buttons, always in view
    ProblemsBox *m_problems = nullptr;
    JsonEditor *m_json = nullptr;
    // Large arguments are shown here, in parts, until the person edits them; m_json is then filled.
    LargeTextView *m_preview = nullptr;
    bool m_jsonLoaded = true;
    QPushButton *m_edit = nullptr;
    QLabel *m_editedNote = nullptr;
    QLabel *m_queuedNote = nullptr;
    QLineEdit *m_reason = nullptr;
    QPushButton *m_deny = nullptr;
    QPushButton *m_allowOnce = nullptr;
    QPushButton *m_allowSession = nullptr;
    QPushButton *m_allowAlways = nullptr;
};

} // namespace Toolgate
