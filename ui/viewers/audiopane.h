#pragma once

#include "contentpane.h"

class QLabel;
class QPushButton;

namespace Toolgate {

/// Audio from base64: MIME type, size and (for WAV) duration and format, read off the GUI thread.
/// Toolgate has no multimedia dependency, so "Play" hands a temporary copy to the system player.
class AudioPane final : public ContentPane
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AudioPane)
public:
    explicit AudioPane(QWidget *parent = nullptr);

    /// Starts decoding base64 (as received); suggestedName is used for Save as and the temp file.
    void setBase64(const QByteArray &base64, const QString &mimeType, const QString &suggestedName);

    /// Whether decoding has finished.
    bool isReady() const { return m_ready; }
    /// Duration in seconds when known (WAV), else a negative number.
    double durationSeconds() const { return m_duration; }

    /// Writes a temporary copy and opens it with the system's default application.
    void play();
    /// Opens the Save dialog for the decoded bytes.
    void saveAs();

signals:
    /// Decoding finished; see isReady().
    void decodingFinished();

private:
    struct Decoded;
    void finishDecoding(const Decoded &decoded);

    QLabel *m_durationLabel;
    QLabel *m_infoLabel;
    QLabel *m_statusLabel;
    QPushButton *m_playButton;
    QPushButton *m_saveButton;
    QByteArray m_bytes;
    QString m_mimeType;
    QString m_suggestedName;
    double m_duration = -1;
    bool m_ready = false;
    quint64 m_generation = 0;
};

} // namespace Toolgate
