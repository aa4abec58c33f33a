#pragma once

#include <QElapsedTimer>

#include <algorithm>

namespace Toolgate {

/// A rate limit that allows bursts: holds up to `burst` tokens, refilled at `perSecond`; each
/// admitted thing takes what it costs. For whatever a peer can make us do faster than we should.
class TokenBucket final
{
public:
    TokenBucket(double burst, double perSecond)
        : m_burst(burst)
        , m_perSecond(perSecond)
        , m_tokens(burst)
    {
        m_refill.start();
    }

    /// Takes cost tokens when there are that many (true), else takes nothing (false).
    bool take(double cost = 1.0)
    {
        const double elapsedSeconds = double(m_refill.nsecsElapsed()) / 1e9;
        m_refill.restart();
        m_tokens = std::min(m_burst, m_tokens + elapsedSeconds * m_perSecond);
        if (m_tokens < cost)
            return false;
        m_tokens -= cost;
        return true;
    }

    double burst() const { return m_burst; }
    double perSecond() const { return m_perSecond; }

private:
    double m_burst;
    double m_perSecond;
    double m_tokens;
    QElapsedTimer m_refill;
};

} // namespace Toolgate
