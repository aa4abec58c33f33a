#pragma once

#include <QList>
#include <QString>
#include <QStringView>

class QPlainTextEdit;

namespace Toolgate {

/// Server text as a person should see it before deciding: every hidden character (terminal escapes,
/// bidi controls, zero-width and tag characters) written as a visible escape by DisplayText's rules, and
/// each escape marked (highlighted) in the view, so it is told apart from a backslash the server wrote.
/// Built piece by piece: our own words, server text, and names spelled out character by character.
class MarkedText final
{
public:
    /// Our own words, shown as they are.
    MarkedText &appendPlain(const QString &text);
    /// Multi-line server text (newlines and tabs kept).
    MarkedText &appendText(QStringView serverText);
    /// One line of server text (newlines and tabs escaped too).
    MarkedText &appendLine(QStringView serverText);
    /// A name spelled out: everything but printable ASCII escaped, so a look-alike shows what it is.
    MarkedText &appendSpelled(QStringView name);

    QString text() const { return m_text; }
    /// Where the escapes are in text(): position and length.
    struct Mark
    {
        qsizetype position;
        qsizetype length;
    };
    QList<Mark> marks() const { return m_marks; }

    /// Shows the text in view (plain text, never markup) with the escapes highlighted.
    void showIn(QPlainTextEdit *view) const;

    /// Escapes beyond this many are shown but not highlighted (each costs a format change).
    static constexpr int MaxMarked = 2000;

private:
    template<typename Render>
    MarkedText &appendRendered(QStringView serverText, Render render);

    QString m_text;
    QList<Mark> m_marks;
};

} // namespace Toolgate
