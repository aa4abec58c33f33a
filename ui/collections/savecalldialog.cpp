#include "ui/collections/savecalldialog.h"

#include "core/collections/collectionfiles.h"
#include "core/collections/collectionfolder.h"
#include "ui/collections/savedcalleditor.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace Toolgate {

SaveCallDialog::SaveCallDialog(const SavedCall &call, const QString &folder, QWidget *parent)
    : QDialog(parent)
    , m_folder(folder)
    , m_collections(new CollectionFolder(this))
    , m_editor(new SavedCallEditor(this))
    , m_collection(new QComboBox(this))
    , m_problem(new QLabel(this))
{
    setObjectName(QStringLiteral("saveCallDialog"));
    setWindowTitle(tr("Save Call to Collection"));
    m_editor->setSavedCall(call);
    m_collection->setObjectName(QStringLiteral("collectionChoice"));
    m_collection->setEditable(true);
    m_collection->setInsertPolicy(QComboBox::NoInsert);
    m_collection->lineEdit()->setPlaceholderText(tr("A collection, or the name of a new one"));
    m_collection->setAccessibleName(tr("Collection"));
    m_problem->setObjectName(QStringLiteral("problem"));
    m_problem->setTextFormat(Qt::PlainText);
    m_problem->setWordWrap(true);
    m_problem->hide();

    auto *form = new QFormLayout;
    form->addRow(tr("&Collection:"), m_collection);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &SaveCallDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_editor, 1);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);
    resize(800, 560);

    connect(m_collections, &CollectionFolder::refreshed, this, &SaveCallDialog::listCollections);
    m_collections->setFolder(folder);
}

void SaveCallDialog::listCollections()
{
    const QString typed = m_collection->currentText();
    m_collection->clear();
    // Only files that can be read: appending to a broken one would fail anyway.
    for (const CollectionFolder::Entry &entry : m_collections->entries()) {
        if (entry.collection)
            m_collection->addItem(entry.title(), entry.path);
    }
    if (!typed.isEmpty())
        m_collection->setEditText(typed);
    if (!std::exchange(m_ready, true))
        emit ready();
}

void SaveCallDialog::accept()
{
    const Result<SavedCall> call = m_editor->savedCall();
    const QString chosen = m_collection->currentText().trimmed();
    QString problem;
    if (!call)
        problem = call.error().message;
    else if (chosen.isEmpty())
        problem = tr("Choose a collection, or type the name of a new one.");
    if (problem.isEmpty()) {
        // A name that is in the list means that collection; any other name makes a new one.
        const int index = m_collection->findText(chosen);
        const QString path = index >= 0 ? m_collection->itemData(index).toString() : CollectionFiles::newPath(m_folder, chosen);
        const Result<void> saved = CollectionFiles::append(path, call.value(), chosen);
        if (saved)
            m_savedPath = path;
        else
            problem = saved.error().message;
    }
    if (!problem.isEmpty()) {
        m_problem->setText(problem);
        m_problem->show();
        return;
    }
    QDialog::accept();
}

} // namespace Toolgate

#include "moc_savecalldialog.cpp"
