#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>

namespace Toolgate::DemoMedia {

// Small, dependency-free encoders: the demo server links Qt Core only (no QtGui, no QImage),
// yet must hand out real images and sounds that any viewer or player opens.

/// The colours generate_image accepts, in the order its schema lists them.
QStringList patternColors();

/// Encodes 8-bit RGB pixels (row by row, 3 bytes per pixel, no padding) as a PNG file.
/// Returns an empty array when rgb does not hold width × height pixels.
QByteArray encodePng(int width, int height, const QByteArray &rgb);

/// A size × size PNG pattern (rings over a diagonal gradient) in one of patternColors();
/// an unknown colour gives an empty array.
QByteArray patternPng(const QString &color, int size = 64);

/// A mono 16-bit PCM WAV file holding the given samples.
QByteArray encodeWav(const QList<qint16> &samples, int sampleRate);

/// A sine tone with short fades at both ends (no clicks), as a mono 16-bit WAV file.
QByteArray sineWav(double frequency, int durationMs, int sampleRate = 8000);

/// The CRC-32 PNG chunks carry (ISO 3309 / ITU-T V.42, as used by zlib and PNG).
std::uint32_t crc32(const QByteArray &data, std::uint32_t crc = 0);

} // namespace Toolgate::DemoMedia
