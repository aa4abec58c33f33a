#include "ui/forms/argumentform.h"

#include "ui/forms/containereditors.h"
#include "ui/forms/fieldeditor.h"
#include "ui/forms/fieldpath.h"
#include "ui/forms/formlabels.h"
#include "ui/forms/jsoneditor.h"
#include "ui/forms/problemsbox.h"
#include "core/schema/schemachecker.h"
#include "core/schema/schemanode.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QHash>
#include <QLabel>
#include <QPlainTextEdit>
#include <QResizeEvent>
#include <QScrollArea>
#include <QTabBar>
#include <QScopedValueRollback>
#include <QStyle>
#include <QTabWidget>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace Toolgate {

namespace {

QString parentPointer(const QString &pointer)
{
    const qsizetype slash = pointer.lastIndexOf(QLatin1Char('/'));
    return slash <= 0 ? QString() : pointer.left(slash);
}

// Validator messages complete "<path> ...": next to the field itself they read better as a sentence
// ("is required" -> "Required", "must be at most 5" -> "Must be at most 5").
QString asSentence(QString message)
{
    if (message.startsWith(QLatin1String("is ")))
        message.remove(0, 3);
    if (!message.isEmpty())
        message[0] = message.at(0).toUpper();
    return message;
}

} // namespace

ArgumentForm::ArgumentForm(QWidget *parent)
    : QWidget(parent)
    , m_tabs(new QTabWidget(this))
    , m_scroll(new QScrollArea(this))
    , m_json(new JsonEditor(this))
    , m_problems(new ProblemsBox(this))
    , m_schemaNote(new HelpLabel({}, this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(8);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_schemaNote);
    layout->addWidget(m_problems);

    m_tabs->setDocumentMode(true);
    m_scroll->setObjectName(QStringLiteral("formPage"));
    m_scroll->setAccessibleName(tr("Arguments form"));
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    // Two lines of fields at the least: a small window or a long result may leave the form little
    // room, and it scrolls (QScrollArea alone would ask for the height of its scroll bar's arrows).
    m_scroll->setMinimumHeight(fontMetrics().lineSpacing() * 2 + 24);
    m_tabs->addTab(m_scroll, tr("Form"));

    auto *jsonPage = new QWidget(this);
    jsonPage->setObjectName(QStringLiteral("jsonPage"));
    auto *jsonLayout = new QVBoxLayout(jsonPage);
    jsonLayout->setContentsMargins(12, 12, 12, 12);
    jsonLayout->setSpacing(6);
    jsonLayout->addWidget(new HelpLabel(tr("The exact JSON object sent as the arguments. The form follows as soon as "
                                           "the text is a valid object."),
                                        jsonPage));
    jsonLayout->addWidget(m_json, 1);
    m_json->setObjectName(QStringLiteral("json"));
    m_json->textEdit()->setObjectName(QStringLiteral("jsonText"));
    m_json->textEdit()->setAccessibleName(tr("Arguments as JSON"));
    m_tabs->addTab(jsonPage, tr("JSON"));
    // The JSON page's wrapped help text would otherwise set a tall minimum for every form, keeping a
    // one-field form from shrinking to fit; the page copes with whatever height it gets.
    jsonPage->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Ignored);

    auto *reset = new QToolButton(this);
    reset->setObjectName(QStringLiteral("resetArguments"));
    reset->setText(tr("Reset"));
    reset->setToolTip(tr("Start over from the tool's default arguments"));
    reset->setAutoRaise(true);
    m_tabs->setCornerWidget(reset, Qt::TopRightCorner);
    connect(reset, &QToolButton::clicked, this, &ArgumentForm::resetToDefaults);

    m_scroll->viewport()->installEventFilter(this);
    // Leaving a field touches it, as typing in it does: its problems show from then on.
    m_focusWatch = connect(qApp, &QApplication::focusChanged, this, [this](QWidget *old, QWidget *) {
        QWidget *page = m_scroll->widget();
        if (!old || !page || !page->isAncestorOf(old))
            return;
        for (QWidget *widget = old; widget && widget != page; widget = widget->parentWidget()) {
            if (auto *editor = qobject_cast<FieldEditor *>(widget)) {
                touch(editor->pointer());
                return;
            }
        }
    });
    m_schemaNote->hide();
    connect(m_json, &JsonEditor::edited, this, &ArgumentForm::onJsonEdited);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        if (m_jsonStale && currentPage() == Page::Json)
            showArgumentsAsJson();
    });

    setTool(Tool());
}

