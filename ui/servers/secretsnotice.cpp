#include "ui/servers/secretsnotice.h"

#include "core/workspace/workspace.h"
#include "core/workspace/workspacesecrets.h"
#include "core/auth/secretstore.h"
#include "ui/viewers/messagebanner.h"

#include <QDir>
#include <QHBoxLayout>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

#include <utility>

namespace Toolgate {

namespace {
// What the person chose when there is no keychain: "file" (servers.json) or "session" (type again).
const QString withoutKeychainKey = QStringLiteral("Secrets/withoutKeychain");
} // namespace

SecretsNotice::SecretsNotice(Workspace *workspace, QWidget *parent)
    : QWidget(parent)
    , m_workspace(workspace)
    , m_banner(new MessageBanner(this))
    , m_moveSecrets(new QPushButton(tr("Move to Keychain"), this))
    , m_keepInFile(new QPushButton(tr("Keep Them in servers.json"), this))
    , m_dismiss(new QPushButton(tr("Dismiss"), this))
{
    setObjectName(QStringLiteral("secretsNotice"));
    m_banner->setObjectName(QStringLiteral("secretsBanner"));
    // A banner is at most as tall as its size hint, which is for one width: narrower (at 200 %), its
    // wrapped words need more lines, and it may grow to hold them (issue 34).
    m_banner->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    m_moveSecrets->setObjectName(QStringLiteral("moveSecretsToKeychain"));
    m_keepInFile->setObjectName(QStringLiteral("keepSecretsInFile"));
    m_keepInFile->setToolTip(tr("Write secret values into servers.json in plain text, as Claude Desktop does. "
                                "Anyone who can read that file can read them."));
    m_keepInFile->hide();
    connect(m_keepInFile, &QPushButton::clicked, this, [this] {
        QSettings().setValue(withoutKeychainKey, QStringLiteral("file"));
        keepSecretsInFile();
    });
    m_dismiss->setObjectName(QStringLiteral("dismissSecretsNotice"));
    connect(m_dismiss, &QPushButton::clicked, this, [this] {
        // Without a keychain, dismissing is an answer too: type them again each start, and do not ask again.
        if (m_keepInFile->isVisible())
            QSettings().setValue(withoutKeychainKey, QStringLiteral("session"));
        hide();
    });
    connect(m_moveSecrets, &QPushButton::clicked, this, [this] {
        const Result<void> moved = m_workspace->secrets()->moveSecretsToKeychain();
        hide();
        emit statusMessage(moved ? tr("The secret values are now in %1.").arg(m_workspace->secrets()->store()->location())
                                       : moved.error().message,
                                 8000);
    });
    // Buttons under the banner: beside it they squeeze its text into a narrow column.
    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_moveSecrets);
    buttons->addWidget(m_keepInFile);
    buttons->addWidget(m_dismiss);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 0);
    layout->addWidget(m_banner);
    layout->addLayout(buttons);
    hide();
    connect(m_workspace->secrets(), &WorkspaceSecrets::secretStoreProblem, this, [this](const QString &message) {
        m_moveSecrets->hide();
        m_keepInFile->hide();
        m_dismiss->setText(tr("Dismiss"));
        m_banner->showMessage(MessageBanner::Kind::Warning, tr("A secret could not be kept in the keychain"), message);
        show();
    });
    connect(m_workspace, &Workspace::connectionsReset, this, &SecretsNotice::offerToMovePlainSecrets);
}

void SecretsNotice::offerToMovePlainSecrets()
{
    const QStringList plain = m_workspace->secrets()->plainSecrets();
    // Kept in the file on purpose (there is no keychain): nothing to offer.
    if (plain.isEmpty() || !m_workspace->secrets()->store() || m_keychainWarned
        || QSettings().value(withoutKeychainKey).toString() == u"file")
        return;
    m_moveSecrets->show();
    m_keepInFile->hide();
    m_dismiss->setText(tr("Dismiss"));
    m_dismiss->setToolTip(QString());
    m_banner->showMessage(
        MessageBanner::Kind::Info, tr("Secret values are written in plain text in servers.json"),
        tr("They work as they are. Move them to %1? The file then keeps only a placeholder.")
            .arg(m_workspace->secrets()->store()->location()),
        plain);
    show();
}

void SecretsNotice::showKeychainUnavailable(const QString &why)
{
    if (std::exchange(m_keychainWarned, true))
        return;
    // Said once, with a choice; the answer holds for later starts too.
    const QString answer = QSettings().value(withoutKeychainKey).toString();
    if (answer == u"file") {
        keepSecretsInFile();
        return;
    }
    if (answer == u"session") {
        emit statusMessage(tr("No keychain: secret values are kept until Toolgate quits, as you chose."), 8000);
        return;
    }
    m_moveSecrets->hide();
    m_keepInFile->show();
    m_dismiss->setText(tr("Type Them Each Start"));
    m_dismiss->setToolTip(tr("Keep secret values in memory only; Toolgate asks for them again after each start."));
    m_banner->showMessage(
        MessageBanner::Kind::Warning, tr("Secret values cannot be kept safely on this computer"),
        tr("%1. Until Toolgate quits, sign-ins and secret values (such as API keys) are kept in memory; after that you "
           "would type them again. You can keep them in servers.json instead, in plain text: anyone who can read that "
           "file can read them. Or start a keychain service (GNOME Keyring or KWallet) and restart Toolgate.")
            .arg(why));
    show();
}

void SecretsNotice::keepSecretsInFile()
{
    if (m_workspace->secrets()->hasPendingSecretWrites()) {
        // The store still answers a write; once it has, the values it holds go into the file.
        auto *once = new QObject(this);
        connect(m_workspace->secrets(), &WorkspaceSecrets::secretWritesFinished, once, [this, once] {
            once->deleteLater();
            keepSecretsInFile();
        });
        return;
    }
    const Result<void> kept = m_workspace->secrets()->keepSecretsInFile();
    hide();
    emit statusMessage(kept ? tr("Secret values are kept in %1, as you chose: there is no keychain.")
                                        .arg(QDir::toNativeSeparators(m_workspace->configPath()))
                                  : kept.error().message,
                             10000);
}

} // namespace Toolgate

#include "moc_secretsnotice.cpp"
