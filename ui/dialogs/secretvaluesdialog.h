#pragma once

#include "core/workspace/serverconfig.h"

#include <QDialog>
#include <QList>

class QLineEdit;
class QPushButton;

namespace Toolgate {

/// Asks for the secret values a server cannot start without when no keychain kept them since Toolgate
/// last quit (the person chose to type them at each start): one masked field per value. Open it with
/// open(); read values() on accepted().
class SecretValuesDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SecretValuesDialog)
public:
    /// entries: the values to ask for (WorkspaceSecrets::valuesToType()), of the server named serverName.
    SecretValuesDialog(const QString &serverName, const QList<ServerConfig::SecretEntry> &entries, QWidget *parent = nullptr);

    /// The entries, each with the value typed for it.
    QList<ServerConfig::SecretEntry> values() const;
    /// The field of the value of entry i (objectName "secretValue").
    QLineEdit *field(qsizetype i) const { return m_fields.value(i); }
    /// The button that starts the server with the values (objectName "startWithSecrets").
    QPushButton *startButton() const { return m_start; }

private:
    QList<ServerConfig::SecretEntry> m_entries;
    QList<QLineEdit *> m_fields;
    QPushButton *m_start = nullptr;
};

} // namespace Toolgate
