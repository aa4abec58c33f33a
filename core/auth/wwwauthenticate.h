#pragma once

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QUrl>

namespace Toolgate {

/// One challenge of a WWW-Authenticate header (RFC 9110 §11.6.1): a scheme and its parameters.
struct AuthChallenge
{
    QString scheme;                ///< as sent ("Bearer")
    QMap<QString, QString> params; ///< names lower-case

    /// The Bearer parameters MCP uses (RFC 6750, RFC 9728).
    QString error() const { return params.value(QStringLiteral("error")); }
    QString errorDescription() const { return params.value(QStringLiteral("error_description")); }
    QStringList scopes() const;
    QUrl resourceMetadata() const { return QUrl(params.value(QStringLiteral("resource_metadata"))); }

    /// Every challenge in a header value; tolerant of odd spacing, quoting and empty items.
    static QList<AuthChallenge> parse(const QByteArray &header);
    /// The Bearer challenge of a header, or an empty one (scheme empty) if there is none.
    static AuthChallenge bearer(const QByteArray &header);
    /// The challenge an OAuth client answers: the first Bearer or DPoP one (RFC 9449 §7.1), or an empty one.
    static AuthChallenge oauth(const QByteArray &header);
    /// The DPoP challenge of a header, or an empty one.
    static AuthChallenge dpop(const QByteArray &header);
};

} // namespace Toolgate