ArgumentForm::~ArgumentForm()
{
    disconnect(m_focusWatch);
}

void ArgumentForm::setTool(const Tool &tool, const QJsonObject &initialArguments)
{
    // The same schema again (the tool list was refreshed, the server came back): what was prepared
    // for it still holds.
    const bool sameSchema = m_node && !m_preparing && tool.inputSchema == m_tool.inputSchema
        && tool.inputSchemaOrder() == m_tool.inputSchemaOrder();
    if (tool.name != m_tool.name || tool.inputSchema != m_tool.inputSchema)
        forgetTouches(); // another tool (the same one listed again keeps what the person did)
    m_tool = tool;
    const quint64 ticket = ++m_prepareTicket;
    m_focusWhenBuilt = false; // asked for the tool shown before
    m_focusedAtRequest = nullptr;
    if (sameSchema) {
        showPrepared(initialArguments);
        return;
    }
    const auto usePrepared = [this](const SchemaChecker::Prepared &prepared) {
        m_preparing = false;
        m_validator = *prepared.validator ? prepared.validator->value() : SchemaValidator();
        m_schemaError = *prepared.validator ? QString() : prepared.validator->error().message;
        m_node = prepared.node;
    };
    // Compiling and describing a server's schema can take a tenth of a second and more: unless it is
    // small, it is done on SchemaChecker's thread while the form says so.
    const std::optional<SchemaChecker::Prepared> now = SchemaChecker::shared()->prepareSoon(
        tool.inputSchema, tool.inputSchemaOrder(), this, [this, ticket, usePrepared](const SchemaChecker::Prepared &prepared) {
            if (ticket != m_prepareTicket)
                return; // another tool was set since
            usePrepared(prepared);
            const bool focus = std::exchange(m_focusWhenBuilt, false);
            const QPointer<QWidget> focusedThen = std::exchange(m_focusedAtRequest, nullptr);
            // Arguments set or typed meanwhile win over the defaults, in the order they were typed in.
            const JsonKeyOrder typedOrder = m_argumentOrder;
            showPrepared(m_argumentsGiven ? m_arguments : QJsonObject());
            if (m_argumentsGiven && !typedOrder.isEmpty() && m_argumentOrder != typedOrder) {
                m_argumentOrder = typedOrder;
                if (currentPage() == Page::Json)
                    showArgumentsAsJson();
            }
            // Only if the person did not go elsewhere meanwhile.
            QWidget *focused = QApplication::focusWidget();
            if (focus && (!focused || focused == focusedThen || isAncestorOf(focused)))
                focusFirstField();
        });
    if (now) {
        usePrepared(*now);
        showPrepared(initialArguments);
        return;
    }

    m_preparing = true;
    m_validator = SchemaValidator();
    m_schemaError.clear();
    m_schemaNote->hide();
    takeOldPage();
    m_node = std::make_shared<const SchemaNode>();
    m_formOrder = {};
    auto *page = new QWidget;
    page->setObjectName(QStringLiteral("formContent"));
    auto *layout = new QVBoxLayout(page);
    auto *checking = new HelpLabel(tr("Checking the schema…"), page);
    checking->setObjectName(QStringLiteral("checkingSchema"));
    checking->setAlignment(Qt::AlignCenter);
    layout->addStretch(1);
    layout->addWidget(checking);
    layout->addStretch(2);
    m_scroll->setWidget(page);
    updateGeometry();

    m_argumentsGiven = !initialArguments.isEmpty();
    showArguments(initialArguments);
    emit argumentsChanged();
}

void ArgumentForm::showPrepared(const QJsonObject &initialArguments)
{
    m_schemaNote->setText(m_schemaError.isEmpty()
                              ? QString()
                              : tr("Toolgate cannot check these arguments: the tool's schema is unusable (%1).")
                                    .arg(m_schemaError));
    m_schemaNote->setVisible(!m_schemaError.isEmpty());

    rebuildForm();
    if (!initialArguments.isEmpty()) {
        setArguments(initialArguments);
        return;
    }
    takeFormArguments(); // the new form's defaults
}

