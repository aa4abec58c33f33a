#include "core/protocol/logginglevel.h"

#include "core/protocol/jsonutil_p.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <array>

namespace Toolgate {

using namespace ProtocolJson;

namespace {
// Indexed by the enum's value.
constexpr std::array<QLatin1StringView, 8> levelNames{
    QLatin1StringView("debug"),    QLatin1StringView("info"),  QLatin1StringView("notice"),
    QLatin1StringView("warning"),  QLatin1StringView("error"), QLatin1StringView("critical"),
    QLatin1StringView("alert"),    QLatin1StringView("emergency")};
} // namespace

QString toString(LoggingLevel level)
{
    const auto index = std::size_t(level);
    return index < levelNames.size() ? QString(levelNames[index]) : QString();
}

std::optional<LoggingLevel> loggingLevelFromString(QAnyStringView name)
{
    for (std::size_t i = 0; i < levelNames.size(); ++i) {
        if (QAnyStringView::compare(name, levelNames[i], Qt::CaseInsensitive) == 0)
            return LoggingLevel(i);
    }
    return std::nullopt;
}

LogMessage LogMessage::fromJson(const QJsonObject &json)
{
    LogMessage m;
    m.level = loggingLevelFromString(string(json, u"level")).value_or(LoggingLevel::Info);
    m.logger = string(json, u"logger");
    m.data = json.value(u"data");
    m.meta = object(json, u"_meta");
    return m;
}

QJsonObject LogMessage::toJson() const
{
    QJsonObject json;
    json.insert(u"level", toString(level));
    putString(json, u"logger", logger);
    // data is required; an absent value is sent as null rather than dropped.
    json.insert(u"data", data.isUndefined() ? QJsonValue(QJsonValue::Null) : data);
    putObject(json, u"_meta", meta);
    return json;
}

QString LogMessage::text() const
{
    if (data.isString())
        return data.toString();
    if (data.isUndefined())
        return {};
    // QJsonDocument only holds objects and arrays, so a scalar is wrapped and unwrapped again.
    const QByteArray wrapped = QJsonDocument(QJsonArray{data}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(wrapped.mid(1, wrapped.size() - 2));
}

} // namespace Toolgate
