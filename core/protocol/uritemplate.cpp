#include "core/protocol/uritemplate.h"

#include <QRegularExpression>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace Toolgate {

namespace {

struct Expression
{
    QChar op; // null for simple expansion
    QStringList names;
};

Expression parse(QStringView body)
{
    Expression expression;
    if (!body.isEmpty() && QStringView(u"+#./;?&").contains(body.front())) {
        expression.op = body.front();
        body = body.mid(1);
    }
    for (QStringView part : body.split(u',')) {
        QString name = part.toString().trimmed();
        name = name.section(u':', 0, 0);
        if (name.endsWith(u'*'))
            name.chop(1);
        if (!name.isEmpty())
            expression.names.append(name);
    }
    return expression;
}

template<typename Fn>
void forEachExpression(const QString &uriTemplate, Fn fn)
{
    qsizetype pos = 0;
    while (pos < uriTemplate.size()) {
        const qsizetype open = uriTemplate.indexOf(u'{', pos);
        if (open < 0) {
            fn(QStringView(uriTemplate).mid(pos), nullptr);
            return;
        }
        const qsizetype close = uriTemplate.indexOf(u'}', open);
        if (close < 0) {
            fn(QStringView(uriTemplate).mid(pos), nullptr);
            return;
        }
        fn(QStringView(uriTemplate).mid(pos, open - pos), nullptr);
        const Expression expression = parse(QStringView(uriTemplate).mid(open + 1, close - open - 1));
        fn(QStringView(), &expression);
        pos = close + 1;
    }
}

} // namespace

QStringList UriTemplate::variables(const QString &uriTemplate)
{
    QStringList names;
    forEachExpression(uriTemplate, [&names](QStringView, const Expression *expression) {
        if (!expression)
            return;
        for (const QString &name : expression->names) {
            if (!names.contains(name))
                names.append(name);
        }
    });
    return names;
}

QString UriTemplate::expand(const QString &uriTemplate, const QMap<QString, QString> &values)
{
    QString out;
    forEachExpression(uriTemplate, [&out, &values](QStringView literal, const Expression *expression) {
        if (!expression) {
            out += literal;
            return;
        }
        const QChar op = expression->op;
        const bool reserved = op == u'+' || op == u'#';
        const bool named = op == u';' || op == u'?' || op == u'&';
        const QString first = op.isNull() || op == u'+' ? QString() : QString(op);
        const QString separator = op.isNull() || op == u'+' || op == u'#' ? QStringLiteral(",")
            : op == u'?'                                                  ? QStringLiteral("&")
                                                                          : QString(op);
        QStringList parts;
        for (const QString &name : expression->names) {
            const QString value = values.value(name);
            if (value.isEmpty())
                continue;
            const QByteArray encoded = reserved ? QUrl::toPercentEncoding(value, ":/?#[]@!$&'()*+,;=")
                                                : QUrl::toPercentEncoding(value);
            const QString text = QString::fromLatin1(encoded);
            parts.append(named ? name + u'=' + text : text);
        }
        if (!parts.isEmpty())
            out += first + parts.join(separator);
    });
    return out;
}

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
