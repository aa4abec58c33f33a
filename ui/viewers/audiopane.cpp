#include "ui/viewers/audiopane.h"

#include "ui/viewers/audioplayback.h"
#include "ui/viewers/backgroundtask.h"
#include "core/common/plugins.h"
#include "ui/viewers/filesaver.h"
#include "ui/viewers/viewerformat.h"
#include "ui/viewers/viewerstyle.h"
#include "ui/viewers/wavinfo.h"

#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QStyle>
#include <QTemporaryDir>
#include <QUrl>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Toolgate {

struct AudioPane::Decoded
{
    QByteArray bytes;
    WavInfo wav;
    bool base64Ok = true;
};

namespace {

// Copies handed to the system player live until Toolgate exits: the player may open them long
// after the view that asked is gone.
QString playbackDirectory()
{
    static QTemporaryDir directory(QDir::tempPath() + u"/toolgate-audio-XXXXXX"_s);
    return directory.isValid() ? directory.path() : QString();
}

bool isWav(const QString &mimeType, const QByteArray &bytes)
{
    const QString mime = mimeType.section(u';', 0, 0).trimmed().toLower();
    return mime == u"audio/wav" || mime == u"audio/x-wav" || mime == u"audio/wave" || mime == u"audio/vnd.wave"
        || bytes.startsWith("RIFF");
}

} // namespace

AudioPane::AudioPane(QWidget *parent)
    : ContentPane(parent)
    , m_durationLabel(ViewerStyle::plainLabel({}, this))
    , m_infoLabel(ViewerStyle::captionLabel({}, this))
    , m_statusLabel(ViewerStyle::captionLabel({}, this))
    , m_playButton(new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("Play"), this))
    , m_openButton(new QPushButton(tr("Open in Player"), this))
    , m_saveButton(new QPushButton(tr("Save as…"), this))
{
    setObjectName(u"audioPane"_s);
    m_durationLabel->setObjectName(u"audioDuration"_s);
    m_infoLabel->setObjectName(u"audioInfo"_s);
    m_statusLabel->setObjectName(u"audioStatus"_s);
    m_playButton->setObjectName(u"playAudioButton"_s);
    m_openButton->setObjectName(u"openAudioButton"_s);
    m_saveButton->setObjectName(u"saveAudioButton"_s);
    m_openButton->setToolTip(tr("Open a copy in the system's audio player"));
    m_saveButton->setToolTip(tr("Save the audio to a file"));
    ViewerStyle::makeBold(m_durationLabel);
    m_statusLabel->setWordWrap(true);
    m_statusLabel->hide();

    auto *text = new QVBoxLayout;
    text->setSpacing(2);
    text->addWidget(m_durationLabel);
    text->addWidget(m_infoLabel);

    auto *row = new QHBoxLayout;
    row->setSpacing(8);
    row->addWidget(m_playButton);
    row->addSpacing(4);
    row->addLayout(text, 1);
    row->addWidget(m_openButton, 0, Qt::AlignVCenter);
    row->addWidget(m_saveButton, 0, Qt::AlignVCenter);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 2, 0, 2);
    layout->addLayout(row);

    if (hasInAppPlayback()) {
        m_playButton->setToolTip(tr("Play here in Toolgate"));
        // Where the playback is, and a way to move there.
        m_position = new QSlider(Qt::Horizontal, this);
        m_position->setObjectName(u"audioPosition"_s);
        m_position->setAccessibleName(tr("Playback position"));
        m_position->setEnabled(false);
        connect(m_position, &QSlider::sliderMoved, this, [this](int milliseconds) {
            if (m_player)
                m_player->setPosition(milliseconds);
        });
        m_time = ViewerStyle::captionLabel({}, this);
        m_time->setObjectName(u"audioTime"_s);
        auto *progress = new QHBoxLayout;
        progress->addWidget(m_position, 1);
        progress->addWidget(m_time);
        layout->addLayout(progress);
    } else {
        // Without Qt Multimedia, Play is the system player; one button for it is enough.
        m_playButton->setToolTip(tr("Open in the system's audio player (this Toolgate was built without Qt Multimedia)"));
        m_openButton->hide();
    }
    layout->addWidget(m_statusLabel);

    connect(m_playButton, &QPushButton::clicked, this, &AudioPane::play);
    connect(m_openButton, &QPushButton::clicked, this, &AudioPane::openInSystemPlayer);
    connect(m_saveButton, &QPushButton::clicked, this, &AudioPane::saveAs);
    m_playButton->setEnabled(false);
    m_openButton->setEnabled(false);
    m_saveButton->setEnabled(false);
}

AudioPane::~AudioPane()
{
    // The player reads m_bytes, which goes before it in member order: stop it first.
    m_player.reset();
}

bool AudioPane::hasInAppPlayback()
{
#ifdef TOOLGATE_HAVE_MULTIMEDIA
    return !Plugins::find(u"multimedia"_s).isEmpty();
#else
    return false;
#endif
}

