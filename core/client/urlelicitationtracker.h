#pragma once

#include "core/common/error.h"
#include "core/protocol/elicitation.h"

#include <QObject>
#include <QStringList>

namespace Toolgate {

class SessionCore;

/// The URL elicitations (2025-11-25) a server opened in this session, in an elicitation/create request or
/// a -32042 error, until notifications/elicitation/complete says the step in the browser is done. Kept
/// so that a completion is said once, and only for an id the server really opened: a server cannot
/// close questions it never asked.
class UrlElicitationTracker final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UrlElicitationTracker)
public:
    /// The ids awaiting completion; the oldest are forgotten beyond this, so a server cannot grow the
    /// list without bound.
    static constexpr qsizetype maxOpen = 256;

    /// Installs the handler for notifications/elicitation/complete.
    explicit UrlElicitationTracker(SessionCore &core);

    /// Whether the negotiated revision has URL elicitations that complete (and error -32042).
    bool supported() const;
    /// An elicitation/create request in url mode the client forwards.
    void noteRequest(const QJsonObject &params);
    /// Every failed request passes here: a -32042 is announced (required()) before the caller hears of it.
    void noteRequestError(const Error &error);
    /// The URL elicitations a -32042 error asks for; empty for any other error or revision.
    QList<UrlElicitation> requiredBy(const Error &error) const;

signals:
    void required(const QList<Toolgate::UrlElicitation> &elicitations);
    void completed(const QString &elicitationId);
    void protocolViolation(const QString &description);

private:
    void remember(const QString &id);
    void onComplete(const QString &id);

    SessionCore &m_core;
    QStringList m_open; // oldest first
};

} // namespace Toolgate
