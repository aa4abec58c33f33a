#pragma once

#include "core/common/result.h"
#include "core/protocol/icon.h"

#include <QCache>
#include <QIcon>
#include <QImage>
#include <QObject>
#include <QSet>

namespace Toolgate {

/// Turns the icons a server offers (for itself, its tools, resources, prompts) into QIcons.
///
/// Only data: URLs are used. Toolgate never fetches an icon from the network: a request would
/// tell the server's owner when and from where the app is used, and the bytes are untrusted.
/// Decoding happens on a worker thread with size limits; PNG and JPEG (and WebP/GIF when Qt has
/// the plugin) are checked by their magic bytes, SVG is refused if it references anything
/// outside itself or carries script.
class IconLoader final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(IconLoader)
public:
    /// Decoded icons are this many device-independent pixels square (rendered at twice that).
    static constexpr int iconSize = 32;
    /// Longest data: URL accepted, in characters.
    static constexpr qsizetype maxSourceLength = 1024 * 1024;
    /// Decoded icons kept; a server cannot grow the cache beyond this however many it offers.
    static constexpr int maxCachedIcons = 512;

    explicit IconLoader(QObject *parent = nullptr);
    ~IconLoader() override;

    /// The icon for the best usable entry of icons, if already decoded. Otherwise a null icon:
    /// decoding starts and iconsReady() follows when it is done.
    QIcon icon(const QList<Icon> &icons) const;

    /// The entry icon() would use: a data: URL, preferring the current theme and a size near ours.
    static std::optional<Icon> pick(const QList<Icon> &icons, bool darkTheme);
    /// Decodes one data: URL into an image at most size×size (thread-safe; the worker's job).
    static Result<QImage> decode(const QString &src, const QString &declaredMimeType, int size);

signals:
    /// One or more icons finished decoding; views should repaint their decorations.
    void iconsReady();

private:
    void start(const QByteArray &key, const Icon &icon) const;

    mutable QCache<QByteArray, QIcon> m_icons{maxCachedIcons}; // by hash of src; null icon = could not decode
    mutable QSet<QByteArray> m_pending;
};

} // namespace Toolgate
