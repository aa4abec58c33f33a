#pragma once

#include <QPointer>
#include <QWidget>

class QCheckBox;
class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QStackedWidget;
class QTreeView;

namespace Toolgate {

class TaskRegistry;
class TaskResultDialog;
class TasksModel;

/// The Tasks view: the calls of one server (or of every server) that run as tasks, running and
/// finished, with Cancel for running ones, Open Result and Forget for finished ones. A task stays
/// here after the panel that started it has moved on or is gone.
class TasksView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TasksView)
public:
    /// registry is not owned and must outlive the view.
    explicit TasksView(TaskRegistry *registry, QWidget *parent = nullptr);
    ~TasksView() override;

    /// Lists serverName's tasks (unless every server's are shown).
    void setServer(const QString &serverName);
    QString server() const { return m_server; }
    /// Whether every server's tasks are listed, not only the chosen server's.
    void setAllServers(bool all);

    TasksModel *model() const { return m_model; }
    /// What the list shows: the model, filtered by server.
    QSortFilterProxyModel *proxy() const { return m_proxy; }
    QTreeView *view() const { return m_view; }
    QLabel *summaryLabel() const { return m_summary; }
    QCheckBox *allServersBox() const { return m_allServers; }
    QPushButton *cancelButton() const { return m_cancel; }
    QPushButton *openResultButton() const { return m_open; }
    QPushButton *forgetButton() const { return m_forget; }
    QPushButton *clearFinishedButton() const { return m_clear; }

    /// Selects the call's row (when it is listed); returns whether it is.
    bool selectTask(quint64 callId);
    /// ToolCall::id() of the selected row, or 0.
    quint64 selectedCallId() const;
    /// The result window last opened, while it is open.
    TaskResultDialog *resultDialog() const;

public slots:
    void cancelSelected();
    void openSelectedResult();
    void forgetSelected();
    /// Forgets every finished task listed.
    void clearFinished();
    /// Shows how the finished task of callId ended in a window of its own.
    void openResult(quint64 callId);

signals:
    /// Tasks running on every server.
    void runningCountChanged(int count);
    void resourceLinkActivated(const QString &serverName, const QString &uri);
    void linkActivated(const QUrl &url);
    /// A short note for the status bar.
    void message(const QString &text);

public:
    /// As narrow as its two-row arrangement: the buttons go below the summary when the row is short.
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void arrangeButtons();
    void updateFilter();
    void updateActions();
    void updateSummary();

    TaskRegistry *m_registry;
    TasksModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QString m_server;
    QLabel *m_summary;
    QCheckBox *m_allServers;
    QPushButton *m_cancel;
    QPushButton *m_open;
    QPushButton *m_forget;
    QPushButton *m_clear;
    QStackedWidget *m_stack;
    QLabel *m_empty;
    QWidget *m_emptyPage; // m_empty, scrolling
    QWidget *m_buttons; // Cancel, Open Result, Forget, Clear Finished: beside the summary, or below it
    class QHBoxLayout *m_topRow = nullptr;
    class QVBoxLayout *m_rows = nullptr;
    QTreeView *m_view;
    QPointer<TaskResultDialog> m_dialog;
};

} // namespace Toolgate
