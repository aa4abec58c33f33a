#pragma once

#include "ui/forms/fieldeditor.h"
#include "ui/forms/preservedvalue.h"

#include <QJsonObject>

class QComboBox;
class QGridLayout;
class QLabel;
class QPushButton;
class QStackedWidget;
class QVBoxLayout;
class QCheckBox;

namespace Toolgate {

class HelpLabel;

/// An object: one row per property (label, editor, description, problems). The top-level arguments are a
/// plain grid; nested objects sit in a group box titled with the property; alternatives of a choice in a
/// plain frame. Keys the schema does not describe are kept and sent as they came.
///
/// An object with hundreds of properties would keep the GUI thread busy for seconds if every row were
/// built at once. From LargeObject properties on, the first EagerRows rows are built at once and a tail of
/// plain fields (text, numbers, booleans, whose value before and after setValue() is known without a
/// widget) is built in slices, one slice per turn of the event loop, in order; until its row exists, such
/// a field's value is kept here, so value() is the same as if every row had been built at once.
class ObjectFieldEditor final : public FieldEditor
{
    Q_OBJECT
public:
    ObjectFieldEditor(SchemaNodePtr node, FieldContext context, QWidget *parent);

    std::optional<QJsonValue> value() const override;
    void setValue(const std::optional<QJsonValue> &value) override;
    void collectLocalIssues(QList<SchemaIssue> &issues) const override;
    bool showsOwnTitle() const override;

    /// The editor of one property, or nullptr (also while its row is not built yet).
    FieldEditor *propertyEditor(const QString &name) const;
    /// True while rows are still to be built in later turns of the event loop.
    bool isBuilding() const { return m_nextDeferred < m_rows.size(); }
    /// Builds no more rows (the editor is about to be deleted, a few widgets at a time).
    void stopBuilding();

    static constexpr qsizetype LargeObject = 50;
    static constexpr qsizetype EagerRows = 20;
    /// Rows the whole form builds in one turn of the event loop before rows that may wait do.
    static constexpr int TurnRows = 40;

private:
    struct Row
    {
        QString name;
        FieldEditor *editor = nullptr;
        qsizetype property = 0; // index in node().properties
        int gridRow = 0;        // the grid row of its label and editor; a gap row above, details below
        std::optional<QJsonValue> pending; // the value of a row not built yet
        bool pendingSet = false;           // setValue() reached the row before it was built
    };

    bool isTopLevel() const;
    /// The form's top-level object, which counts the rows built in this turn; nullptr if there is none.
    ObjectFieldEditor *formRoot();
    bool turnSpent() const;
    void countRow();
    void buildRow(Row &row, QGridLayout *grid);
    void buildSlice();
    void onChildEdited();
    void updateExtrasNote();

    QVBoxLayout *m_bodyLayout = nullptr;
    QGridLayout *m_grid = nullptr; // the rows built at once
    int m_labelWidth = 0;          // of the label column, when rows are built in slices
    QList<Row> m_rows;
    qsizetype m_nextDeferred = 0; // the first row of the tail built in slices; m_rows.size() when done
    QJsonObject m_extras;   // keys the schema does not describe, kept verbatim
    HelpLabel *m_extrasNote = nullptr; // bounds what it shows: the keys are a server's (or a person's)
    bool m_explicitlyPresent = false; // set to an (empty) object from outside: send {} rather than nothing
    PreservedValue m_preserved; // set to something that is not an object, until edited
    int m_turnRows = 0; // of the top-level object: rows the form built in this turn of the event loop
};

/// An array: one row per item with a remove button, and an add button; minItems/maxItems decide when
/// those are available. Items use the item schema (or the tuple schema for their position).
class ArrayFieldEditor final : public FieldEditor
{
    Q_OBJECT
public:
    ArrayFieldEditor(SchemaNodePtr node, FieldContext context, QWidget *parent);

    std::optional<QJsonValue> value() const override;
    void setValue(const std::optional<QJsonValue> &value) override;
    void collectLocalIssues(QList<SchemaIssue> &issues) const override;
    bool showsOwnTitle() const override;

    qsizetype itemCount() const { return m_items.size(); }
    /// Appends an item as the add button does (ignored at maxItems).
    void addItem();
    /// Removes an item as its remove button does (ignored at minItems).
    void removeItem(qsizetype index);

    /// Lists longer than this are not laid out as rows (edited on the JSON tab instead).
    static constexpr qsizetype MaxRows = 200;

private:
    struct Item
    {
        QWidget *row = nullptr;
        FieldEditor *editor = nullptr;
    };

    SchemaNodePtr itemNode(qsizetype index) const;
    void appendItem(const std::optional<QJsonValue> &value);
    void setItems(const QList<std::optional<QJsonValue>> &values);
    void updateButtons();
    void onChildEdited();

    QVBoxLayout *m_itemsLayout = nullptr;
    HelpLabel *m_emptyNote = nullptr;
    QPushButton *m_add = nullptr;
    QList<Item> m_items;
    bool m_tooMany = false;
    bool m_explicitlyPresent = false;
    PreservedValue m_preserved;
};

/// oneOf/anyOf: a combo box picking the alternative, that alternative's editor below it. Each
/// alternative keeps its input while another is shown, so switching back loses nothing.
class ChoiceFieldEditor final : public FieldEditor
{
    Q_OBJECT
public:
    ChoiceFieldEditor(SchemaNodePtr node, FieldContext context, QWidget *parent);

    std::optional<QJsonValue> value() const override;
    void setValue(const std::optional<QJsonValue> &value) override;
    void collectLocalIssues(QList<SchemaIssue> &issues) const override;
    int firstLineHeight() const override;

    /// Selects alternative index (-1: not set, for optional choices).
    void setCurrentChoice(int index);
    int currentChoice() const;

    /// How well value fits node, for picking the alternative a given value belongs to; higher is better,
    /// negative means it cannot be that alternative.
    static int matchScore(const SchemaNode &node, const QJsonValue &value);

private:
    FieldEditor *currentEditor() const;
    /// The editor of alternative index, built the first time it is needed: a schema may offer thousands
    /// of alternatives, and only the chosen ones are ever seen.
    FieldEditor *alternative(qsizetype index);

    QComboBox *m_combo = nullptr;
    QGridLayout *m_grid = nullptr;
    QList<FieldEditor *> m_alternatives; // nullptr until built
    bool m_updating = false;
};

/// A value that may also be null: the editor for the value plus a "null" check box that disables it.
class NullableFieldEditor final : public FieldEditor
{
    Q_OBJECT
public:
    NullableFieldEditor(SchemaNodePtr node, FieldContext context, QWidget *parent);

    std::optional<QJsonValue> value() const override;
    void setValue(const std::optional<QJsonValue> &value) override;
    void collectLocalIssues(QList<SchemaIssue> &issues) const override;
    bool showsOwnTitle() const override;
    int firstLineHeight() const override;

    FieldEditor *innerEditor() const { return m_inner; }

private:
    FieldEditor *m_inner = nullptr;
    QCheckBox *m_null = nullptr;
};

} // namespace Toolgate
