#include "core/common/redactor.h"

#include <QJsonArray>
#include <QUrl>

#include <algorithm>

namespace Toolgate {

namespace {

// Names that hold credentials. Matched against the key lower-cased with separators removed, so
// "X-Api-Key", "api_key" and "apiKey" are one name. "token" must end the name: "max_tokens" is a count.
constexpr QLatin1StringView secretNameParts[] = {
    QLatin1StringView("authorization"), QLatin1StringView("password"), QLatin1StringView("passwd"),
    QLatin1StringView("secret"), QLatin1StringView("apikey"), QLatin1StringView("privatekey"),
    QLatin1StringView("accesskey"), QLatin1StringView("credential"), QLatin1StringView("cookie"),
    QLatin1StringView("bearer"),
};

// Shared by the key=value and flag rules: a name that ends in (or is) a credential word.
const QString credentialName = QStringLiteral(
    R"([A-Za-z0-9_.\-]*(?:token|secret|password|passwd|api[_\-]?key|apikey|private[_\-]?key|access[_\-]?key))");

} // namespace

Redactor::Redactor()
    // The credentials only: an optional scheme, one token, and the name=value parameters some schemes
    // (Digest) continue with after commas. Not the rest of the line: text after "authorization:" would
    // otherwise be hidden from the audit log, which a server could use to hide what it wrote.
    : m_authorizationHeader(QStringLiteral(R"((?i)\b((?:proxy-)?authorization)(["']?[ \t]*[:=][ \t]*["']?))"
                                           R"((?:[A-Za-z][A-Za-z0-9\-]*[ \t]+(?=[^\s"']))?)"
                                           R"((?:[A-Za-z0-9_\-]+="[^"\r\n]*"|[^\s"',;]+))"
                                           R"((?:[ \t]*,[ \t]*[A-Za-z0-9_\-]+=(?:"[^"\r\n]*"|[^\s"',;]*))*)"))
    // Only "Bearer" and "DPoP" (RFC 9449): "basic" is an ordinary word; Basic credentials are caught by
    // the header rule. After "DPoP" only what looks like a token (a digit, or a dot or dash inside it):
    // prose about DPoP ("DPoP implementation.") stays.
    , m_scheme(QStringLiteral(R"((?i)\b(bearer|dpop(?=\s+[A-Za-z0-9\-._~+/]*(?:[0-9]|[._~+/\-][A-Za-z0-9])))\s+[A-Za-z0-9\-._~+/]{8,}=*)"))
    , m_keyValue(QStringLiteral(R"((?i)\b()") + credentialName + QStringLiteral(R"()(["']?\s*[=:]\s*["']?)([^\s"'&,;}]+))"))
    , m_flag(QStringLiteral(R"((?i)(?<![\w-])(--?)") + credentialName + QStringLiteral(R"()(\s+)("[^"]*"|'[^']*'|[^\s"'-]\S*))"))
    , m_urlPassword(QStringLiteral(R"((?i)\b([a-z][a-z0-9+.\-]*://[^/\s:@]+:)([^@\s/]+)(@))"))
{
}

QString Redactor::placeholder()
{
    return QStringLiteral("[redacted]");
}

QString Redactor::tooDeepPlaceholder()
{
    return QStringLiteral("[cut: nested deeper than %1 levels]").arg(maxDepth);
}

void Redactor::addSecretValues(const QStringList &values)
{
    for (const QString &value : values) {
        if (value.size() < minimumSecretLength)
            continue;
        // The value as it travels in URLs, headers and JSON, not only as given: a server that echoes a
        // token percent-encoded or in base64 must not get it into the audit log that way.
        const QByteArray utf8 = value.toUtf8();
        const QByteArray base64 = utf8.toBase64();
        const QStringList forms{
            value,
            QString::fromLatin1(QUrl::toPercentEncoding(value)),
            QString::fromLatin1(base64),
            QString::fromLatin1(utf8.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals)),
            QString::fromLatin1(utf8.toBase64(QByteArray::OmitTrailingEquals)),
        };
        for (const QString &form : forms) {
            if (!m_secrets.contains(form))
                m_secrets.append(form);
        }
    }
    std::sort(m_secrets.begin(), m_secrets.end(), [](const QString &a, const QString &b) { return a.size() > b.size(); });
}

bool Redactor::isSecretKey(QStringView key)
{
    QString normalized;
    normalized.reserve(key.size());
    for (const QChar c : key) {
        if (c != u'-' && c != u'_' && c != u' ' && c != u'.')
            normalized.append(c.toLower());
    }
    if (normalized.endsWith(QLatin1StringView("token")))
        return true;
    return std::any_of(std::begin(secretNameParts), std::end(secretNameParts),
                       [&normalized](QLatin1StringView part) { return normalized.contains(part); });
}

QJsonObject Redactor::redact(const QJsonObject &object) const
{
    return redactValue(object, 0).toObject();
}

QJsonValue Redactor::redact(const QJsonValue &value) const
{
    return redactValue(value, 0);
}

QJsonValue Redactor::redactValue(const QJsonValue &value, int depth) const
{
    // A cap on JSON nesting: a hostile server can send deeply nested results; beyond it a whole
    // list or object is cut rather than risking the stack. Text is still redacted, not cut: it may be
    // the note of an earlier cut at this depth, which must survive as it is.
    if (depth > maxDepth && (value.isArray() || value.isObject()))
        return tooDeepPlaceholder();
    switch (value.type()) {
    case QJsonValue::String:
        return redactText(value.toString());
    case QJsonValue::Array: {
        QJsonArray out;
        for (const QJsonValue &item : value.toArray())
            out.append(redactValue(item, depth + 1));
        return out;
    }
    case QJsonValue::Object: {
        const QJsonObject in = value.toObject();
        // {"name": "Authorization", "value": "..."}: the header-list shape some APIs use.
        const QString label = in.value(QLatin1StringView("name")).toString(in.value(QLatin1StringView("key")).toString());
        const bool namedSecret = !label.isEmpty() && isSecretKey(label);
        QJsonObject out;
        for (auto it = in.constBegin(); it != in.constEnd(); ++it) {
            if (isSecretKey(it.key()) || (namedSecret && it.key() == QLatin1StringView("value")))
                out.insert(it.key(), placeholder());
            else
                out.insert(it.key(), redactValue(it.value(), depth + 1));
        }
        return out;
    }
    default:
        return value;
    }
}

QString Redactor::redactText(const QString &text) const
{
    if (text.isEmpty())
        return text;
    QString out = text;
    for (const QString &secret : m_secrets)
        out.replace(secret, placeholder());
    // Each rule runs only when its keyword occurs: most strings in arguments and results contain
    // none, and a plain substring search is far cheaper than a regular expression.
    const auto has = [&out](const char *word) { return out.contains(QLatin1StringView(word), Qt::CaseInsensitive); };
    if (has("authorization"))
        out.replace(m_authorizationHeader, QStringLiteral("\\1\\2") + placeholder());
    if (has("bearer") || has("dpop"))
        out.replace(m_scheme, QStringLiteral("\\1 ") + placeholder());
    if (has("token") || has("secret") || has("passw") || has("key")) {
        out.replace(m_keyValue, QStringLiteral("\\1\\2") + placeholder());
        out.replace(m_flag, QStringLiteral("\\1\\2") + placeholder());
    }
    if (out.contains(u'@') && has("://"))
        out.replace(m_urlPassword, QStringLiteral("\\1") + placeholder() + QStringLiteral("\\3"));
    return out;
}

} // namespace Toolgate
