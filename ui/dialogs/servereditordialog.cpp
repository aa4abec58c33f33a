#include "ui/dialogs/servereditordialog.h"

#include "ui/dialogs/screenfit.h"

#include "core/transport/stdiotransport.h"
#include "core/workspace/connectiondoctor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScreen>
#include <QResizeEvent>
#include <QShowEvent>
#include <QStackedWidget>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

enum TableColumn { KeyColumn, ValueColumn, SecretColumn };

// Values of rows marked secret are drawn as bullets and edited in a password field.
class SecretValueDelegate final : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        if (index.column() != ValueColumn)
            return;
        // A value the keychain never gave back is not there: dots would pretend it is.
        if (option->text == ServerConfig::secretPlaceholder()) {
            option->text = QCoreApplication::translate("Toolgate::ServerEditorDialog", "(not available: type it again)");
            option->font.setItalic(true);
            option->palette.setColor(QPalette::Text, option->palette.color(QPalette::Disabled, QPalette::Text));
            return;
        }
        if (isSecret(index) && !option->text.isEmpty() && !revealed(index))
            option->text = QString(qMin<qsizetype>(option->text.size(), 12), QChar(0x2022));
    }

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        QWidget *editor = QStyledItemDelegate::createEditor(parent, option, index);
        if (auto *line = qobject_cast<QLineEdit *>(editor); line && index.column() == ValueColumn && isSecret(index) && !revealed(index))
            line->setEchoMode(QLineEdit::PasswordEchoOnEdit);
        return editor;
    }

    void setEditorData(QWidget *editor, const QModelIndex &index) const override
    {
        // Typing starts from empty rather than from the placeholder's words.
        if (auto *line = qobject_cast<QLineEdit *>(editor); line && index.data().toString() == ServerConfig::secretPlaceholder()) {
            line->clear();
            return;
        }
        QStyledItemDelegate::setEditorData(editor, index);
    }

    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override
    {
        // Leaving the editor without typing keeps the placeholder (the workspace keeps what it holds).
        if (auto *line = qobject_cast<QLineEdit *>(editor);
            line && line->text().isEmpty() && index.data().toString() == ServerConfig::secretPlaceholder())
            return;
        QStyledItemDelegate::setModelData(editor, model, index);
    }

private:
    // The dialog's "Show secret values" box sets this property on the table.
    bool revealed(const QModelIndex &) const { return parent() && parent()->property("revealSecrets").toBool(); }

    static bool isSecret(const QModelIndex &index)
    {
        return index.siblingAtColumn(SecretColumn).data(Qt::CheckStateRole).toInt() == Qt::Checked;
    }
};

// Where secret values go without a keychain, under a table of values (ServerEditorDialog::setSecretsNote()).
QLabel *secretsNoteLabel(const QString &objectName, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->hide();
    return label;
}

QTableWidgetItem *secretItem(bool secret)
{
    auto *item = new QTableWidgetItem;
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
    item->setCheckState(secret ? Qt::Checked : Qt::Unchecked);
    item->setToolTip(QObject::tr("Secret values are masked here and kept in the system keychain, not in servers.json."));
    return item;
}

void addRow(QTableWidget *table, const QString &key, const QString &value, bool secret)
{
    const int row = table->rowCount();
    table->insertRow(row);
    table->setItem(row, KeyColumn, new QTableWidgetItem(key));
    table->setItem(row, ValueColumn, new QTableWidgetItem(value));
    table->setItem(row, SecretColumn, secretItem(secret));
    // Without a keychain the tooltip says where the value really goes (setSecretsNote()).
    if (const QString note = table->property("secretsNote").toString(); !note.isEmpty())
        table->item(row, SecretColumn)->setToolTip(note);
}

/// Reads the rows into values; returns the names in the rows' order (the file keeps it).
QStringList readTable(const QTableWidget *table, QMap<QString, QString> *values, QStringList *secretKeys)
{
    QStringList names;
    for (int row = 0; row < table->rowCount(); ++row) {
        const QString key = table->item(row, KeyColumn) ? table->item(row, KeyColumn)->text().trimmed() : QString();
        if (key.isEmpty())
            continue;
        if (!values->contains(key))
            names.append(key);
        values->insert(key, table->item(row, ValueColumn) ? table->item(row, ValueColumn)->text() : QString());
        if (table->item(row, SecretColumn) && table->item(row, SecretColumn)->checkState() == Qt::Checked
            && !secretKeys->contains(key))
            secretKeys->append(key);
    }
    return names;
}

