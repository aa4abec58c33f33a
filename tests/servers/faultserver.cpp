// toolgate-fault-server: a deliberately misbehaving MCP server for integration tests.
//
// Speaks newline-delimited JSON-RPC 2.0 over stdin/stdout (one UTF-8 message per line,
// stdout flushed after every line). Each tool exercises one failure mode of the client:
// crashes, hangs, garbage output, oversized lines, stray/duplicate/batched responses,
// notification floods, server-to-client requests and so on. Run with --help for options.
//
// Structure: stdiowire.h's loop (a reader thread queues stdin lines, the main thread handles
// them and a small timer list used by the "slow" tool), so a notifications/cancelled can still
// arrive while a call is in progress. Deliberately depends on Qt6::Core only.
//
// Diagnostics on stderr, one per line, which tests may grep for:
//   recv: <method> [<id>]     every received request/notification ("recv: response <id>"
//                             for responses, "recv: invalid" for unparsable lines)
//   cancelled <id>            a pending call was dropped because of notifications/cancelled
// If FAULT_SERVER_LOG names a file, each received method name is appended to it as well.
// If FAULT_SERVER_PIDS names a file, the server appends its process id to it when it starts (to count
// the processes a client spawned).

#include "stdiowire.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QFile>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QJsonValue>
#include <QtCore/QString>
#include <QtCore/QStringList>
#include <QtCore/QUrl>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <set>
#include <string>

