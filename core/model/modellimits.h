#pragma once

#include <QtGlobal>

namespace Toolgate {

/// What a model server may make Toolgate hold or wait for in one turn. A model server is not
/// trusted: it may stream forever, send one enormous argument or hundreds of calls.
struct ModelLimits
{
    qint64 maxReplyBytes = 32 * 1024 * 1024;    ///< the whole answer, streamed or not
    qint64 maxArgumentBytes = 4 * 1024 * 1024;  ///< the arguments of one tool call
    int maxToolCalls = 128;                     ///< tool calls in one turn
    int turnTimeoutMs = 10 * 60 * 1000;         ///< the whole turn, from sending to the last byte
    /// No byte for this long fails the turn (a local model that loads first may take a while).
    int stallTimeoutMs = 3 * 60 * 1000;
    qint64 maxErrorBodyBytes = 64 * 1024;       ///< what is read of an error answer
};

} // namespace Toolgate
