#include "result.h"

#include <QJsonDocument>

namespace Toolgate {

QString Error::toString() const
{
    QString text = message;
    if (code != 0)
        text += QStringLiteral(" (code %1)").arg(code);
    return text;
}

} // namespace Toolgate
