#pragma once

// JSON helpers the tests share. Test inputs are literals written by us: a typo in one is a bug in
// the test, not a failure of the code under test, so a bad literal stops the test run at once.

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>

#include <cstdlib>

namespace Toolgate::TestSupport {

/// The object a JSON literal spells.
inline QJsonObject parseObject(const QByteArray &json)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        qFatal("bad test JSON: %s (%s)", json.constData(), qPrintable(error.errorString()));
    return document.object();
}

/// Any JSON value, scalars included.
inline QJsonValue parseValue(const QByteArray &json)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson("[" + json + "]", &error);
    if (error.error != QJsonParseError::NoError || document.array().size() != 1)
        qFatal("bad test JSON value: %s (%s)", json.constData(), qPrintable(error.errorString()));
    return document.array().first();
}

/// The array a JSON literal spells.
inline QJsonArray parseArray(const QByteArray &json)
{
    const QJsonValue value = parseValue(json);
    if (!value.isArray())
        qFatal("bad test JSON array: %s", json.constData());
    return value.toArray();
}

/// QJsonObject sorts its keys, so compact text is a canonical form QCOMPARE can print on failure.
inline QByteArray compact(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

} // namespace Toolgate::TestSupport
