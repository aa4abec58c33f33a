#include "ui/serverfeatures/skillsdialog.h"

#include "core/workspace/serverconnection.h"
#include "ui/serverfeatures/skillsview.h"

#include <QDialogButtonBox>
#include <QPushButton>
#include <QVBoxLayout>

namespace Toolgate {

SkillsDialog::SkillsDialog(ServerConnection *connection, QWidget *parent)
    : QDialog(parent)
    , m_view(new SkillsView(this))
{
    setObjectName(QStringLiteral("skillsDialog"));
    setWindowTitle(tr("Skills of %1").arg(connection->config().name));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_view, 1);
    layout->addWidget(buttons);
    m_view->setConnection(connection);
    resize(820, 620);
}

} // namespace Toolgate

#include "moc_skillsdialog.cpp"
