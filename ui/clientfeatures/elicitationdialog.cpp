#include "ui/clientfeatures/elicitationdialog.h"

#include "ui/forms/argumentform.h"
#include "ui/forms/formlabels.h"
#include "ui/forms/plaintextview.h"
#include "ui/forms/problemsbox.h"
#include "ui/clientfeatures/requestheader.h"
#include "ui/viewers/viewerstyle.h"

#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

bool isWebUrl(const QUrl &url)
{
    return url.isValid() && !url.host().isEmpty()
        && (url.scheme() == QLatin1String("https") || url.scheme() == QLatin1String("http"));
}

} // namespace

ElicitationDialog::ElicitationDialog(const ServerIdentity &server, const ElicitationRequest &request, QWidget *parent, Purpose purpose)
    : ServerRequestDialog(parent)
    , m_purpose(purpose)
    , m_urlMode(purpose == Purpose::RequiredByCall || request.mode == ElicitationRequest::Mode::Url)
{
    setObjectName(QStringLiteral("elicitationDialog"));
    setModal(false);
    if (m_urlMode) {
        m_url = QUrl(request.url, QUrl::StrictMode);
        m_elicitationId = request.elicitationId;
    }
    const bool required = purpose == Purpose::RequiredByCall;
    const QString headline = required ? tr("%1 needs you to open a link before it can do what you asked").arg(server.name)
                             : m_urlMode ? tr("%1 asks you to open a link").arg(server.name)
                                         : tr("%1 asks you for information").arg(server.name);
    setWindowTitle(m_urlMode ? tr("%1 asks you to open a link").arg(server.name)
                             : tr("%1 asks for information").arg(server.name));

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(createServerRequestHeader(server, headline, this));

    const QString message = request.message;
    auto *messageView = new PlainTextView(message.isEmpty() ? tr("(The server gave no message.)") : message, 8, this);
    messageView->setObjectName(QStringLiteral("message"));
    layout->addWidget(new QLabel(tr("The server's message:"), this));
    layout->addWidget(messageView);

    layout->addWidget(m_urlMode ? buildUrl() : buildForm(request.requestedSchema, request.requestedSchemaOrder), 1);

    addStatusNotes(layout, QStringLiteral("answerRefused"));

    auto *buttons = new QDialogButtonBox(this);
    m_cancel = buttons->addButton(tr("&Cancel"), QDialogButtonBox::RejectRole);
    m_cancel->setObjectName(QStringLiteral("cancel"));
    m_cancel->setToolTip(tr("Dismiss without deciding; the server may ask again."));
    m_decline = buttons->addButton(tr("&Decline"), QDialogButtonBox::DestructiveRole);
    m_decline->setObjectName(QStringLiteral("decline"));
    m_decline->setToolTip(tr("Refuse: the server is told you do not want to do this."));
    if (required) {
        // The server is not waiting for an answer here: there is nothing to decline, only to leave.
        m_cancel->setText(tr("&Not Now"));
        m_cancel->setToolTip(tr("Close without opening the link. Your request stays undone until the step is finished."));
        // Out of the box entirely: a button box shows every button it lays out.
        buttons->removeButton(m_decline);
        m_decline->setParent(this);
        m_decline->hide();
    }
    m_accept = buttons->addButton(m_urlMode ? tr("&Open in Browser") : tr("&Accept"), QDialogButtonBox::AcceptRole);
    m_accept->setObjectName(QStringLiteral("accept"));
    // Enter in a form field must not answer for the person (keyPressEvent() swallows it; without that the
    // button box would make Accept the default). Decline has the focus.
    for (QPushButton *button : {m_cancel, m_decline, m_accept})
        button->setAutoDefault(false);
    if (!m_urlMode) {
        // A required field is not marked as a problem before the person touched it, so a disabled
        // Accept would otherwise be a riddle.
        m_acceptHint = new HelpLabel(tr("Accept becomes available once every required answer is filled in and each answer is valid."), this);
        m_acceptHint->setObjectName(QStringLiteral("acceptHint"));
        m_acceptHint->setWordWrap(true);
        layout->addWidget(m_acceptHint);
    }
    layout->addWidget(buttons);
    connect(m_cancel, &QPushButton::clicked, this, &QDialog::reject);
    connect(m_decline, &QPushButton::clicked, this, [this] {
        finish(ElicitationResult::Action::Decline);
        QDialog::done(QDialog::Rejected);
    });
    connect(m_accept, &QPushButton::clicked, this, &QDialog::accept);

    updateAcceptButton();
    resize(m_urlMode ? 560 : 640, m_urlMode ? 380 : 720);
    if (required)
        m_cancel->setFocus();
    else
        m_decline->setFocus();
}

