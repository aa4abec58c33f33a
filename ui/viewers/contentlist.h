#pragma once

#include <QList>
#include <QPointer>
#include <QScrollArea>

class QLabel;
class QVBoxLayout;

namespace Toolgate {

class ContentView;

/// A scrolling column of ContentViews. A lone text or image item fills the area (it scrolls
/// itself); several items are each as tall as their content, up to most of the visible height.
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

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void updateFit();
    int itemCap() const;

    QWidget *m_container;
    QVBoxLayout *m_layout;
    QLabel *m_placeholder;
    QList<QPointer<ContentView>> m_views;
    int m_appliedCap = -1;
};

} // namespace Toolgate
