#pragma once

#include "core/common/result.h"
#include "core/skills/skillentry.h"

#include <QByteArray>
#include <QObject>
#include <QPointer>

#include <functional>

namespace Toolgate {

class ClientSession;

/// A server's skills (SEP-2640) over one ClientSession: the listing (skills/list, every page), and a skill
/// opened, its SKILL.md fetched only then — never on connecting or listing — and verified against its
/// entry (size, digest, frontmatter) before anything of it is handed on. A skill that fails verification
/// yields only the error: its content is neither returned nor kept, and its files cannot be read, since
/// reading one needs the LoadedSkill that only a verified SKILL.md gives.
///
/// Each call answers exactly once on the context's thread, unless the context is destroyed first.
class SkillCatalog final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SkillCatalog)
public:
    /// A skill whose SKILL.md was fetched and verified: what may be shown and used. Only the catalog
    /// makes one, from a SKILL.md that passed verification: whatever takes a LoadedSkill (reading its
    /// files, handing it to a model as SkillInstructions) can be given no other.
    class LoadedSkill
    {
    public:
        SkillEntry entry; ///< the entry it was verified against (its files are read against it too)
        QString skillMd; ///< the whole verified SKILL.md
        QString body; ///< SKILL.md after its frontmatter: the instructions

    private:
        friend class SkillCatalog;
        LoadedSkill() = default;
    };
    template<typename T>
    using Callback = std::function<void(const Result<T> &)>;

    /// The most pages and entries one listing may take: a server sending page after page cannot make
    /// Toolgate hold an endless catalog.
    static constexpr int maxPages = 100;
    static constexpr int maxSkills = 10000;

    /// session: not owned; the catalog answers errors once it is gone.
    explicit SkillCatalog(ClientSession *session, QObject *parent = nullptr);
    ~SkillCatalog() override;

    /// Whether the session's server declared the extension (capabilities.extensions).
    static bool offeredBy(const ClientSession *session);

    /// skills/list, every page. Entries that could not be read are left out and said in problems().
    void list(QObject *context, Callback<QList<SkillEntry>> callback);
    /// What was wrong with the entries the last list() left out, in words.
    QStringList problems() const { return m_problems; }

    /// Fetches the skill's SKILL.md now and verifies it against entry.
    void open(const SkillEntry &entry, QObject *context, Callback<LoadedSkill> callback);
    /// A supporting file of a loaded skill (a path relative to its folder, or its URI), fetched now and
    /// verified against the entry the skill was loaded from; a file the entry does not list is refused.
    void readFile(const LoadedSkill &skill, const QString &path, QObject *context, Callback<QByteArray> callback);

private:
    void listFrom(const QString &cursor, int page, QList<SkillEntry> sofar, QObject *context, Callback<QList<SkillEntry>> callback);

    QPointer<ClientSession> m_session;
    QStringList m_problems;
};

} // namespace Toolgate
