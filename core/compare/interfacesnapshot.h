#pragma once

#include "core/common/result.h"
#include "core/protocol/implementation.h"
#include "core/protocol/prompt.h"
#include "core/protocol/resource.h"
#include "core/protocol/tool.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>

#include <functional>

class QObject;

namespace Toolgate {

/// Each item's toJson(), in order: the lists of a snapshot as objects to write or compare.
template<typename T>
QList<QJsonObject> jsonObjectsOf(const QList<T> &items)
{
    QList<QJsonObject> out;
    out.reserve(items.size());
    for (const T &item : items)
        out.append(item.toJson());
    return out;
}

class ClientSession;

/// What a server offers at one moment: its tools (full definitions, as the server sent them),
/// resources, resource templates and prompts, with who it said it was. Compared with another
/// snapshot by InterfaceDiff; saved as a JSON file (see docs/interface-diff.md).
struct InterfaceSnapshot
{
    /// The "format" member of a snapshot file.
    static constexpr const char *formatName = "toolgate-interface-snapshot";
    /// The newest file format this build writes and reads.
    static constexpr int formatVersion = 1;

    Implementation server; ///< serverInfo, as the server describes itself (untrusted, display only)
    QString protocolVersion;
    QDateTime takenAt;    ///< UTC
    qint64 durationMs = 0; ///< how long listing everything took
    QList<Tool> tools;     ///< raw and rawOrder as received, so a saved file keeps the server's key order
    QList<Resource> resources;
    QList<ResourceTemplate> resourceTemplates;
    QList<Prompt> prompts;

    /// The snapshot file's text: indented JSON, each tool definition with its keys in the order the
    /// server wrote them.
    QByteArray toJson() const;
    /// Reads a snapshot file's text. Errors (ConfigError) say in plain words what is wrong.
    static Result<InterfaceSnapshot> fromJson(QByteArrayView json);

    Result<void> save(const QString &path) const;
    static Result<InterfaceSnapshot> load(const QString &path);

    /// Lists everything a ready session's server declares (every page of tools/list, resources/list,
    /// resources/templates/list and prompts/list) and answers done once, through context.
    static void capture(ClientSession *session, QObject *context,
                        std::function<void(const Result<InterfaceSnapshot> &)> done);
};

} // namespace Toolgate
