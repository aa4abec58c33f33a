#pragma once

// Reading CSV (RFC 4180) back in the tests of the audit export: quoted fields may hold commas,
// quotes ("") and line breaks.

#include <QList>
#include <QString>
#include <QStringList>

namespace Toolgate::TestSupport {

enum class CsvRowEnd {
    CrLf, ///< RFC 4180 exactly: only CR LF ends a row, and text after the last CR LF is no row
    Any,  ///< LF, CR or CR LF ends a row, and so does the end of the text
};

inline QList<QStringList> parseCsv(const QString &text, CsvRowEnd rowEnd)
{
    QList<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        const bool crlf = c == u'\r' && i + 1 < text.size() && text.at(i + 1) == u'\n';
        if (quoted) {
            if (c == u'"' && i + 1 < text.size() && text.at(i + 1) == u'"') {
                field += u'"';
                ++i;
            } else if (c == u'"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == u'"') {
            quoted = true;
        } else if (c == u',') {
            row.append(field);
            field.clear();
        } else if (crlf || (rowEnd == CsvRowEnd::Any && (c == u'\n' || c == u'\r'))) {
            if (crlf)
                ++i;
            row.append(field);
            field.clear();
            rows.append(row);
            row.clear();
        } else {
            field += c;
        }
    }
    if (rowEnd == CsvRowEnd::Any && (!field.isEmpty() || !row.isEmpty())) {
        row.append(field);
        rows.append(row);
    }
    return rows;
}

} // namespace Toolgate::TestSupport
