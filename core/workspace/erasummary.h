#pragma once

#include "core/protocol/discover.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

namespace Toolgate {

/// How the protocol era of a live session was settled (issue 15): what the server page,
/// toolgate-cli info and the audit log show. ui reads it from ServerConnection::eraSummary() and
/// never looks at MCP messages itself.
struct ServerEraSummary
{
    // ServerConnection's context: its texts came from there, with their translations.
    Q_DECLARE_TR_FUNCTIONS(Toolgate::ServerConnection)
public:
    /// Where the connection's choice came from before the session opened.
    enum class Source {
        Session, ///< no probe: the session's opening decided (HTTP, or no era cache)
        Setting, ///< the server is set to Legacy or Modern
        Probe,   ///< a server/discover probe on a sibling, this start
        Cache,   ///< a verdict remembered in eras.json
    };
    ProtocolEra era = ProtocolEra::Legacy;
    QString protocolVersion;
    /// What settled it on the wire, short and stable (ClientSession::eraDecidedBy()): "initialize",
    /// "server/discover", "initialize -32022", "server/discover probe -32601".
    QString decidedBy;
    Source source = Source::Session;
    /// The probe's verdict, made this start or cached ("probe result", "probe -32601"); else empty.
    QString probe;
    /// How long this start's probe took; -1 when there was none.
    qint64 probeMs = -1;

    /// "modern" / "legacy", as in eras.json and the audit log.
    static QString eraName(ProtocolEra era);
    /// "session" / "setting" / "probe" / "cache".
    static QString sourceName(Source source);
    /// For people: "2026-07-28 (modern, decided by server/discover, cached)".
    QString describe() const;
    /// The part in brackets: "modern, decided by server/discover, cached".
    QString describeEra() const;
    /// For the server's page, in plain words: "2026-07-28 (the newer protocol, found out when it
    /// started)". describe() keeps the exact detail (what decided it, how long the probe took).
    QString describePlainly() const;
    /// {"era", "eraDecidedBy", "eraSource", "eraProbe"?, "probeMs"?} for the audit log and --json.
    QJsonObject toJson() const;
};

} // namespace Toolgate
