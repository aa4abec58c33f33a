#pragma once

#include <QDialog>

class QLabel;
class QVBoxLayout;

namespace Toolgate {

class MessageBanner;

/// What the dialogs answering a server's request share (ElicitationDialog, SamplingDialog): below their
/// content, a banner saying why an answer could not be sent and a note counting the requests from the
/// same server queued behind this one, both hidden until needed; and Enter in a field answers nothing,
/// so that typing cannot send an answer the person did not choose.
class ServerRequestDialog : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ServerRequestDialog)
public:
    /// How many more requests from this server wait behind this one; shown when positive.
    void setQueuedCount(int count);

protected:
    explicit ServerRequestDialog(QWidget *parent);

    /// Adds the banner (objectName refusedName) and the queue note to layout, both hidden.
    void addStatusNotes(QVBoxLayout *layout, const QString &refusedName);
    /// Says in the banner why the answer was not sent (the dialog stays open to fix it).
    void showRefused(const QString &title, const QString &why);

    void keyPressEvent(QKeyEvent *event) override;

private:
    MessageBanner *m_refused = nullptr;
    QLabel *m_queuedNote = nullptr;
};

} // namespace Toolgate