namespace {

using namespace StdioWire;

// ---- command-line options ------------------------------------------------------------
struct Options {
    QString forcedProtocolVersion;   // --protocol-version X
    bool garbageAtStart = false;     // --garbage-at-start
    int exitImmediately = -1;        // --exit-immediately N (-1: off)
    bool crashOnInitialize = false;  // --crash-on-initialize
    bool noInitializeResponse = false; // --no-response-to-initialize
    bool ignoreStdinEof = false;     // --ignore-stdin-eof
    bool ignoreSigterm = false;      // --ignore-sigterm
    QString onDiscover;              // --on-discover MODE (empty: -32601 like any unknown method)
};

const char *const kUsage =
    "usage: toolgate-fault-server [options]\n"
    "  --protocol-version X         answer initialize with protocol version X\n"
    "  --garbage-at-start           print a non-JSON banner line to stdout first\n"
    "  --exit-immediately N         print 'failing at start' to stderr, exit with code N\n"
    "  --crash-on-initialize        exit with code 3 when initialize arrives\n"
    "  --no-response-to-initialize  never answer initialize\n"
    "  --ignore-stdin-eof           keep running after stdin closes (until killed)\n"
    "  --ignore-sigterm             ignore SIGTERM (POSIX only)\n"
    "  --on-discover MODE           what a server/discover probe gets, then it stays a correct legacy server:\n"
    "                               garbage (a non-JSON line), hang (nothing), exit (exit code 1),\n"
    "                               garbage-result (an empty result object), errorN (error code N, e.g.\n"
    "                               error-32600); default: error -32601 like any unknown method\n";

// Tool description for tools/list; `props` is the "properties" of the input schema.
QJsonObject tool(const char *name, const char *description, const QJsonObject &props = {},
                 const QJsonArray &required = {})
{
    QJsonObject schema{{QStringLiteral("type"), QStringLiteral("object")},
                       {QStringLiteral("properties"), props}};
    if (!required.isEmpty())
        schema.insert(QStringLiteral("required"), required);
    return QJsonObject{{QStringLiteral("name"), QLatin1String(name)},
                       {QStringLiteral("description"), QLatin1String(description)},
                       {QStringLiteral("inputSchema"), schema}};
}

QJsonObject prop(const char *type, const char *description)
{
    return QJsonObject{{QStringLiteral("type"), QLatin1String(type)},
                       {QStringLiteral("description"), QLatin1String(description)}};
}

QJsonArray toolList()
{
    return QJsonArray{
        tool("echo", "Echoes the text back",
             {{QStringLiteral("text"), prop("string", "Text to echo")}}, {QStringLiteral("text")}),
        tool("crash", "Prints 'about to crash' to stderr and exits with code 3"),
        tool("abort", "Calls std::abort()"),
        tool("hang", "Never answers"),
        tool("slow", "Sends `steps` progress notifications over `ms` milliseconds, then answers",
             {{QStringLiteral("ms"), prop("integer", "Total duration in ms (default 1000)")},
              {QStringLiteral("steps"), prop("integer", "Number of progress steps (default 5)")}}),
        tool("garbage", "Writes non-JSON lines to stdout, then answers"),
        tool("oversize", "Answers with a single line of exactly `bytes` bytes",
             {{QStringLiteral("bytes"), prop("integer", "Line length (default 20 MiB)")}}),
        tool("unknown_id", "Sends responses with unknown ids and a null id first"),
        tool("flood", "Sends `count` logging notifications, then answers",
             {{QStringLiteral("count"), prop("integer", "Notifications (default 10000)")}}),
        tool("multiline", "Sends a log message of two lines (CRLF) and writes a CRLF-ended line to stderr, then answers"),
        tool("stderr_spam", "Writes `lines` lines to stderr, then answers",
             {{QStringLiteral("lines"), prop("integer", "Lines (default 1000)")}}),
        tool("exit_after_reply", "Answers, then exits with code 0"),
        tool("duplicate_reply", "Sends the response twice"),
        tool("batch_reply", "Sends the response wrapped in a JSON array"),
        tool("server_request", "Asks the client for roots/list and answers with its reply"),
        tool("ping_client", "Pings the client and answers with its reply"),
        tool("wrong_jsonrpc", "Sends a response with jsonrpc \"1.0\" first"),
        tool("url_required",
             "Answers with error -32042 (URL elicitation required) until the step `step` was finished with "
             "finish_url_step, then with 'url step <step> done'",
             {{QStringLiteral("step"), prop("string", "Step name, also the elicitationId (default \"connect\")")}}),
        tool("url_elicit", "Sends an elicitation/create request in URL mode (elicitationId `step`) and answers with its reply",
             {{QStringLiteral("step"), prop("string", "The elicitationId (default \"connect\")")}}),
        tool("finish_url_step",
             "Stands in for the browser: marks step `step` finished and sends notifications/elicitation/complete for it "
             "(for any id, known to the client or not)",
             {{QStringLiteral("step"), prop("string", "The elicitationId (default \"connect\")")}}),
        tool("env", "Answers with the value of the environment variable `name` (empty when unset)",
             {{QStringLiteral("name"), prop("string", "Variable name")}}, {QStringLiteral("name")}),
    };
}

// ---- the server ------------------------------------------------------------------------
class FaultServer
{
public:
    explicit FaultServer(const Options &opts) : m_opts(opts)
    {
        const QString logPath = qEnvironmentVariable("FAULT_SERVER_LOG");
        if (!logPath.isEmpty()) {
            m_log.setFileName(logPath);
            if (!m_log.open(QIODevice::WriteOnly | QIODevice::Append))
                logErr(QStringLiteral("cannot open FAULT_SERVER_LOG ") + logPath);
        }
    }

    void handleLine(const std::string &line)
    {
        QJsonParseError err;
        const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(line), &err);
        if (err.error != QJsonParseError::NoError || doc.isNull()) {
            logErr(QStringLiteral("recv: invalid"));
            send(errorResponse(QJsonValue::Null, -32700, QStringLiteral("Parse error")));
        } else if (doc.isArray()) { // a client batch: handle each element on its own
            const QJsonArray batch = doc.array();
            for (const QJsonValue &v : batch)
                handleMessage(v.toObject());
        } else {
            handleMessage(doc.object());
        }
    }

