#pragma once

#include <QByteArray>

namespace Toolgate {

/// Proof Key for Code Exchange (RFC 7636) with the S256 method, the only one MCP allows.
struct Pkce
{
    QByteArray verifier;  ///< 64 random characters from the unreserved set
    QByteArray challenge; ///< BASE64URL(SHA-256(verifier)), no padding

    static Pkce generate();
    static QByteArray challengeFor(const QByteArray &verifier);
    /// Random URL-safe text for `state` and the like.
    static QByteArray randomToken(int bytes = 24);
};

} // namespace Toolgate
