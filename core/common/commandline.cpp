#include "core/common/commandline.h"

#include <QRegularExpression>

namespace Toolgate::CommandLine {

QString quoted(const QString &argument)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_@%+=:,./\\\\-]+$"));
    if (plain.match(argument).hasMatch())
        return argument;
    QString text = argument;
    text.replace(u'\'', QLatin1String("'\\''"));
    return u'\'' + text + u'\'';
}

QString display(const QString &program, const QStringList &arguments)
{
    QStringList parts{quoted(program)};
    for (const QString &argument : arguments)
        parts.append(quoted(argument));
    return parts.join(u' ');
}

} // namespace Toolgate::CommandLine
