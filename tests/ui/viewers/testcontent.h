#pragma once

// Builders for viewer tests: content blocks, images and WAV files made on the spot.

#include "core/protocol/content.h"

#include <QBuffer>
#include <QImage>
#include <QPainter>
#include <QtEndian>

#include <cmath>

namespace TestContent {

inline QByteArray pngBytes(int width, int height)
{
    QImage image(width, height, QImage::Format_ARGB32);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setBrush(QColor(0x33, 0x88, 0xdd));
    painter.setPen(Qt::NoPen);
    painter.drawEllipse(QRectF(2, 2, width - 4, height - 4));
    painter.setBrush(QColor(0xff, 0xaa, 0x00));
    painter.drawRect(QRectF(width * 0.55, height * 0.55, width * 0.4, height * 0.4));
    painter.end();
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

/// A mono 16-bit PCM WAV with a sine tone.
inline QByteArray wavBytes(quint32 sampleRate, double seconds)
{
    const quint16 channels = 1;
    const quint16 bits = 16;
    const quint32 frames = quint32(sampleRate * seconds);
    const quint32 dataBytes = frames * channels * bits / 8;
    QByteArray wav;
    auto u32 = [&wav](quint32 v) { char b[4]; qToLittleEndian(v, b); wav.append(b, 4); };
    auto u16 = [&wav](quint16 v) { char b[2]; qToLittleEndian(v, b); wav.append(b, 2); };
    wav.append("RIFF");
    u32(36 + dataBytes);
    wav.append("WAVE");
    wav.append("fmt ");
    u32(16);
    u16(1);
    u16(channels);
    u32(sampleRate);
    u32(sampleRate * channels * bits / 8);
    u16(channels * bits / 8);
    u16(bits);
    wav.append("data");
    u32(dataBytes);
    for (quint32 i = 0; i < frames; ++i)
        u16(quint16(qint16(8000 * std::sin(2 * M_PI * 440 * i / sampleRate))));
    return wav;
}

inline Toolgate::Content text(const QString &text)
{
    return Toolgate::Content::makeText(text);
}

/// Image or audio content: bytes sent as base64 with their type.
inline Toolgate::Content media(Toolgate::Content::Type type, const QByteArray &bytes, const QString &mimeType)
{
    Toolgate::Content c;
    c.type = type;
    c.data = bytes.toBase64();
    c.mimeType = mimeType;
    return c;
}

inline Toolgate::Content image(const QByteArray &bytes, const QString &mimeType = QStringLiteral("image/png"))
{
    return media(Toolgate::Content::Type::Image, bytes, mimeType);
}

inline Toolgate::Content audio(const QByteArray &bytes, const QString &mimeType = QStringLiteral("audio/wav"))
{
    return media(Toolgate::Content::Type::Audio, bytes, mimeType);
}

/// An embedded resource with its uri and type; the callers below fill in its text or its blob.
inline Toolgate::Content embedded(const QString &uri, const QString &mimeType)
{
    Toolgate::Content c;
    c.type = Toolgate::Content::Type::Resource;
    c.resource.uri = uri;
    c.resource.mimeType = mimeType;
    return c;
}

inline Toolgate::Content embeddedText(const QString &uri, const QString &mimeType, const QString &text)
{
    Toolgate::Content c = embedded(uri, mimeType);
    c.resource.text = text;
    return c;
}

inline Toolgate::Content embeddedBlob(const QString &uri, const QString &mimeType, const QByteArray &bytes)
{
    Toolgate::Content c = embedded(uri, mimeType);
    c.resource.blob = bytes.toBase64();
    return c;
}

inline Toolgate::Content resourceLink(const QString &uri, const QString &name, const QString &title,
                                      const QString &description, const QString &mimeType, qint64 size)
{
    Toolgate::Content c;
    c.type = Toolgate::Content::Type::ResourceLink;
    c.uri = uri;
    c.name = name;
    c.title = title;
    c.description = description;
    c.mimeType = mimeType;
    c.size = size;
    return c;
}

} // namespace TestContent
