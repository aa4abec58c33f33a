#include "ui/dialogs/confirmationdialog.h"

#include "ui/dialogs/allowdelay.h"

#include "ui/dialogs/definitionchangeview.h"
#include "ui/dialogs/screenfit.h"

#include "ui/forms/fieldpath.h"
#include "ui/forms/formlabels.h"
#include "ui/forms/jsoneditor.h"
#include "ui/forms/markedtext.h"
#include "ui/forms/plaintextview.h"
#include "ui/forms/problemsbox.h"
#include "core/common/displaytext.h"
#include "core/schema/schemanode.h"
#include "ui/viewers/largetextview.h"
#include "ui/viewers/viewerstyle.h"

#include <QFontDatabase>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QStyle>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

QString hintText(const std::optional<bool> &hint)
{
    if (!hint)
        return {};
    return *hint ? ConfirmationDialog::tr("yes") : ConfirmationDialog::tr("no");
}

// Arguments whose JSON text is longer than this, or has a line longer than LongLine, are shown in a
// view that lays them out in parts: a QPlainTextEdit lays out a line as a whole, and a 100,000-character
// string or 50,000 items took the GUI thread 0.4-1.5 s to show.
constexpr qsizetype LargeArgumentsChars = 64 * 1024;
constexpr qsizetype LongLine = 2000;

bool isLargeText(const QString &text)
{
    return LargeTextView::isTooLargeToLayOut(text, LargeArgumentsChars, LongLine);
}

bool isUrl(const QString &endpoint)
{
    return endpoint.startsWith(QLatin1String("http://"), Qt::CaseInsensitive)
        || endpoint.startsWith(QLatin1String("https://"), Qt::CaseInsensitive);
}

PlainTextView *markedView(const MarkedText &text, int maxLines, QWidget *parent, const QString &objectName)
{
    auto *view = new PlainTextView(text.text(), maxLines, parent);
    view->setObjectName(objectName);
    text.showIn(view);
    return view;
}

} // namespace

// The same JSON, with hidden characters in strings written as \u escapes (which parse back to the same
// strings), so none of them hides or reorders what is sent.
QString ConfirmationDialog::visibleArguments(const QJsonObject &arguments, const JsonKeyOrder &order)
{
    return QString::fromUtf8(DisplayText::safeJson(JsonText::pretty(arguments, order).toUtf8()));
}

ConfirmationDialog::Prepared ConfirmationDialog::prepare(const ApprovalRequest &request)
{
    Prepared prepared;
    // In the order the person filled them in, which is the order they are sent in.
    prepared.argumentsText = visibleArguments(request.arguments, request.argumentOrder);
    prepared.warnings = ApprovalWarning::inspect(request);
    if (request.inputValidator) {
        // Compiled by the pipeline, off the GUI thread: a schema of a few MB takes a noticeable time.
        if (*request.inputValidator)
            prepared.validator = request.inputValidator->value();
        else
            prepared.schemaError = request.inputValidator->error().message;
    } else if (!request.tool.inputSchema.isEmpty()) {
        if (Result<SchemaValidator> compiled = SchemaValidator::compile(request.tool.inputSchema))
            prepared.validator = std::move(compiled).value();
        else
            prepared.schemaError = compiled.error().message;
    }
    // The problems core found, worded with the form's labels ("Old text is required") when the schema
    // can be checked here too; core's own words otherwise.
    prepared.problems = request.validationProblems;
    if (prepared.schemaError.isEmpty() && !request.validationProblems.isEmpty()) {
        prepared.schema = std::make_shared<const SchemaNode>(
            SchemaNode::fromSchema(request.tool.inputSchema, request.tool.inputSchemaOrder()));
        prepared.problems = describe(*prepared.schema, request.inputValidator ? request.validationIssues
                                                                              : prepared.validator.validate(request.arguments));
    }
    return prepared;
}

