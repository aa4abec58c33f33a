#pragma once

#include "core/common/result.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace Toolgate {

/// The YAML frontmatter of a SKILL.md (Agent Skills), read into JSON so that it can be compared with the
/// frontmatter a server's skills/list entry promises (SEP-2640, "Integrity and verification").
///
/// Reads the YAML a frontmatter block is written in: block mappings and sequences, plain, quoted and
/// block (| >) scalars, flow sequences and mappings, comments, with YAML 1.2's core types. What it does
/// not read (anchors, aliases, tags, complex keys, several documents) is an error: a skill whose
/// frontmatter Toolgate cannot read exactly is not loaded.
class SkillFrontmatter final
{
public:
    /// The frontmatter block at the start of text (after an optional BOM): the YAML between the
    /// opening "---" line and the closing one, and the body after it. nullopt when there is none.
    struct Parts
    {
        QString yaml;
        QString body;
    };
    static std::optional<Parts> split(const QString &text);

    /// The YAML as a JSON object; an error in words when it is not a mapping or uses what is not read.
    static Result<QJsonObject> parse(const QString &yaml);

    /// Field by field, the names of the fields in which the file's frontmatter and the listing's differ
    /// (a field missing on one side counts as null there). Empty when they agree. Names only: the values
    /// are the failed skill's content, which is not shown.
    static QStringList differingFields(const QJsonObject &file, const QJsonObject &listed);
};

} // namespace Toolgate
