#include "ui/forms/scalareditors.h"
#include "core/common/displaytext.h"

#include "ui/forms/jsoneditor.h"
#include "core/jsonrpc/jsontext.h"
#include "ui/forms/numbervalidator.h"
#include "ui/forms/formlabels.h"
#include "ui/forms/wheelguard.h"
#include "ui/viewers/largetextview.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardItemModel>
#include <QVBoxLayout>

#include <cmath>
#include <limits>

namespace Toolgate {

namespace {

// The first line of a multi-line editor, measured as a line edit would be, to line its label up.
int textLineHeight(const QPlainTextEdit *edit)
{
    return QFontMetrics(edit->font()).lineSpacing() + 2 * edit->frameWidth()
        + 2 * int(edit->document()->documentMargin());
}

QHBoxLayout *bareLayout(QWidget *owner)
{
    auto *layout = new QHBoxLayout(owner);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(6);
    return layout;
}

// Largest magnitude below which every whole double is exact; past it a "whole number" may not be one.
constexpr double MaxExactInteger = 9007199254740992.0; // 2^53

QString lastToken(const QString &pointer)
{
    return pointer.section(QLatin1Char('/'), -1);
}

} // namespace

// --- StringFieldEditor ---------------------------------------------------------------------------

StringFieldEditor::StringFieldEditor(SchemaNodePtr node, FieldContext context, QWidget *parent)
    : FieldEditor(std::move(node), std::move(context), parent)
{
    auto *layout = bareLayout(this);
    QString placeholder = formatPlaceholder(this->node().format);
    if (placeholder.isEmpty() && !this->node().examples.isEmpty())
        placeholder = tr("e.g. %1").arg(JsonText::compact(this->node().examples.first()).remove(QLatin1Char('"')));

    if (prefersMultiLine(this->node(), pointer())) {
        m_multi = new QPlainTextEdit(this);
        m_multi->setTabChangesFocus(true); // a form is navigated with Tab; text rarely needs tabs
        m_multi->setPlaceholderText(placeholder);
        const int lines = 4;
        m_multi->setFixedHeight(QFontMetrics(m_multi->font()).lineSpacing() * lines
                                + int(m_multi->document()->documentMargin() * 2) + m_multi->frameWidth() * 2);
        layout->addWidget(m_multi);
        setInputWidget(m_multi);
        connect(m_multi, &QPlainTextEdit::textChanged, this, &StringFieldEditor::onEdited);
    } else {
        m_line = new QLineEdit(this);
        m_line->setPlaceholderText(placeholder);
        m_line->setClearButtonEnabled(true);
        if (this->node().format == u"password" || this->node().writeOnly)
            m_line->setEchoMode(QLineEdit::PasswordEchoOnEdit);
        // No setMaxLength(): it would silently cut text coming from the JSON tab or from history; a text
        // that is too long is reported like any other problem instead.
        layout->addWidget(m_line);
        setInputWidget(m_line);
        connect(m_line, &QLineEdit::textEdited, this, &StringFieldEditor::onEdited);
    }
    if (isArrayItem())
        m_value = QString(); // a new list item is an empty text, not a gap
}

std::optional<QJsonValue> StringFieldEditor::value() const
{
    return m_value;
}

void StringFieldEditor::setValue(const std::optional<QJsonValue> &value)
{
    m_value = value;
    if (m_value && m_value->isUndefined())
        m_value.reset();
    if (!m_value && isArrayItem())
        m_value = QString(); // list items cannot be left out
    if (!value || value->isUndefined())
        setText({});
    else if (value->isString())
        setText(value->toString());
    else
        setText(JsonText::compact(*value)); // a wrong type still shows; the validator names the problem
}

int StringFieldEditor::firstLineHeight() const
{
    return m_multi ? textLineHeight(m_multi) : FieldEditor::firstLineHeight();
}

bool StringFieldEditor::prefersMultiLine(const SchemaNode &node, const QString &pointer)
{
    static const QStringList multiLineFormats = {QStringLiteral("textarea"), QStringLiteral("multiline"),
                                                 QStringLiteral("multi-line"), QStringLiteral("markdown"),
                                                 QStringLiteral("html"), QStringLiteral("code")};
    if (multiLineFormats.contains(node.format, Qt::CaseInsensitive))
        return true;
    if (node.maxLength && *node.maxLength > 500)
        return true;
    static const QStringList hints = {QStringLiteral("multi-line"), QStringLiteral("multiline"),
                                      QStringLiteral("multiple lines"), QStringLiteral("several lines"),
                                      QStringLiteral("newline"), QStringLiteral("paragraph")};
    for (const QString &hint : hints)
        if (node.description.contains(hint, Qt::CaseInsensitive))
            return true;
    // Tools rarely say so, but these names nearly always hold documents, code or messages.
    static const QStringList documentNames = {QStringLiteral("content"), QStringLiteral("contents"),
                                              QStringLiteral("body"), QStringLiteral("text"),
                                              QStringLiteral("code"), QStringLiteral("script"),
                                              QStringLiteral("source"), QStringLiteral("markdown"),
                                              QStringLiteral("patch"), QStringLiteral("diff"),
                                              QStringLiteral("prompt"), QStringLiteral("sql")};
    return node.format.isEmpty() && node.enumValues.isEmpty()
        && documentNames.contains(lastToken(pointer), Qt::CaseInsensitive);
}

QString StringFieldEditor::formatPlaceholder(const QString &format)
{
    if (format == u"email" || format == u"idn-email")
        return tr("name@example.com");
    if (format == u"uri" || format == u"url" || format == u"iri" || format == u"uri-reference")
        return tr("https://example.com/…");
    if (format == u"date")
        return tr("YYYY-MM-DD");
    if (format == u"date-time")
        return tr("YYYY-MM-DDThh:mm:ssZ");
    if (format == u"time")
        return tr("hh:mm:ss");
    if (format == u"uuid")
        return tr("xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx");
    if (format == u"ipv4")
        return tr("192.0.2.1");
    if (format == u"ipv6")
        return tr("2001:db8::1");
    if (format == u"hostname" || format == u"idn-hostname")
        return tr("host.example.com");
    if (format == u"duration")
        return tr("P1DT2H (ISO 8601 duration)");
    return {};
}

QString StringFieldEditor::text() const
{
    return m_line ? m_line->text() : m_multi->toPlainText();
}

void StringFieldEditor::setText(const QString &text)
{
    if (text == this->text())
        return;
    m_updating = true;
    if (m_line)
        m_line->setText(text);
    else
        m_multi->setPlainText(text);
    m_updating = false;
}

void StringFieldEditor::onEdited()
{
    if (m_updating)
        return;
    const QString text = this->text();
    // An emptied optional field means "leave it out"; an emptied required property too, so the form says
    // "is required" instead of sending "". Array items cannot be left out: they become "".
    if (text.isEmpty() && !isArrayItem())
        m_value.reset();
    else
        m_value = text;
    emit edited();
}

// --- NumberFieldEditor ---------------------------------------------------------------------------

NumberFieldEditor::NumberFieldEditor(SchemaNodePtr node, FieldContext context, QWidget *parent)
    : FieldEditor(std::move(node), std::move(context), parent)
    , m_line(new QLineEdit(this))
{
    bareLayout(this)->addWidget(m_line);
    setInputWidget(m_line);
    m_line->setValidator(new NumberValidator(isInteger(), m_line));
    m_line->setPlaceholderText(rangeHint(this->node()));
    m_line->setClearButtonEnabled(true);
    m_line->installEventFilter(this);
    // Wide enough for the range hint, narrow enough to read as a number field.
    m_line->setMinimumWidth(QFontMetrics(m_line->font()).horizontalAdvance(m_line->placeholderText()) + 48);
    connect(m_line, &QLineEdit::textEdited, this, &NumberFieldEditor::onEdited);
}

bool NumberFieldEditor::isInteger() const
{
    return node().kind == SchemaNode::Kind::Integer;
}

std::optional<QJsonValue> NumberFieldEditor::value() const
{
    if (m_preserved.isKept())
        return m_preserved.value();
    return parsedText();
}

std::optional<QJsonValue> NumberFieldEditor::parsedText() const
{
    const QString text = m_line->text().trimmed();
    if (text.isEmpty())
        return std::nullopt;
    bool ok = false;
    if (isInteger()) {
        const qlonglong whole = text.toLongLong(&ok);
        if (ok)
            return QJsonValue(qint64(whole));
        return std::nullopt; // reported by collectLocalIssues()
    }
    const double number = QLocale::c().toDouble(text, &ok);
    if (!ok || !std::isfinite(number))
        return std::nullopt;
    // Keep whole numbers whole, so 3 is sent as 3 and not 3.0 by serialisers that care.
    if (number == std::trunc(number) && std::abs(number) < MaxExactInteger && !text.contains(QLatin1Char('.'))
        && !text.contains(QLatin1Char('e'), Qt::CaseInsensitive))
        return QJsonValue(qint64(number));
    return QJsonValue(number);
}

void NumberFieldEditor::setValue(const std::optional<QJsonValue> &value)
{
    m_updating = true;
    m_preserved.keep(value);
    m_line->setText(value ? numberText(*value) : QString());
    m_updating = false;
}

void NumberFieldEditor::collectLocalIssues(QList<SchemaIssue> &issues) const
{
    if (m_preserved.isKept())
        return;
    const QString text = m_line->text().trimmed();
    if (text.isEmpty() || parsedText())
        return;
    if (isInteger() && NumberValidator::isWholeNumberText(text))
        issues.append({pointer(), tr("is too large")});
    else
        issues.append({pointer(), isInteger() ? tr("must be a whole number") : tr("must be a number")});
}

QString NumberFieldEditor::rangeHint(const SchemaNode &node)
{
    const auto number = [](double value) { return QString::number(value, 'g', QLocale::FloatingPointShortest); };
    const bool integer = node.kind == SchemaNode::Kind::Integer;
    QString lower;
    QString upper;
    if (node.minimum)
        lower = node.exclusiveMinimum ? tr("more than %1").arg(number(*node.minimum))
                                      : tr("at least %1").arg(number(*node.minimum));
    if (node.maximum)
        upper = node.exclusiveMaximum ? tr("less than %1").arg(number(*node.maximum))
                                      : tr("at most %1").arg(number(*node.maximum));
    if (node.minimum && node.maximum && !node.exclusiveMinimum && !node.exclusiveMaximum)
        return integer ? tr("whole number, %1 – %2").arg(number(*node.minimum), number(*node.maximum))
                       : tr("%1 – %2").arg(number(*node.minimum), number(*node.maximum));
    QStringList parts;
    if (!lower.isEmpty())
        parts.append(lower);
    if (!upper.isEmpty())
        parts.append(upper);
    if (parts.isEmpty())
        return integer ? tr("whole number") : tr("number");
    return (integer ? tr("whole number, %1") : tr("number, %1")).arg(parts.join(tr(", ")));
}

QString NumberFieldEditor::numberText(const QJsonValue &value)
{
    if (!value.isDouble())
        return value.isString() ? value.toString() : JsonText::compact(value);
    const double number = value.toDouble();
    if (number == std::trunc(number) && std::abs(number) < MaxExactInteger)
        return QString::number(qint64(number));
    // Large integers arrive as qint64 inside QJsonValue; keep every digit.
    const qint64 whole = value.toInteger(std::numeric_limits<qint64>::min());
    if (whole != std::numeric_limits<qint64>::min() && double(whole) == number)
        return QString::number(whole);
    return QString::number(number, 'g', QLocale::FloatingPointShortest);
}

bool NumberFieldEditor::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_line && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Up || key->key() == Qt::Key_Down) {
            step(key->key() == Qt::Key_Up ? 1 : -1);
            return true;
        }
    }
    return FieldEditor::eventFilter(watched, event);
}