ConfirmationDialog::ConfirmationDialog(const ApprovalRequest &request, QWidget *parent)
    : ConfirmationDialog(request, prepare(request), parent)
{
}

ConfirmationDialog::ConfirmationDialog(const ApprovalRequest &request, Prepared prepared, QWidget *parent)
    : ApprovalDialog(parent)
    , m_request(request)
    , m_validator(std::move(prepared.validator))
    , m_originalProblems(std::move(prepared.problems))
    , m_schema(std::move(prepared.schema))
    , m_warnings(std::move(prepared.warnings))
{
    setObjectName(QStringLiteral("confirmationDialog"));
    setWindowTitle(tr("Approve tool call"));
    setWindowModality(Qt::WindowModal);
    setSizeGripEnabled(true);
    connect(allowDelay(), &AllowDelay::changed, this, &ConfirmationDialog::updateAllowButtons);
    const QString schemaError = prepared.schemaError;

    // Everything above the buttons scrolls when the screen is too small for it (ScreenFit): the
    // buttons stay in view at any size and scale.
    m_content = new QWidget(this);
    m_content->setObjectName(QStringLiteral("approvalContent"));
    auto *layout = new QVBoxLayout(m_content);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(12);
    layout->addWidget(buildHeader());
    if (DefinitionChangeView::needed(m_request))
        layout->addWidget(new DefinitionChangeView(m_request, this));
    if (!m_warnings.isEmpty()) {
        auto *warnings = new ProblemsBox(this);
        warnings->setObjectName(QStringLiteral("suspiciousText"));
        warnings->setHeading(tr("Some of the server's text is hidden from view or disguised. Hidden characters are "
                                "shown as highlighted escapes below. Read it before you decide:"));
        QStringList lines;
        for (const ApprovalWarning &warning : std::as_const(m_warnings))
            lines.append(warning.words());
        warnings->setProblems(lines);
        layout->addWidget(warnings);
    }
    layout->addWidget(buildDetails());
    layout->addWidget(buildClaims());
    m_problems = new ProblemsBox(this);
    m_problems->setHeading(tr("These arguments do not match what the tool expects"));
    layout->addWidget(m_problems);
    layout->addWidget(buildArguments(prepared.argumentsText), 1);
    if (!schemaError.isEmpty()) {
        auto *note = new HelpLabel(tr("Edited arguments cannot be checked: the tool's schema is unusable (%1).")
                                       .arg(schemaError),
                                   this);
        note->setObjectName(QStringLiteral("schemaError"));
        layout->addWidget(note);
    }
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(18, 16, 18, 14);
    outer->setSpacing(12);
    outer->addWidget(ScreenFit::scrollable(m_content, this), 1);
    m_buttonArea = buildButtons();
    outer->addWidget(m_buttonArea);

    m_problemsShown = m_originalProblems;
    m_problems->setProblems(m_problemsShown);
    updateAllowButtons();
}

QWidget *ConfirmationDialog::buildHeader()
{
    auto *header = new QWidget(this);
    auto *layout = new QHBoxLayout(header);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(14);

    auto *icon = new QLabel(header);
    const int size = style()->pixelMetric(QStyle::PM_MessageBoxIconSize, nullptr, this);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxQuestion, nullptr, this).pixmap(size, size));
    layout->addWidget(icon, 0, Qt::AlignTop);

    auto *text = new QVBoxLayout;
    text->setSpacing(4);
    // The full name is in the details below; a name built to be long must not make the window wide.
    QString shownName = DisplayText::visibleLine(m_request.tool.displayName().simplified());
    if (shownName.size() > 60)
        shownName = shownName.left(58) + QChar(0x2026);
    auto *title = ViewerStyle::wrappedLabel(tr("Allow “%1” to run?").arg(shownName), header, QStringLiteral("title"));
    QFont big = title->font();
    big.setPointSizeF(big.pointSizeF() * 1.25);
    big.setBold(true);
    title->setFont(big);
    text->addWidget(title);
    const QString who = m_request.initiator == CallInitiator::Cli
        ? tr("A call from the command line needs your approval before it is sent to the server.")
        : m_request.initiator == CallInitiator::App
        ? tr("The app shown in a tool result wants to make this call. It needs your approval before it is sent to the server.")
        : m_request.initiator == CallInitiator::Model
        ? tr("Requested by the model in conversation «%1». It needs your approval before it is sent to the server.").arg(DisplayText::visibleLine(m_request.requestedIn))
        : tr("This tool call needs your approval before it is sent to the server.");
    text->addWidget(new HelpLabel(who, header));
    // A task outlives this window: a person who expects the call to be over when it closes should
    // know where it went on.
    if (m_request.runsAsTask) {
        auto *task = new HelpLabel(tr("This tool runs as a long task: it keeps running after you close this window; "
                                      "you can follow or cancel it in Tasks."),
                                   header);
        task->setObjectName(QStringLiteral("runsAsTask"));
        text->addWidget(task);
    }
    layout->addLayout(text, 1);
    return header;
}

