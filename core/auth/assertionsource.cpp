#include "core/auth/assertionsource.h"

#include "core/auth/secretstore.h"
#include "core/common/error.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QPointer>
#include <QProcess>
#include <QTimer>

#include <memory>

namespace Toolgate {

namespace {

/// Answers on the next turn of context's event loop, never inside the caller's stack.
void answerAssertionLater(QObject *context, AssertionSource::Callback done, Result<QByteArray> result)
{
    QPointer<QObject> guard(context);
    QMetaObject::invokeMethod(
        context,
        [guard, done = std::move(done), result = std::move(result)] {
            if (guard)
                done(result);
        },
        Qt::QueuedConnection);
}

/// The first line of what a failing command wrote to stderr, short, for the message; left out
/// when it looks like it holds a token.
QString stderrHint(const QByteArray &stderrBytes)
{
    const QList<QByteArray> lines = stderrBytes.split('\n');
    for (const QByteArray &line : lines) {
        const QString text = QString::fromUtf8(line).trimmed();
        if (text.isEmpty())
            continue;
        if (text.contains(QLatin1String("eyJ")))
            return {};
        return text.left(200);
    }
    return {};
}

Result<QByteArray> checkedAssertion(const QByteArray &raw, const QString &where)
{
    const QByteArray assertion = raw.trimmed();
    if (assertion.isEmpty())
        return makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::AssertionSource", "%1 gave no token").arg(where));
    return assertion;
}

void readAssertionFile(const AssertionSource &source, QObject *context, AssertionSource::Callback done)
{
    const QString where = source.describe();
    QFile file(source.path);
    if (!file.open(QIODevice::ReadOnly)) {
        const QString why = QFileInfo::exists(source.path) ? file.errorString()
                                                           : QCoreApplication::translate("Toolgate::AssertionSource", "it does not exist");
        answerAssertionLater(
            context, std::move(done),
            makeError(ErrorCode::ConfigError,
                      QCoreApplication::translate("Toolgate::AssertionSource", "%1 could not be read: %2").arg(where, why)));
        return;
    }
    // Token files are small; a large one is not a token (and would not be read whole).
    const QByteArray raw = file.read(AssertionSource::maxSize + 1);
    if (raw.size() > AssertionSource::maxSize) {
        answerAssertionLater(
            context, std::move(done),
            makeError(ErrorCode::ConfigError,
                      QCoreApplication::translate("Toolgate::AssertionSource", "%1 is too large to be a token").arg(where)));
        return;
    }
    answerAssertionLater(context, std::move(done), checkedAssertion(raw, where));
}

void runAssertionCommand(const AssertionSource &source, QObject *context, AssertionSource::Callback done)
{
    const QString where = source.describe();
    if (source.command.isEmpty() || source.command.first().isEmpty()) {
        answerAssertionLater(
            context, std::move(done),
            makeError(ErrorCode::ConfigError,
                      QCoreApplication::translate("Toolgate::AssertionSource", "the command for the workload token is empty")));
        return;
    }
    // Owned by context: if it goes, the command is ended with it and nobody is answered.
    auto *process = new QProcess(context);
    auto *timer = new QTimer(process);
    auto output = std::make_shared<QByteArray>();
    auto answered = std::make_shared<bool>(false);
    auto answer = [process, answered, done](const Result<QByteArray> &result) {
        if (std::exchange(*answered, true))
            return;
        process->disconnect();
        if (process->state() != QProcess::NotRunning) {
            process->kill();
            // Reaped once it has ended; deleting a running QProcess would wait for it.
            QObject::connect(process, &QProcess::finished, process, &QObject::deleteLater);
        } else {
            process->deleteLater();
        }
        done(result);
    };
    QObject::connect(process, &QProcess::readyReadStandardOutput, process, [process, output, answer, where] {
        output->append(process->readAllStandardOutput());
        if (output->size() > AssertionSource::maxSize)
            answer(makeError(ErrorCode::ConfigError,
                             QCoreApplication::translate("Toolgate::AssertionSource", "%1 printed too much to be a token").arg(where)));
    });
    QObject::connect(process, &QProcess::errorOccurred, process, [process, answer, where](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            answer(makeError(ErrorCode::ConfigError,
                             QCoreApplication::translate("Toolgate::AssertionSource", "%1 could not be started: %2")
                                 .arg(where, process->errorString())));
    });
    QObject::connect(process, &QProcess::finished, process, [process, output, answer, where](int exitCode, QProcess::ExitStatus status) {
        output->append(process->readAllStandardOutput());
        if (status != QProcess::NormalExit || exitCode != 0) {
            QString message = status != QProcess::NormalExit
                ? QCoreApplication::translate("Toolgate::AssertionSource", "%1 crashed").arg(where)
                : QCoreApplication::translate("Toolgate::AssertionSource", "%1 failed with exit code %2").arg(where).arg(exitCode);
            const QString hint = stderrHint(process->readAllStandardError());
            if (!hint.isEmpty())
                message += QStringLiteral(": ") + hint;
            answer(makeError(ErrorCode::ConfigError, message));
            return;
        }
        answer(checkedAssertion(*output, where));
    });
    timer->setSingleShot(true);
    QObject::connect(timer, &QTimer::timeout, process, [answer, where, timeout = source.timeout] {
        answer(makeError(ErrorCode::RequestTimeout,
                         QCoreApplication::translate("Toolgate::AssertionSource", "%1 did not print a token within %2 seconds")
                             .arg(where)
                             .arg(std::chrono::duration_cast<std::chrono::seconds>(timeout).count())));
    });
    process->setProgram(source.command.first());
    process->setArguments(source.command.mid(1));
    process->setStandardInputFile(QProcess::nullDevice());
    timer->start(source.timeout);
    process->start(QIODevice::ReadOnly);
}

} // namespace

AssertionSource AssertionSource::fromJson(const QJsonObject &object)
{
    AssertionSource source;
    if (object.value(QLatin1String("file")).isString()) {
        source.kind = Kind::File;
        source.path = object.value(QLatin1String("file")).toString();
    } else if (object.value(QLatin1String("command")).isArray()) {
        source.kind = Kind::Command;
        for (const QJsonValue &part : object.value(QLatin1String("command")).toArray())
            source.command.append(part.toString());
    } else if (object.value(QLatin1String("keychain")).isString()) {
        source.kind = Kind::Keychain;
        source.keychainEntry = object.value(QLatin1String("keychain")).toString();
    }
    return source;
}

QJsonObject AssertionSource::toJson() const
{
    switch (kind) {
    case Kind::File: return {{QLatin1String("file"), path}};
    case Kind::Command: return {{QLatin1String("command"), QJsonArray::fromStringList(command)}};
    case Kind::Keychain: return {{QLatin1String("keychain"), keychainEntry}};
    case Kind::None: break;
    }
    return {};
}

QString AssertionSource::describe() const
{
    switch (kind) {
    case Kind::File: return QCoreApplication::translate("Toolgate::AssertionSource", "the token file %1").arg(path);
    case Kind::Command: return QCoreApplication::translate("Toolgate::AssertionSource", "the token command %1").arg(command.value(0));
    case Kind::Keychain: return QCoreApplication::translate("Toolgate::AssertionSource", "the keychain entry %1").arg(keychainEntry);
    case Kind::None: break;
    }
    return QCoreApplication::translate("Toolgate::AssertionSource", "no token source");
}

void AssertionSource::read(SecretStore *store, QObject *context, Callback done) const
{
    switch (kind) {
    case Kind::File: readAssertionFile(*this, context, std::move(done)); return;
    case Kind::Command: runAssertionCommand(*this, context, std::move(done)); return;
    case Kind::Keychain: {
        if (!store) {
            answerAssertionLater(context, std::move(done),
                                 makeError(ErrorCode::ConfigError,
                                           QCoreApplication::translate("Toolgate::AssertionSource",
                                                                       "there is no keychain to read the workload token from")));
            return;
        }
        const QString where = describe();
        store->read(keychainEntry, context, [done = std::move(done), where](const Result<QByteArray> &stored) {
            if (!stored) {
                done(stored.error());
                return;
            }
            if (stored.value().isEmpty()) {
                done(makeError(
                    ErrorCode::ConfigError,
                    QCoreApplication::translate("Toolgate::AssertionSource", "%1 holds nothing; store the workload token there first")
                        .arg(where)));
                return;
            }
            done(checkedAssertion(stored.value(), where));
        });
        return;
    }
    case Kind::None: break;
    }
    answerAssertionLater(
        context, std::move(done),
        makeError(ErrorCode::ConfigError,
                  QCoreApplication::translate("Toolgate::AssertionSource",
                                              "the JWT-bearer grant needs a source for its token: a file, a command or a keychain entry "
                                              "(\"assertion\" in the server's \"oauth\" settings)")));
}

} // namespace Toolgate
