#include "core/protocol/completion.h"

#include "core/protocol/jsonutil_p.h"

#include <limits>

using namespace Qt::StringLiterals;

namespace Toolgate {

using namespace ProtocolJson;

// ---- CompletionReference ----------------------------------------------------------------------

CompletionReference CompletionReference::prompt(const QString &name)
{
    return {Kind::Prompt, name};
}

CompletionReference CompletionReference::resourceTemplate(const QString &uriTemplate)
{
    return {Kind::ResourceTemplate, uriTemplate};
}

std::optional<CompletionReference> CompletionReference::fromJson(const QJsonObject &json)
{
    const QString type = string(json, u"type");
    if (type == u"ref/prompt")
        return prompt(string(json, u"name"));
    if (type == u"ref/resource")
        return resourceTemplate(string(json, u"uri"));
    return std::nullopt;
}

QJsonObject CompletionReference::toJson() const
{
    if (kind == Kind::Prompt)
        return {{u"type"_s, u"ref/prompt"_s}, {u"name"_s, nameOrUri}};
    return {{u"type"_s, u"ref/resource"_s}, {u"uri"_s, nameOrUri}};
}

// ---- CompleteResult ---------------------------------------------------------------------------

CompleteResult CompleteResult::fromJson(const QJsonObject &json)
{
    CompleteResult r;
    const QJsonObject completion = object(json, u"completion");
    r.values = stringList(completion, u"values");
    if (const auto total = optionalInteger(completion, u"total");
        total && *total >= 0 && *total <= std::numeric_limits<int>::max()) {
        r.total = int(*total);
    }
    r.hasMore = optionalBool(completion, u"hasMore").value_or(false);
    r.meta = object(json, u"_meta");
    return r;
}

QJsonObject CompleteResult::toJson() const
{
    QJsonObject completion;
    completion.insert(u"values", QJsonArray::fromStringList(values));
    if (total)
        completion.insert(u"total", *total);
    if (hasMore)
        completion.insert(u"hasMore", true);
    QJsonObject json;
    json.insert(u"completion", completion);
    putObject(json, u"_meta", meta);
    return json;
}

} // namespace Toolgate