QWidget *ConfirmationDialog::buildDetails()
{
    auto *details = new QWidget(this);
    auto *grid = new QGridLayout(details);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(14);
    grid->setVerticalSpacing(6);
    grid->setColumnStretch(1, 1);
    int row = 0;
    const auto addRow = [&](const QString &key, QWidget *value) {
        grid->addWidget(ViewerStyle::keyLabel(key, details), row, 0, Qt::AlignLeft | Qt::AlignTop);
        grid->addWidget(value, row++, 1);
    };

    const ServerIdentity &server = m_request.server;
    auto *serverName = ViewerStyle::wrappedLabel(DisplayText::visibleLine(server.name), details, QStringLiteral("serverName"));
    QFont bold = serverName->font();
    bold.setBold(true);
    serverName->setFont(bold);
    addRow(tr("Server"), serverName);

    if (!server.endpoint.isEmpty()) {
        auto *endpoint = markedView(MarkedText().appendLine(server.endpoint), 4, details, QStringLiteral("serverEndpoint"));
        endpoint->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        addRow(isUrl(server.endpoint) ? tr("URL") : tr("Command"), endpoint);
    }

    const Implementation &info = server.serverInfo;
    if (!info.name.isEmpty() || !info.version.isEmpty()) {
        const QString name = DisplayText::visibleLine(info.name);
        QString reported = info.title.isEmpty() || info.title == info.name
            ? name
            : tr("%1 (%2)").arg(DisplayText::visibleLine(info.title), name);
        if (!info.version.isEmpty())
            reported = tr("%1, version %2").arg(reported, DisplayText::visibleLine(info.version));
        // Anyone can claim any name and version: say so right under the claim.
        auto *value = new QWidget(details);
        auto *lines = new QVBoxLayout(value);
        lines->setContentsMargins(0, 0, 0, 0);
        lines->setSpacing(1);
        auto *reportedView = new PlainTextView(reported, 2, value);
        reportedView->setObjectName(QStringLiteral("serverInfo"));
        lines->addWidget(reportedView);
        auto *mark = new HelpLabel(tr("Self-reported by the server, not verified."), value);
        mark->setObjectName(QStringLiteral("selfReported"));
        lines->addWidget(mark);
        addRow(tr("Identifies as"), value);
    }

    const Tool &tool = m_request.tool;
    const QString display = tool.displayName();
    MarkedText name;
    if (display == tool.name)
        name.appendLine(tool.name);
    else
        name.appendLine(display).appendPlain(QStringLiteral("  (")).appendLine(tool.name).appendPlain(QStringLiteral(")"));
    // A name that is not plain ASCII may imitate another one ("rеad_file" with a Cyrillic "е"): spelled
    // out, the difference shows.
    if (!DisplayText::isPrintableAscii(tool.name) && DisplayText::visibleIdentifier(tool.name) != DisplayText::visibleLine(tool.name))
        name.appendPlain(QLatin1Char('\n') + tr("Spelled out: ")).appendSpelled(tool.name);
    auto *toolName = markedView(name, 3, details, QStringLiteral("toolName"));
    toolName->setFont(bold);
    addRow(tr("Tool"), toolName);

    if (!tool.description.trimmed().isEmpty()) {
        // A long description (or one padded to push the buttons off screen) scrolls instead of growing.
        auto *description = markedView(MarkedText().appendText(tool.description.trimmed()), 6, details,
                                       QStringLiteral("toolDescription"));
        addRow(tr("Description"), description);
    }
    return details;
}

