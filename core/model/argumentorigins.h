#pragma once

#include "core/calls/argumentorigin.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace Toolgate {

struct Conversation;

/// Finds the arguments of a proposed tool call that repeat text a *different* server sent earlier in
/// the conversation (issue 31, item 3): a path, URL, e-mail address or key-like token of at least
/// minTokenLength characters, alone or inside a longer value, or a run of at least minRunLength
/// characters of any text, appearing verbatim in that server's result. Repeats of the same server's
/// own text are not marked: a server may be handed back what it said.
class ArgumentOriginFinder final
{
public:
    /// Text a server sent into the conversation.
    struct Source
    {
        ArgumentOrigin::SourceKind kind = ArgumentOrigin::SourceKind::ToolResult;
        QString server;
        QString name; ///< the tool, or the resource's URI
        quint64 call = 0; ///< the call's number (ToolCall::id()); 0 if unknown
        QString text;
    };

    /// Hostile servers send megabytes and models long arguments: the work per call is bounded by
    /// these, not by what was sent. Only the newest sources are read, each cut to what the budget
    /// leaves; text beyond the caps is not looked at (and so cannot be marked).
    struct Limits
    {
        int maxSources = 32;
        qsizetype maxSourceChars = 2 * 1024 * 1024; ///< over all sources read
        qsizetype maxValueChars = 64 * 1024; ///< of each argument string
        int maxValues = 256; ///< argument strings looked at
        int maxTokens = 256; ///< path/URL/token candidates looked for
    };

    static constexpr qsizetype minTokenLength = 8;
    static constexpr qsizetype minRunLength = 30;

    /// sources oldest first, as the conversation received them.
    explicit ArgumentOriginFinder(QList<Source> sources);
    ArgumentOriginFinder(QList<Source> sources, Limits limits);

    /// What the model was told of each tool call in conversation that ran (its result's text).
    static QList<Source> sourcesOf(const Conversation &conversation);

    /// The arguments of a call to server that repeat another server's text, at most one mark per
    /// argument (naming the newest source that holds it), in the arguments' order.
    QList<ArgumentOrigin> find(const QString &server, const QJsonObject &arguments) const;

private:
    QList<Source> m_sources;
    Limits m_limits;
};

} // namespace Toolgate