void NumberFieldEditor::step(int direction)
{
    const SchemaNode &n = node();
    const double increment = n.multipleOf && *n.multipleOf > 0 ? *n.multipleOf : 1.0;
    const std::optional<QJsonValue> current = parsedText();
    double next;
    if (!current || !current->isDouble())
        next = n.minimum ? *n.minimum + (n.exclusiveMinimum ? increment : 0) : 0;
    else
        next = current->toDouble() + direction * increment;
    if (n.multipleOf && *n.multipleOf > 0)
        next = std::round(next / *n.multipleOf) * *n.multipleOf;
    if (n.minimum && (next < *n.minimum || (n.exclusiveMinimum && next <= *n.minimum)))
        return;
    if (n.maximum && (next > *n.maximum || (n.exclusiveMaximum && next >= *n.maximum)))
        return;
    if (isInteger() && std::abs(next) >= MaxExactInteger)
        return;
    m_line->setText(numberText(QJsonValue(next)));
    onEdited();
}

void NumberFieldEditor::onEdited()
{
    if (m_updating)
        return;
    m_preserved.forget();
    emit edited();
}

// --- BooleanFieldEditor --------------------------------------------------------------------------

BooleanFieldEditor::BooleanFieldEditor(SchemaNodePtr node, FieldContext context, QWidget *parent)
    : FieldEditor(std::move(node), std::move(context), parent)
    , m_check(new QCheckBox(this))
{
    auto *layout = bareLayout(this);
    layout->addWidget(m_check);
    layout->addStretch();
    setInputWidget(m_check);
    // "Not set" must be reachable for optional fields without a default: the server then decides.
    m_check->setTristate(!isRequired() && this->node().defaultValue.isUndefined());
    m_check->setCheckState(m_check->isTristate() ? Qt::PartiallyChecked : Qt::Unchecked);
    updateText();
    connect(m_check, &QCheckBox::stateChanged, this, [this] {
        updateText();
        if (m_updating)
            return;
        m_preserved.forget();
        emit edited();
    });
}

