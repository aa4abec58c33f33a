#include "ui/collections/collectionspane.h"

#include "core/collections/collectionfiles.h"
#include "ui/collections/editcalldialog.h"
#include "ui/collections/runreportview.h"

#include "core/common/displaytext.h"
#include "core/jsonrpc/jsontext.h"
#include "core/workspace/workspace.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

constexpr int PathRole = Qt::UserRole + 1;
enum CallColumn { NameColumn, ServerColumn, ToolColumn, ExpectationsColumn, CallColumnCount };
enum VariableColumn { VariableName, VariableDefault, VariableValue, VariableColumnCount };

QString expectationsInWords(const QList<Expectation> &expectations)
{
    if (expectations.isEmpty())
        return CollectionsPane::tr("(none: only that it answers)");
    QStringList words;
    for (const Expectation &e : expectations)
        words.append(e.displayName());
    return words.join(QStringLiteral("; "));
}

// A prompt's expected calls, for the list: "calls add (/a equals 2), then echo".
QString expectedCallsInWords(const QList<ExpectedCall> &expected)
{
    if (expected.isEmpty())
        return CollectionsPane::tr("the model calls no tool");
    QStringList words;
    for (const ExpectedCall &call : expected)
        words.append(call.describe());
    return CollectionsPane::tr("the model calls: %1").arg(words.join(CollectionsPane::tr(", then ")));
}

} // namespace

CollectionsPane::CollectionsPane(ToolCallPipeline *pipeline, Workspace *workspace, QWidget *parent)
    : QWidget(parent)
    , m_pipeline(pipeline)
    , m_workspace(workspace)
    , m_folder(new CollectionFolder(this))
{
    setObjectName(QStringLiteral("collectionsPane"));
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(buildCollections());
    auto *right = new QSplitter(Qt::Vertical, splitter);
    right->addWidget(buildCalls());
    m_report = new RunReportView(right);
    right->addWidget(m_report);
    right->setStretchFactor(0, 2);
    right->setStretchFactor(1, 3);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({220, 800});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);

    connect(m_report, &RunReportView::compareResultsRequested, this, &CollectionsPane::compareResultsRequested);
    connect(m_folder, &CollectionFolder::refreshed, this, &CollectionsPane::listCollections);
    if (m_workspace) {
        connect(m_workspace, &Workspace::connectionAdded, this, &CollectionsPane::listServers);
        connect(m_workspace, &Workspace::connectionRemoved, this, &CollectionsPane::listServers);
        connect(m_workspace, &Workspace::connectionsReset, this, &CollectionsPane::listServers);
        connect(m_workspace, &Workspace::connectionConfigChanged, this, &CollectionsPane::listServers);
    }
    listServers();
    updateButtons();
}

CollectionsPane::~CollectionsPane()
{
    // The runner's call must not report into a pane that is half gone.
    if (m_runner)
        disconnect(m_runner.get(), nullptr, this, nullptr);
}

QWidget *CollectionsPane::buildCollections()
{
    auto *box = new QWidget(this);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *label = new QLabel(tr("Collections:"), box);
    m_list = new QListWidget(box);
    m_list->setObjectName(QStringLiteral("collectionList"));
    m_list->setAccessibleName(tr("Collections"));
    label->setBuddy(m_list);
    layout->addWidget(label);
    layout->addWidget(m_list, 1);
    auto *buttons = new QGridLayout;
    m_new = new QPushButton(tr("New…"), box);
    m_new->setObjectName(QStringLiteral("newCollection"));
    m_import = new QPushButton(tr("Import…"), box);
    m_import->setObjectName(QStringLiteral("importCollection"));
    m_export = new QPushButton(tr("Export…"), box);
    m_export->setObjectName(QStringLiteral("exportCollection"));
    m_delete = new QPushButton(tr("Delete…"), box);
    m_delete->setObjectName(QStringLiteral("deleteCollection"));
    buttons->addWidget(m_new, 0, 0);
    buttons->addWidget(m_import, 0, 1);
    buttons->addWidget(m_export, 1, 0);
    buttons->addWidget(m_delete, 1, 1);
    layout->addLayout(buttons);
    connect(m_list, &QListWidget::currentItemChanged, this, [this](QListWidgetItem *item) {
        m_currentPath = item ? item->data(PathRole).toString() : QString();
        showCollection();
    });
    connect(m_new, &QPushButton::clicked, this, &CollectionsPane::newCollection);
    connect(m_import, &QPushButton::clicked, this, &CollectionsPane::chooseImport);
    connect(m_export, &QPushButton::clicked, this, &CollectionsPane::chooseExport);
    connect(m_delete, &QPushButton::clicked, this, &CollectionsPane::deleteCollection);
    return box;
}

