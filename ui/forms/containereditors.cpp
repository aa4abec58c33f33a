#include "ui/forms/containereditors.h"

#include "ui/forms/formlabels.h"
#include "ui/forms/wheelguard.h"

#include <QCheckBox>
#include <QElapsedTimer>
#include <QComboBox>
#include <QFrame>
#include <QGridLayout>
#include <QGroupBox>
#include <QJsonArray>
#include <QLabel>
#include <QListView>
#include <QPushButton>
#include <QStandardItemModel>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>
#include <limits>

namespace Toolgate {

namespace {

constexpr int RowGap = 10;    // between one field and the next
constexpr int DetailGap = 3;  // between a field and its description or problems

// The frame that holds a container's fields: the form itself at the top level, a group box titled with
// the field when nested, an untitled panel inside a choice (whose row already names it).
QWidget *makeBody(FieldEditor *editor, bool topLevel, QVBoxLayout *outer)
{
    if (topLevel)
        return editor;
    const FieldContext &context = editor->context();
    QWidget *body;
    if (context.embedded || context.title.isEmpty()) {
        auto *frame = new QFrame(editor);
        frame->setFrameShape(QFrame::StyledPanel);
        frame->setFrameShadow(QFrame::Plain);
        body = frame;
    } else {
        body = new QGroupBox(escapeMnemonic(fieldLabelText(context.title, context.required)), editor);
    }
    outer->addWidget(body);
    return body;
}

HelpLabel *makeMutedLabel(const QString &text, QWidget *parent)
{
    auto *label = new HelpLabel(text, parent);
    label->setObjectName(QStringLiteral("note"));
    return label;
}

// Combo boxes with more entries than this are not sized to their longest entry.
constexpr qsizetype LargeList = 200;

// Milliseconds of building rows per turn of the event loop, for an object built in slices. Showing and
// laying out a slice's rows in the next turn costs several times as much (wrapped descriptions are laid
// out at several widths), so a slice is kept short.
constexpr qint64 SliceMs = 4;

// The value a property's editor has when createFieldEditor() returns it, for the kinds whose editor also
// returns exactly what setValue() gave it: only those rows may wait to be built. nullopt (the outer one)
// for every other kind. Plain fields (StringFieldEditor, NumberFieldEditor, BooleanFieldEditor), JSON
// editors without a default (AnyFieldEditor), and optional objects without a default whose every
// property is such a row (ObjectFieldEditor: it returns the object it was given, or nothing). depth is
// the number of '/' in the row's pointer, which decides (as in createFieldEditor()) what edits it.
std::optional<std::optional<QJsonValue>> initialValue(const SchemaNode &node, bool required, qsizetype depth)
{
    using Kind = SchemaNode::Kind;
    using Initial = std::optional<std::optional<QJsonValue>>;
    if (node.nullable || !node.enumValues.isEmpty())
        return std::nullopt;
    const std::optional<QJsonValue> fallback = node.defaultValue.isUndefined() ? std::nullopt
                                                                                : std::optional<QJsonValue>(node.defaultValue);
    const bool tooDeep = depth > MaxFormDepth;
    const bool asJson = node.kind == Kind::Any || (tooDeep && (node.kind == Kind::Object || node.kind == Kind::Array || node.kind == Kind::Choice))
        || (node.kind == Kind::Object && node.properties.isEmpty()) || (node.kind == Kind::Choice && node.choices.isEmpty());
    if (asJson)
        return fallback ? Initial() : Initial(std::optional<QJsonValue>()); // an empty editor is no value
    switch (node.kind) {
    case Kind::String:
    case Kind::Number:
    case Kind::Integer:
        return Initial(fallback);
    case Kind::Boolean:
        // A required check box without a default starts as "No", i.e. false.
        if (fallback || !required)
            return Initial(fallback);
        return std::nullopt;
    case Kind::Object: {
        // A required object without values is {}, whatever it was given: not the same.
        if (fallback || required)
            return std::nullopt;
        QJsonObject object;
        for (const SchemaProperty &property : node.properties) {
            const Initial inner = initialValue(*property.node, property.required, depth + 1);
            if (!inner)
                return std::nullopt;
            if (*inner)
                object.insert(property.name, **inner);
        }
        return object.isEmpty() ? Initial(std::optional<QJsonValue>()) : Initial(QJsonValue(object));
    }
    default:
        return std::nullopt;
    }
}

// The first of the rows from which on every row may wait to be built (see initialValue());
// properties.size() if the last one may not.
qsizetype deferrableSuffix(const QList<SchemaProperty> &properties, qsizetype depth)
{
    qsizetype suffix = properties.size();
    while (suffix > 0 && initialValue(*properties.at(suffix - 1).node, properties.at(suffix - 1).required, depth))
        --suffix;
    return suffix;
}

} // namespace

// --- ObjectFieldEditor ---------------------------------------------------------------------------

ObjectFieldEditor::ObjectFieldEditor(SchemaNodePtr node, FieldContext context, QWidget *parent)
    : FieldEditor(std::move(node), std::move(context), parent)
{
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->setSpacing(DetailGap);
    QWidget *body = makeBody(this, isTopLevel(), outer);
    QVBoxLayout *bodyLayout = body == this ? outer : new QVBoxLayout(body);
    m_bodyLayout = bodyLayout;
    if (body != this)
        bodyLayout->setSpacing(RowGap);
    setInputWidget(body, true);

    if (!isTopLevel() && !this->node().description.isEmpty())
        bodyLayout->addWidget(new HelpLabel(this->node().description, body));

    m_grid = new QGridLayout;
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setHorizontalSpacing(12);
    m_grid->setVerticalSpacing(DetailGap);
    m_grid->setColumnStretch(1, 1);
    bodyLayout->addLayout(m_grid);

    // Every row's place in the grid is fixed now, so rows built later land in the schema's order.
    // Rows that may wait (see initialValue()) do: in a large object those after the first EagerRows,
    // in any object once the form has built TurnRows rows in this turn of the event loop (nested objects
    // of 31 properties each, 188 of them, took a quarter of a second at once).
    const QList<SchemaProperty> &properties = this->node().properties;
    const qsizetype depth = pointer().count(QLatin1Char('/')) + 1;
    const qsizetype suffix = deferrableSuffix(properties, depth);
    const qsizetype tail = properties.size() >= LargeObject ? qMax(suffix, EagerRows) : properties.size();
    ObjectFieldEditor *budget = formRoot();
    m_rows.reserve(properties.size());
    int next = m_grid->rowCount();
    qsizetype deferFrom = properties.size();
    for (qsizetype i = 0; i < properties.size(); ++i) {
        Row row;
        row.name = properties.at(i).name;
        row.property = i;
        row.gridRow = i > 0 ? next + 1 : next; // a gap row between one field and the next
        if (deferFrom == properties.size() && (i >= tail || (i >= suffix && budget && budget->turnSpent())))
            deferFrom = i;
        if (i >= deferFrom) {
            row.pending = *initialValue(*properties.at(i).node, properties.at(i).required, depth);
            m_rows.append(row);
            continue;
        }
        m_rows.append(row);
        buildRow(m_rows.last(), m_grid);
        if (budget)
            budget->countRow();
        next = m_rows.last().gridRow + (m_rows.last().editor->showsOwnTitle() ? 1 : 2);
    }
    m_nextDeferred = deferFrom;
    if (isBuilding()) {
        // The rows built later sit in grids of their own (see buildSlice()); their labels' column is as
        // wide in all of them as one grid would have made it.
        const int widest = body->fontMetrics().averageCharWidth() * 24;
        for (const SchemaProperty &property : properties) {
            const QString text = fieldLabelText(fieldTitle(*property.node, property.name), property.required)
                + (property.node->deprecated ? tr(" (deprecated)") : QString());
            m_labelWidth = qMax(m_labelWidth, qMin(widest, body->fontMetrics().horizontalAdvance(text)));
        }
        m_grid->setColumnMinimumWidth(0, m_labelWidth);
        QTimer::singleShot(0, this, &ObjectFieldEditor::buildSlice);
    }

    m_extrasNote = makeMutedLabel({}, body);
    m_extrasNote->hide();
    bodyLayout->addWidget(m_extrasNote);

    if (!isTopLevel() && !this->context().embedded)
        outer->addWidget(new IssueLabel(pointer(), this));
}

bool ObjectFieldEditor::isTopLevel() const
{
    return pointer().isEmpty() && !context().embedded;
}

ObjectFieldEditor *ObjectFieldEditor::formRoot()
{
    if (isTopLevel())
        return this;
    for (QWidget *ancestor = parentWidget(); ancestor; ancestor = ancestor->parentWidget()) {
        auto *object = qobject_cast<ObjectFieldEditor *>(ancestor);
        if (object && object->isTopLevel())
            return object;
    }
    return nullptr;
}

bool ObjectFieldEditor::turnSpent() const
{
    return m_turnRows >= TurnRows;
}

void ObjectFieldEditor::countRow()
{
    if (m_turnRows++ == 0)
        QTimer::singleShot(0, this, [this] { m_turnRows = 0; }); // the next turn starts afresh
}

bool ObjectFieldEditor::showsOwnTitle() const
{
    return !isTopLevel() && !context().embedded;
}

void ObjectFieldEditor::buildRow(Row &built, QGridLayout *grid)
{
    const SchemaProperty &property = node().properties.at(built.property);
    QWidget *body = grid->parentWidget();
    const QString title = fieldTitle(*property.node, property.name);
    FieldContext childContext{appendPointer(pointer(), property.name), property.required, false, title, false};
    FieldEditor *editor = createFieldEditor(property.node, childContext, body);
    if (built.pendingSet)
        editor->setValue(built.pending);
    built.editor = editor;
    built.pending.reset();
    connect(editor, &FieldEditor::edited, this, &ObjectFieldEditor::onChildEdited);
    connect(editor, &FieldEditor::fieldsAdded, this, &FieldEditor::fieldsAdded);

    int row = built.gridRow;
    if (row > 0)
        grid->setRowMinimumHeight(row - 1, RowGap - 2 * DetailGap); // breathing room between fields

    if (editor->showsOwnTitle()) {
        grid->addWidget(editor, row, 0, 1, 2);
        return;
    }

    QString labelText = fieldLabelText(title, property.required);
    if (property.node->deprecated)
        labelText += tr(" (deprecated)");
    auto *label = new QLabel(labelText, body);
    label->setTextFormat(Qt::PlainText);
    label->setObjectName(childContext.pointer + QStringLiteral("#label"));
    // A long title wraps instead of pushing every field to the right; short ones never wrap (a wrapping
    // QLabel asks for less width than its text needs and would break "Gift wrap" for no reason).
    const int widest = label->fontMetrics().averageCharWidth() * 24;
    if (label->fontMetrics().horizontalAdvance(labelText) > widest) {
        label->setWordWrap(true);
        label->setFixedWidth(widest);
    }
    if (title != property.name)
        label->setToolTip(plainToolTip(property.name)); // the key as the server and the JSON tab know it
    // Top-aligned and padded to sit on the editor's first line, whether the editor is one line or many.
    const int padding = qMax(0, (editor->firstLineHeight() - label->sizeHint().height()) / 2);
    label->setContentsMargins(0, padding, 0, 0);
    grid->addWidget(label, row, 0, Qt::AlignLeft | Qt::AlignTop);
    grid->addWidget(editor, row, 1);

    auto *details = new QWidget(body);
    auto *detailsLayout = new QVBoxLayout(details);
    detailsLayout->setContentsMargins(0, 0, 0, 0);
    detailsLayout->setSpacing(DetailGap);
    if (!property.node->description.isEmpty())
        detailsLayout->addWidget(new HelpLabel(property.node->description, details));
    detailsLayout->addWidget(new IssueLabel(childContext.pointer, details));
    grid->addWidget(details, row + 1, 1);
}

std::optional<QJsonValue> ObjectFieldEditor::value() const
{
    if (m_preserved.isKept())
        return m_preserved.value();
    QJsonObject object = m_extras;
    for (const Row &row : m_rows) {
        if (const std::optional<QJsonValue> value = row.editor ? row.editor->value() : row.pending)
            object.insert(row.name, *value);
    }
    if (object.isEmpty() && !isRequired() && !isTopLevel() && !m_explicitlyPresent)
        return std::nullopt;
    return object;
}

void ObjectFieldEditor::setValue(const std::optional<QJsonValue> &value)
{
    const QJsonObject object = value ? value->toObject() : QJsonObject();
    m_preserved.keepIf(value && !value->isObject(), value);
    m_explicitlyPresent = value && value->isObject();
    m_extras = object;
    for (Row &row : m_rows) {
        m_extras.remove(row.name);
        const std::optional<QJsonValue> given = object.contains(row.name) ? std::optional<QJsonValue>(object.value(row.name))
                                                                           : std::nullopt;
        if (row.editor) {
            row.editor->setValue(given);
        } else {
            // What the row's editor returns after setValue(given): see initialValue().
            row.pending = given;
            row.pendingSet = true;
        }
    }
    updateExtrasNote();
}

void ObjectFieldEditor::collectLocalIssues(QList<SchemaIssue> &issues) const
{
    // A row not built yet has had no input that could fail to become a value.
    for (const Row &row : m_rows)
        if (row.editor)
            row.editor->collectLocalIssues(issues);
}

FieldEditor *ObjectFieldEditor::propertyEditor(const QString &name) const
{
    for (const Row &row : m_rows)
        if (row.name == name)
            return row.editor;
    return nullptr;
}

void ObjectFieldEditor::stopBuilding()
{
    m_nextDeferred = m_rows.size();
}

void ObjectFieldEditor::buildSlice()
{
    if (!isBuilding())
        return; // stopped: the form is being taken apart
    // A slice stops after a few milliseconds of building: laying out and painting the new rows follows
    // in the same turn and costs about as much again, and the whole must stay well under 100 ms.
    QElapsedTimer clock;
    clock.start();
    // A slice's rows go into a grid of their own, shown as one widget: a widget added to a visible one
    // is shown in a later turn, and each such show lays out every ancestor again, for every row.
    QWidget *body = m_grid->parentWidget();
    auto *block = new QWidget(body);
    auto *grid = new QGridLayout(block);
    grid->setContentsMargins(0, RowGap - m_bodyLayout->spacing(), 0, 0); // as between rows of one grid
    grid->setHorizontalSpacing(m_grid->horizontalSpacing());
    grid->setVerticalSpacing(DetailGap);
    grid->setColumnStretch(1, 1);
    grid->setColumnMinimumWidth(0, m_labelWidth);
    int next = 0;
    QWidget *previous = m_nextDeferred > 0 ? m_rows.at(m_nextDeferred - 1).editor : nullptr;
    ObjectFieldEditor *budget = formRoot();
    while (m_nextDeferred < m_rows.size()) {
        Row &row = m_rows[m_nextDeferred++];
        row.gridRow = next > 0 ? next + 1 : 0;
        buildRow(row, grid);
        if (budget)
            budget->countRow();
        next = row.gridRow + (row.editor->showsOwnTitle() ? 1 : 2); // a label and details below, or a group box
        // Widgets join the end of the window's tab chain when they are created; Tab goes field by field.
        if (previous)
            QWidget::setTabOrder(previous, row.editor);
        previous = row.editor;
        // The budget is the form's: other objects' slices may run in this same turn.
        if (clock.elapsed() >= SliceMs || (budget && budget->turnSpent()))
            break;
    }
    m_bodyLayout->insertWidget(m_bodyLayout->indexOf(m_extrasNote), block);
    // A timer, not a posted call (which QTimer::singleShot(0) is): the layout and paint this slice
    // posts would otherwise run in the same pass over posted events as the next slice, 60-100 ms in all
    // for a form of a thousand fields. One millisecond later, the next slice has a turn of its own.
    if (isBuilding())
        QTimer::singleShot(1, Qt::PreciseTimer, this, &ObjectFieldEditor::buildSlice);
    emit fieldsAdded();
}

void ObjectFieldEditor::onChildEdited()
{
    m_preserved.forget();
    emit edited();
}

void ObjectFieldEditor::updateExtrasNote()
{
    // Keys the form has no field for are still sent; say so rather than send them unseen.
    if (m_extras.isEmpty()) {
        m_extrasNote->hide();
        return;
    }
    m_extrasNote->setText(tr("Also sent, not described by the tool: %1. Edit them on the JSON tab.")
                              .arg(m_extras.keys().join(tr(", "))));
    m_extrasNote->show();
}

// --- ArrayFieldEditor ----------------------------------------------------------------------------

ArrayFieldEditor::ArrayFieldEditor(SchemaNodePtr node, FieldContext context, QWidget *parent)
    : FieldEditor(std::move(node), std::move(context), parent)
{
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->setSpacing(DetailGap);
    QWidget *body = makeBody(this, false, outer);
    auto *bodyLayout = new QVBoxLayout(body);
    bodyLayout->setSpacing(6);
    setInputWidget(body, true);

    if (!this->node().description.isEmpty())
        bodyLayout->addWidget(new HelpLabel(this->node().description, body));
    m_itemsLayout = new QVBoxLayout;
    m_itemsLayout->setContentsMargins(0, 0, 0, 0);
    m_itemsLayout->setSpacing(6);
    bodyLayout->addLayout(m_itemsLayout);
    m_emptyNote = makeMutedLabel(isRequired() ? tr("No items.") : tr("No items; the list is left out."), body);
    bodyLayout->addWidget(m_emptyNote);

    auto *buttons = new QHBoxLayout;
    m_add = new QPushButton(tr("+ Add item"), body);
    m_add->setObjectName(pointer() + QStringLiteral("#add"));
    m_add->setAutoDefault(false); // Enter in a field must not add items
    buttons->addWidget(m_add);
    buttons->addStretch();
    bodyLayout->addLayout(buttons);
    connect(m_add, &QPushButton::clicked, this, &ArrayFieldEditor::addItem);

    if (!this->context().embedded)
        outer->addWidget(new IssueLabel(pointer(), this));

    // A required list starts with as many (empty) items as it must have, so the person sees the slots.
    QList<std::optional<QJsonValue>> initial;
    if (isRequired() && this->node().minItems)
        initial.resize(qMin<qint64>(*this->node().minItems, MaxRows), std::nullopt);
    setItems(initial);
}

bool ArrayFieldEditor::showsOwnTitle() const
{
    return !context().embedded;
}

SchemaNodePtr ArrayFieldEditor::itemNode(qsizetype index) const
{
    if (index < node().tupleItems.size())
        return node().tupleItems.at(index);
    if (node().items)
        return node().items;
    static const SchemaNodePtr anything = std::make_shared<const SchemaNode>();
    return anything;
}

std::optional<QJsonValue> ArrayFieldEditor::value() const
{
    if (m_preserved.isKept())
        return m_preserved.value();
    if (m_items.isEmpty() && !isRequired() && !m_explicitlyPresent)
        return std::nullopt;
    QJsonArray array;
    for (const Item &item : m_items)
        array.append(item.editor->value().value_or(QJsonValue(QJsonValue::Null)));
    return array;
}

void ArrayFieldEditor::setValue(const std::optional<QJsonValue> &value)
{
    QList<std::optional<QJsonValue>> values;
    const bool isArray = value && value->isArray();
    const qsizetype size = isArray ? value->toArray().size() : 0;
    // Thousands of rows of widgets would stall the window; such lists are edited as JSON instead.
    const bool tooMany = size > MaxRows;
    if (isArray && !tooMany) {
        for (const QJsonValue &item : value->toArray())
            values.append(item);
    }
    m_preserved.keepIf((value && !isArray) || tooMany, value);
    m_explicitlyPresent = isArray;
    m_tooMany = tooMany;
    if (tooMany)
        m_emptyNote->setText(tr("%1 items: too many to show here. Edit them on the JSON tab.").arg(size));
    else
        m_emptyNote->setText(isRequired() ? tr("No items.") : tr("No items; the list is left out."));
    setItems(values);
}

void ArrayFieldEditor::collectLocalIssues(QList<SchemaIssue> &issues) const
{
    for (const Item &item : m_items)
        item.editor->collectLocalIssues(issues);
}

void ArrayFieldEditor::addItem()
{
    if (node().maxItems && m_items.size() >= *node().maxItems)
        return;
    if (m_tooMany)
        return;
    appendItem(std::nullopt);
    m_preserved.forget();
    updateButtons();
    m_items.last().editor->focusInput();
    emit edited();
}

void ArrayFieldEditor::removeItem(qsizetype index)
{
    if (index < 0 || index >= m_items.size())
        return;
    if (node().minItems && m_items.size() <= *node().minItems)
        return;
    QList<std::optional<QJsonValue>> values;
    for (qsizetype i = 0; i < m_items.size(); ++i)
        if (i != index)
            values.append(m_items.at(i).editor->value());
    // Pointers of later items change ("/tags/3" becomes "/tags/2"): every row from index on takes its
    // successor's value and the last row goes, so each row keeps its pointer.
    setItems(values);
    m_preserved.forget();
    if (!m_items.isEmpty())
        m_items.at(qMin(index, m_items.size() - 1)).editor->focusInput();
    else
        m_add->setFocus(Qt::OtherFocusReason);
    emit edited();
}

void ArrayFieldEditor::appendItem(const std::optional<QJsonValue> &value)
{
    const qsizetype index = m_items.size();
    const QString itemPointer = appendPointer(pointer(), QString::number(index));
    auto *row = new QWidget(m_itemsLayout->parentWidget());
    auto *grid = new QGridLayout(row);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(4);
    grid->setVerticalSpacing(DetailGap);
    grid->setColumnStretch(0, 1);

    FieldContext itemContext{itemPointer, true, true, tr("Item %1").arg(index + 1), false};
    FieldEditor *editor = createFieldEditor(itemNode(index), itemContext, row);
    if (value)
        editor->setValue(value);
    grid->addWidget(editor, 0, 0);

    auto *remove = new QToolButton(row);
    remove->setText(QStringLiteral("\u2212")); // minus sign
    remove->setToolTip(tr("Remove this item"));
    remove->setAccessibleName(tr("Remove item %1").arg(index + 1));
    remove->setObjectName(itemPointer + QStringLiteral("#remove"));
    remove->setAutoRaise(true);
    const int side = qMax(remove->sizeHint().height(), editor->firstLineHeight());
    remove->setFixedSize(side, side);
    grid->addWidget(remove, 0, 1, Qt::AlignTop);
    if (!editor->showsOwnTitle())
        grid->addWidget(new IssueLabel(itemPointer, row), 1, 0);

    // Queued: removing deletes the last row, which may hold this very button.
    connect(remove, &QToolButton::clicked, this, [this, row] {
        for (qsizetype i = 0; i < m_items.size(); ++i)
            if (m_items.at(i).row == row)
                return removeItem(i);
    }, Qt::QueuedConnection);
    connect(editor, &FieldEditor::edited, this, &ArrayFieldEditor::onChildEdited);
    connect(editor, &FieldEditor::fieldsAdded, this, &FieldEditor::fieldsAdded);

    m_itemsLayout->addWidget(row);
    m_items.append({row, editor});
}

void ArrayFieldEditor::setItems(const QList<std::optional<QJsonValue>> &values)
{
    // Rows are reused by position (the item schema depends on the position only), so typing in the JSON
    // tab does not recreate every row on each keystroke.
    const qsizetype kept = qMin(values.size(), m_items.size());
    for (qsizetype i = 0; i < kept; ++i)
        m_items.at(i).editor->setValue(values.at(i));
    while (m_items.size() > values.size())
        delete m_items.takeLast().row;
    for (qsizetype i = kept; i < values.size(); ++i)
        appendItem(values.at(i));
    updateButtons();
}

void ArrayFieldEditor::updateButtons()
{
    const qsizetype count = m_items.size();
    const bool canAdd = !m_tooMany && (!node().maxItems || count < *node().maxItems);
    m_add->setEnabled(canAdd);
    m_add->setToolTip(canAdd ? QString() : tr("This list takes at most %n item(s).", nullptr, int(*node().maxItems)));
    const bool canRemove = !node().minItems || count > *node().minItems;
    for (const Item &item : std::as_const(m_items)) {
        auto *remove = item.row->findChild<QToolButton *>(item.editor->pointer() + QStringLiteral("#remove"));
        if (remove) {
            remove->setEnabled(canRemove);
            remove->setToolTip(canRemove ? tr("Remove this item")
                                         : tr("This list needs at least %n item(s).", nullptr, int(*node().minItems)));
        }
    }
    m_emptyNote->setVisible(count == 0);
}

void ArrayFieldEditor::onChildEdited()
{
    m_preserved.forget();
    emit edited();
}

// --- ChoiceFieldEditor ---------------------------------------------------------------------------

namespace {
constexpr int NotSetChoice = -1;
} // namespace

ChoiceFieldEditor::ChoiceFieldEditor(SchemaNodePtr node, FieldContext context, QWidget *parent)
    : FieldEditor(std::move(node), std::move(context), parent)
    , m_combo(new QComboBox(this))
{
    m_grid = new QGridLayout(this);
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setHorizontalSpacing(6);
    m_grid->setVerticalSpacing(6);
    m_grid->setColumnStretch(1, 1);
    m_grid->addWidget(m_combo, 0, 0, Qt::AlignTop);
    WheelGuard::install(m_combo);
    m_combo->setObjectName(pointer() + QStringLiteral("#choice"));
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_combo->setAccessibleName(tr("%1: kind of value").arg(this->context().title));
    if (!this->node().description.isEmpty())
        m_combo->setToolTip(plainToolTip(this->node().description));
    setFocusProxy(m_combo);

    // The entries go into the combo box's model in one insertion, not one by one (each addItem() is a
    // model change the combo box reacts to: thousands of alternatives took a good part of a second).
    QList<QStandardItem *> items;
    items.reserve(this->node().choices.size() + 1);
    const auto entry = [](const QString &text, int data) {
        auto *item = new QStandardItem(text);
        item->setData(data, Qt::UserRole);
        return item;
    };
    if (!isRequired())
        items.append(entry(tr("Not set"), NotSetChoice));
    for (qsizetype i = 0; i < this->node().choices.size(); ++i)
        items.append(entry(this->node().choices.at(i).label, int(i)));
    if (auto *model = qobject_cast<QStandardItemModel *>(m_combo->model()))
        model->invisibleRootItem()->appendRows(items);
    if (items.size() > LargeList) {
        // Measuring every entry for the box's width, and every row of the popup, is what would cost.
        m_combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        m_combo->setMinimumContentsLength(24);
        if (auto *view = qobject_cast<QListView *>(m_combo->view()))
            view->setUniformItemSizes(true);
    }
    m_alternatives.resize(this->node().choices.size(), nullptr);
    setCurrentChoice(isRequired() ? 0 : NotSetChoice);
    connect(m_combo, &QComboBox::currentIndexChanged, this, [this] {
        setCurrentChoice(m_combo->currentData().toInt());
        if (!m_updating)
            emit edited();
    });
}

int ChoiceFieldEditor::firstLineHeight() const
{
    return m_combo->sizeHint().height();
}

int ChoiceFieldEditor::currentChoice() const
{
    return m_combo->currentData().toInt();
}

void ChoiceFieldEditor::setCurrentChoice(int index)
{
    // Entries are "Not set" (optional choices only) and then the alternatives in order.
    const int row = index < 0 ? (isRequired() ? -1 : 0) : index + (isRequired() ? 0 : 1);
    if (row < 0 || row >= m_combo->count() || m_combo->itemData(row).toInt() != index)
        return;
    if (index >= 0)
        alternative(index);
    if (m_combo->currentIndex() != row) {
        const QSignalBlocker blocker(m_combo);
        m_combo->setCurrentIndex(row);
    }
    for (qsizetype i = 0; i < m_alternatives.size(); ++i)
        if (FieldEditor *editor = m_alternatives.at(i))
            editor->setVisible(i == index);
}

FieldEditor *ChoiceFieldEditor::alternative(qsizetype index)
{
    if (FieldEditor *built = m_alternatives.at(index))
        return built;
    const SchemaChoice &choice = node().choices.at(index);
    FieldContext alternativeContext{pointer(), true, isArrayItem(), choice.label, true};
    FieldEditor *editor = createFieldEditor(choice.node, alternativeContext, this);
    const bool besideCombo = !qobject_cast<ObjectFieldEditor *>(editor) && !qobject_cast<ArrayFieldEditor *>(editor)
        && !qobject_cast<ChoiceFieldEditor *>(editor);
    if (besideCombo)
        m_grid->addWidget(editor, 0, 1);
    else
        m_grid->addWidget(editor, 1, 0, 1, 2);
    editor->hide();
    // Built after the rest of the window, it would come last on Tab; it belongs right after the box.
    QWidget::setTabOrder(m_combo, editor);
    m_alternatives[index] = editor;
    connect(editor, &FieldEditor::edited, this, [this] {
        if (!m_updating)
            emit edited();
    });
    connect(editor, &FieldEditor::fieldsAdded, this, &FieldEditor::fieldsAdded);
    return editor;
}

FieldEditor *ChoiceFieldEditor::currentEditor() const
{
    const int index = currentChoice();
    return index >= 0 && index < m_alternatives.size() ? m_alternatives.at(index) : nullptr;
}

std::optional<QJsonValue> ChoiceFieldEditor::value() const
{
    if (FieldEditor *editor = currentEditor())
        return editor->value();
    return std::nullopt;
}

void ChoiceFieldEditor::setValue(const std::optional<QJsonValue> &value)
{
    m_updating = true;
    if (!value) {
        if (!isRequired())
            setCurrentChoice(NotSetChoice);
        else if (FieldEditor *editor = currentEditor())
            editor->setValue(std::nullopt);
    } else {
        int best = 0;
        int bestScore = std::numeric_limits<int>::min();
        for (qsizetype i = 0; i < node().choices.size(); ++i) {
            const int score = matchScore(*node().choices.at(i).node, *value);
            if (score > bestScore) {
                best = int(i);
                bestScore = score;
            }
        }
        alternative(best)->setValue(value);
        setCurrentChoice(best);
    }
    m_updating = false;
}

void ChoiceFieldEditor::collectLocalIssues(QList<SchemaIssue> &issues) const
{
    if (FieldEditor *editor = currentEditor())
        editor->collectLocalIssues(issues);
}

int ChoiceFieldEditor::matchScore(const SchemaNode &node, const QJsonValue &value)
{
    using Kind = SchemaNode::Kind;
    if (value.isNull())
        return node.nullable || node.kind == Kind::Null ? 10 : (node.kind == Kind::Any ? 1 : -1);
    if (!node.enumValues.isEmpty())
        return node.enumValues.contains(value) ? 20 : -1;
    switch (node.kind) {
    case Kind::Any: return 1;
    case Kind::Null: return -1;
    case Kind::String: return value.isString() ? 5 : -1;
    case Kind::Boolean: return value.isBool() ? 5 : -1;
    case Kind::Number: return value.isDouble() ? 5 : -1;
    case Kind::Integer:
        return value.isDouble() && value.toDouble() == std::trunc(value.toDouble()) ? 6 : -1;
    case Kind::Array: return value.isArray() ? 5 : -1;
    case Kind::Choice: {
        int best = -1;
        for (const SchemaChoice &choice : node.choices)
            best = qMax(best, matchScore(*choice.node, value));
        return best;
    }
    case Kind::Object: break;
    }
    if (!value.isObject())
        return -1;
    const QJsonObject object = value.toObject();
    int score = 5;
    for (const SchemaProperty &property : node.properties) {
        const bool present = object.contains(property.name);
        // A property with one allowed value is a discriminator ("type": "circle"): decisive either way.
        if (present && property.node->enumValues.size() == 1) {
            if (property.node->enumValues.first() != object.value(property.name))
                return -1;
            score += 50;
        }
        if (present)
            score += 3;
        else if (property.required)
            score -= 2;
    }
    if (!node.additionalProperties) {
        for (auto it = object.begin(); it != object.end(); ++it)
            if (!node.property(it.key()))
                score -= 5;
    }
    return qMax(score, 0);
}

// --- NullableFieldEditor -------------------------------------------------------------------------

namespace {

SchemaNodePtr withoutNull(const SchemaNodePtr &node)
{
    auto inner = std::make_shared<SchemaNode>(*node);
    inner->nullable = false;
    return inner;
}

} // namespace

NullableFieldEditor::NullableFieldEditor(SchemaNodePtr node, FieldContext context, QWidget *parent)
    : FieldEditor(node, context, parent)
{
    m_inner = createFieldEditor(withoutNull(node), context, this);
    m_null = new QCheckBox(this);
    m_null->setObjectName(pointer() + QStringLiteral("#null"));
    m_null->setToolTip(tr("Send null instead of a value"));
    if (m_inner->showsOwnTitle()) {
        auto *layout = new QVBoxLayout(this);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->setSpacing(DetailGap);
        layout->addWidget(m_inner);
        m_null->setText(tr("Send null instead"));
        layout->addWidget(m_null);
    } else {
        auto *layout = new QHBoxLayout(this);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->setSpacing(8);
        layout->addWidget(m_inner, 1);
        m_null->setText(tr("null"));
        layout->addWidget(m_null, 0, Qt::AlignTop);
    }
    setFocusProxy(m_inner);
    connect(m_inner, &FieldEditor::edited, this, &FieldEditor::edited);
    connect(m_inner, &FieldEditor::fieldsAdded, this, &FieldEditor::fieldsAdded);
    connect(m_null, &QCheckBox::toggled, this, [this](bool isNull) {
        m_inner->setEnabled(!isNull);
        emit edited();
    });
}

std::optional<QJsonValue> NullableFieldEditor::value() const
{
    if (m_null->isChecked())
        return QJsonValue(QJsonValue::Null);
    return m_inner->value();
}

void NullableFieldEditor::setValue(const std::optional<QJsonValue> &value)
{
    const bool isNull = value && value->isNull();
    {
        const QSignalBlocker blocker(m_null);
        m_null->setChecked(isNull);
    }
    m_inner->setEnabled(!isNull);
    if (!isNull)
        m_inner->setValue(value);
}

void NullableFieldEditor::collectLocalIssues(QList<SchemaIssue> &issues) const
{
    if (!m_null->isChecked())
        m_inner->collectLocalIssues(issues);
}

int NullableFieldEditor::firstLineHeight() const
{
    return qMax(m_inner->firstLineHeight(), m_null->sizeHint().height());
}

bool NullableFieldEditor::showsOwnTitle() const
{
    return m_inner->showsOwnTitle();
}

} // namespace Toolgate

#include "moc_containereditors.cpp"
