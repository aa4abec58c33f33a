#include "core/skills/skillfrontmatter.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>

namespace Toolgate {

namespace {

QString frontmatterTr(const char *text)
{
    return QCoreApplication::translate("Toolgate::SkillFrontmatter", text);
}

/// How deep mappings and sequences may nest: a frontmatter is a few levels deep; a server's
/// thousand-level nesting must not exhaust the stack.
constexpr int maxYamlDepth = 64;

struct YamlLine
{
    int indent = 0; ///< leading spaces
    QString text; ///< without the indentation and trailing whitespace
    QString raw; ///< the whole line, for block scalars
    bool tabIndent = false;
};

bool yamlSequenceItem(const QString &text)
{
    return text == QLatin1String("-") || text.startsWith(QLatin1String("- "));
}

/// The end of the quoted scalar that starts text at from (the index of its closing quote), or -1.
qsizetype yamlQuoteEnd(const QString &text, qsizetype from)
{
    const QChar quote = text.at(from);
    for (qsizetype i = from + 1; i < text.size(); ++i) {
        if (quote == u'"' && text.at(i) == u'\\') {
            ++i;
            continue;
        }
        if (text.at(i) == quote) {
            if (quote == u'\'' && i + 1 < text.size() && text.at(i + 1) == u'\'') {
                ++i;
                continue;
            }
            return i;
        }
    }
    return -1;
}

/// The colon that ends the key of a "key: value" line, or -1 when the line is no mapping entry.
qsizetype yamlMappingColon(const QString &text)
{
    if (text.isEmpty())
        return -1;
    const QChar first = text.at(0);
    if (first == u'"' || first == u'\'') {
        const qsizetype end = yamlQuoteEnd(text, 0);
        if (end < 0 || end + 1 >= text.size() || text.at(end + 1) != u':')
            return -1;
        return end + 2 == text.size() || text.at(end + 2) == u' ' ? end + 1 : -1;
    }
    if (first == u'[' || first == u'{' || first == u'#')
        return -1;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text.at(i) == u'#' && i > 0 && text.at(i - 1) == u' ')
            return -1;
        if (text.at(i) == u':' && (i + 1 == text.size() || text.at(i + 1) == u' '))
            return i;
    }
    return -1;
}

QJsonValue yamlPlainValue(const QString &plain)
{
    static const QRegularExpression integer(QStringLiteral("^[-+]?[0-9]+$"));
    static const QRegularExpression real(QStringLiteral("^[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?$"));
    if (plain.isEmpty() || plain == QLatin1String("~") || plain == QLatin1String("null") || plain == QLatin1String("Null")
        || plain == QLatin1String("NULL"))
        return QJsonValue(QJsonValue::Null);
    if (plain == QLatin1String("true") || plain == QLatin1String("True") || plain == QLatin1String("TRUE"))
        return true;
    if (plain == QLatin1String("false") || plain == QLatin1String("False") || plain == QLatin1String("FALSE"))
        return false;
    if (integer.match(plain).hasMatch() || real.match(plain).hasMatch())
        return plain.toDouble();
    bool ok = false;
    if (plain.startsWith(QLatin1String("0x"))) {
        const qlonglong value = plain.mid(2).toLongLong(&ok, 16);
        if (ok)
            return double(value);
    }
    if (plain.startsWith(QLatin1String("0o"))) {
        const qlonglong value = plain.mid(2).toLongLong(&ok, 8);
        if (ok)
            return double(value);
    }
    return plain;
}

/// Reads one frontmatter block. Errors are kept in m_error; the first one wins.
class SkillYamlReader
{
public:
    explicit SkillYamlReader(const QString &yaml)
    {
        for (QString line : yaml.split(u'\n')) {
            if (line.endsWith(u'\r'))
                line.chop(1);
            YamlLine parsed;
            parsed.raw = line;
            qsizetype i = 0;
            while (i < line.size() && (line.at(i) == u' ' || line.at(i) == u'\t')) {
                if (line.at(i) == u'\t')
                    parsed.tabIndent = true;
                ++i;
            }
            parsed.indent = int(i);
            parsed.text = line.mid(i);
            while (!parsed.text.isEmpty() && parsed.text.back().isSpace())
                parsed.text.chop(1);
            m_lines.append(parsed);
        }
    }

