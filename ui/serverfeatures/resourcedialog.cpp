#include "ui/serverfeatures/resourcedialog.h"

#include "core/client/clientsession.h"
#include "ui/viewers/resultview.h"
#include "core/workspace/serverconnection.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace Toolgate {

ResourceDialog::ResourceDialog(ServerConnection *connection, const QString &uri, QWidget *parent)
    : QDialog(parent)
    , m_connection(connection)
    , m_uri(uri)
    , m_state(new QLabel(this))
    , m_result(new ResultView(this))
{
    setObjectName(QStringLiteral("resourceDialog"));
    setAttribute(Qt::WA_DeleteOnClose);
    setWindowTitle(tr("Resource — %1").arg(uri.left(120)));
    setSizeGripEnabled(true);

    auto *uriLabel = new QLabel(uri.left(2000), this);
    uriLabel->setTextFormat(Qt::PlainText);
    uriLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    uriLabel->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    uriLabel->setWordWrap(true);
    m_state->setTextFormat(Qt::PlainText);
    m_state->setObjectName(QStringLiteral("resourceState"));
    m_state->setWordWrap(true);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    QPushButton *reload = buttons->addButton(tr("Read Again"), QDialogButtonBox::ActionRole);
    reload->setAutoDefault(false);
    connect(reload, &QPushButton::clicked, this, &ResourceDialog::read);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(uriLabel);
    layout->addWidget(m_state);
    layout->addWidget(m_result, 1);
    layout->addWidget(buttons);
    connect(m_result, &ResultView::resourceLinkActivated, this, [this](const QString &linked) {
        if (m_connection)
            emit resourceLinkActivated(m_connection, linked);
    });
    resize(720, 560);
    read();
}

void ResourceDialog::read()
{
    m_finished = false;
    ClientSession *session = m_connection ? m_connection->session() : nullptr;
    if (!session || !session->isReady()) {
        m_state->setText(tr("The server is not connected, so the resource cannot be read."));
        m_finished = true;
        emit readFinished();
        return;
    }
    m_state->setText(tr("Reading from %1…").arg(m_connection->name()));
    session->readResource(m_uri, this, [this](const Result<ReadResourceResult> &result) {
        m_finished = true;
        if (result) {
            m_state->setText(tr("From %1").arg(m_connection ? m_connection->name() : QString()));
            m_result->setReadResourceResult(result.value());
        } else {
            m_state->setText(tr("Could not read the resource: %1").arg(result.error().message));
        }
        emit readFinished();
    });
}

} // namespace Toolgate

#include "moc_resourcedialog.cpp"
