#pragma once

#include "core/protocol/resource.h"

#include <QMap>
#include <QPointer>
#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;

namespace Toolgate {

class ArgumentCompleter;
class CompletionFields;
class ItemHeader;
class ResultView;
class ServerConnection;

/// Reads one resource (resources/read) and shows its contents. For a resource template, a field
/// per template variable builds the URI first.
class ResourcePanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResourcePanel)
public:
    explicit ResourcePanel(QWidget *parent = nullptr);

    void setResource(ServerConnection *connection, const Resource &resource);
    void setTemplate(ServerConnection *connection, const ResourceTemplate &resourceTemplate);
    /// The URI that Read would fetch (the template expanded with the fields' values).
    QString uri() const;

    ResultView *resultView() const { return m_result; }
    QPushButton *readButton() const { return m_read; }
    /// The field of a template variable, or null.
    QLineEdit *variableField(const QString &name) const;
    /// Offers the server's suggestions for a template's fields (null for a plain resource).
    ArgumentCompleter *completer() const;

public slots:
    void read();

signals:
    void resourceLinkActivated(Toolgate::ServerConnection *connection, const QString &uri);
    void linkActivated(const QUrl &url);
    void message(const QString &text);

private:
    void reset(ServerConnection *connection);
    void updateState();

    QPointer<ServerConnection> m_connection;
    QString m_uri;
    QString m_template;
    quint64 m_generation = 0;
    bool m_reading = false;

    ItemHeader *m_header;
    CompletionFields *m_variables;
    QLabel *m_uriLabel;
    QPushButton *m_read;
    QLabel *m_state;
    ResultView *m_result;
};

} // namespace Toolgate