    Result<QJsonObject> read()
    {
        skipInsignificant();
        if (m_pos >= m_lines.size())
            return QJsonObject();
        const QJsonValue root = parseNode(0, 0);
        skipInsignificant();
        if (!m_error && m_pos < m_lines.size())
            fail(frontmatterTr("line %1 is indented unlike the lines before it"));
        if (m_error)
            return *m_error;
        if (!root.isObject())
            return makeError(ErrorCode::ProtocolError, frontmatterTr("the frontmatter is not a list of “name: value” fields"));
        return root.toObject();
    }

private:
    void fail(const QString &messageWithLine)
    {
        if (!m_error)
            m_error = makeError(ErrorCode::ProtocolError, messageWithLine.arg(m_pos + 2)); // SKILL.md's line: after "---"
    }
    bool significant(qsizetype i) const { return !m_lines.at(i).text.isEmpty() && !m_lines.at(i).text.startsWith(u'#'); }
    void skipInsignificant()
    {
        while (m_pos < m_lines.size() && !significant(m_pos))
            ++m_pos;
    }

    QJsonValue parseNode(int minIndent, int depth)
    {
        skipInsignificant();
        if (m_error || m_pos >= m_lines.size() || m_lines.at(m_pos).indent < minIndent)
            return QJsonValue(QJsonValue::Null);
        if (depth > maxYamlDepth) {
            fail(frontmatterTr("line %1 nests deeper than a frontmatter may"));
            return {};
        }
        if (m_lines.at(m_pos).tabIndent) {
            fail(frontmatterTr("line %1 is indented with a tab, which YAML does not allow"));
            return {};
        }
        const YamlLine &line = m_lines.at(m_pos);
        if (yamlSequenceItem(line.text))
            return parseSequence(line.indent, depth);
        if (yamlMappingColon(line.text) >= 0)
            return parseMapping(line.indent, depth);
        if (depth == 0) {
            fail(frontmatterTr("line %1 is not a “name: value” field"));
            return {};
        }
        // A lone scalar as a value on its own line.
        ++m_pos;
        return scalarWithContinuation(line.text, line.indent - 1);
    }

    QJsonValue parseMapping(int indent, int depth)
    {
        QJsonObject object;
        for (;;) {
            skipInsignificant();
            if (m_error || m_pos >= m_lines.size())
                break;
            const YamlLine line = m_lines.at(m_pos);
            if (line.indent < indent)
                break;
            if (line.indent > indent || line.tabIndent) {
                fail(frontmatterTr("line %1 is indented unlike the lines before it"));
                break;
            }
            const qsizetype colon = yamlMappingColon(line.text);
            if (colon < 0) {
                fail(frontmatterTr("line %1 is not a “name: value” field"));
                break;
            }
            const QString keyText = line.text.left(colon).trimmed();
            if (keyText.isEmpty() || QStringLiteral("?&*!|>%@`").contains(keyText.at(0))) {
                fail(frontmatterTr("line %1 uses YAML that Toolgate does not read (a complex key, anchor, alias or tag)"));
                break;
            }
            const QJsonValue key = keyText.startsWith(u'"') || keyText.startsWith(u'\'') ? scalar(keyText) : QJsonValue(keyText);
            if (!key.isString()) {
                fail(frontmatterTr("line %1 has a name that is not text"));
                break;
            }
            if (object.contains(key.toString())) {
                fail(frontmatterTr("line %1 repeats a field"));
                break;
            }
            const QString rest = line.text.mid(colon + 1).trimmed();
            ++m_pos;
            QJsonValue value;
            if (rest.isEmpty() || rest.startsWith(u'#')) {
                skipInsignificant();
                // "key:" followed by "- item" lines at the key's own indentation is a sequence too.
                if (m_pos < m_lines.size() && m_lines.at(m_pos).indent == indent && yamlSequenceItem(m_lines.at(m_pos).text))
                    value = parseSequence(indent, depth + 1);
                else
                    value = parseNode(indent + 1, depth + 1);
            } else if (rest.startsWith(u'|') || rest.startsWith(u'>')) {
                value = blockScalar(rest, indent);
            } else {
                value = scalarWithContinuation(rest, indent);
            }
            object.insert(key.toString(), value);
        }
        return object;
    }

