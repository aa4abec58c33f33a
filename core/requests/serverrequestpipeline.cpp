#include "core/requests/serverrequestpipeline.h"

#include "core/audit/auditlog.h"
#include "core/client/clientsession.h"
#include "core/common/error.h"
#include "core/common/logging.h"
#include "core/common/tokenbucket.h"
#include "core/requests/clienttasks.h"
#include "core/requests/serverrequest.h"

#include <QCoreApplication>
#include <QTimer>

#include <optional>

namespace Toolgate {

namespace {

QString durationText(std::chrono::milliseconds duration)
{
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(duration).count();
    if (seconds >= 120)
        return QStringLiteral("%1 minutes").arg(seconds / 60);
    return QStringLiteral("%1 seconds").arg(seconds);
}

QString kindText(ServerRequest::Kind kind)
{
    switch (kind) {
    case ServerRequest::Kind::Sampling: return QStringLiteral("sampling");
    case ServerRequest::Kind::Elicitation: return QStringLiteral("elicitation");
    case ServerRequest::Kind::Roots: return QStringLiteral("roots");
    }
    return {};
}

std::optional<ServerRequest::Kind> kindOf(const QString &method)
{
    if (method == QLatin1String("sampling/createMessage"))
        return ServerRequest::Kind::Sampling;
    if (method == QLatin1String("elicitation/create"))
        return ServerRequest::Kind::Elicitation;
    if (method == QLatin1String("roots/list"))
        return ServerRequest::Kind::Roots;
    return std::nullopt;
}

/// What a request that nobody answered gets: elicitation the spec's "dismissed without a choice",
/// sampling a refusal, roots an error.
Result<QJsonObject> unansweredAnswer(ServerRequest::Kind kind, const QString &why)
{
    if (kind == ServerRequest::Kind::Elicitation)
        return ElicitationResult{ElicitationResult::Action::Cancel, {}}.toJson();
    if (kind == ServerRequest::Kind::Sampling)
        return Error{ServerRequest::UserRejectedCode, QStringLiteral("The user did not answer: %1").arg(why), {}};
    return makeError(ErrorCode::InternalError, why);
}

} // namespace

struct ServerRequestPipeline::Queue
{
    QString serverName;
    /// The request the gate shows now, then those waiting, in order of arrival.
    QList<QPointer<ServerRequest>> entries;
    bool headShown = false;
    // Flood control: a token bucket, and what was refused since the last summary.
    std::optional<TokenBucket> bucket;
    int refusedSinceSummary = 0;
    QString lastRefusedMethod;
    bool flooding = false;
    std::unique_ptr<QTimer> summaryTimer;
};

class ServerRequestPipeline::Private
{
public:
    QPointer<AuditLog> audit;
    CallInitiator initiator;
    Options options;
    ServerRequestGate *gate = nullptr;
    // Keyed by the origin (a session), never dereferenced through the key (it may be gone).
    QHash<QObject *, std::shared_ptr<Queue>> queues;
    QList<QPointer<ClientSession>> sessions;
};

ServerRequestPipeline::ServerRequestPipeline(AuditLog *audit, CallInitiator initiator, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>())
{
    d->audit = audit;
    d->initiator = initiator;
}

ServerRequestPipeline::~ServerRequestPipeline()
{
    // Answer what is still open rather than leave servers waiting on questions that are going away.
    const QList<QObject *> origins = d->queues.keys();
    for (QObject *origin : origins)
        withdrawAll(origin, makeError(ErrorCode::ConnectionClosed, QCoreApplication::translate("Toolgate::ServerRequestPipeline", "Toolgate is closing")),
                    QCoreApplication::translate("Toolgate::ServerRequestPipeline", "Toolgate is closing"));
}

void ServerRequestPipeline::setOptions(const Options &options) { d->options = options; }
void ServerRequestPipeline::setGate(ServerRequestGate *gate) { d->gate = gate; }
ServerRequestGate *ServerRequestPipeline::gate() const { return d->gate; }

ServerRequestGate::Abilities ServerRequestPipeline::abilities() const
{
    return d->gate ? d->gate->abilities() : ServerRequestGate::Abilities{};
}

void ServerRequestPipeline::configureSession(ClientSession *session, std::function<ServerIdentity()> identity)
{
    const ServerRequestGate::Abilities can = abilities();
    QPointer<ServerRequestPipeline> self(this);
    QObject *origin = session;
    QPointer<ClientSession> guardedSession(session);
    // Sampling and elicitation the server asks to run as tasks of the client: the session's child, so
    // its tasks go with the connection.
    QPointer<ClientTasks> tasks = new ClientTasks(session);
    const auto handlerFor = [self, origin, guardedSession, identity, tasks](const QString &method) {
        return [self, origin, guardedSession, identity, tasks, method](const QJsonObject &params, const Responder &responder) {
            if (!self) {
                responder.respondError(makeError(ErrorCode::InternalError, QStringLiteral("Toolgate is closing")));
                return;
            }
            Sink sink = [responder](const Result<QJsonObject> &answer) {
                if (answer)
                    responder.respond(answer.value());
                else
                    responder.respondError(answer.error());
            };
            // As a task, the server has its answer at once and the person's answer, when given, ends the task.
            if (tasks && ClientTasks::asksForTask(params)) {
                sink = tasks->start(responder.id(), params, responder);
                if (!sink)
                    return;
            }
            // One embedded in a tool call's result (2026-07-28) is recorded with that call.
            const auto embedded = guardedSession ? guardedSession->embeddedRequestOrigin(responder.id()) : std::nullopt;
            self->receive(origin, identity(), method, params, responder.paramsOrder(), responder.id(),
                          embedded ? embedded->auditCallId : 0, embedded ? embedded->occasion() : QString(), std::move(sink));
        };
    };
    if (can.roots)
        session->setRootsHandler(handlerFor(QStringLiteral("roots/list")), true);
    if (can.sampling)
        session->setSamplingHandler(handlerFor(QStringLiteral("sampling/createMessage")), can.samplingTools);
    QStringList modes;
    if (can.elicitationForm)
        modes.append(QStringLiteral("form"));
    if (can.elicitationUrl)
        modes.append(QStringLiteral("url"));
    if (!modes.isEmpty())
        session->setElicitationHandler(handlerFor(QStringLiteral("elicitation/create")), modes);
    session->setClientTaskHandler([tasks](const QString &method, const QJsonObject &params, const Responder &responder) {
        if (tasks)
            tasks->answer(method, params, responder);
        else
            responder.respondError(makeError(ErrorCode::InternalError, QStringLiteral("the client's tasks are gone")));
    });
    connect(tasks, &ClientTasks::statusChanged, session, &ClientSession::notifyClientTaskStatus);
    // The server cancelled a task whose question is still open: closed as when it cancels a request.
    connect(tasks, &ClientTasks::requestAbandoned, this,
            [this, origin](const RequestId &id) { onServerCancelled(origin, id, tr("run as a task")); });

    d->sessions.removeAll(nullptr);
    d->sessions.append(session);
    connect(session, &ClientSession::serverRequestCancelled, this,
            [this, origin](const RequestId &id, const QString &reason) { onServerCancelled(origin, id, reason); });
    connect(session, &ClientSession::elicitationCompleted, this, [this, origin, identity](const QString &elicitationId) {
        onElicitationCompleted(origin, identity().name, elicitationId);
    });
    connect(session, &ClientSession::stateChanged, this, [this, origin](ClientSession::State state) {
        if (state == ClientSession::State::Closing || state == ClientSession::State::Closed || state == ClientSession::State::Failed)
            withdrawAll(origin, makeError(ErrorCode::ConnectionClosed, QCoreApplication::translate("Toolgate::ServerRequestPipeline", "the server disconnected")),
                        QCoreApplication::translate("Toolgate::ServerRequestPipeline", "the server disconnected"));
    });
    connect(session, &QObject::destroyed, this, [this, origin] {
        withdrawAll(origin, makeError(ErrorCode::ConnectionClosed, QCoreApplication::translate("Toolgate::ServerRequestPipeline", "the server disconnected")),
                    QCoreApplication::translate("Toolgate::ServerRequestPipeline", "the server disconnected"));
        d->queues.remove(origin);
    });
}

void ServerRequestPipeline::notifyRootsChanged()
{
    d->sessions.removeAll(nullptr);
    for (const QPointer<ClientSession> &session : std::as_const(d->sessions))
        session->notifyRootsListChanged();
}

QList<ServerRequest *> ServerRequestPipeline::pendingRequests() const
{
    QList<ServerRequest *> list;
    for (const auto &queue : std::as_const(d->queues)) {
        for (const QPointer<ServerRequest> &request : queue->entries) {
            if (request && !request->isSettled())
                list.append(request);
        }
    }
    return list;
}

bool ServerRequestPipeline::isFlooding(const QString &serverName) const
{
    return std::any_of(d->queues.cbegin(), d->queues.cend(),
                       [&](const std::shared_ptr<Queue> &queue) { return queue->serverName == serverName && queue->flooding; });
}

std::shared_ptr<ServerRequestPipeline::Queue> ServerRequestPipeline::queueFor(QObject *origin, const QString &serverName)
{
    auto &queue = d->queues[origin];
    if (!queue) {
        queue = std::make_shared<Queue>();
        queue->bucket.emplace(d->options.burst, d->options.perSecond);
    }
    queue->serverName = serverName;
    return queue;
}

bool ServerRequestPipeline::admit(Queue &queue, const QString &method)
{
    qsizetype waiting = 0;
    for (const QPointer<ServerRequest> &entry : queue.entries)
        waiting += entry && !entry->isSettled() ? 1 : 0;
    if (waiting < d->options.maxWaitingPerServer && queue.bucket->take())
        return true;
    ++queue.refusedSinceSummary;
    queue.lastRefusedMethod = method;
    if (!queue.flooding) {
        queue.flooding = true;
        qCWarning(lcClient) << queue.serverName << "sends requests faster than they can be answered; refusing the extra ones";
        emit floodingChanged(queue.serverName, true);
        emit notice(tr("%1 sends requests faster than you can answer them; Toolgate refuses the extra ones until it slows down.")
                        .arg(queue.serverName));
    }
    return false;
}

void ServerRequestPipeline::summariseFlood(QObject *origin)
{
    const auto queue = d->queues.value(origin);
    if (!queue)
        return;
    if (queue->refusedSinceSummary == 0) {
        queue->summaryTimer.reset();
        if (queue->flooding) {
            queue->flooding = false;
            emit floodingChanged(queue->serverName, false);
        }
        return;
    }
    // One record for the whole burst: a flood must not grow the audit log by a row per request.
    if (d->audit) {
        AuditServerRequest entry;
        entry.server = ServerIdentity{queue->serverName, {}, {}};
        entry.method = queue->lastRefusedMethod;
        entry.params = QJsonObject{{QLatin1String("refusedRequests"), queue->refusedSinceSummary}};
        entry.error = makeError(ErrorCode::InternalError,
                                QCoreApplication::translate("Toolgate::ServerRequestPipeline", "%1 requests refused: the server sent them faster than they could be answered")
                                    .arg(queue->refusedSinceSummary));
        entry.initiator = d->initiator;
        d->audit->recordServerRequest(entry);
    }
    queue->refusedSinceSummary = 0;
}

void ServerRequestPipeline::receive(QObject *origin, const ServerIdentity &server, const QString &method, const QJsonObject &params,
                                    const JsonKeyOrder &paramsOrder, const RequestId &requestId, quint64 originCallId,
                                    const QString &occasion, Sink sink)
{
    const auto kind = kindOf(method);
    const std::shared_ptr<Queue> queue = queueFor(origin, server.name);
    if (!kind) {
        sink(makeError(ErrorCode::MethodNotFound, QStringLiteral("this client does not answer %1").arg(method)));
        return;
    }
    if (!admit(*queue, method)) {
        // Refused unrecorded one by one; summariseFlood() records the burst.
        if (!queue->summaryTimer) {
            queue->summaryTimer = std::make_unique<QTimer>();
            connect(queue->summaryTimer.get(), &QTimer::timeout, this, [this, origin] { summariseFlood(origin); });
            queue->summaryTimer->start(d->options.floodSummaryInterval);
        }
        sink(makeError(ErrorCode::InternalError,
                       QStringLiteral("too many requests are waiting for the user; this one was refused")));
        return;
    }

    auto *request = new ServerRequest(*kind, server, params, std::move(sink), d->audit, d->initiator, this);
    request->m_requestId = requestId;
    request->m_originCallId = originCallId;
    request->m_occasion = occasion;
    const ServerRequestGate::Abilities can = abilities();
    request->m_samplingToolsAllowed = can.samplingTools;
    // Requests that cannot be shown are refused at once, saying why (and recorded like the rest). What the
    // client did not declare (an elicitation mode, sampling with tools) never gets here: the session's
    // ServerRequestIntake refuses it, for every caller of ClientSession, against the capabilities declared
    // from these same abilities (configureSession()).
    std::optional<Error> invalid;
    if (*kind == ServerRequest::Kind::Sampling) {
        auto parsed = SamplingRequest::fromJson(params);
        if (!parsed)
            invalid = parsed.error();
        else
            request->m_sampling = std::move(parsed).value();
    } else if (*kind == ServerRequest::Kind::Elicitation) {
        auto parsed = ElicitationRequest::fromJson(params);
        if (!parsed) {
            invalid = parsed.error();
        } else {
            request->m_elicitation = std::move(parsed).value();
            request->m_elicitation.requestedSchemaOrder = paramsOrder.member(u"requestedSchema");
        }
    }
    if (!d->gate)
        invalid = makeError(ErrorCode::InternalError, QCoreApplication::translate("Toolgate::ServerRequestPipeline", "no one can answer requests in this client"));
    if (invalid) {
        qCWarning(lcClient) << server.name << "sent an invalid" << method << "request:" << invalid->message;
        request->refuse(*invalid);
        request->deleteLater();
        emit requestSettled();
        return;
    }

    QPointer<ServerRequest> guard(request);
    connect(request, &ServerRequest::settled, this, [this, origin, guard] {
        if (guard)
            settled(origin, guard);
    });
    auto *deadline = new QTimer(request);
    deadline->setSingleShot(true);
    connect(deadline, &QTimer::timeout, this, [this, guard] {
        if (guard)
            onTimeout(guard);
    });
    deadline->start(d->options.answerTimeout);

    if (*kind == ServerRequest::Kind::Roots) {
        // Nothing to queue behind: the gate answers roots from what the person chose beforehand.
        present(*queue, request);
        return;
    }
    queue->entries.append(request);
    if (!queue->headShown)
        showNext(origin);
    else
        updateWaiting(*queue);
}

void ServerRequestPipeline::present(Queue &queue, ServerRequest *request)
{
    Q_UNUSED(queue);
    emit requestPresented(request);
    QPointer<ServerRequest> guard(request);
    d->gate->present(request);
    if (guard && !guard->isSettled() && guard->kind() == ServerRequest::Kind::Roots)
        guard->refuse(makeError(ErrorCode::InternalError, QStringLiteral("the client could not list its roots")));
}

void ServerRequestPipeline::showNext(QObject *origin)
{
    const auto queue = d->queues.value(origin);
    if (!queue)
        return;
    queue->entries.removeIf([](const QPointer<ServerRequest> &entry) { return !entry || entry->isSettled(); });
    queue->headShown = false;
    if (queue->entries.isEmpty())
        return;
    queue->headShown = true;
    updateWaiting(*queue);
    present(*queue, queue->entries.first());
}

void ServerRequestPipeline::settled(QObject *origin, ServerRequest *request)
{
    emit requestSettled();
    request->deleteLater();
    const auto queue = d->queues.value(origin);
    if (!queue || !queue->entries.contains(request))
        return;
    const bool wasShown = queue->headShown && queue->entries.first() == request;
    queue->entries.removeAll(request);
    if (wasShown)
        showNext(origin);
    else
        updateWaiting(*queue);
}

void ServerRequestPipeline::updateWaiting(Queue &queue)
{
    if (queue.entries.isEmpty())
        return;
    const int waiting = int(queue.entries.size()) - 1;
    if (ServerRequest *head = queue.entries.first())
        head->setWaitingBehind(waiting);
}

void ServerRequestPipeline::withdrawAll(QObject *origin, const Error &error, const QString &why)
{
    const auto queue = d->queues.value(origin);
    if (!queue)
        return;
    // Waiting entries first, so answering the shown one does not bring the next one up.
    const QList<QPointer<ServerRequest>> entries(queue->entries.crbegin(), queue->entries.crend());
    queue->headShown = true; // nothing new is shown while the queue empties
    for (const QPointer<ServerRequest> &request : entries) {
        if (!request || request->isSettled())
            continue;
        emit notice(tr("%1's %2 request was closed unanswered: %3.").arg(request->server().name, kindText(request->kind()), why));
        request->withdraw(error, why);
    }
    queue->entries.clear();
    queue->headShown = false;
}

void ServerRequestPipeline::onServerCancelled(QObject *origin, const RequestId &requestId, const QString &reason)
{
    const auto queue = d->queues.value(origin);
    if (!queue)
        return;
    for (const QPointer<ServerRequest> &request : std::as_const(queue->entries)) {
        if (!request || request->isSettled() || request->m_requestId != requestId)
            continue;
        const QString why = reason.isEmpty() ? tr("the server cancelled the request")
                                             : tr("the server cancelled the request (%1)").arg(reason);
        emit notice(tr("%1 cancelled its %2 request%3; nothing was sent.")
                        .arg(request->server().name, kindText(request->kind()), reason.isEmpty() ? QString() : tr(" (%1)").arg(reason)));
        // After notifications/cancelled the Responder sends nothing; the record says why it ended.
        request->withdraw(makeError(ErrorCode::RequestCancelled, why), why);
        return;
    }
}

void ServerRequestPipeline::onElicitationCompleted(QObject *origin, const QString &serverName, const QString &elicitationId)
{
    // A URL elicitation still waiting for the person: the step it asks for is done, so the question is
    // moot. Answered "cancel" (no choice was made), never as a consent the person did not give.
    if (const auto queue = d->queues.value(origin)) {
        const QList<QPointer<ServerRequest>> entries = queue->entries;
        for (const QPointer<ServerRequest> &request : entries) {
            if (request && !request->isSettled() && request->kind() == ServerRequest::Kind::Elicitation
                && request->elicitation().elicitationId == elicitationId)
                request->withdraw(ElicitationResult{ElicitationResult::Action::Cancel, {}}.toJson(),
                                  tr("the server reports the step in the browser complete"));
        }
    }
    emit urlElicitationCompleted(serverName, elicitationId);
    emit notice(tr("%1 reports that the step in the browser is complete. If a request of yours waited for it, run it again.")
                    .arg(serverName));
}

void ServerRequestPipeline::onTimeout(ServerRequest *request)
{
    if (request->isSettled())
        return;
    const QString waited = durationText(d->options.answerTimeout);
    const QString why = tr("no answer within %1").arg(waited);
    emit notice(tr("%1's %2 request got no answer within %3; it was closed.").arg(request->server().name, kindText(request->kind()), waited));
    request->withdraw(unansweredAnswer(request->kind(), why), why);
}

} // namespace Toolgate

#include "moc_serverrequestpipeline.cpp"
