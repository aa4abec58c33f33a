#include "ui/dialogs/argumentrulesdialog.h"

#include "core/audit/argumentrulereplay.h"
#include "core/audit/auditreader.h"
#include "ui/forms/formlabels.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QThread>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

constexpr qint64 replayLimit = 200000;

QString ruleLine(const ArgumentRule &rule)
{
    const QString scope = rule.tool.isEmpty() ? ArgumentRulesDialog::tr("every tool of %1").arg(rule.server)
                                              : ArgumentRulesDialog::tr("%1 of %2").arg(rule.tool, rule.server);
    QString line = ArgumentRulesDialog::tr("%1 — %2: %3").arg(rule.name, scope, ArgumentRule::actionText(rule.action));
    if (rule.shadow)
        line += ArgumentRulesDialog::tr(" (shadow: only recorded)");
    return line;
}

} // namespace

ArgumentRulesDialog::ArgumentRulesDialog(ArgumentRules *rules, const QString &auditPath, QWidget *parent)
    : QDialog(parent)
    , m_store(rules)
    , m_auditPath(auditPath)
    , m_rules(rules ? rules->rules() : QList<ArgumentRule>())
{
    setObjectName(QStringLiteral("argumentRulesDialog"));
    setWindowTitle(tr("Argument Rules"));
    setSizeGripEnabled(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(16, 14, 16, 12);
    auto *intro = new QLabel(tr("Rules decide on calls by their argument values before anyone is asked. The first rule "
                                "that applies decides; a rule in shadow mode only records what it would have done."), this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    if (rules && rules->loadError()) {
        auto *error = new QLabel(rules->loadError()->message, this);
        error->setTextFormat(Qt::PlainText);
        error->setWordWrap(true);
        QPalette red = error->palette();
        red.setColor(QPalette::WindowText, errorColor(palette()));
        error->setPalette(red);
        layout->addWidget(error);
    }

    auto *columns = new QHBoxLayout;
    layout->addLayout(columns, 1);
    auto *left = new QVBoxLayout;
    columns->addLayout(left, 2);
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("ruleList"));
    left->addWidget(m_list, 1);
    auto *listButtons = new QHBoxLayout;
    auto *add = new QPushButton(tr("&Add"), this);
    auto *remove = new QPushButton(tr("&Remove"), this);
    auto *up = new QPushButton(tr("Move &Up"), this);
    auto *down = new QPushButton(tr("Move &Down"), this);
    for (QPushButton *b : {add, remove, up, down})
        listButtons->addWidget(b);
    left->addLayout(listButtons);

    m_editor = new QWidget(this);
    columns->addWidget(m_editor, 3);
    auto *form = new QFormLayout(m_editor);
    form->setContentsMargins(0, 0, 0, 0);
    m_name = new QLineEdit(m_editor);
    m_server = new QLineEdit(m_editor);
    m_server->setObjectName(QStringLiteral("serverField"));
    m_server->setPlaceholderText(tr("the server's name, as in the server list"));
    m_tool = new QLineEdit(m_editor);
    m_tool->setPlaceholderText(tr("every tool of the server"));
    m_enabled = new QCheckBox(tr("Switched on"), m_editor);
    m_shadow = new QCheckBox(tr("Shadow mode: record what it would do, let the person decide"), m_editor);
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("Server:"), m_server);
    form->addRow(tr("Tool:"), m_tool);
    form->addRow(QString(), m_enabled);
    form->addRow(QString(), m_shadow);

    m_conditions = new QListWidget(m_editor);
    m_conditions->setObjectName(QStringLiteral("conditionList"));
    m_conditions->setMaximumHeight(110);
    form->addRow(tr("All of these:"), m_conditions);
    auto *conditionRow = new QHBoxLayout;
    m_kind = new QComboBox(m_editor);
    m_kind->addItem(tr("Path inside folder"), int(ArgumentCondition::Kind::PathInside));
    m_kind->addItem(tr("URL host in list"), int(ArgumentCondition::Kind::UrlHost));
    m_kind->addItem(tr("Matches pattern"), int(ArgumentCondition::Kind::Matches));
    m_kind->addItem(tr("Number within"), int(ArgumentCondition::Kind::NumberWithin));
    m_argument = new QLineEdit(m_editor);
    m_argument->setPlaceholderText(tr("argument or /json/pointer"));
    m_value = new QLineEdit(m_editor);
    auto *addCondition = new QPushButton(tr("Add Condition"), m_editor);
    auto *removeCondition = new QPushButton(tr("Remove Condition"), m_editor);
    conditionRow->addWidget(m_kind);
    conditionRow->addWidget(m_argument, 1);
    conditionRow->addWidget(m_value, 2);
    form->addRow(QString(), conditionRow);
    auto *conditionButtons = new QHBoxLayout;
    conditionButtons->addWidget(addCondition);
    conditionButtons->addWidget(removeCondition);
    conditionButtons->addStretch();
    form->addRow(QString(), conditionButtons);

    const auto actions = [this] {
        auto *box = new QComboBox(m_editor);
        box->addItem(tr("allow without asking"), int(ArgumentRule::Action::Allow));
        box->addItem(tr("ask the person"), int(ArgumentRule::Action::Ask));
        box->addItem(tr("deny"), int(ArgumentRule::Action::Deny));
        return box;
    };
    m_action = actions();
    m_reason = new QLineEdit(m_editor);
    m_reason->setPlaceholderText(tr("reason (told to the caller on a denial)"));
    m_otherwise = actions();
    m_otherwise->insertItem(0, tr("let the next rule decide"), -1);
    m_otherwise->setCurrentIndex(0);
    m_otherwiseReason = new QLineEdit(m_editor);
    m_otherwiseReason->setPlaceholderText(tr("reason"));
    form->addRow(tr("Then:"), m_action);
    form->addRow(QString(), m_reason);
    form->addRow(tr("Otherwise:"), m_otherwise);
    form->addRow(QString(), m_otherwiseReason);

    m_test = new QPushButton(tr("&Test Against the Audit Log"), m_editor);
    m_testResult = new QLabel(m_editor);
    m_testResult->setObjectName(QStringLiteral("testResult"));
    m_testResult->setWordWrap(true);
    m_testResult->setTextFormat(Qt::PlainText);
    form->addRow(QString(), m_test);
    form->addRow(QString(), m_testResult);

    m_problems = new QLabel(this);
    m_problems->setTextFormat(Qt::PlainText);
    m_problems->setWordWrap(true);
    QPalette red = m_problems->palette();
    red.setColor(QPalette::WindowText, errorColor(palette()));
    m_problems->setPalette(red);
    layout->addWidget(m_problems);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (save())
            accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(add, &QPushButton::clicked, this, &ArgumentRulesDialog::addRule);
    connect(remove, &QPushButton::clicked, this, &ArgumentRulesDialog::removeRule);
    connect(up, &QPushButton::clicked, this, [this] { moveRule(-1); });
    connect(down, &QPushButton::clicked, this, [this] { moveRule(1); });
    connect(addCondition, &QPushButton::clicked, this, &ArgumentRulesDialog::addCondition);
    connect(removeCondition, &QPushButton::clicked, this, &ArgumentRulesDialog::removeCondition);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &ArgumentRulesDialog::updateConditionHint);
    connect(m_list, &QListWidget::currentRowChanged, this, &ArgumentRulesDialog::showRule);
    connect(m_list, &QListWidget::itemChanged, this, [this](QListWidgetItem *item) {
        const int row = m_list->row(item);
        if (m_loading || row < 0 || row >= m_rules.size())
            return;
        m_rules[row].enabled = item->checkState() == Qt::Checked;
        showRule();
    });
    for (QLineEdit *edit : {m_name, m_server, m_tool, m_reason, m_otherwiseReason})
        connect(edit, &QLineEdit::textEdited, this, &ArgumentRulesDialog::ruleEdited);
    for (QCheckBox *box : {m_enabled, m_shadow})
        connect(box, &QCheckBox::toggled, this, &ArgumentRulesDialog::ruleEdited);
    for (QComboBox *box : {m_action, m_otherwise})
        connect(box, &QComboBox::currentIndexChanged, this, &ArgumentRulesDialog::ruleEdited);
    connect(m_test, &QPushButton::clicked, this, &ArgumentRulesDialog::testSelected);

    updateConditionHint();
    reloadList();
    selectRule(m_rules.isEmpty() ? -1 : 0);
    resize(980, 560);
}