QWidget *ConfirmationDialog::buildClaims()
{
    auto *box = new QGroupBox(tr("The server claims (unverified)"), this);
    box->setObjectName(QStringLiteral("claims"));
    auto *layout = new QVBoxLayout(box);
    layout->setSpacing(6);

    const ToolAnnotations &claims = m_request.tool.annotations;
    struct Claim
    {
        QString name;
        QString value;
    };
    QList<Claim> shown;
    if (!claims.title.isEmpty())
        shown.append({tr("Title"), DisplayText::visibleLine(claims.title)});
    if (claims.readOnlyHint)
        shown.append({tr("Only reads, changes nothing"), hintText(claims.readOnlyHint)});
    if (claims.destructiveHint)
        shown.append({tr("May delete or overwrite data"), hintText(claims.destructiveHint)});
    if (claims.idempotentHint)
        shown.append({tr("Safe to repeat"), hintText(claims.idempotentHint)});
    if (claims.openWorldHint)
        shown.append({tr("Reaches outside systems"), hintText(claims.openWorldHint)});

    if (shown.isEmpty()) {
        layout->addWidget(ViewerStyle::wrappedLabel(tr("The server makes no claims about this tool."), box, QStringLiteral("noClaims")));
    } else {
        auto *grid = new QGridLayout;
        grid->setHorizontalSpacing(14);
        grid->setVerticalSpacing(3);
        grid->setColumnStretch(1, 1);
        for (qsizetype i = 0; i < shown.size(); ++i) {
            grid->addWidget(ViewerStyle::keyLabel(shown.at(i).name, box), int(i), 0);
            grid->addWidget(ViewerStyle::wrappedLabel(shown.at(i).value, box, QStringLiteral("claim")), int(i), 1);
        }
        layout->addLayout(grid);
    }
    layout->addWidget(new HelpLabel(tr("These hints come from the server itself. Toolgate cannot check them, so "
                                       "they should not decide your answer."),
                                    box));
    return box;
}

