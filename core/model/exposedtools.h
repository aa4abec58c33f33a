#pragma once

#include "core/model/modelrequest.h"
#include "core/model/toolnamemap.h"

#include <QList>
#include <QPointer>
#include <QString>

#include <optional>

namespace Toolgate {

class CallTarget;

/// The tools a person exposed to a model in one conversation: which server's which tool. Only these
/// are offered to the model, and only a name that maps back to one of them can lead to a call. The
/// names the model sees come from one ToolNameMap built for the whole set, so a tool keeps its name
/// for as long as the set stays the same.
class ExposedTools final
{
public:
    /// One exposed tool, as a person should see it.
    struct Listed
    {
        QString server;
        QString tool;
        QString apiName; ///< the name the model sees
        bool available = false; ///< its server is there and lists it (so it is offered)
    };

    /// The server and tool behind a name the model used.
    struct Resolved
    {
        CallTarget *target = nullptr;
        QString server;
        QString tool;
    };

    /// Exposes target's tool toolName (again: nothing changes). target is not owned; once it is gone,
    /// its tools are no longer offered.
    void add(CallTarget *target, const QString &toolName);
    void remove(const QString &server, const QString &toolName);
    bool contains(const QString &server, const QString &toolName) const;
    bool isEmpty() const { return m_entries.isEmpty(); }
    qsizetype size() const { return m_entries.size(); }

    /// Every exposed tool, in the order they were exposed.
    QList<Listed> list() const;
    /// The tools as the model is offered them: each exposed tool its server still lists, under its
    /// API-safe name, with the server's description and input schema.
    QList<ModelTool> modelTools() const;
    /// The exposed tool behind a name the model used; nothing for a name that maps to no exposed tool
    /// or to one whose server is gone.
    std::optional<Resolved> resolve(const QString &apiName) const;
    /// The name the model sees for an exposed tool; empty when it is not exposed.
    QString apiName(const QString &server, const QString &toolName) const;

private:
    struct Entry
    {
        CallTarget *target = nullptr;
        QPointer<QObject> guard; ///< the target's lifetime
        QString server;
        QString tool;
    };
    ToolNameMap nameMap() const;

    QList<Entry> m_entries;
};

} // namespace Toolgate
