#include "core/model/argumentorigins.h"

#include <algorithm>
#include <optional>

#include <QJsonArray>
#include <QMultiHash>
#include <QRegularExpression>
#include <QSet>

#include "core/common/jsonpointer.h"
#include "core/model/conversation.h"

namespace Toolgate {

namespace {

// Runs of text are found through windows of this width taken every runWindow characters of the
// argument: a common run of 2 * runWindow - 1 characters or more always holds one whole window.
constexpr qsizetype runWindow = (ArgumentOriginFinder::minRunLength + 1) / 2;
constexpr qsizetype tokenWindow = ArgumentOriginFinder::minTokenLength;
constexpr qsizetype shownLength = 120;
constexpr int maxDepth = 32;
// Hash hits looked at, and characters compared for them, in one find(): repetitive text ("aaaa…"
// in a result and an argument) hits at every position, and must not make the work quadratic. Once it
// is spent, the rest of the sources are not read.
constexpr qint64 maxWork = 8 * 1000 * 1000;
constexpr quint64 hashBase = 1000003;

struct Value
{
    QString pointer;
    QString text;
    bool marked = false;
};

struct Token
{
    qsizetype value = 0;
    QString text;
};

void collect(const QJsonValue &value, const QString &pointer, int depth, const ArgumentOriginFinder::Limits &limits,
             QList<Value> &out)
{
    if (depth > maxDepth || out.size() >= limits.maxValues)
        return;
    if (value.isString()) {
        out.append(Value{pointer, value.toString().left(limits.maxValueChars)});
    } else if (value.isArray()) {
        const QJsonArray array = value.toArray();
        for (qsizetype i = 0; i < array.size(); ++i)
            collect(array.at(i), JsonPointer::pointerAppend(pointer, i), depth + 1, limits, out);
    } else if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.constBegin(); it != object.constEnd(); ++it)
            collect(it.value(), JsonPointer::pointerAppend(pointer, it.key()), depth + 1, limits, out);
    }
}

// A path, URL, e-mail address or key: what is worth naming even when short. Plain words are not.
bool looksLikeToken(QStringView token)
{
    if (token.size() < ArgumentOriginFinder::minTokenLength)
        return false;
    bool letter = false;
    bool digit = false;
    for (QChar c : token) {
        letter = letter || c.isLetter();
        digit = digit || c.isDigit();
        if (c == u'/' || c == u'\\' || c == u'@' || c == u'.' || c == u'_' || c == u'=' || c == u':')
            return true;
    }
    return letter && digit;
}

QStringView trimPunctuation(QStringView token)
{
    static const QString leading = QStringLiteral("\"'`([{<");
    static const QString trailing = QStringLiteral("\"'`)]}>,.;:!?");
    while (!token.isEmpty() && leading.contains(token.front()))
        token = token.mid(1);
    while (!token.isEmpty() && trailing.contains(token.back()))
        token.chop(1);
    return token;
}

QString shown(QStringView text)
{
    const QString simplified = text.toString().simplified();
    return simplified.size() <= shownLength ? simplified : simplified.left(shownLength - 1) + QChar(0x2026);
}

quint64 power(qsizetype exponent)
{
    quint64 result = 1;
    for (qsizetype i = 0; i < exponent; ++i)
        result *= hashBase;
    return result;
}

quint64 hashOf(QStringView text)
{
    quint64 hash = 0;
    for (QChar c : text)
        hash = hash * hashBase + c.unicode();
    return hash;
}

// Calls found(position) for every position of text whose window of width hashes to a key of
// wanted (a rolling hash: one pass over the text, whatever the number of keys). found returns
// false to stop.
template<typename T, typename Found>
void scan(QStringView text, qsizetype width, const QMultiHash<quint64, T> &wanted, Found found)
{
    if (wanted.isEmpty() || text.size() < width)
        return;
    const quint64 top = power(width - 1);
    quint64 hash = hashOf(text.first(width));
    for (qsizetype i = 0;; ++i) {
        if (wanted.contains(hash) && !found(i, hash))
            return;
        if (i + width >= text.size())
            return;
        hash = (hash - text.at(i).unicode() * top) * hashBase + text.at(i + width).unicode();
    }
}

bool hasLetterOrDigit(QStringView text)
{
    return std::any_of(text.begin(), text.end(), [](QChar c) { return c.isLetterOrNumber(); });
}

} // namespace

ArgumentOriginFinder::ArgumentOriginFinder(QList<Source> sources)
    : ArgumentOriginFinder(std::move(sources), Limits())
{
}

