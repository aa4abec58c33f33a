#include "core/server/completionprovider.h"

#include "core/common/error.h"
#include "core/server/invalidparams.h"
#include "core/server/promptregistry.h"
#include "core/server/resourceregistry.h"

using namespace Qt::StringLiterals;

namespace Toolgate {

namespace {

constexpr qsizetype maxValues = 100; // the spec's cap per response

} // namespace

Result<QJsonObject> CompletionProvider::complete(const QJsonObject &params, const PromptRegistry &prompts,
                                                 const ResourceRegistry &resources) const
{
    if (!m_handler)
        return makeError(ErrorCode::MethodNotFound, u"this server offers no completions"_s);
    const auto reference = CompletionReference::fromJson(params.value(u"ref").toObject());
    if (!reference)
        return invalidParams(u"completion/complete needs a ref of type ref/prompt or ref/resource"_s);
    if (reference->kind == CompletionReference::Kind::Prompt && !prompts.contains(reference->nameOrUri))
        return invalidParams(u"Unknown prompt: %1"_s.arg(reference->nameOrUri));
    if (reference->kind == CompletionReference::Kind::ResourceTemplate && !resources.hasTemplate(reference->nameOrUri))
        return invalidParams(u"Unknown resource template: %1"_s.arg(reference->nameOrUri));
    const QJsonObject argument = params.value(u"argument").toObject();
    if (!argument.value(u"name").isString())
        return invalidParams(u"completion/complete needs argument.name"_s);

    CompletionRequest request;
    request.reference = *reference;
    request.argumentName = argument.value(u"name").toString();
    request.value = argument.value(u"value").toString();
    request.arguments = PromptRegistry::argumentMap(params.value(u"context").toObject().value(u"arguments").toObject());
    // Copy: the handler may replace itself.
    const Handler handler = m_handler;
    Result<CompleteResult> result = handler(request);
    if (!result)
        return result.error();
    CompleteResult complete = std::move(result).value();
    if (complete.values.size() > maxValues) {
        complete.total = std::max<int>(complete.total.value_or(0), int(complete.values.size()));
        complete.values.resize(maxValues);
        complete.hasMore = true;
    }
    return complete.toJson();
}

CompleteResult CompletionProvider::completeFrom(const QStringList &candidates, const QString &typed)
{
    CompleteResult result;
    int total = 0;
    for (const QString &candidate : candidates) {
        if (!candidate.startsWith(typed, Qt::CaseInsensitive))
            continue;
        ++total;
        if (result.values.size() < maxValues)
            result.values.append(candidate);
    }
    result.total = total;
    result.hasMore = total > result.values.size();
    return result;
}

} // namespace Toolgate
