#pragma once

#include "core/calls/taskregistry.h"

#include <QDialog>

class QLabel;

namespace Toolgate {

class ResultView;

/// A window showing how one finished task ended: its result (or why there is none) in the same
/// viewers as a tool panel's result. Modeless, so several can stay open; deletes itself on close.
class TaskResultDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TaskResultDialog)
public:
    /// entry must be finished (it has an outcome).
    explicit TaskResultDialog(const TaskRegistry::Entry &entry, QWidget *parent = nullptr);

    quint64 callId() const { return m_callId; }
    QString serverName() const { return m_serverName; }
    ResultView *resultView() const { return m_result; }
    /// The line above the result: tool, server, task, status and time (plain text).
    QLabel *summaryLabel() const { return m_summary; }

signals:
    void resourceLinkActivated(const QString &serverName, const QString &uri);
    void linkActivated(const QUrl &url);

private:
    quint64 m_callId;
    QString m_serverName;
    QLabel *m_summary;
    ResultView *m_result;
};

} // namespace Toolgate
