#pragma once

#include "core/schema/schemanode.h"
#include "core/schema/schemavalidator.h"

#include <QJsonValue>
#include <QWidget>

#include <memory>
#include <optional>

namespace Toolgate {

using SchemaNodePtr = std::shared_ptr<const SchemaNode>;

/// Where an editor sits in the arguments.
struct FieldContext
{
    /// JSON Pointer of the value, e.g. "/address/city". The editor's input widget carries it as its
    /// objectName, so tests and the issue display can find it.
    QString pointer;
    /// The value must be present: a required property, or an item of an array (items cannot be absent).
    bool required = false;
    /// The value is an item of an array: it cannot be left out, so empty text means "" rather than absent.
    bool arrayItem = false;
    /// What the field is called, for editors that show their own title (group boxes).
    QString title;
    /// Shown as an alternative inside a choice: no title and no problem label of its own, since the
    /// choice's row already has both for the same pointer.
    bool embedded = false;
};

/// pointer + "/" + token, with token escaped as RFC 6901 requires ("~" -> "~0", "/" -> "~1").
QString appendPointer(const QString &pointer, const QString &token);
/// A plain-text description as a tooltip: tooltips render rich text, so the text is escaped first.
QString plainToolTip(const QString &text);
/// Text for QGroupBox/QCheckBox titles, which treat "&" as a shortcut marker.
QString escapeMnemonic(QString text);

/// Edits one JSON value described by a SchemaNode. Editors never validate against the schema themselves:
/// the form runs SchemaValidator over the whole arguments object and shows issues by pointer.
///
/// "Absent" (std::nullopt) is a real state: an optional field the person has not filled in is left out of
/// the arguments rather than sent empty, so the server applies its own default.
class FieldEditor : public QWidget
{
    Q_OBJECT
public:
    FieldEditor(SchemaNodePtr node, FieldContext context, QWidget *parent);

    const SchemaNode &node() const { return *m_node; }
    SchemaNodePtr nodePtr() const { return m_node; }
    QString pointer() const { return m_context.pointer; }
    bool isRequired() const { return m_context.required; }
    bool isArrayItem() const { return m_context.arrayItem; }
    const FieldContext &context() const { return m_context; }

    /// The value to send, or nullopt to leave the field out.
    virtual std::optional<QJsonValue> value() const = 0;
    /// Shows value (nullopt: absent). Values the editor cannot show exactly (a number written 1.0, keys the
    /// schema does not declare) are still returned verbatim by value() until the person edits them.
    /// Never emits edited().
    virtual void setValue(const std::optional<QJsonValue> &value) = 0;

    /// Problems the validator cannot see because the input never became a value (e.g. "12x" typed into a
    /// number field). Containers collect from their children.
    virtual void collectLocalIssues(QList<SchemaIssue> &issues) const;

    /// True when the editor shows the field's title itself (a group box), so its row adds no label.
    virtual bool showsOwnTitle() const { return false; }

    /// The text a row shows for this field: the schema title, else the property name made readable
    /// ("maxResults" -> "Max results").
    static QString fieldTitle(const SchemaNode &node, const QString &propertyName);

    /// The widget taking input, or nullptr for containers.
    QWidget *inputWidget() const { return m_input; }
    /// Gives keyboard focus to the editor's input, or to the first input inside a container.
    void focusInput();
    /// Height of the editor's first line (line edit, combo box), so a row label can line up with it.
    virtual int firstLineHeight() const;

signals:
    /// The person changed the value (programmatic setValue() does not emit this).
    void edited();
    /// More of the editor's fields exist now: a large object builds its rows over several turns of the
    /// event loop (see ObjectFieldEditor). Containers pass it on from the editors inside them.
    void fieldsAdded();

protected:
    /// The widget that takes input; gets the pointer as objectName, becomes the focus proxy and, unless it
    /// is a container, gets the description as tooltip and the title as accessible name.
    void setInputWidget(QWidget *input, bool isContainer = false);

private:
    SchemaNodePtr m_node;
    FieldContext m_context;
    QWidget *m_input = nullptr;
};

/// Objects, arrays and choices nested deeper than this are edited as JSON.
constexpr int MaxFormDepth = 6;

/// Builds the editor for node: the one place that decides which widget suits which schema.
/// The editor starts with the schema's default if it has one, else absent.
FieldEditor *createFieldEditor(const SchemaNodePtr &node, const FieldContext &context, QWidget *parent);

} // namespace Toolgate
