#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

namespace Toolgate::UriTemplate {

/// The variable names of an RFC 6570 template, in order of first use ("{owner}/{+path}{?q,page}").
QStringList variables(const QString &uriTemplate);
/// Expands the template (levels 1–3; prefix and explode modifiers are ignored). Empty values
/// count as undefined, as a blank form field means "not given".
QString expand(const QString &uriTemplate, const QMap<QString, QString> &values);

} // namespace Toolgate::UriTemplate
