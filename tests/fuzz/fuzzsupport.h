#pragma once

// Shared by the fuzz targets: the Qt application object a target needs, quiet logging, and a check
// that ends the run as a finding (libFuzzer saves the input that failed it).

#include <QByteArray>
#include <QCoreApplication>
#include <QLoggingCategory>
#include <QThreadPool>

#include <cstdio>
#include <cstdlib>
#include <memory>

namespace Toolgate::Fuzz {

/// A broken invariant: print why and abort, which libFuzzer reports as a crash with the input.
[[noreturn]] inline void fail(const char *what, const QByteArray &detail = {})
{
    std::fprintf(stderr, "fuzz invariant broken: %s %s\n", what, detail.constData());
    std::abort();
}

#define TOOLGATE_FUZZ_CHECK(condition, detail)                                                           \
    do {                                                                                                 \
        if (!(condition))                                                                                \
            ::Toolgate::Fuzz::fail(#condition, (detail));                                                \
    } while (false)

/// Defines libFuzzer's LLVMFuzzerInitialize: setup (quietLogging, ensureCoreApplication, ...) runs
/// once before the first input.
#define TOOLGATE_FUZZ_INITIALIZE(setup)                                                                  \
    extern "C" int LLVMFuzzerInitialize(int *, char ***)                                                 \
    {                                                                                                    \
        setup();                                                                                         \
        return 0;                                                                                        \
    }

/// Warnings about bad input are expected by the thousand; printing them would be most of the work.
inline void quietLogging()
{
    QLoggingCategory::setFilterRules(QStringLiteral("*.debug=false\n*.info=false\n*.warning=false"));
    qInstallMessageHandler([](QtMsgType type, const QMessageLogContext &, const QString &message) {
        if (type == QtCriticalMsg || type == QtFatalMsg)
            std::fprintf(stderr, "%s\n", qUtf8Printable(message));
    });
}

/// The application object for targets that use QObject, timers and queued calls; made once.
template<typename Application = QCoreApplication>
inline void ensureApplication()
{
    static int argc = 1;
    static char name[] = "toolgate-fuzz";
    static char *argv[] = {name, nullptr};
    static auto *app = new Application(argc, argv);
    Q_UNUSED(app);
    quietLogging();
}

inline void ensureCoreApplication()
{
    ensureApplication<QCoreApplication>();
}

/// Runs what was queued (deferred deletes included) until background work is done and nothing is left.
inline void settle()
{
    for (int round = 0; round < 4; ++round) {
        QThreadPool::globalInstance()->waitForDone();
        QCoreApplication::sendPostedEvents(nullptr, 0);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QCoreApplication::processEvents();
    }
}

/// The input as a normal (NUL-terminated, owned) byte array, as transports deliver it.
inline QByteArray input(const uint8_t *data, size_t size)
{
    return QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
}

/// Splits text at the first line that is exactly separator ("\n--\n" style); the rest may be empty.
inline std::pair<QByteArray, QByteArray> splitAt(const QByteArray &text, const QByteArray &separator)
{
    const QByteArray marker = '\n' + separator + '\n';
    const qsizetype at = text.indexOf(marker);
    if (at < 0)
        return {text, {}};
    return {text.left(at), text.mid(at + marker.size())};
}

/// A hash of the input that is the same on every machine and run (qHash may use AES instructions
/// where the CPU has them), so the chunking below, and with it a finding, reproduces anywhere.
inline quint32 stableHash(const QByteArray &bytes)
{
    quint32 hash = 2166136261u; // FNV-1a
    for (const char c : bytes)
        hash = (hash ^ quint8(c)) * 16777619u;
    return hash;
}

/// Deterministic chunk sizes for feeding a stream piecewise (1..limit bytes, varying with the seed).
class ChunkSizes
{
public:
    ChunkSizes(quint32 seed, qsizetype limit) : m_state(seed | 1u), m_limit(limit) {}
    qsizetype next()
    {
        m_state = m_state * 1664525u + 1013904223u;
        return 1 + qsizetype((m_state >> 16) % quint32(m_limit));
    }

private:
    quint32 m_state;
    qsizetype m_limit;
};

} // namespace Toolgate::Fuzz
