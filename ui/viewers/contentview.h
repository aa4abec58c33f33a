#pragma once

#include "core/protocol/content.h"

#include <QFrame>

#include <optional>

class QHBoxLayout;
class QLabel;

namespace Toolgate {

class ContentPane;

/// One content block as a card: a header (kind, summary, annotations, tools) above the pane that
/// shows the body: TextPane, ImagePane, AudioPane, BinaryPane, ResourceLinkPane or JsonTextPane.
class ContentView final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ContentView)
public:
    /// A content block of a tool result (or prompt message).
    explicit ContentView(const Content &content, QWidget *parent = nullptr);
    /// One item of resources/read (shown like an embedded resource).
    explicit ContentView(const ResourceContents &contents, QWidget *parent = nullptr);

    /// The block's type (Resource for ResourceContents).
    Content::Type type() const { return m_type; }
    /// The body widget.
    ContentPane *pane() const { return m_pane; }
    /// The header title ("Text", "Image", ...).
    QString title() const;

    /// Whether the body likes to take all the room (text, images) rather than its natural size.
    bool prefersToExpand() const;
    /// fit: the card is as tall as its content, at most maxHeight (header included);
    /// otherwise it fills the space it is given when the body likes that.
    void setFitToContents(bool fit, int maxHeight);

signals:
    /// The user asked to open a linked resource.
    void resourceLinkActivated(const QString &uri);
    /// The user clicked a link in rendered text.
    void linkActivated(const QUrl &url);

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    void buildHeader(const QString &title);
    void addResourceUri(const QString &uri);
    void addAnnotations(const Annotations &annotations);
    void setPane(ContentPane *pane);
    ContentPane *paneForResource(const ResourceContents &contents);
    /// The blob's text when it decodes as UTF-8 text (no control characters but line breaks and tabs).
    static std::optional<QString> blobAsText(const QByteArray &base64);

    Content::Type m_type;
    QWidget *m_header = nullptr;
    QHBoxLayout *m_headerLayout = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_summary = nullptr;
    ContentPane *m_pane = nullptr;
};

} // namespace Toolgate
