#include "core/server/serverlog.h"

#include "core/common/error.h"
#include "core/server/serverlifecycle.h"

using namespace Qt::StringLiterals;

namespace Toolgate {

void ServerLog::send(LoggingLevel level, const QJsonValue &data, const QString &logger)
{
    // Logging is allowed from initialize on (before initialized too); before it the client
    // could not have told us what it wants. In the modern era a log message belongs to a
    // request that opted in (ToolCallContext::log); a server-wide one has nowhere to go.
    const auto phase = m_lifecycle.phase();
    if (phase == ServerLifecycle::Phase::AwaitingInitialize || phase == ServerLifecycle::Phase::Finished
        || m_lifecycle.era() == ProtocolEra::Modern)
        return;
    const auto threshold = m_lifecycle.logLevel();
    if (threshold && level < *threshold)
        return;
    LogMessage message;
    message.level = level;
    message.logger = logger;
    message.data = data;
    m_peer.sendNotification(u"notifications/message"_s, message.toJson());
}

Result<QJsonObject> ServerLog::setLevel(const QJsonObject &params)
{
    const auto level = loggingLevelFromString(params.value(u"level").toString());
    if (!level)
        return makeError(ErrorCode::InvalidParams, u"unknown logging level \"%1\""_s.arg(params.value(u"level").toString()));
    m_lifecycle.setLogLevel(*level);
    return QJsonObject();
}

} // namespace Toolgate
