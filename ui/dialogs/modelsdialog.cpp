#include "ui/dialogs/modelsdialog.h"

#include "core/common/displaytext.h"
#include "core/model/modelclient.h"
#include "core/model/modelconnectiontest.h"
#include "core/model/modelkeys.h"
#include "core/model/modelsfile.h"
#include "ui/viewers/messagebanner.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QSpinBox>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

namespace Toolgate {

namespace {

QString headersText(const QList<std::pair<QString, QString>> &headers)
{
    QStringList lines;
    for (const auto &[name, value] : headers)
        lines.append(name + QStringLiteral(": ") + value);
    return lines.join(u'\n');
}

} // namespace

ModelsDialog::ModelsDialog(SecretStore *store, const QString &path, QWidget *parent)
    : QDialog(parent)
    , m_store(store)
    , m_path(path.isEmpty() ? ModelsFile::defaultPath() : path)
    , m_list(new QListWidget(this))
    , m_add(new QPushButton(tr("Add"), this))
    , m_remove(new QPushButton(tr("Remove"), this))
    , m_name(new QLineEdit(this))
    , m_api(new QComboBox(this))
    , m_baseUrl(new QLineEdit(this))
    , m_model(new QLineEdit(this))
    , m_key(new QLineEdit(this))
    , m_headers(new QPlainTextEdit(this))
    , m_contextLimit(new QSpinBox(this))
    , m_testButton(new QPushButton(tr("Test Connection"), this))
    , m_status(new MessageBanner(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("modelsDialog"));
    setWindowTitle(tr("Models"));
    m_list->setObjectName(QStringLiteral("modelList"));
    m_list->setAccessibleName(tr("Model connections"));
    m_add->setObjectName(QStringLiteral("addModel"));
    m_remove->setObjectName(QStringLiteral("removeModel"));
    m_name->setObjectName(QStringLiteral("modelName"));
    m_api->setObjectName(QStringLiteral("modelApi"));
    m_api->addItem(tr("OpenAI-compatible (OpenAI, Ollama, LM Studio, llama.cpp, vLLM, OpenRouter)"),
                   ModelConfig::apiName(ModelConfig::Api::OpenAi));
    m_api->addItem(tr("Anthropic Messages"), ModelConfig::apiName(ModelConfig::Api::Anthropic));
    // The first choice names six servers: as wide as it, the combo box made the dialog need 784 pixels at
    // 200 % (#34 item 1). It takes the room it is given; the list that drops down shows each choice whole.
    m_api->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_api->setMinimumContentsLength(16);
    m_api->view()->setTextElideMode(Qt::ElideNone);
    for (int i = 0; i < m_api->count(); ++i)
        m_api->setItemData(i, m_api->itemText(i), Qt::ToolTipRole);
    m_baseUrl->setObjectName(QStringLiteral("modelBaseUrl"));
    m_model->setObjectName(QStringLiteral("modelModel"));
    m_model->setPlaceholderText(tr("e.g. qwen2.5:7b, gpt-4o-mini, claude-sonnet-4-5"));
    m_key->setObjectName(QStringLiteral("modelKey"));
    m_key->setEchoMode(QLineEdit::Password);
    m_headers->setObjectName(QStringLiteral("modelHeaders"));
    m_headers->setPlaceholderText(tr("One per line: Name: value"));
    m_headers->setTabChangesFocus(true);
    m_headers->setMaximumHeight(70);
    m_contextLimit->setObjectName(QStringLiteral("modelContextLimit"));
    m_contextLimit->setRange(0, 100'000'000);
    m_contextLimit->setSingleStep(1024);
    m_contextLimit->setSpecialValueText(tr("unknown"));
    m_contextLimit->setSuffix(tr(" tokens"));
    m_testButton->setObjectName(QStringLiteral("testConnection"));
    m_status->setObjectName(QStringLiteral("modelStatus"));
    m_status->hide();

    auto *listButtons = new QHBoxLayout;
    listButtons->addWidget(m_add);
    listButtons->addWidget(m_remove);
    listButtons->addStretch(1);
    auto *left = new QVBoxLayout;
    left->addWidget(m_list, 1);
    left->addLayout(listButtons);

    auto *form = new QFormLayout;
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&API:"), m_api);
    form->addRow(tr("&Base URL:"), m_baseUrl);
    form->addRow(tr("&Model:"), m_model);
    form->addRow(tr("API &key:"), m_key);
    form->addRow(tr("&Headers:"), m_headers);
    form->addRow(tr("&Context limit:"), m_contextLimit);
    auto *note = new QLabel(tr("The key is kept in the system keychain, never in models.json. Local servers (Ollama, LM Studio, "
                               "llama.cpp) need none."),
                            this);
    note->setWordWrap(true);
    form->addRow(QString(), note);
    auto *testRow = new QHBoxLayout;
    testRow->addWidget(m_testButton);
    testRow->addStretch(1);
    form->addRow(QString(), testRow);
    form->addRow(QString(), m_status);

    auto *columns = new QHBoxLayout;
    columns->addLayout(left, 1);
    columns->addLayout(form, 3);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(columns, 1);
    layout->addWidget(m_buttons);
    resize(820, 460);

    const auto loaded = ModelsFile::load(m_path);
    if (!loaded)
        setStatus(loaded.error().message, true);
    for (const ModelConfig &config : loaded ? loaded.value() : QList<ModelConfig>()) {
        m_rows.append(Row{ModelsStore::Edited{config, config.name, false}, {}});
        m_list->addItem(DisplayText::visibleLine(config.name));
    }
    // A file that could not be read is not written over with an empty list.
    m_buttons->button(QDialogButtonBox::Save)->setEnabled(bool(loaded));

    connect(m_list, &QListWidget::currentRowChanged, this, &ModelsDialog::selectConnection);
    connect(m_add, &QPushButton::clicked, this, &ModelsDialog::addConnection);
    connect(m_remove, &QPushButton::clicked, this, &ModelsDialog::removeSelected);
    connect(m_testButton, &QPushButton::clicked, this, &ModelsDialog::testSelected);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &ModelsDialog::save);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_name, &QLineEdit::textEdited, this, [this](const QString &name) {
        if (QListWidgetItem *item = m_list->item(m_current))
            item->setText(DisplayText::visibleLine(name));
    });
    connect(m_api, &QComboBox::currentIndexChanged, this, [this] {
        const bool anthropic = m_api->currentData().toString() == ModelConfig::apiName(ModelConfig::Api::Anthropic);
        m_baseUrl->setPlaceholderText(anthropic ? QStringLiteral("https://api.anthropic.com")
                                                : QStringLiteral("http://localhost:11434/v1"));
    });
    m_baseUrl->setPlaceholderText(QStringLiteral("http://localhost:11434/v1"));
    if (!m_rows.isEmpty())
        m_list->setCurrentRow(0);
    updateButtons();
}

