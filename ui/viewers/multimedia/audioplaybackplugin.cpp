// toolgate_multimedia: audio results played in the app with Qt Multimedia, loaded on the first Play.

#include "ui/viewers/audioplayback.h"

#include <QAudioOutput>
#include <QBuffer>
#include <QMediaPlayer>
#include <QUrl>
#include <QtPlugin>

#include <memory>

namespace Toolgate {

namespace {

class MediaAudioPlayer final : public AudioPlayer
{
public:
    MediaAudioPlayer(const QByteArray *bytes, const QString &name, std::function<void()> changed,
                     std::function<void(const QString &)> failed)
        : m_player(std::make_unique<QMediaPlayer>())
    {
        m_player->setAudioOutput(new QAudioOutput(m_player.get()));
        auto *buffer = new QBuffer(const_cast<QByteArray *>(bytes), m_player.get()); // read only
        buffer->open(QIODevice::ReadOnly);
        // The player is the connections' context: nothing is called once it is gone.
        QObject::connect(m_player.get(), &QMediaPlayer::playbackStateChanged, m_player.get(), [changed] { changed(); });
        QObject::connect(m_player.get(), &QMediaPlayer::positionChanged, m_player.get(), [changed] { changed(); });
        QObject::connect(m_player.get(), &QMediaPlayer::durationChanged, m_player.get(), [changed] { changed(); });
        QObject::connect(m_player.get(), &QMediaPlayer::errorOccurred, m_player.get(),
                         [failed](QMediaPlayer::Error, const QString &error) { failed(error); });
        m_player->setSourceDevice(buffer, QUrl(QStringLiteral("audio:") + name));
    }

    void play() override
    {
        if (atEnd())
            m_player->setPosition(0);
        m_player->play();
    }
    void pause() override { m_player->pause(); }
    bool isPlaying() const override { return m_player->playbackState() == QMediaPlayer::PlayingState; }
    bool atEnd() const override { return m_player->mediaStatus() == QMediaPlayer::EndOfMedia; }
    qint64 position() const override { return m_player->position(); }
    qint64 duration() const override { return m_player->duration(); }
    void setPosition(qint64 milliseconds) override { m_player->setPosition(milliseconds); }

private:
    std::unique_ptr<QMediaPlayer> m_player;
};

} // namespace

class MultimediaPlugin final : public QObject, public AudioPlayback
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID ToolgateAudioPlayback_iid)
    Q_INTERFACES(Toolgate::AudioPlayback)
public:
    AudioPlayer *createPlayer(const QByteArray *bytes, const QString &name, std::function<void()> changed,
                              std::function<void(const QString &)> failed) override
    {
        return new MediaAudioPlayer(bytes, name, std::move(changed), std::move(failed));
    }
};

} // namespace Toolgate

#include "audioplaybackplugin.moc"
