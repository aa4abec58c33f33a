#pragma once

#include "core/audit/auditrecord.h"

#include <QWidget>

class QGroupBox;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;

namespace Toolgate {

class MessageBanner;
class ResultView;

/// One audit record in full: the server (name, command or URL, what it said about itself), the
/// tool or event, the arguments as sent (and as first requested, when the human edited them), the
/// decision and who made it, timings, and the stored result shown by the same ResultView a live
/// call uses. For a call the server ran as a task, a Task section shows the task's id and its life,
/// a line per step ("10:31:02 working — Researching…"). The whole record as JSON is one tab away.
class AuditDetailPane final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AuditDetailPane)
public:
    enum Tab { ResultTab, ArgumentsTab, RecordJsonTab };

    explicit AuditDetailPane(QWidget *parent = nullptr);

    void setRecord(const AuditRecord &record);
    /// Shows a note instead of a record (nothing selected, or it could not be read).
    void showPlaceholder(const QString &text);
    const AuditRecord &record() const { return m_record; }
    bool hasRecord() const { return m_record.id != 0; }

    ResultView *resultView() const { return m_result; }
    QTabWidget *tabs() const { return m_tabs; }
    QPushButton *runAgainButton() const { return m_runAgain; }
    /// "Save to Collection…", shown for a tool call.
    QPushButton *saveToCollectionButton() const { return m_saveToCollection; }
    /// "Show Call #N": shown for what an app view did, leads to the call whose result showed the app.
    QPushButton *showOriginButton() const { return m_showOrigin; }
    QPlainTextEdit *argumentsView() const { return m_arguments; }
    QPlainTextEdit *recordJsonView() const { return m_json; }
    /// The summary lines (objectName "auditSummary").
    QLabel *summary() const { return m_summary; }
    /// The Task section (objectName "auditTask"), shown only for a call that ran as a task: the
    /// task's id (objectName "auditTaskId") and one line per step of its life ("auditTaskLife").
    QGroupBox *taskSection() const { return m_task; }
    QLabel *taskIdLabel() const { return m_taskId; }
    QListWidget *taskLife() const { return m_taskLife; }

signals:
    /// The person asked to take this record's call back into the tool form.
    void runAgainRequested(const Toolgate::AuditRecord &record);
    /// The person asked to save this record's call to a collection.
    void saveToCollectionRequested(const Toolgate::AuditRecord &record);
    /// The person asked to see the call whose result showed the app that made this record.
    void originRequested(qint64 id);

private:
    void showTask(const AuditRecord &record);

    QLabel *m_title;
    QLabel *m_summary;
    QGroupBox *m_task;
    QLabel *m_taskId;
    QListWidget *m_taskLife;
    QPushButton *m_runAgain;
    QPushButton *m_saveToCollection;
    QPushButton *m_showOrigin;
    QTabWidget *m_tabs;
    ResultView *m_result;
    QPlainTextEdit *m_resultJson; // server requests and connection events: plain JSON
    QWidget *m_resultPage;
    QPlainTextEdit *m_arguments;
    QPlainTextEdit *m_json;
    AuditRecord m_record;
};

} // namespace Toolgate