ArgumentRulesDialog::~ArgumentRulesDialog()
{
    if (m_cancel)
        m_cancel->store(true);
}

int ArgumentRulesDialog::current() const
{
    const int row = m_list->currentRow();
    return row >= 0 && row < m_rules.size() ? row : -1;
}

void ArgumentRulesDialog::selectRule(int row)
{
    m_list->setCurrentRow(row);
    showRule();
}

void ArgumentRulesDialog::setServerNames(const QStringList &names)
{
    auto *completer = new QCompleter(names, m_server);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    m_server->setCompleter(completer);
}

void ArgumentRulesDialog::reloadList()
{
    m_loading = true;
    const int row = m_list->currentRow();
    m_list->clear();
    for (const ArgumentRule &rule : m_rules) {
        auto *item = new QListWidgetItem(ruleLine(rule), m_list);
        item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(rule.enabled ? Qt::Checked : Qt::Unchecked);
        item->setToolTip(tr("Switched on when checked"));
    }
    m_list->setCurrentRow(std::min(row, int(m_rules.size()) - 1));
    m_loading = false;
}

void ArgumentRulesDialog::showRule()
{
    if (m_loading)
        return;
    m_loading = true;
    const int row = current();
    m_editor->setEnabled(row >= 0);
    const ArgumentRule rule = row >= 0 ? m_rules.at(row) : ArgumentRule();
    m_name->setText(rule.name);
    m_server->setText(rule.server);
    m_tool->setText(rule.tool);
    m_enabled->setChecked(rule.enabled);
    m_shadow->setChecked(rule.shadow);
    m_conditions->clear();
    for (const ArgumentCondition &c : rule.conditions) {
        auto *item = new QListWidgetItem(c.describe(), m_conditions);
        if (const QString problem = c.problem(); !problem.isEmpty())
            item->setToolTip(problem);
    }
    m_action->setCurrentIndex(m_action->findData(int(rule.action)));
    m_reason->setText(rule.reason);
    m_otherwise->setCurrentIndex(m_otherwise->findData(rule.otherwise ? int(*rule.otherwise) : -1));
    m_otherwiseReason->setText(rule.otherwiseReason);
    m_testResult->clear();
    m_problems->setText(row >= 0 ? rule.problems().join(u'\n') : QString());
    m_loading = false;
}

