// toolgate-scripted-model-server: the scripted model server of the tests (tests/support/
// scriptedmodelserver.h) as a program of its own, for tests that run toolgate-cli as a child process
// and must keep answering while they wait on it. Real HTTP on 127.0.0.1, both wire formats.
//
//   toolgate-scripted-model-server [--script FILE] [--record FILE]
//
// --script: a JSON array of turns, answered one per request in order, then the server's own reactive
//   answers (it quotes the tool result it was sent). A turn: {"text": "...", "calls": [{"id", "name",
//   "arguments": "<JSON text, may be invalid>"}], "status": 500, "errorBody": "...",
//   "hostile": "endlessText" | "endlessPings" | "errorEvent" | "drop" | "notJson"}.
// --record: every request is appended as one JSON line: {"api", "path", "headers": {lower-case name:
//   value}, "body": {...}}.
// Prints "port N" on stdout once listening; exits when stdin closes.

#include "scriptedmodelserver.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QSocketNotifier>

#include <cstdio>
#ifndef Q_OS_WIN
#include <unistd.h>
#endif

using namespace TestModel;

namespace {

ScriptedTurn turnFrom(const QJsonObject &json)
{
    ScriptedTurn turn;
    turn.text = json.value(QLatin1String("text")).toString();
    for (const QJsonValue &value : json.value(QLatin1String("calls")).toArray()) {
        const QJsonObject call = value.toObject();
        turn.calls.append(ScriptedCall{call.value(QLatin1String("id")).toString(), call.value(QLatin1String("name")).toString(),
                                       call.value(QLatin1String("arguments")).toString().toUtf8()});
    }
    turn.status = json.value(QLatin1String("status")).toInt(200);
    turn.errorBody = json.value(QLatin1String("errorBody")).toString().toUtf8();
    const QString hostile = json.value(QLatin1String("hostile")).toString();
    if (hostile == QLatin1String("endlessText"))
        turn.hostile = ScriptedTurn::Hostile::EndlessText;
    else if (hostile == QLatin1String("endlessPings"))
        turn.hostile = ScriptedTurn::Hostile::EndlessPings;
    else if (hostile == QLatin1String("errorEvent"))
        turn.hostile = ScriptedTurn::Hostile::ErrorEvent;
    else if (hostile == QLatin1String("drop"))
        turn.hostile = ScriptedTurn::Hostile::Drop;
    else if (hostile == QLatin1String("notJson"))
        turn.hostile = ScriptedTurn::Hostile::NotJson;
    return turn;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    const QCommandLineOption scriptOption(QStringLiteral("script"), QStringLiteral("The turns to answer, in order."),
                                          QStringLiteral("file"));
    const QCommandLineOption recordOption(QStringLiteral("record"), QStringLiteral("Where to append each request."),
                                          QStringLiteral("file"));
    parser.addOptions({scriptOption, recordOption});
    parser.process(app);

    ScriptedModelServer server;
    if (parser.isSet(scriptOption)) {
        QFile script(parser.value(scriptOption));
        if (!script.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "cannot read the script %s\n", qPrintable(script.fileName()));
            return 2;
        }
        for (const QJsonValue &turn : QJsonDocument::fromJson(script.readAll()).array())
            server.enqueue(turnFrom(turn.toObject()));
    }
    const QString recordPath = parser.value(recordOption);
    server.setOnRequest([recordPath](const ScriptedModelServer::Received &received) {
        if (recordPath.isEmpty())
            return;
        QJsonObject headers;
        for (auto it = received.http.headers.cbegin(); it != received.http.headers.cend(); ++it)
            headers.insert(QString::fromLatin1(it.key()), QString::fromUtf8(it.value()));
        const QJsonObject line{{QStringLiteral("api"),
                                received.api == ScriptedModelServer::Api::OpenAi ? QStringLiteral("openai") : QStringLiteral("anthropic")},
                               {QStringLiteral("path"), QString::fromUtf8(received.http.path)},
                               {QStringLiteral("headers"), headers},
                               {QStringLiteral("body"), received.body}};
        QFile record(recordPath);
        if (record.open(QIODevice::Append))
            record.write(QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n');
    });

#ifndef Q_OS_WIN
    // Whoever started it (a test) closes stdin to end it, or dies, which closes it too.
    QSocketNotifier stdinWatch(STDIN_FILENO, QSocketNotifier::Read);
    QObject::connect(&stdinWatch, &QSocketNotifier::activated, &app, [&stdinWatch] {
        char buffer[256];
        if (::read(STDIN_FILENO, buffer, sizeof buffer) <= 0) {
            stdinWatch.setEnabled(false);
            QCoreApplication::quit();
        }
    });
#endif

    const QString base = server.openAiBaseUrl();
    std::printf("port %s\n", qPrintable(base.section(u':', 2).section(u'/', 0, 0)));
    std::fflush(stdout);
    return app.exec();
}
