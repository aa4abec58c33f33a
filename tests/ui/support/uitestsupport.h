#pragma once

#include <functional>

// What the GUI tests share: a gate that answers approvals without a dialog (approvalgates.h), the demo
// server of this build (builtservers.h), a host like the app's (testhost.h), and waiting for a window
// to settle.

#include "core/auth/secretstore.h"
#include "core/calls/approval.h"
#include "core/host/host.h"
#include "core/workspace/serverconfig.h"
#include "core/workspace/serverconfigfile.h"
#include "core/workspace/servertrust.h"
#include "approvalgates.h"
#include "builtservers.h"
#include "testhost.h"
#include "postedevents.h"

#include "ui/viewers/imagepane.h"

#include <QApplication>
#include <QDeadlineTimer>
#include <QDebug>
#include <QDir>
#include <QWidget>
#include <QList>
#include <QMetaObject>
#include <QPointer>
#include <QTest>
#include <QTimer>

#include <algorithm>

namespace Toolgate::TestSupport {

/// Waits until form (an ArgumentForm) has its fields and has checked its arguments: it prepares a
/// schema, and checks values that take long, off the GUI thread (SchemaChecker).
template<typename Form>
[[nodiscard]] bool waitUntilChecked(const Form *form, int timeoutMs = 30000)
{
    return QTest::qWaitFor([form] { return !form->isChecking(); }, timeoutMs);
}

/// Waits until widget's window is exposed and has taken the shape what was done to it last gives it:
/// turns of the event loop go by until one passes without a layout request or a resize anywhere in the
/// window (layouts that change a size ask their parents again, a fit waits for the layouts below) and
/// no image in it is still being decoded. For screenshots and for tests that look at geometry. False
/// when the window was not exposed or did not come to rest within timeoutMs.
[[nodiscard]] inline bool settled(QWidget *widget, int timeoutMs = 10000)
{
    QWidget *window = widget->window();
    if (!QTest::qWaitForWindowExposed(window))
        return false;
    class Activity final : public QObject
    {
    public:
        explicit Activity(QWidget *window) : m_window(window) { qApp->installEventFilter(this); }
        ~Activity() override { qApp->removeEventFilter(this); }
        int changes = 0;

    protected:
        bool eventFilter(QObject *watched, QEvent *event) override
        {
            if ((event->type() == QEvent::LayoutRequest || event->type() == QEvent::Resize) && watched->isWidgetType()) {
                auto *w = static_cast<QWidget *>(watched);
                if (m_window && (w == m_window || m_window->isAncestorOf(w)))
                    ++changes;
            }
            return false;
        }

    private:
        QPointer<QWidget> m_window;
    } activity(window);
    const auto decoding = [window] {
        const QList<ImagePane *> images = window->findChildren<ImagePane *>();
        return std::any_of(images.cbegin(), images.cend(), [](const ImagePane *image) { return image->state() == ImagePane::State::Decoding; });
    };
    QDeadlineTimer deadline(timeoutMs);
    do {
        activity.changes = 0;
        if (!turnEventLoop(int(qMax<qint64>(1, deadline.remainingTime()))))
            return false;
        if (activity.changes == 0 && !decoding())
            return true;
    } while (!deadline.hasExpired());
    qWarning() << window << "did not come to rest";
    return false;
}

/// With TOOLGATE_SCREENSHOT_DIR set (the docs take their pictures from there), saves widget as name.
inline void saveScreenshot(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("TOOLGATE_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    widget->grab().save(QDir(dir).filePath(name));
}

/// The top-level widgets still there once deferred deletes ran, each named in a warning: for a
/// cleanup() that checks a test left no window behind.
inline QWidgetList leftoverTopLevels()
{
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    const QWidgetList leftovers = QApplication::topLevelWidgets();
    for (QWidget *widget : leftovers)
        qWarning() << "left over:" << widget;
    return leftovers;
}

} // namespace Toolgate::TestSupport
