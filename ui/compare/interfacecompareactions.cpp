#include "ui/compare/interfacecompareactions.h"

#include "core/common/displaytext.h"
#include "ui/compare/interfacediffview.h"
#include "ui/viewers/backgroundtask.h"
#include "core/workspace/serverconnection.h"
#include "core/workspace/workspace.h"

#include <QAction>
#include <QDate>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLocale>
#include <QMessageBox>
#include <QWidget>

namespace Toolgate {

namespace {

QString nowTitle(const QString &server)
{
    return InterfaceCompareActions::tr("server %1 (now)").arg(DisplayText::visibleLine(server));
}

QString snapshotTitle(const QString &path, const InterfaceSnapshot &snapshot)
{
    QString who = DisplayText::visibleLine(snapshot.server.name);
    if (!snapshot.server.version.isEmpty())
        who += u' ' + DisplayText::visibleLine(snapshot.server.version);
    QString title = InterfaceCompareActions::tr("snapshot %1").arg(QDir::toNativeSeparators(QFileInfo(path).fileName()));
    if (snapshot.takenAt.isValid())
        return InterfaceCompareActions::tr("%1 (%2, taken %3)")
            .arg(title, who, QLocale().toString(snapshot.takenAt.toLocalTime(), QLocale::ShortFormat));
    return InterfaceCompareActions::tr("%1 (%2)").arg(title, who);
}

QString fileFilter()
{
    return InterfaceCompareActions::tr("Interface snapshots (*.json);;All files (*)");
}

} // namespace

InterfaceCompareActions::InterfaceCompareActions(Workspace *workspace, CurrentConnection current, QWidget *window)
    : QObject(window)
    , m_workspace(workspace)
    , m_current(std::move(current))
    , m_window(window)
{
    m_save = new QAction(tr("Save &Interface Snapshot…"), this);
    m_save->setObjectName(QStringLiteral("saveInterfaceSnapshot"));
    m_save->setToolTip(tr("Save the selected server's tools (with their schemas), resources and prompts to a file, "
                          "to compare with later"));
    m_compareSnapshot = new QAction(tr("Compare Interface &With Snapshot…"), this);
    m_compareSnapshot->setObjectName(QStringLiteral("compareInterfaceWithSnapshot"));
    m_compareSnapshot->setToolTip(tr("Show what the selected server added, removed or changed since a saved snapshot"));
    m_compareServer = new QAction(tr("Compare Interface With Ser&ver…"), this);
    m_compareServer->setObjectName(QStringLiteral("compareInterfaceWithServer"));
    m_compareServer->setToolTip(tr("Show how another connected server's tools, resources and prompts differ from the selected server's"));
    connect(m_save, &QAction::triggered, this, &InterfaceCompareActions::chooseSaveFile);
    connect(m_compareSnapshot, &QAction::triggered, this, &InterfaceCompareActions::chooseSnapshotFile);
    connect(m_compareServer, &QAction::triggered, this, &InterfaceCompareActions::chooseOtherServer);
    updateActions();
}

void InterfaceCompareActions::updateActions()
{
    const bool has = m_current && m_current() != nullptr;
    for (QAction *action : actions())
        action->setEnabled(has);
}

void InterfaceCompareActions::chooseSaveFile()
{
    ServerConnection *connection = m_current();
    if (!connection)
        return;
    auto *dialog = new QFileDialog(m_window, tr("Save Interface Snapshot"));
    dialog->setObjectName(QStringLiteral("saveSnapshotDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setNameFilter(fileFilter());
    dialog->setDefaultSuffix(QStringLiteral("json"));
    // A name that says which server and when, so a later snapshot does not overwrite this one by accident.
    dialog->selectFile(QStringLiteral("%1-interface-%2.json").arg(connection->name(), QDate::currentDate().toString(Qt::ISODate)));
    QPointer<ServerConnection> guard(connection);
    connect(dialog, &QFileDialog::fileSelected, this, [this, guard](const QString &path) {
        if (guard)
            saveSnapshot(guard, path);
    });
    dialog->open();
}

void InterfaceCompareActions::chooseSnapshotFile()
{
    ServerConnection *connection = m_current();
    if (!connection)
        return;
    auto *dialog = new QFileDialog(m_window, tr("Compare With Snapshot"));
    dialog->setObjectName(QStringLiteral("openSnapshotDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::ExistingFile);
    dialog->setNameFilter(fileFilter());
    QPointer<ServerConnection> guard(connection);
    connect(dialog, &QFileDialog::fileSelected, this, [this, guard](const QString &path) {
        if (guard)
            compareWithSnapshot(guard, path);
    });
    dialog->open();
}

void InterfaceCompareActions::chooseOtherServer()
{
    ServerConnection *connection = m_current();
    if (!connection)
        return;
    QStringList others;
    for (ServerConnection *other : m_workspace->connections()) {
        if (other != connection && other->readySession())
            others.append(other->name());
    }
    if (others.isEmpty()) {
        showProblem(tr("No Other Server to Compare With"),
                    tr("No other server is connected. Start another server, then try again."));
        return;
    }
    auto *dialog = new QInputDialog(m_window);
    dialog->setObjectName(QStringLiteral("chooseServerDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Compare Interface With Server"));
    dialog->setLabelText(tr("Compare %1 with:").arg(DisplayText::visibleLine(connection->name())));
    dialog->setComboBoxItems(others);
    dialog->setComboBoxEditable(false);
    QPointer<ServerConnection> guard(connection);
    connect(dialog, &QInputDialog::textValueSelected, this, [this, guard](const QString &name) {
        ServerConnection *other = m_workspace->connection(name);
        if (guard && other)
            compareWithServer(guard, other);
    });
    dialog->open();
}

void InterfaceCompareActions::capture(ServerConnection *connection, std::function<void(const InterfaceSnapshot &)> done)
{
    ClientSession *session = connection->readySession();
    const QString name = connection->name();
    if (!session) {
        showProblem(tr("Server Not Ready"),
                    tr("The interface of %1 cannot be read now. %2").arg(DisplayText::visibleLine(name), connection->notReadyError().message));
        return;
    }
    emit message(tr("Reading the interface of %1…").arg(name));
    InterfaceSnapshot::capture(session, this, [this, name, done = std::move(done)](const Result<InterfaceSnapshot> &snapshot) {
        if (!snapshot) {
            showProblem(tr("Could Not Read the Interface"),
                        tr("The interface of %1 could not be read: %2").arg(DisplayText::visibleLine(name), snapshot.error().message));
            return;
        }
        done(snapshot.value());
    });
}

void InterfaceCompareActions::saveSnapshot(ServerConnection *connection, const QString &path)
{
    const QString name = connection->name();
    capture(connection, [this, path, name](const InterfaceSnapshot &snapshot) {
        // Writing a big interface to a slow disk is file work: not on the GUI thread.
        BackgroundTask::run(
            this, [snapshot, path] { return snapshot.save(path); },
            [this, snapshot, path, name](const Result<void> &saved) {
                if (!saved) {
                    showProblem(tr("Could Not Save the Snapshot"),
                                tr("%1\n\nChoose another file or folder and try again.").arg(saved.error().message));
                    return;
                }
                emit message(tr("Saved the interface of %1 (%2 tools, %3 resources, %4 resource templates, %5 prompts) to %6.")
                                 .arg(name)
                                 .arg(snapshot.tools.size())
                                 .arg(snapshot.resources.size())
                                 .arg(snapshot.resourceTemplates.size())
                                 .arg(snapshot.prompts.size())
                                 .arg(QDir::toNativeSeparators(path)));
                emit snapshotSaved(path);
            });
    });
}

void InterfaceCompareActions::compareWithSnapshot(ServerConnection *connection, const QString &path)
{
    QPointer<ServerConnection> guard(connection);
    // The file first (read off the GUI thread): a wrong file should not cost a round of listing.
    BackgroundTask::run(
        this, [path] { return InterfaceSnapshot::load(path); },
        [this, guard, path](const Result<InterfaceSnapshot> &saved) {
            if (!saved) {
                showProblem(tr("Cannot Use This Snapshot"),
                            tr("%1\n\nChoose a file saved with Save Interface Snapshot (or toolgate-cli snapshot).").arg(saved.error().message));
                return;
            }
            if (!guard)
                return; // the server was removed meanwhile; nothing to compare with
            const QString name = guard->name();
            const InterfaceSnapshot before = saved.value();
            capture(guard, [this, path, name, before](const InterfaceSnapshot &now) {
                emit message(QString());
                emit comparisonOpened(InterfaceDiffDialog::open(m_window, snapshotTitle(path, before), before, nowTitle(name), now));
            });
        });
}

void InterfaceCompareActions::compareWithServer(ServerConnection *first, ServerConnection *second)
{
    const QString firstName = first->name();
    QPointer<ServerConnection> other(second);
    // One after the other: two captures at once would interleave their requests for no gain.
    capture(first, [this, firstName, other](const InterfaceSnapshot &before) {
        if (!other) {
            showProblem(tr("Server Not Connected"), tr("The other server was removed meanwhile."));
            return;
        }
        const QString secondName = other->name();
        capture(other, [this, firstName, secondName, before](const InterfaceSnapshot &after) {
            emit message(QString());
            emit comparisonOpened(InterfaceDiffDialog::open(m_window, nowTitle(firstName), before, nowTitle(secondName), after));
        });
    });
}

void InterfaceCompareActions::showProblem(const QString &title, const QString &text)
{
    emit message(QString());
    auto *box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, m_window);
    box->setObjectName(QStringLiteral("interfaceProblem"));
    box->setTextFormat(Qt::PlainText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    emit failed(text);
}

} // namespace Toolgate

#include "moc_interfacecompareactions.cpp"