QLabel *hintLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setObjectName(QStringLiteral("hint"));
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    QPalette palette = label->palette();
    palette.setColor(QPalette::WindowText, palette.color(QPalette::Disabled, QPalette::WindowText));
    label->setPalette(palette);
    // Let the hint take the field column's whole width rather than wrapping at its size hint.
    label->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    return label;
}

// A wrapped plain-text label in red: what stops a save, what runs with the person's full rights.
QLabel *redLabel(const QString &text, const QString &objectName, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setObjectName(objectName);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    QPalette palette = label->palette();
    palette.setColor(QPalette::WindowText, QColor(0xc6, 0x28, 0x28));
    label->setPalette(palette);
    return label;
}

// remove removes the rows selected in table, and is enabled only while some are.
void removesSelectedRows(QPushButton *remove, QTableWidget *table)
{
    QObject::connect(remove, &QPushButton::clicked, table, [table] {
        QList<int> rows;
        const QModelIndexList selected = table->selectionModel()->selectedRows();
        for (const QModelIndex &index : selected)
            rows.append(index.row());
        std::sort(rows.begin(), rows.end(), std::greater<>());
        for (int r : rows)
            table->removeRow(r);
    });
    QObject::connect(table->selectionModel(), &QItemSelectionModel::selectionChanged, remove,
                     [table, remove] { remove->setEnabled(table->selectionModel()->hasSelection()); });
}

// A form label whose mnemonic focuses buddy (QFormLayout cannot find a buddy in a layout).
QLabel *buddyLabel(const QString &text, QWidget *buddy, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setBuddy(buddy);
    return label;
}

} // namespace