std::optional<QJsonValue> BooleanFieldEditor::value() const
{
    if (m_preserved.isKept())
        return m_preserved.value();
    switch (m_check->checkState()) {
    case Qt::Checked: return QJsonValue(true);
    case Qt::Unchecked: return QJsonValue(false);
    case Qt::PartiallyChecked: break;
    }
    return std::nullopt;
}

void BooleanFieldEditor::setValue(const std::optional<QJsonValue> &value)
{
    m_updating = true;
    if (value && value->isBool()) {
        m_check->setCheckState(value->toBool() ? Qt::Checked : Qt::Unchecked);
        m_preserved.forget();
    } else if (!value && m_check->isTristate()) {
        m_check->setCheckState(Qt::PartiallyChecked);
        m_preserved.forget();
    } else {
        // Absent for a two-state box, or not a boolean at all: show "off" but send what we were given.
        m_check->setCheckState(Qt::Unchecked);
        m_preserved.keep(value);
    }
    m_updating = false;
    updateText();
}

void BooleanFieldEditor::updateText()
{
    switch (m_check->checkState()) {
    case Qt::Checked: m_check->setText(tr("Yes")); break;
    case Qt::Unchecked: m_check->setText(tr("No")); break;
    case Qt::PartiallyChecked: m_check->setText(tr("Not set")); break;
    }
}

