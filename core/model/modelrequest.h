#pragma once

#include "core/model/modelmessage.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Toolgate {

/// A tool offered to a model.
struct ModelTool
{
    QString name;           ///< API-safe: ^[a-zA-Z0-9_-]{1,64}$ (see ToolNameMap)
    QString description;
    QJsonObject parameters; ///< a JSON Schema of an object (an MCP tool's inputSchema)
};

/// One turn asked of a model: the conversation so far and the tools it may call.
struct ModelRequest
{
    QList<ModelMessage> messages;
    QList<ModelTool> tools;
    /// Most tokens the answer may have; 0: the connection's default (Anthropic needs one).
    int maxTokens = 0;
    /// How freely the model picks its words; unset: the provider's default.
    std::optional<double> temperature;
    /// Texts that end the answer where they appear (a server's sampling request may ask for them).
    QStringList stopSequences;
    bool stream = true;
};

} // namespace Toolgate
