#include "ui/highlight/syntaxhighlighting.h"

#include "ui/highlight/basichighlighter.h"
#include "ui/highlight/highlightrules.h"
#include "ui/highlight/highlighttheme.h"

#include <QFileInfo>
#include <QHash>
#include <QMimeDatabase>
#include <QTextDocument>
#include <QUrl>

#ifdef TOOLGATE_HAVE_KSYNTAXHIGHLIGHTING
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>
#endif

using namespace Qt::StringLiterals;

namespace Toolgate {

namespace {

// "Application/JSON; charset=utf-8" -> "application/json"
QString essence(const QString &mimeType)
{
    const qsizetype semicolon = mimeType.indexOf(u';');
    return (semicolon < 0 ? mimeType : mimeType.left(semicolon)).trimmed().toLower();
}

const QHash<QString, QString> &mimeTable()
{
    static const QHash<QString, QString> table{
        {u"application/json"_s, u"JSON"_s},
        {u"text/json"_s, u"JSON"_s},
        {u"application/x-ndjson"_s, u"JSON"_s},
        {u"application/jsonl"_s, u"JSON"_s},
        {u"text/x-csrc"_s, u"C"_s},
        {u"text/x-chdr"_s, u"C"_s},
        {u"text/x-c"_s, u"C"_s},
        {u"text/x-c++src"_s, u"C++"_s},
        {u"text/x-c++hdr"_s, u"C++"_s},
        {u"text/x-c++"_s, u"C++"_s},
        {u"text/x-java"_s, u"Java"_s},
        {u"text/x-java-source"_s, u"Java"_s},
        {u"text/javascript"_s, u"JavaScript"_s},
        {u"application/javascript"_s, u"JavaScript"_s},
        {u"application/x-javascript"_s, u"JavaScript"_s},
        {u"text/ecmascript"_s, u"JavaScript"_s},
        {u"application/ecmascript"_s, u"JavaScript"_s},
        {u"text/jsx"_s, u"JavaScript"_s},
        {u"application/typescript"_s, u"TypeScript"_s},
        {u"application/x-typescript"_s, u"TypeScript"_s},
        {u"text/typescript"_s, u"TypeScript"_s},
        {u"text/x-typescript"_s, u"TypeScript"_s},
        {u"text/rust"_s, u"Rust"_s},
        {u"text/x-rust"_s, u"Rust"_s},
        {u"text/x-go"_s, u"Go"_s},
        {u"text/x-golang"_s, u"Go"_s},
        {u"text/x-csharp"_s, u"C#"_s},
        {u"text/x-python"_s, u"Python"_s},
        {u"text/x-python3"_s, u"Python"_s},
        {u"text/x-script.python"_s, u"Python"_s},
        {u"application/x-python"_s, u"Python"_s},
        {u"application/x-python-code"_s, u"Python"_s},
        {u"text/x-shellscript"_s, u"Bash"_s},
        {u"text/x-sh"_s, u"Bash"_s},
        {u"text/x-bash"_s, u"Bash"_s},
        {u"application/x-sh"_s, u"Bash"_s},
        {u"application/x-shellscript"_s, u"Bash"_s},
        {u"application/xml"_s, u"XML"_s},
        {u"text/xml"_s, u"XML"_s},
        {u"text/html"_s, u"HTML"_s},
        {u"application/xhtml+xml"_s, u"HTML"_s},
        {u"text/markdown"_s, u"Markdown"_s},
        {u"text/x-markdown"_s, u"Markdown"_s},
        {u"application/x-yaml"_s, u"YAML"_s},
        {u"application/yaml"_s, u"YAML"_s},
        {u"text/yaml"_s, u"YAML"_s},
        {u"text/x-yaml"_s, u"YAML"_s},
        {u"application/sql"_s, u"SQL"_s},
        {u"application/x-sql"_s, u"SQL"_s},
        {u"text/x-sql"_s, u"SQL"_s},
    };
    return table;
}

const QHash<QString, QString> &extensionTable()
{
    static const QHash<QString, QString> table{
        {u"json"_s, u"JSON"_s}, {u"jsonl"_s, u"JSON"_s}, {u"ndjson"_s, u"JSON"_s}, {u"geojson"_s, u"JSON"_s},
        {u"c"_s, u"C"_s}, {u"h"_s, u"C"_s},
        {u"cpp"_s, u"C++"_s}, {u"cc"_s, u"C++"_s}, {u"cxx"_s, u"C++"_s}, {u"c++"_s, u"C++"_s},
        {u"hpp"_s, u"C++"_s}, {u"hh"_s, u"C++"_s}, {u"hxx"_s, u"C++"_s}, {u"ipp"_s, u"C++"_s},
        {u"java"_s, u"Java"_s},
        {u"js"_s, u"JavaScript"_s}, {u"mjs"_s, u"JavaScript"_s}, {u"cjs"_s, u"JavaScript"_s}, {u"jsx"_s, u"JavaScript"_s},
        {u"ts"_s, u"TypeScript"_s}, {u"tsx"_s, u"TypeScript"_s}, {u"mts"_s, u"TypeScript"_s}, {u"cts"_s, u"TypeScript"_s},
        {u"rs"_s, u"Rust"_s}, {u"go"_s, u"Go"_s}, {u"cs"_s, u"C#"_s},
        {u"py"_s, u"Python"_s}, {u"pyw"_s, u"Python"_s}, {u"pyi"_s, u"Python"_s},
        {u"sh"_s, u"Bash"_s}, {u"bash"_s, u"Bash"_s}, {u"zsh"_s, u"Bash"_s}, {u"ksh"_s, u"Bash"_s},
        {u"xml"_s, u"XML"_s}, {u"xsd"_s, u"XML"_s}, {u"xsl"_s, u"XML"_s}, {u"xslt"_s, u"XML"_s},
        {u"svg"_s, u"XML"_s}, {u"plist"_s, u"XML"_s}, {u"rss"_s, u"XML"_s}, {u"atom"_s, u"XML"_s},
        {u"html"_s, u"HTML"_s}, {u"htm"_s, u"HTML"_s}, {u"xhtml"_s, u"HTML"_s},
        {u"md"_s, u"Markdown"_s}, {u"markdown"_s, u"Markdown"_s}, {u"mdown"_s, u"Markdown"_s}, {u"mkd"_s, u"Markdown"_s},
        {u"yaml"_s, u"YAML"_s}, {u"yml"_s, u"YAML"_s},
        {u"sql"_s, u"SQL"_s},
    };
    return table;
}

QString fileNameOf(const QString &fileNameOrUri)
{
    if (fileNameOrUri.contains(u"://"_s) || fileNameOrUri.startsWith(u"file:"_s)) {
        const QUrl url(fileNameOrUri);
        if (url.isValid())
            return url.fileName(); // drops query and fragment
    }
    return QFileInfo(fileNameOrUri).fileName();
}

#ifdef TOOLGATE_HAVE_KSYNTAXHIGHLIGHTING
KSyntaxHighlighting::Repository &repository()
{
    // Loading the definition index is expensive; one repository serves every document.
    static KSyntaxHighlighting::Repository repo;
    return repo;
}

KSyntaxHighlighting::Definition definitionFor(const QString &mimeType, const QString &fileNameHint)
{
    KSyntaxHighlighting::Repository &repo = repository();
    KSyntaxHighlighting::Definition def;
    const QString mime = essence(mimeType);
    // text/plain and octet-stream say nothing; let the file name speak instead.
    if (!mime.isEmpty() && mime != u"text/plain" && mime != u"application/octet-stream")
        def = repo.definitionForMimeType(mime);
    if (!def.isValid() && !fileNameHint.isEmpty())
        def = repo.definitionForFileName(fileNameOf(fileNameHint));
    if (!def.isValid()) {
        const QString language = SyntaxHighlighting::languageFor(mimeType, fileNameHint);
        if (!language.isEmpty())
            def = repo.definitionForName(language);
    }
    return def;
}
#endif

} // namespace

QString SyntaxHighlighting::languageForMimeType(const QString &mimeType)
{
    const QString mime = essence(mimeType);
    if (mime.isEmpty())
        return {};
    const auto &table = mimeTable();
    if (const auto it = table.constFind(mime); it != table.constEnd())
        return *it;
    // Structured syntax suffixes (RFC 6839): application/geo+json, image/svg+xml, ...
    if (mime.endsWith(u"+json"_s))
        return u"JSON"_s;
    if (mime.endsWith(u"+xml"_s))
        return u"XML"_s;
    if (mime.endsWith(u"+yaml"_s))
        return u"YAML"_s;
    // Aliases and subclasses the shared MIME database knows (e.g. application/x-javascript).
    const QMimeDatabase database;
    const QMimeType type = database.mimeTypeForName(mime);
    if (!type.isValid())
        return {};
    if (const auto it = table.constFind(type.name()); it != table.constEnd())
        return *it;
    const QStringList ancestors = type.allAncestors();
    for (const QString &ancestor : ancestors) {
        if (const auto it = table.constFind(ancestor); it != table.constEnd())
            return *it;
    }
    return {};
}

QString SyntaxHighlighting::languageForFileName(const QString &fileNameOrUri)
{
    const QString name = fileNameOf(fileNameOrUri);
    const qsizetype dot = name.lastIndexOf(u'.');
    if (dot < 0)
        return {};
    return extensionTable().value(name.mid(dot + 1).toLower());
}

QString SyntaxHighlighting::languageFor(const QString &mimeType, const QString &fileNameHint)
{
    const QString byMime = languageForMimeType(mimeType);
    if (!byMime.isEmpty())
        return byMime;
    return fileNameHint.isEmpty() ? QString() : languageForFileName(fileNameHint);
}

bool SyntaxHighlighting::usesKSyntaxHighlighting()
{
#ifdef TOOLGATE_HAVE_KSYNTAXHIGHLIGHTING
    return true;
#else
    return false;
#endif
}

QSyntaxHighlighter *SyntaxHighlighting::attach(QTextDocument *doc, const QString &mimeType,
                                               const QString &fileNameHint, const QPalette &palette)
{
    if (!doc)
        return nullptr;
#ifdef TOOLGATE_HAVE_KSYNTAXHIGHLIGHTING
    const KSyntaxHighlighting::Definition def = definitionFor(mimeType, fileNameHint);
    if (!def.isValid())
        return nullptr;
    auto *highlighter = new KSyntaxHighlighting::SyntaxHighlighter(doc);
    highlighter->setTheme(repository().themeForPalette(palette));
    highlighter->setDefinition(def);
    return highlighter;
#else
    const HighlightLanguage *language = HighlightRules::forName(languageFor(mimeType, fileNameHint));
    if (!language)
        return nullptr;
    return new BasicHighlighter(language, HighlightTheme::fromPalette(palette), doc);
#endif
}

void SyntaxHighlighting::applyPalette(QSyntaxHighlighter *highlighter, const QPalette &palette)
{
    if (!highlighter)
        return;
#ifdef TOOLGATE_HAVE_KSYNTAXHIGHLIGHTING
    if (auto *k = qobject_cast<KSyntaxHighlighting::SyntaxHighlighter *>(highlighter)) {
        k->setTheme(repository().themeForPalette(palette));
        k->rehighlight();
        return;
    }
#endif
    if (auto *basic = qobject_cast<BasicHighlighter *>(highlighter))
        basic->setTheme(HighlightTheme::fromPalette(palette));
}

} // namespace Toolgate
