#pragma once

#include "app/cli/cliarguments.h"
#include "core/common/result.h"
#include "core/model/modelconfig.h"

#include <functional>

class QObject;

namespace Toolgate {

class AuditLog;
class SecretStore;

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
    /// The connection with its key in hand (a file's model: from the keychain), for ModelClient::create().
    /// The key is given to audit first, so that whatever it records from then on has it redacted.
    /// done is called once, on context's thread, unless context dies first.
    static void withKey(const CliArguments &arguments, SecretStore &secrets, AuditLog *audit, QObject *context,
                        std::function<void(const Result<ModelConfig> &)> done);
    /// The connection the models file has under name (its key not read); a configuration error naming
    /// the file's connections when there is none.
    static Result<ModelConfig> named(const QString &name);
};

} // namespace Toolgate