QWidget *ConfirmationDialog::buildArguments(const QString &text)
{
    auto *section = new QWidget(this);
    auto *layout = new QVBoxLayout(section);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(6);

    auto *heading = new QHBoxLayout;
    auto *label = new QLabel(tr("Arguments that will be sent"), section);
    QFont bold = label->font();
    bold.setBold(true);
    label->setFont(bold);
    heading->addWidget(label);
    heading->addStretch();
    m_edit = new QPushButton(tr("Edit arguments"), section);
    m_edit->setObjectName(QStringLiteral("editArguments"));
    m_edit->setCheckable(true);
    m_edit->setAutoDefault(false);
    heading->addWidget(m_edit);
    layout->addLayout(heading);

    m_json = new JsonEditor(section);
    m_json->setObjectName(QStringLiteral("arguments"));
    m_json->textEdit()->setObjectName(QStringLiteral("argumentsText"));
    m_json->textEdit()->setAccessibleName(tr("Arguments that will be sent"));
    m_json->setVisibleLines(4, 18);
    if (isLargeText(text)) {
        // Shown exactly, in parts (the view says what is not shown yet and offers "Show all"); the
        // editor gets the text only when the person chooses to edit it.
        m_preview = new LargeTextView(section);
        m_preview->setObjectName(QStringLiteral("argumentsPreview"));
        m_preview->editor()->setAccessibleName(tr("Arguments that will be sent"));
        m_preview->editor()->setFocusPolicy(Qt::ClickFocus);
        m_preview->setText(text, QStringLiteral("application/json"));
        layout->addWidget(m_preview, 1);
        m_jsonLoaded = false;
        m_json->hide();
    } else {
        m_json->setText(text);
    }
    m_json->setReadOnly(true);
    m_json->textEdit()->setFocusPolicy(Qt::ClickFocus); // Tab goes to the decision buttons, not into the text
    layout->addWidget(m_json, 1);

    m_editedNote = new HelpLabel(tr("Edited: these arguments will be sent instead of the original ones."), section);
    m_editedNote->setObjectName(QStringLiteral("editedNote"));
    m_editedNote->hide();
    layout->addWidget(m_editedNote);

    if (!m_request.argumentOrigins.isEmpty()) {
        auto *origins = new ProblemsBox(section);
        origins->setObjectName(QStringLiteral("argumentOrigins"));
        origins->setHeading(tr("Some arguments repeat text that another server sent earlier in this conversation. "
                               "Make sure it is meant to go to «%1»:").arg(DisplayText::visibleLine(m_request.server.name)));
        QStringList lines;
        for (const ArgumentOrigin &origin : std::as_const(m_request.argumentOrigins))
            lines.append(originLine(origin));
        origins->setProblems(lines);
        layout->addWidget(origins);
    }

    connect(m_edit, &QPushButton::toggled, this, &ConfirmationDialog::setEditing);
    connect(m_json, &JsonEditor::edited, this, &ConfirmationDialog::onArgumentsEdited);
    return section;
}

QString ConfirmationDialog::originLine(const ArgumentOrigin &origin)
{
    // The argument's place, and the repeated text: both from the model and the servers, so made visible.
    const QString argument = tr("%1 (“%2”)").arg(DisplayText::visibleLine(origin.pointer.isEmpty() ? QStringLiteral("/") : origin.pointer),
                                                 DisplayText::visibleLine(origin.text));
    const QString name = DisplayText::visibleLine(origin.sourceName);
    const QString server = DisplayText::visibleLine(origin.sourceServer);
    if (origin.sourceKind == ArgumentOrigin::SourceKind::Resource)
        return tr("%1: this value appeared in the resource %2 on server «%3».").arg(argument, name, server);
    if (origin.sourceCall == 0)
        return tr("%1: this value appeared in the result of `%2` on server «%3».").arg(argument, name, server);
    return tr("%1: this value appeared in the result of `%2` on server «%3», call #%4.").arg(argument, name, server, QString::number(origin.sourceCall));
}

