#pragma once

#include <QList>
#include <QString>

#include <optional>

namespace Toolgate {

/// Where the person placed the divider between a tool's form and its result: the form's height, per
/// tool (server name and tool name), kept in QSettings across sessions for the most recent tools.
class ToolSplitMemory final
{
public:
    /// Reads what earlier sessions remembered.
    ToolSplitMemory();

    /// The form's height the person gave server's tool, if they did.
    std::optional<int> formHeight(const QString &server, const QString &tool) const;
    /// Remembers formHeight for server's tool (in memory; save() writes it).
    void remember(const QString &server, const QString &tool, int formHeight);
    /// Forgets server's tool: it is split by what it holds again.
    void forget(const QString &server, const QString &tool);
    /// Writes what is remembered to QSettings, when anything changed since the last time.
    void save();

    /// How many tools are remembered at most; the ones placed longest ago go first.
    static constexpr int capacity = 200;

private:
    struct Entry
    {
        QString server;
        QString tool;
        int formHeight = 0;
    };
    qsizetype indexOf(const QString &server, const QString &tool) const;

    QList<Entry> m_entries; // the most recently placed first
    bool m_changed = false;
};

} // namespace Toolgate
