#include "core/model/toolanswer.h"

#include "core/jsonrpc/jsonwriter.h"

namespace Toolgate {

// What the model is told is English whatever the person's language, as --yes's reason is: it is part of
// the conversation with the model, not a message to the person, and reads the same in every transcript.
// The person's own words (a denial's reason) and the pipeline's errors are passed on as they are.

namespace {

QString cut(const QString &text, qsizetype maxLength)
{
    if (text.size() <= maxLength)
        return text;
    return text.left(maxLength) + u'\n'
        + QStringLiteral("[Toolgate cut the result here: %1 more characters were not sent to the model]").arg(text.size() - maxLength);
}

QString blockText(const Content &block)
{
    switch (block.type) {
    case Content::Type::Text: return block.text;
    case Content::Type::Image: return QStringLiteral("[an image (%1) was returned; it is not sent to the model]").arg(block.mimeType);
    case Content::Type::Audio: return QStringLiteral("[audio (%1) was returned; it is not sent to the model]").arg(block.mimeType);
    case Content::Type::Resource:
        if (block.resource.text)
            return QStringLiteral("[resource %1]").arg(block.resource.uri) + u'\n' + *block.resource.text;
        return QStringLiteral("[resource %1 (%2): binary contents, not sent to the model]")
            .arg(block.resource.uri, block.resource.mimeType);
    case Content::Type::ResourceLink: return QStringLiteral("[a link to the resource %1]").arg(block.uri);
    case Content::Type::Unknown: break;
    }
    return QStringLiteral("[content of the type \"%1\", not sent to the model]").arg(block.typeString());
}

} // namespace

QString ToolAnswer::resultText(const CallToolResult &result)
{
    QStringList parts;
    for (const Content &block : result.content)
        parts.append(blockText(block));
    // Structured content usually repeats the text (the spec asks servers to); alone, it is the result.
    if (parts.isEmpty() && result.structuredContent)
        parts.append(QString::fromUtf8(JsonWriter::toJson(*result.structuredContent)));
    if (parts.isEmpty())
        return QStringLiteral("(the tool returned nothing)");
    return parts.join(u'\n');
}

void ToolAnswer::fromOutcome(ConversationToolCall &call, const ToolCallOutcome &outcome, qsizetype maxLength)
{
    // The outcome's decision is a default denial until someone decided: a call that failed or was
    // cancelled before that has none.
    if (outcome.decision.allows() || outcome.kind == ToolCallOutcome::Kind::Denied)
        call.decision = outcome.decision;
    // The person may have changed the arguments before allowing the call: the model must know that the
    // result is not for the arguments it wrote.
    const QString edited = outcome.decision.allows() && outcome.decision.editedArguments
        ? QStringLiteral("[the person changed the arguments before allowing the call; it ran with %1]")
                .arg(QString::fromUtf8(JsonWriter::toJson(*outcome.decision.editedArguments)))
            + u'\n'
        : QString();
    switch (outcome.kind) {
    case ToolCallOutcome::Kind::Succeeded:
        call.status = ConversationToolCall::Status::Succeeded;
        call.answer = edited + cut(resultText(outcome.result), maxLength);
        call.answerIsError = false;
        return;
    case ToolCallOutcome::Kind::ToolError:
        call.status = ConversationToolCall::Status::ToolError;
        call.answer = edited + cut(resultText(outcome.result), maxLength);
        call.answerIsError = true;
        return;
    case ToolCallOutcome::Kind::Denied: {
        call.status = ConversationToolCall::Status::Denied;
        call.answerIsError = true;
        const ApprovalDecision &decision = outcome.decision;
        if (decision.source == ApprovalDecision::Source::Human) {
            call.answer = decision.reason.isEmpty() ? QStringLiteral("denied by the person (no reason given); the tool did not run")
                                                    : QStringLiteral("denied by the person: %1").arg(decision.reason);
        } else if (outcome.ruleVerdict) {
            // The pipeline's words name the rule and its reason.
            call.answer = outcome.error.message;
        } else {
            call.answer = decision.reason.isEmpty() ? QStringLiteral("denied by Toolgate; the tool did not run")
                                                    : QStringLiteral("denied by Toolgate: %1").arg(decision.reason);
        }
        return;
    }
    case ToolCallOutcome::Kind::InvalidArguments:
        call.status = ConversationToolCall::Status::InvalidArguments;
        call.answer = QStringLiteral("the tool did not run: %1").arg(outcome.error.message);
        call.answerIsError = true;
        return;
    case ToolCallOutcome::Kind::Cancelled:
        call.status = ConversationToolCall::Status::Cancelled;
        call.answer = QStringLiteral("the call was cancelled before it had a result");
        call.answerIsError = true;
        return;
    case ToolCallOutcome::Kind::Failed:
    case ToolCallOutcome::Kind::Pending: break;
    }
    call.status = ConversationToolCall::Status::Failed;
    call.answer = QStringLiteral("the call failed: %1").arg(outcome.error.message);
    call.answerIsError = true;
}

void ToolAnswer::rejected(ConversationToolCall &call, const QString &problem)
{
    call.status = ConversationToolCall::Status::Rejected;
    call.answer = QStringLiteral("Toolgate did not run this call: %1").arg(problem);
    call.answerIsError = true;
}

void ToolAnswer::notExposed(ConversationToolCall &call)
{
    call.status = ConversationToolCall::Status::NotExposed;
    call.answer =
        QStringLiteral(
            "Toolgate did not run this call: no tool named \"%1\" is available in this conversation. Use only the tools you were given.")
            .arg(call.name.left(64));
    call.answerIsError = true;
}

void ToolAnswer::cancelled(ConversationToolCall &call)
{
    call.status = ConversationToolCall::Status::Cancelled;
    call.answer = QStringLiteral("the person stopped the conversation; the call was cancelled before it had a result");
    call.answerIsError = true;
}

} // namespace Toolgate
