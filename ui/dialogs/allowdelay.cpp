#include "ui/dialogs/allowdelay.h"

#include <QEvent>
#include <QTimer>
#include <QWidget>

namespace Toolgate {

AllowDelay::AllowDelay(QWidget *dialog)
    : QObject(dialog)
    , m_dialog(dialog)
    , m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, [this] { setElapsed(!m_disarmed); });
    dialog->installEventFilter(this);
}

void AllowDelay::setDelay(int milliseconds)
{
    m_delayMs = qMax(0, milliseconds);
    if (m_dialog->isVisible())
        restart();
}

void AllowDelay::restart()
{
    if (m_disarmed)
        return;
    if (m_delayMs == 0) {
        m_timer->stop();
        setElapsed(true);
        return;
    }
    setElapsed(false);
    m_timer->start(m_delayMs);
}

void AllowDelay::disarm()
{
    m_disarmed = true;
    m_timer->stop();
    setElapsed(false);
}

bool AllowDelay::eventFilter(QObject *watched, QEvent *event)
{
    // Coming back to the window is as likely to carry a stray click as first showing it.
    if (watched == m_dialog
        && (event->type() == QEvent::Show || (event->type() == QEvent::ActivationChange && m_dialog->isActiveWindow())))
        restart();
    return QObject::eventFilter(watched, event);
}

void AllowDelay::setElapsed(bool elapsed)
{
    if (m_elapsed == elapsed)
        return;
    m_elapsed = elapsed;
    emit changed(elapsed);
}

} // namespace Toolgate

#include "moc_allowdelay.cpp"