// --- EnumFieldEditor -----------------------------------------------------------------------------

namespace {
constexpr int NotSetIndex = -1;
constexpr int UnlistedIndex = -2;
constexpr qsizetype LargeEnum = 200;

// EnumFieldEditor's combo box entries: the values' texts and tooltips are made when asked for. Entries
// with a text of their own ("Not set", a value that is not allowed) are as the combo box added them.
class EnumModel final : public QStandardItemModel
{
public:
    EnumModel(SchemaNodePtr node, QObject *parent)
        : QStandardItemModel(parent)
        , m_node(std::move(node))
    {
    }

    QVariant data(const QModelIndex &index, int role) const override
    {
        if (const std::optional<QVariant> made = make(index, role))
            return *made;
        return QStandardItemModel::data(index, role);
    }

    void multiData(const QModelIndex &index, QModelRoleDataSpan roleDataSpan) const override
    {
        QStandardItemModel::multiData(index, roleDataSpan);
        for (QModelRoleData &roleData : roleDataSpan)
            if (const std::optional<QVariant> made = make(index, roleData.role()))
                roleData.setData(*made);
    }

private:
    std::optional<QVariant> make(const QModelIndex &index, int role) const
    {
        if (role != Qt::DisplayRole && role != Qt::EditRole && role != Qt::ToolTipRole)
            return std::nullopt;
        const QStandardItem *item = itemFromIndex(index);
        if (!item || item->data(Qt::DisplayRole).isValid())
            return std::nullopt;
        const int value = item->data(Qt::UserRole).toInt();
        if (value < 0 || value >= m_node->enumValues.size())
            return std::nullopt;
        if (role == Qt::ToolTipRole)
            return plainToolTip(JsonText::compact(m_node->enumValues.at(value)));
        return EnumFieldEditor::valueLabel(*m_node, value);
    }

