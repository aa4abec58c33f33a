#include "core/calls/argumenthistory.h"

#include "core/common/atomicfile.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QStandardPaths>

#include <algorithm>

namespace Toolgate {

Q_LOGGING_CATEGORY(lcArgumentHistory, "toolgate.ui.argumenthistory")

namespace {

constexpr int FormatVersion = 1;

// A separator that cannot appear in a configured server name typed by a person nor in a tool name
// (MCP restricts those to [A-Za-z0-9_.-]), so distinct pairs never share a key.
QString entryKey(const QString &server, const QString &tool)
{
    return server + QChar(0x1f) + tool;
}

qint64 usedAt(const QJsonValue &entry)
{
    return entry.toObject().value(QLatin1String("usedAt")).toInteger();
}

} // namespace

ArgumentHistory::ArgumentHistory(const QString &storagePath)
    : m_storagePath(storagePath.isEmpty() ? defaultStoragePath() : storagePath)
{
    m_entries = load();
}

QString ArgumentHistory::defaultStoragePath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) + QLatin1String("/argument-history.json");
}

QJsonObject ArgumentHistory::lastArguments(const QString &server, const QString &tool) const
{
    return m_entries.value(entryKey(server, tool)).toObject().value(QLatin1String("arguments")).toObject();
}

bool ArgumentHistory::remember(const QString &server, const QString &tool, const QJsonObject &arguments)
{
    if (QJsonDocument(arguments).toJson(QJsonDocument::Compact).size() > MaxArgumentBytes)
        return forget(server, tool); // stale arguments would be more confusing than none

    // Re-read first: another window or process may have remembered other tools since we loaded.
    QJsonObject entries = load();
    entries.insert(entryKey(server, tool),
                   QJsonObject{{QLatin1String("server"), server},
                               {QLatin1String("tool"), tool},
                               {QLatin1String("arguments"), arguments},
                               {QLatin1String("usedAt"), QDateTime::currentMSecsSinceEpoch()}});
    if (entries.size() > MaxEntries) {
        QList<std::pair<qint64, QString>> byAge;
        for (auto it = entries.begin(); it != entries.end(); ++it)
            byAge.append({usedAt(it.value()), it.key()});
        std::sort(byAge.begin(), byAge.end());
        for (qsizetype i = 0; i < byAge.size() - MaxEntries; ++i)
            entries.remove(byAge.at(i).second);
    }
    m_entries = entries;
    return save(entries);
}

bool ArgumentHistory::forget(const QString &server, const QString &tool)
{
    QJsonObject entries = load();
    const QString key = entryKey(server, tool);
    m_entries.remove(key);
    if (!entries.contains(key))
        return true;
    entries.remove(key);
    m_entries = entries;
    return save(entries);
}

QJsonObject ArgumentHistory::load() const
{
    QFile file(m_storagePath);
    if (!file.exists())
        return {};
    if (!file.open(QIODevice::ReadOnly)) {
        qCWarning(lcArgumentHistory) << "cannot read" << m_storagePath << file.errorString();
        return {};
    }
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &error);
    if (error.error != QJsonParseError::NoError || !document.isObject()) {
        // Losing remembered arguments is harmless: the form falls back to the schema's defaults.
        qCWarning(lcArgumentHistory) << "ignoring unreadable" << m_storagePath << error.errorString();
        return {};
    }
    QJsonObject entries;
    const QJsonArray list = document.object().value(QLatin1String("entries")).toArray();
    for (const QJsonValue &value : list) {
        const QJsonObject entry = value.toObject();
        const QString server = entry.value(QLatin1String("server")).toString();
        const QString tool = entry.value(QLatin1String("tool")).toString();
        if (tool.isEmpty() || !entry.value(QLatin1String("arguments")).isObject())
            continue;
        entries.insert(entryKey(server, tool), entry);
    }
    return entries;
}

bool ArgumentHistory::save(const QJsonObject &entries)
{
    QJsonArray list;
    for (const QJsonValue &entry : entries)
        list.append(entry);
    const Result<void> written = AtomicFile::write(
        m_storagePath,
        QJsonDocument(QJsonObject{{QLatin1String("version"), FormatVersion}, {QLatin1String("entries"), list}}).toJson(QJsonDocument::Indented));
    if (!written)
        qCWarning(lcArgumentHistory) << written.error().message;
    return bool(written);
}

} // namespace Toolgate
