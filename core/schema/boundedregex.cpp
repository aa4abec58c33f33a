#include "core/schema/boundedregex_p.h"
#include <QCoreApplication>

namespace Toolgate::SchemaDetail {

namespace {

// (*LIMIT_MATCH) bounds backtracking steps, with and without JIT; (*LIMIT_HEAP) bounds the memory the
// interpreter (used where PCRE2 has no JIT) may take for backtracking, in KiB. Settings at the start of
// the pattern itself would replace these (up to PCRE2's defaults), which is why such patterns are refused.
QString withLimits(const QString &pattern, int steps)
{
    return QStringLiteral("(*LIMIT_MATCH=%1)(*LIMIT_HEAP=16384)").arg(steps) + pattern;
}

// PCRE2 refuses to match text that is not valid UTF-16; JSON allows lone surrogates ("\ud800"), so
// they are matched as U+FFFD, the replacement character.
QString validUtf16(const QString &text)
{
    if (QStringView(text).isValidUtf16())
        return text;
    QString fixed = text;
    for (qsizetype i = 0; i < fixed.size(); ++i) {
        const QChar c = fixed.at(i);
        if (c.isHighSurrogate() && i + 1 < fixed.size() && fixed.at(i + 1).isLowSurrogate())
            ++i;
        else if (c.isSurrogate())
            fixed[i] = QChar::ReplacementCharacter;
    }
    return fixed;
}

} // namespace

std::optional<QString> BoundedRegex::compile(const QString &pattern, BoundedRegex *out)
{
    if (pattern.size() > kMaxPatternLength)
        return QCoreApplication::translate("Toolgate::SchemaValidator", "it is longer than %1 characters").arg(kMaxPatternLength);
    // Start-of-pattern settings such as (*LIMIT_MATCH=...) would undo ours; "(*" is a syntax error in
    // the ECMA-262 dialect JSON Schema specifies, so no meaningful pattern is lost.
    if (pattern.startsWith(QLatin1String("(*")))
        return QCoreApplication::translate("Toolgate::SchemaValidator", "it starts with \"(*\", which is not a valid regular expression in JSON Schema");
    auto shared = std::make_shared<Shared>();
    shared->pattern = pattern;
    // The first attempt is compiled now, so errors show up at once; larger ones only when needed.
    std::call_once(shared->once[0], [&] { shared->attempts[0] = QRegularExpression(withLimits(pattern, kStepLimits[0])); });
    if (!shared->attempts[0].isValid())
        return shared->attempts[0].errorString();
    out->m_shared = std::move(shared);
    return std::nullopt;
}

const QRegularExpression &BoundedRegex::attempt(size_t index) const
{
    Shared &shared = *m_shared;
    std::call_once(shared.once[index], [&] {
        shared.attempts[index] = QRegularExpression(withLimits(shared.pattern, kStepLimits[index]));
    });
    return shared.attempts[index];
}

BoundedRegex::Outcome BoundedRegex::search(const QString &text, qint64 &steps, qint64 allowance) const
{
    if (!m_shared)
        return Outcome::Match;
    const QString subject = validUtf16(text);
    for (size_t i = 0; i < kStepLimits.size(); ++i) {
        if (steps + kStepLimits[i] > allowance)
            return Outcome::OutOfBudget;
        steps += kStepLimits[i];
        if (i > 0)
            steps += m_shared->pattern.size(); // a larger attempt may need compiling first
        const QRegularExpressionMatch match = attempt(i).match(subject);
        if (match.hasMatch())
            return Outcome::Match;
        // A failed match is valid; a match stopped by a limit (steps, heap, JIT stack) is not.
        if (match.isValid())
            return Outcome::NoMatch;
    }
    return Outcome::TooComplex;
}

const QString &BoundedRegex::pattern() const
{
    static const QString none;
    return m_shared ? m_shared->pattern : none;
}

} // namespace Toolgate::SchemaDetail