    // Timers (for "slow"); only touched from the main thread.
    Timers timers;

private:
    void handleMessage(const QJsonObject &msg)
    {
        const QString method = msg.value(QStringLiteral("method")).toString();
        const bool hasId = msg.contains(QStringLiteral("id"));
        const QJsonValue id = msg.value(QStringLiteral("id"));

        if (method.isEmpty()) { // a response to one of our requests (or junk)
            logErr(QStringLiteral("recv: response ") + idText(id));
            handleClientResponse(msg);
            return;
        }
        logErr(QStringLiteral("recv: ") + method + (hasId ? QStringLiteral(" ") + idText(id) : QString()));
        if (m_log.isOpen()) {
            m_log.write(method.toUtf8() + '\n');
            m_log.flush();
        }

        const QJsonObject params = msg.value(QStringLiteral("params")).toObject();
        if (!hasId) { // notification
            if (method == QLatin1String("notifications/initialized"))
                m_initialized = true;
            else if (method == QLatin1String("notifications/cancelled"))
                cancel(params.value(QStringLiteral("requestId")));
            return;
        }

        if (method == QLatin1String("server/discover") && !m_opts.onDiscover.isEmpty())
            discover(id);
        else if (method == QLatin1String("initialize"))
            initialize(id, params);
        else if (method == QLatin1String("ping") || method == QLatin1String("logging/setLevel"))
            send(response(id, QJsonObject{}));
        else if (method == QLatin1String("tools/list"))
            send(response(id, QJsonObject{{QStringLiteral("tools"), toolList()}}));
        else if (method == QLatin1String("tools/call"))
            callTool(id, params);
        else
            send(errorResponse(id, -32601, QStringLiteral("Method not found")));
    }

    void discover(const QJsonValue &id)
    {
        const QString &mode = m_opts.onDiscover;
        if (mode == QLatin1String("garbage")) {
            writeRaw("what is server/discover?");
        } else if (mode == QLatin1String("hang")) {
            logErr(QStringLiteral("not answering server/discover"));
        } else if (mode == QLatin1String("exit")) {
            logErr(QStringLiteral("exiting on server/discover"));
            quit(1);
        } else if (mode == QLatin1String("garbage-result")) {
            send(response(id, QJsonObject{}));
        } else if (mode.startsWith(QLatin1String("error"))) {
            bool ok = false;
            const int code = mode.mid(5).toInt(&ok);
            send(errorResponse(id, ok ? code : -32601, QStringLiteral("no server/discover before initialize")));
        }
    }

    void initialize(const QJsonValue &id, const QJsonObject &params)
    {
        if (m_opts.crashOnInitialize) {
            logErr(QStringLiteral("about to crash"));
            quit(3);
        }
        if (m_opts.noInitializeResponse)
            return;
        QString version = params.value(QStringLiteral("protocolVersion")).toString();
        static const QStringList supported{QStringLiteral("2025-11-25"), QStringLiteral("2025-06-18"),
                                           QStringLiteral("2025-03-26"), QStringLiteral("2024-11-05")};
        if (!supported.contains(version))
            version = supported.first();
        if (!m_opts.forcedProtocolVersion.isEmpty())
            version = m_opts.forcedProtocolVersion;
        const QJsonObject caps{
            {QStringLiteral("tools"), QJsonObject{{QStringLiteral("listChanged"), true}}},
            {QStringLiteral("logging"), QJsonObject{}}};
        send(response(id, QJsonObject{
            {QStringLiteral("protocolVersion"), version},
            {QStringLiteral("capabilities"), caps},
            {QStringLiteral("serverInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("toolgate-fault-server")},
                                                       {QStringLiteral("version"), QStringLiteral("1.0")}}}}));
    }

    // Drops a pending (unanswered) call so that it is never answered.
    void cancel(const QJsonValue &requestId)
    {
        if (m_pending.erase(idJson(requestId)) > 0)
            logErr(QStringLiteral("cancelled ") + idText(requestId));
        else
            logErr(QStringLiteral("cancel ignored ") + idText(requestId));
    }

    // Response to a request we sent (server_request / ping_client): answer the tool call
    // that is waiting for it with the compact JSON of the whole reply message.
    void handleClientResponse(const QJsonObject &msg)
    {
        const auto it = m_waitingForClient.find(idJson(msg.value(QStringLiteral("id"))));
        if (it == m_waitingForClient.end())
            return;
        const QJsonValue callId = it->second;
        m_waitingForClient.erase(it);
        if (m_pending.erase(idJson(callId)) > 0) // not cancelled meanwhile
            send(response(callId, textResult(QString::fromUtf8(
                                      QJsonDocument(msg).toJson(QJsonDocument::Compact)))));
    }

