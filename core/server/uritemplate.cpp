#include "core/server/uritemplate.h"

#include <QUrl>

using namespace Qt::StringLiterals;

namespace Toolgate {

std::optional<UriTemplate> UriTemplate::compile(const QString &uriTemplate)
{
    static const QRegularExpression variableName(u"^[A-Za-z0-9_]+$"_s);
    QString pattern = u"^"_s;
    QStringList variables;
    qsizetype pos = 0;
    while (pos < uriTemplate.size()) {
        const qsizetype open = uriTemplate.indexOf(u'{', pos);
        const qsizetype literalEnd = open < 0 ? uriTemplate.size() : open;
        const QString literal = uriTemplate.mid(pos, literalEnd - pos);
        if (literal.contains(u'}'))
            return std::nullopt;
        pattern += QRegularExpression::escape(literal);
        if (open < 0)
            break;
        const qsizetype close = uriTemplate.indexOf(u'}', open);
        if (close < 0)
            return std::nullopt;
        const QString name = uriTemplate.mid(open + 1, close - open - 1);
        if (!variableName.match(name).hasMatch() || variables.contains(name))
            return std::nullopt;
        variables.append(name);
        pattern += u"([^/?#]+)"_s;
        pos = close + 1;
    }
    pattern += u'$';
    return UriTemplate(QRegularExpression(pattern), variables);
}

std::optional<QMap<QString, QString>> UriTemplate::match(const QString &uri) const
{
    const auto found = m_regex.match(uri);
    if (!found.hasMatch())
        return std::nullopt;
    QMap<QString, QString> variables;
    for (qsizetype i = 0; i < m_variables.size(); ++i)
        variables.insert(m_variables.at(i), QUrl::fromPercentEncoding(found.captured(int(i) + 1).toUtf8()));
    return variables;
}

} // namespace Toolgate
