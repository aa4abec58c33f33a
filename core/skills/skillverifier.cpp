#include "core/skills/skillverifier.h"

#include "core/skills/skillfrontmatter.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QLocale>
#include <QRegularExpression>

namespace Toolgate {

namespace {

QString verifierTr(const char *text)
{
    return QCoreApplication::translate("Toolgate::SkillVerifier", text);
}

Error skillNotLoaded(const SkillEntry &entry, const QString &check, const QString &why)
{
    return makeError(
        ErrorCode::ProtocolError,
        verifierTr("The skill “%1” was not loaded: %2 Nothing of it is used; refresh the skills to try again.").arg(entry.name(), why),
        QJsonObject{{QStringLiteral("check"), check}, {QStringLiteral("uri"), entry.uri}});
}

QString skillChangedOnTheWay()
{
    return verifierTr("It is not the file the server listed: changed since, damaged or tampered with.");
}

} // namespace

QString SkillVerifier::digestOf(const QByteArray &bytes)
{
    return QStringLiteral("sha256:") + QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

QString SkillVerifier::fileName(const SkillEntry &entry, const QString &uri)
{
    const QString root = entry.uri.endsWith(QLatin1String("/SKILL.md")) ? entry.uri.chopped(int(qstrlen("SKILL.md"))) : QString();
    return !root.isEmpty() && uri.startsWith(root) ? uri.mid(root.size()) : uri;
}

Result<void> SkillVerifier::verifyFile(const SkillEntry &entry, const QString &uri, const QByteArray &bytes)
{
    if (!entry.resources)
        return skillNotLoaded(entry, QStringLiteral("no-digests"),
                              verifierTr("the server lists no digests for its files, so they cannot be checked."));
    const std::optional<SkillFile> listed = entry.file(uri);
    const QString name = fileName(entry, uri);
    if (!listed)
        return skillNotLoaded(entry, QStringLiteral("unlisted"), verifierTr("%1 is not one of the files its listing names.").arg(name));
    // A length that differs fails at once, whatever the digest would say.
    if (listed->size && *listed->size != bytes.size()) {
        const QLocale locale;
        return skillNotLoaded(entry, QStringLiteral("size"),
                              verifierTr("%1 is %2 bytes long, but the listing says %3. %4")
                                  .arg(name, locale.toString(bytes.size()), locale.toString(*listed->size), skillChangedOnTheWay()));
    }
    static const QRegularExpression sha256(QStringLiteral("^sha256:[0-9a-f]{64}$"));
    if (!sha256.match(listed->digest).hasMatch())
        return skillNotLoaded(entry, QStringLiteral("digest"),
                              verifierTr("the listing gives %1 no SHA-256 digest Toolgate can check.").arg(name));
    if (digestOf(bytes) != listed->digest)
        return skillNotLoaded(entry, QStringLiteral("digest"),
                              verifierTr("%1 does not match the digest in the listing. %2").arg(name, skillChangedOnTheWay()));
    return {};
}

Result<void> SkillVerifier::verifySkillMd(const SkillEntry &entry, const QByteArray &bytes)
{
    if (Result<void> verified = verifyFile(entry, entry.uri, bytes); !verified)
        return verified;
    const std::optional<SkillFrontmatter::Parts> parts = SkillFrontmatter::split(QString::fromUtf8(bytes));
    if (!parts)
        return skillNotLoaded(entry, QStringLiteral("frontmatter"), verifierTr("its SKILL.md does not begin with a frontmatter block."));
    const Result<QJsonObject> frontmatter = SkillFrontmatter::parse(parts->yaml);
    if (!frontmatter)
        return skillNotLoaded(entry, QStringLiteral("frontmatter"),
                              verifierTr("the frontmatter of its SKILL.md cannot be read: %1.").arg(frontmatter.error().message));
    const QStringList differing = SkillFrontmatter::differingFields(frontmatter.value(), entry.frontmatter);
    if (!differing.isEmpty())
        return skillNotLoaded(
            entry, QStringLiteral("frontmatter"),
            verifierTr("the frontmatter of its SKILL.md differs from the listing's in: %1.").arg(differing.join(QStringLiteral(", "))));
    return {};
}

} // namespace Toolgate