    SchemaNodePtr m_node;
};

bool isStructured(const QJsonValue &value)
{
    return value.isArray() || value.isObject();
}
} // namespace

EnumFieldEditor::EnumFieldEditor(SchemaNodePtr node, FieldContext context, QWidget *parent)
    : FieldEditor(std::move(node), std::move(context), parent)
    , m_combo(new QComboBox(this))
{
    auto *layout = bareLayout(this);
    layout->addWidget(m_combo);
    WheelGuard::install(m_combo);
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_combo->setMinimumContentsLength(12);

    // A required single value (a "const", typically the discriminator of a oneOf alternative) has nothing
    // to choose: show the value itself rather than a combo box that cannot change.
    const bool constant = isRequired() && this->node().enumValues.size() == 1;
    if (constant) {
        m_combo->hide();
        m_fixed = new QLabel(valueLabel(this->node(), 0), this);
        m_fixed->setTextFormat(Qt::PlainText);
        m_fixed->setObjectName(pointer() + QStringLiteral("#constant"));
        layout->addWidget(m_fixed);
    }
    layout->addStretch();
    setInputWidget(m_combo);

    // The values go into the combo box's model in one insertion, and each entry's text and tooltip are
    // made when first shown: an enum of 59,000 numbers added one by one, with both made up front, kept
    // the window busy for a second.
    const qsizetype count = this->node().enumValues.size();
    QList<QStandardItem *> items;
    items.reserve(count);
    for (qsizetype i = 0; i < count; ++i) {
        auto *item = new QStandardItem;
        item->setData(int(i), Qt::UserRole);
        items.append(item);
    }
    auto *model = new EnumModel(nodePtr(), m_combo);
    m_combo->setModel(model);
    if (!constant && (!isRequired() || this->node().defaultValue.isUndefined()))
        m_combo->addItem(isRequired() ? tr("Choose…") : tr("Not set"), NotSetIndex);
    model->invisibleRootItem()->appendRows(items);
    if (count > LargeEnum) {
        // Sized to its longest entry, the box would make every entry's text; the popup would measure them.
        m_combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        m_combo->setMinimumContentsLength(24);
        if (auto *view = qobject_cast<QListView *>(m_combo->view()))
            view->setUniformItemSizes(true);
    }
    connect(m_combo, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_updating)
            emit edited();
    });
}

int EnumFieldEditor::firstLineHeight() const
{
    return m_fixed ? m_fixed->sizeHint().height() : FieldEditor::firstLineHeight();
}

