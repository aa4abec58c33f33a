#include "ui/compare/comparisondialog.h"

#include <QDialogButtonBox>
#include <QPushButton>
#include <QVBoxLayout>

namespace Toolgate {

ComparisonDialog::ComparisonDialog(QWidget *parent)
    : QDialog(parent)
{
}

void ComparisonDialog::setView(QWidget *view)
{
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(view, 1);
    layout->addWidget(buttons);
    buttons->button(QDialogButtonBox::Close)->setDefault(true);
}

void ComparisonDialog::showNonModal()
{
    setAttribute(Qt::WA_DeleteOnClose);
    setModal(false);
    show();
}

} // namespace Toolgate

#include "moc_comparisondialog.cpp"
