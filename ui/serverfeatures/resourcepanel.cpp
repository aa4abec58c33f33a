#include "ui/serverfeatures/resourcepanel.h"
#include "core/common/displaytext.h"

#include "ui/serverfeatures/completionfields.h"
#include "core/client/clientsession.h"
#include "ui/viewers/viewerformat.h"
#include "ui/items/itemheader.h"
#include "ui/models/icons.h"
#include "core/protocol/uritemplate.h"
#include "ui/viewers/resultview.h"
#include "core/workspace/serverconnection.h"

#include <QElapsedTimer>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

namespace Toolgate {

ResourcePanel::ResourcePanel(QWidget *parent)
    : QWidget(parent)
    , m_header(new ItemHeader(this))
    , m_variables(new CompletionFields(this))
    , m_uriLabel(new QLabel(this))
    , m_read(new QPushButton(tr("Read"), this))
    , m_state(new QLabel(this))
    , m_result(new ResultView(this))
{
    setObjectName(QStringLiteral("resourcePanel"));
    m_uriLabel->setObjectName(QStringLiteral("resourceUri"));
    m_uriLabel->setTextFormat(Qt::PlainText);
    m_uriLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_uriLabel->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_read->setObjectName(QStringLiteral("readButton"));
    m_read->setIcon(Icons::action(u"read"));
    m_read->setAutoDefault(false);
    m_state->setTextFormat(Qt::PlainText);

    auto *row = new QHBoxLayout;
    row->addWidget(m_read);
    row->addWidget(m_uriLabel, 1);
    row->addWidget(m_state);

    QVBoxLayout *body = m_header->layOutPage(this, 8);
    body->addWidget(m_variables);
    body->addLayout(row);
    body->addWidget(m_result, 1);

    connect(m_read, &QPushButton::clicked, this, &ResourcePanel::read);
    connect(m_result, &ResultView::resourceLinkActivated, this, [this](const QString &uri) {
        if (m_connection)
            emit resourceLinkActivated(m_connection, uri);
    });
    connect(m_result, &ResultView::linkActivated, this, &ResourcePanel::linkActivated);
    reset(nullptr);
}

QLineEdit *ResourcePanel::variableField(const QString &name) const
{
    return m_variables->field(name);
}

ArgumentCompleter *ResourcePanel::completer() const
{
    return m_variables->completer();
}

void ResourcePanel::reset(ServerConnection *connection)
{
    if (m_connection)
        m_connection->disconnect(this);
    m_connection = connection;
    if (connection)
        connect(connection, &ServerConnection::statusChanged, this, &ResourcePanel::updateState);
    ++m_generation; // answers to an earlier read are for something no longer shown
    m_reading = false;
    m_uri.clear();
    m_template.clear();
    m_variables->clear();
    m_variables->hide();
    m_result->clear();
    m_state->clear();
}

void ResourcePanel::setResource(ServerConnection *connection, const Resource &resource)
{
    reset(connection);
    m_uri = resource.uri;
    QStringList facts;
    if (!resource.mimeType.isEmpty())
        facts.append(resource.mimeType);
    if (resource.size)
        facts.append(QLocale().formattedDataSize(*resource.size));
    m_header->setItem(Icons::action(u"resource"), resource.displayName(), resource.name,
                      connection ? connection->name() : QString(), resource.description, facts.join(QStringLiteral(" · ")));
    updateState();
}

void ResourcePanel::setTemplate(ServerConnection *connection, const ResourceTemplate &resourceTemplate)
{
    reset(connection);
    m_template = resourceTemplate.uriTemplate;
    m_header->setItem(Icons::action(u"template"), resourceTemplate.displayName(), resourceTemplate.name,
                      connection ? connection->name() : QString(), resourceTemplate.description,
                      tr("A template: fill in its parts to read a resource."));
    const QStringList names = UriTemplate::variables(m_template);
    m_variables->completeFor(connection, CompletionReference::resourceTemplate(m_template));
    for (const QString &name : names) {
        QLineEdit *field = m_variables->addField(name, name.left(60) + u':');
        field->setObjectName(u"variable_" + name);
        connect(field, &QLineEdit::textChanged, this, &ResourcePanel::updateState);
        connect(field, &QLineEdit::returnPressed, this, &ResourcePanel::read);
    }
    m_variables->setVisible(!names.isEmpty());
    updateState();
}

QString ResourcePanel::uri() const
{
    if (m_template.isEmpty())
        return m_uri;
    QMap<QString, QString> values;
    for (auto it = m_variables->fields().cbegin(); it != m_variables->fields().cend(); ++it)
        values.insert(it.key(), it.value()->text());
    return UriTemplate::expand(m_template, values);
}

void ResourcePanel::updateState()
{
    const bool ready = m_connection && m_connection->status() == ServerConnection::Status::Ready && m_connection->session();
    bool filled = true;
    for (const QLineEdit *field : m_variables->fields())
        filled &= !field->text().isEmpty();
    m_uriLabel->setText(uri());
    m_read->setEnabled(ready && filled && !m_reading && !uri().isEmpty());
    if (!m_reading)
        m_state->setText(ready || !m_connection ? QString() : m_connection->statusText());
}

void ResourcePanel::read()
{
    if (!m_read->isEnabled() || !m_connection || !m_connection->session())
        return;
    const quint64 generation = ++m_generation;
    const QString target = uri();
    m_reading = true;
    m_state->setText(tr("Reading…"));
    updateState();
    auto timer = std::make_shared<QElapsedTimer>();
    timer->start();
    m_connection->session()->readResource(target, this, [this, generation, target, timer](const Result<ReadResourceResult> &result) {
        if (generation != m_generation)
            return;
        m_reading = false;
        if (result) {
            m_result->setReadResourceResult(result.value());
            m_state->setText(tr("Read in %1").arg(DisplayText::duration(timer->elapsed())));
        } else {
            m_result->clear();
            m_state->setText(tr("Failed: %1").arg(result.error().message));
            emit message(tr("Reading %1 failed: %2").arg(target, result.error().message));
        }
        updateState();
    });
}

} // namespace Toolgate

#include "moc_resourcepanel.cpp"
