#include "core/calls/runapproval.h"

#include "core/jsonrpc/jsonwriter.h"

#include <QCoreApplication>

namespace Toolgate {

RunApproval::RunApproval(RunApprovalRequest request, const QObject *issuer)
    : m_request(std::move(request))
    , m_issuer(issuer)
{
    for (const RunApprovalRequest::Entry &entry : std::as_const(m_request.calls))
        ++m_left[keyOf(entry.server, entry.toolName, entry.arguments)];
}

int RunApproval::remaining() const
{
    int total = 0;
    for (const int left : m_left)
        total += left;
    return total;
}

QString RunApproval::reason() const
{
    return QCoreApplication::translate("Toolgate::RunApproval", "approved with the collection run \"%1\"").arg(m_request.runName);
}

QByteArray RunApproval::keyOf(const ServerIdentity &server, const QString &toolName, const QJsonObject &arguments)
{
    // QJsonObject sorts its keys, so its compact text is canonical: the order the file wrote the keys in
    // does not make two equal argument sets differ. Each part is a JSON string, so none can run into the next.
    QByteArray key;
    JsonWriter::appendString(key, server.name);
    key += '\n';
    JsonWriter::appendString(key, server.endpoint);
    key += '\n';
    JsonWriter::appendString(key, toolName);
    key += '\n';
    JsonWriter::appendObject(key, arguments);
    return key;
}

bool RunApproval::consume(const ServerIdentity &server, const QString &toolName, const QJsonObject &arguments)
{
    const auto it = m_left.find(keyOf(server, toolName, arguments));
    if (it == m_left.end() || it.value() <= 0)
        return false;
    --it.value();
    return true;
}

} // namespace Toolgate
