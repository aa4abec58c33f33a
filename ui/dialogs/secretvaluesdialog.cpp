#include "ui/dialogs/secretvaluesdialog.h"

#include <QDialogButtonBox>
#include <QFontMetrics>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace Toolgate {

SecretValuesDialog::SecretValuesDialog(const QString &serverName, const QList<ServerConfig::SecretEntry> &entries, QWidget *parent)
    : QDialog(parent)
    , m_entries(entries)
{
    setObjectName(QStringLiteral("secretValuesDialog"));
    setWindowTitle(tr("Secret Values for %1").arg(serverName));
    auto *intro = new QLabel(tr("There is no keychain on this computer, so Toolgate did not keep the secret values of "
                                "\"%1\" after it last quit. Type them to start it; Toolgate keeps them until it quits.")
                                 .arg(serverName),
                             this);
    intro->setWordWrap(true);
    intro->setTextFormat(Qt::PlainText); // the server's name is the person's, but still not markup

    auto *form = new QFormLayout;
    for (const ServerConfig::SecretEntry &entry : entries) {
        auto *field = new QLineEdit(this);
        field->setObjectName(QStringLiteral("secretValue"));
        field->setEchoMode(QLineEdit::Password);
        field->setAccessibleName(entry.describe());
        auto *label = new QLabel(entry.key + u':', this);
        label->setTextFormat(Qt::PlainText);
        label->setToolTip(entry.describe());
        label->setBuddy(field);
        form->addRow(label, field);
        m_fields.append(field);
    }

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_start = buttons->addButton(tr("Start Server"), QDialogButtonBox::AcceptRole);
    m_start->setObjectName(QStringLiteral("startWithSecrets"));
    const auto allTyped = [this] {
        m_start->setEnabled(std::all_of(m_fields.cbegin(), m_fields.cend(), [](const QLineEdit *f) { return !f->text().isEmpty(); }));
    };
    for (QLineEdit *field : std::as_const(m_fields))
        connect(field, &QLineEdit::textChanged, this, allTyped);
    allTyped();
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(buttons);
    if (!m_fields.isEmpty())
        m_fields.first()->setFocus();
    // The wrapped intro alone would make the dialog narrow enough for the window manager to cut its title
    // ("Secret Val… — Toolgate"): wide enough for the title and the title bar's buttons, and for the intro to
    // read as lines, not a column. ScreenFit caps it on a narrower screen.
    // Title bars often use a bold font; their icon, three buttons and margins take about ten lines' height.
    QFont titleFont = font();
    titleFont.setBold(true);
    const int titleRoom = QFontMetrics(titleFont).horizontalAdvance(windowTitle() + QStringLiteral(" — Toolgate")) + fontMetrics().height() * 10;
    setMinimumWidth(std::max(titleRoom, fontMetrics().averageCharWidth() * 56));
}

QList<ServerConfig::SecretEntry> SecretValuesDialog::values() const
{
    QList<ServerConfig::SecretEntry> typed = m_entries;
    for (qsizetype i = 0; i < typed.size(); ++i)
        typed[i].value = m_fields.at(i)->text();
    return typed;
}

} // namespace Toolgate

#include "moc_secretvaluesdialog.cpp"