QWidget *ConfirmationDialog::buildButtons()
{
    auto *area = new QWidget(this);
    auto *layout = new QVBoxLayout(area);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(10);

    m_queuedNote = new HelpLabel({}, area);
    m_queuedNote->setObjectName(QStringLiteral("queuedNote"));
    m_queuedNote->hide();
    layout->addWidget(m_queuedNote);

    m_reason = new QLineEdit(area);
    m_reason->setObjectName(QStringLiteral("denyReason"));
    m_reason->setPlaceholderText(tr("Reason for denying (optional)"));
    m_reason->setAccessibleName(tr("Reason for denying"));
    m_reason->setClearButtonEnabled(true);
    layout->addWidget(m_reason);

    auto *buttons = new QHBoxLayout;
    buttons->setSpacing(8);
    m_allowAlways = new QPushButton(tr("Always allow this tool"), area);
    m_allowAlways->setObjectName(QStringLiteral("allowAlways"));
    m_allowAlways->setToolTip(tr("Never ask again for this tool of this server (until you revoke it)"));
    // A model's call is allowed for its conversation only (ApprovalPolicy::remember()): the button says so.
    m_allowSession = new QPushButton(forConversation() ? tr("Allow for This Conversation") : tr("Allow for this session"), area);
    m_allowSession->setObjectName(QStringLiteral("allowForSession"));
    m_allowSession->setToolTip(sessionToolTip());
    m_deny = new QPushButton(tr("Deny"), area);
    m_deny->setObjectName(QStringLiteral("deny"));
    m_allowOnce = new QPushButton(tr("Allow once"), area);
    m_allowOnce->setObjectName(QStringLiteral("allowOnce"));

    // Only Deny answers Enter: the others must be clicked or explicitly focused first.
    for (QPushButton *button : {m_allowAlways, m_allowSession, m_allowOnce})
        button->setAutoDefault(false);
    m_deny->setAutoDefault(true);
    m_deny->setDefault(true);
    setSafeButton(m_deny);

    buttons->addWidget(m_allowAlways);
    buttons->addWidget(m_allowSession);
    buttons->addStretch(1);
    buttons->addWidget(m_deny);
    buttons->addWidget(m_allowOnce);
    layout->addLayout(buttons);

    connect(m_deny, &QPushButton::clicked, this, &QDialog::reject);
    connect(m_allowOnce, &QPushButton::clicked, this, [this] { choose(ApprovalDecision::Kind::AllowOnce); });
    connect(m_allowSession, &QPushButton::clicked, this, [this] { choose(ApprovalDecision::Kind::AllowForSession); });
    connect(m_allowAlways, &QPushButton::clicked, this, [this] { choose(ApprovalDecision::Kind::AllowAlways); });

    setTabOrder(m_deny, m_allowOnce);
    setTabOrder(m_allowOnce, m_allowSession);
    setTabOrder(m_allowSession, m_allowAlways);
    setTabOrder(m_allowAlways, m_reason);
    setTabOrder(m_reason, m_edit);
    m_deny->setFocus(Qt::OtherFocusReason);
    return area;
}

const SchemaNode &ConfirmationDialog::schemaNode() const
{
    // Built when a problem is to be worded: for 1,000 properties it is a noticeable part of showing the
    // dialog, which most calls (no problems, no edits) never need.
    if (!m_schema)
        m_schema = std::make_shared<const SchemaNode>(SchemaNode::fromSchema(m_request.tool.inputSchema, m_request.tool.inputSchemaOrder()));
    return *m_schema;
}

QStringList ConfirmationDialog::describe(const QList<SchemaIssue> &issues) const
{
    return describe(schemaNode(), issues);
}

QStringList ConfirmationDialog::describe(const SchemaNode &schema, const QList<SchemaIssue> &issues)
{
    QStringList lines;
    for (const SchemaIssue &issue : inFormOrder(schema, issues))
        lines.append(describeIssue(schema, issue));
    return lines;
}

void ConfirmationDialog::setQueuedCount(int count)
{
    m_queuedNote->setText(count == 1 ? tr("1 more call is waiting for your decision after this one.")
                                     : tr("%1 more calls are waiting for your decision after this one.").arg(count));
    m_queuedNote->setVisible(count > 0);
}

QJsonObject ConfirmationDialog::argumentsToSend() const
{
    if (!m_jsonLoaded)
        return m_request.arguments; // not edited: shown in the preview, exactly these
    const JsonText::ParseResult &result = m_json->parseResult();
    return result.ok() ? result.value->toObject() : m_request.arguments;
}

bool ConfirmationDialog::argumentsParse() const
{
    if (!m_jsonLoaded)
        return true;
    return m_json->parseResult().ok();
}

QSize ConfirmationDialog::firstSize() const
{
    // Wrapped server text is as tall as the width allows, so the height is worked out for the width;
    // the screen caps it (the JSON editor scrolls then).
    // The scroll area's own size hint stops at 24 lines; the content's tells how much it needs.
    const QMargins margins = layout()->contentsMargins();
    const int sides = margins.left() + margins.right();
    const int width = qMax(620, qMax(m_content->sizeHint().width(), m_buttonArea->sizeHint().width()) + sides);
    const QLayout *content = m_content->layout();
    const int contentHeight = content->hasHeightForWidth() ? content->totalHeightForWidth(width - sides) : content->totalSizeHint().height();
    const int height = margins.top() + contentHeight + layout()->spacing() + m_buttonArea->sizeHint().height() + margins.bottom();
    return QSize(width, screenCappedHeight(height));
}

