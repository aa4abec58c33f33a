#include "core/calls/approvalwarnings.h"

#include "core/common/displaytext.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace Toolgate {

namespace {

using Kind = SuspiciousText::Kind;

struct Inspector
{
    QList<ApprovalWarning> warnings;
    int stringsLeft = ApprovalWarning::MaxArgumentStrings;

    void add(ApprovalWarning::Field field, QStringView text, Kind kind, const QString &argument = {})
    {
        if (text.isEmpty())
            return;
        for (SuspiciousText::Finding &finding : SuspiciousText::inspect(text, kind))
            warnings.append({field, argument, std::move(finding)});
    }

    void addValue(const QJsonValue &value, const QString &path, int depth)
    {
        if (stringsLeft <= 0 || depth > 64)
            return;
        if (value.isString()) {
            --stringsLeft;
            add(ApprovalWarning::Field::ArgumentValue, value.toString(), Kind::Text, path);
        } else if (value.isObject()) {
            addObject(value.toObject(), path, depth + 1);
        } else if (value.isArray()) {
            const QJsonArray array = value.toArray();
            for (qsizetype i = 0; i < array.size() && stringsLeft > 0; ++i)
                addValue(array.at(i), path + u'[' + QString::number(i) + u']', depth + 1);
        }
    }

    void addObject(const QJsonObject &object, const QString &prefix, int depth)
    {
        for (auto it = object.begin(); it != object.end() && stringsLeft > 0; ++it) {
            const QString path = prefix.isEmpty() ? DisplayText::visibleLine(it.key())
                                                  : prefix + u'.' + DisplayText::visibleLine(it.key());
            --stringsLeft;
            add(ApprovalWarning::Field::ArgumentName, it.key(), Kind::Name, path);
            addValue(it.value(), path, depth);
        }
    }
};

} // namespace

QString ApprovalWarning::fieldName() const
{
    switch (field) {
    case Field::ServerInfo: return QCoreApplication::translate("Toolgate::ApprovalWarning", "What the server says it is");
    case Field::Endpoint: return QCoreApplication::translate("Toolgate::ApprovalWarning", "Command or URL");
    case Field::ToolName: return QCoreApplication::translate("Toolgate::ApprovalWarning", "Tool name");
    case Field::Title: return QCoreApplication::translate("Toolgate::ApprovalWarning", "Title");
    case Field::Description: return QCoreApplication::translate("Toolgate::ApprovalWarning", "Description");
    case Field::ArgumentName:
        return QCoreApplication::translate("Toolgate::ApprovalWarning", "Name of argument “%1”").arg(argument);
    case Field::ArgumentValue: return QCoreApplication::translate("Toolgate::ApprovalWarning", "Argument “%1”").arg(argument);
    }
    return {};
}

QString ApprovalWarning::words() const
{
    return QCoreApplication::translate("Toolgate::ApprovalWarning", "%1: %2").arg(fieldName(), finding.words());
}

QList<ApprovalWarning> ApprovalWarning::inspect(const ApprovalRequest &request)
{
    Inspector inspector;
    const Implementation &info = request.server.serverInfo;
    for (const QString &text : {info.name, info.title, info.version})
        inspector.add(Field::ServerInfo, text, Kind::Line);
    inspector.add(Field::Endpoint, request.server.endpoint, Kind::Line);
    inspector.add(Field::ToolName, request.tool.name, Kind::Name);
    inspector.add(Field::Title, request.tool.title, Kind::Line);
    if (request.tool.annotations.title != request.tool.title)
        inspector.add(Field::Title, request.tool.annotations.title, Kind::Line);
    inspector.add(Field::Description, request.tool.description, Kind::Text);
    inspector.addObject(request.arguments, {}, 0);
    return inspector.warnings;
}

} // namespace Toolgate
