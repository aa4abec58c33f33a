#include "ui/viewers/wavinfo.h"

#include <QCoreApplication>
#include <QLocale>
#include <QtEndian>

using namespace Qt::StringLiterals;

namespace Toolgate {

namespace {
quint16 u16(const char *p) { return qFromLittleEndian<quint16>(p); }
quint32 u32(const char *p) { return qFromLittleEndian<quint32>(p); }
constexpr quint16 WaveFormatExtensible = 0xFFFE;
} // namespace

WavInfo WavInfo::parse(const QByteArray &bytes)
{
    WavInfo info;
    const qint64 size = bytes.size();
    const char *data = bytes.constData();
    if (size < 12 || !bytes.startsWith("RIFF") || bytes.mid(8, 4) != "WAVE") {
        info.error = QCoreApplication::translate("Toolgate::WavInfo", "not a RIFF/WAVE file");
        return info;
    }
    bool haveFormat = false;
    qint64 pos = 12;
    while (pos + 8 <= size) {
        const QByteArray id = bytes.mid(pos, 4);
        const qint64 chunkSize = u32(data + pos + 4);
        const qint64 body = pos + 8;
        if (id == "fmt ") {
            if (chunkSize < 16 || body + 16 > size) {
                info.error = QCoreApplication::translate("Toolgate::WavInfo", "truncated format chunk");
                return info;
            }
            info.formatTag = u16(data + body);
            info.channels = u16(data + body + 2);
            info.sampleRate = u32(data + body + 4);
            info.byteRate = u32(data + body + 8);
            info.blockAlign = u16(data + body + 12);
            info.bitsPerSample = u16(data + body + 14);
            // WAVE_FORMAT_EXTENSIBLE keeps the real format in the first two bytes of the GUID.
            if (info.formatTag == WaveFormatExtensible && chunkSize >= 40 && body + 26 <= size)
                info.formatTag = u16(data + body + 24);
            haveFormat = true;
        } else if (id == "data") {
            if (!haveFormat) {
                info.error = QCoreApplication::translate("Toolgate::WavInfo", "data before format chunk");
                return info;
            }
            // Streamed files write 0 or 0xFFFFFFFF; truncated ones hold less than declared.
            const qint64 available = size - body;
            info.dataBytes = (chunkSize == 0 || chunkSize == 0xFFFFFFFF) ? available : qMin(chunkSize, available);
            break;
        }
        pos = body + chunkSize + (chunkSize & 1); // chunks are padded to even sizes
    }
    if (!haveFormat) {
        info.error = QCoreApplication::translate("Toolgate::WavInfo", "no format chunk");
        return info;
    }
    if (info.channels == 0 || info.sampleRate == 0) {
        info.error = QCoreApplication::translate("Toolgate::WavInfo", "invalid format chunk");
        return info;
    }
    quint32 rate = info.byteRate;
    if (rate == 0)
        rate = info.blockAlign ? info.blockAlign * info.sampleRate
                               : info.sampleRate * info.channels * qMax<quint16>(1, info.bitsPerSample / 8);
    info.durationSeconds = rate ? double(info.dataBytes) / rate : 0;
    info.valid = true;
    return info;
}

QString WavInfo::formatName() const
{
    switch (formatTag) {
    case 1: return u"PCM"_s;
    case 2: return u"ADPCM"_s;
    case 3: return QCoreApplication::translate("Toolgate::WavInfo", "IEEE float");
    case 6: return u"A-law"_s;
    case 7: return u"µ-law"_s;
    case 0x55: return u"MP3"_s;
    default: return QCoreApplication::translate("Toolgate::WavInfo", "format 0x%1").arg(formatTag, 4, 16, QLatin1Char('0'));
    }
}

QString WavInfo::describe() const
{
    if (!valid)
        return {};
    const QString rate = sampleRate % 1000 == 0 ? QStringLiteral("%1 kHz").arg(sampleRate / 1000)
                                                : QStringLiteral("%1 kHz").arg(QLocale().toString(sampleRate / 1000.0, 'f', 1));
    const QString layout = channels == 1 ? u"mono"_s : channels == 2 ? u"stereo"_s : QStringLiteral("%1 channels").arg(channels);
    QString format = formatName();
    if (bitsPerSample > 0)
        format = QCoreApplication::translate("Toolgate::WavInfo", "%1-bit %2").arg(bitsPerSample).arg(format);
    return rate + u" · "_s + layout + u" · "_s + format;
}

} // namespace Toolgate
