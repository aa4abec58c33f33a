#include "ui/forms/numbervalidator.h"

#include <QRegularExpression>

namespace Toolgate {

NumberValidator::NumberValidator(bool wholeNumbers, QObject *parent)
    : QValidator(parent)
    , m_wholeNumbers(wholeNumbers)
{
}

QValidator::State NumberValidator::validate(QString &input, int &) const
{
    static const QRegularExpression whole(QStringLiteral("^-?[0-9]+$"));
    static const QRegularExpression wholePrefix(QStringLiteral("^-?$"));
    // C-locale decimal notation; ".5" and "5." are accepted as people type them and converted on output.
    static const QRegularExpression decimal(QStringLiteral("^-?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?$"));
    static const QRegularExpression decimalPrefix(QStringLiteral("^-?[0-9]*\\.?[0-9]*([eE][+-]?[0-9]*)?$"));

    const QString text = input.trimmed();
    if (text.isEmpty())
        return Intermediate;
    if (m_wholeNumbers) {
        if (whole.match(text).hasMatch())
            return Acceptable;
        return wholePrefix.match(text).hasMatch() ? Intermediate : Invalid;
    }
    if (decimal.match(text).hasMatch())
        return Acceptable;
    return decimalPrefix.match(text).hasMatch() ? Intermediate : Invalid;
}

bool NumberValidator::isWholeNumberText(const QString &text)
{
    static const QRegularExpression whole(QStringLiteral("^-?[0-9]+$"));
    return whole.match(text).hasMatch();
}

} // namespace Toolgate

#include "moc_numbervalidator.cpp"
