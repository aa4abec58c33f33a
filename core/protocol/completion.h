#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace Toolgate {

/// What completion/complete completes an argument of: a prompt or a resource template.
struct CompletionReference
{
    enum class Kind { Prompt, ResourceTemplate };

    Kind kind = Kind::Prompt;
    QString nameOrUri; // the prompt's name, or the template's URI template

    static CompletionReference prompt(const QString &name);
    static CompletionReference resourceTemplate(const QString &uriTemplate);

    /// Accepts {type:"ref/prompt",name} and {type:"ref/resource",uri}; anything else is nullopt.
    static std::optional<CompletionReference> fromJson(const QJsonObject &json);
    /// {type:"ref/prompt",name} or {type:"ref/resource",uri}.
    QJsonObject toJson() const;

    bool operator==(const CompletionReference &) const = default;
};

/// The result of completion/complete.
struct CompleteResult
{
    QStringList values;        // at most 100 per the spec; not enforced on receipt
    std::optional<int> total;  // all matches, which may exceed values.size()
    bool hasMore = false;
    QJsonObject meta;          // _meta

    /// Parses the whole result, i.e. {completion:{values,total,hasMore}}.
    static CompleteResult fromJson(const QJsonObject &json);
    QJsonObject toJson() const;
};

} // namespace Toolgate
