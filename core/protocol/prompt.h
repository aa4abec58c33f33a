#pragma once

#include "core/protocol/content.h"
#include "core/protocol/icon.h"
#include "core/protocol/page.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace Toolgate {

/// One argument a prompt template accepts.
struct PromptArgument
{
    QString name;
    QString title;
    QString description;
    bool required = false;

    static PromptArgument fromJson(const QJsonObject &json);
    QJsonObject toJson() const;

    /// title, else name.
    QString displayName() const;
};

/// A prompt or prompt template, from prompts/list.
struct Prompt
{
    QString name;
    QString title;
    QString description;
    QList<PromptArgument> arguments;
    QList<Icon> icons;
    QJsonObject meta; // _meta

    static Prompt fromJson(const QJsonObject &json);
    QJsonObject toJson() const;

    /// title, else name.
    QString displayName() const;
};

/// One message of a rendered prompt.
struct PromptMessage
{
    QString role; // "user" or "assistant"; kept as text so a future role is not lost
    Content content;

    static PromptMessage fromJson(const QJsonObject &json);
    QJsonObject toJson() const;
};

/// The result of prompts/get.
struct GetPromptResult
{
    QString description;
    QList<PromptMessage> messages;
    QJsonObject meta; // _meta

    static GetPromptResult fromJson(const QJsonObject &json);
    QJsonObject toJson() const;
};

using PromptPage = Page<Prompt>;

} // namespace Toolgate