    QJsonValue parseSequence(int indent, int depth)
    {
        QJsonArray array;
        for (;;) {
            skipInsignificant();
            if (m_error || m_pos >= m_lines.size())
                break;
            YamlLine &line = m_lines[m_pos];
            if (line.indent < indent || !yamlSequenceItem(line.text))
                break;
            if (line.indent > indent) {
                fail(frontmatterTr("line %1 is indented unlike the lines before it"));
                break;
            }
            const QString afterDash = line.text.mid(1);
            const QString rest = afterDash.trimmed();
            if (rest.isEmpty() || rest.startsWith(u'#')) {
                ++m_pos;
                array.append(parseNode(indent + 1, depth + 1));
            } else if (yamlMappingColon(rest) >= 0 || yamlSequenceItem(rest)) {
                // "- name: value" (or "- - x"): the item is a block that starts on this line, as if the
                // dash were indentation.
                line.indent = indent + 1 + int(afterDash.size() - afterDash.trimmed().size());
                line.text = rest;
                array.append(parseNode(line.indent, depth + 1));
            } else if (rest.startsWith(u'|') || rest.startsWith(u'>')) {
                ++m_pos;
                array.append(blockScalar(rest, indent));
            } else {
                ++m_pos;
                array.append(scalarWithContinuation(rest, indent));
            }
        }
        return array;
    }

    /// A scalar that may go on over lines indented deeper than its parent (folded into one line).
    QJsonValue scalarWithContinuation(QString text, int parentIndent)
    {
        int blanks = 0;
        qsizetype lookahead = m_pos;
        while (lookahead < m_lines.size()) {
            const YamlLine &next = m_lines.at(lookahead);
            if (next.text.isEmpty()) {
                ++blanks;
                ++lookahead;
                continue;
            }
            const bool quoted = text.startsWith(u'"') || text.startsWith(u'\'');
            if (next.indent <= parentIndent || (!quoted && next.text.startsWith(u'#')))
                break;
            if (!quoted && (yamlMappingColon(next.text) >= 0 || yamlSequenceItem(next.text))) {
                m_pos = lookahead; // a field or item indented under a value: YAML has no such thing
                fail(frontmatterTr("line %1 is indented unlike the lines before it"));
                return {};
            }
            text += blanks > 0 ? QString(blanks, u'\n') : QStringLiteral(" ");
            text += next.text;
            blanks = 0;
            m_pos = ++lookahead;
        }
        return scalar(text);
    }

    QJsonValue scalar(const QString &text)
    {
        if (text.isEmpty())
            return QJsonValue(QJsonValue::Null);
        const QChar first = text.at(0);
        qsizetype end = 0;
        QJsonValue value;
        if (first == u'"' || first == u'\'') {
            end = yamlQuoteEnd(text, 0);
            if (end < 0) {
                fail(frontmatterTr("line %1 has a quotation that does not end"));
                return {};
            }
            value = first == u'"' ? doubleQuoted(text.mid(1, end - 1))
                                  : QJsonValue(text.mid(1, end - 1).replace(QLatin1String("''"), QLatin1String("'")));
            ++end;
        } else if (first == u'[' || first == u'{') {
            value = flowValue(text, end, 0);
        } else if (QStringLiteral("&*!%@`").contains(first)) {
            fail(frontmatterTr("line %1 uses YAML that Toolgate does not read (an anchor, alias or tag)"));
            return {};
        } else {
            QString plain = text;
            const qsizetype comment = plain.indexOf(QLatin1String(" #"));
            if (comment >= 0)
                plain.truncate(comment);
            return yamlPlainValue(plain.trimmed());
        }
        const QString after = text.mid(end).trimmed();
        if (!after.isEmpty() && !after.startsWith(u'#'))
            fail(frontmatterTr("line %1 has more after a value than a comment"));
        return value;
    }

