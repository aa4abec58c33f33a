#include "ui/dialogs/approvaldialog.h"

#include "ui/dialogs/allowdelay.h"

#include <QPushButton>
#include <QScreen>

namespace Toolgate {

ApprovalDialog::ApprovalDialog(QWidget *parent)
    : QDialog(parent)
    , m_allowDelay(new AllowDelay(this))
{
}

void ApprovalDialog::setAllowDelay(int milliseconds)
{
    m_allowDelay->setDelay(milliseconds);
}

void ApprovalDialog::setVisible(bool visible)
{
    if (visible && !m_sized) {
        m_sized = true;
        resize(firstSize());
    }
    QDialog::setVisible(visible);
}

int ApprovalDialog::screenCappedHeight(int height) const
{
    if (const QScreen *shownOn = parentWidget() ? parentWidget()->screen() : screen())
        height = qMin(height, shownOn->availableGeometry().height() * 9 / 10);
    return height;
}

void ApprovalDialog::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    if (m_safeButton)
        m_safeButton->setFocus(Qt::OtherFocusReason);
}

void ApprovalDialog::done(int result)
{
    if (!m_decided) {
        m_decided = true;
        m_allowDelay->disarm();
        m_decision = decide(result == QDialog::Accepted);
        if (!m_decision.allows())
            result = QDialog::Rejected;
        emit decided(m_decision);
    }
    QDialog::done(result);
}

} // namespace Toolgate

#include "moc_approvaldialog.cpp"
