#include "ui/models/iconloader.h"

#include "core/common/error.h"

#include <QApplication>
#include <QBuffer>
#include <QCryptographicHash>
#include <QFutureWatcher>
#include <QImageReader>
#include <QPainter>
#include <QPalette>
#include <QPixmap>
#include <QPromise>
#include <QRegularExpression>
#include <QSvgRenderer>
#include <QThreadPool>

#include <memory>

namespace Toolgate {

namespace {

constexpr qsizetype maxDecodedBytes = 512 * 1024;
constexpr int maxImageSide = 4096;

enum class Format { Unknown, Png, Jpeg, Gif, Webp, Svg };

Format sniff(const QByteArray &bytes)
{
    if (bytes.startsWith("\x89PNG\r\n\x1a\n"))
        return Format::Png;
    if (bytes.startsWith("\xff\xd8\xff"))
        return Format::Jpeg;
    if (bytes.startsWith("GIF87a") || bytes.startsWith("GIF89a"))
        return Format::Gif;
    if (bytes.size() > 12 && bytes.startsWith("RIFF") && bytes.mid(8, 4) == "WEBP")
        return Format::Webp;
    // SVG is text: allow a BOM, whitespace, an XML declaration and comments before <svg.
    QByteArray head = bytes.left(1024).trimmed();
    if (head.startsWith("\xef\xbb\xbf"))
        head = head.mid(3).trimmed();
    if (head.startsWith("<?xml") || head.startsWith("<svg") || head.startsWith("<!--"))
        return bytes.contains("<svg") ? Format::Svg : Format::Unknown;
    return Format::Unknown;
}

Format formatForMime(const QString &mime)
{
    const QString m = mime.trimmed().toLower();
    if (m == u"image/png")
        return Format::Png;
    if (m == u"image/jpeg" || m == u"image/jpg")
        return Format::Jpeg;
    if (m == u"image/gif")
        return Format::Gif;
    if (m == u"image/webp")
        return Format::Webp;
    if (m == u"image/svg+xml")
        return Format::Svg;
    return Format::Unknown;
}

// QtSvg does not run script, but it does load files named by <image> and follows references;
// an icon has no business pointing outside itself, so anything of the sort is refused.
bool svgIsSelfContained(const QByteArray &svg)
{
    static const QRegularExpression forbidden(
        QStringLiteral("<\\s*(script|foreignObject|image|use\\b[^>]*href\\s*=\\s*[\"']\\s*[^#\\s])|<!(ENTITY|DOCTYPE)"
                       "|(href|src)\\s*=\\s*[\"']\\s*(?!#)|url\\(\\s*[\"']?\\s*(?!#)|@import|\\bon[a-z]+\\s*="),
        QRegularExpression::CaseInsensitiveOption);
    return !forbidden.match(QString::fromUtf8(svg)).hasMatch();
}

QImage renderSvg(const QByteArray &svg, int size)
{
    QSvgRenderer renderer(svg);
    if (!renderer.isValid())
        return {};
    QSizeF natural = renderer.defaultSize();
    if (natural.isEmpty())
        natural = QSizeF(size, size);
    const QSize target = natural.scaled(QSizeF(size, size), Qt::KeepAspectRatio).toSize().expandedTo(QSize(1, 1));
    QImage image(QSize(size, size), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    renderer.render(&painter, QRectF(QPointF((size - target.width()) / 2.0, (size - target.height()) / 2.0), target));
    return image;
}

} // namespace

IconLoader::IconLoader(QObject *parent)
    : QObject(parent)
{
}

IconLoader::~IconLoader() = default;

std::optional<Icon> IconLoader::pick(const QList<Icon> &icons, bool darkTheme)
{
    const QString wantedTheme = darkTheme ? QStringLiteral("dark") : QStringLiteral("light");
    std::optional<Icon> best;
    int bestScore = -1;
    for (const Icon &icon : icons) {
        if (!icon.src.startsWith(u"data:", Qt::CaseInsensitive) || icon.src.size() > maxSourceLength)
            continue;
        int score = 0;
        // The theme names the background the icon is drawn for.
        if (icon.theme == wantedTheme)
            score += 100;
        else if (icon.theme.isEmpty())
            score += 50;
        if (icon.mimeType.contains(u"svg") || icon.sizes.contains(u"any"))
            score += 20;
        for (const QString &size : icon.sizes) {
            const int side = size.section(u'x', 0, 0).toInt();
            if (side >= iconSize && side <= 4 * iconSize)
                score += 10;
        }
        if (score > bestScore) {
            bestScore = score;
            best = icon;
        }
    }
    return best;
}

Result<QImage> IconLoader::decode(const QString &src, const QString &declaredMimeType, int size)
{
    const auto fail = [](const QString &why) { return Result<QImage>(makeError(ErrorCode::InvalidParams, why)); };
    if (!src.startsWith(u"data:", Qt::CaseInsensitive))
        return fail(QStringLiteral("only data: URLs are used for icons"));
    if (src.size() > maxSourceLength)
        return fail(QStringLiteral("the icon is too large"));
    const qsizetype comma = src.indexOf(u',');
    if (comma < 0)
        return fail(QStringLiteral("malformed data: URL"));
    const QStringList header = src.mid(5, comma - 5).split(u';');
    QString mime = header.value(0).trimmed();
    const bool base64 = header.contains(QStringLiteral("base64"), Qt::CaseInsensitive);
    if (mime.isEmpty() || !mime.contains(u'/'))
        mime = declaredMimeType;

    const QByteArray payload = src.mid(comma + 1).toLatin1();
    QByteArray bytes;
    if (base64) {
        auto decoded = QByteArray::fromBase64Encoding(payload, QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded)
            return fail(QStringLiteral("malformed base64"));
        bytes = std::move(*decoded);
    } else {
        bytes = QByteArray::fromPercentEncoding(payload);
    }
    if (bytes.isEmpty() || bytes.size() > maxDecodedBytes)
        return fail(QStringLiteral("the icon is empty or too large"));

    const Format format = sniff(bytes);
    if (format == Format::Unknown)
        return fail(QStringLiteral("not a PNG, JPEG, GIF, WebP or SVG image"));
    const Format declared = formatForMime(mime);
    if (declared != Format::Unknown && declared != format)
        return fail(QStringLiteral("the image does not match its declared type %1").arg(mime));

    if (format == Format::Svg) {
        if (!svgIsSelfContained(bytes))
            return fail(QStringLiteral("the SVG refers to outside content or carries script"));
        QImage image = renderSvg(bytes, size);
        if (image.isNull())
            return fail(QStringLiteral("the SVG could not be rendered"));
        return image;
    }

    QBuffer buffer(&bytes);
    buffer.open(QIODevice::ReadOnly);
    const QByteArray readerFormat = format == Format::Png ? "png"
        : format == Format::Jpeg                        ? "jpeg"
        : format == Format::Gif                         ? "gif"
                                                        : "webp";
    QImageReader reader(&buffer, readerFormat);
    reader.setDecideFormatFromContent(false);
    reader.setAllocationLimit(64); // MiB; a hostile header cannot make us allocate more
    const QSize natural = reader.size();
    if (!natural.isValid() || natural.width() > maxImageSide || natural.height() > maxImageSide)
        return fail(QStringLiteral("the image has unusable dimensions"));
    QImage image = reader.read();
    if (image.isNull())
        return fail(QStringLiteral("the image could not be decoded: %1").arg(reader.errorString()));
    if (image.width() > size || image.height() > size)
        image = image.scaled(size, size, Qt::KeepAspectRatio, Qt::SmoothTransformation);
    return image;
}

QIcon IconLoader::icon(const QList<Icon> &icons) const
{
    if (icons.isEmpty())
        return {};
    const bool dark = QApplication::palette().color(QPalette::Window).lightness() < 128;
    const std::optional<Icon> chosen = pick(icons, dark);
    if (!chosen)
        return {};
    const QByteArray key = QCryptographicHash::hash(chosen->src.toUtf8(), QCryptographicHash::Sha1);
    if (const QIcon *cached = m_icons.object(key))
        return *cached;
    if (!m_pending.contains(key))
        start(key, *chosen);
    return {};
}

void IconLoader::start(const QByteArray &key, const Icon &icon) const
{
    m_pending.insert(key);
    auto promise = std::make_shared<QPromise<QImage>>();
    auto *watcher = new QFutureWatcher<QImage>(const_cast<IconLoader *>(this));
    // The watcher is our child: if we go first, it goes too and the result is simply dropped.
    connect(watcher, &QFutureWatcher<QImage>::finished, this, [this, watcher, key] {
        const QFuture<QImage> future = watcher->future();
        const QImage image = future.resultCount() > 0 ? future.result() : QImage();
        m_icons.insert(key, new QIcon(image.isNull() ? QIcon() : QIcon(QPixmap::fromImage(image))));
        m_pending.remove(key);
        watcher->deleteLater();
        emit const_cast<IconLoader *>(this)->iconsReady();
    });
    watcher->setFuture(promise->future());
    promise->start();
    QThreadPool::globalInstance()->start([promise, src = icon.src, mime = icon.mimeType] {
        const Result<QImage> image = decode(src, mime, 2 * iconSize);
        if (image)
            promise->addResult(image.value());
        promise->finish();
    });
}

} // namespace Toolgate

#include "moc_iconloader.cpp"
