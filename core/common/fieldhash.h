#pragma once

#include <QByteArray>
#include <QCryptographicHash>
#include <QStringView>

namespace Toolgate {

/// Adds one field of a fingerprint (a server's launch, what a person trusted) to hash. Length-prefixed,
/// so ("ab","c") and ("a","bc") hash differently.
inline void addHashField(QCryptographicHash &hash, QStringView field)
{
    const QByteArray bytes = field.toUtf8();
    hash.addData(QByteArray(QByteArray::number(bytes.size()) + ':'));
    hash.addData(bytes);
}

} // namespace Toolgate
