#pragma once

#include <QValidator>

namespace Toolgate {

/// Accepts what can become a JSON number while it is being typed ("-", "1.", "2e" are intermediate) and
/// refuses letters. Bounds are deliberately not enforced here: refusing "5" on the way to "50" would
/// fight the person; the form shows out-of-range values as problems instead.
class NumberValidator final : public QValidator
{
    Q_OBJECT
public:
    NumberValidator(bool wholeNumbers, QObject *parent = nullptr);

    State validate(QString &input, int &pos) const override;

    /// "-12", "7": digits with an optional minus sign, whatever their size.
    static bool isWholeNumberText(const QString &text);

private:
    bool m_wholeNumbers;
};

} // namespace Toolgate