void ConfirmationDialog::choose(ApprovalDecision::Kind kind)
{
    if (!allowDelay()->elapsed() || !argumentsParse())
        return;
    m_chosen = kind;
    accept();
}

ApprovalDecision ConfirmationDialog::decide(bool accepted) const
{
    // Allowing needs an allow button and arguments that parse.
    if (!accepted || m_chosen == ApprovalDecision::Kind::Deny || !argumentsParse())
        return ApprovalDecision::deny(m_reason->text().trimmed());
    ApprovalDecision decision{m_chosen, ApprovalDecision::Source::Human, QString(), std::nullopt};
    const QJsonObject arguments = argumentsToSend();
    if (arguments != m_request.arguments) {
        decision.editedArguments = arguments;
        decision.editedArgumentOrder = m_json->parseResult().order;
    }
    return decision;
}

void ConfirmationDialog::loadEditor()
{
    if (m_jsonLoaded)
        return;
    // The person asked to edit: the whole text goes into the editor, which may take a moment for
    // very large arguments, once and at their request.
    m_jsonLoaded = true;
    m_json->setText(visibleArguments(m_request.arguments, m_request.argumentOrder));
    m_preview->hide();
    m_preview->clear();
    m_json->show();
}

void ConfirmationDialog::setEditing(bool editing)
{
    if (editing)
        loadEditor();
    if (!editing && !argumentsParse()) {
        // Locking text that does not parse would leave the call unapprovable: go back to the original.
        m_json->setText(visibleArguments(m_request.arguments, m_request.argumentOrder));
        onArgumentsEdited();
    }
    m_json->setReadOnly(!editing);
    m_json->textEdit()->setFocusPolicy(editing ? Qt::StrongFocus : Qt::ClickFocus);
    if (editing)
        m_json->textEdit()->setFocus(Qt::OtherFocusReason);
}

void ConfirmationDialog::onArgumentsEdited()
{
    const JsonText::ParseResult &result = m_json->parseResult();
    if (result.ok()) {
        const QJsonObject arguments = result.value->toObject();
        const bool changed = arguments != m_request.arguments;
        m_problemsShown = changed ? describe(m_validator.validate(arguments)) : m_originalProblems;
        m_editedNote->setVisible(changed);
        m_problems->setProblems(m_problemsShown);
    } else {
        m_editedNote->hide(); // the parse error under the editor says what is wrong
    }
    updateAllowButtons();
}

void ConfirmationDialog::updateAllowButtons()
{
    const bool parses = argumentsParse();
    const bool enabled = allowDelay()->elapsed() && parses;
    for (QPushButton *button : {m_allowOnce, m_allowSession, m_allowAlways}) {
        button->setEnabled(enabled);
        if (!parses)
            button->setToolTip(tr("Fix the arguments first: they are not a valid JSON object"));
    }
    if (parses) {
        m_allowSession->setToolTip(sessionToolTip());
        m_allowAlways->setToolTip(tr("Never ask again for this tool of this server (until you revoke it)"));
        m_allowOnce->setToolTip(QString());
    }
}

bool ConfirmationDialog::forConversation() const
{
    return m_request.initiator == CallInitiator::Model && !m_request.conversationId.isEmpty();
}

QString ConfirmationDialog::sessionToolTip() const
{
    return forConversation() ? tr("Do not ask again for this tool when the model calls it in this conversation, until Toolgate quits or the conversation is deleted")
                             : tr("Do not ask again for this tool until Toolgate quits");
}

} // namespace Toolgate

#include "moc_confirmationdialog.cpp"
