#pragma once

#include "core/client/clientsession.h"
#include "core/peer/jsonrpcpeer.h"

#include <QObject>

#include <functional>
#include <optional>

namespace Toolgate {

class InputRounds;
class SessionCore;
class UrlElicitationTracker;

/// Sends the session's requests and turns their answers into typed results: the envelope on the way out;
/// on the way back the checks every answer gets (an object, a resultType this client can follow, errors
/// in words a person can act on in the modern era), every page of a list, and one more try for a read
/// whose response stream broke. Kept apart so each of the session's requests says only what is its own.
class RequestSender final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RequestSender)
public:
    template<typename T>
    using Callback = ClientSession::Callback<T>;
    using InputRoundListener = std::function<void(const InputRound &)>;

    RequestSender(SessionCore &core, InputRounds &rounds, UrlElicitationTracker &urlElicitations);

    /// Sends method and converts its object result with convert (which returns T or Result<T>).
    /// onInputRound: for a request that may be answered with input_required, told of each round (see
    /// ClientSession::CallOptions::onInputRound).
    template<typename T, typename Convert>
    void request(const QString &method, const QJsonObject &params, QObject *context, Callback<T> callback, Convert convert,
                 InputRoundListener onInputRound = {})
    {
        send(method, params, context,
             [callback = std::move(callback), convert = std::move(convert)](const Result<QJsonObject> &answer) {
                 if (answer)
                     callback(Result<T>(convert(answer.value())));
                 else
                     callback(Result<T>(answer.error()));
             },
             std::move(onInputRound));
    }

    /// Fetches every page of a paginated list, following nextCursor, up to maxPages pages and
    /// maxListItems items: beyond those the server is told about in protocolViolation and the
    /// first maxListItems are kept, so a server sending page after page cannot exhaust memory.
    /// For Tool, Resource, ResourceTemplate, Prompt and Task.
    template<typename T>
    void listAll(const QString &method, const QString &key, QObject *context, Callback<QList<T>> callback);

    /// Sends a request that is not followed through input rounds, sending it again once under a new id
    /// when SessionCore::mayReissue().
    void sendRequest(const QString &method, const QJsonObject &params, QObject *context,
                     JsonRpcPeer::ResponseHandler handler, const JsonRpcPeer::RequestOptions &options);

    /// A modern request's error in words a person can act on (basic/index.mdx error codes). The code and
    /// data stay the server's.
    static Error explainModernError(Error error, const QString &method, const QString &uri, const QString &version);
    /// A 2026-07-28 result's resultType (basic/index.mdx): absent or "complete" is a final answer; an
    /// unknown value makes the result invalid. An input_required that reaches this is one the session could
    /// not follow: the method may not ask (mayAskForInput false), or Toolgate declared nothing to ask for.
    static std::optional<Error> resultTypeProblem(const QJsonObject &result, const QString &method, bool mayAskForInput);
    /// A legacy session's answer to a request that 2026-07-28 lets a server answer with input_required (or,
    /// a tool call, with a task): either resultType there means the answer holds no result, and reading
    /// it as one would show an empty success. asTask: the tool call asked for a 2025-11-25 task, so a
    /// "task" member is the answer it wanted. nullopt for any other answer (a legacy result's unknown
    /// members are not judged).
    /// isToolCall: the answer is to the session's tools/call (told by the caller, so that nothing here
    /// names that request: only the pipeline sends it, see tests/arch/checktoolscall.cmake).
    static std::optional<Error> legacyEraMixUp(const QJsonObject &result, const QString &method, const QString &version,
                                               bool isToolCall = false, bool asTask = false);
    /// The error for an answer whose result is no object.
    static Error notAnObject(const QString &method);

signals:
    void protocolViolation(const QString &description);

private:
    void send(const QString &method, const QJsonObject &params, QObject *context,
              std::function<void(const Result<QJsonObject> &)> answered, InputRoundListener onInputRound);
    template<typename T>
    void listFrom(const QString &method, const QString &key, QObject *context, Callback<QList<T>> callback,
                  QList<T> sofar, std::optional<QString> cursor, int page);
    void mirrorToolArguments(QList<Tool> &tools);

    SessionCore &m_core;
    InputRounds &m_rounds;
    UrlElicitationTracker &m_urlElicitations;
};

} // namespace Toolgate