void ArgumentForm::setArguments(const QJsonObject &arguments)
{
    if (m_preparing)
        m_argumentsGiven = true;
    showArguments(arguments);
    emit argumentsChanged();
}

void ArgumentForm::showArguments(const QJsonObject &arguments)
{
    m_arguments = arguments;
    m_argumentOrder = m_formOrder;
    m_jsonProblem.clear();
    if (m_root)
        m_root->setValue(arguments);
    if (currentPage() == Page::Json)
        showArgumentsAsJson();
    else
        m_jsonStale = true;
    refreshIssues();
}

void ArgumentForm::resetToDefaults()
{
    if (m_preparing) {
        // The defaults come with the fields.
        m_argumentsGiven = false;
        showArguments({});
        emit argumentsChanged();
        return;
    }
    forgetTouches();
    rebuildForm();
    takeFormArguments();
}

void ArgumentForm::showAllProblems()
{
    if (std::exchange(m_showAll, true))
        return;
    showProblems();
}

void ArgumentForm::forgetTouches()
{
    m_touched.clear();
    m_showAll = false;
}

void ArgumentForm::touch(const QString &pointer)
{
    if (m_touched.contains(pointer))
        return;
    m_touched.insert(pointer);
    // Edits are checked before this runs (the form's own connection comes first): show what that found.
    if (std::any_of(m_issues.cbegin(), m_issues.cend(), [&](const SchemaIssue &issue) { return issue.path == pointer; }))
        showProblems();
}

void ArgumentForm::onFieldEdited()
{
    if (const auto *editor = qobject_cast<FieldEditor *>(sender()))
        touch(editor->pointer());
}

void ArgumentForm::watchFields()
{
    QWidget *page = m_scroll->widget();
    if (!page)
        return;
    const QList<FieldEditor *> editors = page->findChildren<FieldEditor *>();
    for (FieldEditor *editor : editors)
        connect(editor, &FieldEditor::edited, this, &ArgumentForm::onFieldEdited, Qt::UniqueConnection);
}

bool ArgumentForm::isShown(const SchemaIssue &issue) const
{
    const QString required = QCoreApplication::translate("Toolgate::SchemaValidator", "is required");
    return m_showAll || issue.message != required || m_touched.contains(issue.path);
}

QList<SchemaIssue> ArgumentForm::shownIssues() const
{
    QList<SchemaIssue> shown;
    for (const SchemaIssue &issue : m_issues) {
        if (isShown(issue))
            shown.append(issue);
    }
    return shown;
}

bool ArgumentForm::isAddingFields() const
{
    const auto *object = qobject_cast<const ObjectFieldEditor *>(m_root);
    return object && object->isBuilding();
}

QStringList ArgumentForm::validationProblems() const
{
    QStringList problems;
    if (!m_jsonProblem.isEmpty())
        problems.append(tr("JSON text: %1").arg(m_jsonProblem));
    // Fields are named as the form labels them ("Old text is required"), not by their paths, and
    // listed in the form's order.
    for (const SchemaIssue &issue : inFormOrder(*m_node, m_issues))
        problems.append(describeIssue(*m_node, issue));
    return problems;
}

ArgumentForm::Page ArgumentForm::currentPage() const
{
    return m_tabs->currentIndex() == 1 ? Page::Json : Page::Form;
}

void ArgumentForm::setCurrentPage(Page page)
{
    m_tabs->setCurrentIndex(page == Page::Json ? 1 : 0);
}

void ArgumentForm::focusFirstField()
{
    m_focusWhenBuilt = m_preparing;
    m_focusedAtRequest = m_preparing ? QApplication::focusWidget() : nullptr;
    if (m_root && currentPage() == Page::Form) {
        m_root->focusInput();
        if (m_root->isAncestorOf(QApplication::focusWidget()))
            return;
    }
    m_tabs->tabBar()->setFocus(Qt::OtherFocusReason);
}

