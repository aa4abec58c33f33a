#pragma once

#include <QString>

#include <functional>

class QObject;
class QTextDocument;

namespace Toolgate {

class SafeTextDocument;

/// Turns Markdown into a SafeTextDocument off the GUI thread: Qt's Markdown import gets slow
/// (superlinear) on long paragraphs, and QTextDocument is reentrant.
class MarkdownRenderer final
{
public:
    MarkdownRenderer() = delete;

    /// Renders markdown in the background; done receives the document, moved to context's
    /// thread and unparented (the receiver takes ownership). Nothing happens if context dies first.
    static void render(const QString &markdown, QObject *context, std::function<void(SafeTextDocument *)> done);
    /// Parses markdown into doc and tidies the result (code backgrounds, table padding);
    /// usable on any thread that owns doc.
    static void fill(QTextDocument *doc, const QString &markdown);
};

} // namespace Toolgate
