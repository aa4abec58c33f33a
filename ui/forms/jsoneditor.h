#pragma once

#include "core/jsonrpc/jsontext.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QSyntaxHighlighter;
class QTimer;

namespace Toolgate {

/// A plain-text JSON editor with syntax highlighting and an inline parse error ("Line 3, column 7: ...")
/// that also underlines the spot. Parsing follows typing: at once for ordinary sizes, after a short pause
/// for very large texts so typing never stalls.
class JsonEditor final : public QWidget
{
    Q_OBJECT
public:
    explicit JsonEditor(QWidget *parent = nullptr);

    /// Which texts are valid; Object unless set otherwise.
    void setAccept(JsonText::Accept accept);

    /// Replaces the text with value, pretty-printed; not reported through edited().
    void setValue(const QJsonValue &value, const JsonKeyOrder &order = {});
    /// Replaces the text; not reported through edited().
    void setText(const QString &text);
    QString text() const;

    /// The outcome of parsing the current text (pending edits are parsed first).
    const JsonText::ParseResult &parseResult() const;

    void setReadOnly(bool readOnly);
    bool isReadOnly() const;
    /// The editor is at least minimum lines tall and prefers the text's own line count up to maximum
    /// (0: no limit); a layout with room to spare may still make it taller.
    void setVisibleLines(int minimum, int maximum = 0);
    void setPlaceholderText(const QString &text);

    /// The text area itself, e.g. for focus or tests.
    QPlainTextEdit *textEdit() const { return m_edit; }

protected:
    void changeEvent(QEvent *event) override;

signals:
    /// The person changed the text and it has been parsed; see parseResult().
    void edited();

private:
    void onContentsChanged();
    void reparse(bool announce);
    void showParseResult();

    QPlainTextEdit *m_edit = nullptr;
    QLabel *m_error = nullptr;
    QTimer *m_parseTimer = nullptr;
    QSyntaxHighlighter *m_highlighter = nullptr;
    JsonText::Accept m_accept = JsonText::Accept::Object;
    bool m_settingText = false;
    mutable bool m_parsePending = false;
    mutable JsonText::ParseResult m_result;
};

} // namespace Toolgate