ServerEditorDialog::ServerEditorDialog(Validator validator, QWidget *parent)
    : QDialog(parent)
    , m_validator(std::move(validator))
{
    setObjectName(QStringLiteral("serverEditorDialog"));
    setWindowTitle(tr("Add Server"));
    setModal(true);

    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("name"));
    m_name->setPlaceholderText(tr("e.g. filesystem"));
    m_enabled = new QCheckBox(tr("&Enabled"), this);
    m_enabled->setObjectName(QStringLiteral("enabled"));
    m_enabled->setChecked(true);
    m_enabled->setToolTip(tr("Disabled servers stay in the list but are not started."));
    auto *nameRow = new QHBoxLayout;
    nameRow->addWidget(m_name, 1);
    nameRow->addWidget(m_enabled);

    m_transport = new QComboBox(this);
    m_transport->setObjectName(QStringLiteral("transport"));
    m_transport->addItem(tr("Local program (stdio)"), int(ServerConfig::Transport::Stdio));
    m_transport->addItem(tr("Remote server (Streamable HTTP)"), int(ServerConfig::Transport::Http));
    m_transport->addItem(tr("Remote server (HTTP with SSE, legacy)"), int(ServerConfig::Transport::Sse));
    // What the words in brackets mean, for those who do not know them.
    m_transport->setItemData(0, tr("Toolgate starts the program on this computer and talks to it through its input and "
                                   "output (\"stdio\"). Most servers are set up this way."),
                             Qt::ToolTipRole);
    m_transport->setItemData(1, tr("The server runs elsewhere; Toolgate reaches it at a web address."), Qt::ToolTipRole);
    m_transport->setItemData(2, tr("An older way to reach a remote server, for servers that do not support the current one."),
                             Qt::ToolTipRole);

    // Which revision of MCP to speak (issue 15). Auto suits nearly every server; the other two are for
    // a server that is known to speak one of them, or that misbehaves when asked.
    m_era = new QComboBox(this);
    m_era->setObjectName(QStringLiteral("protocolEra"));
    m_era->addItem(tr("Automatic"), int(ServerConfig::EraPreference::Auto));
    m_era->addItem(tr("Older versions only"), int(ServerConfig::EraPreference::Legacy));
    m_era->addItem(tr("2026-07-28 only"), int(ServerConfig::EraPreference::Modern));
    m_era->setItemData(0, tr("Toolgate finds out which version the server speaks and remembers it. For a program on this "
                             "computer it asks a separate copy once; a remote server is asked the older way first."),
                       Qt::ToolTipRole);
    m_era->setItemData(1, tr("Speak the older versions of MCP only, which start with a handshake called initialize. "
                             "Nothing is probed."),
                       Qt::ToolTipRole);
    m_era->setItemData(2, tr("Speak MCP 2026-07-28 only, which starts with server/discover. A server that does not "
                             "speak it fails to connect, saying so."),
                       Qt::ToolTipRole);
    m_era->setToolTip(tr("Which version of the Model Context Protocol Toolgate speaks with this server. Servers made "
                         "before mid-2026 speak the older versions (legacy); newer ones may speak 2026-07-28 (modern) "
                         "or both. Leave it at Automatic unless a server needs one of them."));

    m_pages = new QStackedWidget(this);
    m_pages->addWidget(buildStdioPage());
    m_pages->addWidget(buildHttpPage());

    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    form->addRow(buddyLabel(tr("&Name:"), m_name, this), nameRow);
    form->addRow(tr("&Type:"), m_transport);
    form->addRow(tr("&Protocol version:"), m_era);

    m_problem = redLabel(QString(), QStringLiteral("problem"), this);
    m_warningLabel = new QLabel(this);
    m_warningLabel->setObjectName(QStringLiteral("warning"));
    m_warningLabel->setWordWrap(true);
    m_warningLabel->setTextFormat(Qt::PlainText);
    {
        QPalette palette = m_warningLabel->palette();
        palette.setColor(QPalette::WindowText, QColor(0xa6, 0x6a, 0x00));
        m_warningLabel->setPalette(palette);
    }

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    // All but Save and Cancel scrolls when the screen is too small for it (ScreenFit).
    m_content = new QWidget(this);
    m_content->setObjectName(QStringLiteral("serverEditorContent"));
    auto *layout = new QVBoxLayout(m_content);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(form);
    layout->addWidget(m_pages, 1);
    layout->addWidget(m_problem);
    layout->addWidget(m_warningLabel);
    // A command line pasted whole into Command (as server READMEs print it): one click puts it right.
    m_split = new QPushButton(tr("Split into Command and Arguments"), this);
    m_split->setObjectName(QStringLiteral("splitCommandLine"));
    m_split->setAutoDefault(false);
    m_split->hide();
    connect(m_split, &QPushButton::clicked, this, &ServerEditorDialog::splitCommandLine);
    auto *splitRow = new QHBoxLayout;
    splitRow->addWidget(m_split);
    splitRow->addStretch(1);
    layout->addLayout(splitRow);
    auto *outer = new QVBoxLayout(this);
    outer->addWidget(ScreenFit::scrollable(m_content, this), 1);
    outer->addWidget(m_buttons);

    connect(m_transport, &QComboBox::currentIndexChanged, this, [this] {
        m_pages->setCurrentIndex(m_transport->currentData().toInt() == int(ServerConfig::Transport::Stdio) ? 0 : 1);
        revalidate();
    });
    connect(m_name, &QLineEdit::textChanged, this, &ServerEditorDialog::revalidate);
    connect(m_url, &QLineEdit::textChanged, this, &ServerEditorDialog::revalidate);
    connect(m_command, &QLineEdit::textChanged, this, &ServerEditorDialog::revalidate);
    connect(m_cwd, &QLineEdit::textChanged, this, &ServerEditorDialog::revalidate);
    connect(m_arguments, &QPlainTextEdit::textChanged, this, &ServerEditorDialog::revalidate);

    // Looking the command up touches the file system; do it once typing pauses.
    m_commandCheck.setSingleShot(true);
    m_commandCheck.setInterval(300);
    connect(&m_commandCheck, &QTimer::timeout, this, &ServerEditorDialog::checkCommand);

    // Sized for the font in use: a larger system font gets a larger dialog (see makeRoomForMessages()).
    const int em = fontMetrics().horizontalAdvance(QLatin1Char('M'));
    resize(qMax(620, em * 48), 700);
    m_name->setFocus();
    revalidate();
}