QWidget *CollectionsPane::buildCalls()
{
    auto *box = new QWidget(this);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    m_title = new QLabel(box);
    m_title->setObjectName(QStringLiteral("collectionTitle"));
    m_title->setTextFormat(Qt::PlainText);
    m_title->setWordWrap(true);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    layout->addWidget(m_title);
    m_problem = new QLabel(box);
    m_problem->setObjectName(QStringLiteral("collectionProblem"));
    m_problem->setTextFormat(Qt::PlainText);
    m_problem->setWordWrap(true);
    m_problem->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problem->setStyleSheet(QStringLiteral("color: #c01c28;"));
    m_problem->hide();
    layout->addWidget(m_problem);

    m_calls = new QTreeWidget(box);
    m_calls->setObjectName(QStringLiteral("callTree"));
    m_calls->setAccessibleName(tr("Calls of the collection"));
    m_calls->setRootIsDecorated(false);
    m_calls->setColumnCount(CallColumnCount);
    m_calls->setHeaderLabels({tr("Call"), tr("Server"), tr("Tool"), tr("Expectations")});
    m_calls->header()->setStretchLastSection(true);
    m_calls->header()->resizeSection(NameColumn, 160);
    m_calls->header()->resizeSection(ServerColumn, 100);
    m_calls->header()->resizeSection(ToolColumn, 110);
    layout->addWidget(m_calls, 2);

    auto *callButtons = new QHBoxLayout;
    m_editCall = new QPushButton(tr("Edit Call…"), box);
    m_editCall->setObjectName(QStringLiteral("editCall"));
    m_removeCall = new QPushButton(tr("Remove Call"), box);
    m_removeCall->setObjectName(QStringLiteral("removeCall"));
    callButtons->addWidget(m_editCall);
    callButtons->addWidget(m_removeCall);
    callButtons->addStretch(1);
    layout->addLayout(callButtons);

    m_variables = new QTableWidget(0, VariableColumnCount, box);
    m_variables->setObjectName(QStringLiteral("variables"));
    m_variables->setAccessibleName(tr("Variables"));
    m_variables->setHorizontalHeaderLabels({tr("Variable"), tr("Default"), tr("Value for this run")});
    m_variables->horizontalHeader()->setStretchLastSection(true);
    m_variables->verticalHeader()->hide();
    m_variables->setToolTip(tr("Leave a value empty to use the default. A value is read as JSON when it is valid JSON (3, true, \"text\"), otherwise as text."));
    m_variables->setMaximumHeight(120);
    layout->addWidget(m_variables, 1);

    auto *runBar = new QHBoxLayout;
    auto *serverLabel = new QLabel(tr("&Server:"), box);
    m_server = new QComboBox(box);
    m_server->setObjectName(QStringLiteral("runServer"));
    m_server->setToolTip(tr("Run against each call's own server, or send every call to another server (to compare two servers or two versions)"));
    serverLabel->setBuddy(m_server);
    m_runSelected = new QPushButton(tr("Run Selected Call"), box);
    m_runSelected->setObjectName(QStringLiteral("runSelected"));
    m_runAll = new QPushButton(tr("Run All"), box);
    m_runAll->setObjectName(QStringLiteral("runAll"));
    m_cancel = new QPushButton(tr("Cancel Run"), box);
    m_cancel->setObjectName(QStringLiteral("cancelRun"));
    runBar->addWidget(serverLabel);
    runBar->addWidget(m_server, 1);
    runBar->addWidget(m_runSelected);
    runBar->addWidget(m_runAll);
    runBar->addWidget(m_cancel);
    layout->addLayout(runBar);

    connect(m_calls, &QTreeWidget::currentItemChanged, this, &CollectionsPane::updateButtons);
    connect(m_calls, &QTreeWidget::itemActivated, this, &CollectionsPane::editCall);
    connect(m_editCall, &QPushButton::clicked, this, &CollectionsPane::editCall);
    connect(m_removeCall, &QPushButton::clicked, this, &CollectionsPane::removeCall);
    connect(m_runAll, &QPushButton::clicked, this, [this] { run(false); });
    connect(m_runSelected, &QPushButton::clicked, this, [this] { run(true); });
    connect(m_cancel, &QPushButton::clicked, this, &CollectionsPane::cancelRun);
    return box;
}

