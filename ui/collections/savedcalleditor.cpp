#include "ui/collections/savedcalleditor.h"

#include "ui/collections/expectationeditor.h"

#include "core/common/displaytext.h"
#include "core/common/error.h"
#include "ui/forms/jsoneditor.h"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

namespace Toolgate {

SavedCallEditor::SavedCallEditor(QWidget *parent)
    : QWidget(parent)
    , m_name(new QLineEdit(this))
    , m_target(new QLabel(this))
    , m_arguments(new JsonEditor(this))
    , m_expectations(new ExpectationEditor(this))
{
    m_name->setObjectName(QStringLiteral("callName"));
    m_target->setObjectName(QStringLiteral("callTarget"));
    m_target->setTextFormat(Qt::PlainText);
    m_target->setWordWrap(true);
    m_arguments->setObjectName(QStringLiteral("callArguments"));
    m_arguments->setAccept(JsonText::Accept::Object);
    m_arguments->setVisibleLines(3, 8);
    m_arguments->setAccessibleName(tr("Arguments"));
    auto *layout = new QFormLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addRow(tr("&Name:"), m_name);
    layout->addRow(tr("Tool:"), m_target);
    layout->addRow(tr("&Arguments:"), m_arguments);
    layout->addRow(tr("Expectations:"), m_expectations);
}

void SavedCallEditor::setSavedCall(const SavedCall &call)
{
    m_call = call;
    m_name->setText(call.name);
    m_target->setText(tr("%1 on %2").arg(DisplayText::visibleIdentifier(call.tool),
                                          call.server.isEmpty() ? tr("the server chosen for the run") : DisplayText::visibleLine(call.server)));
    m_arguments->setValue(call.arguments, call.argumentOrder);
    m_expectations->setExpectations(call.expectations);
}

Result<SavedCall> SavedCallEditor::savedCall() const
{
    SavedCall call = m_call;
    call.name = m_name->text().trimmed();
    if (call.name.isEmpty())
        return makeError(ErrorCode::ConfigError, tr("Give the call a name."));
    const JsonText::ParseResult &arguments = m_arguments->parseResult();
    if (!arguments.ok())
        return makeError(ErrorCode::ConfigError, tr("The arguments are not a JSON object: %1").arg(arguments.describe()));
    call.arguments = arguments.value->toObject();
    call.argumentOrder = arguments.order;
    const Result<QList<Expectation>> expectations = m_expectations->expectations();
    if (!expectations)
        return expectations.error();
    call.expectations = expectations.value();
    return call;
}

} // namespace Toolgate

#include "moc_savedcalleditor.cpp"
