#pragma once

#include <QList>
#include <QString>

namespace Toolgate {

/// The entries of one registry of McpServer (tools, resources, templates, prompts), in
/// registration order and found by their key: lists come out in the order things were
/// registered, and registering a key again replaces the entry where it stands.
template <typename Entry>
class KeyedEntries final
{
public:
    /// Adds entry, or replaces the one with the same key.
    void put(Entry entry)
    {
        if (const qsizetype index = indexOf(entry.key()); index >= 0)
            m_entries[index] = std::move(entry);
        else
            m_entries.append(std::move(entry));
    }
    /// False when there was no entry with that key.
    bool remove(const QString &key)
    {
        const qsizetype index = indexOf(key);
        if (index < 0)
            return false;
        m_entries.removeAt(index);
        return true;
    }
    /// The entry with that key; nullptr when there is none. Valid until the next change.
    const Entry *find(const QString &key) const
    {
        const qsizetype index = indexOf(key);
        return index < 0 ? nullptr : &m_entries.at(index);
    }
    bool contains(const QString &key) const { return indexOf(key) >= 0; }
    bool isEmpty() const { return m_entries.isEmpty(); }
    const QList<Entry> &all() const { return m_entries; }

private:
    qsizetype indexOf(const QString &key) const
    {
        for (qsizetype i = 0; i < m_entries.size(); ++i) {
            if (m_entries.at(i).key() == key)
                return i;
        }
        return -1;
    }

    QList<Entry> m_entries;
};

} // namespace Toolgate