    QJsonValue doubleQuoted(const QString &inner)
    {
        QString out;
        for (qsizetype i = 0; i < inner.size(); ++i) {
            const QChar c = inner.at(i);
            if (c != u'\\') {
                out += c;
                continue;
            }
            if (++i >= inner.size())
                break;
            const QChar e = inner.at(i);
            const auto hex = [&](int digits) {
                bool ok = false;
                const QString digitsText = inner.mid(i + 1, digits);
                const uint code = digitsText.toUInt(&ok, 16);
                if (!ok || digitsText.size() != digits) {
                    fail(frontmatterTr("line %1 has an escape that is not one"));
                    return;
                }
                const char32_t codePoint = char32_t(code);
                out += QString::fromUcs4(&codePoint, 1);
                i += digits;
            };
            switch (e.unicode()) {
            case u'n': out += u'\n'; break;
            case u't': out += u'\t'; break;
            case u'r': out += u'\r'; break;
            case u'0': out += QChar(u'\0'); break;
            case u'b': out += u'\b'; break;
            case u'"': out += u'"'; break;
            case u'\\': out += u'\\'; break;
            case u'/': out += u'/'; break;
            case u' ': out += u' '; break;
            case u'x': hex(2); break;
            case u'u': hex(4); break;
            case u'U': hex(8); break;
            default: fail(frontmatterTr("line %1 has an escape that is not one")); break;
            }
        }
        return out;
    }

    /// A flow collection ([a, b] or {a: b}) starting at text[pos]; pos ends after it.
    QJsonValue flowValue(const QString &text, qsizetype &pos, int depth)
    {
        const auto skipSpaces = [&] {
            while (pos < text.size() && text.at(pos).isSpace())
                ++pos;
        };
        skipSpaces();
        if (pos >= text.size() || depth > maxYamlDepth) {
            fail(frontmatterTr("line %1 has a list or mapping that does not end"));
            return {};
        }
        const QChar first = text.at(pos);
        if (first == u'[' || first == u'{') {
            const bool isList = first == u'[';
            const QChar close = isList ? u']' : u'}';
            ++pos;
            QJsonArray list;
            QJsonObject map;
            for (;;) {
                skipSpaces();
                if (m_error || pos >= text.size()) {
                    fail(frontmatterTr("line %1 has a list or mapping that does not end"));
                    return {};
                }
                if (text.at(pos) == close) {
                    ++pos;
                    break;
                }
                const QJsonValue item = flowValue(text, pos, depth + 1);
                skipSpaces();
                if (!isList) {
                    if (!item.isString() || pos >= text.size() || text.at(pos) != u':') {
                        fail(frontmatterTr("line %1 has a mapping entry that is not “name: value”"));
                        return {};
                    }
                    ++pos;
                    map.insert(item.toString(), flowValue(text, pos, depth + 1));
                    skipSpaces();
                } else {
                    list.append(item);
                }
                if (pos < text.size() && text.at(pos) == u',')
                    ++pos;
                else if (pos < text.size() && text.at(pos) != close) {
                    fail(frontmatterTr("line %1 has a list or mapping whose items are not separated by commas"));
                    return {};
                }
            }
            return isList ? QJsonValue(list) : QJsonValue(map);
        }
        if (first == u'"' || first == u'\'') {
            const qsizetype end = yamlQuoteEnd(text, pos);
            if (end < 0) {
                fail(frontmatterTr("line %1 has a quotation that does not end"));
                return {};
            }
            const QJsonValue value = scalar(text.mid(pos, end - pos + 1));
            pos = end + 1;
            return value;
        }
        const qsizetype start = pos;
        while (pos < text.size() && !QStringLiteral(",]}").contains(text.at(pos))
               && !(text.at(pos) == u':'
                    && (pos + 1 >= text.size() || text.at(pos + 1).isSpace() || QStringLiteral(",]}").contains(text.at(pos + 1)))))
            ++pos;
        const QString plain = text.mid(start, pos - start).trimmed();
        if (!plain.isEmpty() && QStringLiteral("&*!%@`").contains(plain.at(0))) {
            fail(frontmatterTr("line %1 uses YAML that Toolgate does not read (an anchor, alias or tag)"));
            return {};
        }
        return yamlPlainValue(plain);
    }

