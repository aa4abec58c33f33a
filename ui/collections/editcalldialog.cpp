#include "ui/collections/editcalldialog.h"

#include "ui/collections/savedcalleditor.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace Toolgate {

EditCallDialog::EditCallDialog(const SavedCall &call, QWidget *parent)
    : QDialog(parent)
    , m_editor(new SavedCallEditor(this))
    , m_problem(new QLabel(this))
{
    setObjectName(QStringLiteral("editCallDialog"));
    setWindowTitle(tr("Edit Saved Call"));
    m_editor->setSavedCall(call);
    m_problem->setObjectName(QStringLiteral("problem"));
    m_problem->setTextFormat(Qt::PlainText);
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #c01c28;"));
    m_problem->hide();
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &EditCallDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_editor, 1);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);
    resize(800, 520);
}

void EditCallDialog::accept()
{
    const Result<SavedCall> call = m_editor->savedCall();
    if (!call) {
        m_problem->setText(call.error().message);
        m_problem->show();
        return;
    }
    m_result = call.value();
    QDialog::accept();
}

} // namespace Toolgate

#include "moc_editcalldialog.cpp"