void CollectionsPane::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // The default folder is read only once the pane is looked at: most sessions never open it.
    if (!m_folderSet)
        setFolder(Collection::defaultFolder());
}

void CollectionsPane::setFolder(const QString &folder)
{
    m_folderSet = true;
    m_folder->setFolder(folder);
}

QString CollectionsPane::folder() const
{
    return m_folder->folder();
}

bool CollectionsPane::selectCollection(const QString &path)
{
    const QString wanted = QFileInfo(path).absoluteFilePath();
    for (int row = 0; row < m_list->count(); ++row) {
        if (m_list->item(row)->data(PathRole).toString() == wanted) {
            m_list->setCurrentRow(row);
            return true;
        }
    }
    return false;
}

void CollectionsPane::listCollections()
{
    {
        // Chosen again quietly, then shown once: the list is rebuilt whenever a file changes.
        const QSignalBlocker quiet(m_list);
        const QString keep = m_currentPath;
        m_list->clear();
        for (const CollectionFolder::Entry &entry : m_folder->entries()) {
            auto *item = new QListWidgetItem(m_list);
            item->setData(PathRole, entry.path);
            if (entry.collection) {
                item->setText(DisplayText::visibleLine(entry.title()));
                item->setToolTip(QDir::toNativeSeparators(entry.path));
            } else {
                // Listed rather than left out: the person can see why it cannot be used and fix or delete it.
                item->setText(tr("%1 (cannot be used)").arg(QFileInfo(entry.path).fileName()));
                item->setForeground(QColor(0xc0, 0x1c, 0x28));
                item->setToolTip(DisplayText::visible(entry.error));
            }
            if (entry.path == keep)
                m_list->setCurrentItem(item);
        }
        if (!m_list->currentItem() && m_list->count() > 0)
            m_list->setCurrentRow(0);
    }
    m_currentPath = m_list->currentItem() ? m_list->currentItem()->data(PathRole).toString() : QString();
    showCollection();
}

const CollectionFolder::Entry *CollectionsPane::currentEntry() const
{
    return m_currentPath.isEmpty() ? nullptr : m_folder->entry(m_currentPath);
}

