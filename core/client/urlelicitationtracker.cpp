#include "core/client/urlelicitationtracker.h"

#include "core/client/sessioncore.h"
#include "core/common/logging.h"
#include "core/protocol/protocolversion.h"

#include <QCoreApplication>

namespace Toolgate {

UrlElicitationTracker::UrlElicitationTracker(SessionCore &core)
    : m_core(core)
{
    m_core.peer().setNotificationHandler(QStringLiteral("notifications/elicitation/complete"), [this](const JsonRpcMessage &message) {
        onComplete(message.params().value(QLatin1String("elicitationId")).toString());
    });
}

bool UrlElicitationTracker::supported() const
{
    return ProtocolVersion::supportsUrlElicitationCompletion(m_core.negotiated().protocolVersion);
}

void UrlElicitationTracker::noteRequest(const QJsonObject &params)
{
    if (!supported())
        return;
    if (const auto elicitation = UrlElicitation::fromJson(params))
        remember(elicitation->elicitationId);
}

void UrlElicitationTracker::noteRequestError(const Error &error)
{
    if (error.code != int(ErrorCode::UrlElicitationRequired))
        return;
    if (!supported()) {
        qCDebug(lcClient) << "error -32042 in a" << m_core.negotiated().protocolVersion << "session, where it has no meaning";
        return;
    }
    const QList<UrlElicitation> elicitations = UrlElicitation::listFromError(error);
    if (elicitations.isEmpty()) {
        emit protocolViolation(QCoreApplication::translate("Toolgate::ClientSession", "the server answered with error -32042 (URL elicitation required) "
                                                           "without a usable data.elicitations list"));
        return;
    }
    for (const UrlElicitation &elicitation : elicitations)
        remember(elicitation.elicitationId);
    emit required(elicitations);
}

QList<UrlElicitation> UrlElicitationTracker::requiredBy(const Error &error) const
{
    if (!supported())
        return {};
    return UrlElicitation::listFromError(error);
}

void UrlElicitationTracker::remember(const QString &id)
{
    m_open.removeAll(id);
    m_open.append(id);
    while (m_open.size() > maxOpen)
        m_open.removeFirst();
}

void UrlElicitationTracker::onComplete(const QString &id)
{
    if (!supported()) {
        qCDebug(lcClient) << "notifications/elicitation/complete in a" << m_core.negotiated().protocolVersion
                          << "session, which does not have it; ignored";
        return;
    }
    // The spec: ignore unknown and already-completed ids.
    if (id.isEmpty() || !m_open.removeOne(id)) {
        qCDebug(lcClient) << "elicitation/complete for unknown or already completed id" << id << "ignored";
        return;
    }
    emit completed(id);
}

} // namespace Toolgate

#include "moc_urlelicitationtracker.cpp"
