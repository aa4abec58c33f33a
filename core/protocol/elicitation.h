#pragma once

#include "common/result.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace Toolgate {

/// One URL-mode elicitation (the spec's ElicitRequestURLParams, 2025-11-25): the server asks the person
/// to finish a step in the browser, out of band. It arrives as an elicitation/create request or inside a
/// -32042 URLElicitationRequiredError; notifications/elicitation/complete names it by elicitationId.
struct UrlElicitation
{
    QString elicitationId;
    QString url;
    QString message;

    /// Parses an ElicitRequestURLParams object; nullopt unless mode is "url" and elicitationId and url
    /// are non-empty strings.
    static std::optional<UrlElicitation> fromJson(const QJsonObject &json);
    /// The ElicitRequestURLParams shape (mode "url"), as an elicitation/create request would carry it.
    QJsonObject toJson() const;

    /// The well-formed entries of a -32042 error's data.elicitations (malformed ones are left out);
    /// empty for any other error. Does not know the session's revision: ClientSession decides whether
    /// the error means this at all (see ClientSession::urlElicitationsRequiredBy()).
    static QList<UrlElicitation> listFromError(const Error &error);

    friend bool operator==(const UrlElicitation &, const UrlElicitation &) = default;
};

} // namespace Toolgate
