#include "ui/dialogs/importdialog.h"

#include "core/workspace/serverconfigfile.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QStandardPaths>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

enum ImportColumn { ImportNameColumn, ImportTypeColumn, ImportEndpointColumn, ImportNoteColumn };
constexpr qint64 maxFileSize = 4 * 1024 * 1024;

bool sameLaunch(const ServerConfig &a, const ServerConfig &b)
{
    return a.transport == b.transport && a.command == b.command && a.args == b.args && a.url == b.url;
}

} // namespace

QList<ImportDialog::Source> ImportDialog::knownSources()
{
    const QString home = QDir::homePath();
    QList<Source> sources;
#if defined(Q_OS_MACOS)
    const QString support = home + QStringLiteral("/Library/Application Support");
    sources.append({tr("Claude Desktop"), support + QStringLiteral("/Claude/claude_desktop_config.json")});
    sources.append({tr("VS Code (user)"), support + QStringLiteral("/Code/User/mcp.json")});
    sources.append({tr("VS Code settings"), support + QStringLiteral("/Code/User/settings.json")});
#elif defined(Q_OS_WIN)
    const QString appData = qEnvironmentVariable("APPDATA", home + QStringLiteral("/AppData/Roaming"));
    sources.append({tr("Claude Desktop"), appData + QStringLiteral("/Claude/claude_desktop_config.json")});
    sources.append({tr("VS Code (user)"), appData + QStringLiteral("/Code/User/mcp.json")});
    sources.append({tr("VS Code settings"), appData + QStringLiteral("/Code/User/settings.json")});
#else
    const QString config = qEnvironmentVariable("XDG_CONFIG_HOME", home + QStringLiteral("/.config"));
    sources.append({tr("Claude Desktop"), config + QStringLiteral("/Claude/claude_desktop_config.json")});
    sources.append({tr("VS Code (user)"), config + QStringLiteral("/Code/User/mcp.json")});
    sources.append({tr("VS Code settings"), config + QStringLiteral("/Code/User/settings.json")});
#endif
    sources.append({tr("Cursor"), home + QStringLiteral("/.cursor/mcp.json")});
    sources.append({tr("Windsurf"), home + QStringLiteral("/.codeium/windsurf/mcp_config.json")});
    sources.append({tr("VS Code (this folder)"), QDir::current().filePath(QStringLiteral(".vscode/mcp.json"))});
    for (Source &source : sources)
        source.path = QDir::toNativeSeparators(QDir::cleanPath(source.path));
    return sources;
}

ImportDialog::ImportDialog(const QList<ServerConfig> &existing, QWidget *parent)
    : QDialog(parent)
    , m_existing(existing)
{
    setObjectName(QStringLiteral("importDialog"));
    setWindowTitle(tr("Import Servers"));
    setModal(true);

    m_sources = new QComboBox(this);
    m_sources->setObjectName(QStringLiteral("sources"));
    m_sources->addItem(tr("Choose a known configuration…"));
    for (const Source &source : knownSources()) {
        const bool exists = QFileInfo::exists(source.path);
        m_sources->addItem(exists ? tr("%1 — %2").arg(source.label, source.path)
                                  : tr("%1 — not found").arg(source.label),
                           source.path);
        if (!exists) {
            // Shown so people learn where Toolgate looked, but not selectable.
            const int row = m_sources->count() - 1;
            m_sources->setItemData(row, 0, Qt::UserRole - 1);
            m_sources->setItemData(row, source.path, Qt::ToolTipRole);
        }
    }
    auto *browse = new QPushButton(tr("Choose File…"), this);
    browse->setObjectName(QStringLiteral("chooseFile"));
    browse->setAutoDefault(false);
    connect(browse, &QPushButton::clicked, this, &ImportDialog::chooseFile);
    connect(m_sources, &QComboBox::activated, this, [this](int index) {
        const QString path = m_sources->itemData(index).toString();
        if (!path.isEmpty())
            loadFile(path);
    });
    auto *sourceRow = new QHBoxLayout;
    sourceRow->addWidget(m_sources, 1);
    sourceRow->addWidget(browse);

    m_message = new QLabel(tr("Pick the configuration of Claude Desktop, Cursor, VS Code or another MCP host."), this);
    m_message->setObjectName(QStringLiteral("message"));
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_list = new QTreeWidget(this);
    m_list->setObjectName(QStringLiteral("servers"));
    m_list->setAccessibleName(tr("Servers to import"));
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setHeaderLabels({tr("Server"), tr("Type"), tr("Command or URL"), tr("Note")});
    m_list->header()->setStretchLastSection(false);
    m_list->header()->setSectionResizeMode(ImportEndpointColumn, QHeaderView::Stretch);
    m_list->setColumnWidth(ImportNameColumn, 170);
    m_list->setColumnWidth(ImportTypeColumn, 60);
    m_list->setColumnWidth(ImportNoteColumn, 190);
    connect(m_list, &QTreeWidget::itemChanged, this, &ImportDialog::updateButtons);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    QPushButton *import = m_buttons->addButton(tr("Import"), QDialogButtonBox::AcceptRole);
    import->setObjectName(QStringLiteral("import"));
    import->setAutoDefault(false);
    QPushButton *cancel = m_buttons->button(QDialogButtonBox::Cancel);
    cancel->setDefault(true);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(sourceRow);
    layout->addWidget(m_message);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_buttons);
    resize(760, 420);
    cancel->setFocus();
    updateButtons();
}