void CollectionsPane::showCollection()
{
    const CollectionFolder::Entry *entry = currentEntry();
    const int selectedCall = selectedCallIndex();
    m_calls->clear();
    m_problem->hide();
    // Values typed for this run are kept when the same collection is shown again (after an edit).
    QHash<QString, QString> typed;
    for (int row = 0; row < m_variables->rowCount(); ++row) {
        if (const QTableWidgetItem *value = m_variables->item(row, VariableValue); value && !value->text().isEmpty())
            typed.insert(m_variables->item(row, VariableName)->text(), value->text());
    }
    m_variables->setRowCount(0);
    if (!entry) {
        m_title->setText(m_list->count() == 0 ? tr("No collections yet. Save a call from the tool panel (Save…) or the audit log, or import a collection file.")
                                              : QString());
        m_report->clear();
        updateButtons();
        return;
    }
    if (!entry->collection) {
        m_title->setText(QFileInfo(entry->path).fileName());
        showProblem(tr("This file cannot be used: %1").arg(DisplayText::visible(entry->error)));
        m_report->clear();
        updateButtons();
        return;
    }
    const Collection &collection = *entry->collection;
    QString title = DisplayText::visibleLine(entry->title());
    if (!collection.description.isEmpty())
        title += QStringLiteral(" — ") + DisplayText::visibleLine(collection.description);
    m_title->setText(title);
    for (const SavedCall &call : collection.calls) {
        auto *item = new QTreeWidgetItem(m_calls);
        item->setText(NameColumn, DisplayText::visibleLine(call.name));
        item->setText(ServerColumn, call.server.isEmpty() ? tr("(chosen for the run)") : DisplayText::visibleLine(call.server));
        if (call.isPrompt()) {
            // A prompt to a model (docs/collections.md, "Evaluating a model"): what it asks and expects.
            item->setText(ToolColumn, tr("prompt: %1").arg(DisplayText::visibleLine(call.prompt)));
            item->setToolTip(ToolColumn, DisplayText::visible(call.prompt));
            const QString expected = expectedCallsInWords(call.expectedCalls);
            item->setText(ExpectationsColumn, DisplayText::visibleLine(expected));
            item->setToolTip(ExpectationsColumn, DisplayText::visible(expected));
            continue;
        }
        item->setText(ToolColumn, DisplayText::visibleIdentifier(call.tool));
        item->setText(ExpectationsColumn, DisplayText::visibleLine(expectationsInWords(call.expectations)));
        item->setToolTip(ExpectationsColumn, DisplayText::visible(expectationsInWords(call.expectations)));
    }
    if (selectedCall >= 0 && selectedCall < m_calls->topLevelItemCount())
        m_calls->setCurrentItem(m_calls->topLevelItem(selectedCall));
    else if (m_calls->topLevelItemCount() > 0)
        m_calls->setCurrentItem(m_calls->topLevelItem(0));

    const QStringList names = collection.variableOrder.orderedKeys(collection.variables);
    for (const QString &name : names) {
        const int row = m_variables->rowCount();
        m_variables->insertRow(row);
        auto *nameItem = new QTableWidgetItem(DisplayText::visibleLine(name));
        nameItem->setData(PathRole, name);
        nameItem->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        auto *defaultItem = new QTableWidgetItem(JsonText::compact(collection.variables.value(name)));
        defaultItem->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        m_variables->setItem(row, VariableName, nameItem);
        m_variables->setItem(row, VariableDefault, defaultItem);
        m_variables->setItem(row, VariableValue, new QTableWidgetItem(typed.value(DisplayText::visibleLine(name))));
    }
    m_variables->setVisible(!names.isEmpty());

    if (m_runner && m_runPath == m_currentPath) {
        m_report->setReport(m_runner->report(), m_runFinishedCalls, m_runPrevious);
    } else {
        if (const auto last = m_last.constFind(m_currentPath); last != m_last.cend()) {
            const auto previous = m_previous.constFind(m_currentPath);
            m_report->setReport(*last, int(last->calls.size()), previous != m_previous.cend() ? std::optional<RunReport>(*previous) : std::nullopt);
        } else {
            m_report->clear();
        }
    }
    updateButtons();
}

