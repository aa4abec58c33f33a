#pragma once

#include "core/calls/callregistry.h"
#include "core/calls/toolcall.h"
#include "core/collections/collection.h"
#include "core/protocol/tool.h"

#include <QElapsedTimer>
#include <QHash>
#include <QIcon>
#include <QPointer>
#include <QTimer>
#include <QWidget>

#include <memory>

class QCheckBox;
class QHBoxLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QSplitter;

namespace Toolgate {

class AppHost;
class AppPane;
class AppTrust;
class ArgumentForm;
class ClientSession;
class ArgumentHistory;
class ItemHeader;
class ResultView;
class ServerConnection;
class ServerRequestPipeline;
class ToolCallPipeline;
class ToolSplitMemory;

/// Runs one tool: its header, the argument form, Run and Cancel with progress, and the result.
/// Every call goes through the ToolCallPipeline, so a human approves it first. Calls keep running
/// when another tool is selected; coming back shows the progress or the last outcome. A call the
/// server runs as a task shows the task's status while it runs, and outlives the panel (TaskRegistry).
class ToolPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ToolPanel)
public:
    /// Nothing is owned; all must outlive the panel. requests tells when a server reports a browser
    /// step of a -32042 outcome complete (may be null).
    ToolPanel(ToolCallPipeline *pipeline, ServerRequestPipeline *requests, ArgumentHistory *history, QWidget *parent = nullptr);
    ~ToolPanel() override;

    /// Shows tool of connection, with the arguments last used for it. icon: the tool's own, if any.
    void setTool(ServerConnection *connection, const Tool &tool, const QIcon &icon = {});
    ServerConnection *connection() const { return m_connection; }
    const Tool &tool() const { return m_tool; }

    /// The call of the shown tool still running, if any.
    ToolCall *currentCall() const;
    /// How many calls of any tool are running.
    int runningCount() const;

    ItemHeader *header() const { return m_header; }
    ArgumentForm *argumentForm() const { return m_form; }
    ResultView *resultView() const { return m_result; }
    QPushButton *runButton() const { return m_run; }
    QPushButton *cancelButton() const { return m_cancel; }
    /// "Save…": saves the shown tool's last finished call to a collection (saveCallRequested()).
    QPushButton *saveButton() const { return m_save; }
    QProgressBar *progressBar() const { return m_progress; }
    /// The call's state while it runs and how it ended (objectName "callState"; plain text).
    QLabel *stateLabel() const { return m_state; }
    /// "Run as a task", shown for tools whose taskSupport is "optional".
    QCheckBox *runAsTaskBox() const { return m_runAsTask; }
    /// Says that the tool always runs as a task (taskSupport "required").
    QLabel *taskNote() const { return m_taskNote; }
    /// The form (a pane that scrolls when made small) above the result. The divider follows what the
    /// two hold, until the person drags it: then it stays there for that tool, across sessions.
    QSplitter *splitter() const { return m_splitter; }
    /// Shown under a result that failed with -32042 (2025-11-25): the server needs a step done in the
    /// browser first. Its Run Again button sends the same arguments again (approval included).
    QWidget *urlStepBox() const { return m_urlStep; }
    /// "Connections: api.example.com:443 (allowed), …": what a server sandboxed with a list of hosts
    /// asked to connect to while the shown call ran (objectName "callConnections"; hidden when none).
    QLabel *connectionsLabel() const { return m_connections; }
    QPushButton *runAgainButton() const { return m_runAgain; }
    /// Shows the apps of tool results (MCP Apps) above the result. Neither is owned.
    void setApps(AppHost *host, AppTrust *trust);
    /// The app of the shown result; null until setApps().
    AppPane *appPane() const { return m_app; }
    /// The header, the first part of the form (Run with it when the form is short) and the result's
    /// least, while shown: a shorter place scrolls the panel rather than squeezing its form away.
    QSize minimumSizeHint() const override;

public slots:
    /// Starts a call of the shown tool with the form's arguments.
    void run();
    /// Cancels the shown tool's running call.
    void cancel();
    /// Runs the shown tool again with the arguments its last call sent (after a -32042 error).
    void runAgain();

