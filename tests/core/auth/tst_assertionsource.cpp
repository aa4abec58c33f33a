// AssertionSource: where the JWT-bearer grant's workload token comes from. A file (trimmed; missing
// or empty ones say so), a real command run without a shell (its output trimmed; a failing, missing,
// silent or slow command gives a plain error), a keychain entry; each answers once and never
// synchronously. Also how the servers file names it, and the grant's name in "oauth".

#include "core/auth/assertionsource.h"
#include "core/auth/oauthclientsettings.h"
#include "core/auth/secretstore.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

using namespace Toolgate;
using namespace std::chrono_literals;

namespace {

/// Reads a source and waits for its one answer (and checks it did not come synchronously).
Result<QByteArray> readSource(const AssertionSource &source, SecretStore *store = nullptr)
{
    QObject context;
    std::optional<Result<QByteArray>> answer;
    int answers = 0;
    source.read(store, &context, [&](const Result<QByteArray> &result) {
        answer = result;
        ++answers;
    });
    if (answer)
        return makeError(ErrorCode::InternalError, QStringLiteral("answered synchronously"));
    if (!QTest::qWaitFor([&] { return answer.has_value(); }, 10000))
        return makeError(ErrorCode::InternalError, QStringLiteral("no answer"));
    QTest::qWait(50); // a second answer would come now
    if (answers != 1)
        return makeError(ErrorCode::InternalError, QStringLiteral("answered %1 times").arg(answers));
    return *answer;
}

AssertionSource commandSource(const QStringList &command)
{
    AssertionSource source;
    source.kind = AssertionSource::Kind::Command;
    source.command = command;
    return source;
}

} // namespace

class tst_AssertionSource : public QObject
{
    Q_OBJECT

private slots:
    void file();
    void missingOrEmptyFile();
    void command();
    void commandRunsWithoutAShell();
    void failingCommandSaysWhy();
    void missingCommand();
    void silentCommand();
    void slowCommandTimesOut();
    void keychainEntry();
    void noSource();
    void readFromTheServersFile();
};

