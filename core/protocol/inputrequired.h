#pragma once

#include "core/common/jsonkeyorder.h"
#include "core/common/result.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <optional>

namespace Toolgate {

/// A 2026-07-28 InputRequiredResult (basic/mrtr.mdx): instead of sending requests of its own, a server
/// answers a request (which ones may be answered so: ClientSession) with the input it needs (elicitation,
/// sampling, roots); the client gets it and sends the request again with the answers and the opaque
/// requestState.
struct InputRequiredResult
{
    struct Request
    {
        QString key;    ///< the name the answer goes back under, in inputResponses
        QString method; ///< "elicitation/create", "sampling/createMessage" or "roots/list"
        QJsonObject params;
        JsonKeyOrder paramsOrder; ///< as the server wrote them: a form asks its fields in that order
    };
    QList<Request> requests; ///< in the order the server wrote them
    /// Opaque to the client: sent back as it came, never read. Absent when the server keeps none.
    std::optional<QString> requestState;

    static constexpr QLatin1StringView resultType{"input_required"};
    /// What a requestState takes on the wire (UTF-8 bytes), counted without converting what may be megabytes.
    static qint64 stateBytes(QStringView state);
    static bool isInputRequired(const QJsonObject &result);
    /// Strict: inputRequests (if there) an object of {method, params} with one of the three methods,
    /// requestState (if there) a string, and at least one of them present.
    static Result<InputRequiredResult> parse(const QJsonObject &result, const JsonKeyOrder &order);
};

/// One round of a multi-round-trip request, as the call's result view and audit record show it.
struct InputRound
{
    struct Input
    {
        QString key;
        QString method;
        QJsonObject params;
        QJsonObject answer; ///< what Toolgate sent back (e.g. {"action":"accept","content":{…}})
    };
    int number = 0; ///< 1 for the first round
    QList<Input> inputs;

    /// One line a person reads, e.g. "Round 1: a form, “Really delete?” → accepted; the roots → 2 given".
    /// The server's words in it (a form's message) are shortened to one line, not otherwise cleaned:
    /// a terminal sanitizes the line as any other text of the server's.
    QString describe() const;
};

} // namespace Toolgate
