#pragma once

#include "core/protocol/completion.h"

#include <QMap>
#include <QObject>
#include <QPointer>
#include <QTimer>

class QCompleter;
class QLineEdit;
class QStringListModel;

namespace Toolgate {

class ServerConnection;

/// Offers the server's suggestions (completion/complete) for the fields of one prompt or resource
/// template: as the person types, the field's value goes to the server and its answer fills a
/// popup under the field. Does nothing for servers that do not offer completions.
class ArgumentCompleter final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ArgumentCompleter)
public:
    /// Fields are added with addField(); connection is not owned.
    ArgumentCompleter(ServerConnection *connection, const CompletionReference &reference, QObject *parent = nullptr);

    /// Completes field, which holds the argument called name. The field is not owned.
    void addField(const QString &name, QLineEdit *field);
    /// The suggestions last received for name (empty before the server answered).
    QStringList suggestions(const QString &name) const;
    /// The server answers completion requests (it declared the capability and is connected).
    bool isAvailable() const;

signals:
    /// New suggestions arrived for the field holding name.
    void suggestionsChanged(const QString &name);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void request(const QString &name, bool showPopup);

    struct Field
    {
        QPointer<QLineEdit> edit;
        QCompleter *completer = nullptr;
        QStringListModel *model = nullptr;
        quint64 generation = 0;
    };

    QPointer<ServerConnection> m_connection;
    CompletionReference m_reference;
    QMap<QString, Field> m_fields;
    QTimer m_delay;
    QString m_pending; // the field whose request waits for typing to pause
};

} // namespace Toolgate
