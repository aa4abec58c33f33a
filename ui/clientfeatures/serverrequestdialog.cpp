#include "ui/clientfeatures/serverrequestdialog.h"

#include "ui/forms/formlabels.h"
#include "ui/viewers/messagebanner.h"

#include <QKeyEvent>
#include <QVBoxLayout>

namespace Toolgate {

ServerRequestDialog::ServerRequestDialog(QWidget *parent)
    : QDialog(parent)
{
}

void ServerRequestDialog::addStatusNotes(QVBoxLayout *layout, const QString &refusedName)
{
    m_refused = new MessageBanner(this);
    m_refused->setObjectName(refusedName);
    m_refused->hide();
    layout->addWidget(m_refused);

    m_queuedNote = new HelpLabel(QString(), this);
    m_queuedNote->setObjectName(QStringLiteral("queuedNote"));
    m_queuedNote->hide();
    layout->addWidget(m_queuedNote);
}

void ServerRequestDialog::setQueuedCount(int count)
{
    m_queuedNote->setText(tr("%n more request(s) from this server wait behind this one.", nullptr, count));
    m_queuedNote->setVisible(count > 0);
}

void ServerRequestDialog::showRefused(const QString &title, const QString &why)
{
    m_refused->showMessage(MessageBanner::Kind::Error, title, why);
    m_refused->show();
}

void ServerRequestDialog::keyPressEvent(QKeyEvent *event)
{
    // Reaches the dialog only from fields that do not use Enter themselves; a focused button handles its own.
    if ((event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter)
        && (event->modifiers() & ~Qt::KeypadModifier) == Qt::NoModifier) {
        event->accept();
        return;
    }
    QDialog::keyPressEvent(event);
}

} // namespace Toolgate

#include "moc_serverrequestdialog.cpp"
