#include "core/server/promptregistry.h"

#include "core/common/error.h"
#include "core/server/invalidparams.h"

using namespace Qt::StringLiterals;

namespace Toolgate {

Result<void> PromptRegistry::add(const Prompt &prompt, Handler handler)
{
    if (prompt.name.isEmpty())
        return invalidParams(u"a prompt needs a name"_s);
    if (!handler)
        return invalidParams(u"the prompt %1 has no handler"_s.arg(prompt.name));
    m_prompts.put(Entry{prompt, std::move(handler)});
    return {};
}

QJsonArray PromptRegistry::toJson() const
{
    QJsonArray all;
    for (const Entry &entry : m_prompts.all())
        all.append(entry.prompt.toJson());
    return all;
}

Result<QJsonObject> PromptRegistry::get(const QJsonObject &params) const
{
    const QString name = params.value(u"name").toString();
    const Entry *found = m_prompts.find(name);
    if (!found)
        return invalidParams(u"Unknown prompt: %1"_s.arg(name));
    const QJsonValue rawArguments = params.value(u"arguments");
    if (!rawArguments.isUndefined() && !rawArguments.isNull() && !rawArguments.isObject())
        return invalidParams(u"the arguments of prompts/get must be an object"_s);
    const QJsonObject argumentObject = rawArguments.toObject();
    for (auto it = argumentObject.begin(); it != argumentObject.end(); ++it) {
        if (!it.value().isString())
            return invalidParams(u"prompt argument \"%1\" must be a string"_s.arg(it.key()));
    }
    const Entry entry = *found; // a copy: the handler may unregister its own prompt
    const QMap<QString, QString> arguments = argumentMap(argumentObject);
    for (const PromptArgument &argument : entry.prompt.arguments) {
        if (argument.required && arguments.value(argument.name).isEmpty())
            return invalidParams(u"the prompt \"%1\" needs the argument \"%2\""_s.arg(name, argument.name));
    }
    const Result<GetPromptResult> result = entry.handler(arguments);
    if (!result)
        return result.error();
    return result.value().toJson();
}

QMap<QString, QString> PromptRegistry::argumentMap(const QJsonObject &object)
{
    QMap<QString, QString> map;
    for (auto it = object.begin(); it != object.end(); ++it)
        map.insert(it.key(), it.value().toString());
    return map;
}

} // namespace Toolgate
