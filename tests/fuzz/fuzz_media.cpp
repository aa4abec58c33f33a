// The bytes of an image or audio block once the base64 is decoded, through the viewers that turn
// them into a picture or a duration (ui/viewers: ImagePane with QImageReader, AudioPane with
// WavInfo), offscreen, with the background decoding finished and the result painted.
//
// Input: the raw file (PNG, GIF, JPEG, SVG, WAV, ...). The fuzzer base64-encodes it as a server would.
// Checks, besides the sanitizers: decoding ends (Ready or Failed, never stuck in Decoding); a WAV
// header read as valid has channels, a sample rate, no more sample bytes than the file holds and
// a finite duration.

#include "fuzzguisupport.h"

#include "ui/viewers/audiopane.h"
#include "ui/viewers/imagepane.h"
#include "ui/viewers/wavinfo.h"

#include <cmath>

using namespace Toolgate;

namespace {

void checkWav(const QByteArray &bytes)
{
    const WavInfo info = WavInfo::parse(bytes);
    if (!info.valid) {
        TOOLGATE_FUZZ_CHECK(!info.error.isEmpty(), "an invalid header without a reason");
        return;
    }
    TOOLGATE_FUZZ_CHECK(info.channels > 0 && info.sampleRate > 0, "a valid header without channels or rate");
    TOOLGATE_FUZZ_CHECK(info.dataBytes >= 0 && info.dataBytes <= bytes.size(), QByteArray::number(info.dataBytes));
    TOOLGATE_FUZZ_CHECK(std::isfinite(info.durationSeconds) && info.durationSeconds >= 0,
                        QByteArray::number(info.durationSeconds));
    TOOLGATE_FUZZ_CHECK(!info.describe().isEmpty() && !info.formatName().isEmpty(), "no description");
}

} // namespace

TOOLGATE_FUZZ_INITIALIZE(Fuzz::ensureGuiApplication)

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes = Fuzz::input(data, size);
    checkWav(bytes);
    const QByteArray base64 = bytes.toBase64();

    ImagePane image;
    image.setBase64(base64, QStringLiteral("image/png"), QStringLiteral("fuzz.png"));
    image.resize(320, 240);
    image.show();
    Fuzz::settle();
    TOOLGATE_FUZZ_CHECK(image.state() == ImagePane::State::Ready || image.state() == ImagePane::State::Failed,
                        "image decoding never finished");
    TOOLGATE_FUZZ_CHECK((image.state() == ImagePane::State::Failed) == !image.errorString().isEmpty(),
                        image.errorString().toUtf8());
    if (image.state() == ImagePane::State::Ready) {
        image.zoomIn();
        image.zoomToActualSize();
        image.zoomToFit();
    }
    Q_UNUSED(image.grab());

    AudioPane audio;
    audio.setBase64(base64, QStringLiteral("audio/wav"), QStringLiteral("fuzz.wav"));
    audio.show();
    Fuzz::settle();
    TOOLGATE_FUZZ_CHECK(audio.isReady(), "audio decoding never finished");
    TOOLGATE_FUZZ_CHECK(std::isfinite(audio.durationSeconds()), "a duration that is not a number");
    Q_UNUSED(audio.grab());
    return 0;
}
