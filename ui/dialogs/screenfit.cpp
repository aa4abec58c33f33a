#include "ui/dialogs/screenfit.h"

#include <QApplication>
#include <QEvent>
#include <QFrame>
#include <QScreen>
#include <QScrollArea>
#include <QStyle>
#include <QWidget>
#include <QWindow>

namespace Toolgate::ScreenFit {

namespace {

// The frame the window system puts around window. Before a window is first shown its frame is not
// known yet (zero): a title bar's height is kept free for it then.
QMargins expectedFrame(const QWidget *window)
{
    QMargins frame = window->windowHandle() ? window->windowHandle()->frameMargins() : QMargins();
    if (frame.isNull())
        frame.setTop(window->style()->pixelMetric(QStyle::PM_TitleBarHeight, nullptr, window));
    return frame;
}

bool isFittedWindow(const QWidget *widget)
{
    if (!widget->isWindow())
        return false;
    const Qt::WindowType type = widget->windowType();
    return type == Qt::Window || type == Qt::Dialog;
}

// Watches the whole application: a window's Show (before it appears) and Resize (a layout that raised
// its minimum size, restoreGeometry()) are where it can outgrow its screen.
class WindowFitter final : public QObject
{
public:
    explicit WindowFitter(QObject *parent)
        : QObject(parent)
    {
        setObjectName(QStringLiteral("toolgateWindowFitter"));
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if ((event->type() == QEvent::Show || event->type() == QEvent::Resize) && watched->isWidgetType() && !m_fitting) {
            auto *widget = static_cast<QWidget *>(watched);
            if (isFittedWindow(widget)) {
                m_fitting = true;
                fit(widget);
                m_fitting = false;
            }
        }
        return false;
    }

private:
    bool m_fitting = false;
};

} // namespace

QRect availableRoom(const QWidget *widget)
{
    const QScreen *screen = widget->screen();
    if (widget->isWindow() && !widget->isVisible() && widget->parentWidget())
        screen = widget->parentWidget()->screen(); // a dialog shows where its parent is
    return screen ? screen->availableGeometry() : QRect();
}

QScrollArea *scrollable(QWidget *content, QWidget *parent)
{
    auto *area = new QScrollArea(parent);
    area->setObjectName(content->objectName().isEmpty() ? QStringLiteral("scrolledContent")
                                                        : content->objectName() + QStringLiteral("Scroll"));
    area->setFrameShape(QFrame::NoFrame);
    area->setWidgetResizable(true);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    // No Tab stop of its own: the content's controls take the focus, and tabbing to one scrolls it into
    // view (QScrollArea::focusNextPrevChild).
    area->setFocusPolicy(Qt::NoFocus);
    // The content's own background, not the scroll area's darker base.
    area->viewport()->setAutoFillBackground(false);
    content->setAutoFillBackground(false);
    area->setWidget(content);
    return area;
}

void fit(QWidget *window)
{
    const QRect room = availableRoom(window);
    if (room.isEmpty())
        return;
    const QMargins frame = expectedFrame(window);
    const QSize most = room.size().shrunkBy(frame).expandedTo(QSize(1, 1));
    // An explicit minimum: the window's layout no longer raises it past the screen.
    if (window->minimumWidth() > most.width() || window->minimumHeight() > most.height())
        window->setMinimumSize(window->minimumSize().boundedTo(most));
    if (window->windowState() & (Qt::WindowMaximized | Qt::WindowFullScreen))
        return; // the window system sizes it
    if (window->width() > most.width() || window->height() > most.height())
        window->resize(window->size().boundedTo(most));
    // Back inside, once it has a place: shown (QDialog centres a dialog on its parent before it shows,
    // which can put it past the screen's edge) or moved.
    if (window->isVisible() || window->testAttribute(Qt::WA_Moved)) {
        const QRect outer = QRect(window->pos(), window->size().grownBy(frame));
        QPoint inside = outer.topLeft();
        inside.setX(qBound(room.left(), inside.x(), qMax(room.left(), room.right() + 1 - outer.width())));
        inside.setY(qBound(room.top(), inside.y(), qMax(room.top(), room.bottom() + 1 - outer.height())));
        if (inside != outer.topLeft())
            window->move(inside);
    }
}

void fitWindowsAsTheyShow()
{
    if (!qApp || qApp->findChild<QObject *>(QStringLiteral("toolgateWindowFitter"), Qt::FindDirectChildrenOnly))
        return;
    qApp->installEventFilter(new WindowFitter(qApp));
}

} // namespace Toolgate::ScreenFit
