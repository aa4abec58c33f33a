#include "ui/highlight/highlightrules.h"

#include <QHash>

#include <memory>

using namespace Qt::StringLiterals;

namespace Toolgate {

namespace {

using S = HighlightStyle;

QRegularExpression re(const QString &pattern, bool caseInsensitive = false)
{
    QRegularExpression::PatternOptions options = QRegularExpression::UseUnicodePropertiesOption;
    if (caseInsensitive)
        options |= QRegularExpression::CaseInsensitiveOption;
    QRegularExpression e(pattern, options);
    Q_ASSERT_X(e.isValid(), "HighlightRules", qPrintable(e.errorString() + u": "_s + pattern));
    e.optimize();
    return e;
}

HighlightRule token(const QString &pattern, S style, int group = 0, bool caseInsensitive = false)
{
    return {re(pattern, caseInsensitive), {}, style, group};
}

HighlightRule span(const QString &start, const QString &end, S style)
{
    return {re(start), re(end), style, 0};
}

HighlightRule words(const QStringList &list, S style, bool caseInsensitive = false)
{
    return token(u"\\b(?:"_s + list.join(u'|') + u")\\b"_s, style, 0, caseInsensitive);
}

const QString kCNumber = u"\\b(?:0[xX][0-9a-fA-F_']+|0[bB][01_']+|\\d[\\d_']*(?:\\.\\d[\\d_']*)?(?:[eE][+-]?\\d+)?)"
                         "(?:[uUlLfF]|i8|i16|i32|i64|i128|isize|u8|u16|u32|u64|u128|usize|f32|f64|n)*\\b"_s;
const QString kDoubleQuoted = uR"("(?:[^"\\]|\\.)*")"_s;
const QString kSingleQuoted = uR"('(?:[^'\\]|\\.)*')"_s;

QList<HighlightRule> cLike(const QStringList &keywords, const QStringList &types, const QStringList &constants,
                           bool preprocessor, bool singleQuotedStrings, bool templateStrings)
{
    QList<HighlightRule> rules;
    rules << span(u"/\\*"_s, u"\\*/"_s, S::Comment);
    rules << token(u"//.*$"_s, S::Comment);
    if (preprocessor)
        rules << token(u"^\\s*#\\s*[A-Za-z_]+(?:\\s*<[^>]*>)?"_s, S::Preprocessor);
    rules << token(kDoubleQuoted, S::String);
    // In C-family languages 'x' is a character; in JS-likes it is a string of any length.
    rules << token(singleQuotedStrings ? kSingleQuoted : uR"('(?:[^'\\\n]|\\.[^']*)')"_s, S::String);
    if (templateStrings)
        rules << span(u"`"_s, uR"((?<!\\)`)"_s, S::String);
    rules << words(keywords, S::Keyword);
    if (!types.isEmpty())
        rules << words(types, S::Type);
    if (!constants.isEmpty())
        rules << words(constants, S::Constant);
    rules << token(kCNumber, S::Number);
    rules << token(u"\\b[A-Za-z_][A-Za-z0-9_]*(?=\\s*\\()"_s, S::Function);
    rules << token(u"\\b[A-Z][A-Za-z0-9_]*[a-z][A-Za-z0-9_]*\\b"_s, S::Type);
    rules << token(u"[{}()\\[\\];,.]"_s, S::Punctuation);
    return rules;
}

std::unique_ptr<HighlightLanguage> make(const QString &name, QList<HighlightRule> rules)
{
    return std::make_unique<HighlightLanguage>(HighlightLanguage{name, std::move(rules)});
}

QHash<QString, std::shared_ptr<const HighlightLanguage>> buildAll()
{
    QHash<QString, std::shared_ptr<const HighlightLanguage>> all;
    auto add = [&all](std::unique_ptr<HighlightLanguage> language) {
        const QString name = language->name; // before the move below empties the pointer
        all.insert(name, std::shared_ptr<const HighlightLanguage>(std::move(language)));
    };

    // JSON: a string followed by a colon is a key, otherwise a value.
    add(make(u"JSON"_s, {
        token(kDoubleQuoted + u"(?=\\s*:)"_s, S::Key),
        token(kDoubleQuoted, S::String),
        token(u"-?\\b\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?\\b"_s, S::Number),
        words({u"true"_s, u"false"_s, u"null"_s}, S::Constant),
        token(u"[{}\\[\\],:]"_s, S::Punctuation),
    }));

    const QStringList cKeywords{u"auto"_s, u"break"_s, u"case"_s, u"const"_s, u"continue"_s, u"default"_s,
        u"do"_s, u"else"_s, u"enum"_s, u"extern"_s, u"for"_s, u"goto"_s, u"if"_s, u"inline"_s,
        u"register"_s, u"restrict"_s, u"return"_s, u"sizeof"_s, u"static"_s, u"struct"_s, u"switch"_s,
        u"typedef"_s, u"union"_s, u"volatile"_s, u"while"_s};
    const QStringList cTypes{u"void"_s, u"char"_s, u"short"_s, u"int"_s, u"long"_s, u"float"_s,
        u"double"_s, u"signed"_s, u"unsigned"_s, u"bool"_s, u"size_t"_s, u"ssize_t"_s, u"int8_t"_s,
        u"int16_t"_s, u"int32_t"_s, u"int64_t"_s, u"uint8_t"_s, u"uint16_t"_s, u"uint32_t"_s, u"uint64_t"_s};
    const QStringList cConstants{u"NULL"_s, u"true"_s, u"false"_s};
    add(make(u"C"_s, cLike(cKeywords, cTypes, cConstants, true, false, false)));

    QStringList cppKeywords = cKeywords;
    cppKeywords << u"alignas"_s << u"alignof"_s << u"catch"_s << u"class"_s << u"co_await"_s
                << u"co_return"_s << u"co_yield"_s << u"concept"_s << u"consteval"_s << u"constexpr"_s
                << u"constinit"_s << u"const_cast"_s << u"decltype"_s << u"delete"_s
                << u"dynamic_cast"_s << u"explicit"_s << u"export"_s << u"final"_s << u"friend"_s
                << u"module"_s << u"import"_s << u"mutable"_s << u"namespace"_s << u"new"_s
                << u"noexcept"_s << u"operator"_s << u"override"_s << u"private"_s << u"protected"_s
                << u"public"_s << u"reinterpret_cast"_s << u"requires"_s << u"static_assert"_s
                << u"static_cast"_s << u"template"_s << u"this"_s << u"throw"_s << u"try"_s
                << u"typeid"_s << u"typename"_s << u"using"_s << u"virtual"_s;
    QStringList cppTypes = cTypes;
    cppTypes << u"wchar_t"_s << u"char8_t"_s << u"char16_t"_s << u"char32_t"_s;
    add(make(u"C++"_s, cLike(cppKeywords, cppTypes, {u"nullptr"_s, u"true"_s, u"false"_s, u"NULL"_s},
                             true, false, false)));

    add(make(u"Java"_s, cLike({u"abstract"_s, u"assert"_s, u"break"_s, u"case"_s, u"catch"_s,
        u"class"_s, u"continue"_s, u"default"_s, u"do"_s, u"else"_s, u"enum"_s, u"extends"_s,
        u"final"_s, u"finally"_s, u"for"_s, u"if"_s, u"implements"_s, u"import"_s,
        u"instanceof"_s, u"interface"_s, u"native"_s, u"new"_s, u"package"_s, u"private"_s,
        u"protected"_s, u"public"_s, u"record"_s, u"return"_s, u"sealed"_s, u"static"_s,
        u"super"_s, u"switch"_s, u"synchronized"_s, u"this"_s, u"throw"_s, u"throws"_s,
        u"transient"_s, u"try"_s, u"var"_s, u"volatile"_s, u"while"_s, u"yield"_s},
        {u"boolean"_s, u"byte"_s, u"char"_s, u"double"_s, u"float"_s, u"int"_s, u"long"_s,
         u"short"_s, u"void"_s, u"String"_s},
        {u"null"_s, u"true"_s, u"false"_s}, false, false, false)));

    const QStringList jsKeywords{u"async"_s, u"await"_s, u"break"_s, u"case"_s, u"catch"_s,
        u"class"_s, u"const"_s, u"continue"_s, u"debugger"_s, u"default"_s, u"delete"_s, u"do"_s,
        u"else"_s, u"export"_s, u"extends"_s, u"finally"_s, u"for"_s, u"from"_s, u"function"_s,
        u"if"_s, u"import"_s, u"in"_s, u"instanceof"_s, u"let"_s, u"new"_s, u"of"_s, u"return"_s,
        u"static"_s, u"super"_s, u"switch"_s, u"this"_s, u"throw"_s, u"try"_s, u"typeof"_s,
        u"var"_s, u"void"_s, u"while"_s, u"with"_s, u"yield"_s};
    const QStringList jsConstants{u"null"_s, u"undefined"_s, u"true"_s, u"false"_s, u"NaN"_s,
                                  u"Infinity"_s};
    add(make(u"JavaScript"_s, cLike(jsKeywords, {}, jsConstants, false, true, true)));
    QStringList tsKeywords = jsKeywords;
    tsKeywords << u"abstract"_s << u"as"_s << u"declare"_s << u"enum"_s << u"implements"_s
               << u"interface"_s << u"keyof"_s << u"namespace"_s << u"private"_s << u"protected"_s
               << u"public"_s << u"readonly"_s << u"satisfies"_s << u"type"_s;
    add(make(u"TypeScript"_s, cLike(tsKeywords, {u"any"_s, u"boolean"_s, u"never"_s, u"number"_s,
        u"object"_s, u"string"_s, u"symbol"_s, u"unknown"_s, u"bigint"_s}, jsConstants, false, true, true)));

    add(make(u"Rust"_s, cLike({u"as"_s, u"async"_s, u"await"_s, u"break"_s, u"const"_s,
        u"continue"_s, u"crate"_s, u"dyn"_s, u"else"_s, u"enum"_s, u"extern"_s, u"fn"_s, u"for"_s,
        u"if"_s, u"impl"_s, u"in"_s, u"let"_s, u"loop"_s, u"match"_s, u"mod"_s, u"move"_s, u"mut"_s,
        u"pub"_s, u"ref"_s, u"return"_s, u"self"_s, u"Self"_s, u"static"_s, u"struct"_s, u"super"_s,
        u"trait"_s, u"type"_s, u"unsafe"_s, u"use"_s, u"where"_s, u"while"_s},
        {u"i8"_s, u"i16"_s, u"i32"_s, u"i64"_s, u"i128"_s, u"isize"_s, u"u8"_s, u"u16"_s, u"u32"_s,
         u"u64"_s, u"u128"_s, u"usize"_s, u"f32"_s, u"f64"_s, u"bool"_s, u"char"_s, u"str"_s},
        {u"true"_s, u"false"_s, u"None"_s, u"Some"_s, u"Ok"_s, u"Err"_s}, false, false, false)));

    add(make(u"Go"_s, cLike({u"break"_s, u"case"_s, u"chan"_s, u"const"_s, u"continue"_s,
        u"default"_s, u"defer"_s, u"else"_s, u"fallthrough"_s, u"for"_s, u"func"_s, u"go"_s,
        u"goto"_s, u"if"_s, u"import"_s, u"interface"_s, u"map"_s, u"package"_s, u"range"_s,
        u"return"_s, u"select"_s, u"struct"_s, u"switch"_s, u"type"_s, u"var"_s},
        {u"bool"_s, u"byte"_s, u"complex64"_s, u"complex128"_s, u"error"_s, u"float32"_s,
         u"float64"_s, u"int"_s, u"int8"_s, u"int16"_s, u"int32"_s, u"int64"_s, u"rune"_s,
         u"string"_s, u"uint"_s, u"uint8"_s, u"uint16"_s, u"uint32"_s, u"uint64"_s, u"uintptr"_s, u"any"_s},
        {u"true"_s, u"false"_s, u"nil"_s, u"iota"_s}, false, false, true)));

    add(make(u"C#"_s, cLike({u"abstract"_s, u"as"_s, u"async"_s, u"await"_s, u"base"_s,
        u"break"_s, u"case"_s, u"catch"_s, u"class"_s, u"const"_s, u"continue"_s, u"default"_s,
        u"delegate"_s, u"do"_s, u"else"_s, u"enum"_s, u"event"_s, u"explicit"_s, u"extern"_s,
        u"finally"_s, u"fixed"_s, u"for"_s, u"foreach"_s, u"get"_s, u"if"_s, u"implicit"_s,
        u"in"_s, u"interface"_s, u"internal"_s, u"is"_s, u"lock"_s, u"namespace"_s, u"new"_s,
        u"operator"_s, u"out"_s, u"override"_s, u"params"_s, u"private"_s, u"protected"_s,
        u"public"_s, u"readonly"_s, u"record"_s, u"ref"_s, u"return"_s, u"sealed"_s, u"set"_s,
        u"static"_s, u"struct"_s, u"switch"_s, u"this"_s, u"throw"_s, u"try"_s, u"typeof"_s,
        u"using"_s, u"var"_s, u"virtual"_s, u"while"_s, u"yield"_s},
        {u"bool"_s, u"byte"_s, u"char"_s, u"decimal"_s, u"double"_s, u"float"_s, u"int"_s,
         u"long"_s, u"object"_s, u"sbyte"_s, u"short"_s, u"string"_s, u"uint"_s, u"ulong"_s,
         u"ushort"_s, u"void"_s},
        {u"null"_s, u"true"_s, u"false"_s}, true, false, false)));

    add(make(u"Python"_s, {
        span(uR"([rRbBuUfF]{0,2}""")"_s, uR"(""")"_s, S::String),
        span(u"[rRbBuUfF]{0,2}'''"_s, u"'''"_s, S::String),
        token(u"#.*$"_s, S::Comment),
        token(u"[rRbBuUfF]{0,2}"_s + kDoubleQuoted, S::String),
        token(u"[rRbBuUfF]{0,2}"_s + kSingleQuoted, S::String),
        token(u"^\\s*@[\\w.]+"_s, S::Preprocessor),
        words({u"and"_s, u"as"_s, u"assert"_s, u"async"_s, u"await"_s, u"break"_s, u"class"_s,
               u"continue"_s, u"def"_s, u"del"_s, u"elif"_s, u"else"_s, u"except"_s, u"finally"_s,
               u"for"_s, u"from"_s, u"global"_s, u"if"_s, u"import"_s, u"in"_s, u"is"_s,
               u"lambda"_s, u"match"_s, u"case"_s, u"nonlocal"_s, u"not"_s, u"or"_s, u"pass"_s,
               u"raise"_s, u"return"_s, u"try"_s, u"while"_s, u"with"_s, u"yield"_s}, S::Keyword),
        words({u"True"_s, u"False"_s, u"None"_s}, S::Constant),
        words({u"self"_s, u"cls"_s, u"print"_s, u"len"_s, u"range"_s, u"int"_s, u"str"_s,
               u"float"_s, u"list"_s, u"dict"_s, u"set"_s, u"tuple"_s, u"bool"_s, u"bytes"_s,
               u"open"_s, u"isinstance"_s, u"super"_s, u"enumerate"_s, u"zip"_s}, S::Builtin),
        token(u"\\b(?:0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|\\d[\\d_]*(?:\\.\\d[\\d_]*)?(?:[eE][+-]?\\d+)?j?)\\b"_s, S::Number),
        token(u"\\b[A-Za-z_]\\w*(?=\\s*\\()"_s, S::Function),
        token(u"[{}()\\[\\]:;,.]"_s, S::Punctuation),
    }));

    add(make(u"Bash"_s, {
        token(u"(?<![\\w$#{])#.*$"_s, S::Comment),
        token(kDoubleQuoted, S::String),
        token(u"'[^']*'"_s, S::String),
        token(u"\\$\\{[^}]*\\}|\\$\\([^)]*\\)|\\$[A-Za-z_]\\w*|\\$[@*#?$!0-9-]"_s, S::Variable),
        words({u"if"_s, u"then"_s, u"else"_s, u"elif"_s, u"fi"_s, u"for"_s, u"while"_s,
               u"until"_s, u"do"_s, u"done"_s, u"case"_s, u"esac"_s, u"in"_s, u"function"_s,
               u"select"_s, u"return"_s, u"local"_s, u"export"_s, u"readonly"_s, u"declare"_s,
               u"unset"_s, u"shift"_s, u"exit"_s, u"break"_s, u"continue"_s}, S::Keyword),
        words({u"echo"_s, u"printf"_s, u"cd"_s, u"pwd"_s, u"test"_s, u"read"_s, u"set"_s,
               u"source"_s, u"eval"_s, u"exec"_s, u"trap"_s, u"true"_s, u"false"_s}, S::Builtin),
        token(u"^\\s*[A-Za-z_]\\w*(?==)"_s, S::Variable),
        token(u"(?<=\\s)--?[A-Za-z][\\w-]*"_s, S::Attribute),
        token(u"\\b\\d+\\b"_s, S::Number),
        token(u"[|&;<>()]+"_s, S::Operator),
    }));

    const QList<HighlightRule> markup{
        span(u"<!--"_s, u"-->"_s, S::Comment),
        span(u"<!\\[CDATA\\["_s, u"\\]\\]>"_s, S::String),
        token(u"<\\?.*?\\?>"_s, S::Preprocessor),
        token(u"<!(?:DOCTYPE|doctype)[^>]*>"_s, S::Preprocessor),
        token(u"</?[A-Za-z_][\\w:.-]*"_s, S::Tag),
        token(u"/?>"_s, S::Tag),
        token(u"\\b[A-Za-z_][\\w:.-]*(?=\\s*=\\s*[\"'])"_s, S::Attribute),
        token(u"(?<==)\\s*\"[^\"]*\"|(?<==)\\s*'[^']*'"_s, S::String),
        token(u"&(?:[A-Za-z]+|#\\d+|#x[0-9a-fA-F]+);"_s, S::Constant),
    };
    add(make(u"XML"_s, markup));
    add(make(u"HTML"_s, markup));

    add(make(u"Markdown"_s, {
        span(u"^\\s*(?:```|~~~)"_s, u"^\\s*(?:```|~~~)\\s*$"_s, S::Code),
        token(u"^#{1,6}\\s.*$"_s, S::Heading),
        token(u"^\\s*>.*$"_s, S::Comment),
        token(u"^\\s*(?:[-*_]\\s*){3,}$"_s, S::Punctuation),
        token(u"^\\s*(?:[-*+]|\\d+[.)])(?=\\s)"_s, S::Keyword),
        token(u"`[^`]+`"_s, S::Code),
        token(u"!?\\[[^\\]]*\\]\\([^)\\s]*(?:\\s+\"[^\"]*\")?\\)"_s, S::Link),
        token(u"<(?:https?|mailto):[^>\\s]+>"_s, S::Link),
        token(u"\\*\\*[^*]+\\*\\*|__[^_]+__"_s, S::Strong),
        token(u"(?<![*\\w])\\*[^*\\s][^*]*\\*(?!\\*)|(?<![\\w_])_[^_\\s][^_]*_(?![\\w_])"_s, S::Emphasis),
    }));

    add(make(u"YAML"_s, {
        token(u"(?:^|(?<=\\s))#.*$"_s, S::Comment),
        token(u"^(?:---|\\.\\.\\.)\\s*$"_s, S::Punctuation),
        token(u"^\\s*(?:-\\s+)?([^\\s#:\\-\"'{\\[][^#:]*?|\"[^\"]*\"|'[^']*')\\s*:(?=\\s|$)"_s, S::Key, 1),
        token(kDoubleQuoted, S::String),
        token(u"'(?:[^']|'')*'"_s, S::String),
        token(u"[&*][\\w-]+"_s, S::Variable),
        token(u"!!?[\\w-]+"_s, S::Type),
        token(u"(?<![\\w.-])(?:true|false|yes|no|on|off|null|True|False|Yes|No|NULL|Null|~)(?![\\w.-])"_s, S::Constant),
        token(u"(?<![\\w.-])[-+]?(?:\\d[\\d_]*(?:\\.\\d+)?(?:[eE][+-]?\\d+)?|0x[0-9a-fA-F]+|\\.inf|\\.nan)(?![\\w.-])"_s, S::Number),
        token(u"^\\s*-(?=\\s|$)|[{}\\[\\],]|[|>][-+]?\\s*$"_s, S::Punctuation),
    }));

    add(make(u"SQL"_s, {
        span(u"/\\*"_s, u"\\*/"_s, S::Comment),
        token(u"--.*$"_s, S::Comment),
        token(u"'(?:[^']|'')*'"_s, S::String),
        token(u"\"(?:[^\"]|\"\")*\"|`[^`]*`"_s, S::Variable),
        words({u"select"_s, u"from"_s, u"where"_s, u"and"_s, u"or"_s, u"not"_s, u"insert"_s,
               u"into"_s, u"values"_s, u"update"_s, u"set"_s, u"delete"_s, u"create"_s,
               u"table"_s, u"view"_s, u"index"_s, u"drop"_s, u"alter"_s, u"add"_s, u"column"_s,
               u"primary"_s, u"key"_s, u"foreign"_s, u"references"_s, u"join"_s, u"inner"_s,
               u"left"_s, u"right"_s, u"outer"_s, u"full"_s, u"cross"_s, u"on"_s, u"as"_s,
               u"group"_s, u"by"_s, u"order"_s, u"having"_s, u"limit"_s, u"offset"_s, u"union"_s,
               u"all"_s, u"distinct"_s, u"case"_s, u"when"_s, u"then"_s, u"else"_s, u"end"_s,
               u"in"_s, u"is"_s, u"like"_s, u"between"_s, u"exists"_s, u"asc"_s, u"desc"_s,
               u"with"_s, u"returning"_s, u"begin"_s, u"commit"_s, u"rollback"_s, u"transaction"_s,
               u"default"_s, u"unique"_s, u"check"_s, u"constraint"_s, u"if"_s},
              S::Keyword, true),
        words({u"int"_s, u"integer"_s, u"bigint"_s, u"smallint"_s, u"text"_s, u"varchar"_s,
               u"char"_s, u"boolean"_s, u"real"_s, u"double"_s, u"numeric"_s, u"decimal"_s,
               u"date"_s, u"time"_s, u"timestamp"_s, u"blob"_s, u"json"_s, u"jsonb"_s, u"uuid"_s},
              S::Type, true),
        words({u"null"_s, u"true"_s, u"false"_s}, S::Constant, true),
        token(u"\\b\\d+(?:\\.\\d+)?\\b"_s, S::Number),
        token(u"\\b[A-Za-z_]\\w*(?=\\s*\\()"_s, S::Function),
        token(u"[(),;.]"_s, S::Punctuation),
    }));
    return all;
}

const QHash<QString, std::shared_ptr<const HighlightLanguage>> &allLanguages()
{
    // Built once and never modified, so sharing between documents is safe.
    static const auto all = buildAll();
    return all;
}

} // namespace

const HighlightLanguage *HighlightRules::forName(const QString &name)
{
    const auto &all = allLanguages();
    const auto it = all.constFind(name);
    return it == all.constEnd() ? nullptr : it->get();
}

QStringList HighlightRules::names()
{
    QStringList names = allLanguages().keys();
    names.sort();
    return names;
}

} // namespace Toolgate
