#pragma once

#include "core/common/result.h"
#include "core/model/conversation.h"
#include "core/model/toolnamemap.h"

#include <QDateTime>
#include <QList>
#include <QString>

namespace Toolgate {

/// A conversation as it is kept between runs: the conversation itself, the model it talks to (a
/// connection of the models file, by name) and the tools a person exposed in it.
struct SavedConversation
{
    QString id; ///< unique in the store, never shown
    QString model;
    /// The exposed tools, in the order they were exposed; a server that is gone keeps its entries.
    QList<ToolNameMap::McpTool> exposedTools;
    Conversation conversation;
    QDateTime updated;
};

/// The conversations of the Chat view, kept in conversations.json in the config folder (written with
/// AtomicFile, newest first). Every change is written at once; a file that cannot be read is left as
/// it is and reported by load(), so that nothing a person had is overwritten by an empty list.
class ConversationStore final
{
public:
    /// path empty: conversations.json in the config folder (ConfigLocation).
    explicit ConversationStore(const QString &path = {});

    const QString &path() const { return m_path; }
    /// Reads the file; none is no error (no conversations yet).
    Result<void> load();
    const QList<SavedConversation> &conversations() const { return m_conversations; }
    /// The conversation with this id, or null.
    const SavedConversation *find(const QString &id) const;

    /// A new, empty conversation at the top; returns it as stored.
    Result<SavedConversation> create(const QString &title, const QString &model, const QList<ToolNameMap::McpTool> &exposedTools);
    /// Replaces the conversation of the same id (adds it when there is none) and moves it to the top.
    Result<void> update(const SavedConversation &conversation);
    Result<void> rename(const QString &id, const QString &title);
    Result<void> remove(const QString &id);

    static QString defaultPath();

private:
    Result<void> save();

    QString m_path;
    QList<SavedConversation> m_conversations;
    /// The file could not be read: nothing is written over it.
    bool m_unreadable = false;
};

} // namespace Toolgate
