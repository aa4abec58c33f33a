#pragma once

#include <QJsonObject>
#include <QString>

namespace Toolgate {

/// Remembers the arguments last used for each (server, tool), so a form can start from them next time.
///
/// Kept in a small JSON file (by default argument-history.json in the app's config location) that is
/// re-read before every write, so several instances in one or more processes do not erase each other's
/// entries. Only the most recent entries are kept and very large argument objects are not stored at all:
/// the file is read on the GUI thread and must stay small.
///
/// Arguments may hold personal data; they never leave this machine and forget() removes them.
class ArgumentHistory final
{
public:
    /// storagePath: the JSON file; empty uses defaultStoragePath().
    explicit ArgumentHistory(const QString &storagePath = {});

    /// <AppConfigLocation>/argument-history.json
    static QString defaultStoragePath();
    QString storagePath() const { return m_storagePath; }

    /// The arguments last remembered for this tool of this server; empty if none.
    QJsonObject lastArguments(const QString &server, const QString &tool) const;
    /// Records arguments as the latest for this tool of this server and saves at once.
    /// Returns false if the file could not be written (the entry is still kept in memory).
    bool remember(const QString &server, const QString &tool, const QJsonObject &arguments);
    /// Drops what is remembered for this tool of this server.
    bool forget(const QString &server, const QString &tool);

    /// How many (server, tool) entries are kept; the least recently used go first.
    static constexpr int MaxEntries = 500;
    /// Argument objects whose compact JSON exceeds this many bytes are not remembered.
    static constexpr qsizetype MaxArgumentBytes = 64 * 1024;

private:
    QJsonObject load() const;
    bool save(const QJsonObject &entries);

    QString m_storagePath;
    QJsonObject m_entries; // key(server, tool) -> {"arguments": {...}, "usedAt": ms since epoch}
};

} // namespace Toolgate
