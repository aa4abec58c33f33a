#include "ui/tasks/taskresultdialog.h"

#include "ui/models/modeltext_p.h"
#include "ui/tasks/tasksmodel.h"
#include "ui/viewers/resultview.h"
#include "ui/viewers/viewerformat.h"
#include "core/common/displaytext.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

namespace Toolgate {

TaskResultDialog::TaskResultDialog(const TaskRegistry::Entry &entry, QWidget *parent)
    : QDialog(parent)
    , m_callId(entry.callId)
    , m_serverName(entry.server.name)
    , m_summary(new QLabel(this))
    , m_result(new ResultView(this))
{
    setObjectName(QStringLiteral("taskResultDialog"));
    setAttribute(Qt::WA_DeleteOnClose);
    setSizeGripEnabled(true);
    const QString tool = ModelText::oneLine(entry.tool.displayName(), 120);
    setWindowTitle(tr("Task Result — %1").arg(tool));

    // Server-supplied names and ids, so plain text only.
    m_summary->setObjectName(QStringLiteral("taskResultSummary"));
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QString summary = tr("%1 on %2 · %3").arg(tool, ModelText::oneLine(entry.server.name, 120), TasksModel::statusText(entry));
    // The server's id for the task tells it apart from others of the same tool: at hand, not in the way.
    m_summary->setToolTip(ViewerFormat::toolTip(tr("Task id: %1").arg(entry.task.taskId.left(300))));
    if (entry.startedAt.isValid())
        summary += tr(" · started %1").arg(QLocale().toString(entry.startedAt.toLocalTime(), QLocale::ShortFormat));
    if (entry.outcome && entry.outcome->durationMs > 0)
        summary += tr(" · took %1").arg(DisplayText::duration(entry.outcome->durationMs));
    m_summary->setText(summary);

    if (entry.outcome)
        m_result->setOutcome(*entry.outcome);
    connect(m_result, &ResultView::resourceLinkActivated, this,
            [this](const QString &uri) { emit resourceLinkActivated(m_serverName, uri); });
    connect(m_result, &ResultView::linkActivated, this, &TaskResultDialog::linkActivated);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_result, 1);
    layout->addWidget(buttons);
    resize(760, 580);
}

} // namespace Toolgate

#include "moc_taskresultdialog.cpp"