QString ImportDialog::uniqueName(const QString &base, const QStringList &taken) const
{
    const auto isTaken = [&taken](const QString &name) {
        return std::any_of(taken.cbegin(), taken.cend(),
                           [&name](const QString &t) { return t.compare(name, Qt::CaseInsensitive) == 0; });
    };
    if (!isTaken(base))
        return base;
    for (int n = 2;; ++n) {
        const QString candidate = base + u' ' + QString::number(n);
        if (!isTaken(candidate))
            return candidate;
    }
}

void ImportDialog::loadFile(const QString &path)
{
    m_list->clear();
    m_found.clear();
    m_path = path;
    QFile file(path);
    if (file.size() > maxFileSize) {
        m_message->setText(tr("%1 is too large to be a server configuration.").arg(QDir::toNativeSeparators(path)));
        updateButtons();
        return;
    }
    if (!file.open(QIODevice::ReadOnly)) {
        m_message->setText(tr("Cannot read %1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
        updateButtons();
        return;
    }
    const Result<QList<ServerConfig>> parsed = ServerConfigFile::parse(file.read(maxFileSize), QDir::toNativeSeparators(path));
    if (!parsed) {
        m_message->setText(parsed.error().message);
        updateButtons();
        return;
    }
    if (parsed->isEmpty()) {
        m_message->setText(tr("%1 configures no servers.").arg(QDir::toNativeSeparators(path)));
        updateButtons();
        return;
    }

    QStringList taken;
    for (const ServerConfig &config : std::as_const(m_existing))
        taken.append(config.name);
    const QSignalBlocker blocker(m_list);
    for (ServerConfig config : parsed.value()) {
        QString note;
        bool tick = true;
        const auto same = std::find_if(m_existing.cbegin(), m_existing.cend(),
                                       [&config](const ServerConfig &e) { return sameLaunch(e, config); });
        if (same != m_existing.cend()) {
            note = tr("Already configured as “%1”").arg(same->name);
            tick = false;
        }
        const QString original = config.name;
        config.name = uniqueName(config.name, taken);
        if (config.name != original && tick)
            note = tr("Renamed: “%1” is taken").arg(original);
        if (note.isEmpty())
            note = tr("New");
        if (!config.plainSecretKeys.isEmpty())
            note += u' ' + tr("(secrets to the keychain: %1)").arg(config.plainSecretKeys.join(QStringLiteral(", ")));
        // Imported secret-looking values go to the keychain; our servers.json will not hold them.
        config.plainSecretKeys.clear();
        taken.append(config.name);
        m_found.append(config);

        auto *item = new QTreeWidgetItem(m_list);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable | Qt::ItemIsEditable);
        item->setCheckState(ImportNameColumn, tick ? Qt::Checked : Qt::Unchecked);
        item->setText(ImportNameColumn, config.name);
        item->setText(ImportTypeColumn, ServerConfig::transportName(config.transport));
        item->setText(ImportEndpointColumn, config.endpoint());
        item->setToolTip(ImportEndpointColumn, config.endpoint());
        item->setText(ImportNoteColumn, note);
    }
    m_message->setText((m_found.size() == 1 ? tr("1 server in %1.").arg(QDir::toNativeSeparators(path))
                                             : tr("%1 servers in %2.").arg(m_found.size()).arg(QDir::toNativeSeparators(path)))
                       + u' ' + tr("Tick the ones to import; double-click a name to change it."));
    updateButtons();
}

QList<ServerConfig> ImportDialog::selectedConfigs() const
{
    QList<ServerConfig> selected;
    for (int row = 0; row < m_list->topLevelItemCount() && row < m_found.size(); ++row) {
        const QTreeWidgetItem *item = m_list->topLevelItem(row);
        if (item->checkState(ImportNameColumn) != Qt::Checked)
            continue;
        ServerConfig config = m_found.at(row);
        config.name = item->text(ImportNameColumn).trimmed();
        selected.append(config);
    }
    return selected;
}

void ImportDialog::setSelected(int row, bool selected)
{
    if (QTreeWidgetItem *item = m_list->topLevelItem(row))
        item->setCheckState(ImportNameColumn, selected ? Qt::Checked : Qt::Unchecked);
}

void ImportDialog::updateButtons()
{
    const qsizetype count = selectedConfigs().size();
    QPushButton *import = m_buttons->findChild<QPushButton *>(QStringLiteral("import"));
    if (!import)
        return;
    import->setEnabled(count > 0);
    import->setText(count > 0 ? (count == 1 ? tr("Import 1 Server") : tr("Import %1 Servers").arg(count)) : tr("Import"));
}

void ImportDialog::chooseFile()
{
    auto *dialog = new QFileDialog(this, tr("Import Servers From"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::ExistingFile);
    dialog->setNameFilters({tr("MCP configuration (*.json *.jsonc)"), tr("All files (*)")});
    connect(dialog, &QFileDialog::fileSelected, this, &ImportDialog::loadFile);
    dialog->open();
}

} // namespace Toolgate

#include "moc_importdialog.cpp"
