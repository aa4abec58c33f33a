#pragma once

#include "ui/viewers/contentpane.h"
#include "ui/viewers/backgroundtask.h"

#include <memory>

class QLabel;
class QPushButton;
class QSlider;

namespace Toolgate {

class AudioPlayer;

/// Audio from base64: MIME type, size and (for WAV) duration and format, read off the GUI thread.
/// Built with Qt Multimedia, "Play" plays it in the app (with pause and a position slider) through
/// the audio plugin (audioplayback.h), which loads Qt Multimedia on the first Play; "Open in Player"
/// always hands a temporary copy to the system's player, and without Qt Multimedia that is what
/// "Play" does.
class AudioPane final : public ContentPane
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AudioPane)
public:
    explicit AudioPane(QWidget *parent = nullptr);
    ~AudioPane() override;

    /// Starts decoding base64 (as received); suggestedName is used for Save as and the temp file.
    void setBase64(const QByteArray &base64, const QString &mimeType, const QString &suggestedName);

    /// Whether decoding has finished.
    bool isReady() const { return m_ready; }
    /// Duration in seconds when known (WAV), else a negative number.
    double durationSeconds() const { return m_duration; }

    /// Whether this build plays audio itself (Qt Multimedia was found at configure time and its
    /// plugin is installed; the plugin is not loaded to answer).
    static bool hasInAppPlayback();

    /// Plays (or pauses) in the app; without Qt Multimedia, the same as openInSystemPlayer().
    void play();
    /// Writes a temporary copy and opens it with the system's default application.
    void openInSystemPlayer();
    /// Whether the in-app player is playing.
    bool isPlaying() const;
    /// How far the in-app player has got, in milliseconds.
    qint64 playbackPosition() const;
    /// Opens the Save dialog for the decoded bytes.
    void saveAs();

signals:
    /// Decoding finished; see isReady().
    void decodingFinished();

private:
    struct Decoded;
    void finishDecoding(const Decoded &decoded);
    void showStatus(const QString &text);
    void updatePlaybackControls();

    QLabel *m_durationLabel;
    QLabel *m_infoLabel;
    QLabel *m_statusLabel;
    QPushButton *m_playButton;
    QPushButton *m_openButton;
    QPushButton *m_saveButton;
    QSlider *m_position = nullptr;
    QLabel *m_time = nullptr;
    std::unique_ptr<AudioPlayer> m_player;
    QByteArray m_bytes;
    QString m_mimeType;
    QString m_suggestedName;
    double m_duration = -1;
    bool m_ready = false;
    LatestBackgroundResult m_decoding{this}; // the sound, decoded off the GUI thread
};

} // namespace Toolgate
