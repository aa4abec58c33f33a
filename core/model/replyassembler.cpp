#include "core/model/replyassembler.h"

#include "core/common/displaytext.h"
#include "core/model/modelerror.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonParseError>

namespace Toolgate {

ReplyAssembler::ReplyAssembler(const ModelLimits &limits, QSet<QString> offeredTools)
    : m_limits(limits)
    , m_offered(std::move(offeredTools))
{}

Result<void> ReplyAssembler::appendText(const QString &piece)
{
    // The reply's byte cap bounds the text already; this keeps the decoded copy in the same bound.
    m_textBytes += piece.size();
    if (m_textBytes > m_limits.maxReplyBytes) {
        return ModelErrors::make(ModelProblem::ReplyTooLarge,
                                 QCoreApplication::translate("Toolgate::ReplyAssembler", "the model's text grew past %1; the reply was stopped.")
                                     .arg(DisplayText::dataSize(m_limits.maxReplyBytes)));
    }
    m_reply.text += piece;
    return {};
}

ReplyAssembler::PendingCall *ReplyAssembler::call(int key)
{
    for (PendingCall &pending : m_calls) {
        if (pending.key == key)
            return &pending;
    }
    return nullptr;
}

Result<ReplyAssembler::PendingCall *> ReplyAssembler::callOrStart(int key)
{
    if (PendingCall *known = call(key))
        return known;
    if (m_calls.size() >= m_limits.maxToolCalls) {
        return ModelErrors::make(ModelProblem::TooManyToolCalls,
                                 QCoreApplication::translate("Toolgate::ReplyAssembler", "the model asked for more than %1 tool calls in one turn; the reply was stopped.")
                                     .arg(m_limits.maxToolCalls));
    }
    m_calls.append(PendingCall{key, {}, {}, {}, 0});
    return &m_calls.last();
}

Result<void> ReplyAssembler::startCall(int key, const QString &id, const QString &name)
{
    auto pending = callOrStart(key);
    if (!pending)
        return pending.error();
    // Servers repeat the id and name in later pieces, or (some) send the name only once: the first wins.
    if ((*pending)->id.isEmpty())
        (*pending)->id = id.left(256);
    if ((*pending)->name.isEmpty())
        (*pending)->name = name.left(256);
    return {};
}

Result<void> ReplyAssembler::appendArguments(int key, const QString &piece)
{
    auto pending = callOrStart(key);
    if (!pending)
        return pending.error();
    PendingCall &target = **pending;
    target.argumentBytes += piece.toUtf8().size();
    if (target.argumentBytes > m_limits.maxArgumentBytes) {
        return ModelErrors::make(ModelProblem::ReplyTooLarge,
                                 QCoreApplication::translate("Toolgate::ReplyAssembler", "the model wrote more than %1 of arguments for the tool \"%2\"; the reply was stopped.")
                                     .arg(DisplayText::dataSize(m_limits.maxArgumentBytes), target.name.left(64)));
    }
    target.arguments += piece;
    return {};
}

void ReplyAssembler::setFinishReason(const QString &raw, ModelReply::FinishReason reason)
{
    m_reply.rawFinishReason = raw;
    m_reply.finishReason = reason;
}

ModelReply ReplyAssembler::finish()
{
    ModelReply reply = m_reply;
    int generated = 0;
    for (const PendingCall &pending : std::as_const(m_calls)) {
        ModelToolCall call;
        call.id = pending.id;
        // A call without an id cannot be answered; give it one so the conversation stays well formed.
        if (call.id.isEmpty())
            call.id = QStringLiteral("toolgate_call_%1").arg(++generated);
        call.name = pending.name;
        call.argumentsText = pending.arguments;
        // No arguments at all is how models call a tool without parameters.
        const QByteArray text = pending.arguments.trimmed().isEmpty() ? QByteArrayLiteral("{}") : pending.arguments.toUtf8();
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(text, &parseError);
        if (call.name.isEmpty()) {
            call.problem = QCoreApplication::translate("Toolgate::ReplyAssembler", "the model asked for a tool call without naming the tool.");
        } else if (!m_offered.contains(call.name)) {
            call.problem = QCoreApplication::translate("Toolgate::ReplyAssembler", "the model asked for the tool \"%1\", which was not offered to it.").arg(call.name.left(64));
        } else if (parseError.error != QJsonParseError::NoError) {
            call.problem = QCoreApplication::translate("Toolgate::ReplyAssembler", "the model's arguments for the tool \"%1\" are not valid JSON (%2 at offset %3).")
                               .arg(call.name, parseError.errorString())
                               .arg(parseError.offset);
        } else if (!document.isObject()) {
            call.problem = QCoreApplication::translate("Toolgate::ReplyAssembler", "the model's arguments for the tool \"%1\" are not a JSON object.").arg(call.name);
        } else {
            call.arguments = document.object();
        }
        if (call.isValid())
            reply.toolCalls.append(call);
        else
            reply.rejectedCalls.append(call);
    }
    return reply;
}

} // namespace Toolgate
