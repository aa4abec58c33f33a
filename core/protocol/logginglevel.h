#pragma once

#include <QAnyStringView>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace Toolgate {

/// Severity of a server log message (RFC 5424 levels), ordered so that a < b means a is less severe.
enum class LoggingLevel { Debug, Info, Notice, Warning, Error, Critical, Alert, Emergency };

/// The wire name: "debug" ... "emergency".
/// QTest finds this by ADL and expects toString to return char *, so QCOMPARE on two LoggingLevel
/// values does not compile; use QVERIFY(a == b) or compare optionals / wire names instead.
QString toString(LoggingLevel level);
/// The level for a wire name, ignoring case; nullopt for anything else.
std::optional<LoggingLevel> loggingLevelFromString(QAnyStringView name);

/// A notifications/message log entry from a server.
struct LogMessage
{
    LoggingLevel level = LoggingLevel::Info; // also used when the server sends an unknown level
    QString logger;
    QJsonValue data; // any JSON; usually a string
    QJsonObject meta; // _meta

    /// Parses the notification's params.
    static LogMessage fromJson(const QJsonObject &json);
    QJsonObject toJson() const;

    /// data itself when it is a string, otherwise data as compact JSON; empty when absent.
    QString text() const;
};

} // namespace Toolgate