std::optional<QJsonValue> EnumFieldEditor::value() const
{
    const int index = m_combo->currentData().toInt();
    if (index == NotSetIndex)
        return std::nullopt;
    if (index == UnlistedIndex)
        return m_unlisted;
    return node().enumValues.at(index);
}

void EnumFieldEditor::setValue(const std::optional<QJsonValue> &value)
{
    m_updating = true;
    const int unlistedRow = m_combo->findData(UnlistedIndex);
    if (unlistedRow >= 0)
        m_combo->removeItem(unlistedRow);
    int row = -1;
    if (!value) {
        row = m_combo->findData(NotSetIndex);
    } else {
        // Two scalars print alike only when they are equal; only arrays and objects need printing to
        // compare (and printing each of thousands of values took most of a second).
        const QString wanted = isStructured(*value) ? JsonText::compact(*value) : QString();
        for (qsizetype i = 0; i < node().enumValues.size() && row < 0; ++i) {
            const QJsonValue candidate = node().enumValues.at(i);
            if (*value == candidate
                || (isStructured(*value) && isStructured(candidate) && JsonText::compact(candidate) == wanted))
                row = m_combo->findData(int(i));
        }
    }
    if (row < 0) {
        // Not one of the choices (from the JSON tab or history): show it rather than silently change it.
        m_unlisted = value.value_or(QJsonValue());
        const QString text = value ? tr("%1 (not an allowed value)").arg(JsonText::compact(*value)) : tr("Choose…");
        m_combo->addItem(text, value ? UnlistedIndex : NotSetIndex);
        row = m_combo->count() - 1;
    }
    m_combo->setCurrentIndex(row);
    if (m_fixed)
        m_fixed->setText(m_combo->currentText());
    m_updating = false;
}

QString EnumFieldEditor::valueLabel(const SchemaNode &node, qsizetype index)
{
    // A choice's text sizes the list it is in: bounded, like every text a server controls.
    if (index < node.enumTitles.size() && !node.enumTitles.at(index).isEmpty())
        return DisplayText::forLabel(node.enumTitles.at(index));
    const QJsonValue value = node.enumValues.at(index);
    return DisplayText::forLabel(value.isString() ? value.toString() : JsonText::compact(value));
}

// --- NullFieldEditor -----------------------------------------------------------------------------

NullFieldEditor::NullFieldEditor(SchemaNodePtr node, FieldContext context, QWidget *parent)
    : FieldEditor(std::move(node), std::move(context), parent)
{
    auto *layout = bareLayout(this);
    if (isRequired()) {
        auto *label = new QLabel(tr("null (nothing to enter)"), this);
        layout->addWidget(label);
        setInputWidget(label);
    } else {
        m_send = new QCheckBox(tr("Send null"), this);
        layout->addWidget(m_send);
        setInputWidget(m_send);
        connect(m_send, &QCheckBox::toggled, this, [this] {
            m_preserved.forget();
            emit edited();
        });
    }
    layout->addStretch();
}

std::optional<QJsonValue> NullFieldEditor::value() const
{
    if (m_preserved.isKept())
        return m_preserved.value();
    if (!m_send || m_send->isChecked())
        return QJsonValue(QJsonValue::Null);
    return std::nullopt;
}

void NullFieldEditor::setValue(const std::optional<QJsonValue> &value)
{
    m_preserved.keepIf(value && !value->isNull(), value);
    if (m_send) {
        const QSignalBlocker blocker(m_send);
        m_send->setChecked(value.has_value());
    }
}

// --- AnyFieldEditor ------------------------------------------------------------------------------

AnyFieldEditor::AnyFieldEditor(SchemaNodePtr node, FieldContext context, QWidget *parent)
    : FieldEditor(std::move(node), std::move(context), parent)
    , m_editor(new JsonEditor(this))
{
    bareLayout(this)->addWidget(m_editor);
    m_editor->setAccept(JsonText::Accept::AnyValue);
    m_editor->setVisibleLines(3, 8);
    m_editor->setPlaceholderText(this->node().truncated ? tr("JSON (this part of the schema repeats itself)")
                                                        : tr("any JSON value, e.g. \"text\", 42 or {\"key\": 1}"));
    setInputWidget(m_editor->textEdit());
    connect(m_editor, &JsonEditor::edited, this, &FieldEditor::edited);
}

