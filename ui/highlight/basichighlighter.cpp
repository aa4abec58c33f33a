#include "ui/highlight/basichighlighter.h"

#include "ui/highlight/highlightrules.h"

#include <limits>
#include <vector>

namespace Toolgate {

BasicHighlighter::BasicHighlighter(const HighlightLanguage *language, const HighlightTheme &theme,
                                   QTextDocument *document)
    : QSyntaxHighlighter(document)
    , m_language(language)
    , m_theme(theme)
{
    Q_ASSERT(language);
}

QString BasicHighlighter::languageName() const
{
    return m_language->name;
}

void BasicHighlighter::setTheme(const HighlightTheme &theme)
{
    m_theme = theme;
    rehighlight();
}

void BasicHighlighter::highlightBlock(const QString &text)
{
    const QList<HighlightRule> &rules = m_language->rules;
    const int length = int(text.size());
    int pos = 0;
    setCurrentBlockState(-1);

    // Continue a span (block comment, triple-quoted string, fenced code) from the previous line.
    const int carried = previousBlockState();
    if (carried >= 0 && carried < rules.size() && rules.at(carried).isSpan()) {
        const HighlightRule &rule = rules.at(carried);
        const QRegularExpressionMatch end = rule.end.match(text);
        if (!end.hasMatch()) {
            setFormat(0, length, m_theme.format(rule.style));
            setCurrentBlockState(carried);
            return;
        }
        pos = int(end.capturedEnd());
        setFormat(0, pos, m_theme.format(rule.style));
    }

    // Earliest match wins, ties go to the earlier rule. Each rule's next match is cached and only
    // searched again once the scan has moved past its start, so a line costs O(tokens × rules).
    constexpr int None = std::numeric_limits<int>::max();
    struct Next { int start = -1; int end = 0; int groupStart = 0; int groupLength = 0; };
    std::vector<Next> next(rules.size());

    while (pos < length) {
        int best = -1;
        for (int i = 0; i < rules.size(); ++i) {
            Next &n = next[i];
            if (n.start != None && n.start < pos) {
                const HighlightRule &rule = rules.at(i);
                const QRegularExpressionMatch m = rule.pattern.match(text, pos);
                if (!m.hasMatch()) {
                    n.start = None;
                } else {
                    n.start = int(m.capturedStart());
                    n.end = int(m.capturedEnd());
                    const int group = m.lastCapturedIndex() >= rule.group ? rule.group : 0;
                    n.groupStart = int(m.capturedStart(group));
                    n.groupLength = int(m.capturedLength(group));
                }
            }
            if (n.start != None && (best < 0 || n.start < next[best].start))
                best = i;
        }
        if (best < 0)
            break;

        const HighlightRule &rule = rules.at(best);
        const Next &n = next[best];
        const QTextCharFormat &format = m_theme.format(rule.style);
        if (rule.isSpan()) {
            const QRegularExpressionMatch end = rule.end.match(text, n.end);
            if (!end.hasMatch()) {
                setFormat(n.start, length - n.start, format);
                setCurrentBlockState(best);
                return;
            }
            setFormat(n.start, int(end.capturedEnd()) - n.start, format);
            pos = int(end.capturedEnd());
        } else {
            if (n.groupStart >= 0 && n.groupLength > 0)
                setFormat(n.groupStart, n.groupLength, format);
            pos = n.end > n.start ? n.end : n.start + 1; // never stall on an empty match
        }
    }
}

} // namespace Toolgate

#include "moc_basichighlighter.cpp"
