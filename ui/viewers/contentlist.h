#pragma once

#include <QList>
#include <QPointer>
#include <QScrollArea>

class QLabel;
class QVBoxLayout;

namespace Toolgate {

class ContentView;

/// A scrolling column of ContentViews, each as tall as its content up to the visible height
/// (a lone item) or most of it (several items); longer text and big images scroll inside.
class ContentList final : public QScrollArea
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ContentList)
public:
    explicit ContentList(QWidget *parent = nullptr);

    /// Shows views in order, taking ownership; replaces what was shown.
    void setViews(const QList<ContentView *> &views);
    /// Removes all views (deleted later, so a view may clear the list from its own signal).
    void clear();
    /// The views shown.
    QList<ContentView *> views() const;
    /// Text shown when there are no views.
    void setPlaceholderText(const QString &text);
    /// The height that shows every view whole, or -1 when some view holds more than the room it has
    /// now (it is cut at its cap and scrolls), so more room would always help.
    int wantedHeight() const;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void updateFit();
    int itemCap(bool single) const;

    QWidget *m_container;
    QVBoxLayout *m_layout;
    QLabel *m_placeholder;
    QList<QPointer<ContentView>> m_views;
    int m_appliedCap = -1;
};

} // namespace Toolgate
