#pragma once

#include <QMap>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

#include <optional>

namespace Toolgate {

/// RFC 6570 URI templates, as MCP's resource templates use them: the client expands one with the
/// values a person gives (levels 1-3), the server side matches a URI against a level-1 one
/// ("demo://greeting/{name}") to find the template a resources/read is for.
class UriTemplate final
{
public:
    /// The variable names of a template, in order of first use ("{owner}/{+path}{?q,page}").
    static QStringList variables(const QString &uriTemplate);
    /// Expands the template (levels 1-3; prefix and explode modifiers are ignored). Empty values
    /// count as undefined, as a blank form field means "not given".
    static QString expand(const QString &uriTemplate, const QMap<QString, QString> &values);

    /// The template compiled once for matching, or nullopt when it uses more than {var} (operators,
    /// lists, modifiers), which cannot be matched.
    static std::optional<UriTemplate> compile(const QString &uriTemplate);
    /// The decoded variables when uri matches. A variable matches one or more characters up to the
    /// next "/", "?" or "#".
    std::optional<QMap<QString, QString>> match(const QString &uri) const;

private:
    UriTemplate(QRegularExpression regex, QStringList variables)
        : m_regex(std::move(regex)), m_variables(std::move(variables)) {}

    QRegularExpression m_regex;
    QStringList m_variables;
};

} // namespace Toolgate
