#include "ui/servers/doctordialog.h"

#include "core/workspace/connectiondoctor.h"

#include <QClipboard>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace Toolgate {

DoctorDialog::DoctorDialog(const ServerConfig &config, bool mayStart, QWidget *parent)
    : QDialog(parent)
    , m_text(new QPlainTextEdit(this))
    , m_copy(new QPushButton(tr("Copy Report"), this))
{
    setWindowTitle(tr("Connection Doctor — %1").arg(config.name.left(100)));
    auto *intro = new QLabel(mayStart ? tr("Checks how this server is started or reached, step by step, and says what is wrong.")
                                      : tr("Checks how this server is started, without starting it: nobody trusted what it runs yet."),
                             this);
    intro->setWordWrap(true);
    // Plain text: the report quotes what the server wrote.
    m_text->setObjectName(QStringLiteral("doctorReport"));
    m_text->setReadOnly(true);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setPlainText(tr("Checking…"));
    m_copy->setObjectName(QStringLiteral("copyDoctorReport"));
    m_copy->setAutoDefault(false);
    m_copy->setEnabled(false);
    connect(m_copy, &QPushButton::clicked, this, [this] { QGuiApplication::clipboard()->setText(report()); });
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_copy, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_text, 1);
    layout->addWidget(buttons);
    resize(720, 360);

    ConnectionDoctor::Options options;
    options.startServer = mayStart;
    m_doctor = std::make_unique<ConnectionDoctor>(config, options);
    connect(m_doctor.get(), &ConnectionDoctor::checkAdded, this, &DoctorDialog::showReport);
    connect(m_doctor.get(), &ConnectionDoctor::finished, this, [this] {
        showReport();
        m_copy->setEnabled(true);
        emit reportReady();
    });
    m_doctor->run();
}

// The doctor's destructor ends a server it started.
DoctorDialog::~DoctorDialog() = default;

QString DoctorDialog::report() const
{
    return m_doctor->report();
}

bool DoctorDialog::isFinished() const
{
    return m_doctor->isFinished();
}

void DoctorDialog::showReport()
{
    m_text->setPlainText(m_doctor->isFinished() ? report() : report() + u'\n' + tr("Checking…"));
}

} // namespace Toolgate

#include "moc_doctordialog.cpp"
