#pragma once

#include <QPlainTextEdit>

namespace Toolgate {

/// A read-only line diff as core makes them ("- " / "+ " / "  " prefixes): removed lines on a red
/// ground, added ones on a green one, the text never interpreted and hidden characters made
/// visible. Shared by the approval's definition-change warning and the compare views, so a diff
/// looks the same wherever it is shown.
class LineDiffView final : public QPlainTextEdit
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LineDiffView)
public:
    explicit LineDiffView(QWidget *parent = nullptr);

    /// Shows lines (already bounded by the core's diff limits).
    void setLines(const QStringList &lines);
    /// The lines shown, as given.
    QStringList lines() const { return m_lines; }
    /// Sizes the view to its lines: at least minLines, at most maxLines tall (then it scrolls).
    void fitHeight(int minLines, int maxLines);

private:
    QStringList m_lines;
};

} // namespace Toolgate