QWidget *ServerEditorDialog::buildStdioPage()
{
    auto *page = new QWidget(this);
    m_command = new QLineEdit(page);
    m_command->setObjectName(QStringLiteral("command"));
    m_command->setPlaceholderText(tr("e.g. npx, uvx, or the full path of a program"));
    auto *browse = new QPushButton(tr("Browse…"), page);
    browse->setAutoDefault(false);
    connect(browse, &QPushButton::clicked, this, &ServerEditorDialog::browseCommand);
    auto *commandRow = new QHBoxLayout;
    commandRow->addWidget(m_command, 1);
    commandRow->addWidget(browse);

    m_arguments = new QPlainTextEdit(page);
    m_arguments->setObjectName(QStringLiteral("arguments"));
    m_arguments->setTabChangesFocus(true);
    m_arguments->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_arguments->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_arguments->setPlaceholderText(tr("-y\n@modelcontextprotocol/server-filesystem\n/home/me/projects"));
    m_arguments->setFixedHeight(m_arguments->fontMetrics().lineSpacing() * 5 + 12);

    m_cwd = new QLineEdit(page);
    m_cwd->setObjectName(QStringLiteral("workingDirectory"));
    m_cwd->setPlaceholderText(tr("Toolgate's own (default)"));
    auto *browseDir = new QPushButton(tr("Browse…"), page);
    browseDir->setAutoDefault(false);
    connect(browseDir, &QPushButton::clicked, this, &ServerEditorDialog::browseDirectory);
    auto *cwdRow = new QHBoxLayout;
    cwdRow->addWidget(m_cwd, 1);
    cwdRow->addWidget(browseDir);

    QWidget *envButtons = nullptr;
    m_env = buildKeyValueTable(QStringLiteral("environment"), page, &envButtons);
    m_env->setAccessibleName(tr("Environment variables"));

    auto *form = new QFormLayout(page);
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    form->addRow(buddyLabel(tr("&Command:"), m_command, page), commandRow);
    form->addRow(tr("&Arguments:"), m_arguments);
    form->addRow(QString(), hintLabel(tr("One argument per line, exactly as the program should get it: no shell quoting."), page));
    form->addRow(buddyLabel(tr("&Working folder:"), m_cwd, page), cwdRow);
    auto *envBox = new QVBoxLayout;
    envBox->addWidget(m_env, 1);
    envBox->addWidget(envButtons);
    m_envSecretsNote = secretsNoteLabel(QStringLiteral("environmentSecretsNote"), page);
    envBox->addWidget(m_envSecretsNote);
    form->addRow(buddyLabel(tr("En&vironment:"), m_env, page), envBox);
    form->addRow(QString(), hintLabel(tr("The server also gets PATH, HOME and a few other basics from Toolgate's environment, nothing else."), page));
    QWidget *sandboxBox = buildSandboxBox(page);
    form->addRow(buddyLabel(tr("&Sandbox:"), m_sandboxEnabled, page), sandboxBox);
    return page;
}

QWidget *ServerEditorDialog::buildSandboxBox(QWidget *page)
{
    // What the server may touch (issue 32). A change is a change of what runs: saving it asks for trust again.
    auto *box = new QWidget(page);
    m_sandboxEnabled = new QCheckBox(tr("Run it in a sandbox"), box);
    m_sandboxEnabled->setObjectName(QStringLiteral("sandboxEnabled"));
    m_sandboxEnabled->setChecked(true);
    m_sandboxEnabled->setToolTip(tr("In its sandbox the program sees the system, the folders granted below and a private "
                                    "temporary folder; not the rest of your home folder, your keys or Toolgate's own files."));
    m_notSandboxed = redLabel(SandboxProfile::notSandboxedText(), QStringLiteral("notSandboxed"), box);
    m_notSandboxed->hide();

    m_grants = new QTableWidget(0, 2, box);
    m_grants->setObjectName(QStringLiteral("sandboxGrants"));
    m_grants->setAccessibleName(tr("Folders the sandbox grants"));
    m_grants->setHorizontalHeaderLabels({tr("Granted folder"), tr("Can write")});
    m_grants->verticalHeader()->hide();
    m_grants->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_grants->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_grants->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_grants->setMinimumHeight(90);
    connect(m_grants, &QTableWidget::itemChanged, this, &ServerEditorDialog::revalidate);
    connect(m_grants->model(), &QAbstractItemModel::rowsRemoved, this, &ServerEditorDialog::revalidate);

    m_grantButtons = new QWidget(box);
    auto *buttons = new QHBoxLayout(m_grantButtons);
    buttons->setContentsMargins(0, 0, 0, 0);
    auto *add = new QPushButton(tr("Grant a Folder…"), m_grantButtons);
    add->setObjectName(QStringLiteral("sandboxGrantsAdd"));
    add->setAutoDefault(false);
    auto *remove = new QPushButton(tr("Remove"), m_grantButtons);
    remove->setObjectName(QStringLiteral("sandboxGrantsRemove"));
    remove->setAutoDefault(false);
    remove->setEnabled(false);
    m_network = new QComboBox(m_grantButtons);
    m_network->setObjectName(QStringLiteral("sandboxNetwork"));
    m_network->addItem(tr("Network on"), int(SandboxProfile::Network::On));
    m_network->addItem(tr("Network off"), int(SandboxProfile::Network::Off));
    m_network->addItem(tr("Only listed hosts"), int(SandboxProfile::Network::Hosts));
    m_network->setItemData(0, tr("It can connect anywhere, this computer included."), Qt::ToolTipRole);
    m_network->setItemData(1, tr("No connection at all, this computer included."), Qt::ToolTipRole);
    m_network->setItemData(2, tr("Only the hosts you list, through Toolgate's proxy; each connection is recorded with the call that was running."),
                           Qt::ToolTipRole);
    m_hosts = new QLineEdit(box);
    m_hosts->setObjectName(QStringLiteral("sandboxHosts"));
    m_hosts->setPlaceholderText(tr("api.example.com:443, *.example.org"));
    m_hosts->setAccessibleName(tr("Hosts it may reach"));
    m_hosts->setToolTip(tr("Host names separated by commas, each with \":port\" for that port only; \"*.example.org\" for any host under example.org."));
    m_hosts->setVisible(false);
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch(1);
    buttons->addWidget(m_network);
    connect(add, &QPushButton::clicked, this, &ServerEditorDialog::browseGrant);
    removesSelectedRows(remove, m_grants);
    connect(m_network, &QComboBox::currentIndexChanged, this, [this] {
        m_hosts->setVisible(SandboxProfile::Network(m_network->currentData().toInt()) == SandboxProfile::Network::Hosts);
        revalidate();
    });
    connect(m_hosts, &QLineEdit::textChanged, this, &ServerEditorDialog::revalidate);
    connect(m_sandboxEnabled, &QCheckBox::toggled, this, &ServerEditorDialog::sandboxChanged);

    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_sandboxEnabled);
    layout->addWidget(m_notSandboxed);
    layout->addWidget(m_grants, 1);
    layout->addWidget(m_grantButtons);
    layout->addWidget(m_hosts);
    return box;
}