ModelsDialog::~ModelsDialog()
{
    // The test goes before the client it uses.
    m_test.reset();
    m_client.reset();
}

void ModelsDialog::addConnection()
{
    commitForm();
    ModelConfig config;
    QString name = QStringLiteral("local");
    for (int n = 2; std::any_of(m_rows.cbegin(), m_rows.cend(), [&name](const Row &row) { return row.edited.config.name == name; }); ++n)
        name = QStringLiteral("local-%1").arg(n);
    config.name = name;
    config.baseUrl = QStringLiteral("http://localhost:11434/v1");
    m_rows.append(Row{ModelsStore::Edited{config, {}, false}, {}});
    m_list->addItem(name);
    m_list->setCurrentRow(int(m_rows.size() - 1));
    m_name->setFocus();
    m_name->selectAll();
}

void ModelsDialog::removeSelected()
{
    const int row = m_current;
    if (row < 0 || row >= m_rows.size())
        return;
    if (!m_rows.at(row).edited.previousName.isEmpty())
        m_removed.append(m_rows.at(row).edited.previousName);
    m_current = -1; // nothing of the form goes back into the removed row
    m_rows.removeAt(row);
    delete m_list->takeItem(row);
    selectConnection(m_list->currentRow());
}

void ModelsDialog::selectConnection(int row)
{
    if (row == m_current && row >= 0)
        return;
    commitForm();
    m_current = row;
    showRow(row);
    updateButtons();
}

void ModelsDialog::showRow(int row)
{
    const bool valid = row >= 0 && row < m_rows.size();
    const QScopedValueRollback<bool> showing(m_showing, true);
    const Row blank{};
    const Row &shown = valid ? m_rows.at(row) : blank;
    const ModelConfig &config = shown.edited.config;
    m_name->setText(config.name);
    m_api->setCurrentIndex(m_api->findData(ModelConfig::apiName(config.api)));
    m_baseUrl->setText(config.baseUrl);
    m_model->setText(config.model);
    m_key->setText(shown.edited.keyChanged ? shown.typedKey : QString());
    m_key->setPlaceholderText(config.keyInKeychain || config.keyWasInFile ? tr("kept in the system keychain; type to replace it")
                                                                          : tr("none"));
    m_headers->setPlainText(headersText(config.headers));
    m_contextLimit->setValue(int(qMin<qint64>(config.contextLimit, m_contextLimit->maximum())));
    for (QWidget *field :
         {static_cast<QWidget *>(m_name), static_cast<QWidget *>(m_api), static_cast<QWidget *>(m_baseUrl), static_cast<QWidget *>(m_model),
          static_cast<QWidget *>(m_key), static_cast<QWidget *>(m_headers), static_cast<QWidget *>(m_contextLimit)})
        field->setEnabled(valid);
}

