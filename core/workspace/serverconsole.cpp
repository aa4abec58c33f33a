#include "core/workspace/serverconsole.h"

namespace Toolgate {

void ServerConsole::add(ConsoleLine::Kind kind, const QString &text, std::optional<LoggingLevel> level, const QString &source)
{
    ConsoleLine line{QDateTime::currentDateTime(), kind, text, level, source};
    m_lines.append(line);
    if (m_lines.size() > linesKept)
        m_lines.remove(0, m_lines.size() - linesKept);
    m_added(line);
}

} // namespace Toolgate
