#pragma once

#include <QTextDocument>
#include <QUrl>

namespace Toolgate {

/// A QTextDocument for untrusted rich content (rendered Markdown): it loads no resource except
/// small data: images embedded in the text itself. QTextDocument would otherwise ask its parent
/// widget and then fall back to reading local files, which for "file://host/share/x.png" means a
/// network access on some platforms.
class SafeTextDocument final : public QTextDocument
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SafeTextDocument)
public:
    /// Largest data: URL payload decoded (bytes).
    static constexpr qsizetype MaxDataUrlBytes = 512 * 1024;

    explicit SafeTextDocument(QObject *parent = nullptr);

    /// The image in a data: URL (for ImageResource only), or a null QVariant for anything else.
    static QVariant dataUrlResource(int type, const QUrl &url);
    /// Every URL refused so far, for diagnostics and tests.
    QList<QUrl> blockedUrls() const { return m_blocked; }

signals:
    /// A resource was requested and refused.
    void resourceBlocked(const QUrl &url);

protected:
    QVariant loadResource(int type, const QUrl &name) override;

private:
    QList<QUrl> m_blocked;
};

} // namespace Toolgate
