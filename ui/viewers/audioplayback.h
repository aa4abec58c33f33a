#pragma once

#include <QObject>
#include <QString>

#include <functional>

class QByteArray;

namespace Toolgate {

/// One in-app audio player, made by the audio plugin for AudioPane.
class AudioPlayer
{
public:
    virtual ~AudioPlayer() = default;
    virtual void play() = 0;
    virtual void pause() = 0;
    virtual bool isPlaying() const = 0;
    /// Whether the last play reached the end (play() then starts from the beginning).
    virtual bool atEnd() const = 0;
    /// In milliseconds; duration() is 0 while unknown.
    virtual qint64 position() const = 0;
    virtual qint64 duration() const = 0;
    virtual void setPosition(qint64 milliseconds) = 0;
};

/// Audio playback in the app (toolgate_multimedia, ui/viewers/multimedia): Qt Multimedia is loaded
/// with the plugin, when the person first presses Play, never at start.
class AudioPlayback
{
public:
    virtual ~AudioPlayback() = default;
    /// A player of bytes (which must outlive it); name (e.g. "sound.wav") tells the backend the
    /// format where the MIME type alone would not. changed() follows every change of state,
    /// position or duration; failed(error) a failure to play. Neither is called after the player is deleted.
    virtual AudioPlayer *createPlayer(const QByteArray *bytes, const QString &name, std::function<void()> changed,
                                      std::function<void(const QString &error)> failed) = 0;
};

} // namespace Toolgate

#define ToolgateAudioPlayback_iid "io.github.toolgate.AudioPlayback/1"
Q_DECLARE_INTERFACE(Toolgate::AudioPlayback, ToolgateAudioPlayback_iid)
