#include "ui/forms/fieldeditor.h"
#include "core/common/displaytext.h"

#include "ui/forms/containereditors.h"
#include "ui/forms/scalareditors.h"

#include <QTextDocument>

namespace Toolgate {

QString appendPointer(const QString &pointer, const QString &token)
{
    QString escaped = token;
    escaped.replace(QLatin1Char('~'), QLatin1String("~0")).replace(QLatin1Char('/'), QLatin1String("~1"));
    return pointer + QLatin1Char('/') + escaped;
}

QString plainToolTip(const QString &text)
{
    if (text.isEmpty())
        return {};
    // convertFromPlainText escapes <, > and & and keeps line breaks; the result is then rich text on
    // purpose, which also makes long descriptions wrap instead of running off the screen.
    return Qt::convertFromPlainText(DisplayText::forLabel(text), Qt::WhiteSpaceNormal);
}

QString escapeMnemonic(QString text)
{
    return text.replace(QLatin1Char('&'), QLatin1String("&&"));
}

FieldEditor::FieldEditor(SchemaNodePtr node, FieldContext context, QWidget *parent)
    : QWidget(parent)
    , m_node(std::move(node))
    , m_context(std::move(context))
{
    Q_ASSERT(m_node);
}

void FieldEditor::collectLocalIssues(QList<SchemaIssue> &) const
{
}

int FieldEditor::firstLineHeight() const
{
    return m_input ? m_input->sizeHint().height() : sizeHint().height();
}

void FieldEditor::setInputWidget(QWidget *input, bool isContainer)
{
    m_input = input;
    input->setObjectName(m_context.pointer);
    if (isContainer)
        return;
    setFocusProxy(input);
    if (!m_context.title.isEmpty())
        input->setAccessibleName(m_context.title);
    if (!m_node->description.isEmpty()) {
        input->setToolTip(plainToolTip(m_node->description));
        input->setAccessibleDescription(m_node->description);
    }
}

void FieldEditor::focusInput()
{
    if (focusProxy()) {
        setFocus(Qt::OtherFocusReason);
        return;
    }
    // Containers have no single input: the first field inside them that takes keyboard focus.
    const QList<QWidget *> children = findChildren<QWidget *>();
    for (QWidget *child : children) {
        if ((child->focusPolicy() & Qt::TabFocus) && child->isEnabled() && child->isVisibleTo(this)) {
            child->setFocus(Qt::OtherFocusReason);
            return;
        }
    }
}

QString FieldEditor::fieldTitle(const SchemaNode &node, const QString &propertyName)
{
    if (!node.title.trimmed().isEmpty())
        return node.title.trimmed();
    // "max_results", "max-results" and "maxResults" all read as "Max results".
    QString words;
    for (qsizetype i = 0; i < propertyName.size(); ++i) {
        const QChar c = propertyName.at(i);
        if (c == u'_' || c == u'-') {
            words += QLatin1Char(' ');
        } else if (c.isUpper() && i > 0 && propertyName.at(i - 1).isLower()) {
            words += QLatin1Char(' ');
            words += c.toLower();
        } else {
            words += c;
        }
    }
    words = words.simplified();
    if (words.isEmpty())
        return propertyName;
    // Abbreviations read as people write them: "Callback URL", "User ID".
    static const QStringList abbreviations = {QStringLiteral("id"),  QStringLiteral("url"),  QStringLiteral("uri"),
                                              QStringLiteral("api"), QStringLiteral("ip"),   QStringLiteral("json"),
                                              QStringLiteral("html"), QStringLiteral("http"), QStringLiteral("sql"),
                                              QStringLiteral("uuid"), QStringLiteral("ui"),  QStringLiteral("os")};
    QStringList parts = words.split(QLatin1Char(' '));
    for (QString &part : parts) {
        if (abbreviations.contains(part, Qt::CaseInsensitive))
            part = part.toUpper();
    }
    words = parts.join(QLatin1Char(' '));
    words[0] = words.at(0).toUpper();
    return words;
}

FieldEditor *createFieldEditor(const SchemaNodePtr &node, const FieldContext &context, QWidget *parent)
{
    FieldEditor *editor = nullptr;
    using Kind = SchemaNode::Kind;
    // Recursive schemas (a tree whose nodes hold nodes) would nest group boxes until SchemaNode's own
    // limit; deep down, a JSON editor is both faster and easier to use.
    const bool tooDeep = context.pointer.count(QLatin1Char('/')) > MaxFormDepth;
    if (tooDeep && (node->kind == Kind::Object || node->kind == Kind::Array || node->kind == Kind::Choice)) {
        editor = new AnyFieldEditor(node, context, parent);
    } else if (node->nullable && node->kind != Kind::Null && node->kind != Kind::Any) {
        editor = new NullableFieldEditor(node, context, parent);
    } else if (!node->enumValues.isEmpty()) {
        editor = new EnumFieldEditor(node, context, parent);
    } else {
        switch (node->kind) {
        case Kind::Object:
            // A free-form map ({"additionalProperties": {...}} without properties) has no fields to lay out.
            if (node->properties.isEmpty() && context.pointer.size() > 0)
                editor = new AnyFieldEditor(node, context, parent);
            else
                editor = new ObjectFieldEditor(node, context, parent);
            break;
        case Kind::Array: editor = new ArrayFieldEditor(node, context, parent); break;
        case Kind::String: editor = new StringFieldEditor(node, context, parent); break;
        case Kind::Number:
        case Kind::Integer: editor = new NumberFieldEditor(node, context, parent); break;
        case Kind::Boolean: editor = new BooleanFieldEditor(node, context, parent); break;
        case Kind::Null: editor = new NullFieldEditor(node, context, parent); break;
        case Kind::Choice:
            editor = node->choices.isEmpty() ? static_cast<FieldEditor *>(new AnyFieldEditor(node, context, parent))
                                             : new ChoiceFieldEditor(node, context, parent);
            break;
        case Kind::Any: editor = new AnyFieldEditor(node, context, parent); break;
        }
    }
    if (!node->defaultValue.isUndefined())
        editor->setValue(node->defaultValue);
    if (node->readOnly)
        editor->setEnabled(false); // the schema says the caller does not set it; the default (if any) stays
    return editor;
}

} // namespace Toolgate

#include "moc_fieldeditor.cpp"
