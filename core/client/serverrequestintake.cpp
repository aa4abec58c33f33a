#include "core/client/serverrequestintake.h"

#include "core/client/sessioncore.h"
#include "core/client/urlelicitationtracker.h"
#include "core/common/error.h"
#include "core/common/logging.h"
#include "core/peer/jsonrpcpeer.h"

namespace Toolgate {

ServerRequestIntake::ServerRequestIntake(SessionCore &core, UrlElicitationTracker &urlElicitations)
    : m_core(core)
    , m_urlElicitations(urlElicitations)
{
    JsonRpcPeer &peer = core.peer();
    peer.setRequestHandler(QStringLiteral("ping"), [this](const JsonRpcMessage &, const Responder &responder) {
        if (!refusedInModernEra(QStringLiteral("ping"), responder))
            responder.respond(QJsonObject());
    });
    for (const QString &method : {QStringLiteral("roots/list"), QStringLiteral("sampling/createMessage"), QStringLiteral("elicitation/create")}) {
        peer.setRequestHandler(method, [this, method](const JsonRpcMessage &request, const Responder &responder) {
            if (!refusedInModernEra(method, responder))
                dispatch(method, request.params(), responder);
        });
    }
    // 2025-11-25: the server follows the sampling and elicitation it asked to run as tasks of the client.
    for (const QString &method : {QStringLiteral("tasks/get"), QStringLiteral("tasks/result"), QStringLiteral("tasks/list"), QStringLiteral("tasks/cancel")}) {
        peer.setRequestHandler(method, [this, method](const JsonRpcMessage &request, const Responder &responder) {
            if (refusedInModernEra(method, responder))
                return;
            if (!runsTasks())
                responder.respondError(makeError(ErrorCode::MethodNotFound, QStringLiteral("this client runs no tasks")));
            else
                m_taskHandler(method, request.params(), responder);
        });
    }
    peer.setNotificationHandler(QStringLiteral("notifications/cancelled"), [](const JsonRpcMessage &) {
        // JsonRpcPeer already marked the incoming request cancelled.
    });
}

void ServerRequestIntake::setRootsHandler(Handler handler, bool notifiesListChanged)
{
    m_rootsHandler = std::move(handler);
    m_rootsListChanged = notifiesListChanged;
}

void ServerRequestIntake::setSamplingHandler(Handler handler, bool withTools)
{
    m_samplingHandler = std::move(handler);
    m_samplingTools = withTools;
}

void ServerRequestIntake::setElicitationHandler(Handler handler, const QStringList &modes)
{
    m_elicitationHandler = std::move(handler);
    m_elicitationModes = modes;
}

void ServerRequestIntake::setClientTaskHandler(TaskHandler handler)
{
    m_taskHandler = std::move(handler);
}

bool ServerRequestIntake::runsTasks() const
{
    return m_taskHandler && (m_samplingHandler || m_elicitationHandler) && !m_core.modern();
}

QJsonObject ServerRequestIntake::declaredCapabilities(ProtocolEra era) const
{
    QJsonObject capabilities;
    if (m_rootsHandler) {
        capabilities.insert(QLatin1String("roots"), era == ProtocolEra::Modern
                                                        ? QJsonObject()
                                                        : QJsonObject{{QLatin1String("listChanged"), m_rootsListChanged}});
    }
    if (m_samplingHandler) {
        QJsonObject sampling;
        if (m_samplingTools)
            sampling.insert(QLatin1String("tools"), QJsonObject());
        capabilities.insert(QLatin1String("sampling"), sampling);
    }
    if (m_elicitationHandler) {
        QJsonObject elicitation;
        for (const QString &mode : m_elicitationModes)
            elicitation.insert(mode, QJsonObject());
        capabilities.insert(QLatin1String("elicitation"), elicitation);
    }
    // 2025-11-25 basic/utilities/tasks.mdx, client capabilities. 2026-07-28 has none: a server asks for
    // input only inside its answers, so there is nothing of the server's own to run as a task.
    if (m_taskHandler && era == ProtocolEra::Legacy && (m_samplingHandler || m_elicitationHandler)) {
        QJsonObject requests;
        if (m_samplingHandler)
            requests.insert(QLatin1String("sampling"), QJsonObject{{QLatin1String("createMessage"), QJsonObject()}});
        if (m_elicitationHandler)
            requests.insert(QLatin1String("elicitation"), QJsonObject{{QLatin1String("create"), QJsonObject()}});
        capabilities.insert(QLatin1String("tasks"), QJsonObject{{QLatin1String("list"), QJsonObject()},
                                                                {QLatin1String("cancel"), QJsonObject()},
                                                                {QLatin1String("requests"), requests}});
    }
    return capabilities;
}

bool ServerRequestIntake::refusedInModernEra(const QString &method, const Responder &responder) const
{
    if (!m_core.modern())
        return false;
    // 2026-07-28 removed the server's own requests (changelog.mdx): it asks for input inside its answers
    // (basic/mrtr.mdx), where the request it belongs to is known, and has no ping. One sent on its own
    // belongs to nothing the person did, so it is refused here, logged and never shown, whatever
    // handler is installed.
    qCWarning(lcClient).noquote() << "refused" << method << "sent as a request of its own: the server speaks"
                                  << m_core.modernVersion() << "where a server asks for input only inside its answers";
    responder.respondError(makeError(ErrorCode::MethodNotFound,
                                     QStringLiteral("%1 is not a request a server sends in MCP %2; a server asks for input with "
                                                    "an input_required result").arg(method, m_core.modernVersion())));
    return true;
}

void ServerRequestIntake::dispatch(const QString &method, const QJsonObject &sent, const Responder &responder) const
{
    // The spec: a receiver that did not declare tasks for a request processes it normally, ignoring the
    // task it asks for. So a handler sees "task" only where it may answer with one.
    QJsonObject params = sent;
    if (params.contains(QLatin1String("task")) && (method == QLatin1String("roots/list") || !runsTasks()))
        params.remove(QLatin1String("task"));
    const Handler *handler = nullptr;
    QString feature;
    if (method == QLatin1String("roots/list")) {
        handler = &m_rootsHandler;
        feature = QStringLiteral("roots");
    } else if (method == QLatin1String("sampling/createMessage")) {
        handler = &m_samplingHandler;
        feature = QStringLiteral("sampling");
    } else if (method == QLatin1String("elicitation/create")) {
        handler = &m_elicitationHandler;
        feature = QStringLiteral("elicitation");
    }
    if (!handler) {
        responder.respondError(makeError(ErrorCode::MethodNotFound, QStringLiteral("this client does not answer %1").arg(method)));
        return;
    }
    if (!*handler) {
        responder.respondError(makeError(ErrorCode::MethodNotFound, QStringLiteral("this client does not offer %1").arg(feature)));
        return;
    }
    if (const std::optional<Error> refusal = undeclared(method, params)) {
        responder.respondError(*refusal);
        return;
    }
    if (method == QLatin1String("elicitation/create") && params.value(QLatin1String("mode")) == QJsonValue(QLatin1String("url")))
        m_urlElicitations.noteRequest(params);
    (*handler)(params, responder);
}

std::optional<Error> ServerRequestIntake::undeclared(const QString &method, const QJsonObject &params) const
{
    // The spec: a client that did not declare sampling.tools MUST answer an error to tools or toolChoice.
    if (method == QLatin1String("sampling/createMessage") && !m_samplingTools
        && (params.contains(QLatin1String("tools")) || params.contains(QLatin1String("toolChoice")))) {
        return makeError(ErrorCode::InvalidParams, QStringLiteral("this client did not declare sampling.tools, so it cannot sample with tools"));
    }
    if (method == QLatin1String("elicitation/create")) {
        // A missing mode means form; asking for a mode we did not declare is invalid params.
        const QString mode = params.value(QLatin1String("mode")).toString(QStringLiteral("form"));
        if (!m_elicitationModes.contains(mode))
            return makeError(ErrorCode::InvalidParams, QStringLiteral("this client does not support elicitation mode \"%1\"").arg(mode));
    }
    return std::nullopt;
}

} // namespace Toolgate