void CollectionsPane::listServers()
{
    const QString chosen = m_server->currentData().toString();
    m_server->clear();
    m_server->addItem(tr("Each call's own server"), QString());
    if (m_workspace) {
        const QList<ServerConnection *> connections = m_workspace->connections();
        for (ServerConnection *connection : connections)
            m_server->addItem(DisplayText::visibleLine(connection->name()), connection->name());
    }
    const int index = m_server->findData(chosen);
    m_server->setCurrentIndex(index >= 0 ? index : 0);
}

void CollectionsPane::updateButtons()
{
    const CollectionFolder::Entry *entry = currentEntry();
    const bool usable = entry && entry->collection;
    const bool running = m_runner != nullptr;
    const bool callSelected = usable && selectedCallIndex() >= 0;
    m_export->setEnabled(usable);
    m_delete->setEnabled(entry && !(running && m_runPath == m_currentPath));
    // A prompt is edited in its file: the call editor edits a tool call's arguments and expectations.
    const bool promptSelected = callSelected && entry->collection->calls.value(selectedCallIndex()).isPrompt();
    m_editCall->setEnabled(callSelected && !running && !promptSelected);
    m_removeCall->setEnabled(callSelected && !running);
    m_runAll->setEnabled(usable && !entry->collection->calls.isEmpty() && !running && m_pipeline);
    m_runSelected->setEnabled(callSelected && !running && m_pipeline);
    m_cancel->setEnabled(running);
    m_server->setEnabled(!running);
}

int CollectionsPane::selectedCallIndex() const
{
    const QTreeWidgetItem *item = m_calls->currentItem();
    return item ? m_calls->indexOfTopLevelItem(const_cast<QTreeWidgetItem *>(item)) : -1;
}

void CollectionsPane::showProblem(const QString &text)
{
    m_problem->setText(text);
    m_problem->setVisible(!text.isEmpty());
}

Result<QJsonObject> CollectionsPane::variableOverrides() const
{
    QJsonObject overrides;
    for (int row = 0; row < m_variables->rowCount(); ++row) {
        const QString value = m_variables->item(row, VariableValue) ? m_variables->item(row, VariableValue)->text() : QString();
        if (value.isEmpty())
            continue;
        const QString name = m_variables->item(row, VariableName)->data(PathRole).toString();
        // The same reading as --var name=value on the command line.
        const auto parsed = Collection::parseVariable(name + u'=' + value);
        if (!parsed)
            return parsed.error();
        overrides.insert(parsed->first, parsed->second);
    }
    return overrides;
}

void CollectionsPane::run(bool selectedOnly)
{
    const CollectionFolder::Entry *entry = currentEntry();
    if (m_runner || !m_pipeline || !entry || !entry->collection)
        return;
    Collection collection = *entry->collection;
    if (selectedOnly) {
        const int index = selectedCallIndex();
        if (index < 0 || index >= collection.calls.size())
            return;
        collection.calls = {collection.calls.at(index)};
    }
    const Result<QJsonObject> overrides = variableOverrides();
    const auto calls = overrides ? collection.resolve(overrides.value(), m_server->currentData().toString())
                                 : Result<QList<ResolvedCall>>(overrides.error());
    if (!calls) {
        showProblem(tr("The collection cannot run: %1").arg(DisplayText::visible(calls.error().message)));
        return;
    }
    showProblem(QString());
    QPointer<Workspace> workspace = m_workspace;
    // Only a server that is up and ready takes a call; any other call fails, saying why, and the run goes on.
    auto targets = [workspace](const QString &name) -> Result<CallTarget *> {
        ServerConnection *connection = workspace ? workspace->connection(name) : nullptr;
        if (!connection) {
            return makeError(ErrorCode::NotConnected,
                             tr("There is no server called \"%1\" in your servers list. Add it, or change the call to name another server.")
                                 .arg(DisplayText::visibleLine(name)));
        }
        if (connection->status() != ServerConnection::Status::Ready || !connection->readySession())
            return connection->notReadyError();
        return connection;
    };
    m_runner = std::make_unique<CollectionRunner>(m_pipeline, targets, CallInitiator::Gui);
    m_runPath = m_currentPath;
    m_runFinishedCalls = 0;
    m_runPrevious = m_last.contains(m_runPath) ? std::optional<RunReport>(m_last.value(m_runPath)) : std::nullopt;
    connect(m_runner.get(), &CollectionRunner::callFinished, this, [this](int index) {
        m_runFinishedCalls = index + 1;
        if (m_currentPath == m_runPath)
            m_report->setReport(m_runner->report(), m_runFinishedCalls, m_runPrevious);
    });
    connect(m_runner.get(), &CollectionRunner::approved, this, [this] {
        if (m_currentPath == m_runPath)
            m_report->setReport(m_runner->report(), 0, m_runPrevious);
    });
    connect(m_runner.get(), &CollectionRunner::finished, this, &CollectionsPane::onRunFinished);
    const QString name = collection.name.isEmpty() ? QFileInfo(m_runPath).completeBaseName() : collection.name;
    m_report->clear(tr("Waiting for you to approve the run of \"%1\"…").arg(DisplayText::visibleLine(name)));
    updateButtons();
    m_runner->start(name, calls.value());
}

