#pragma once

#include "core/common/result.h"
#include "core/model/modellimits.h"
#include "core/model/modelreply.h"

#include <QList>
#include <QSet>
#include <QString>

namespace Toolgate {

/// Builds a ModelReply from the pieces either wire format delivers (text, tool calls whose
/// arguments arrive in fragments, the finish reason, usage), holding the limits: the whole text and
/// each call's arguments are capped, and so is the number of calls. Arguments are parsed once, at
/// the end; a call whose arguments are not a JSON object, or whose tool was not offered, becomes a
/// rejected call, never a call.
class ReplyAssembler final
{
public:
    /// offeredTools: the names the request offered (a call of any other name is rejected).
    ReplyAssembler(const ModelLimits &limits, QSet<QString> offeredTools);

    Result<void> appendText(const QString &piece);
    /// A call begins (or goes on, when key is known). key is the format's handle for it: OpenAI's
    /// "index", Anthropic's content block index. id and name may be empty in later pieces.
    Result<void> startCall(int key, const QString &id, const QString &name);
    /// More of the arguments of the call under key (started implicitly if unknown).
    Result<void> appendArguments(int key, const QString &piece);
    void setFinishReason(const QString &raw, ModelReply::FinishReason reason);
    void setInputTokens(qint64 tokens) { m_reply.usage.inputTokens = tokens; }
    void setOutputTokens(qint64 tokens) { m_reply.usage.outputTokens = tokens; }
    bool hasFinishReason() const { return !m_reply.rawFinishReason.isEmpty(); }

    /// The reply: arguments parsed, calls checked.
    ModelReply finish();

private:
    struct PendingCall
    {
        int key = 0;
        QString id;
        QString name;
        QString arguments;
        qint64 argumentBytes = 0; ///< UTF-8 bytes of arguments
    };
    PendingCall *call(int key);
    Result<PendingCall *> callOrStart(int key);

    ModelLimits m_limits;
    QSet<QString> m_offered;
    ModelReply m_reply;
    QList<PendingCall> m_calls;
    qint64 m_textBytes = 0;
};

} // namespace Toolgate
