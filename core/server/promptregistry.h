#pragma once

#include "core/common/result.h"
#include "core/protocol/prompt.h"
#include "core/server/keyedentries.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QMap>
#include <QString>

#include <functional>

namespace Toolgate {

/// The prompts an McpServer offers, with the handlers that render them; prompts/get checks the
/// arguments against the prompt's definition before a handler sees them.
class PromptRegistry final
{
public:
    using Handler = std::function<Result<GetPromptResult>(const QMap<QString, QString> &arguments)>;

    /// Registers or replaces a prompt (keyed by name).
    Result<void> add(const Prompt &prompt, Handler handler);
    bool remove(const QString &name) { return m_prompts.remove(name); }
    bool contains(const QString &name) const { return m_prompts.contains(name); }
    bool isEmpty() const { return m_prompts.isEmpty(); }
    QJsonArray toJson() const;

    /// Answers prompts/get: the rendered prompt, or why it could not be.
    Result<QJsonObject> get(const QJsonObject &params) const;

    /// A JSON object of string arguments as a map (what is not a string becomes empty).
    static QMap<QString, QString> argumentMap(const QJsonObject &object);

private:
    struct Entry
    {
        Prompt prompt;
        Handler handler;
        QString key() const { return prompt.name; }
    };

    KeyedEntries<Entry> m_prompts;
};

} // namespace Toolgate
