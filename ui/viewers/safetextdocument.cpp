#include "ui/viewers/safetextdocument.h"

#include <QImage>

using namespace Qt::StringLiterals;

namespace Toolgate {

SafeTextDocument::SafeTextDocument(QObject *parent)
    : QTextDocument(parent)
{
    // An application-wide default resource provider must not apply to untrusted documents;
    // one that answers nothing routes every request through loadResource() below.
    setResourceProvider([](const QUrl &) { return QVariant(); });
}

QVariant SafeTextDocument::dataUrlResource(int type, const QUrl &url)
{
    if (type != QTextDocument::ImageResource || url.scheme().compare(u"data"_s, Qt::CaseInsensitive) != 0)
        return {};
    // data:[<media type>][;base64],<data>
    const QByteArray path = url.path(QUrl::FullyEncoded).toLatin1();
    const qsizetype comma = path.indexOf(',');
    if (comma < 0 || path.size() - comma > MaxDataUrlBytes * 4 / 3 + 4)
        return {};
    const QByteArray header = path.left(comma).toLower();
    if (!header.startsWith("image/"))
        return {};
    QByteArray payload = QByteArray::fromPercentEncoding(path.mid(comma + 1));
    if (header.endsWith(";base64")) {
        auto decoded = QByteArray::fromBase64Encoding(payload, QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded)
            return {};
        payload = *std::move(decoded);
    }
    if (payload.size() > MaxDataUrlBytes)
        return {};
    QImage image;
    if (!image.loadFromData(payload))
        return {};
    return image;
}

QVariant SafeTextDocument::loadResource(int type, const QUrl &name)
{
    // Deliberately never calls the base implementation (see the class comment).
    QVariant resource = dataUrlResource(type, name);
    if (resource.isNull()) {
        m_blocked.append(name);
        emit resourceBlocked(name);
    }
    return resource;
}

} // namespace Toolgate

#include "moc_safetextdocument.cpp"