void ServerEditorDialog::sandboxChanged()
{
    const bool on = m_sandboxEnabled->isChecked();
    m_grants->setEnabled(on);
    m_grantButtons->setEnabled(on);
    m_hosts->setEnabled(on);
    m_notSandboxed->setVisible(!on);
    revalidate();
}

void ServerEditorDialog::addGrantRow(const QString &folder, bool writable)
{
    const QSignalBlocker blocker(m_grants);
    const int row = m_grants->rowCount();
    m_grants->insertRow(row);
    m_grants->setItem(row, 0, new QTableWidgetItem(folder));
    auto *write = new QTableWidgetItem;
    write->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
    write->setCheckState(writable ? Qt::Checked : Qt::Unchecked);
    write->setToolTip(tr("Checked: it may change and create files there. Unchecked: it may only read them."));
    m_grants->setItem(row, 1, write);
}

void ServerEditorDialog::fillSandbox(const SandboxProfile &profile)
{
    m_grants->setRowCount(0);
    for (const SandboxProfile::Grant &grant : profile.grants)
        addGrantRow(grant.path, grant.writable);
    {
        const QSignalBlocker blocker(m_hosts);
        m_hosts->setText(profile.hosts.join(QStringLiteral(", ")));
    }
    m_network->setCurrentIndex(m_network->findData(int(profile.network)));
    m_hosts->setVisible(profile.network == SandboxProfile::Network::Hosts);
    m_sandboxEnabled->setChecked(profile.enabled);
    sandboxChanged();
}

SandboxProfile ServerEditorDialog::sandbox() const
{
    SandboxProfile profile = m_original.sandbox;
    profile.enabled = m_sandboxEnabled->isChecked();
    profile.grants.clear();
    for (int row = 0; row < m_grants->rowCount(); ++row) {
        const QString folder = m_grants->item(row, 0) ? m_grants->item(row, 0)->text().trimmed() : QString();
        if (!folder.isEmpty())
            profile.grants.append({folder, m_grants->item(row, 1) && m_grants->item(row, 1)->checkState() == Qt::Checked});
    }
    profile.network = SandboxProfile::Network(m_network->currentData().toInt());
    profile.hosts.clear();
    if (profile.network == SandboxProfile::Network::Hosts) {
        for (const QString &host : m_hosts->text().split(u','))
            if (!host.trimmed().isEmpty())
                profile.hosts.append(host.trimmed());
    }
    return profile;
}

