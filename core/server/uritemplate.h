#pragma once

#include <QMap>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

#include <optional>

namespace Toolgate {

/// A level-1 RFC 6570 URI template ("demo://greeting/{name}") compiled once for matching: the
/// resource templates a server registers are matched against every resources/read.
class UriTemplate final
{
public:
    /// The compiled template, or nullopt when it uses more than {var} (operators, lists,
    /// modifiers), which we cannot match.
    static std::optional<UriTemplate> compile(const QString &uriTemplate);

    /// The decoded variables when uri matches. A variable matches one or more characters up to
    /// the next "/", "?" or "#".
    std::optional<QMap<QString, QString>> match(const QString &uri) const;

private:
    UriTemplate(QRegularExpression regex, QStringList variables)
        : m_regex(std::move(regex)), m_variables(std::move(variables)) {}

    QRegularExpression m_regex;
    QStringList m_variables;
};

} // namespace Toolgate
