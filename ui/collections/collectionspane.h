#pragma once

#include "core/collections/collectionfolder.h"

#include "core/collections/collectionrunner.h"
#include "core/common/result.h"
#include "core/protocol/tool.h"

#include <QHash>
#include <QPointer>
#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QTableWidget;
class QTreeWidget;

namespace Toolgate {

class RunReportView;
class ToolCallPipeline;
class Workspace;

/// The Collections pane (issue 19): the collection files of the collections folder (broken ones listed
/// with the reason), the selected collection's calls and variables, and its runs. A run goes through the
/// pipeline like any call (CollectionRunner): one approval of the whole run, each call recorded in the
/// audit log; against each call's own server or one chosen for the run. The report of the last run
/// stays per collection, with the run before it to compare results with.
class CollectionsPane final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CollectionsPane)
public:
    /// pipeline and workspace are not owned and must outlive the pane.
    CollectionsPane(ToolCallPipeline *pipeline, Workspace *workspace, QWidget *parent = nullptr);
    ~CollectionsPane() override;

    /// The folder of collection files (default: Collection::defaultFolder(), read when first shown).
    void setFolder(const QString &folder);
    QString folder() const;
    CollectionFolder *collectionFolder() const { return m_folder; }

    /// Selects the collection in path (once it is listed); false when it is not.
    bool selectCollection(const QString &path);
    /// The selected collection's file (empty: none).
    QString currentPath() const { return m_currentPath; }
    /// Copies a collection file into the folder after checking it can be read (Import…).
    Result<QString> importFile(const QString &source);

    /// Runs every call of the selected collection; selectedOnly: only the selected call.
    void run(bool selectedOnly);
    void cancelRun();
    bool isRunning() const { return m_runner != nullptr; }
    /// The last finished run of the collection in path, if any.
    std::optional<RunReport> lastReport(const QString &path) const;

    QListWidget *collectionList() const { return m_list; }
    QTreeWidget *callTree() const { return m_calls; }
    QLabel *problemLabel() const { return m_problem; }
    QTableWidget *variablesTable() const { return m_variables; }
    QComboBox *serverChoice() const { return m_server; }
    QPushButton *runAllButton() const { return m_runAll; }
    QPushButton *runSelectedButton() const { return m_runSelected; }
    QPushButton *cancelButton() const { return m_cancel; }
    QPushButton *editCallButton() const { return m_editCall; }
    QPushButton *removeCallButton() const { return m_removeCall; }
    RunReportView *reportView() const { return m_report; }

signals:
    /// See RunReportView::compareResultsRequested().
    void compareResultsRequested(const QString &beforeTitle, const Toolgate::CallToolResult &before,
                                 const QString &afterTitle, const Toolgate::CallToolResult &after);
    /// A run ended (passed, failed, denied or cancelled).
    void runFinished(const Toolgate::RunReport &report);
    /// A short note for the status bar.
    void message(const QString &text);

protected:
    void showEvent(QShowEvent *event) override;

private:
    QWidget *buildCollections();
    QWidget *buildCalls();
    void listCollections();
    void showCollection();
    void listServers();
    void updateButtons();
    const CollectionFolder::Entry *currentEntry() const;
    int selectedCallIndex() const;
    Result<QJsonObject> variableOverrides() const;
    /// Saves collection over the current file, reporting a failure.
    bool saveCurrent(const Collection &collection);
    void newCollection();
    void chooseImport();
    void chooseExport();
    void deleteCollection();
    void editCall();
    void removeCall();
    void showProblem(const QString &text);
    void onRunFinished();

    QPointer<ToolCallPipeline> m_pipeline;
    QPointer<Workspace> m_workspace;
    CollectionFolder *m_folder;
    bool m_folderSet = false;
    QString m_currentPath;
    QString m_runPath; // the collection the running run belongs to
    int m_runFinishedCalls = 0;
    std::optional<RunReport> m_runPrevious; // the report the running run will compare with
    std::unique_ptr<CollectionRunner> m_runner;
    QHash<QString, RunReport> m_last;
    QHash<QString, RunReport> m_previous;

    QListWidget *m_list = nullptr;
    QPushButton *m_new = nullptr;
    QPushButton *m_import = nullptr;
    QPushButton *m_export = nullptr;
    QPushButton *m_delete = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_problem = nullptr;
    QTreeWidget *m_calls = nullptr;
    QPushButton *m_editCall = nullptr;
    QPushButton *m_removeCall = nullptr;
    QComboBox *m_server = nullptr;
    QTableWidget *m_variables = nullptr;
    QPushButton *m_runAll = nullptr;
    QPushButton *m_runSelected = nullptr;
    QPushButton *m_cancel = nullptr;
    RunReportView *m_report = nullptr;
};

} // namespace Toolgate