void ServerEditorDialog::browseGrant()
{
    auto *dialog = new QFileDialog(this, tr("Choose a Folder to Grant"));
    dialog->setObjectName(QStringLiteral("chooseGrant"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::Directory);
    dialog->setOption(QFileDialog::ShowDirsOnly);
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString &folder) {
        addGrantRow(QDir::toNativeSeparators(folder), false);
        revalidate();
    });
    dialog->open();
}

QWidget *ServerEditorDialog::buildHttpPage()
{
    auto *page = new QWidget(this);
    m_url = new QLineEdit(page);
    m_url->setObjectName(QStringLiteral("url"));
    m_url->setPlaceholderText(QStringLiteral("https://example.com/mcp"));
    QWidget *headerButtons = nullptr;
    m_headers = buildKeyValueTable(QStringLiteral("headers"), page, &headerButtons);
    m_headers->setAccessibleName(tr("HTTP headers"));
    m_headers->setHorizontalHeaderLabels({tr("Header"), tr("Value"), tr("Secret")});

    auto *form = new QFormLayout(page);
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    form->addRow(tr("&URL:"), m_url);
    auto *box = new QVBoxLayout;
    box->addWidget(m_headers, 1);
    box->addWidget(headerButtons);
    m_headerSecretsNote = secretsNoteLabel(QStringLiteral("headersSecretsNote"), page);
    box->addWidget(m_headerSecretsNote);
    form->addRow(buddyLabel(tr("&Headers:"), m_headers, page), box);
    return page;
}

QTableWidget *ServerEditorDialog::buildKeyValueTable(const QString &objectName, QWidget *page, QWidget **buttons)
{
    auto *table = new QTableWidget(0, 3, page);
    table->setObjectName(objectName);
    table->setHorizontalHeaderLabels({tr("Name"), tr("Value"), tr("Secret")});
    table->verticalHeader()->hide();
    table->horizontalHeader()->setSectionResizeMode(KeyColumn, QHeaderView::Interactive);
    table->horizontalHeader()->setSectionResizeMode(ValueColumn, QHeaderView::Stretch);
    table->horizontalHeader()->setSectionResizeMode(SecretColumn, QHeaderView::ResizeToContents);
    table->setColumnWidth(KeyColumn, 180);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setItemDelegate(new SecretValueDelegate(table));
    table->setMinimumHeight(110);
    connect(table, &QTableWidget::itemChanged, this, [this, table](QTableWidgetItem *item) {
        // A name like API_KEY or Authorization is almost certainly a secret: mark it so.
        if (item->column() == KeyColumn && ServerConfig::looksSecret(item->text().trimmed())) {
            if (QTableWidgetItem *secret = table->item(item->row(), SecretColumn); secret && secret->checkState() != Qt::Checked)
                secret->setCheckState(Qt::Checked);
        }
        if (item->column() == SecretColumn)
            table->viewport()->update();
        // The validator also checks rows: e.g. a renamed row still holding the keychain placeholder.
        revalidate();
    });
    connect(table->model(), &QAbstractItemModel::rowsRemoved, this, &ServerEditorDialog::revalidate);

    auto *row = new QWidget(page);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *add = new QPushButton(tr("Add"), row);
    add->setObjectName(objectName + QStringLiteral("Add"));
    add->setAutoDefault(false);
    auto *remove = new QPushButton(tr("Remove"), row);
    remove->setObjectName(objectName + QStringLiteral("Remove"));
    remove->setAutoDefault(false);
    remove->setEnabled(false);
    auto *show = new QCheckBox(tr("Show secret values"), row);
    show->setObjectName(objectName + QStringLiteral("ShowSecrets"));
    connect(show, &QCheckBox::toggled, table, [table](bool on) {
        table->setProperty("revealSecrets", on);
        table->viewport()->update();
    });
    layout->addWidget(add);
    layout->addWidget(remove);
    layout->addStretch(1);
    layout->addWidget(show);
    connect(add, &QPushButton::clicked, this, [table] {
        addRow(table, QString(), QString(), false);
        table->setCurrentCell(table->rowCount() - 1, KeyColumn);
        table->editItem(table->item(table->rowCount() - 1, KeyColumn));
    });
    removesSelectedRows(remove, table);
    *buttons = row;
    return table;
}

