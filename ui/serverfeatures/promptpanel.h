#pragma once

#include "core/protocol/prompt.h"

#include <QMap>
#include <QPointer>
#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;
class QScrollArea;
class QVBoxLayout;

namespace Toolgate {

class ArgumentCompleter;
class CompletionFields;
class ItemHeader;
class ServerConnection;

/// Renders one prompt (prompts/get) with the arguments filled in, and shows its messages.
class PromptPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PromptPanel)
public:
    explicit PromptPanel(QWidget *parent = nullptr);

    void setPrompt(ServerConnection *connection, const Prompt &prompt);
    QLineEdit *argumentField(const QString &name) const;
    QPushButton *getButton() const { return m_get; }
    /// The messages shown (role, then the text of text blocks), for tests.
    QStringList shownMessages() const { return m_shown; }
    /// Offers the server's suggestions for the argument fields.
    ArgumentCompleter *completer() const;

public slots:
    void getPrompt();

signals:
    void resourceLinkActivated(Toolgate::ServerConnection *connection, const QString &uri);
    void message(const QString &text);

private:
    void updateState();
    void showResult(const GetPromptResult &result);
    void clearResult();

    QPointer<ServerConnection> m_connection;
    Prompt m_prompt;
    quint64 m_generation = 0;
    bool m_busy = false;
    QStringList m_shown;

    ItemHeader *m_header;
    CompletionFields *m_arguments;
    QPushButton *m_get;
    QLabel *m_state;
    QScrollArea *m_scroll;
    QWidget *m_messages;
    QVBoxLayout *m_messagesLayout;
};

} // namespace Toolgate