ArgumentOriginFinder::ArgumentOriginFinder(QList<Source> sources, Limits limits)
    : m_sources(std::move(sources))
    , m_limits(limits)
{
}

QList<ArgumentOriginFinder::Source> ArgumentOriginFinder::sourcesOf(const Conversation &conversation)
{
    QList<Source> sources;
    for (const ConversationToolCall &call : conversation.toolCalls) {
        // Only what a server sent: a denial, rejection or failure is Toolgate's own words.
        if (call.server.isEmpty()
            || (call.status != ConversationToolCall::Status::Succeeded && call.status != ConversationToolCall::Status::ToolError))
            continue;
        sources.append(Source{ArgumentOrigin::SourceKind::ToolResult, call.server, call.tool, call.pipelineCallId, call.answer});
    }
    return sources;
}

QList<ArgumentOrigin> ArgumentOriginFinder::find(const QString &server, const QJsonObject &arguments) const
{
    QList<Value> values;
    collect(arguments, QString(), 0, m_limits, values);

    // The keys: each token's first characters, and the windows of each value long enough for a run.
    QMultiHash<quint64, Token> tokens;
    QMultiHash<quint64, std::pair<qsizetype, qsizetype>> windows; // (value, position)
    for (qsizetype v = 0; v < values.size(); ++v) {
        const QString &text = values.at(v).text;
        static const QRegularExpression whitespace(QStringLiteral("\\s+"));
        for (QStringView word : QStringView(text).split(whitespace, Qt::SkipEmptyParts)) {
            const QStringView token = trimPunctuation(word);
            if (tokens.size() < m_limits.maxTokens && looksLikeToken(token))
                tokens.insert(hashOf(token.first(tokenWindow)), Token{v, token.toString()});
        }
        QSet<quint64> seen; // a window repeated in the value is looked for once
        for (qsizetype at = 0; at + runWindow <= text.size(); at += runWindow) {
            const quint64 hash = hashOf(QStringView(text).mid(at, runWindow));
            if (!seen.contains(hash)) {
                seen.insert(hash);
                windows.insert(hash, {v, at});
            }
        }
    }

    QList<std::optional<ArgumentOrigin>> found(values.size());
    auto mark = [&](qsizetype v, QStringView text, const Source &source) {
        values[v].marked = true;
        found[v] = ArgumentOrigin{values.at(v).pointer, shown(text), source.kind, source.server, source.name, source.call};
    };

    qsizetype budget = m_limits.maxSourceChars;
    qint64 work = 0;
    int read = 0;
    for (auto source = m_sources.crbegin(); source != m_sources.crend() && read < m_limits.maxSources && budget > 0 && work <= maxWork;
         ++source) {
        if (source->server == server || source->text.isEmpty())
            continue;
        ++read;
        const QStringView text = QStringView(source->text).first(qMin(source->text.size(), budget));
        budget -= text.size();
        scan(text, tokenWindow, tokens, [&](qsizetype at, quint64 hash) {
            for (auto it = tokens.constFind(hash); it != tokens.cend() && it.key() == hash; ++it) {
                if (++work > maxWork)
                    return false;
                if (values.at(it->value).marked)
                    continue;
                work += it->text.size();
                if (text.mid(at).startsWith(it->text))
                    mark(it->value, it->text, *source);
            }
            return true;
        });
        scan(text, runWindow, windows, [&](qsizetype at, quint64 hash) {
            for (auto it = windows.constFind(hash); it != windows.cend() && it.key() == hash; ++it) {
                if (++work > maxWork)
                    return false;
                const auto [v, position] = *it;
                if (values.at(v).marked)
                    continue;
                const QStringView value = values.at(v).text;
                if (text.mid(at, runWindow) != value.mid(position, runWindow))
                    continue;
                // The whole common run around the window.
                qsizetype before = 0;
                while (before < position && before < at && value.at(position - before - 1) == text.at(at - before - 1))
                    ++before;
                qsizetype after = runWindow;
                while (position + after < value.size() && at + after < text.size() && value.at(position + after) == text.at(at + after))
                    ++after;
                work += before + after;
                const QStringView run = value.mid(position - before, before + after).trimmed();
                if (run.size() >= minRunLength && hasLetterOrDigit(run))
                    mark(v, run, *source);
            }
            return true;
        });
    }

    // In the arguments' order, as the person reads them.
    QList<ArgumentOrigin> origins;
    for (const std::optional<ArgumentOrigin> &origin : std::as_const(found)) {
        if (origin)
            origins.append(*origin);
    }
    return origins;
}

} // namespace Toolgate