void tst_AssertionSource::file()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile file(dir.filePath(QStringLiteral("token")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("  eyJ.workload.token \n");
    file.close();
    AssertionSource source;
    source.kind = AssertionSource::Kind::File;
    source.path = file.fileName();
    const auto token = readSource(source);
    QVERIFY2(token, qPrintable(token ? QString() : token.error().message));
    QCOMPARE(token.value(), QByteArray("eyJ.workload.token"));
}

void tst_AssertionSource::missingOrEmptyFile()
{
    QTemporaryDir dir;
    AssertionSource source;
    source.kind = AssertionSource::Kind::File;
    source.path = dir.filePath(QStringLiteral("absent"));
    auto token = readSource(source);
    QVERIFY(!token);
    QVERIFY2(token.error().message.contains(source.path) && token.error().message.contains(QLatin1String("does not exist")),
             qPrintable(token.error().message));

    QFile empty(dir.filePath(QStringLiteral("empty")));
    QVERIFY(empty.open(QIODevice::WriteOnly));
    empty.write("\n");
    empty.close();
    source.path = empty.fileName();
    token = readSource(source);
    QVERIFY(!token);
    QVERIFY2(token.error().message.contains(QLatin1String("gave no token")), qPrintable(token.error().message));
}

void tst_AssertionSource::command()
{
    const auto token = readSource(commandSource({QStringLiteral("printf"), QStringLiteral("  header.claims.signature\n\n")}));
    QVERIFY2(token, qPrintable(token ? QString() : token.error().message));
    QCOMPARE(token.value(), QByteArray("header.claims.signature"));
}

void tst_AssertionSource::commandRunsWithoutAShell()
{
    // A shell would expand $HOME and run what follows ';'; the program gets the words as they are.
    const auto token = readSource(
        commandSource({QStringLiteral("printf"), QStringLiteral("%s|%s"), QStringLiteral("$HOME;false"), QStringLiteral("a b")}));
    QVERIFY2(token, qPrintable(token ? QString() : token.error().message));
    QCOMPARE(token.value(), QByteArray("$HOME;false|a b"));
}

void tst_AssertionSource::failingCommandSaysWhy()
{
    const auto token = readSource(commandSource(
        {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo half-a-token; echo 'not signed in to the cloud' >&2; exit 3")}));
    QVERIFY(!token);
    const QString message = token.error().message;
    QVERIFY2(message.contains(QLatin1String("the token command sh")) && message.contains(QLatin1String("exit code 3"))
                 && message.contains(QLatin1String("not signed in to the cloud")),
             qPrintable(message));
    QVERIFY2(!message.contains(QLatin1String("half-a-token")), qPrintable(message)); // stdout is never shown
    QVERIFY(!message.contains(u'\n'));
}

void tst_AssertionSource::missingCommand()
{
    const auto token = readSource(commandSource({QStringLiteral("toolgate-no-such-token-program")}));
    QVERIFY(!token);
    QVERIFY2(token.error().message.contains(QLatin1String("could not be started")), qPrintable(token.error().message));
    QVERIFY(!readSource(commandSource({})));
}

void tst_AssertionSource::silentCommand()
{
    const auto token = readSource(commandSource({QStringLiteral("true")}));
    QVERIFY(!token);
    QVERIFY2(token.error().message.contains(QLatin1String("gave no token")), qPrintable(token.error().message));
}

void tst_AssertionSource::slowCommandTimesOut()
{
    AssertionSource source = commandSource({QStringLiteral("sleep"), QStringLiteral("30")});
    source.timeout = 300ms;
    QElapsedTimer timer;
    timer.start();
    const auto token = readSource(source);
    QVERIFY(!token);
    QCOMPARE(token.error().code, int(ErrorCode::RequestTimeout));
    QVERIFY(timer.elapsed() < 5000);
}

void tst_AssertionSource::keychainEntry()
{
    MemorySecretStore store;
    AssertionSource source;
    source.kind = AssertionSource::Kind::Keychain;
    source.keychainEntry = QStringLiteral("workload/ci");
    auto token = readSource(source, &store);
    QVERIFY(!token);
    QVERIFY2(token.error().message.contains(QLatin1String("workload/ci")), qPrintable(token.error().message));

    QObject context;
    bool written = false;
    store.write(source.keychainEntry, "kept.workload.token\n", &context, [&](const Result<void> &) { written = true; });
    QTRY_VERIFY(written);
    token = readSource(source, &store);
    QVERIFY(token);
    QCOMPARE(token.value(), QByteArray("kept.workload.token"));
    QVERIFY(!readSource(source, nullptr)); // no keychain at all
}

void tst_AssertionSource::noSource()
{
    const auto token = readSource(AssertionSource());
    QVERIFY(!token);
    QVERIFY2(token.error().message.contains(QLatin1String("\"assertion\"")), qPrintable(token.error().message));
}

void tst_AssertionSource::readFromTheServersFile()
{
    const QJsonObject oauth = QJsonDocument::fromJson(R"({"grant": "jwt_bearer", "clientId": "workload",
        "assertion": {"command": ["gcloud", "auth", "print-identity-token"]}})")
                                  .object();
    const OAuthClientSettings settings = OAuthClientSettings::fromJson(oauth);
    QCOMPARE(settings.grant, OAuthClientSettings::Grant::JwtBearer);
    QCOMPARE(OAuthClientSettings::grantName(settings.grant), QStringLiteral("jwt_bearer"));
    QCOMPARE(settings.clientId, QStringLiteral("workload"));
    QCOMPARE(settings.assertion.kind, AssertionSource::Kind::Command);
    QCOMPARE(settings.assertion.command,
             (QStringList{QStringLiteral("gcloud"), QStringLiteral("auth"), QStringLiteral("print-identity-token")}));
    QCOMPARE(settings.assertion.toJson(), oauth.value(QLatin1String("assertion")).toObject());

    for (const char *json : {R"({"file": "/var/run/secrets/token"})", R"({"keychain": "workload"})"}) {
        const QJsonObject object = QJsonDocument::fromJson(json).object();
        QCOMPARE(AssertionSource::fromJson(object).toJson(), object);
    }
    QCOMPARE(AssertionSource::fromJson(QJsonObject{{QStringLiteral("url"), QStringLiteral("x")}}).kind, AssertionSource::Kind::None);
}

QTEST_GUILESS_MAIN(tst_AssertionSource)
#include "tst_assertionsource.moc"