void ServerEditorDialog::setSecretsNote(const QString &note)
{
    for (auto [table, label] : {std::pair{m_env, m_envSecretsNote}, std::pair{m_headers, m_headerSecretsNote}}) {
        table->setProperty("secretsNote", note);
        for (int row = 0; row < table->rowCount(); ++row) {
            if (QTableWidgetItem *secret = table->item(row, SecretColumn))
                secret->setToolTip(note.isEmpty() ? QObject::tr("Secret values are masked here and kept in the system keychain, not in servers.json.") : note);
        }
        label->setText(note);
        label->setVisible(!note.isEmpty());
    }
}

void ServerEditorDialog::fillTable(QTableWidget *table, const QMap<QString, QString> &values, const QStringList &names,
                                   const QStringList &secretKeys)
{
    table->setRowCount(0);
    const QSignalBlocker blocker(table);
    for (const QString &name : names)
        addRow(table, name, values.value(name), secretKeys.contains(name));
}

void ServerEditorDialog::setConfig(const ServerConfig &config)
{
    m_original = config;
    setWindowTitle(config.name.isEmpty() ? tr("Add Server") : tr("Edit Server “%1”").arg(config.name));
    m_name->setText(config.name);
    m_enabled->setChecked(config.enabled);
    m_transport->setCurrentIndex(m_transport->findData(int(config.transport)));
    m_era->setCurrentIndex(m_era->findData(int(config.protocolEra)));
    m_command->setText(config.command);
    m_arguments->setPlainText(config.args.join(u'\n'));
    m_cwd->setText(config.cwd);
    fillTable(m_env, config.env, config.envNames(), config.secretKeys);
    m_url->setText(config.url);
    fillTable(m_headers, config.headers, config.headerNames(), config.secretKeys);
    fillSandbox(config.sandbox);
    revalidate();
}

ServerConfig ServerEditorDialog::config() const
{
    ServerConfig config = m_original;
    config.name = m_name->text();
    config.enabled = m_enabled->isChecked();
    config.transport = ServerConfig::Transport(m_transport->currentData().toInt());
    config.protocolEra = ServerConfig::EraPreference(m_era->currentData().toInt());
    config.command = m_command->text().trimmed();
    config.args.clear();
    const QStringList lines = m_arguments->toPlainText().split(u'\n');
    for (const QString &line : lines) {
        // Blank lines are layout, not empty arguments.
        if (!line.trimmed().isEmpty())
            config.args.append(line);
    }
    config.cwd = m_cwd->text().trimmed();
    if (config.transport == ServerConfig::Transport::Stdio)
        config.sandbox = sandbox();
    config.url = m_url->text().trimmed();
    config.env.clear();
    config.headers.clear();
    config.secretKeys.clear();
    // Saving here is the person's say-so: every secret value goes to the keychain.
    config.plainSecretKeys.clear();
    config.setEnvOrder(readTable(m_env, &config.env, &config.secretKeys));
    config.setHeaderOrder(readTable(m_headers, &config.headers, &config.secretKeys));
    // A stdio server has no use for a URL and vice versa; keep the file free of leftovers.
    if (config.transport == ServerConfig::Transport::Stdio) {
        config.url.clear();
        config.headers.clear();
    } else {
        config.command.clear();
        config.args.clear();
        config.env.clear();
        config.cwd.clear();
    }
    QStringList secrets;
    for (const QString &key : std::as_const(config.secretKeys)) {
        if (config.env.contains(key) || config.headers.contains(key))
            secrets.append(key);
    }
    config.secretKeys = secrets;
    return config;
}

QString ServerEditorDialog::problem() const
{
    return m_problem->text();
}

QString ServerEditorDialog::warning() const
{
    return m_warning;
}

void ServerEditorDialog::revalidate()
{
    const ServerConfig current = config();
    QString problem;
    if (current.transport == ServerConfig::Transport::Stdio && current.sandbox.enabled
        && current.sandbox.network == SandboxProfile::Network::Hosts) {
        const QStringList &hosts = current.sandbox.hosts;
        if (hosts.isEmpty())
            problem = tr("List the hosts it may reach, separated by commas, or choose Network off.");
        for (const QString &host : hosts) {
            if (host.contains(u'/') || host.contains(u' ') || host.contains(u'@'))
                problem = tr("\"%1\" is not a host name: write it as api.example.com or api.example.com:443.").arg(host);
        }
    }
    if (problem.isEmpty() && m_validator) {
        if (const Result<void> valid = m_validator(current); !valid)
            problem = valid.error().message;
    }
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    m_buttons->button(QDialogButtonBox::Save)->setEnabled(problem.isEmpty());
    makeRoomForMessages();
    m_commandCheck.start();
}

