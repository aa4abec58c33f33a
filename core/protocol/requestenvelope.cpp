#include "core/protocol/requestenvelope.h"

namespace Toolgate::RequestEnvelope {

QJsonObject make(const QString &protocolVersion, const Implementation &clientInfo, const QJsonObject &clientCapabilities,
                 std::optional<LoggingLevel> logLevel)
{
    QJsonObject meta{
        {protocolVersionKey, protocolVersion},
        {clientInfoKey, clientInfo.toJson()},
        {clientCapabilitiesKey, clientCapabilities},
    };
    if (logLevel)
        meta.insert(logLevelKey, toString(*logLevel));
    return meta;
}

} // namespace Toolgate::RequestEnvelope