void CollectionsPane::cancelRun()
{
    if (m_runner)
        m_runner->cancel();
}

void CollectionsPane::onRunFinished()
{
    if (!m_runner)
        return;
    const RunReport report = m_runner->report();
    // Deleted later: we are inside its finished().
    m_runner.release()->deleteLater();
    const std::optional<RunReport> previous = m_last.contains(m_runPath) ? std::optional<RunReport>(m_last.value(m_runPath)) : std::nullopt;
    if (!report.error) { // a run that did not happen replaces no report
        if (previous)
            m_previous.insert(m_runPath, *previous);
        m_last.insert(m_runPath, report);
    }
    if (m_currentPath == m_runPath) {
        if (report.error)
            m_report->setReport(report, 0, previous);
        else
            m_report->setReport(report, int(report.calls.size()), previous);
    }
    emit message(report.error ? tr("The run of \"%1\" did not happen: %2").arg(report.collectionName, report.error->message)
                 : report.passed() ? tr("Collection \"%1\" passed").arg(report.collectionName)
                                   : tr("Collection \"%1\" FAILED: %2 of %3 calls").arg(report.collectionName).arg(report.failedCalls()).arg(report.calls.size()));
    updateButtons();
    emit runFinished(report);
}

std::optional<RunReport> CollectionsPane::lastReport(const QString &path) const
{
    const auto it = m_last.constFind(QFileInfo(path).absoluteFilePath());
    return it == m_last.cend() ? std::nullopt : std::optional<RunReport>(*it);
}

bool CollectionsPane::saveCurrent(const Collection &collection)
{
    const Result<void> saved = collection.save(m_currentPath);
    if (!saved) {
        showProblem(tr("The collection was not saved: %1").arg(saved.error().message));
        return false;
    }
    m_folder->refresh();
    return true;
}

void CollectionsPane::newCollection()
{
    auto *dialog = new QInputDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("New Collection"));
    dialog->setLabelText(tr("Name of the new collection:"));
    connect(dialog, &QInputDialog::textValueSelected, this, [this](const QString &name) {
        if (name.trimmed().isEmpty())
            return;
        const Result<QString> path = CollectionFiles::create(folder(), name);
        if (!path) {
            showProblem(path.error().message);
            return;
        }
        m_currentPath = path.value();
        m_folder->refresh();
    });
    dialog->open();
}

Result<QString> CollectionsPane::importFile(const QString &source)
{
    const Result<QString> copied = CollectionFiles::import(source, folder());
    if (copied) {
        m_currentPath = QFileInfo(copied.value()).absoluteFilePath();
        m_folder->refresh();
    }
    return copied;
}

