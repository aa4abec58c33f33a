#pragma once

#include "core/audit/auditfilter.h"
#include "core/audit/auditrecord.h"
#include "core/common/result.h"

#include <QByteArray>
#include <QIODevice>

#include <optional>

namespace Toolgate {

class AuditReader;

/// Writes audit records as JSON Lines (one AuditRecord::toJson() object per line: lossless) or
/// CSV (RFC 4180, UTF-8, one row per record, JSON fields as JSON text: for spreadsheets).
class AuditExporter final
{
public:
    enum class Format { JsonLines, Csv };

    AuditExporter() = delete;

    static std::optional<Format> formatFromName(QStringView name);

    /// Every record matching filter, oldest first. Returns how many were written.
    static Result<qint64> write(AuditReader &reader, const AuditFilter &filter, Format format, QIODevice *out);

    static QByteArray jsonLine(const AuditRecord &record);
    static QStringList csvColumns();
    static QByteArray csvHeader();
    static QByteArray csvRow(const AuditRecord &record);
    /// A CSV cell: quoted when needed; text a spreadsheet would run as a formula (=, +, -, @ first)
    /// gets a leading apostrophe, the usual guard, since server-supplied text ends up here; hidden
    /// characters in text are written as visible escapes (DisplayText::visible()).
    static QString csvCell(const QString &value, bool text = true);
};

} // namespace Toolgate
