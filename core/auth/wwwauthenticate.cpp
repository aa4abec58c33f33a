#include "core/auth/wwwauthenticate.h"

namespace Toolgate {

namespace {

bool isTokenChar(char c)
{
    // RFC 9110 tchar, plus '/' and '=' which token68 values use.
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
        || QByteArrayView("!#$%&'*+-.^_`|~/:").contains(c);
}

} // namespace

QStringList AuthChallenge::scopes() const
{
    return params.value(QStringLiteral("scope")).split(u' ', Qt::SkipEmptyParts);
}

QList<AuthChallenge> AuthChallenge::parse(const QByteArray &header)
{
    QList<AuthChallenge> challenges;
    const qsizetype n = header.size();
    qsizetype pos = 0;
    auto skipSpace = [&] {
        while (pos < n && (header[pos] == ' ' || header[pos] == '\t'))
            ++pos;
    };
    while (pos < n) {
        skipSpace();
        if (pos < n && header[pos] == ',') {
            ++pos;
            continue;
        }
        const qsizetype start = pos;
        while (pos < n && isTokenChar(header[pos]))
            ++pos;
        if (pos == start) {
            ++pos; // a stray character: skip it
            continue;
        }
        const QByteArray token = header.mid(start, pos - start);
        skipSpace();
        if (pos < n && header[pos] == '=' && !challenges.isEmpty()) {
            // name=value: a parameter of the current challenge.
            ++pos;
            skipSpace();
            QByteArray value;
            if (pos < n && header[pos] == '"') {
                ++pos;
                while (pos < n && header[pos] != '"') {
                    if (header[pos] == '\\' && pos + 1 < n)
                        ++pos;
                    value += header[pos++];
                }
                ++pos; // closing quote
            } else {
                const qsizetype valueStart = pos;
                while (pos < n && header[pos] != ',' && header[pos] != ' ')
                    ++pos;
                value = header.mid(valueStart, pos - valueStart);
            }
            challenges.last().params.insert(QString::fromLatin1(token).toLower(), QString::fromUtf8(value));
            continue;
        }
        if (token.contains('=') && !challenges.isEmpty())
            continue; // a token68 credential after the scheme; not used by Bearer
        AuthChallenge challenge;
        challenge.scheme = QString::fromLatin1(token);
        challenges.append(challenge);
    }
    return challenges;
}

namespace {

AuthChallenge firstChallengeOf(const QByteArray &header, const QStringList &schemes)
{
    const QList<AuthChallenge> all = AuthChallenge::parse(header);
    for (const AuthChallenge &challenge : all) {
        if (schemes.contains(challenge.scheme, Qt::CaseInsensitive))
            return challenge;
    }
    return {};
}

} // namespace

AuthChallenge AuthChallenge::bearer(const QByteArray &header)
{
    return firstChallengeOf(header, {QStringLiteral("Bearer")});
}

AuthChallenge AuthChallenge::oauth(const QByteArray &header)
{
    return firstChallengeOf(header, {QStringLiteral("Bearer"), QStringLiteral("DPoP")});
}

AuthChallenge AuthChallenge::dpop(const QByteArray &header)
{
    return firstChallengeOf(header, {QStringLiteral("DPoP")});
}

} // namespace Toolgate
