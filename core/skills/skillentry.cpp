#include "core/skills/skillentry.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace Toolgate {

namespace {

QString skillEntryTr(const char *text)
{
    return QCoreApplication::translate("Toolgate::SkillEntry", text);
}

} // namespace

QString Skills::extensionId()
{
    return QStringLiteral("io.modelcontextprotocol/skills");
}

bool Skills::declaredIn(const QJsonObject &serverCapabilities)
{
    // An object (empty: no optional features) declares it; anything else does not.
    return serverCapabilities.value(QLatin1String("extensions")).toObject().value(extensionId()).isObject();
}

QString SkillEntry::name() const
{
    const QString declared = frontmatter.value(QLatin1String("name")).toString();
    if (!declared.isEmpty())
        return declared;
    QStringList segments = uri.split(u'/', Qt::SkipEmptyParts);
    if (segments.size() >= 2 && segments.constLast() == QLatin1String("SKILL.md"))
        return segments.at(segments.size() - 2);
    return uri;
}

QString SkillEntry::description() const
{
    return frontmatter.value(QLatin1String("description")).toString();
}

std::optional<SkillFile> SkillEntry::file(const QString &fileUri) const
{
    if (!resources)
        return std::nullopt;
    for (const SkillFile &listed : *resources) {
        if (listed.uri == fileUri)
            return listed;
    }
    return std::nullopt;
}

std::optional<qint64> SkillEntry::totalSize() const
{
    if (!resources)
        return std::nullopt;
    qint64 total = 0;
    for (const SkillFile &listed : *resources) {
        if (!listed.size)
            return std::nullopt;
        total += *listed.size;
    }
    return total;
}

Result<SkillEntry> SkillEntry::fromJson(const QJsonObject &json)
{
    SkillEntry entry;
    entry.uri = json.value(QLatin1String("uri")).toString();
    if (entry.uri.isEmpty())
        return makeError(ErrorCode::ProtocolError, skillEntryTr("a skill without a \"uri\""));
    const QJsonValue frontmatter = json.value(QLatin1String("frontmatter"));
    if (!frontmatter.isObject())
        return makeError(ErrorCode::ProtocolError, skillEntryTr("the skill %1 has no frontmatter object").arg(entry.uri));
    entry.frontmatter = frontmatter.toObject();
    const QJsonValue resources = json.value(QLatin1String("resources"));
    if (resources.isArray()) {
        QList<SkillFile> files;
        for (const QJsonValue &value : resources.toArray()) {
            const QJsonObject file = value.toObject();
            SkillFile listed;
            listed.uri = file.value(QLatin1String("uri")).toString();
            listed.digest = file.value(QLatin1String("digest")).toString();
            const QJsonValue size = file.value(QLatin1String("size"));
            if (size.isDouble() && size.toDouble() >= 0 && size.toDouble() == double(qint64(size.toDouble())))
                listed.size = qint64(size.toDouble());
            else if (!size.isUndefined())
                return makeError(ErrorCode::ProtocolError,
                                 skillEntryTr("the skill %1 lists a file whose size is not a whole number of bytes").arg(entry.uri));
            if (listed.uri.isEmpty())
                return makeError(ErrorCode::ProtocolError, skillEntryTr("the skill %1 lists a file without a \"uri\"").arg(entry.uri));
            files.append(listed);
        }
        entry.resources = files;
    }
    return entry;
}

Result<SkillListPage> SkillListPage::fromJson(const QJsonObject &json)
{
    const QJsonValue skills = json.value(QLatin1String("skills"));
    if (!skills.isArray())
        return makeError(ErrorCode::ProtocolError, skillEntryTr("the server's skills/list answer has no \"skills\" list"));
    SkillListPage page;
    for (const QJsonValue &value : skills.toArray()) {
        Result<SkillEntry> entry = SkillEntry::fromJson(value.toObject());
        if (entry)
            page.skills.append(std::move(entry).value());
        else
            page.problems.append(entry.error().message);
    }
    page.nextCursor = json.value(QLatin1String("nextCursor")).toString();
    return page;
}

} // namespace Toolgate
