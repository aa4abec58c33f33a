#pragma once

#include <QSize>

#include <functional>

class QWidget;

namespace Toolgate {

/// What makes a text view as tall as its contents, up to a cap, so that several short ones stack
/// without each taking a screenful (FittedPlainTextEdit, MarkdownBrowser). The view owns one, passes
/// its size hints through adjusted() and calls update() when its contents or width change.
class ContentHeightFit final
{
public:
    /// widget: the view (not owned; it owns this). measure: the height the contents need at the
    /// widget's width, at most maxHeight().
    ContentHeightFit(QWidget *widget, std::function<int()> measure);

    /// fit: the widget's height follows its contents, at most maxHeight (60 at the least);
    /// otherwise the widget expands to the space it is given.
    void setEnabled(bool fit, int maxHeight);
    bool isEnabled() const { return m_fit; }
    int maxHeight() const { return m_maxHeight; }

    /// hint with the fitted height while fitting; unchanged otherwise.
    QSize adjusted(QSize hint) const;
    /// Measures again and fixes the widget's height to the result, while fitting.
    void update();

private:
    QWidget *m_widget;
    std::function<int()> m_measure;
    bool m_fit = false;
    int m_maxHeight = 400;
    int m_height = -1; // the last height measured; -1 until then
};

} // namespace Toolgate
