#pragma once

#include "core/protocol/serveridentity.h"
#include "core/skills/skillcatalog.h"

#include <QJsonObject>
#include <QString>

namespace Toolgate {

/// A verified skill a person hands to a model conversation as instructions (issue 33): the text the
/// model is given, the line the conversation shows, and what the audit log records of it. Made only
/// from a SkillCatalog::LoadedSkill, which only a SKILL.md that passed verification gives, so a skill
/// that failed (or was never fetched) cannot be handed over.
class SkillInstructions final
{
public:
    /// server: the server the skill was fetched from.
    SkillInstructions(const ServerIdentity &server, const SkillCatalog::LoadedSkill &skill);

    const ServerIdentity &server() const { return m_server; }
    QString name() const { return m_skill.entry.name(); }
    QString uri() const { return m_skill.entry.uri; }
    /// The whole verified SKILL.md, as the model gets it.
    const QString &skillMd() const { return m_skill.skillMd; }
    /// SKILL.md's digest as listed and verified ("sha256:…").
    QString digest() const;
    /// SKILL.md's length in bytes.
    qint64 size() const;

    /// One line saying which skill is in use: the first line of text(), and what the chat shows.
    QString notice() const;
    /// The instructions for the model (a system message): notice(), then the verified SKILL.md.
    QString text() const;
    /// The audit record's details: server, skill name, URI, digest, size.
    QJsonObject auditDetails() const;

private:
    ServerIdentity m_server;
    SkillCatalog::LoadedSkill m_skill;
};

} // namespace Toolgate
