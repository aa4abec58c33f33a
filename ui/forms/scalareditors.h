#pragma once

#include "ui/forms/fieldeditor.h"
#include "ui/forms/preservedvalue.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace Toolgate {

class JsonEditor;
class LargeTextView;

/// Text: a line edit, or a multi-line editor for long text. Formats (email, uri, date, ...) get a
/// placeholder showing the expected shape; SchemaValidator reports a mismatch.
class StringFieldEditor final : public FieldEditor
{
    Q_OBJECT
public:
    StringFieldEditor(SchemaNodePtr node, FieldContext context, QWidget *parent);

    std::optional<QJsonValue> value() const override;
    void setValue(const std::optional<QJsonValue> &value) override;
    int firstLineHeight() const override;

    /// Whether node is better edited in several lines (long maxLength, a text-area format, a description
    /// asking for several lines, or a property name that usually holds a document).
    static bool prefersMultiLine(const SchemaNode &node, const QString &pointer);
    /// What an empty field should show for format, e.g. "name@example.com"; empty if nothing useful.
    static QString formatPlaceholder(const QString &format);

private:
    QString text() const;
    void setText(const QString &text);
    void onEdited();

    QLineEdit *m_line = nullptr;
    QPlainTextEdit *m_multi = nullptr;
    std::optional<QJsonValue> m_value; // what value() returns; the text is derived from it
    bool m_updating = false;
};

/// Numbers and whole numbers: a line edit with a validator, not a spin box, so there is no silent clamping
/// (an out-of-range value is shown as a problem instead), no arbitrary ±99 range for unbounded integers,
/// and "absent" stays possible. Up/Down step by multipleOf (or 1) within the bounds.
class NumberFieldEditor final : public FieldEditor
{
    Q_OBJECT
public:
    NumberFieldEditor(SchemaNodePtr node, FieldContext context, QWidget *parent);

    std::optional<QJsonValue> value() const override;
    void setValue(const std::optional<QJsonValue> &value) override;
    void collectLocalIssues(QList<SchemaIssue> &issues) const override;

    /// How the allowed range reads as a placeholder, e.g. "1 to 100", "at least 0", "any whole number".
    static QString rangeHint(const SchemaNode &node);
    /// The text for a number: whole numbers without a fraction, others in their shortest exact form.
    static QString numberText(const QJsonValue &value);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    bool isInteger() const;
    std::optional<QJsonValue> parsedText() const;
    void step(int direction);
    void onEdited();

    QLineEdit *m_line = nullptr;
    PreservedValue m_preserved; // a set value shown inexactly (e.g. a string), until edited
    bool m_updating = false;
};

/// True/false: a check box; tri-state ("not set") when the field is optional and has no default.
class BooleanFieldEditor final : public FieldEditor
{
    Q_OBJECT
public:
    BooleanFieldEditor(SchemaNodePtr node, FieldContext context, QWidget *parent);

    std::optional<QJsonValue> value() const override;
    void setValue(const std::optional<QJsonValue> &value) override;

private:
    void updateText();

    QCheckBox *m_check = nullptr;
    PreservedValue m_preserved;
    bool m_updating = false;
};

/// A fixed list of values: a combo box showing the values' titles. Optional fields, and required ones
/// without a default, start on an entry meaning "not set".
class EnumFieldEditor final : public FieldEditor
{
    Q_OBJECT
public:
    EnumFieldEditor(SchemaNodePtr node, FieldContext context, QWidget *parent);

    std::optional<QJsonValue> value() const override;
    void setValue(const std::optional<QJsonValue> &value) override;

    int firstLineHeight() const override;

    /// How an enum value reads: its title if it has one, strings as they are, other values as JSON.
    static QString valueLabel(const SchemaNode &node, qsizetype index);

private:
    QComboBox *m_combo = nullptr;
    QLabel *m_fixed = nullptr; // a constant shows as text instead of the combo box
    QJsonValue m_unlisted; // a value set from outside that is not in the enum, shown as its own entry
    bool m_updating = false;
};

/// The null type: nothing to edit. Optional fields get a check box to send null at all.
class NullFieldEditor final : public FieldEditor
{
    Q_OBJECT
public:
    NullFieldEditor(SchemaNodePtr node, FieldContext context, QWidget *parent);

    std::optional<QJsonValue> value() const override;
    void setValue(const std::optional<QJsonValue> &value) override;

private:
    QCheckBox *m_send = nullptr; // null when required: then null is always sent
    PreservedValue m_preserved;
};

/// Any value (no usable schema, or a recursive one cut short): a small JSON editor.
///
/// A value whose JSON text is large (over LargeTextChars characters, or a line over LongLineChars) is not
/// put into the editor: laying out a 100,000-character line kept the window busy for a second. It is
/// shown read-only in a LargeTextView (in parts, long lines folded, "Show all"), sent exactly as it was
/// set, and goes into the editor only when the person asks to edit it ("Edit here").
class AnyFieldEditor final : public FieldEditor
{
    Q_OBJECT
public:
    AnyFieldEditor(SchemaNodePtr node, FieldContext context, QWidget *parent);

    std::optional<QJsonValue> value() const override;
    void setValue(const std::optional<QJsonValue> &value) override;
    void collectLocalIssues(QList<SchemaIssue> &issues) const override;
    int firstLineHeight() const override;

    /// True while a large value is shown read-only instead of in the editor.
    bool isShowingLargeValue() const { return m_large.has_value(); }
    /// Puts a large value's text into the editor (what "Edit here" does); may take a moment.
    void editLargeValue();

    static constexpr qsizetype LargeTextChars = 16 * 1024;
    static constexpr qsizetype LongLineChars = 2000;

private:
    void showLargeValue(const QJsonValue &value, const QString &text);

    JsonEditor *m_editor = nullptr;
    QWidget *m_largeBox = nullptr; // the read-only view of a large value and its "Edit here" button
    LargeTextView *m_preview = nullptr;
    std::optional<QJsonValue> m_large; // the large value on show, sent as it is until edited
};

} // namespace Toolgate