namespace {

// Too large to lay out in a small editor at once: many characters, or one long line (Qt lays out a
// paragraph as a whole, and a 100,000-character one took most of a second).
bool isLargeText(const QString &text)
{
    return LargeTextView::isTooLargeToLayOut(text, AnyFieldEditor::LargeTextChars, AnyFieldEditor::LongLineChars);
}

} // namespace

std::optional<QJsonValue> AnyFieldEditor::value() const
{
    if (m_large)
        return m_large;
    return m_editor->parseResult().value;
}

void AnyFieldEditor::setValue(const std::optional<QJsonValue> &value)
{
    if (value) {
        const QString text = JsonText::pretty(*value);
        if (isLargeText(text))
            return showLargeValue(*value, text);
    }
    if (m_large) {
        m_large.reset();
        m_largeBox->hide();
        m_preview->clear();
        m_editor->show();
        setFocusProxy(m_editor->textEdit());
    }
    if (value)
        m_editor->setValue(*value);
    else
        m_editor->setText({});
}

void AnyFieldEditor::showLargeValue(const QJsonValue &value, const QString &text)
{
    if (!m_largeBox) {
        m_largeBox = new QWidget(this);
        auto *box = new QVBoxLayout(m_largeBox);
        box->setContentsMargins(0, 0, 0, 0);
        box->setSpacing(4);
        m_preview = new LargeTextView(m_largeBox);
        m_preview->setObjectName(pointer() + QStringLiteral("#preview"));
        m_preview->editor()->setAccessibleName(context().title);
        const QFontMetrics metrics(m_preview->editor()->font());
        m_preview->setFitToContents(true, metrics.lineSpacing() * 10);
        box->addWidget(m_preview);
        auto *row = new QHBoxLayout;
        row->setContentsMargins(0, 0, 0, 0);
        auto *note = new HelpLabel(tr("Too large to edit here as it is; it is sent unchanged unless you edit it."),
                                   m_largeBox);
        note->setObjectName(pointer() + QStringLiteral("#largeNote"));
        row->addWidget(note, 1);
        auto *edit = new QPushButton(tr("Edit here"), m_largeBox);
        edit->setObjectName(pointer() + QStringLiteral("#editLarge"));
        edit->setAutoDefault(false);
        edit->setToolTip(tr("Put the whole text into the editor (this may take a moment)"));
        row->addWidget(edit, 0, Qt::AlignTop);
        box->addLayout(row);
        layout()->addWidget(m_largeBox);
        connect(edit, &QPushButton::clicked, this, &AnyFieldEditor::editLargeValue);
    }
    m_large = value;
    m_editor->hide();
    m_editor->setText({});
    m_preview->setText(text, QStringLiteral("application/json"));
    m_largeBox->show();
    setFocusProxy(m_preview->editor());
}

void AnyFieldEditor::editLargeValue()
{
    if (!m_large)
        return;
    const QString text = m_preview->text();
    m_large.reset();
    m_largeBox->hide();
    m_preview->clear();
    m_editor->setText(text);
    m_editor->show();
    setFocusProxy(m_editor->textEdit());
    m_editor->textEdit()->setFocus(Qt::OtherFocusReason);
}

int AnyFieldEditor::firstLineHeight() const
{
    return textLineHeight(m_editor->textEdit());
}

void AnyFieldEditor::collectLocalIssues(QList<SchemaIssue> &issues) const
{
    if (m_large)
        return; // a value, shown as it is
    const JsonText::ParseResult &result = m_editor->parseResult();
    if (!result.ok() && !result.empty)
        issues.append({pointer(), tr("is not valid JSON")}); // the editor itself says where and why
}

} // namespace Toolgate

#include "moc_scalareditors.cpp"