FieldEditor *ArgumentForm::fieldEditor(const QString &pointer) const
{
    QWidget *page = m_scroll->widget();
    if (!page)
        return nullptr;
    // Alternatives of a choice share pointers; the one on show is the one meant.
    FieldEditor *hidden = nullptr;
    const QList<FieldEditor *> editors = page->findChildren<FieldEditor *>();
    for (FieldEditor *editor : editors) {
        if (editor->pointer() != pointer)
            continue;
        if (editor->isVisibleTo(page))
            return editor;
        if (!hidden)
            hidden = editor;
    }
    return hidden;
}

void ArgumentForm::takeOldPage()
{
    if (m_root)
        disconnect(m_root, nullptr, this, nullptr);
    if (QWidget *old = m_scroll->takeWidget()) {
        // setTool() may run inside a signal from the old editors; let them finish before they go.
        // Their names go now, so lookups by pointer only ever find the new form.
        old->setParent(this);
        old->hide();
        // Rows still to come would be built into widgets being deleted.
        const QList<ObjectFieldEditor *> building = old->findChildren<ObjectFieldEditor *>();
        for (ObjectFieldEditor *editor : building)
            editor->stopBuilding();
        const QList<QObject *> descendants = old->findChildren<QObject *>();
        for (QObject *descendant : descendants)
            descendant->setObjectName(QString());
        // A form of a thousand fields is thousands of widgets: deleting them all in one turn of the
        // event loop would stall it as building them did. Deepest first, so each goes alone.
        const QList<QWidget *> widgets = old->findChildren<QWidget *>();
        for (auto it = widgets.crbegin(); it != widgets.crend(); ++it)
            m_disposal.append(*it);
        m_disposal.append(old);
        QTimer::singleShot(0, this, &ArgumentForm::disposeSlice);
    }
    m_root = nullptr;
}

void ArgumentForm::rebuildForm()
{
    takeOldPage();
    auto *page = new QWidget;
    page->setObjectName(QStringLiteral("formContent"));
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(12, 12, 12, 12);
    layout->setSpacing(8);

    const std::shared_ptr<const SchemaNode> node = m_node; // as prepared by setTool()
    m_formOrder = node->valueOrder();
    m_argumentOrder = m_formOrder;
    const bool hasFields = (node->kind == SchemaNode::Kind::Object && !node->properties.isEmpty())
        || (node->kind == SchemaNode::Kind::Choice && !node->choices.isEmpty());
    if (hasFields) {
        const bool anyRequired = std::any_of(node->properties.begin(), node->properties.end(),
                                             [](const SchemaProperty &property) { return property.required; });
        if (anyRequired) {
            auto *legend = new HelpLabel(tr("* required"), page);
            legend->setObjectName(QStringLiteral("requiredLegend"));
            legend->setAlignment(Qt::AlignRight);
            layout->addWidget(legend);
        }
        m_root = createFieldEditor(node, FieldContext{QString(), true, false, QString(), false}, page);
        connect(m_root, &FieldEditor::edited, this, &ArgumentForm::takeFormArguments);
        // Rows of a large object arrive over several turns of the event loop; their problem labels
        // need the issues already known.
        // Rows start without issues: with none known there is nothing to show, and walking every
        // label of a form of a thousand fields for each slice of new rows cost 5-15 ms a time.
        connect(m_root, &FieldEditor::fieldsAdded, this, [this] {
            watchFields();
            if (!m_issues.isEmpty())
                showIssuesInForm();
        });
        layout->addWidget(m_root);
        layout->addStretch(1);
    } else {
        const bool closed = node->kind == SchemaNode::Kind::Object && !node->additionalProperties;
        auto *empty = new HelpLabel(closed || m_tool.inputSchema.isEmpty()
                                        ? tr("This tool takes no arguments.")
                                        : tr("The tool describes no arguments. Any can be given on the JSON tab."),
                                    page);
        empty->setObjectName(QStringLiteral("noArguments"));
        empty->setAlignment(Qt::AlignCenter);
        layout->addStretch(1);
        layout->addWidget(empty);
        layout->addStretch(2);
    }
    m_scroll->setWidget(page);
    watchFields();
    updateGeometry();
}

