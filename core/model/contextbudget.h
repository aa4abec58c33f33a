#pragma once

#include "core/model/modelmessage.h"
#include "core/model/modelrequest.h"

#include <QList>

namespace Toolgate {

/// Keeps what is sent to a model within its context (ModelConfig::contextLimit, in tokens). Before a
/// request, fit() estimates its size; when it is too large, the oldest tool results are replaced by a
/// short note saying so (the conversation itself keeps them whole), and if even that is not enough,
/// the request does not fit and is not sent.
///
/// Tokens are estimated from characters. Without anything better, at 4 characters a token (the rule
/// of thumb of the common tokenizers for English text and JSON). Once a reply of the model reported
/// how many input tokens a request took, learn() takes the ratio of that request: it counts the
/// provider's own tokenizer, the format's overhead and the tools' schemas, which no guess from here
/// knows; it is held within bounds, as a server that reports nonsense must not make a request look
/// small.
class ContextBudget final
{
public:
    /// contextLimit: tokens the model can take in (0: unknown, everything fits); reservedOutput:
    /// tokens kept free for the answer (the request's max tokens, when known).
    explicit ContextBudget(qint64 contextLimit = 0, qint64 reservedOutput = 0);

    struct Fitted
    {
        QList<ModelMessage> messages; ///< as they are to be sent
        int shortenedResults = 0;     ///< tool results replaced by a note
        qint64 estimatedTokens = 0;   ///< of the request as it is to be sent
        bool fits = true;             ///< false: too large even with every tool result shortened
    };

    qint64 contextLimit() const { return m_contextLimit; }
    /// The messages of a request with these tools, shortened as much as they need to fit (oldest
    /// tool results first).
    Fitted fit(const QList<ModelMessage> &messages, const QList<ModelTool> &tools) const;
    /// A request of sentCharacters (charactersOf()) took reportedInputTokens, as the provider counted.
    void learn(qsizetype sentCharacters, qint64 reportedInputTokens);
    qint64 estimatedTokens(qsizetype characters) const;
    /// What counts towards a request's size: every message's text, calls and results, and the tools.
    static qsizetype charactersOf(const QList<ModelMessage> &messages, const QList<ModelTool> &tools);
    /// The note that stands in for a shortened tool result, saying how long it was.
    static QString shortenedNote(qsizetype originalLength);

private:
    qint64 m_contextLimit = 0;
    qint64 m_reservedOutput = 0;
    double m_charactersPerToken = 4.0;
};

} // namespace Toolgate
