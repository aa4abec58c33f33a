#pragma once

// Internal to core/schema: regular expressions from untrusted schemas, matched with a bound on work.

#include <QRegularExpression>
#include <QString>

#include <array>
#include <memory>
#include <mutex>
#include <optional>

namespace Toolgate::SchemaDetail {

/// A JSON Schema "pattern" (or patternProperties key) compiled with PCRE2 through QRegularExpression,
/// whose matches stop after a bounded number of backtracking steps instead of running for minutes
/// (PCRE2 backtracks on the heap, never on the stack, and honours (*LIMIT_MATCH=n)).
///
/// A search first runs with a small step limit; when that is hit, it runs again with an eight times
/// larger one, up to kMaxSteps. Each attempt costs its whole limit, so what a caller is charged is
/// at most about eight times the steps really taken, whatever the pattern and the text.
/// Copies share the compiled forms; search() is const and safe to call from several threads.
class BoundedRegex final
{
public:
    enum class Outcome {
        Match,
        NoMatch,
        TooComplex,  ///< the pattern needs more than kMaxSteps for this text
        OutOfBudget, ///< the next attempt would take steps beyond the allowance
    };

    /// Step limits of the attempts, smallest first.
    static constexpr std::array<int, 6> kStepLimits = {64, 512, 4096, 32768, 262144, 1048576};
    static constexpr int kMaxSteps = kStepLimits.back();
    /// Longer patterns are refused: nobody writes them by hand, and compiling costs their length.
    static constexpr qsizetype kMaxPatternLength = 4096;

    BoundedRegex() = default;

    /// Compiles pattern, or returns why it cannot be used.
    static std::optional<QString> compile(const QString &pattern, BoundedRegex *out);

    /// Searches text (the pattern is not anchored, as JSON Schema requires). steps is charged with the
    /// limits of the attempts made; an attempt is only made while steps stays within allowance.
    Outcome search(const QString &text, qint64 &steps, qint64 allowance) const;

    const QString &pattern() const;
    bool isNull() const { return !m_shared; }

private:
    struct Shared
    {
        QString pattern;
        std::array<std::once_flag, kStepLimits.size()> once;
        std::array<QRegularExpression, kStepLimits.size()> attempts;
    };
    const QRegularExpression &attempt(size_t index) const;

    std::shared_ptr<Shared> m_shared;
};

} // namespace Toolgate::SchemaDetail