signals:
    void resourceLinkActivated(Toolgate::ServerConnection *connection, const QString &uri);
    void linkActivated(const QUrl &url);
    /// A short note for the status bar.
    void message(const QString &text);
    /// "Save…": the last call of the shown tool, as sent, with the expectations it met (SavedCall::fromCall()).
    void saveCallRequested(const Toolgate::SavedCall &call);
    void runningCountChanged(int count);
    /// A line for the console of server: what an app view logged or was refused.
    void appConsoleLine(const QString &server, const QString &text);

private:
    /// The shown tool's key for what the panel remembers per tool ("Run as a task", the app shown).
    QString key() const;
    static QString keyFor(const QString &server, const QString &tool);
    /// What the registry knows of the shown tool's calls, or null.
    const CallRegistry::Entry *shownEntry() const;
    void showEntry();
    void updateRunState();
    void updateProgress();
    void updateUrlStep();
    void updateTaskChoice();
    void fitRunRow();
    void startCall(const QJsonObject &arguments, const JsonKeyOrder &order);
    /// Places the divider: where the person put it for the shown tool, else by what the form and the
    /// result hold (before a result, the form all it needs and the empty result a strip).
    void fitSplitterToForm();
    /// The least the empty result's pane keeps: its row of tabs and a line.
    int resultStripHeight() const;
    /// Sets the least the result's pane keeps: the strip while empty, all of its minimum with a result.
    void updateResultLeast();
    /// Whether the result's pane shows how a call of the shown tool ended.
    bool showsResult() const;
    void refitForResult();
    /// Watches the form's pane: whenever its size hint may have changed (the problems box came, went or
    /// changed its lines; another tool), the divider follows on the next turn of the event loop.
    bool eventFilter(QObject *watched, QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;
    bool focusNextPrevChild(bool next) override;
    void onChanged(const QString &serverName, const QString &toolName);
    void onEnded(const QString &serverName, const QString &toolName, ToolCall *call);
    /// Shows the app of the shown tool's call once it runs (or its last result's app).
    void startApp(ToolCall *call);
    void showEntryApp();

    QPointer<ToolCallPipeline> m_pipeline;
    ArgumentHistory *m_history;
    QPointer<ServerConnection> m_connection;
    Tool m_tool;
    /// The newest call of each tool run here: running, then how it ended.
    CallRegistry m_calls;
    /// ToolCall::id() of the call whose app is shown for a tool key (tools with _meta.ui.resourceUri).
    QHash<QString, quint64> m_appCallIds;
    QHash<QString, bool> m_runAsTaskChoices; // "Run as a task" per tool key, as last ticked
    QTimer m_tick;
    QTimer m_fit; // coalesces refits: one after the layouts settled, however many requests came
    QTimer m_saveSplits; // writes the remembered splits once a drag rests

    ItemHeader *m_header;
    ArgumentForm *m_form;
    QPushButton *m_run;
    QLabel *m_runHint;
    QCheckBox *m_runAsTask;
    QLabel *m_taskNote;
    QPushButton *m_cancel;
    QPushButton *m_save;
    QProgressBar *m_progress;
    QLabel *m_state;
    QWidget *m_urlStep;
    QLabel *m_urlStepText;
    QPushButton *m_runAgain;
    QLabel *m_connections;
    ResultView *m_result;
    QSplitter *m_splitter;
    QWidget *m_formContent = nullptr; // in the form's scrolling pane: the form and the row of Run
    std::unique_ptr<ToolSplitMemory> m_splits;
    AppPane *m_app = nullptr;
    /// The connections whose sandbox proxies the registry hears (each once).
    QList<QPointer<ServerConnection>> m_heardConnections;
    // The last fit gave the form no more than half because it wanted more (see fitSplitterToForm()).
    bool m_formFitPastHalf = false;
    bool m_taskNoteWanted = false; ///< the tool always runs as a task; fitRunRow() decides whether the note shows
    QHBoxLayout *m_runRow = nullptr;
    // The form's height the panel asks room for (minimumSizeHint()): what it wants, up to a dozen lines.
    int m_usableFormHeight = 0;
};

} // namespace Toolgate
