#pragma once

#include <QByteArray>
#include <QLatin1StringView>
#include <QString>
#include <QStringList>

namespace Toolgate::DemoContent {

// The fixed documents the demo serves, shared by its resources and by the tools that embed or
// link to them, so what a tool shows is exactly what resources/read returns.

inline constexpr QLatin1StringView readmeUri{"demo://readme"};
inline constexpr QLatin1StringView configUri{"demo://data/config.json"};
inline constexpr QLatin1StringView logoUri{"demo://images/logo.png"};
inline constexpr QLatin1StringView counterUri{"demo://counter"};
inline constexpr QLatin1StringView snippetUri{"demo://snippets/hello.cpp"};
inline constexpr QLatin1StringView blobUri{"demo://blobs/sample.bin"};
inline constexpr QLatin1StringView greetingTemplate{"demo://greeting/{name}"};
inline constexpr QLatin1StringView extraNotesUri{"demo://extra/notes"};

/// demo://readme: what the server is and what to try first (Markdown).
QString readme();
/// demo://data/config.json: a small JSON document.
QByteArray configJson();
/// demo://snippets/hello.cpp: a short C++ program (text/x-c++src).
QString cppSnippet();
/// demo://blobs/sample.bin: "TGDEMO\0\1" followed by the bytes 0x80 to 0xB7.
QByteArray sampleBlob();
/// demo://images/logo.png: the blue 64 × 64 pattern, computed once.
QByteArray logoPng();

/// Names offered when completing the {name} of demo://greeting/{name}.
QStringList greetingNames();
/// Languages offered when completing code_review's language argument.
QStringList programmingLanguages();
/// Styles summarize accepts.
QStringList summaryStyles();

} // namespace Toolgate::DemoContent
