#pragma once

#include <QDialog>
#include <QPointer>

class QLabel;

namespace Toolgate {

class ResultView;
class ServerConnection;

/// A window showing one resource a tool result linked to, read through the linking server's
/// session. Modeless, so several can stay open next to the main window; deletes itself on close.
class ResourceDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResourceDialog)
public:
    ResourceDialog(ServerConnection *connection, const QString &uri, QWidget *parent = nullptr);

    QString uri() const { return m_uri; }
    ResultView *resultView() const { return m_result; }
    /// True once the read answered (successfully or not).
    bool isFinished() const { return m_finished; }

signals:
    void resourceLinkActivated(Toolgate::ServerConnection *connection, const QString &uri);
    void readFinished();

private:
    void read();

    QPointer<ServerConnection> m_connection;
    QString m_uri;
    QLabel *m_state;
    ResultView *m_result;
    bool m_finished = false;
};

} // namespace Toolgate