    void callTool(const QJsonValue &id, const QJsonObject &params)
    {
        const QString name = params.value(QStringLiteral("name")).toString();
        const QJsonObject args = params.value(QStringLiteral("arguments")).toObject();
        const QJsonValue progressToken =
            params.value(QStringLiteral("_meta")).toObject().value(QStringLiteral("progressToken"));
        const auto reply = [&](const QString &text) { send(response(id, textResult(text))); };
        if (!m_initialized) // lifecycle is not enforced, only noted
            logErr(QStringLiteral("note: tools/call before notifications/initialized"));

        if (name == QLatin1String("echo")) {
            reply(args.value(QStringLiteral("text")).toString());
        } else if (name == QLatin1String("env")) {
            // Lets tests check what the host put into a server's environment (e.g. keychain secrets).
            reply(qEnvironmentVariable(args.value(QStringLiteral("name")).toString().toLocal8Bit().constData()));
        } else if (name == QLatin1String("crash")) {
            logErr(QStringLiteral("about to crash"));
            quit(3);
        } else if (name == QLatin1String("abort")) {
            std::fflush(stdout);
            std::abort();
        } else if (name == QLatin1String("hang")) {
            m_pending[idJson(id)] = id; // remembered only so a cancel can be logged
        } else if (name == QLatin1String("slow")) {
            startSlow(id, intArg(args, "ms", 1000), intArg(args, "steps", 5), progressToken);
        } else if (name == QLatin1String("garbage")) {
            for (const char *junk : {"this is not json", "{broken", "", "[1,2"})
                writeRaw(QByteArray(junk));
            reply(QStringLiteral("after garbage"));
        } else if (name == QLatin1String("oversize")) {
            // Built by hand: no 20 MiB QJsonDocument needed. 'x' needs no escaping, so the
            // line (without its '\n') is exactly `bytes` long unless the envelope is longer.
            const qint64 bytes = intArg(args, "bytes", 20 * 1024 * 1024);
            const QByteArray head = "{\"jsonrpc\":\"2.0\",\"id\":" + idJson(id)
                + ",\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"";
            const QByteArray tail = "\"}],\"isError\":false}}";
            const qint64 pad = qMax<qint64>(0, bytes - head.size() - tail.size());
            writeRaw(head + QByteArray(pad, 'x') + tail);
        } else if (name == QLatin1String("unknown_id")) {
            send(response(987654321, textResult(QStringLiteral("stray numeric id"))));
            send(response(QStringLiteral("nope"), textResult(QStringLiteral("stray string id"))));
            send(errorResponse(QJsonValue::Null, -32600, QStringLiteral("stray error with null id")));
            reply(QStringLiteral("unknown_id done"));
        } else if (name == QLatin1String("flood")) {
            const qint64 count = intArg(args, "count", 10000);
            for (qint64 i = 0; i < count; ++i)
                send(notification(QStringLiteral("notifications/message"),
                                  {{QStringLiteral("level"), QStringLiteral("info")},
                                   {QStringLiteral("logger"), QStringLiteral("fault")},
                                   {QStringLiteral("data"), QString(QStringLiteral("flood ") + QString::number(i))}}));
            reply(QStringLiteral("flood done"));
        } else if (name == QLatin1String("multiline")) {
            send(notification(QStringLiteral("notifications/message"),
                              {{QStringLiteral("level"), QStringLiteral("warning")},
                               {QStringLiteral("data"), QStringLiteral("first line\r\nsecond line\n")}}));
            const QByteArray crlf = "written the Windows way\r\n";
            std::fwrite(crlf.constData(), 1, size_t(crlf.size()), stderr);
            std::fflush(stderr);
            reply(QStringLiteral("multiline done"));
        } else if (name == QLatin1String("stderr_spam")) {
            const qint64 lines = intArg(args, "lines", 1000);
            for (qint64 i = 0; i < lines; ++i)
                logErr(QStringLiteral("stderr spam line ") + QString::number(i));
            reply(QStringLiteral("stderr_spam done"));
        } else if (name == QLatin1String("exit_after_reply")) {
            reply(QStringLiteral("bye"));
            quit(0);
        } else if (name == QLatin1String("duplicate_reply")) {
            reply(QStringLiteral("duplicate"));
            reply(QStringLiteral("duplicate"));
        } else if (name == QLatin1String("batch_reply")) {
            writeRaw(QJsonDocument(QJsonArray{response(id, textResult(QStringLiteral("batched")))})
                         .toJson(QJsonDocument::Compact));
        } else if (name == QLatin1String("server_request")) {
            askClient(id, QStringLiteral("srv-1"), QStringLiteral("roots/list"));
        } else if (name == QLatin1String("ping_client")) {
            askClient(id, QStringLiteral("srv-ping"), QStringLiteral("ping"));
        } else if (name == QLatin1String("url_required")) {
            const QString step = args.value(QStringLiteral("step")).toString(QStringLiteral("connect"));
            if (m_finishedSteps.count(step) > 0) {
                reply(QStringLiteral("url step ") + step + QStringLiteral(" done"));
                return;
            }
            const QJsonObject elicitation{{QStringLiteral("mode"), QStringLiteral("url")},
                                          {QStringLiteral("elicitationId"), step},
                                          {QStringLiteral("url"), urlFor(step)},
                                          {QStringLiteral("message"), QStringLiteral("Connect your Example account to continue.")}};
            QJsonObject error = errorResponse(id, -32042, QStringLiteral("This request requires more information."));
            QJsonObject body = error.value(QStringLiteral("error")).toObject();
            body.insert(QStringLiteral("data"), QJsonObject{{QStringLiteral("elicitations"), QJsonArray{elicitation}}});
            error.insert(QStringLiteral("error"), body);
            send(error);
        } else if (name == QLatin1String("url_elicit")) {
            const QString step = args.value(QStringLiteral("step")).toString(QStringLiteral("connect"));
            askClient(id, QStringLiteral("srv-elicit-") + step, QStringLiteral("elicitation/create"),
                      QJsonObject{{QStringLiteral("mode"), QStringLiteral("url")},
                                  {QStringLiteral("elicitationId"), step},
                                  {QStringLiteral("url"), urlFor(step)},
                                  {QStringLiteral("message"), QStringLiteral("Sign in to Example to continue.")}});
        } else if (name == QLatin1String("finish_url_step")) {
            const QString step = args.value(QStringLiteral("step")).toString(QStringLiteral("connect"));
            m_finishedSteps.insert(step);
            send(notification(QStringLiteral("notifications/elicitation/complete"),
                              {{QStringLiteral("elicitationId"), step}}));
            reply(QStringLiteral("finished ") + step);
        } else if (name == QLatin1String("wrong_jsonrpc")) {
            writeRaw("{\"jsonrpc\":\"1.0\",\"id\":" + idJson(id) + ",\"result\":{}}");
            reply(QStringLiteral("wrong_jsonrpc done"));
        } else {
            send(errorResponse(id, -32602, QStringLiteral("Unknown tool: ") + name));
        }
    }

