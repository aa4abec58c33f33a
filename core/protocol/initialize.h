#pragma once

#include "core/protocol/implementation.h"

#include <QJsonObject>
#include <QString>

namespace Toolgate {

/// What a server offers, from the initialize result (or server/discover in the modern revision).
/// A feature is present when its key holds an object; anything else counts as absent.
struct ServerCapabilities
{
    bool tools = false;
    bool toolsListChanged = false;
    bool prompts = false;
    bool promptsListChanged = false;
    bool resources = false;
    bool resourcesListChanged = false;
    bool resourcesSubscribe = false;
    bool logging = false;
    bool completions = false;
    QJsonObject raw; // as received: experimental, extensions, tasks and future keys live here

    static ServerCapabilities fromJson(const QJsonObject &json);
    /// The flags written over raw, so unmodelled capabilities survive a round trip.
    QJsonObject toJson() const;
};

/// The server's answer to initialize.
struct InitializeResult
{
    QString protocolVersion; // the revision the server chose; may differ from the one we asked for
    ServerCapabilities capabilities;
    Implementation serverInfo;
    QString instructions; // a hint for the model, written by the server; untrusted text
    QJsonObject meta;     // _meta

    static InitializeResult fromJson(const QJsonObject &json);
    QJsonObject toJson() const;
};

} // namespace Toolgate
