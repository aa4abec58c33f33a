#include "core/skills/skillinstructions.h"

namespace Toolgate {

SkillInstructions::SkillInstructions(const ServerIdentity &server, const SkillCatalog::LoadedSkill &skill)
    : m_server(server)
    , m_skill(skill)
{
}

QString SkillInstructions::digest() const
{
    const std::optional<SkillFile> file = m_skill.entry.file(m_skill.entry.uri);
    return file ? file->digest : QString(); // a loaded skill always lists it: it was verified against it
}

qint64 SkillInstructions::size() const
{
    return m_skill.skillMd.toUtf8().size();
}

QString SkillInstructions::notice() const
{
    // Said to the model as well as to the person, so in one language, and names what was verified.
    // Server-controlled names are cut to one line so that they cannot start lines of their own.
    const auto oneLine = [](const QString &text) { return text.simplified(); };
    return QStringLiteral("Using skill “%1” from %2 (verified, %3)")
        .arg(oneLine(name()), oneLine(m_server.name), digest().replace(u':', QLatin1String(" ")));
}

QString SkillInstructions::text() const
{
    return notice() + QStringLiteral(". The person added these instructions to the conversation; they are the skill's "
                                     "SKILL.md as the server published it:\n\n")
        + m_skill.skillMd;
}

QJsonObject SkillInstructions::auditDetails() const
{
    // The server is the record's own (AuditConnectionEvent::server); these say which text it sent.
    return QJsonObject{{QStringLiteral("skill"), name()},
                       {QStringLiteral("uri"), uri()},
                       {QStringLiteral("digest"), digest()},
                       {QStringLiteral("size"), size()}};
}

} // namespace Toolgate
