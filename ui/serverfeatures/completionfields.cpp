#include "ui/serverfeatures/completionfields.h"

#include "core/common/displaytext.h"
#include "ui/serverfeatures/argumentcompleter.h"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

namespace Toolgate {

CompletionFields::CompletionFields(QWidget *parent)
    : QWidget(parent)
    , m_layout(new QFormLayout(this))
{
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
}

void CompletionFields::clear()
{
    qDeleteAll(m_fields);
    m_fields.clear();
    delete m_completer;
    m_completer = nullptr;
    while (m_layout->rowCount() > 0)
        m_layout->removeRow(0);
}

void CompletionFields::completeFor(ServerConnection *connection, const CompletionReference &reference)
{
    delete m_completer;
    m_completer = new ArgumentCompleter(connection, reference, this);
}

QLineEdit *CompletionFields::addField(const QString &name, const QString &labelText)
{
    // A server names its template variables and prompt arguments: "<img src=…>" must show as written.
    auto *label = new QLabel(DisplayText::forLabel(labelText), this);
    label->setTextFormat(Qt::PlainText);
    auto *field = new QLineEdit(this);
    label->setBuddy(field);
    m_layout->addRow(label, field);
    m_fields.insert(name, field);
    if (m_completer)
        m_completer->addField(name, field);
    return field;
}

} // namespace Toolgate

#include "moc_completionfields.cpp"
