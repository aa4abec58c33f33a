#include "ui/forms/wheelguard.h"

#include <QEvent>
#include <QWidget>

namespace Toolgate::WheelGuard {

namespace {

class UnfocusedWheelFilter final : public QObject
{
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() != QEvent::Wheel || static_cast<QWidget *>(watched)->hasFocus())
            return false;
        // Not delivered to the widget, and ignored: QApplication then offers it to the parents, the
        // scroll area among them.
        event->ignore();
        return true;
    }
};

} // namespace

void install(QWidget *widget)
{
    widget->setFocusPolicy(Qt::StrongFocus);
    widget->installEventFilter(new UnfocusedWheelFilter(widget));
}

} // namespace Toolgate::WheelGuard
