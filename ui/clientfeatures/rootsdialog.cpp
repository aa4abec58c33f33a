#include "ui/clientfeatures/rootsdialog.h"

#include "core/workspace/rootsstore.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace Toolgate {

RootsDialog::RootsDialog(RootsStore *store, QWidget *parent)
    : QDialog(parent)
    , m_store(store)
{
    setObjectName(QStringLiteral("rootsDialog"));
    setWindowTitle(tr("Roots"));
    auto *layout = new QVBoxLayout(this);

    auto *intro = new QLabel(tr("Servers that ask for roots are told about these folders (as file:// URIs), so they know "
                                "where to work. A root is a hint, not a sandbox: a local server can still read whatever "
                                "your user account can. Connected servers are told when the list changes."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto *row = new QHBoxLayout;
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("rootsList"));
    m_list->setAccessibleName(tr("Roots"));
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    row->addWidget(m_list, 1);
    auto *buttons = new QVBoxLayout;
    auto *add = new QPushButton(tr("&Add Folder…"), this);
    add->setObjectName(QStringLiteral("addRoot"));
    m_remove = new QPushButton(tr("&Remove"), this);
    m_remove->setObjectName(QStringLiteral("removeRoot"));
    buttons->addWidget(add);
    buttons->addWidget(m_remove);
    buttons->addStretch(1);
    row->addLayout(buttons);
    layout->addLayout(row, 1);

    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("rootsError"));
    m_error->setTextFormat(Qt::PlainText);
    m_error->setWordWrap(true);
    m_error->hide();
    layout->addWidget(m_error);

    auto *box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    layout->addWidget(box);
    connect(box, &QDialogButtonBox::accepted, this, &RootsDialog::accept);
    connect(box, &QDialogButtonBox::rejected, this, &RootsDialog::reject);
    connect(add, &QPushButton::clicked, this, &RootsDialog::pickFolder);
    connect(m_remove, &QPushButton::clicked, this, &RootsDialog::removeSelected);
    connect(m_list, &QListWidget::itemSelectionChanged, this, &RootsDialog::updateButtons);

    for (const QString &folder : m_store->folders())
        addFolder(folder);
    updateButtons();
    resize(560, 360);
}

QStringList RootsDialog::folders() const
{
    QStringList folders;
    for (int i = 0; i < m_list->count(); ++i)
        folders.append(m_list->item(i)->data(Qt::UserRole).toString());
    return folders;
}

void RootsDialog::addFolder(const QString &path)
{
    if (!QDir::isAbsolutePath(path))
        return;
    const QString folder = QDir::cleanPath(path);
    if (folders().contains(folder))
        return;
    auto *item = new QListWidgetItem(QDir::toNativeSeparators(folder), m_list);
    item->setData(Qt::UserRole, folder);
    item->setToolTip(QDir::toNativeSeparators(folder));
    updateButtons();
}

void RootsDialog::removeSelected()
{
    qDeleteAll(m_list->selectedItems());
    updateButtons();
}

void RootsDialog::accept()
{
    if (const Result<void> saved = m_store->setFolders(folders()); !saved) {
        m_error->setText(tr("The roots were not saved: %1").arg(saved.error().message));
        m_error->show();
        return;
    }
    QDialog::accept();
}

void RootsDialog::pickFolder()
{
    // Not the static getExistingDirectory(): that runs a nested event loop.
    auto *picker = new QFileDialog(this, tr("Add a Root Folder"));
    picker->setAttribute(Qt::WA_DeleteOnClose);
    picker->setFileMode(QFileDialog::Directory);
    picker->setOption(QFileDialog::ShowDirsOnly);
    connect(picker, &QFileDialog::fileSelected, this, &RootsDialog::addFolder);
    picker->open();
}

void RootsDialog::updateButtons()
{
    m_remove->setEnabled(!m_list->selectedItems().isEmpty());
}

} // namespace Toolgate

#include "moc_rootsdialog.cpp"
