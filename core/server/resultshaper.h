#pragma once

#include "core/common/result.h"
#include "core/peer/jsonrpcpeer.h"
#include "core/protocol/tool.h"

#include <QJsonObject>
#include <QString>

namespace Toolgate {

class ServerLifecycle;

/// Shapes what McpServer sends for the revision the client speaks: older revisions do not get
/// fields they do not know, and 2026-07-28 results carry resultType and caching hints.
class ResultShaper final
{
public:
    explicit ResultShaper(const ServerLifecycle &lifecycle) : m_lifecycle(lifecycle) {}

    /// A CallToolResult as the client's revision knows it.
    QJsonObject callResult(const CallToolResult &result) const;
    /// A tools/list entry as the client's revision knows it.
    QJsonObject tool(const Tool &tool) const;
    /// Answers a request with result or its error; in the modern era decorated for method.
    void answer(const Responder &responder, const Result<QJsonObject> &result, const QString &method = {}) const;

    /// A result in the modern era: resultType, and for lists and reads the caching hints the
    /// revision requires.
    static void decorateModern(const QString &method, QJsonObject &result);

private:
    const ServerLifecycle &m_lifecycle;
};

} // namespace Toolgate
