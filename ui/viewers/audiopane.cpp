#include "audiopane.h"

#include "backgroundtask.h"
#include "filesaver.h"
#include "viewerformat.h"
#include "viewerstyle.h"
#include "wavinfo.h"

#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
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
    , m_playButton(new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), u"Play"_s, this))
    , m_saveButton(new QPushButton(u"Save as…"_s, this))
{
    setObjectName(u"audioPane"_s);
    m_durationLabel->setObjectName(u"audioDuration"_s);
    m_infoLabel->setObjectName(u"audioInfo"_s);
    m_statusLabel->setObjectName(u"audioStatus"_s);
    m_playButton->setObjectName(u"playAudioButton"_s);
    m_saveButton->setObjectName(u"saveAudioButton"_s);
    m_playButton->setToolTip(u"Open in the system's audio player"_s);
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
    row->addWidget(m_saveButton, 0, Qt::AlignVCenter);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 2, 0, 2);
    layout->addLayout(row);
    layout->addWidget(m_statusLabel);

    connect(m_playButton, &QPushButton::clicked, this, &AudioPane::play);
    connect(m_saveButton, &QPushButton::clicked, this, &AudioPane::saveAs);
    m_playButton->setEnabled(false);
    m_saveButton->setEnabled(false);
}

void AudioPane::setBase64(const QByteArray &base64, const QString &mimeType, const QString &suggestedName)
{
    m_mimeType = mimeType;
    m_suggestedName = suggestedName;
    m_ready = false;
    m_duration = -1;
    m_bytes.clear();
    m_durationLabel->setText(u"Reading audio…"_s);
    m_infoLabel->setText(mimeType);
    setSummary(mimeType);
    const quint64 generation = ++m_generation;
    BackgroundTask::run(
        this,
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
        [this, generation](const Decoded &decoded) {
            if (generation == m_generation)
                finishDecoding(decoded);
        });
}

void AudioPane::finishDecoding(const Decoded &decoded)
{
    m_ready = true;
    m_bytes = decoded.bytes;
    const QString mime = m_mimeType.isEmpty() ? u"audio"_s : m_mimeType;
    const QString size = ViewerFormat::byteSize(m_bytes.size());
    if (!decoded.base64Ok) {
        m_durationLabel->setText(u"The audio data is not valid base64."_s);
        m_infoLabel->setText(mime);
        setSummary(mime);
    } else if (decoded.wav.valid) {
        m_duration = decoded.wav.durationSeconds;
        m_durationLabel->setText(u"Duration "_s + ViewerFormat::duration(m_duration));
        m_infoLabel->setText(decoded.wav.describe() + u" · "_s + size);
        setSummary(mime + u" · "_s + ViewerFormat::duration(m_duration) + u" · "_s + size);
    } else {
        m_durationLabel->setText(u"Duration unknown"_s);
        const QString why = decoded.wav.error.isEmpty() ? QString() : u" · unreadable WAV header: "_s + decoded.wav.error;
        m_infoLabel->setText(mime + u" · "_s + size + why);
        setSummary(mime + u" · "_s + size);
    }
    m_playButton->setEnabled(!m_bytes.isEmpty());
    m_saveButton->setEnabled(!m_bytes.isEmpty());
    emit decodingFinished();
}

void AudioPane::play()
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
    m_playButton->setEnabled(false);
    FileSaver::write(this, path, m_bytes, [this, path](const QString &error) {
        m_playButton->setEnabled(true);
        m_statusLabel->show();
        if (!error.isEmpty()) {
            m_statusLabel->setText(u"Could not write a temporary copy: "_s + error);
            return;
        }
        if (QDesktopServices::openUrl(QUrl::fromLocalFile(path)))
            m_statusLabel->setText(u"Opened in the system's default player."_s);
        else
            m_statusLabel->setText(QStringLiteral("No application is set up to play %1.").arg(m_mimeType));
    });
}

void AudioPane::saveAs()
{
    if (!m_bytes.isEmpty())
        FileSaver::saveAs(this, m_bytes, m_suggestedName, m_mimeType);
}

} // namespace Toolgate
