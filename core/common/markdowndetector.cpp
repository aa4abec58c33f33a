#include "core/common/markdowndetector.h"

#include <QRegularExpression>
#include <QString>

using namespace Qt::StringLiterals;

namespace Toolgate {

namespace {
constexpr qsizetype SampleChars = 8 * 1024;

struct Evidence
{
    QRegularExpression pattern;
    int weight;
};

const QList<Evidence> &evidence()
{
    static const QList<Evidence> list = [] {
        const auto ml = QRegularExpression::MultilineOption;
        return QList<Evidence>{
            {QRegularExpression(u"^#{1,6}[ \\t]+\\S"_s, ml), 2},               // heading
            {QRegularExpression(u"^[ \\t]*(```|~~~)"_s, ml), 4},                // fence: conclusive
            {QRegularExpression(u"\\[[^\\]\\n]+\\]\\([^)\\s]+\\)"_s), 2},       // link
            {QRegularExpression(u"^\\|.*\\|[ \\t]*\\n\\|?[ \\t]*:?-{3,}"_s, ml), 4}, // table: conclusive
            {QRegularExpression(u"^[ \\t]*(?:[-*+]|\\d+[.)])[ \\t]+\\S"_s, ml), 1},  // list item
            {QRegularExpression(u"\\*\\*[^*\\n]+\\*\\*|__[^_\\n]+__"_s), 1},    // bold
            {QRegularExpression(u"`[^`\\n]+`"_s), 1},                             // inline code
            {QRegularExpression(u"^>[ \\t]"_s, ml), 1},                           // quote
        };
    }();
    return list;
}
} // namespace

bool MarkdownDetector::looksLikeMarkdown(QStringView text)
{
    const QString sample = text.left(SampleChars).toString();
    const QString trimmed = sample.trimmed();
    if (trimmed.startsWith(u'{') || trimmed.startsWith(u'[') || trimmed.startsWith(u'<'))
        return false; // JSON, XML/HTML: better shown as code
    int score = 0;
    int kinds = 0;
    for (const Evidence &e : evidence()) {
        auto it = e.pattern.globalMatch(sample);
        int hits = 0;
        while (it.hasNext() && hits < 2) {
            it.next();
            ++hits;
        }
        if (hits > 0) {
            ++kinds;
            score += e.weight * hits;
        }
    }
    return kinds >= 2 || score >= 4;
}

} // namespace Toolgate
