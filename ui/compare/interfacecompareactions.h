#pragma once

#include "core/compare/interfacesnapshot.h"

#include <QObject>
#include <QPointer>

#include <functional>

class QAction;
class QWidget;

namespace Toolgate {

class InterfaceDiffDialog;
class ServerConnection;
class Workspace;

/// The server actions on interfaces: save the selected server's interface as a snapshot file,
/// compare it with a saved snapshot, or with another connected server (InterfaceSnapshot,
/// InterfaceDiff in core; the result in an InterfaceDiffDialog). Capturing is asynchronous; errors
/// are told in a message box, in plain words.
class InterfaceCompareActions final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InterfaceCompareActions)
public:
    using CurrentConnection = std::function<ServerConnection *()>;

    /// window: the parent of dialogs and message boxes.
    InterfaceCompareActions(Workspace *workspace, CurrentConnection current, QWidget *window);

    QAction *saveSnapshotAction() const { return m_save; }
    QAction *compareWithSnapshotAction() const { return m_compareSnapshot; }
    QAction *compareWithServerAction() const { return m_compareServer; }
    QList<QAction *> actions() const { return {m_save, m_compareSnapshot, m_compareServer}; }

    /// Enables the actions when a server is selected (call when the selection changes).
    void updateActions();

    // The steps after the file or server was chosen (the actions ask first).
    void saveSnapshot(ServerConnection *connection, const QString &path);
    void compareWithSnapshot(ServerConnection *connection, const QString &path);
    void compareWithServer(ServerConnection *first, ServerConnection *second);

signals:
    /// A short note for the status bar.
    void message(const QString &text);
    void snapshotSaved(const QString &path);
    /// A comparison window opened (already shown).
    void comparisonOpened(Toolgate::InterfaceDiffDialog *dialog);
    /// Something went wrong; a message box says what (objectName "interfaceProblem").
    void failed(const QString &text);

private:
    void chooseSaveFile();
    void chooseSnapshotFile();
    void chooseOtherServer();
    /// Captures connection's interface now and hands it to done, or reports why it cannot.
    void capture(ServerConnection *connection, std::function<void(const InterfaceSnapshot &)> done);
    void showProblem(const QString &title, const QString &text);

    Workspace *m_workspace;
    CurrentConnection m_current;
    QPointer<QWidget> m_window;
    QAction *m_save;
    QAction *m_compareSnapshot;
    QAction *m_compareServer;
};

} // namespace Toolgate
