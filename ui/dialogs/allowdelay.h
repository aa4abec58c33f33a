#pragma once

#include <QObject>

class QTimer;
class QWidget;

namespace Toolgate {

/// Keeps a dialog's approving buttons inactive for a moment each time the dialog appears or its window
/// is activated again, so that a click or key press meant for another window never approves anything.
/// The dialog asks elapsed() and updates its buttons on changed(); once it has decided it calls
/// disarm(), after which nothing enables them again.
class AllowDelay final : public QObject
{
    Q_OBJECT
public:
    static constexpr int DefaultMs = 500;

    /// Watches dialog (also the parent) for being shown and activated.
    explicit AllowDelay(QWidget *dialog);

    /// How long the buttons stay inactive; 0 makes them active at once (tests). Restarts the wait
    /// when the dialog is on screen.
    void setDelay(int milliseconds);
    int delay() const { return m_delayMs; }

    /// True once the wait is over and the dialog has not decided.
    bool elapsed() const { return m_elapsed; }
    /// Starts the wait again, e.g. after the dialog came back to the front.
    void restart();
    /// The dialog decided: the buttons stay inactive from now on.
    void disarm();

signals:
    void changed(bool elapsed);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void setElapsed(bool elapsed);

    QWidget *m_dialog;
    QTimer *m_timer;
    int m_delayMs = DefaultMs;
    bool m_elapsed = false;
    bool m_disarmed = false;
};

} // namespace Toolgate