void ServerEditorDialog::makeRoomForMessages()
{
    // Wrapped labels need height for their width, which the minimum size does not reflect: grow
    // the dialog rather than squeeze a multi-line message over the hints above it. A larger system
    // font needs a wider dialog too, or the hints wrap into more lines than the screen has room for.
    if (!isVisible() || !layout())
        return;
    layout()->activate();
    const QRect screenRoom = screen() ? screen()->availableGeometry() : QRect(0, 0, 1920, 1080);
    const int width = qMin(qMax(this->width(), m_content->layout()->minimumSize().width() + (this->width() - m_content->width())),
                           screenRoom.width());
    // The form layout inside the stacked pages does not pass on its wrapped hints' height for their
    // width: each hint holds the lines it needs at the width it has.
    const QList<QLabel *> hints = findChildren<QLabel *>(QStringLiteral("hint"));
    for (QLabel *hint : hints) {
        if (hint->width() > 0)
            hint->setMinimumHeight(hint->heightForWidth(hint->width()));
    }
    layout()->activate();
    // The scroll area passes on no height for width: the content's, and what is around it.
    const QLayout *content = m_content->layout();
    const int contentWidth = width - (this->width() - m_content->width());
    const int around = height() - m_content->parentWidget()->height();
    const int contentHeight = qMax(content->totalHeightForWidth(contentWidth), content->totalMinimumSize().height());
    const int needed = qMin(contentHeight + around, screenRoom.height());
    if (needed > height() || width != this->width())
        resize(width, qMax(height(), needed));
}

void ServerEditorDialog::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    makeRoomForMessages();
}

void ServerEditorDialog::changeEvent(QEvent *event)
{
    QDialog::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        makeRoomForMessages();
}

void ServerEditorDialog::resizeEvent(QResizeEvent *event)
{
    QDialog::resizeEvent(event);
    // Wrapped hints take another number of lines at another width.
    if (event->size().width() != event->oldSize().width())
        QMetaObject::invokeMethod(this, &ServerEditorDialog::makeRoomForMessages, Qt::QueuedConnection);
}

void ServerEditorDialog::checkCommand()
{
    const ServerConfig current = config();
    m_warning.clear();
    const std::optional<ServerConfig> split = ConnectionDoctor::splitPastedCommandLine(current);
    if (split) {
        m_warning = tr("Command holds a whole command line. The program is \"%1\"; the rest are its arguments, which belong "
                       "in Arguments, one per line.").arg(split->command);
    } else if (current.transport == ServerConfig::Transport::Stdio && !current.command.isEmpty()) {
        if (const Result<QString> resolved = StdioTransport::resolveProgram(current.launchSpec()); !resolved)
            m_warning = resolved.error().message;
        else if (!current.cwd.isEmpty() && !QDir(current.cwd).exists())
            m_warning = tr("The working folder %1 does not exist.").arg(QDir::toNativeSeparators(current.cwd));
    }
    m_warningLabel->setText(m_warning.isEmpty() ? QString() : tr("Warning: %1").arg(m_warning));
    m_warningLabel->setVisible(!m_warning.isEmpty());
    m_split->setVisible(split.has_value());
    makeRoomForMessages();
}

void ServerEditorDialog::splitCommandLine()
{
    const std::optional<ServerConfig> split = ConnectionDoctor::splitPastedCommandLine(config());
    if (!split)
        return;
    m_command->setText(split->command);
    m_arguments->setPlainText(split->args.join(u'\n'));
    checkCommand();
}

void ServerEditorDialog::browseCommand()
{
    auto *dialog = new QFileDialog(this, tr("Choose the Server Program"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::ExistingFile);
    if (!m_command->text().isEmpty())
        dialog->selectFile(m_command->text());
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString &file) {
        m_command->setText(QDir::toNativeSeparators(file));
    });
    dialog->open();
}

void ServerEditorDialog::browseDirectory()
{
    auto *dialog = new QFileDialog(this, tr("Choose the Working Folder"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::Directory);
    dialog->setOption(QFileDialog::ShowDirsOnly);
    if (!m_cwd->text().isEmpty())
        dialog->setDirectory(m_cwd->text());
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString &directory) {
        m_cwd->setText(QDir::toNativeSeparators(directory));
    });
    dialog->open();
}

} // namespace Toolgate

#include "moc_servereditordialog.cpp"
