#include "ui/dialogs/approvalrulesdialog.h"

#include "ui/forms/fieldeditor.h"
#include "ui/forms/formlabels.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSet>
#include <QTableWidget>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

enum Column { ServerColumn, EndpointColumn, ToolColumn, ScopeColumn, ColumnCount };
enum Role { ServerRole = Qt::UserRole + 1, EndpointRole, ToolRole, PersistentRole, ConversationRole };

QString ruleKey(const ApprovalPolicy::Rule &rule)
{
    return rule.serverName + QChar(0x1f) + rule.serverEndpoint + QChar(0x1f) + rule.toolName + QChar(0x1f) + rule.conversationId;
}

QTableWidgetItem *cell(const QString &text)
{
    auto *item = new QTableWidgetItem(text); // items display plain text: names and commands stay literal
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    item->setToolTip(plainToolTip(text));
    return item;
}

} // namespace

ApprovalRulesDialog::ApprovalRulesDialog(ApprovalPolicy *policy, QWidget *parent)
    : QDialog(parent)
    , m_policy(policy)
    , m_table(new QTableWidget(0, ColumnCount, this))
{
    setObjectName(QStringLiteral("approvalRulesDialog"));
    setWindowTitle(tr("Remembered Decisions"));
    setSizeGripEnabled(true);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(16, 14, 16, 12);
    layout->setSpacing(10);
    auto *intro = new QLabel(tr("These tools run without asking first. Revoke a rule to be asked again next time."), this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    m_loadError = new QLabel(this);
    m_loadError->setTextFormat(Qt::PlainText);
    m_loadError->setWordWrap(true);
    QPalette red = m_loadError->palette();
    red.setColor(QPalette::WindowText, errorColor(palette()));
    m_loadError->setPalette(red);
    m_loadError->hide();
    layout->addWidget(m_loadError);

    m_table->setObjectName(QStringLiteral("rules"));
    m_table->setHorizontalHeaderLabels({tr("Server"), tr("Command or URL"), tr("Tool"), tr("Applies")});
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setTextElideMode(Qt::ElideMiddle); // long commands keep both ends visible
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->setAlternatingRowColors(true);
    m_table->horizontalHeader()->setSectionResizeMode(ServerColumn, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(EndpointColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(ToolColumn, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(ScopeColumn, QHeaderView::ResizeToContents);
    layout->addWidget(m_table, 1);

    m_empty = new HelpLabel(tr("No remembered approvals: every tool call is asked about."), this);
    m_empty->setObjectName(QStringLiteral("noRules"));
    m_empty->setAlignment(Qt::AlignCenter);
    layout->addWidget(m_empty);

    auto *buttons = new QHBoxLayout;
    m_revoke = new QPushButton(tr("Revoke"), this);
    m_revoke->setObjectName(QStringLiteral("revoke"));
    m_revokeAll = new QPushButton(tr("Revoke all"), this);
    m_revokeAll->setObjectName(QStringLiteral("revokeAll"));
    auto *close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    for (QPushButton *button : {m_revoke, m_revokeAll})
        button->setAutoDefault(false);
    buttons->addWidget(m_revoke);
    buttons->addWidget(m_revokeAll);
    buttons->addStretch(1);
    buttons->addWidget(close);
    layout->addLayout(buttons);

    connect(m_revoke, &QPushButton::clicked, this, &ApprovalRulesDialog::revokeSelected);
    connect(m_revokeAll, &QPushButton::clicked, this, &ApprovalRulesDialog::revokeAll);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &ApprovalRulesDialog::updateButtons);
    if (m_policy)
        connect(m_policy, &ApprovalPolicy::rulesChanged, this, &ApprovalRulesDialog::reload);

    reload();
    resize(720, 380);
}

void ApprovalRulesDialog::reload()
{
    // Keep the selection across reloads, by rule rather than by row, since rows move as rules go.
    QSet<QString> selected;
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    for (const QModelIndex &index : rows)
        selected.insert(ruleKey(ruleAt(index.row())));

    const QList<ApprovalPolicy::Rule> rules = m_policy ? m_policy->rules() : QList<ApprovalPolicy::Rule>();
    m_table->setRowCount(0);
    m_table->setRowCount(int(rules.size()));
    for (int row = 0; row < rules.size(); ++row) {
        const ApprovalPolicy::Rule &rule = rules.at(row);
        QTableWidgetItem *server = cell(rule.serverName);
        server->setData(ServerRole, rule.serverName);
        server->setData(EndpointRole, rule.serverEndpoint);
        server->setData(ToolRole, rule.toolName);
        server->setData(PersistentRole, rule.persistent);
        server->setData(ConversationRole, rule.conversationId);
        m_table->setItem(row, ServerColumn, server);
        m_table->setItem(row, EndpointColumn, cell(rule.serverEndpoint));
        m_table->setItem(row, ToolColumn, cell(rule.toolName));
        m_table->setItem(row, ScopeColumn, cell(rule.persistent                   ? tr("Always")
                                                    : rule.conversationId.isEmpty() ? tr("This session")
                                                                                    : tr("One conversation (this session)")));
        if (selected.contains(ruleKey(rule)))
            m_table->selectRow(row);
    }

    const bool none = rules.isEmpty();
    m_table->setVisible(!none);
    m_empty->setVisible(none);
    if (m_policy && m_policy->loadError()) {
        m_loadError->setText(m_policy->loadError()->message);
        m_loadError->show();
    } else {
        m_loadError->hide();
    }
    updateButtons();
}

ApprovalPolicy::Rule ApprovalRulesDialog::ruleAt(int row) const
{
    const QTableWidgetItem *item = m_table->item(row, ServerColumn);
    if (!item)
        return {};
    return {item->data(ServerRole).toString(), item->data(EndpointRole).toString(), item->data(ToolRole).toString(),
            item->data(PersistentRole).toBool(), item->data(ConversationRole).toString()};
}

void ApprovalRulesDialog::revokeSelected()
{
    if (!m_policy)
        return;
    QList<ApprovalPolicy::Rule> rules;
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    for (const QModelIndex &index : rows)
        rules.append(ruleAt(index.row()));
    // Collected first: each revoke reloads the table through rulesChanged().
    for (const ApprovalPolicy::Rule &rule : std::as_const(rules))
        m_policy->revoke(rule);
}

void ApprovalRulesDialog::revokeAll()
{
    if (!m_policy)
        return;
    const QList<ApprovalPolicy::Rule> rules = m_policy->rules();
    for (const ApprovalPolicy::Rule &rule : rules)
        m_policy->revoke(rule);
}

void ApprovalRulesDialog::updateButtons()
{
    const bool any = m_policy && m_table->rowCount() > 0;
    m_revoke->setEnabled(any && m_table->selectionModel()->hasSelection());
    m_revokeAll->setEnabled(any);
}

} // namespace Toolgate

#include "moc_approvalrulesdialog.cpp"
