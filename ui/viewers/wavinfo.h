#pragma once

#include <QByteArray>
#include <QString>

namespace Toolgate {

/// What a RIFF/WAVE header says about the audio after it; enough to show a duration without a
/// multimedia library.
struct WavInfo
{
    bool valid = false;
    QString error;          ///< Why the header could not be read (when !valid).
    quint16 formatTag = 0;  ///< 1 PCM, 3 IEEE float, 6 A-law, 7 µ-law (resolved for EXTENSIBLE)
    quint16 channels = 0;
    quint32 sampleRate = 0;
    quint32 byteRate = 0;
    quint16 blockAlign = 0;
    quint16 bitsPerSample = 0;
    qint64 dataBytes = 0;   ///< Sample bytes present (a truncated file counts what is there).
    double durationSeconds = 0;

    /// Reads the header of a WAV file held in bytes.
    static WavInfo parse(const QByteArray &bytes);
    /// "PCM", "IEEE float", ... for formatTag.
    QString formatName() const;
    /// "44.1 kHz · stereo · 16-bit PCM".
    QString describe() const;
};

} // namespace Toolgate