void CollectionsPane::chooseImport()
{
    auto *dialog = new QFileDialog(this, tr("Import Collection"), QDir::homePath(), tr("Collections (*.json);;All files (*)"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::ExistingFile);
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString &file) {
        const Result<QString> imported = importFile(file);
        if (!imported) {
            auto *box = new QMessageBox(QMessageBox::Warning, tr("Import Collection"),
                                        tr("This file cannot be imported: %1").arg(DisplayText::visible(imported.error().message)), QMessageBox::Ok, this);
            box->setObjectName(QStringLiteral("importProblem"));
            box->setTextFormat(Qt::PlainText);
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        } else {
            emit message(tr("Imported %1").arg(QDir::toNativeSeparators(imported.value())));
        }
    });
    dialog->open();
}

void CollectionsPane::chooseExport()
{
    const CollectionFolder::Entry *entry = currentEntry();
    if (!entry || !entry->collection)
        return;
    const QString source = entry->path;
    auto *dialog = new QFileDialog(this, tr("Export Collection"), QDir(QDir::homePath()).filePath(QFileInfo(source).fileName()),
                                   tr("Collections (*.json)"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setDefaultSuffix(QStringLiteral("json"));
    connect(dialog, &QFileDialog::fileSelected, this, [this, source](const QString &file) {
        const Result<void> written = CollectionFiles::exportTo(source, file);
        if (written)
            emit message(tr("Exported to %1").arg(QDir::toNativeSeparators(file)));
        else
            showProblem(tr("The collection was not exported: %1").arg(written.error().message));
    });
    dialog->open();
}

void CollectionsPane::deleteCollection()
{
    const CollectionFolder::Entry *entry = currentEntry();
    if (!entry)
        return;
    const QString path = entry->path;
    auto *box = new QMessageBox(QMessageBox::Question, tr("Delete Collection"),
                                tr("Delete the collection \"%1\"? Its file %2 is removed; this cannot be undone.")
                                    .arg(DisplayText::visibleLine(entry->title()), QDir::toNativeSeparators(path)),
                                QMessageBox::Yes | QMessageBox::Cancel, this);
    box->setObjectName(QStringLiteral("deleteCollectionQuestion"));
    box->setTextFormat(Qt::PlainText);
    box->setDefaultButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, box, path] {
        if (box->clickedButton() != box->button(QMessageBox::Yes))
            return;
        if (!QFile::remove(path)) {
            showProblem(tr("The file %1 could not be deleted.").arg(QDir::toNativeSeparators(path)));
            return;
        }
        m_last.remove(path);
        m_previous.remove(path);
        m_folder->refresh();
    });
    box->open();
}

void CollectionsPane::editCall()
{
    const CollectionFolder::Entry *entry = currentEntry();
    const int index = selectedCallIndex();
    if (m_runner || !entry || !entry->collection || index < 0 || index >= entry->collection->calls.size())
        return;
    auto *dialog = new EditCallDialog(entry->collection->calls.at(index), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const QString path = entry->path;
    connect(dialog, &QDialog::accepted, this, [this, dialog, path, index] {
        // The file is read again: it may have changed while the dialog was open.
        const CollectionFolder::Entry *now = m_folder->entry(path);
        if (path != m_currentPath || !now || !now->collection || index >= now->collection->calls.size())
            return;
        Collection collection = *now->collection;
        collection.calls[index] = dialog->savedCall();
        saveCurrent(collection);
    });
    dialog->open();
}

void CollectionsPane::removeCall()
{
    const CollectionFolder::Entry *entry = currentEntry();
    const int index = selectedCallIndex();
    if (m_runner || !entry || !entry->collection || index < 0 || index >= entry->collection->calls.size())
        return;
    Collection collection = *entry->collection;
    collection.calls.removeAt(index);
    saveCurrent(collection);
}

} // namespace Toolgate

#include "moc_collectionspane.cpp"