    /// A literal (|) or folded (>) block scalar whose header is header; its lines follow m_pos.
    QJsonValue blockScalar(const QString &header, int parentIndent)
    {
        const bool folded = header.startsWith(u'>');
        QChar chomping;
        int explicitIndent = 0;
        QString indicators = header.mid(1);
        const qsizetype comment = indicators.indexOf(u'#');
        if (comment >= 0)
            indicators.truncate(comment);
        for (const QChar c : indicators.trimmed()) {
            if (c == u'-' || c == u'+')
                chomping = c;
            else if (c.isDigit() && c != u'0')
                explicitIndent = c.digitValue();
            else {
                fail(frontmatterTr("line %1 has a block header that is not one"));
                return {};
            }
        }
        int contentIndent = explicitIndent > 0 ? parentIndent + explicitIndent : -1;
        QStringList lines;
        while (m_pos < m_lines.size()) {
            const YamlLine &line = m_lines.at(m_pos);
            if (line.text.isEmpty()) {
                lines.append(QString());
                ++m_pos;
                continue;
            }
            if (line.indent <= parentIndent)
                break;
            if (contentIndent < 0)
                contentIndent = line.indent;
            if (line.indent < contentIndent) {
                fail(frontmatterTr("line %1 is indented unlike the lines before it"));
                return {};
            }
            lines.append(line.raw.mid(contentIndent));
            ++m_pos;
        }
        int trailing = 0;
        while (!lines.isEmpty() && lines.constLast().trimmed().isEmpty()) {
            lines.removeLast();
            ++trailing;
        }
        QString body;
        if (!folded) {
            body = lines.join(u'\n');
        } else {
            int pendingBlanks = 0;
            bool previous = false;
            bool previousMoreIndented = false;
            for (const QString &line : std::as_const(lines)) {
                if (line.isEmpty()) {
                    ++pendingBlanks;
                    continue;
                }
                const bool moreIndented = line.startsWith(u' ') || line.startsWith(u'\t');
                if (previous) {
                    if (pendingBlanks == 0)
                        body += previousMoreIndented || moreIndented ? QStringLiteral("\n") : QStringLiteral(" ");
                    else
                        body += QString(pendingBlanks + (previousMoreIndented || moreIndented ? 1 : 0), u'\n');
                } else if (pendingBlanks > 0) {
                    body += QString(pendingBlanks, u'\n');
                }
                body += line;
                pendingBlanks = 0;
                previous = true;
                previousMoreIndented = moreIndented;
            }
        }
        if (chomping == u'+')
            body += QString(trailing + (lines.isEmpty() ? 0 : 1), u'\n');
        else if (chomping != u'-' && !lines.isEmpty())
            body += u'\n';
        return body;
    }

    QList<YamlLine> m_lines;
    qsizetype m_pos = 0;
    std::optional<Error> m_error;
};

} // namespace

std::optional<SkillFrontmatter::Parts> SkillFrontmatter::split(const QString &text)
{
    QString rest = text.startsWith(QChar(0xFEFF)) ? text.mid(1) : text;
    static const QRegularExpression block(QStringLiteral("^---[ \\t]*\\r?\\n(.*?\\r?\\n)?---[ \\t]*(?:\\r?\\n|$)"),
                                          QRegularExpression::DotMatchesEverythingOption);
    const QRegularExpressionMatch match = block.match(rest);
    if (!match.hasMatch())
        return std::nullopt;
    return Parts{match.captured(1), rest.mid(match.capturedEnd(0))};
}

Result<QJsonObject> SkillFrontmatter::parse(const QString &yaml)
{
    return SkillYamlReader(yaml).read();
}

QStringList SkillFrontmatter::differingFields(const QJsonObject &file, const QJsonObject &listed)
{
    QStringList keys = file.keys();
    for (const QString &key : listed.keys()) {
        if (!file.contains(key))
            keys.append(key);
    }
    QStringList differing;
    for (const QString &key : std::as_const(keys)) {
        const QJsonValue inFile = file.value(key).isUndefined() ? QJsonValue(QJsonValue::Null) : file.value(key);
        const QJsonValue inListing = listed.value(key).isUndefined() ? QJsonValue(QJsonValue::Null) : listed.value(key);
        if (inFile != inListing)
            differing.append(key);
    }
    return differing;
}

} // namespace Toolgate
