#include "core/skills/skillcatalog.h"

#include "core/client/clientsession.h"
#include "core/common/logging.h"
#include "core/skills/skillfrontmatter.h"
#include "core/skills/skillverifier.h"

#include <QCoreApplication>
#include <QSet>

namespace Toolgate {

namespace {

QString catalogTr(const char *text)
{
    return QCoreApplication::translate("Toolgate::SkillCatalog", text);
}

/// Answers callback with value on context's thread, after the caller returned, unless context is gone.
template<typename T>
void answerSkillCallLater(QObject *context, const SkillCatalog::Callback<T> &callback, Result<T> value)
{
    QMetaObject::invokeMethod(
        context, [callback, value = std::move(value)] { callback(value); }, Qt::QueuedConnection);
}

/// The bytes a resources/read answered for uri: its text as UTF-8 or its decoded blob.
std::optional<QByteArray> skillFileBytes(const ReadResourceResult &read, const QString &uri)
{
    const ResourceContents *chosen = nullptr;
    for (const ResourceContents &contents : read.contents) {
        if (contents.uri == uri) {
            chosen = &contents;
            break;
        }
    }
    if (!chosen && read.contents.size() == 1)
        chosen = &read.contents.constFirst();
    if (!chosen)
        return std::nullopt;
    if (chosen->isText())
        return chosen->text->toUtf8();
    return chosen->decodeBlob();
}

Error skillNotOffered()
{
    return makeError(ErrorCode::MethodNotFound,
                     catalogTr("The server offers no skills: it does not declare the extension %1.").arg(Skills::extensionId()));
}

} // namespace

SkillCatalog::SkillCatalog(ClientSession *session, QObject *parent)
    : QObject(parent)
    , m_session(session)
{ }

SkillCatalog::~SkillCatalog() = default;

bool SkillCatalog::offeredBy(const ClientSession *session)
{
    return session && Skills::declaredIn(session->serverCapabilities().raw);
}

void SkillCatalog::list(QObject *context, Callback<QList<SkillEntry>> callback)
{
    if (!offeredBy(m_session)) {
        answerSkillCallLater(context, callback, Result<QList<SkillEntry>>(skillNotOffered()));
        return;
    }
    m_problems.clear();
    listFrom({}, 0, {}, context, std::move(callback));
}

void SkillCatalog::listFrom(const QString &cursor, int page, QList<SkillEntry> sofar, QObject *context,
                            Callback<QList<SkillEntry>> callback)
{
    if (!m_session) {
        answerSkillCallLater(context, callback,
                             Result<QList<SkillEntry>>(makeError(ErrorCode::NotConnected, catalogTr("The server is not connected."))));
        return;
    }
    QJsonObject params;
    if (!cursor.isEmpty())
        params.insert(QStringLiteral("cursor"), cursor);
    QPointer<SkillCatalog> self(this);
    m_session->sendExtensionRequest(
        QStringLiteral("skills/list"), params, context,
        [self, page, sofar = std::move(sofar), context, callback](const Result<QJsonObject> &answer) mutable {
            if (!answer) {
                callback(Result<QList<SkillEntry>>(answer.error()));
                return;
            }
            Result<SkillListPage> parsed = SkillListPage::fromJson(answer.value());
            if (!parsed) {
                callback(Result<QList<SkillEntry>>(parsed.error()));
                return;
            }
            if (self)
                self->m_problems.append(parsed->problems);
            sofar.append(parsed->skills);
            const bool more = !parsed->nextCursor.isEmpty();
            if (sofar.size() > maxSkills || (more && page + 1 >= maxPages)) {
                // A listing beyond any real catalog: keep what fits and say so.
                sofar.resize(qMin<qsizetype>(sofar.size(), maxSkills));
                if (self)
                    self->m_problems.append(
                        catalogTr("The server listed more skills than Toolgate reads (%1 pages, %2 skills); the rest are left out.")
                            .arg(maxPages)
                            .arg(maxSkills));
                callback(Result<QList<SkillEntry>>(std::move(sofar)));
                return;
            }
            if (!more || !self) {
                callback(Result<QList<SkillEntry>>(std::move(sofar)));
                return;
            }
            self->listFrom(parsed->nextCursor, page + 1, std::move(sofar), context, std::move(callback));
        });
}

void SkillCatalog::open(const SkillEntry &entry, QObject *context, Callback<LoadedSkill> callback)
{
    if (!m_session) {
        answerSkillCallLater(context, callback,
                             Result<LoadedSkill>(makeError(ErrorCode::NotConnected, catalogTr("The server is not connected."))));
        return;
    }
    // Checked before anything is fetched: a skill without digests is not loaded, so it is not read either.
    if (!entry.resources || !entry.file(entry.uri)) {
        answerSkillCallLater(context, callback, Result<LoadedSkill>(SkillVerifier::verifyFile(entry, entry.uri, {}).error()));
        return;
    }
    m_session->readResource(entry.uri, context, [entry, callback](const Result<ReadResourceResult> &read) {
        if (!read) {
            callback(Result<LoadedSkill>(
                makeError(ErrorCode(read.error().code),
                          catalogTr("The skill “%1” could not be fetched: %2").arg(entry.name(), read.error().message))));
            return;
        }
        const std::optional<QByteArray> bytes = skillFileBytes(read.value(), entry.uri);
        if (!bytes) {
            callback(Result<LoadedSkill>(makeError(
                ErrorCode::ProtocolError,
                catalogTr("The skill “%1” could not be fetched: the server sent no content for its SKILL.md.").arg(entry.name()))));
            return;
        }
        if (Result<void> verified = SkillVerifier::verifySkillMd(entry, *bytes); !verified) {
            qCWarning(lcClient).noquote() << "skill" << entry.uri << "failed verification:"
                                          << verified.error().data.toObject().value(QLatin1String("check")).toString();
            callback(Result<LoadedSkill>(verified.error()));
            return;
        }
        LoadedSkill loaded;
        loaded.entry = entry;
        loaded.skillMd = QString::fromUtf8(*bytes);
        loaded.body = SkillFrontmatter::split(loaded.skillMd)->body; // verifySkillMd found the block
        callback(Result<LoadedSkill>(std::move(loaded)));
    });
}

void SkillCatalog::readFile(const LoadedSkill &skill, const QString &path, QObject *context, Callback<QByteArray> callback)
{
    if (!m_session) {
        answerSkillCallLater(context, callback,
                             Result<QByteArray>(makeError(ErrorCode::NotConnected, catalogTr("The server is not connected."))));
        return;
    }
    const QString root = skill.entry.uri.chopped(int(qstrlen("SKILL.md")));
    const QString uri = path.contains(QLatin1String("://")) ? path : root + path;
    // Only what the entry lists is read: an unlisted file is a change to the skill (SEP-2640).
    if (!skill.entry.file(uri)) {
        answerSkillCallLater(context, callback, Result<QByteArray>(SkillVerifier::verifyFile(skill.entry, uri, {}).error()));
        return;
    }
    const SkillEntry entry = skill.entry;
    m_session->readResource(uri, context, [entry, uri, callback](const Result<ReadResourceResult> &read) {
        if (!read) {
            callback(Result<QByteArray>(read.error()));
            return;
        }
        const std::optional<QByteArray> bytes = skillFileBytes(read.value(), uri);
        if (!bytes) {
            callback(Result<QByteArray>(makeError(
                ErrorCode::ProtocolError, catalogTr("The server sent no content for %1.").arg(SkillVerifier::fileName(entry, uri)))));
            return;
        }
        if (Result<void> verified = SkillVerifier::verifyFile(entry, uri, *bytes); !verified) {
            callback(Result<QByteArray>(verified.error()));
            return;
        }
        callback(Result<QByteArray>(*bytes));
    });
}

} // namespace Toolgate

#include "moc_skillcatalog.cpp"
