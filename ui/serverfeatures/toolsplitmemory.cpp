#include "ui/serverfeatures/toolsplitmemory.h"

#include <QSettings>

namespace Toolgate {

namespace {

// An array of its own, so that server and tool names (which may hold "/") are values, never keys.
const QString toolSplitsArray = QStringLiteral("ToolPanel/formHeights");

} // namespace

ToolSplitMemory::ToolSplitMemory()
{
    QSettings settings;
    const int count = settings.beginReadArray(toolSplitsArray);
    for (int i = 0; i < count && m_entries.size() < capacity; ++i) {
        settings.setArrayIndex(i);
        Entry entry{settings.value(QStringLiteral("server")).toString(), settings.value(QStringLiteral("tool")).toString(),
                    settings.value(QStringLiteral("formHeight")).toInt()};
        if (!entry.tool.isEmpty() && entry.formHeight > 0 && indexOf(entry.server, entry.tool) < 0)
            m_entries.append(entry);
    }
    settings.endArray();
}

qsizetype ToolSplitMemory::indexOf(const QString &server, const QString &tool) const
{
    for (qsizetype i = 0; i < m_entries.size(); ++i) {
        if (m_entries.at(i).server == server && m_entries.at(i).tool == tool)
            return i;
    }
    return -1;
}

std::optional<int> ToolSplitMemory::formHeight(const QString &server, const QString &tool) const
{
    const qsizetype index = indexOf(server, tool);
    return index < 0 ? std::nullopt : std::optional<int>(m_entries.at(index).formHeight);
}

void ToolSplitMemory::remember(const QString &server, const QString &tool, int formHeight)
{
    const qsizetype index = indexOf(server, tool);
    if (index == 0 && m_entries.first().formHeight == formHeight)
        return;
    if (index >= 0)
        m_entries.removeAt(index);
    m_entries.prepend(Entry{server, tool, formHeight});
    if (m_entries.size() > capacity)
        m_entries.resize(capacity);
    m_changed = true;
}

void ToolSplitMemory::forget(const QString &server, const QString &tool)
{
    if (const qsizetype index = indexOf(server, tool); index >= 0) {
        m_entries.removeAt(index);
        m_changed = true;
    }
}

void ToolSplitMemory::save()
{
    if (!m_changed)
        return;
    m_changed = false;
    QSettings settings;
    settings.remove(toolSplitsArray);
    settings.beginWriteArray(toolSplitsArray, int(m_entries.size()));
    for (int i = 0; i < m_entries.size(); ++i) {
        settings.setArrayIndex(i);
        settings.setValue(QStringLiteral("server"), m_entries.at(i).server);
        settings.setValue(QStringLiteral("tool"), m_entries.at(i).tool);
        settings.setValue(QStringLiteral("formHeight"), m_entries.at(i).formHeight);
    }
    settings.endArray();
}

} // namespace Toolgate
