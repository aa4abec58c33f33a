#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

namespace Toolgate {


/// Removes secrets from what the audit log stores: values under secret-looking keys (authorization,
/// token, password, api_key, ... at any depth, headers included), bearer/basic credentials, secret
/// key=value pairs and command-line flags in free text, URL passwords, and any value registered as secret.
/// Not thread-safe: one Redactor per thread (the audit writer owns one).
class Redactor final
{
public:
    Redactor();

    /// What a redacted value becomes.
    static QString placeholder();
    /// JSON is followed this deep; a list or object deeper down is replaced by tooDeepPlaceholder().
    static constexpr int maxDepth = 64;
    /// What a list or object nested deeper than maxDepth becomes: it is cut, not a secret.
    static QString tooDeepPlaceholder();
    /// Secret values shorter than this are ignored: they would match ordinary text everywhere.
    static constexpr qsizetype minimumSecretLength = 4;

    /// Registers values (a server's secret env values and headers, tokens) to hide wherever they appear,
    /// as given and as they are commonly transformed (percent-encoded, base64 and base64url).
    void addSecretValues(const QStringList &values);
    QStringList secretValues() const { return m_secrets; }

    /// Whether a JSON key or header name names a secret (case, '-', '_' and spaces ignored).
    static bool isSecretKey(QStringView key);

    QJsonValue redact(const QJsonValue &value) const;
    QJsonObject redact(const QJsonObject &object) const;
    /// Free text: registered secrets, "Bearer xyz", "Authorization: ...", "api_key=xyz", "--token xyz",
    /// and passwords in URLs.
    QString redactText(const QString &text) const;

private:
    QJsonValue redactValue(const QJsonValue &value, int depth) const;

    QStringList m_secrets; // longest first, so a secret containing another is replaced whole
    QRegularExpression m_authorizationHeader;
    QRegularExpression m_scheme;
    QRegularExpression m_keyValue;
    QRegularExpression m_flag;
    QRegularExpression m_urlPassword;
};

} // namespace Toolgate
