#pragma once

#include <QJsonValue>

#include <optional>

namespace Toolgate {

/// What a FieldEditor was given that it cannot show exactly (a number written 1.0, text in a number
/// field, an object where a list belongs): while it is kept, the editor's value() is this value, as it
/// came, rather than what the editor shows. The person's first edit forgets it.
class PreservedValue final
{
public:
    /// Keeps value (which may be absent) when keep is true; forgets any kept value otherwise.
    void keepIf(bool keep, const std::optional<QJsonValue> &value)
    {
        m_kept = keep;
        m_value = keep ? value : std::nullopt;
    }
    void keep(const std::optional<QJsonValue> &value) { keepIf(true, value); }
    void forget() { keepIf(false, std::nullopt); }

    bool isKept() const { return m_kept; }
    const std::optional<QJsonValue> &value() const { return m_value; }

private:
    std::optional<QJsonValue> m_value;
    bool m_kept = false;
};

} // namespace Toolgate
