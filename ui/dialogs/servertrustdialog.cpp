#include "ui/dialogs/servertrustdialog.h"

#include "core/common/displaytext.h"
#include "core/transport/stdiotransport.h"
#include "core/workspace/bubblewraplauncher.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

namespace Toolgate {

ServerTrustDialog::ServerTrustDialog(const ServerConfig &config, const std::optional<ServerTrustFacts> &before, QWidget *parent)
    : QDialog(parent)
    , m_config(config)
    , m_facts(ServerTrustFacts::of(config))
{
    setObjectName(QStringLiteral("serverTrustDialog"));
    setWindowTitle(tr("Trust This Server?"));
    setModal(true);

    auto *layout = new QVBoxLayout(this);
    auto *title = new QLabel(this);
    title->setObjectName(QStringLiteral("trustTitle"));
    title->setTextFormat(Qt::PlainText);
    title->setWordWrap(true);
    QFont big = title->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.2);
    title->setFont(big);
    // The name comes from a servers file nobody may have looked at: shown as plain, visible text.
    const QString name = DisplayText::visibleLine(config.name);
    title->setText(before ? tr("\"%1\" changed since you trusted it").arg(name) : tr("Start \"%1\"?").arg(name));
    layout->addWidget(title);

    auto *intro = new QLabel(this);
    intro->setObjectName(QStringLiteral("trustIntro"));
    intro->setWordWrap(true);
    intro->setTextFormat(Qt::PlainText);
    if (before) {
        intro->setText(m_facts.remote ? tr("Its address changed since you trusted it, so Toolgate has not connected to it. "
                                           "Connect only if you expect this change.")
                                      : tr("What it runs changed since you trusted it, so Toolgate has not started it. It would run "
                                           "the program below on your computer, with your permissions. Start it only if you "
                                           "expect this change."));
    } else {
        intro->setText(m_facts.remote
                       ? tr("Toolgate has not connected to this server yet. It would send your requests to the address below. "
                            "Connect only if you know this server and expect it here.")
                       : tr("Toolgate has not started this server yet. It would run the program below on your computer, "
                            "with your permissions. Start it only if you know what it is and expect it here."));
    }
    layout->addWidget(intro);

    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    layout->addLayout(form);

    if (before) {
        const QStringList changes = m_facts.changesSince(*before);
        if (!changes.isEmpty()) {
            QStringList shown;
            for (const QString &change : changes)
                shown.append(DisplayText::visible(change));
            form->addRow(tr("What changed:"), addText(QStringLiteral("trustChanges"), tr("What changed:"), shown.join(u'\n'), 6));
        }
    }

    if (m_facts.remote) {
        form->addRow(tr("Address:"), addText(QStringLiteral("trustOrigin"), tr("Address:"), DisplayText::visible(m_facts.origin), 2));
        form->addRow(tr("Full URL:"), addText(QStringLiteral("trustUrl"), tr("Full URL:"), DisplayText::visible(config.url), 3));
    } else {
        form->addRow(tr("Command:"), addText(QStringLiteral("trustCommand"), tr("Command:"), DisplayText::visible(m_facts.commandLine()), 8));
        // Where a bare name like "node" is found decides which program runs.
        const Result<QString> resolved = StdioTransport::resolveProgram(config.launchSpec());
        QString program = resolved ? QDir::toNativeSeparators(resolved.value()) : resolved.error().message;
        form->addRow(tr("Program found:"), addText(QStringLiteral("trustProgram"), tr("Program found:"), DisplayText::visible(program), 3));
        // What it will be able to read, write and reach (issue 32), next to what it runs.
        QStringList sandbox;
        for (const QString &line : BubblewrapLauncher::describe(config.launchSpec(), config.sandbox))
            sandbox.append(DisplayText::visible(line));
        form->addRow(tr("Sandbox:"), addText(QStringLiteral("trustSandbox"), tr("Sandbox:"), sandbox.join(u'\n'), 6));
        // Each value decides what runs as much as the command (PATH, NODE_OPTIONS, PYTHONPATH, ...).
        QStringList variables;
        for (const QString &variable : m_facts.environmentNames)
            variables.append(DisplayText::visibleLine(variable) + u'=' + DisplayText::visibleLine(ServerTrustFacts::shownValue(m_facts.environment.value(variable))));
        form->addRow(tr("Environment variables:"), addText(QStringLiteral("trustEnvironment"), tr("Environment variables:"), variables.isEmpty() ? tr("(none besides the usual ones, such as PATH and HOME)") : variables.join(u'\n'), 4));
        form->addRow(tr("Working folder:"), addText(QStringLiteral("trustFolder"), tr("Working folder:"), m_facts.workingDirectory.isEmpty() ? tr("(Toolgate's own: %1)").arg(QDir::toNativeSeparators(QDir::currentPath()))
                                                                : DisplayText::visible(m_facts.workingDirectory), 2));
        auto *values = new QLabel(tr("Secret values are not shown. A change to any of these, values included, asks again."), this);
        values->setWordWrap(true);
        QPalette dim = values->palette();
        dim.setColor(QPalette::WindowText, dim.color(QPalette::Disabled, QPalette::WindowText));
        values->setPalette(dim);
        layout->addWidget(values);
    }

    layout->addStretch(1);
    auto *buttons = new QDialogButtonBox(this);
    m_trust = buttons->addButton(m_facts.remote ? tr("Trust and Connect") : tr("Trust and Start"), QDialogButtonBox::AcceptRole);
    m_trust->setObjectName(QStringLiteral("trustButton"));
    m_trust->setAutoDefault(false);
    m_dontStart = buttons->addButton(m_facts.remote ? tr("Don't Connect") : tr("Don't Start"), QDialogButtonBox::RejectRole);
    m_dontStart->setObjectName(QStringLiteral("dontStartButton"));
    m_dontStart->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    m_delay = new QTimer(this);
    m_delay->setSingleShot(true);
    connect(m_delay, &QTimer::timeout, this, [this] { m_trust->setEnabled(true); });
    resize(640, sizeHint().height());
}

QPlainTextEdit *ServerTrustDialog::addText(const QString &objectName, const QString &label, const QString &text, int maxLines)
{
    auto *view = new QPlainTextEdit(this);
    view->setObjectName(objectName);
    view->setReadOnly(true);
    view->setPlainText(text);
    view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    view->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    view->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    view->setTabChangesFocus(true);
    view->setFocusPolicy(Qt::ClickFocus); // Tab goes to the buttons; the text stays selectable
    view->setAccessibleName(QString(label).remove(u':').remove(u'&'));
    // As high as the text needs at the dialog's width (about 60 characters a line), up to maxLines; longer
    // text scrolls, and nothing is ever cut.
    int lines = 0;
    for (const QStringView line : QStringView(text).split(u'\n'))
        lines += 1 + int(line.size() / 60);
    const int lineHeight = view->fontMetrics().lineSpacing();
    view->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    view->setFixedHeight(lineHeight * qBound(1, lines, maxLines) + 2 * view->frameWidth() + 10);
    return view;
}

void ServerTrustDialog::setTrustDelay(int milliseconds)
{
    m_delayMs = qMax(0, milliseconds);
    if (m_delayMs == 0) {
        m_delay->stop();
        m_trust->setEnabled(true);
    }
}

void ServerTrustDialog::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    // A click or key press meant for another window must not trust a server.
    if (m_delayMs > 0) {
        m_trust->setEnabled(false);
        m_delay->start(m_delayMs);
    }
    m_dontStart->setFocus(Qt::OtherFocusReason);
}

} // namespace Toolgate

#include "moc_servertrustdialog.cpp"
