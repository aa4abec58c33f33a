#pragma once

#include "core/protocol/tool.h"
#include "core/schema/schemavalidator.h"

#include <QJsonObject>
#include <QPointer>
#include <QSet>

#include <memory>
#include <QWidget>

class QLabel;
class QScrollArea;
class QTabWidget;

namespace Toolgate {

class HelpLabel;

class FieldEditor;
class JsonEditor;
class ProblemsBox;
struct SchemaNode;

/// Lets a person fill in the arguments of one tool call: a form generated from the tool's inputSchema and
/// a raw JSON editor, kept in sync both ways. Problems (from SchemaValidator over the whole arguments
/// object, plus input that is not a value yet) show next to their fields and in a summary below.
///
/// The JSON text is the ground truth whenever it parses to an object: the form shows what it can of it,
/// and keys or values the form cannot show are kept and sent unchanged. While the JSON does not parse, the
/// error is shown inline with its line and column and arguments() stays at the last good object.
///
/// Schemas and values come from servers and may take long to compile, describe or check (issue #13):
/// unless it is small, that work runs on SchemaChecker's thread. Meanwhile the form says it is checking
/// the schema and builds its fields when the schema is ready (isPreparing()); a check of the arguments
/// that needs more than a moment ends later too (isChecking()). argumentsChanged() tells of both.
class ArgumentForm final : public QWidget
{
    Q_OBJECT
public:
    enum class Page { Form, Json };

    explicit ArgumentForm(QWidget *parent = nullptr);
    ~ArgumentForm() override;

    /// Builds the form for tool: at once when its input schema is small (SchemaChecker::prepareSoon())
    /// or the one shown already, else once it is prepared off the GUI thread (see isPreparing()).
    /// Starts from initialArguments when given (e.g. ArgumentHistory), else from the schema's defaults.
    void setTool(const Tool &tool, const QJsonObject &initialArguments = {});
    const Tool &tool() const { return m_tool; }

    /// The arguments as they would be sent: the last object the form or a parsing JSON text produced.
    QJsonObject arguments() const { return m_arguments; }
    /// The order of the arguments' keys: the form's (the order of the tool's input schema), or the
    /// order the person typed them in the JSON tab. Calls send and show them in this order.
    JsonKeyOrder argumentOrder() const { return m_argumentOrder; }
    /// Shows arguments in both the form and the JSON editor.
    void setArguments(const QJsonObject &arguments);
    /// Starts over from the schema's defaults.
    void resetToDefaults();

    /// True while the tool's schema is being compiled and described off the GUI thread: the form has no
    /// fields yet, and arguments() are those given to start from (the defaults come with the fields).
    bool isPreparing() const { return m_preparing; }
    /// True while isPreparing() or while the arguments are being checked off the GUI thread:
    /// validationProblems() are then not final.
    bool isChecking() const { return m_preparing || m_checkInFlight; }
    /// True while the rows of a large form are still being added, a slice per turn of the event loop:
    /// the form's size hint only grows until then.
    bool isAddingFields() const;

    /// Everything wrong, one readable line each, naming fields by their labels ("Address › City is
    /// required"); empty when the arguments
    /// can be sent as they are. Includes a JSON text that does not parse.
    QStringList validationProblems() const;
    /// The schema problems behind validationProblems(), by JSON pointer (without the JSON text's).
    QList<SchemaIssue> issues() const { return m_issues; }
    /// Why the tool's schema cannot be checked against (it is broken or refers outside itself); empty
    /// normally. The form still works; only validation is missing.
    QString schemaError() const { return m_schemaError; }

    /// The text of the JSON tab (brought up to date first if the form changed since it was shown).
    QString argumentsText() const;

    Page currentPage() const;
    void setCurrentPage(Page page);

    /// Gives keyboard focus to the first field (the form's tabs when there is none).
    void focusFirstField();

    /// The person tried to send the arguments: from now on every problem shows, also that of a required
    /// field they have not touched yet (until another tool is set or the form is reset).
    void showAllProblems();

    /// The editor for the value at pointer ("/address/city"), or nullptr.
    FieldEditor *fieldEditor(const QString &pointer) const;

    /// Tall enough for the whole form without scrolling (QScrollArea alone would hint a fixed box),
    /// so a panel can give a short form just the room it needs. Measured at the form's current width.
    QSize sizeHint() const override;
    /// Always false, although the problems box wraps: see the definition.
    bool hasHeightForWidth() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

signals:
    /// arguments() or validationProblems() changed, by the person or through setArguments()/setTool().
    void argumentsChanged();

private:
    /// The application-wide focusChanged connection: ended in the destructor, since destroying the
    /// child widgets moves the focus and QObject would disconnect only after they are gone.
    QMetaObject::Connection m_focusWatch;
    void rebuildForm();
    void takeOldPage();
    void showPrepared(const QJsonObject &initialArguments);
    void showArguments(const QJsonObject &arguments);
    /// The form's values become the arguments (after an edit, or a new form's defaults).
    void takeFormArguments();
    void onJsonEdited();
    void refreshIssues();
    void startCheck();
    void showIssues(QList<SchemaIssue> issues);
    void showProblems();
    /// Whether issue is on show: a required field left empty is not said before the person touched
    /// it or tried to send (a form full of red before anything was typed only alarms).
    bool isShown(const SchemaIssue &issue) const;
    QList<SchemaIssue> shownIssues() const;
    void watchFields();
    void onFieldEdited();
    void touch(const QString &pointer);
    void forgetTouches();
    void showArgumentsAsJson();
    void showIssuesInForm();
    QJsonObject formArguments() const;
    void disposeSlice();

    Tool m_tool;
    std::shared_ptr<const SchemaNode> m_node; // what the form was built from; never null after construction
    JsonKeyOrder m_formOrder;     // m_node's value order
    JsonKeyOrder m_argumentOrder; // m_formOrder, or the JSON tab's while the person types there
    SchemaValidator m_validator;
    QString m_schemaError;
    QJsonObject m_arguments;
    QList<SchemaIssue> m_issues;
    QSet<QString> m_touched;      // pointers of the fields the person edited or left
    bool m_showAll = false;       // showAllProblems(), or the person wrote the JSON themselves
    QString m_jsonProblem;
    bool m_jsonStale = false; // the form changed while the JSON tab was hidden
    bool m_preparing = false;     // the schema is being prepared; no fields yet
    bool m_argumentsGiven = false; // while preparing: start from m_arguments, not from the defaults
    bool m_focusWhenBuilt = false; // focusFirstField() was asked for while preparing,
    QPointer<QWidget> m_focusedAtRequest; // when this widget had the focus
    quint64 m_prepareTicket = 0;  // the latest preparation; earlier ones are stale
    quint64 m_checkTicket = 0;    // the arguments' latest state; checks of earlier ones are stale
    bool m_checkInFlight = false; // a check runs off the GUI thread (at most one at a time)

    QTabWidget *m_tabs = nullptr;
    QScrollArea *m_scroll = nullptr;
    QWidget *m_formPage = nullptr;
    FieldEditor *m_root = nullptr;
    JsonEditor *m_json = nullptr;
    ProblemsBox *m_problems = nullptr;
    HelpLabel *m_schemaNote = nullptr;
    QList<QPointer<QWidget>> m_disposal; // widgets of replaced forms, deleted a few at a time
};

} // namespace Toolgate
