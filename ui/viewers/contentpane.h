#pragma once

#include <QWidget>

namespace Toolgate {

/// The body of one content item (text, image, audio, ...). ContentView puts a header above it
/// and forwards its signals.
class ContentPane : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ContentPane)
public:
    explicit ContentPane(QWidget *parent = nullptr) : QWidget(parent) {}

    /// Buttons for the item's header (e.g. Plain/Markdown, zoom), or nullptr.
    virtual QWidget *toolBar() const { return nullptr; }
    /// One line describing the content ("image/png · 640 × 480 px · 12.3 KB").
    QString summary() const { return m_summary; }
    /// Whether the pane is happy to take all space it is offered (text, images).
    virtual bool prefersToExpand() const { return false; }
    /// fit: as tall as the content, at most maxHeight; else fill the given space.
    virtual void setFitToContents(bool fit, int maxHeight) { Q_UNUSED(fit) Q_UNUSED(maxHeight) }

signals:
    /// summary() changed (e.g. an image finished decoding).
    void summaryChanged(const QString &summary);
    /// The user asked to open a resource link.
    void resourceLinkActivated(const QString &uri);
    /// The user clicked a link in rendered text.
    void linkActivated(const QUrl &url);

protected:
    void setSummary(const QString &summary)
    {
        if (summary == m_summary)
            return;
        m_summary = summary;
        emit summaryChanged(summary);
    }

private:
    QString m_summary;
};

} // namespace Toolgate