void ArgumentForm::disposeSlice()
{
    QElapsedTimer clock;
    clock.start();
    while (!m_disposal.isEmpty() && clock.elapsed() < 8)
        delete m_disposal.takeFirst().data(); // the QPointer is null if it is already gone
    if (!m_disposal.isEmpty())
        QTimer::singleShot(0, this, &ArgumentForm::disposeSlice);
}

QSize ArgumentForm::sizeHint() const
{
    QSize hint = QWidget::sizeHint();
    const QWidget *page = m_scroll->widget();
    if (!page)
        return hint;
    // Help texts and the problems box wrap: measured at the width they have (the page's without a
    // vertical scroll bar, since the point is to need none), not at QLabel's guess of a narrow one.
    const auto heightAt = [](const QWidget *widget, int width) {
        const int forWidth = widget->hasHeightForWidth() && width > 0 ? widget->heightForWidth(width) : -1;
        return forWidth > 0 ? forWidth : widget->sizeHint().height();
    };
    const int spacing = layout()->spacing();
    const int pageWidth = m_scroll->width() - 2 * m_scroll->frameWidth();
    int height = m_tabs->tabBar()->sizeHint().height() + heightAt(page, pageWidth) + 2 * m_scroll->frameWidth();
    for (const QWidget *below : {static_cast<const QWidget *>(m_schemaNote), static_cast<const QWidget *>(m_problems)}) {
        if (!below->isHidden())
            height += spacing + heightAt(below, width());
    }
    hint.setHeight(height);
    return hint;
}

bool ArgumentForm::hasHeightForWidth() const
{
    // The wrapping problems box would make the layout's height-for-width true, and a parent layout then
    // sizes the form by that instead of sizeHint(): the tab widget's own hint (QScrollArea's capped,
    // cached guess) plus the box, a few pixels short of the form, so a scroll bar appeared for nothing.
    // sizeHint() already measures at the current width, and resizeEvent() asks again when it changes.
    return false;
}

bool ArgumentForm::eventFilter(QObject *watched, QEvent *event)
{
    // A field's new height (an issue label came or went, an array item was added) climbs the nested
    // field layouts one posted LayoutRequest at a time; once it reaches the page, the page tells the
    // viewport, but QScrollArea tells no one further. sizeHint() is only right from here on.
    if (watched == m_scroll->viewport() && event->type() == QEvent::LayoutRequest)
        updateGeometry();
    return QWidget::eventFilter(watched, event);
}

void ArgumentForm::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (event->size().width() != event->oldSize().width())
        updateGeometry(); // wrapped texts take another number of lines: sizeHint() changed
}

QJsonObject ArgumentForm::formArguments() const
{
    if (!m_root)
        return {};
    return m_root->value().value_or(QJsonValue()).toObject();
}

void ArgumentForm::takeFormArguments()
{
    m_arguments = formArguments();
    m_argumentOrder = m_formOrder;
    m_jsonProblem.clear();
    // Re-printing (and re-colouring) the whole JSON on every keystroke in the form is wasted while the
    // JSON tab is not on show; it catches up when it is (printing and laying out 50,000 items there
    // took a third of a second).
    if (currentPage() == Page::Json)
        showArgumentsAsJson();
    else
        m_jsonStale = true;
    refreshIssues();
    emit argumentsChanged();
}

void ArgumentForm::showArgumentsAsJson()
{
    m_json->setValue(m_arguments, m_argumentOrder);
    m_jsonStale = false;
}

QString ArgumentForm::argumentsText() const
{
    if (m_jsonStale)
        return JsonText::pretty(m_arguments, m_argumentOrder);
    return m_json->text();
}

void ArgumentForm::onJsonEdited()
{
    m_jsonStale = false; // the text is the person's now
    const JsonText::ParseResult &result = m_json->parseResult();
    if (result.ok()) {
        m_jsonProblem.clear();
        m_showAll = true; // the person writes the arguments themselves: all that is missing matters
        m_arguments = result.value->toObject();
        m_argumentOrder = result.order;
        if (m_preparing)
            m_argumentsGiven = true;
        if (m_root)
            m_root->setValue(m_arguments);
    } else {
        // The form keeps the last good arguments; the JSON editor shows where the text went wrong.
        m_jsonProblem = result.describe();
    }
    refreshIssues();
    emit argumentsChanged();
}

