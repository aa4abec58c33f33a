#pragma once

#include <QPointer>
#include <QStatusBar>

namespace Toolgate {

/// The main window's status bar, whose messages a person can read whole: QStatusBar draws a message
/// cut off at the first permanent widget ("… try some too1 of 1 server ready"). Here a message that
/// does not fit beside the summary hides the summary while it shows; one that does not fit even then
/// ends in "…" and shows whole in its tooltip.
class MessageStatusBar final : public QStatusBar
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MessageStatusBar)
public:
    explicit MessageStatusBar(QWidget *parent = nullptr);

    /// Adds summary as a permanent widget that gives way to a message too long to share the bar with it.
    void addSummary(QWidget *summary);

    /// Where the message is drawn: from the left edge to the first permanent widget shown.
    QRect messageArea() const;
    /// The message as drawn: whole when it fits messageArea(), else elided.
    QString shownMessage() const;

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void makeRoomForMessage();

    QPointer<QWidget> m_summary;
};

} // namespace Toolgate
