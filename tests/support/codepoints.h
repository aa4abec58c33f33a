#pragma once

// Text spelled by code points, for tests of what hides in a server's text (look-alikes beyond the
// Basic Multilingual Plane, invisible and bidirectional controls).

#include <QString>

#include <initializer_list>

namespace Toolgate::TestSupport {

/// The text of these code points, in order.
inline QString fromUcs4(std::initializer_list<char32_t> points)
{
    QString out;
    for (const char32_t c : points)
        out += QString::fromUcs4(&c, 1);
    return out;
}

} // namespace Toolgate::TestSupport
