#pragma once

#include "app/cli/cliarguments.h"
#include "core/common/result.h"
#include "core/model/modelconfig.h"

namespace Toolgate {

/// The model toolgate-cli chat talks to, from the command line: a connection of the models file by
/// name (--model NAME), or one given in full (--model-url URL --model-api API --model MODEL, with the
/// key from --model-key-env VAR). The key of a file's connection is not read here: it is in the
/// keychain (ModelKeys::fillKey()).
class ChatModel final
{
public:
    ChatModel() = delete;

    /// The connection. --model-key-env's variable is read here: one that is not set is a configuration
    /// error, and so is a name the models file does not have. The key is kept in memory only.
    static Result<ModelConfig> fromArguments(const CliArguments &arguments);
    /// The connection the models file has under name (its key not read); a configuration error naming
    /// the file's connections when there is none.
    static Result<ModelConfig> named(const QString &name);
};

} // namespace Toolgate