void ModelsDialog::commitForm()
{
    if (m_showing || m_current < 0 || m_current >= m_rows.size())
        return;
    Row &row = m_rows[m_current];
    ModelConfig &config = row.edited.config;
    config.name = m_name->text().trimmed();
    config.api = ModelConfig::apiFromName(m_api->currentData().toString()).value_or(ModelConfig::Api::OpenAi);
    config.baseUrl = m_baseUrl->text().trimmed();
    config.model = m_model->text().trimmed();
    config.contextLimit = m_contextLimit->value();
    config.headers.clear();
    const QStringList lines = m_headers->toPlainText().split(u'\n', Qt::SkipEmptyParts);
    for (const QString &line : lines) {
        const qsizetype colon = line.indexOf(u':');
        config.headers.append({line.left(colon).trimmed(), colon < 0 ? QString() : line.mid(colon + 1).trimmed()});
    }
    if (!m_key->text().isEmpty()) {
        row.edited.keyChanged = true;
        row.typedKey = m_key->text();
    }
}

std::optional<ModelConfig> ModelsDialog::formConfig(int row, bool forTest)
{
    const ModelConfig &config = m_rows.at(row).edited.config;
    const QString name = config.name.isEmpty() ? tr("(unnamed)") : DisplayText::visibleLine(config.name);
    QString problem;
    const QUrl url(config.baseUrl, QUrl::StrictMode);
    if (config.name.isEmpty())
        problem = tr("Every connection needs a name.");
    else if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")) || url.host().isEmpty())
        problem = tr("%1: the base URL must be an http:// or https:// address.").arg(name);
    else if (!url.userInfo().isEmpty())
        problem = tr("%1: the base URL must not hold a user name or password; put the key into the API key field.").arg(name);
    else if (config.model.isEmpty())
        problem = tr("%1: name the model the server should run.").arg(name);
    for (const auto &[header, value] : config.headers) {
        if (problem.isEmpty() && (header.isEmpty() || header.contains(u' ')))
            problem = tr("%1: each header line reads \"Name: value\".").arg(name);
    }
    for (int other = 0; problem.isEmpty() && !forTest && other < m_rows.size(); ++other) {
        if (other != row && m_rows.at(other).edited.config.name == config.name)
            problem = tr("Two connections are called %1; give each its own name.").arg(name);
    }
    if (!problem.isEmpty()) {
        setStatus(problem, true);
        return std::nullopt;
    }
    ModelConfig result = config;
    if (m_rows.at(row).edited.keyChanged)
        result.apiKey = m_rows.at(row).typedKey;
    return result;
}

void ModelsDialog::testSelected()
{
    commitForm();
    if (m_current < 0 || m_test)
        return;
    std::optional<ModelConfig> config = formConfig(m_current, true);
    if (!config) {
        emit testFinished();
        return;
    }
    setStatus(tr("Testing…"), false);
    m_testButton->setEnabled(false);
    // A key kept in the keychain is there under the name the connection had when it was read.
    ModelConfig lookup = *config;
    if (!m_rows.at(m_current).edited.keyChanged && !m_rows.at(m_current).edited.previousName.isEmpty())
        lookup.name = m_rows.at(m_current).edited.previousName;
    ModelKeys::fillKey(*m_store, lookup, this, [this, name = config->name](const Result<ModelConfig> &filled) {
        if (!filled) {
            setStatus(filled.error().message, true);
            m_testButton->setEnabled(true);
            emit testFinished();
            return;
        }
        ModelConfig tested = filled.value();
        tested.name = name;
        m_test.reset();
        m_client = ModelClient::create(tested);
        m_test = std::make_unique<ModelConnectionTest>(m_client.get());
        connect(m_test.get(), &ModelConnectionTest::finished, this, [this] {
            if (m_test->works())
                m_status->showMessage(MessageBanner::Kind::Success, m_test->message());
            else
                setStatus(m_test->message(), true);
            m_testButton->setEnabled(true);
            // The test goes once its signal has returned; the client with it.
            m_test.release()->deleteLater();
            emit testFinished();
        });
        m_test->start();
    });
}

void ModelsDialog::save()
{
    commitForm();
    QList<ModelsStore::Edited> models;
    for (int row = 0; row < m_rows.size(); ++row) {
        const std::optional<ModelConfig> config = formConfig(row, false);
        if (!config) {
            m_list->setCurrentRow(row);
            return;
        }
        ModelsStore::Edited edited = m_rows.at(row).edited;
        edited.config = *config;
        models.append(edited);
    }
    m_buttons->setEnabled(false);
    setStatus(tr("Saving…"), false);
    ModelsStore::save(*m_store, m_path, models, m_removed, this, [this](const Result<void> &saved) {
        m_buttons->setEnabled(true);
        if (!saved) {
            setStatus(tr("Not saved: %1").arg(saved.error().message), true);
            return;
        }
        emit this->saved();
        accept();
    });
}

QString ModelsDialog::statusText() const
{
    return m_status->title();
}

void ModelsDialog::updateButtons()
{
    const bool selected = m_current >= 0 && m_current < m_rows.size();
    m_remove->setEnabled(selected);
    m_testButton->setEnabled(selected && !m_test);
}

void ModelsDialog::setStatus(const QString &text, bool problem)
{
    m_status->showMessage(problem ? MessageBanner::Kind::Error : MessageBanner::Kind::Info, text);
    m_status->show();
}

} // namespace Toolgate

#include "moc_modelsdialog.cpp"