    // Sends a request to the client; the tool call is answered when its reply arrives.
    void askClient(const QJsonValue &callId, const QString &requestId, const QString &method,
                   const QJsonObject &params = {})
    {
        m_pending[idJson(callId)] = callId;
        m_waitingForClient[idJson(requestId)] = callId;
        QJsonObject request{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                            {QStringLiteral("id"), requestId},
                            {QStringLiteral("method"), method}};
        if (!params.isEmpty())
            request.insert(QStringLiteral("params"), params);
        send(request);
    }

    // The page a URL elicitation sends the person to (never loaded by the tests).
    static QString urlFor(const QString &step)
    {
        return QStringLiteral("https://auth.example.com/connect?step=") + QString::fromLatin1(QUrl::toPercentEncoding(step));
    }

    // "slow": progress step i (1..steps) fires at ms*i/steps; the last one also answers.
    // Every step first checks that the call is still pending (i.e. was not cancelled).
    void startSlow(const QJsonValue &id, qint64 ms, qint64 steps, const QJsonValue &token)
    {
        const QByteArray key = idJson(id);
        m_pending[key] = id;
        const Clock::time_point start = Clock::now();
        const auto finish = [this, key, id] {
            if (m_pending.erase(key) > 0)
                send(response(id, textResult(QStringLiteral("slow done"))));
        };
        if (steps == 0) {
            timers.at(start + std::chrono::milliseconds(ms), finish);
            return;
        }
        for (qint64 i = 1; i <= steps; ++i) {
            timers.at(start + std::chrono::milliseconds(ms * i / steps), [=, this] {
                if (m_pending.count(key) == 0)
                    return;
                if (!token.isUndefined() && !token.isNull())
                    send(notification(QStringLiteral("notifications/progress"),
                                      {{QStringLiteral("progressToken"), token},
                                       {QStringLiteral("progress"), double(i)},
                                       {QStringLiteral("total"), double(steps)},
                                       {QStringLiteral("message"), QStringLiteral("step %1/%2").arg(i).arg(steps)}}));
                if (i == steps)
                    finish();
            });
        }
    }