void AudioPane::setBase64(const QByteArray &base64, const QString &mimeType, const QString &suggestedName)
{
    if (m_player) {
        // The player reads the bytes being replaced.
        m_player.reset();
        showStatus(QString());
        updatePlaybackControls();
    }
    m_mimeType = mimeType;
    m_suggestedName = suggestedName;
    m_ready = false;
    m_duration = -1;
    m_bytes.clear();
    m_durationLabel->setText(tr("Reading audio…"));
    m_infoLabel->setText(mimeType);
    setSummary(mimeType);
    m_decoding.run(
        [base64, mimeType] {
            Decoded decoded;
            auto bytes = QByteArray::fromBase64Encoding(base64, QByteArray::AbortOnBase64DecodingErrors);
            decoded.base64Ok = bool(bytes);
            if (bytes) {
                decoded.bytes = *std::move(bytes);
                if (isWav(mimeType, decoded.bytes))
                    decoded.wav = WavInfo::parse(decoded.bytes);
            }
            return decoded;
        },
        [this](const Decoded &decoded) { finishDecoding(decoded); });
}

void AudioPane::finishDecoding(const Decoded &decoded)
{
    m_ready = true;
    m_bytes = decoded.bytes;
    const QString mime = m_mimeType.isEmpty() ? u"audio"_s : m_mimeType;
    const QString size = ViewerFormat::byteSize(m_bytes.size());
    if (!decoded.base64Ok) {
        m_durationLabel->setText(tr("The audio data is not valid base64."));
        m_infoLabel->setText(mime);
        setSummary(mime);
    } else if (decoded.wav.valid) {
        m_duration = decoded.wav.durationSeconds;
        m_durationLabel->setText(tr("Duration %1").arg(ViewerFormat::duration(m_duration)));
        m_infoLabel->setText(decoded.wav.describe() + u" · "_s + size);
        setSummary(mime + u" · "_s + ViewerFormat::duration(m_duration) + u" · "_s + size);
    } else {
        m_durationLabel->setText(tr("Duration unknown"));
        const QString why = decoded.wav.error.isEmpty() ? QString() : tr(" · unreadable WAV header: %1").arg(decoded.wav.error);
        m_infoLabel->setText(mime + u" · "_s + size + why);
        setSummary(mime + u" · "_s + size);
    }
    m_playButton->setEnabled(!m_bytes.isEmpty());
    m_openButton->setEnabled(!m_bytes.isEmpty());
    m_saveButton->setEnabled(!m_bytes.isEmpty());
    emit decodingFinished();
}

void AudioPane::showStatus(const QString &text)
{
    m_statusLabel->setText(text);
    m_statusLabel->setVisible(!text.isEmpty());
}

bool AudioPane::isPlaying() const
{
    return m_player && m_player->isPlaying();
}

qint64 AudioPane::playbackPosition() const
{
    return m_player ? m_player->position() : 0;
}

void AudioPane::updatePlaybackControls()
{
    if (!m_position)
        return; // no in-app playback: Play is the system's player
    const bool playing = isPlaying();
    m_playButton->setText(playing ? tr("Pause") : tr("Play"));
    m_playButton->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    if (m_player && m_position) {
        const qint64 duration = m_player->duration();
        m_position->setEnabled(duration > 0);
        m_position->setRange(0, int(qMin<qint64>(duration, INT_MAX)));
        if (!m_position->isSliderDown())
            m_position->setValue(int(qMin<qint64>(m_player->position(), INT_MAX)));
        m_time->setText(duration > 0 ? tr("%1 of %2").arg(ViewerFormat::duration(m_player->position() / 1000.0),
                                                          ViewerFormat::duration(duration / 1000.0))
                                     : QString());
    }
}

void AudioPane::play()
{
    if (!m_position) {
        openInSystemPlayer();
        return;
    }
    if (m_bytes.isEmpty())
        return;
    if (!m_player) {
        // The first Play loads Qt Multimedia (with the plugin); a session that plays nothing never does.
        QString why;
        auto *playback = Plugins::load<AudioPlayback>(u"multimedia"_s, &why);
        if (!playback) {
            showStatus(tr("Toolgate cannot play audio itself here (%1). Open in Player uses the system's player.").arg(why));
            return;
        }
        m_player.reset(playback->createPlayer(
            &m_bytes, m_suggestedName, [this] { updatePlaybackControls(); },
            [this](const QString &error) {
                showStatus(tr("Toolgate cannot play this audio (%1). Open in Player tries the system's player.")
                               .arg(error.isEmpty() ? m_mimeType : error));
                updatePlaybackControls();
            }));
    }
    if (isPlaying()) {
        m_player->pause();
    } else {
        showStatus(QString());
        m_player->play();
    }
    updatePlaybackControls();
}

void AudioPane::openInSystemPlayer()
{
    const QString directory = playbackDirectory();
    if (m_bytes.isEmpty() || directory.isEmpty())
        return;
    static int counter = 0;
    const QFileInfo name(m_suggestedName);
    const QString path = QStringLiteral("%1/%2-%3.%4")
                             .arg(directory, name.completeBaseName())
                             .arg(++counter)
                             .arg(name.suffix().isEmpty() ? u"bin"_s : name.suffix());
    m_openButton->setEnabled(false);
    FileSaver::write(this, path, m_bytes, [this, path](const QString &error) {
        m_openButton->setEnabled(true);
        if (!error.isEmpty()) {
            showStatus(tr("Could not write a temporary copy: %1").arg(error));
            return;
        }
        if (QDesktopServices::openUrl(QUrl::fromLocalFile(path)))
            showStatus(tr("Opened in the system's default player."));
        else
            showStatus(tr("No application is set up to play %1.").arg(m_mimeType));
    });
}

void AudioPane::saveAs()
{
    if (!m_bytes.isEmpty())
        FileSaver::saveAs(this, m_bytes, m_suggestedName, m_mimeType);
}

} // namespace Toolgate

#include "moc_audiopane.cpp"
