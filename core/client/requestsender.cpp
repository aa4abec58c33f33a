#include "core/client/requestsender.h"

#include "core/client/inputrounds.h"
#include "core/client/sessioncore.h"
#include "core/client/urlelicitationtracker.h"
#include "core/common/error.h"
#include "core/common/logging.h"
#include "core/jsonrpc/jsonwriter.h"
#include "core/protocol/page.h"
#include "core/protocol/task.h"
#include "core/transport/requestheaders.h"
#include "core/transport/transport.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>

#include <type_traits>

namespace Toolgate {

namespace {

constexpr int maxPages = 1000;

/// Of the requests sent here, those a 2026-07-28 server may answer with an InputRequiredResult
/// (basic/mrtr.mdx). The third that may, the tool call, has a path of its own (ClientSession::callTool()).
bool mayAskForInput(const QString &method)
{
    return method == QLatin1String("resources/read") || method == QLatin1String("prompts/get");
}

/// The checks every answer gets before it is read. modernVersion: the revision the request was sent
/// in, nullopt in the legacy era, where errors stay as the server said them and there is no resultType.
/// It is the one the request was sent under: the session may be gone when a pending request is answered.
Result<QJsonObject> checkedAnswer(const Result<QJsonValue> &result, const QString &method, const QString &uri,
                                  const std::optional<QString> &modernVersion)
{
    if (!result)
        return modernVersion ? RequestSender::explainModernError(result.error(), method, uri, *modernVersion) : result.error();
    if (!result.value().isObject())
        return RequestSender::notAnObject(method);
    const QJsonObject answer = result.value().toObject();
    if (modernVersion) {
        if (const auto problem = RequestSender::resultTypeProblem(answer, method, mayAskForInput(method)))
            return *problem;
    }
    return answer;
}

/// What a list's items are called in messages, from its result key.
QString itemsName(const QString &key)
{
    return key == QLatin1String("resourceTemplates") ? QStringLiteral("resource templates") : key;
}

// Page::fromJson reads the object items of the array, in order, and skips the rest.
void assignKeyOrders(QList<Tool> &tools, const QJsonArray &array, const JsonKeyOrder &arrayOrder)
{
    qsizetype next = 0;
    for (qsizetype i = 0; i < array.size() && next < tools.size(); ++i) {
        if (array.at(i).isObject())
            tools[next++].rawOrder = arrayOrder.element(i);
    }
}

} // namespace

RequestSender::RequestSender(SessionCore &core, InputRounds &rounds, UrlElicitationTracker &urlElicitations)
    : m_core(core)
    , m_rounds(rounds)
    , m_urlElicitations(urlElicitations)
{
}

void RequestSender::send(const QString &method, const QJsonObject &params, QObject *context,
                         std::function<void(const Result<QJsonObject> &)> answered, InputRoundListener onInputRound)
{
    QPointer<UrlElicitationTracker> urlElicitations(&m_urlElicitations);
    const std::optional<QString> version = m_core.modern() ? std::optional(m_core.modernVersion()) : std::nullopt;
    const QString uri = params.value(QLatin1String("uri")).toString();
    const QString legacyVersion = m_core.negotiated().protocolVersion;
    JsonRpcPeer::ResponseHandler finished = [urlElicitations, answered = std::move(answered), method, version,
                                             uri, legacyVersion](const Result<QJsonValue> &result) {
        if (!result && urlElicitations)
            urlElicitations->noteRequestError(result.error());
        const Result<QJsonObject> answer = checkedAnswer(result, method, uri, version);
        if (answer && !version && mayAskForInput(method)) {
            if (const auto problem = legacyEraMixUp(answer.value(), method, legacyVersion)) {
                answered(*problem);
                return;
            }
        }
        answered(answer);
    };
    if (!mayAskForInput(method)) {
        sendRequest(method, m_core.withEnvelope(params), context, std::move(finished), m_core.requestOptions());
        return;
    }
    auto exchange = std::make_shared<InputRounds::Exchange>();
    exchange->method = method;
    JsonWriter::appendObject(exchange->params, m_core.withEnvelope(params));
    exchange->requestOptions = m_core.requestOptions();
    exchange->context = context;
    exchange->finished = std::move(finished);
    exchange->onInputRound = std::move(onInputRound);
    exchange->subject = params.value(QLatin1String(method == QLatin1String("resources/read") ? "uri" : "name")).toString();
    m_rounds.start(exchange);
}

template<typename T>
void RequestSender::listAll(const QString &method, const QString &key, QObject *context, Callback<QList<T>> callback)
{
    listFrom<T>(method, key, context, std::move(callback), {}, std::nullopt, 0);
}

template<typename T>
void RequestSender::listFrom(const QString &method, const QString &key, QObject *context, Callback<QList<T>> callback,
                             QList<T> sofar, std::optional<QString> cursor, int page)
{
    QJsonObject params;
    if (cursor)
        params.insert(QLatin1String("cursor"), *cursor);
    QPointer<RequestSender> self(this);
    JsonRpcPeer::RequestOptions options = m_core.requestOptions();
    // A tool's form asks its fields in the order the server wrote them: read that order too.
    auto pageOrder = std::make_shared<JsonKeyOrder>();
    if constexpr (std::is_same_v<T, Tool>)
        options.resultKeyOrder = [pageOrder](const JsonKeyOrder &order) { *pageOrder = order; };
    const std::optional<QString> version = m_core.modern() ? std::optional(m_core.modernVersion()) : std::nullopt;
    sendRequest(method, m_core.withEnvelope(params), context,
        [self, method, key, context, callback = std::move(callback), sofar = std::move(sofar), cursor, page,
         pageOrder, version](const Result<QJsonValue> &result) mutable {
            const Result<QJsonObject> answer = checkedAnswer(result, method, {}, version);
            if (!answer) {
                callback(Result<QList<T>>(answer.error()));
                return;
            }
            Page<T> thisPage = Page<T>::fromJson(answer.value(), key, maxListItems - sofar.size());
            if constexpr (std::is_same_v<T, Tool>)
                assignKeyOrders(thisPage.items, answer.value().value(key).toArray(), pageOrder->member(key));
            sofar.append(thisPage.items);
            const bool capped = thisPage.skipped > 0 || (sofar.size() >= maxListItems && thisPage.nextCursor);
            if (capped && self) {
                const QString warning = QCoreApplication::translate("Toolgate::ClientSession", "the server offers more than %1 %2 (%3); showing the first %1")
                                            .arg(maxListItems)
                                            .arg(itemsName(key), method);
                qCWarning(lcClient) << warning;
                emit self->protocolViolation(warning);
            }
            if (!thisPage.nextCursor || capped) {
                if constexpr (std::is_same_v<T, Tool>) {
                    // A broken definition is listed, not dropped: but the person hears what is wrong.
                    for (const QString &problem : Tool::listProblems(sofar)) {
                        if (!self)
                            break;
                        emit self->protocolViolation(problem);
                    }
                    if (self && version)
                        self->mirrorToolArguments(sofar);
                }
                callback(Result<QList<T>>(std::move(sofar)));
                return;
            }
            if (page + 1 >= maxPages || thisPage.nextCursor == cursor) {
                callback(Result<QList<T>>(makeError(ErrorCode::ProtocolError,
                    QCoreApplication::translate("Toolgate::ClientSession", "the server's %1 pagination does not end (cursor \"%2\" repeats or more than %3 pages)")
                        .arg(method, *thisPage.nextCursor).arg(maxPages))));
                return;
            }
            if (!self || self->m_core.state() != SessionCore::State::Ready) {
                callback(Result<QList<T>>(makeError(ErrorCode::ConnectionClosed, QCoreApplication::translate("Toolgate::ClientSession", "the connection closed while listing"))));
                return;
            }
            self->listFrom<T>(method, key, context, std::move(callback), std::move(sofar), thisPage.nextCursor, page + 1);
        }, options);
}

template void RequestSender::listAll<Tool>(const QString &, const QString &, QObject *, Callback<QList<Tool>>);
template void RequestSender::listAll<Resource>(const QString &, const QString &, QObject *, Callback<QList<Resource>>);
template void RequestSender::listAll<ResourceTemplate>(const QString &, const QString &, QObject *, Callback<QList<ResourceTemplate>>);
template void RequestSender::listAll<Prompt>(const QString &, const QString &, QObject *, Callback<QList<Prompt>>);
template void RequestSender::listAll<Task>(const QString &, const QString &, QObject *, Callback<QList<Task>>);

/// 2026-07-28 over HTTP: tells the transport which arguments of which tool go into Mcp-Param-*
/// headers, and drops the tools whose x-mcp-header annotations are invalid, as the spec requires
/// (a request for them could not be sent correctly), saying why.
void RequestSender::mirrorToolArguments(QList<Tool> &tools)
{
    Transport &transport = m_core.transport();
    if (!transport.mirrorsToolArguments())
        return;
    QHash<QString, RequestHeaders::ToolArgumentHeaders> headers;
    for (auto it = tools.begin(); it != tools.end();) {
        const Result<RequestHeaders::ToolArgumentHeaders> found = RequestHeaders::toolArgumentHeaders(it->inputSchema);
        if (!found) {
            const QString warning = QCoreApplication::translate("Toolgate::ClientSession", "the tool \"%1\" is not offered: %2")
                                        .arg(it->name, found.error().message);
            qCWarning(lcClient) << warning;
            emit protocolViolation(warning);
            it = tools.erase(it);
            continue;
        }
        if (!found->isEmpty())
            headers.insert(it->name, found.value());
        ++it;
    }
    transport.setToolArgumentHeaders(headers);
}

void RequestSender::sendRequest(const QString &method, const QJsonObject &params, QObject *context,
                                JsonRpcPeer::ResponseHandler handler, const JsonRpcPeer::RequestOptions &options)
{
    QPointer<RequestSender> self(this);
    QPointer<QObject> alive(context);
    m_core.peer().sendRequest(method, params, context,
        [self, alive, method, params, handler, options](const Result<QJsonValue> &answer) {
            if (self && alive && !answer && self->m_core.mayReissue(method, answer.error())) {
                qCInfo(lcClient) << method << "sent again under a new id: its response stream ended before the answer";
                self->m_core.peer().sendRequest(method, params, alive.data(), handler, options); // once: no second wrap
                return;
            }
            handler(answer);
        }, options);
}

Error RequestSender::explainModernError(Error error, const QString &method, const QString &uri, const QString &version)
{
    // resources/read: 2026-07-28 says "resource not found" with -32602 (older servers -32002); elsewhere
    // -32602 keeps meaning invalid params.
    const QJsonObject data = error.data.toObject();
    switch (ErrorCode(error.code)) {
    case ErrorCode::MissingRequiredClientCapability: {
        const QStringList needed = data.value(QLatin1String("requiredCapabilities")).toObject().keys();
        error.message = QCoreApplication::translate("Toolgate::ClientSession", "the server needs client capabilities that Toolgate did not declare for "
                                                    "this request (%1): %2")
                            .arg(needed.isEmpty() ? QStringLiteral("?") : needed.join(QStringLiteral(", ")), error.message);
        break;
    }
    case ErrorCode::UnsupportedProtocolVersion: {
        const QStringList supported = data.value(QLatin1String("supported")).toVariant().toStringList();
        error.message = QCoreApplication::translate("Toolgate::ClientSession", "the server no longer accepts MCP %1 (it supports %2): %3")
                            .arg(version, supported.isEmpty() ? QStringLiteral("?") : supported.join(QStringLiteral(", ")), error.message);
        break;
    }
    case ErrorCode::HeaderMismatch:
        error.message = QCoreApplication::translate("Toolgate::ClientSession", "the server refused the request's HTTP headers, which must repeat "
                                                    "parts of the request (Mcp-Method, Mcp-Name, Mcp-Param-*): %1")
                            .arg(error.message);
        break;
    case ErrorCode::InvalidParams:
    case ErrorCode::ResourceNotFoundLegacy:
        if (method == QLatin1String("resources/read")) {
            error.message = QCoreApplication::translate("Toolgate::ClientSession", "the server has no resource %1 (%2)")
                                .arg(data.value(QLatin1String("uri")).toString(uri), error.message);
        }
        break;
    default:
        break;
    }
    return error;
}

std::optional<Error> RequestSender::legacyEraMixUp(const QJsonObject &result, const QString &method, const QString &version,
                                                   bool isToolCall, bool asTask)
{
    const QJsonValue type = result.value(QLatin1String("resultType"));
    if (type == QJsonValue(QLatin1String("input_required")) || (isToolCall && type == QJsonValue(QLatin1String("task")))) {
        return makeError(ErrorCode::ProtocolError,
                         QCoreApplication::translate("Toolgate::ClientSession", "the server answered %1 with \"%2\", an answer of MCP 2026-07-28, "
                                                      "but this connection speaks %3, where it holds no result; the server mixes up "
                                                      "protocol revisions: tell its author")
                             .arg(method, type.toString(), version));
    }
    // A 2025-11-25 CreateTaskResult: what a call asked to run as a task gets, and no result of the call.
    if (isToolCall && !asTask && result.value(QLatin1String("task")).isObject() && !result.contains(QLatin1String("content"))) {
        return makeError(ErrorCode::ProtocolError,
                         QCoreApplication::translate("Toolgate::ClientSession", "the server answered %1 with a task, which Toolgate did not ask "
                                                      "for, instead of the call's result; the server does not follow MCP %2: tell its author")
                             .arg(method, version));
    }
    return std::nullopt;
}

Error RequestSender::notAnObject(const QString &method)
{
    return makeError(ErrorCode::ProtocolError,
                     QCoreApplication::translate("Toolgate::ClientSession", "the server's answer to %1 is not an object").arg(method));
}

std::optional<Error> RequestSender::resultTypeProblem(const QJsonObject &result, const QString &method, bool mayAskForInput)
{
    const QJsonValue type = result.value(QLatin1String("resultType"));
    if (type.isUndefined() || type == QJsonValue(QLatin1String("complete")))
        return std::nullopt;
    if (type == QJsonValue(QLatin1String("input_required"))) {
        if (!mayAskForInput) {
            return makeError(ErrorCode::ProtocolError,
                             QCoreApplication::translate("Toolgate::ClientSession", "the server answered %1 with input_required, which only tools/call, "
                                                          "resources/read and prompts/get may return").arg(method));
        }
        return makeError(ErrorCode::ProtocolError,
                         QCoreApplication::translate("Toolgate::ClientSession", "the server asks for input to finish %1, but Toolgate did not declare "
                                                      "that it can give any").arg(method));
    }
    const QString shown = type.isString() ? type.toString() : QString::fromUtf8(QJsonDocument(QJsonArray{type}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
    return makeError(ErrorCode::ProtocolError,
                     QCoreApplication::translate("Toolgate::ClientSession", "unknown resultType \"%1\" in the answer to %2").arg(shown, method));
}

} // namespace Toolgate

#include "moc_requestsender.cpp"