void ArgumentRulesDialog::ruleEdited()
{
    const int row = current();
    if (m_loading || row < 0)
        return;
    ArgumentRule &rule = m_rules[row];
    rule.name = m_name->text().trimmed();
    rule.server = m_server->text().trimmed();
    rule.tool = m_tool->text().trimmed();
    rule.enabled = m_enabled->isChecked();
    rule.shadow = m_shadow->isChecked();
    rule.action = ArgumentRule::Action(m_action->currentData().toInt());
    rule.reason = m_reason->text();
    const int otherwise = m_otherwise->currentData().toInt();
    rule.otherwise = otherwise < 0 ? std::nullopt : std::optional<ArgumentRule::Action>(ArgumentRule::Action(otherwise));
    rule.otherwiseReason = m_otherwiseReason->text();
    m_loading = true;
    if (QListWidgetItem *item = m_list->item(row)) {
        item->setText(ruleLine(rule));
        item->setCheckState(rule.enabled ? Qt::Checked : Qt::Unchecked);
    }
    m_loading = false;
    m_problems->setText(rule.problems().join(u'\n'));
    m_testResult->clear();
}

void ArgumentRulesDialog::addRule()
{
    ArgumentRule rule;
    rule.name = tr("New rule");
    if (const int row = current(); row >= 0)
        rule.server = m_rules.at(row).server;
    rule.shadow = true; // a new rule starts by only recording, until the person has seen what it would do
    m_rules.append(rule);
    reloadList();
    selectRule(int(m_rules.size()) - 1);
}

void ArgumentRulesDialog::removeRule()
{
    const int row = current();
    if (row < 0)
        return;
    m_rules.removeAt(row);
    reloadList();
    selectRule(std::min(row, int(m_rules.size()) - 1));
}

void ArgumentRulesDialog::moveRule(int by)
{
    const int row = current();
    const int to = row + by;
    if (row < 0 || to < 0 || to >= m_rules.size())
        return;
    m_rules.swapItemsAt(row, to);
    reloadList();
    selectRule(to);
}

void ArgumentRulesDialog::updateConditionHint()
{
    switch (ArgumentCondition::Kind(m_kind->currentData().toInt())) {
    case ArgumentCondition::Kind::PathInside: m_value->setPlaceholderText(tr("folder, e.g. ~/projects")); break;
    case ArgumentCondition::Kind::UrlHost: m_value->setPlaceholderText(tr("hosts, e.g. example.com, *.example.org")); break;
    case ArgumentCondition::Kind::Matches: m_value->setPlaceholderText(tr("regular expression for the whole value")); break;
    case ArgumentCondition::Kind::NumberWithin: m_value->setPlaceholderText(tr("min..max, e.g. 1..100 or ..50")); break;
    }
}

