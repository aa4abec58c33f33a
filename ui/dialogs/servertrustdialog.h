#pragma once

#include "core/workspace/serverconfig.h"
#include "core/workspace/servertrust.h"

#include <QDialog>

#include <optional>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTimer;

namespace Toolgate {

/// Asks a person whether a server may start (issue 16): shows exactly what will run — the server's
/// name, the full command (untruncated, wrapped, selectable, hidden characters made visible), the
/// names of its environment variables and its working folder; or, for a remote server, its origin —
/// and what changed since it was last trusted, when known.
///
/// Safe by default: "Don't Start" has focus and is the default button, Esc and closing the window
/// decline, and "Trust and Start" becomes active only a moment after the dialog appears. Open it with
/// open(); accepted() means trust, rejected() means do not start.
class ServerTrustDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ServerTrustDialog)
public:
    /// before: the facts last trusted for this server's name, if any (to show what changed).
    ServerTrustDialog(const ServerConfig &config, const std::optional<ServerTrustFacts> &before, QWidget *parent = nullptr);

    const ServerConfig &config() const { return m_config; }
    /// The fingerprint of what the dialog shows (what accepting it trusts).
    QString fingerprint() const { return m_facts.fingerprint(); }

    QPushButton *trustButton() const { return m_trust; }
    QPushButton *dontStartButton() const { return m_dontStart; }
    /// 0 makes "Trust and Start" active at once (tests).
    void setTrustDelay(int milliseconds);
    static constexpr int DefaultTrustDelayMs = 500;

protected:
    void showEvent(QShowEvent *event) override;

private:
    QPlainTextEdit *addText(const QString &objectName, const QString &label, const QString &text, int maxLines);

    ServerConfig m_config;
    ServerTrustFacts m_facts;
    QPushButton *m_trust = nullptr;
    QPushButton *m_dontStart = nullptr;
    QTimer *m_delay = nullptr;
    int m_delayMs = DefaultTrustDelayMs;
};

} // namespace Toolgate
