#pragma once

#include "core/common/result.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Toolgate {

/// The Skills extension's names (SEP-2640).
namespace Skills {
/// The extension's identifier in capabilities.extensions.
QString extensionId();
/// Whether a server's capabilities (ServerCapabilities::raw) declare the extension.
bool declaredIn(const QJsonObject &serverCapabilities);
} // namespace Skills

/// One file of a skill as its listing entry promises it: where it is and what its bytes are.
struct SkillFile
{
    QString uri;
    QString digest; ///< "sha256:<64 lowercase hex>" as the server wrote it (checked when the file is read)
    std::optional<qint64> size; ///< its length in bytes, when the server says
};

/// One entry of skills/list (or skills/get): a skill's SKILL.md, its frontmatter as the server copied it,
/// and every file of the skill with its digest. Untrusted text throughout: shown as plain text only.
struct SkillEntry
{
    QString uri; ///< the skill's SKILL.md
    QJsonObject frontmatter;
    /// The skill's files; nullopt when the server publishes none (a generated skill, which Toolgate does not load).
    std::optional<QList<SkillFile>> resources;

    /// frontmatter.name, else the URI's last path segment before SKILL.md.
    QString name() const;
    QString description() const;
    /// The listed file at uri, if the entry lists it.
    std::optional<SkillFile> file(const QString &uri) const;
    /// The sum of the listed sizes; nullopt when a file has none.
    std::optional<qint64> totalSize() const;

    /// Reads one entry; an error in words when it is not one (no uri, frontmatter that is no object, ...).
    static Result<SkillEntry> fromJson(const QJsonObject &json);
};

/// One page of skills/list: the entries that could be read and what was wrong with the others.
struct SkillListPage
{
    QList<SkillEntry> skills;
    QStringList problems;
    QString nextCursor;

    static Result<SkillListPage> fromJson(const QJsonObject &json);
};

} // namespace Toolgate
