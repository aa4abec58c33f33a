#include "app/demo-server/demomedia.h"

#include <QtEndian>

#include <array>
#include <cmath>
#include <numbers>

using namespace Qt::StringLiterals;

namespace Toolgate::DemoMedia {

namespace {

struct Rgb
{
    int r, g, b;
};

// Keep in step with patternColors().
constexpr std::array<std::pair<const char16_t *, Rgb>, 6> palette{{
    {u"red", {229, 72, 77}},
    {u"orange", {247, 107, 21}},
    {u"yellow", {255, 197, 61}},
    {u"green", {48, 164, 108}},
    {u"blue", {0, 144, 255}},
    {u"purple", {142, 78, 198}},
}};

const std::array<std::uint32_t, 256> &crcTable()
{
    static const std::array<std::uint32_t, 256> table = [] {
        std::array<std::uint32_t, 256> t{};
        for (std::uint32_t n = 0; n < 256; ++n) {
            std::uint32_t c = n;
            for (int k = 0; k < 8; ++k)
                c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            t[n] = c;
        }
        return t;
    }();
    return table;
}

void appendBigEndian32(QByteArray &out, std::uint32_t value)
{
    char bytes[4];
    qToBigEndian(value, bytes);
    out.append(bytes, 4);
}

void appendLittleEndian32(QByteArray &out, std::uint32_t value)
{
    char bytes[4];
    qToLittleEndian(value, bytes);
    out.append(bytes, 4);
}

void appendLittleEndian16(QByteArray &out, std::uint16_t value)
{
    char bytes[2];
    qToLittleEndian(value, bytes);
    out.append(bytes, 2);
}

// One PNG chunk: length, type, data, and a CRC over type and data.
void appendChunk(QByteArray &png, const char type[4], const QByteArray &data)
{
    appendBigEndian32(png, std::uint32_t(data.size()));
    QByteArray typed(type, 4);
    typed.append(data);
    png.append(typed);
    appendBigEndian32(png, crc32(typed));
}

int mix(int from, int to, double t)
{
    return int(std::lround(from + (to - from) * std::clamp(t, 0.0, 1.0)));
}

} // namespace

QStringList patternColors()
{
    QStringList names;
    for (const auto &entry : palette)
        names.append(QString::fromUtf16(entry.first));
    return names;
}

std::uint32_t crc32(const QByteArray &data, std::uint32_t crc)
{
    const auto &table = crcTable();
    crc ^= 0xFFFFFFFFu;
    for (const char byte : data)
        crc = table[(crc ^ std::uint8_t(byte)) & 0xFFu] ^ (crc >> 8);
    return crc ^ 0xFFFFFFFFu;
}

QByteArray encodePng(int width, int height, const QByteArray &rgb)
{
    if (width <= 0 || height <= 0 || rgb.size() != qsizetype(width) * height * 3)
        return {};

    QByteArray png("\x89PNG\r\n\x1a\n", 8);

    QByteArray header;
    appendBigEndian32(header, std::uint32_t(width));
    appendBigEndian32(header, std::uint32_t(height));
    header.append(char(8)); // bit depth
    header.append(char(2)); // colour type: truecolour RGB
    header.append(char(0)); // compression: deflate
    header.append(char(0)); // filter method: adaptive
    header.append(char(0)); // no interlace
    appendChunk(png, "IHDR", header);

    // Every scanline starts with its filter type; 0 (None) keeps the encoder trivial.
    QByteArray raw;
    raw.reserve(qsizetype(height) * (1 + width * 3));
    for (int y = 0; y < height; ++y) {
        raw.append(char(0));
        raw.append(rgb.constData() + qsizetype(y) * width * 3, qsizetype(width) * 3);
    }
    // qCompress writes a 4-byte big-endian length in front of a plain zlib stream, which is
    // exactly what IDAT holds once that prefix is gone.
    appendChunk(png, "IDAT", qCompress(raw, 9).mid(4));
    appendChunk(png, "IEND", {});
    return png;
}

QByteArray patternPng(const QString &color, int size)
{
    const Rgb *base = nullptr;
    for (const auto &entry : palette) {
        if (color == QStringView(entry.first))
            base = &entry.second;
    }
    if (!base || size <= 0)
        return {};

    QByteArray rgb;
    rgb.reserve(qsizetype(size) * size * 3);
    const double centre = (size - 1) / 2.0;
    for (int y = 0; y < size; ++y) {
        for (int x = 0; x < size; ++x) {
            // A diagonal gradient from a dark shade of the colour to the colour itself...
            const double diagonal = double(x + y) / (2.0 * (size - 1));
            int r = mix(base->r / 4, base->r, diagonal);
            int g = mix(base->g / 4, base->g, diagonal);
            int b = mix(base->b / 4, base->b, diagonal);
            // ...with light concentric rings, so the picture is recognisably generated.
            const double distance = std::hypot(x - centre, y - centre) / centre;
            const double ring = std::cos(distance * 3.0 * std::numbers::pi * 2.0);
            if (distance < 0.95 && ring > 0.6) {
                const double t = (ring - 0.6) / 0.4 * 0.7;
                r = mix(r, 255, t);
                g = mix(g, 255, t);
                b = mix(b, 255, t);
            }
            rgb.append(char(r));
            rgb.append(char(g));
            rgb.append(char(b));
        }
    }
    return encodePng(size, size, rgb);
}

QByteArray encodeWav(const QList<qint16> &samples, int sampleRate)
{
    constexpr std::uint16_t channels = 1;
    constexpr std::uint16_t bitsPerSample = 16;
    const std::uint32_t dataSize = std::uint32_t(samples.size()) * channels * (bitsPerSample / 8);

    QByteArray wav;
    wav.reserve(44 + dataSize);
    wav.append("RIFF", 4);
    appendLittleEndian32(wav, 36 + dataSize);
    wav.append("WAVE", 4);
    wav.append("fmt ", 4);
    appendLittleEndian32(wav, 16); // size of the fmt chunk for PCM
    appendLittleEndian16(wav, 1);  // PCM
    appendLittleEndian16(wav, channels);
    appendLittleEndian32(wav, std::uint32_t(sampleRate));
    appendLittleEndian32(wav, std::uint32_t(sampleRate) * channels * (bitsPerSample / 8)); // byte rate
    appendLittleEndian16(wav, channels * (bitsPerSample / 8));                              // block align
    appendLittleEndian16(wav, bitsPerSample);
    wav.append("data", 4);
    appendLittleEndian32(wav, dataSize);
    for (const qint16 sample : samples)
        appendLittleEndian16(wav, std::uint16_t(sample));
    return wav;
}

QByteArray sineWav(double frequency, int durationMs, int sampleRate)
{
    const qsizetype count = qsizetype(sampleRate) * durationMs / 1000;
    const qsizetype fade = std::min<qsizetype>(sampleRate / 100, count / 2); // 10 ms
    QList<qint16> samples;
    samples.reserve(count);
    for (qsizetype i = 0; i < count; ++i) {
        double envelope = 1.0;
        if (fade > 0 && i < fade)
            envelope = double(i) / fade;
        else if (fade > 0 && i >= count - fade)
            envelope = double(count - 1 - i) / fade;
        const double value = std::sin(2.0 * std::numbers::pi * frequency * double(i) / sampleRate);
        samples.append(qint16(std::lround(value * envelope * 0.5 * 32767)));
    }
    return encodeWav(samples, sampleRate);
}

} // namespace Toolgate::DemoMedia
