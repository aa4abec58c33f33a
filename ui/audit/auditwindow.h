#pragma once

#include "core/audit/auditexporter.h"
#include "core/audit/auditfilter.h"
#include "core/audit/auditrecord.h"
#include "core/collections/collection.h"
#include "core/common/result.h"

#include <QWidget>

#include <functional>

class QAction;
class QComboBox;
class QDateTimeEdit;
class QLabel;
class QLineEdit;
class QPushButton;
class QSplitter;
class QTableView;
class QTimer;

namespace Toolgate {

class AuditDetailPane;
class AuditQueryWorker;
class AuditTableModel;

/// The audit log, browsable: filters (kind, server, tool, decision, outcome, time range and a
/// full-text search over arguments and results) over a lazily paged table, the selected record in
/// full, export of what the filters show, "Compare Results" for two selected tool calls (side by
/// side in a ResultCompareDialog), and "Run Again", which hands a recorded call back to the main
/// window's tool form (never sends it). Every query runs off the GUI thread.
class AuditWindow final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AuditWindow)
public:
    /// Takes a recorded call back into the tool form; returns why it could not (empty: done).
    using RunAgainHandler = std::function<QString(const QString &server, const QString &tool, const QJsonObject &arguments)>;

    /// databasePath: the store to show (empty: AuditDatabase::defaultPath()).
    explicit AuditWindow(const QString &databasePath, QWidget *parent = nullptr);
    ~AuditWindow() override;

    void setRunAgainHandler(RunAgainHandler handler);

    /// The filter the controls describe.
    AuditFilter currentFilter() const;
    /// Reloads the list (and the filter choices) from the store.
    void refresh();
    /// Something was written to the store (AuditLog::recordsCommitted): new matching records
    /// appear at the top and finished calls show their outcome, without a reload. Bursts make
    /// one query; while the window is hidden nothing is queried until it shows again.
    void noteStoreChanged();

    /// Selects the record with id in the list, or, when the filters leave it out, shows it in
    /// the detail pane on its own (the list stays as it is).
    void showRecord(qint64 id);

    /// The two selected tool calls' results side by side in a ResultCompareDialog (the older
    /// first), once both records are read; says in a message box when one has no result.
    void compareSelected();
    /// Whether exactly two tool-call records are selected.
    bool canCompareSelected() const;

    /// Writes the records the filters show to path, off the GUI thread; exportFinished reports.
    void exportTo(const QString &path, AuditExporter::Format format);

    AuditTableModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    AuditDetailPane *detailPane() const { return m_detail; }
    QComboBox *kindFilter() const { return m_kind; }
    QComboBox *serverFilter() const { return m_server; }
    QComboBox *toolFilter() const { return m_tool; }
    QComboBox *decisionFilter() const { return m_decision; }
    QComboBox *outcomeFilter() const { return m_outcome; }
    QComboBox *timeFilter() const { return m_time; }
    QDateTimeEdit *fromEdit() const { return m_from; }
    QDateTimeEdit *untilEdit() const { return m_until; }
    QLineEdit *searchField() const { return m_search; }
    QLabel *statusLabel() const { return m_status; }
    QPushButton *compareButton() const { return m_compare; }
    QAction *compareAction() const { return m_compareAction; }

signals:
    /// The record shown in the detail pane changed (after it was loaded in full).
    void recordShown(qint64 id);
    /// "Save to Collection…" on a tool-call record: the call as it was sent (server, tool, arguments in the
    /// order stored), expecting what it showed (isError as recorded; the output schema when it matched).
    void saveCallRequested(const Toolgate::SavedCall &call);
    /// An export ended: how many records were written, or why it failed.
    void exportFinished(const Toolgate::Result<qint64> &result);

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void buildFilters(QWidget *bar);
    void keepScrollPlace(int firstInserted);
    void restoreScrollPlace();
    void applyFilter();
    void scheduleFilter();
    void loadChoices();
    void showSelected();
    void showInDetail(qint64 id);
    void updateStatus();
    void chooseExportFile();
    void runAgain(const AuditRecord &record);
    QList<qint64> selectedToolCalls() const;
    void showCompareMenu(const QPoint &pos);
    static SavedCall savedCallOf(const AuditRecord &record);

    QString m_path;
    AuditQueryWorker *m_worker;
    AuditTableModel *m_model;
    QComboBox *m_kind = nullptr;
    QComboBox *m_server = nullptr;
    QComboBox *m_tool = nullptr;
    QComboBox *m_decision = nullptr;
    QComboBox *m_outcome = nullptr;
    QComboBox *m_time = nullptr;
    QDateTimeEdit *m_from = nullptr;
    QDateTimeEdit *m_until = nullptr;
    QLineEdit *m_search = nullptr;
    QPushButton *m_refresh = nullptr;
    QPushButton *m_export = nullptr;
    QPushButton *m_compare = nullptr;
    QAction *m_compareAction = nullptr;
    QLabel *m_status = nullptr;
    QSplitter *m_splitter = nullptr;
    bool m_splitPlaced = false; // the table and the record were given their first shares
    QTableView *m_table = nullptr;
    AuditDetailPane *m_detail = nullptr;
    QTimer *m_filterDelay = nullptr;
    /// Looks for writes by other processes (toolgate-cli), which send no signal, while shown.
    QTimer *m_storePoll = nullptr;
    qint64 m_scrollAnchorId = 0; // the top visible record while rows go in above it
    bool m_hiddenAfterShown = false;
    RunAgainHandler m_runAgain;
    quint64 m_detailGeneration = 0;
    QString m_queryError;
    bool m_exporting = false;
};

} // namespace Toolgate