QWidget *ElicitationDialog::buildForm(const QJsonObject &requestedSchema, const JsonKeyOrder &schemaOrder)
{
    m_form = new ArgumentForm(this);
    m_form->setObjectName(QStringLiteral("elicitationForm"));
    Tool tool;
    tool.name = QStringLiteral("elicitation");
    tool.inputSchema = requestedSchema;
    // The fields in the order the server listed them.
    tool.rawOrder.setMember(QStringLiteral("inputSchema"), schemaOrder);
    m_form->setTool(tool);
    connect(m_form, &ArgumentForm::argumentsChanged, this, &ElicitationDialog::updateAcceptButton);
    return m_form;
}

QWidget *ElicitationDialog::buildUrl()
{
    auto *box = new QWidget(this);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 6, 0, 0);
    const bool web = isWebUrl(m_url);
    // The host is what the person must judge, so it stands out; the full URL follows verbatim.
    auto *host = ViewerStyle::wrappedLabel(web ? tr("Opens a page on %1").arg(m_url.host()) : tr("This is not a web link Toolgate can open."),
                                  box, QStringLiteral("urlHost"));
    QFont bold = host->font();
    bold.setBold(true);
    host->setFont(bold);
    layout->addWidget(host);
    auto *urlView = new PlainTextView(m_url.toString(), 4, box);
    urlView->setObjectName(QStringLiteral("url"));
    urlView->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    layout->addWidget(urlView);
    QString noteText = web ? tr("Nothing has been loaded. Open the link only if you trust %1 and expected this "
                                "request; you finish the step in your browser, not here.")
                                 .arg(m_url.host())
                           : tr("Only http and https links are opened. Decline or cancel this request.");
    if (m_purpose == Purpose::RequiredByCall) {
        noteText = web ? tr("Nothing has been loaded. Open the link only if you trust %1 and expected this. When you "
                            "have finished in your browser, run your request again (Run Again below its result); "
                            "Toolgate does not repeat it by itself.")
                             .arg(m_url.host())
                       : tr("Only http and https links are opened.");
    }
    auto *note = new HelpLabel(noteText, box);
    note->setObjectName(QStringLiteral("urlNote"));
    note->setWordWrap(true);
    layout->addWidget(note);
    layout->addStretch(1);
    return box;
}

void ElicitationDialog::updateAcceptButton()
{
    if (m_urlMode)
        m_accept->setEnabled(isWebUrl(m_url));
    else
        m_accept->setEnabled(!m_form->isChecking() && m_form->validationProblems().isEmpty());
    if (m_acceptHint)
        m_acceptHint->setVisible(!m_form->isChecking() && !m_form->validationProblems().isEmpty());
    // The form's summary speaks of tool arguments; here the person is answering a question. (While the JSON
    // tab holds text that does not parse, the form's own heading says so and stays.)
    if (m_form && m_form->currentPage() == ArgumentForm::Page::Form) {
        if (auto *problems = m_form->findChild<ProblemsBox *>())
            problems->setHeading(tr("Fix these before you accept"));
    }
}

void ElicitationDialog::finish(ElicitationResult::Action action)
{
    if (m_finished)
        return;
    m_finished = true;
    ElicitationResult result;
    result.action = action;
    if (action == ElicitationResult::Action::Accept && m_form)
        result.content = m_form->arguments();
    emit answered(result);
}

void ElicitationDialog::done(int result)
{
    if (result == QDialog::Accepted && m_accept->isEnabled()) {
        if (!m_urlMode && !m_finished && m_submitter) {
            const Result<void> sent = m_submitter(ElicitationResult{ElicitationResult::Action::Accept, m_form->arguments()});
            if (!sent) {
                showRefused(tr("This answer cannot be sent"), sent.error().message);
                return;
            }
        }
        if (m_urlMode && !m_finished) {
            // The person consented by clicking Open: only now is the URL touched.
            if (!QDesktopServices::openUrl(m_url)) {
                m_accept->setText(tr("Could not open the browser — try again"));
                return;
            }
        }
        finish(ElicitationResult::Action::Accept);
    } else {
        finish(ElicitationResult::Action::Cancel);
    }
    QDialog::done(result);
}

} // namespace Toolgate

#include "moc_elicitationdialog.cpp"