void ArgumentForm::refreshIssues()
{
    ++m_checkTicket;
    // At most one check off the GUI thread at a time: the one running now is stale, and the latest
    // arguments are checked when it ends.
    if (!m_checkInFlight)
        startCheck();
}

void ArgumentForm::startCheck()
{
    // A check that fits in a moment is done at once; a longer one (thousands of items, a pattern that
    // backtracks) on SchemaChecker's thread. Meanwhile the problems of the last check stay on show.
    const quint64 ticket = m_checkTicket;
    const std::optional<SchemaCheck> now = SchemaChecker::shared()->checkSoon(
        m_validator, m_arguments, this, [this, ticket](const SchemaCheck &checked) {
            m_checkInFlight = false;
            if (ticket == m_checkTicket)
                showIssues(checked.issues);
            else
                startCheck(); // the arguments changed meanwhile
            emit argumentsChanged();
        });
    m_checkInFlight = !now;
    if (now)
        showIssues(now->issues);
}

void ArgumentForm::showIssues(QList<SchemaIssue> issues)
{
    if (m_root) {
        // Input that never became a value ("12x" in a number field) explains its path better than
        // whatever the validator says about the missing value there.
        QList<SchemaIssue> local;
        m_root->collectLocalIssues(local);
        for (const SchemaIssue &issue : std::as_const(local)) {
            issues.removeIf([&](const SchemaIssue &other) { return other.path == issue.path; });
            issues.append(issue);
        }
        std::stable_sort(issues.begin(), issues.end(),
                         [](const SchemaIssue &a, const SchemaIssue &b) { return a.path < b.path; });
    }
    m_issues = issues;
    showProblems();
}

void ArgumentForm::showProblems()
{
    showIssuesInForm();
    if (m_jsonProblem.isEmpty()) {
        QStringList problems;
        for (const SchemaIssue &issue : inFormOrder(*m_node, shownIssues()))
            problems.append(describeIssue(*m_node, issue));
        m_problems->setHeading(tr("These arguments do not match what the tool expects"));
        m_problems->setProblems(problems);
    } else {
        // Problems of the last valid arguments would only distract from the text being fixed.
        m_problems->setHeading(tr("The JSON text is not valid; the form shows the last valid arguments"));
        m_problems->setProblems({m_jsonProblem});
    }
    // The problems box came, went or changed its lines (the page's own new height follows later, see
    // eventFilter()).
    updateGeometry();
    m_tabs->setTabIcon(1, m_jsonProblem.isEmpty() ? QIcon() : style()->standardIcon(QStyle::SP_MessageBoxWarning));
    m_tabs->setTabToolTip(1, plainToolTip(m_jsonProblem));
}

void ArgumentForm::showIssuesInForm()
{
    QWidget *page = m_scroll->widget();
    if (!page || !m_root)
        return;
    QHash<QString, IssueLabel *> labels;
    const QList<IssueLabel *> all = page->findChildren<IssueLabel *>();
    for (IssueLabel *label : all) {
        // Labels of alternatives not on show stay empty; the shown alternative's label takes the issue.
        if (label->parentWidget()->isVisibleTo(page))
            labels.insert(label->pointer(), label);
        else
            label->setMessages({});
    }

    QHash<QString, QStringList> messages;
    const QList<SchemaIssue> shown = shownIssues();
    for (const SchemaIssue &issue : shown) {
        QString pointer = issue.path;
        while (!pointer.isEmpty() && !labels.contains(pointer))
            pointer = parentPointer(pointer);
        if (!labels.contains(pointer))
            continue; // about the arguments as a whole: the summary says it
        const QString message = pointer == issue.path
            ? asSentence(issue.message)
            : describeIssue(*m_node, issue);
        QStringList &list = messages[pointer];
        if (!list.contains(message))
            list.append(message);
    }
    for (auto it = labels.begin(); it != labels.end(); ++it)
        it.value()->setMessages(messages.value(it.key()));
}

} // namespace Toolgate

#include "moc_argumentform.cpp"
