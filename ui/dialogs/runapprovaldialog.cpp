#include "ui/dialogs/runapprovaldialog.h"

#include "ui/dialogs/allowdelay.h"
#include "ui/dialogs/confirmationdialog.h"

#include "core/common/displaytext.h"
#include "ui/forms/plaintextview.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

QLabel *plainLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setTextFormat(Qt::PlainText); // names come from a file or a server: never rich text
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

QStringList RunApprovalDialog::prepare(const RunApprovalRequest &request)
{
    QStringList texts;
    texts.reserve(request.calls.size());
    for (const RunApprovalRequest::Entry &call : request.calls)
        texts.append(ConfirmationDialog::visibleArguments(call.arguments, call.argumentOrder));
    return texts;
}

RunApprovalDialog::RunApprovalDialog(const RunApprovalRequest &request, QWidget *parent)
    : RunApprovalDialog(request, prepare(request), parent)
{
}

RunApprovalDialog::RunApprovalDialog(const RunApprovalRequest &request, const QStringList &argumentTexts, QWidget *parent)
    : ApprovalDialog(parent)
    , m_request(request)
    , m_argumentTexts(argumentTexts)
{
    setObjectName(QStringLiteral("runApprovalDialog"));
    setWindowTitle(tr("Approve Collection Run"));
    setModal(true);
    setAttribute(Qt::WA_DeleteOnClose, false); // the gate deletes it once it decided

    auto *layout = new QVBoxLayout(this);
    auto *heading = plainLabel(tr("Run the collection \"%1\", approved as a whole (calls: %2)")
                                   .arg(DisplayText::visibleLine(request.runName))
                                   .arg(request.calls.size()),
                               this);
    heading->setObjectName(QStringLiteral("runHeading"));
    QFont bold = heading->font();
    bold.setBold(true);
    heading->setFont(bold);
    layout->addWidget(heading);

    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // long lines wrap in their views
    auto *list = new QWidget(scroll);
    auto *listLayout = new QVBoxLayout(list);
    listLayout->setContentsMargins(0, 0, 0, 0);
    for (int i = 0; i < request.calls.size(); ++i)
        listLayout->addWidget(buildCall(i, list));
    listLayout->addStretch(1);
    scroll->setWidget(list);
    layout->addWidget(scroll, 1);

    auto *note = plainLabel(tr("Only these calls, with exactly these arguments, are approved; any other call is asked about on its own."), this);
    note->setObjectName(QStringLiteral("runNote"));
    layout->addWidget(note);
    m_queuedNote = plainLabel(QString(), this);
    m_queuedNote->setObjectName(QStringLiteral("queuedNote"));
    m_queuedNote->hide();
    layout->addWidget(m_queuedNote);

    auto *buttons = new QDialogButtonBox(this);
    m_run = buttons->addButton(tr("Run These Calls"), QDialogButtonBox::AcceptRole);
    m_run->setObjectName(QStringLiteral("runCalls"));
    m_run->setAutoDefault(false);
    m_cancel = buttons->addButton(QDialogButtonBox::Cancel);
    m_cancel->setObjectName(QStringLiteral("cancelRun"));
    m_cancel->setDefault(true);
    setSafeButton(m_cancel);
    layout->addWidget(buttons);
    connect(m_run, &QPushButton::clicked, this, [this] {
        m_runChosen = true;
        accept();
    });
    connect(m_cancel, &QPushButton::clicked, this, &QDialog::reject);

    connect(allowDelay(), &AllowDelay::changed, m_run, &QPushButton::setEnabled);
    m_run->setEnabled(false);
}

QWidget *RunApprovalDialog::buildCall(int index, QWidget *parent)
{
    const RunApprovalRequest::Entry &call = m_request.calls.at(index);
    auto *box = new QGroupBox(tr("%1. %2").arg(index + 1).arg(DisplayText::visibleLine(call.name)), parent);
    box->setObjectName(QStringLiteral("runCall%1").arg(index));
    auto *layout = new QVBoxLayout(box);
    auto *form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    QString server = DisplayText::visibleLine(call.server.name);
    if (!call.server.endpoint.isEmpty())
        server = tr("%1 (%2)").arg(server, DisplayText::visibleLine(call.server.endpoint));
    auto *serverLabel = plainLabel(server, box);
    serverLabel->setObjectName(QStringLiteral("server"));
    form->addRow(tr("Server:"), serverLabel);
    auto *toolLabel = plainLabel(DisplayText::visibleIdentifier(call.toolName), box);
    toolLabel->setObjectName(QStringLiteral("tool"));
    form->addRow(tr("Tool:"), toolLabel);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("Arguments (sent exactly as shown):"), box));
    const QString text = m_argumentTexts.value(index);
    constexpr int MaxLines = 14;
    auto *arguments = new PlainTextView(text, MaxLines, box);
    arguments->setObjectName(QStringLiteral("arguments"));
    arguments->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    arguments->setMaxLines(MaxLines); // measured again, in the fixed font
    arguments->setAccessibleName(tr("Arguments of call %1, sent exactly as shown").arg(index + 1));
    // Tall enough for short arguments to show whole in the fixed font; longer ones scroll.
    const int lines = qMin(int(text.count(u'\n')) + 1, MaxLines);
    arguments->setMinimumHeight(lines * QFontMetrics(arguments->font()).lineSpacing() + 2 * arguments->frameWidth() + 12);
    layout->addWidget(arguments);
    return box;
}

void RunApprovalDialog::setQueuedCount(int count)
{
    m_queuedNote->setVisible(count > 0);
    m_queuedNote->setText(tr("Requests waiting after this one: %1").arg(count));
}

QSize RunApprovalDialog::firstSize() const
{
    // As many calls as the screen allows; the list scrolls beyond that.
    const int height = sizeHint().height() + 40 * int(m_request.calls.size());
    return QSize(qMax(720, sizeHint().width()), qMax(screenCappedHeight(height), 360));
}

ApprovalDecision RunApprovalDialog::decide(bool accepted) const
{
    // Only the run button approves.
    if (!accepted || !m_runChosen)
        return ApprovalDecision::deny(tr("You cancelled the collection run"));
    return ApprovalDecision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, QString(), std::nullopt, {}};
}

} // namespace Toolgate

#include "moc_runapprovaldialog.cpp"
