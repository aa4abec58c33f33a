#pragma once

#include "core/common/result.h"
#include "core/protocol/discover.h"

#include <QJsonObject>
#include <QObject>

namespace Toolgate {

class ServerRequestIntake;
class SessionCore;

/// The opening of a session, in either era: legacy initialize, modern server/discover with one corrective
/// retry, and the fallbacks from one to the other on the same connection (EraMode::PreferLegacy and
/// PreferModern). It owns what the client declares (capabilities, extensions) because that is said in
/// the opening (legacy) or in the envelope it sets up (modern), and it records how the era was decided
/// (eraDecidedBy()), which the era cache keeps. Ends in the core's Ready (ready()) or Failed.
class SessionOpening final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SessionOpening)
public:
    SessionOpening(SessionCore &core, const ServerRequestIntake &intake);

    /// Starts the opening the session's EraMode asks for; the transport has started.
    void open();

    /// See ClientSession::eraDecidedBy().
    const QString &eraDecidedBy() const { return m_eraDecidedBy; }
    const DiscoverResult &discoverResult() const { return m_discoverResult; }
    void setExtension(const QString &name, const QJsonObject &settings);

signals:
    void ready();

private:
    QJsonObject clientCapabilities() const;
    QJsonObject modernClientCapabilities() const;
    void discover(const QString &version);
    void onDiscovered(const QString &requested, const Result<QJsonValue> &result);
    void initialize();
    void onInitialized(const Result<QJsonValue> &result);

    SessionCore &m_core;
    const ServerRequestIntake &m_intake;
    QJsonObject m_extensions; // capabilities.extensions
    DiscoverResult m_discoverResult;
    QString m_eraDecidedBy;
    bool m_correctiveRetryUsed = false;
};

} // namespace Toolgate
