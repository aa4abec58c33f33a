#include "core/model/contextbudget.h"

#include <QJsonDocument>

#include <cmath>

namespace Toolgate {

namespace {

// A ratio learned from a reply is kept within these: dense text (code, CJK) takes about one character
// a token, and no tokenizer in use packs more than about eight into one.
constexpr double fewestCharactersPerToken = 1.0;
constexpr double mostCharactersPerToken = 8.0;

qsizetype charactersOf(const ModelMessage &message)
{
    qsizetype characters = message.text.size();
    for (const ModelToolCall &call : message.toolCalls)
        characters += call.id.size() + call.name.size() + call.argumentsText.size();
    for (const ModelToolResult &result : message.toolResults)
        characters += result.callId.size() + result.content.size();
    return characters;
}

} // namespace

ContextBudget::ContextBudget(qint64 contextLimit, qint64 reservedOutput)
    : m_contextLimit(qMax<qint64>(contextLimit, 0))
    , m_reservedOutput(qMax<qint64>(reservedOutput, 0))
{ }

qsizetype ContextBudget::charactersOf(const QList<ModelMessage> &messages, const QList<ModelTool> &tools)
{
    qsizetype characters = 0;
    for (const ModelMessage &message : messages)
        characters += Toolgate::charactersOf(message);
    for (const ModelTool &tool : tools)
        characters += tool.name.size() + tool.description.size() + QJsonDocument(tool.parameters).toJson(QJsonDocument::Compact).size();
    return characters;
}

QString ContextBudget::shortenedNote(qsizetype originalLength)
{
    // The model reads this: it says that something is missing, and how much.
    return QStringLiteral("[Toolgate shortened this older tool result to fit the model's context: it was %1 characters long.]")
        .arg(originalLength);
}

qint64 ContextBudget::estimatedTokens(qsizetype characters) const
{
    return qint64(std::ceil(double(characters) / m_charactersPerToken));
}

void ContextBudget::learn(qsizetype sentCharacters, qint64 reportedInputTokens)
{
    if (sentCharacters <= 0 || reportedInputTokens <= 0)
        return;
    m_charactersPerToken = qBound(fewestCharactersPerToken, double(sentCharacters) / double(reportedInputTokens), mostCharactersPerToken);
}

ContextBudget::Fitted ContextBudget::fit(const QList<ModelMessage> &messages, const QList<ModelTool> &tools) const
{
    Fitted fitted;
    fitted.messages = messages;
    qsizetype characters = charactersOf(messages, tools);
    fitted.estimatedTokens = estimatedTokens(characters);
    if (m_contextLimit == 0)
        return fitted;
    const qint64 budget = m_contextLimit - m_reservedOutput;
    // Oldest first: what the model read longest ago is what it is least likely to need word for word.
    for (ModelMessage &message : fitted.messages) {
        if (fitted.estimatedTokens <= budget)
            break;
        for (ModelToolResult &result : message.toolResults) {
            if (fitted.estimatedTokens <= budget)
                break;
            const QString note = shortenedNote(result.content.size());
            if (result.content.size() <= note.size())
                continue; // shorter than the note: nothing to gain
            characters -= result.content.size() - note.size();
            result.content = note;
            ++fitted.shortenedResults;
            fitted.estimatedTokens = estimatedTokens(characters);
        }
    }
    fitted.fits = fitted.estimatedTokens <= budget;
    return fitted;
}

} // namespace Toolgate