    const Options m_opts;
    QFile m_log;
    bool m_initialized = false;
    std::map<QByteArray, QJsonValue> m_pending;          // unanswered calls (hang/slow/...)
    std::map<QByteArray, QJsonValue> m_waitingForClient; // our request id -> tool call id
    std::set<QString> m_finishedSteps;                   // url steps finished with finish_url_step
};

} // namespace

int main(int argc, char **argv)
{
    StdinLoop::setBinaryMode();
    Options opts;
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        const bool hasValue = i + 1 < argc;
        if (arg == "--protocol-version" && hasValue) {
            opts.forcedProtocolVersion = QString::fromLocal8Bit(argv[++i]);
        } else if (arg == "--exit-immediately" && hasValue) {
            opts.exitImmediately = std::atoi(argv[++i]);
        } else if (arg == "--garbage-at-start") {
            opts.garbageAtStart = true;
        } else if (arg == "--crash-on-initialize") {
            opts.crashOnInitialize = true;
        } else if (arg == "--no-response-to-initialize") {
            opts.noInitializeResponse = true;
        } else if (arg == "--ignore-stdin-eof") {
            opts.ignoreStdinEof = true;
        } else if (arg == "--ignore-sigterm") {
            opts.ignoreSigterm = true;
        } else if (arg == "--on-discover" && hasValue) {
            opts.onDiscover = QString::fromLocal8Bit(argv[++i]);
        } else if (arg == "--help" || arg == "-h") {
            std::fputs(kUsage, stdout);
            return 0;
        } else {
            std::fprintf(stderr, "unknown option %s\n%s", argv[i], kUsage);
            return 2;
        }
    }

    if (const QString pids = qEnvironmentVariable("FAULT_SERVER_PIDS"); !pids.isEmpty()) {
        QFile file(pids);
        if (file.open(QIODevice::WriteOnly | QIODevice::Append))
            file.write(QByteArray::number(QCoreApplication::applicationPid()) + '\n');
    }
    if (opts.exitImmediately >= 0) {
        logErr(QStringLiteral("failing at start"));
        quit(opts.exitImmediately);
    }
#ifndef _WIN32
    if (opts.ignoreSigterm)
        std::signal(SIGTERM, SIG_IGN);
#endif
    if (opts.garbageAtStart)
        writeRaw("fault server starting...");

    FaultServer server(opts);
    StdinLoop loop;
    loop.run(server.timers, [&server](std::string line) { server.handleLine(line); }, [&opts] {
        if (!opts.ignoreStdinEof) {
            logErr(QStringLiteral("stdin closed, exiting"));
            quit(0);
        }
        logErr(QStringLiteral("stdin closed, ignoring (--ignore-stdin-eof)"));
    });
}
