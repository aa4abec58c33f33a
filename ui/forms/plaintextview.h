#pragma once

#include <QPlainTextEdit>

namespace Toolgate {

/// Read-only text for strings that came from a server (descriptions, commands, self-reported names):
/// never interpreted as markup, selectable, wrapped anywhere so a long unbroken token cannot widen the
/// window, and as tall as its text up to maxLines, then scrolling, so padding cannot push buttons away.
class PlainTextView final : public QPlainTextEdit
{
    Q_OBJECT
public:
    explicit PlainTextView(const QString &text, int maxLines = 6, QWidget *parent = nullptr);

    void setMaxLines(int maxLines);

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    int m_maxLines;
    mutable int m_cachedWidth = -1;
    mutable int m_cachedHeight = 0;
};

} // namespace Toolgate
