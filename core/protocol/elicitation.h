#pragma once

#include "core/common/jsonkeyorder.h"
#include "core/common/result.h"

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

/// elicitation/create: the server asks the person for information, through a form built from a flat
/// schema (form mode) or by sending them to a web page (URL mode, 2025-11-25).
struct ElicitationRequest
{
    enum class Mode { Form, Url };
    Mode mode = Mode::Form;
    QString message;
    /// Form mode: a flat object schema (properties of primitive types).
    QJsonObject requestedSchema;
    /// The order of requestedSchema's keys as the server wrote them: the form asks in that order.
    JsonKeyOrder requestedSchemaOrder;
    /// URL mode: where to go, and the id notifications/elicitation/complete names it by (may be empty
    /// in revisions without it).
    QString url;
    QString elicitationId;

    /// A missing mode means form. Fails, saying why, for unknown modes, a form without an object
    /// requestedSchema, or a URL that is not http(s).
    static Result<ElicitationRequest> fromJson(const QJsonObject &params);
    /// The URL-mode request a -32042 error's elicitation stands for.
    static ElicitationRequest forUrl(const UrlElicitation &elicitation);
    static QString modeName(Mode mode);
};

/// The answer to an elicitation: accept (with the form's content; in URL mode the person's consent
/// only), decline, or cancel (dismissed without a choice).
struct ElicitationResult
{
    enum class Action { Accept, Decline, Cancel };
    Action action = Action::Cancel;
    QJsonObject content; ///< form mode, accept only

    QJsonObject toJson() const;
    static QString actionName(Action action);
};

} // namespace Toolgate