void ArgumentRulesDialog::addCondition()
{
    const int row = current();
    if (row < 0)
        return;
    ArgumentCondition c;
    c.kind = ArgumentCondition::Kind(m_kind->currentData().toInt());
    c.argument = m_argument->text().trimmed();
    const QString value = m_value->text().trimmed();
    switch (c.kind) {
    case ArgumentCondition::Kind::PathInside: c.folder = value; break;
    case ArgumentCondition::Kind::UrlHost:
        for (const QString &host : value.split(u',', Qt::SkipEmptyParts))
            c.hosts.append(host.trimmed());
        break;
    case ArgumentCondition::Kind::Matches: c.pattern = value; break;
    case ArgumentCondition::Kind::NumberWithin: {
        const QStringList bounds = value.split(QStringLiteral(".."));
        bool ok = false;
        if (!bounds.value(0).isEmpty()) {
            const double min = bounds.value(0).toDouble(&ok);
            if (ok)
                c.minimum = min;
        }
        if (!bounds.value(1).isEmpty()) {
            const double max = bounds.value(1).toDouble(&ok);
            if (ok)
                c.maximum = max;
        }
        break;
    }
    }
    if (const QString problem = c.problem(); !problem.isEmpty()) {
        m_problems->setText(tr("This condition cannot be used: %1").arg(problem));
        return;
    }
    m_rules[row].conditions.append(c);
    m_argument->clear();
    m_value->clear();
    showRule();
}

void ArgumentRulesDialog::removeCondition()
{
    const int row = current();
    const int condition = m_conditions->currentRow();
    if (row < 0 || condition < 0 || condition >= m_rules.at(row).conditions.size())
        return;
    m_rules[row].conditions.removeAt(condition);
    showRule();
}

void ArgumentRulesDialog::testSelected()
{
    const int row = current();
    if (row < 0)
        return;
    const ArgumentRule rule = m_rules.at(row);
    if (const QStringList problems = rule.problems(); !problems.isEmpty()) {
        m_testResult->setText(tr("Fix the rule first: %1").arg(problems.join(QStringLiteral("; "))));
        emit testFinished(m_testResult->text());
        return;
    }
    if (m_cancel)
        m_cancel->store(true);
    m_cancel = std::make_shared<std::atomic_bool>(false);
    m_test->setEnabled(false);
    m_testResult->setText(tr("Replaying the recorded calls…"));
    // The audit store is read on a thread of its own: a long log never freezes the window.
    const QString path = m_auditPath;
    auto cancel = m_cancel;
    QPointer<ArgumentRulesDialog> guard(this);
    QThread *thread = QThread::create([path, rule, cancel, guard] {
        QString summary;
        auto reader = AuditReader::open(path);
        if (!reader) {
            summary = ArgumentRulesDialog::tr("The audit log cannot be read: %1").arg(reader.error().message);
        } else {
            const auto counts = ArgumentRuleReplay::run(**reader, rule, replayLimit, [cancel] { return cancel->load(); });
            if (!counts)
                summary = ArgumentRulesDialog::tr("The audit log cannot be read: %1").arg(counts.error().message);
            else if (counts->examined == 0)
                summary = ArgumentRulesDialog::tr("The audit log holds no calls of this rule's server and tool.");
            else
                summary = ArgumentRulesDialog::tr("Of %1 recorded calls, this rule would have allowed %2, denied %3, asked %4; "
                                                  "not applied to %5.")
                              .arg(counts->examined).arg(counts->allowed).arg(counts->denied).arg(counts->asked)
                              .arg(counts->notApplied)
                          + (counts->cutShort ? ArgumentRulesDialog::tr(" (only the oldest %1 were replayed)").arg(replayLimit)
                                              : QString());
        }
        if (cancel->load())
            return;
        QMetaObject::invokeMethod(qApp, [guard, summary, cancel] {
            if (!guard || cancel->load())
                return;
            guard->m_test->setEnabled(true);
            guard->m_testResult->setText(summary);
            emit guard->testFinished(summary);
        }, Qt::QueuedConnection);
    });
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start();
}

bool ArgumentRulesDialog::save()
{
    for (const ArgumentRule &rule : std::as_const(m_rules)) {
        if (const QStringList problems = rule.problems(); !problems.isEmpty()) {
            m_problems->setText(tr("The rule \"%1\" cannot be saved: %2").arg(rule.name, problems.join(QStringLiteral("; "))));
            return false;
        }
    }
    if (!m_store)
        return false;
    if (const auto saved = m_store->setRules(m_rules); !saved) {
        m_problems->setText(tr("The rules could not be saved: %1").arg(saved.error().message));
        return false;
    }
    return true;
}

} // namespace Toolgate

#include "moc_argumentrulesdialog.cpp"
