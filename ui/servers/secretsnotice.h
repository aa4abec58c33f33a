#pragma once

#include <QWidget>

class QPushButton;

namespace Toolgate {

class MessageBanner;
class Workspace;

/// The notice above the server pages about where secret values are kept: the keychain cannot be
/// used (keep them in servers.json, or type them each start), a keychain write failed, or plain
/// values in servers.json can be moved to the keychain. Each choice is the person's, and the one
/// about a missing keychain holds for later starts too.
class SecretsNotice final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SecretsNotice)
public:
    SecretsNotice(Workspace *workspace, QWidget *parent = nullptr);

    /// The keychain cannot be used (why, in words): said once per run, with the choice.
    void showKeychainUnavailable(const QString &why);

signals:
    /// A short outcome for the status bar.
    void statusMessage(const QString &text, int timeoutMs);

private:
    void offerToMovePlainSecrets();
    void keepSecretsInFile();

    Workspace *m_workspace;
    MessageBanner *m_banner;
    QPushButton *m_moveSecrets;
    QPushButton *m_keepInFile;
    QPushButton *m_dismiss;
    bool m_keychainWarned = false;
};

} // namespace Toolgate
