#include "core/server/pagination.h"

#include "core/common/error.h"

#include <QByteArray>

#include <optional>

using namespace Qt::StringLiterals;

namespace Toolgate {

namespace {

// Base64 keeps cursors from looking like something to edit.
QString encodeCursor(qsizetype offset)
{
    const QByteArray plain = QByteArray("offset:") + QByteArray::number(offset);
    return QString::fromLatin1(plain.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

std::optional<qsizetype> decodeCursor(const QString &cursor)
{
    auto decoded = QByteArray::fromBase64Encoding(cursor.toLatin1(),
                                                  QByteArray::Base64UrlEncoding | QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded || !decoded.decoded.startsWith("offset:"))
        return std::nullopt;
    bool ok = false;
    const qsizetype offset = decoded.decoded.mid(7).toLongLong(&ok);
    if (!ok || offset < 0)
        return std::nullopt;
    return offset;
}

} // namespace

Result<QJsonObject> paginate(const QJsonArray &all, QStringView key, const QJsonObject &params, int pageSize)
{
    qsizetype offset = 0;
    const QJsonValue cursor = params.value(u"cursor");
    if (!cursor.isUndefined() && !cursor.isNull()) {
        const auto decoded = cursor.isString() ? decodeCursor(cursor.toString()) : std::nullopt;
        if (!decoded)
            return makeError(ErrorCode::InvalidParams, u"invalid cursor"_s);
        // The list may have shrunk since the cursor was made; past the end is an empty last page.
        offset = std::min<qsizetype>(*decoded, all.size());
    }
    const qsizetype count = pageSize > 0 ? std::min<qsizetype>(pageSize, all.size() - offset) : all.size() - offset;
    QJsonArray items;
    for (qsizetype i = offset; i < offset + count; ++i)
        items.append(all.at(i));
    QJsonObject page{{key.toString(), items}};
    if (offset + count < all.size())
        page.insert(u"nextCursor", encodeCursor(offset + count));
    return page;
}

} // namespace Toolgate
