#pragma once

#include "core/common/result.h"
#include "core/skills/skillentry.h"

#include <QByteArray>
#include <QString>

namespace Toolgate {

/// Checks a skill's file against what its listing entry promises (SEP-2640, "Integrity and
/// verification"): the file is one the entry lists, its length is the listed size, its SHA-256 the listed
/// digest and, for SKILL.md, its frontmatter is the listing's field by field. Content that fails is not
/// to be shown or used; the error says why in plain words and names the check in data.check
/// ("unlisted", "no-digests", "size", "digest", "frontmatter").
class SkillVerifier final
{
public:
    /// A file of the skill (its SKILL.md or a supporting file), by its raw bytes.
    static Result<void> verifyFile(const SkillEntry &entry, const QString &uri, const QByteArray &bytes);
    /// The skill's SKILL.md: verifyFile(), then its frontmatter against the entry's.
    static Result<void> verifySkillMd(const SkillEntry &entry, const QByteArray &bytes);
    /// "sha256:" and the lowercase hex SHA-256 of bytes, as listings write digests.
    static QString digestOf(const QByteArray &bytes);
    /// uri relative to the skill's folder ("SKILL.md", "references/FORMS.md"), for messages.
    static QString fileName(const SkillEntry &entry, const QString &uri);
};

} // namespace Toolgate
