// URL-mode elicitation's two 2025-11-25 additions, in ClientSession against toolgate-fault-server over
// stdio: notifications/elicitation/complete (known ids announced once, unknown ones ignored) and error
// -32042 URLElicitationRequiredError (parsed into UrlElicitations; the same call succeeds once the step is
// done). Both mean nothing in older revisions, so a 2025-06-18 session must not act on them.

#include "core/client/clientsession.h"
#include "toolcallkeyfortests.h"
#include "core/common/error.h"
#include "core/protocol/elicitation.h"
#include "core/transport/stdiotransport.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Toolgate;

namespace {

constexpr int kWait = 10000;

struct Answer
{
    std::optional<Result<CallToolResult>> result;
    QString text() const { return result && result->ok() ? result->value().textSummary() : QString(); }
    Error error() const { return result && !result->ok() ? result->error() : Error(); }
};

} // namespace

class tst_UrlElicitation : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void parsesErrorData();
    void requiredErrorThenRetrySucceeds();
    void completeForElicitationRequest();
    void completeForUnknownIdIgnored();
    void olderRevisionIgnoresBoth();

private:
    ClientSession *connect(const QStringList &serverArguments = {});
    Answer call(ClientSession *session, const QString &tool, const QJsonObject &arguments);

    std::unique_ptr<QObject> m_context;
};

void tst_UrlElicitation::init()
{
    m_context = std::make_unique<QObject>();
}

void tst_UrlElicitation::cleanup()
{
    m_context.reset();
}

ClientSession *tst_UrlElicitation::connect(const QStringList &serverArguments)
{
    StdioLaunchSpec spec;
    spec.program = QStringLiteral(TOOLGATE_BIN_DIR "/toolgate-fault-server");
    spec.arguments = serverArguments;
    auto *session = new ClientSession(std::make_unique<StdioTransport>(spec), {}, m_context.get());
    // The person's side: URL-mode requests are accepted (consent given) at once.
    session->setElicitationHandler([](const QJsonObject &, const Responder &responder) {
        responder.respond(QJsonObject{{u"action"_s, u"accept"_s}});
    }, {u"form"_s, u"url"_s});
    session->connectToServer();
    if (!QTest::qWaitFor([session] { return session->isReady() || session->state() == ClientSession::State::Failed; }, kWait)
        || !session->isReady()) {
        qWarning("the fault server did not connect: %s", qPrintable(session->lastError().toString()));
        return nullptr;
    }
    return session;
}

Answer tst_UrlElicitation::call(ClientSession *session, const QString &tool, const QJsonObject &arguments)
{
    auto answer = std::make_shared<Answer>();
    session->callTool(ToolCallKeyForTests::make(), tool, arguments, {}, m_context.get(),
                      [answer](const Result<CallToolResult> &result) { answer->result = result; });
    if (!QTest::qWaitFor([answer] { return answer->result.has_value(); }, kWait))
        qWarning("%s was not answered", qPrintable(tool));
    return *answer;
}

void tst_UrlElicitation::parsesErrorData()
{
    const QJsonObject good{{u"mode"_s, u"url"_s}, {u"elicitationId"_s, u"a"_s}, {u"url"_s, u"https://x.example/a"_s},
                           {u"message"_s, u"Go"_s}};
    QJsonObject noId = good;
    noId.remove(u"elicitationId"_s);
    QJsonObject formMode = good;
    formMode.insert(u"mode"_s, u"form"_s);
    const QJsonObject data{{u"elicitations"_s, QJsonArray{good, noId, formMode, 42}}};
    const QList<UrlElicitation> list = UrlElicitation::listFromError(makeError(ErrorCode::UrlElicitationRequired, u"x"_s, data));
    QCOMPARE(list, (QList<UrlElicitation>{{u"a"_s, u"https://x.example/a"_s, u"Go"_s}}));
    QVERIFY(UrlElicitation::listFromError(makeError(ErrorCode::InvalidParams, u"x"_s, data)).isEmpty());
    QCOMPARE(UrlElicitation::fromJson(list.first().toJson()), std::optional(list.first()));
}

void tst_UrlElicitation::requiredErrorThenRetrySucceeds()
{
    ClientSession *session = connect();
    QVERIFY(session);
    QCOMPARE(session->protocolVersion(), u"2025-11-25"_s);
    QSignalSpy required(session, &ClientSession::urlElicitationRequired);
    QSignalSpy completed(session, &ClientSession::elicitationCompleted);

    const Answer first = call(session, u"url_required"_s, {{u"step"_s, u"github"_s}});
    QVERIFY(first.result && !first.result->ok());
    QCOMPARE(first.error().code, int(ErrorCode::UrlElicitationRequired));
    const QList<UrlElicitation> expected{{u"github"_s, u"https://auth.example.com/connect?step=github"_s,
                                          u"Connect your Example account to continue."_s}};
    QCOMPARE(session->urlElicitationsRequiredBy(first.error()), expected);
    QCOMPARE(required.count(), 1); // said before the call's own answer
    QCOMPARE(required.first().first().value<QList<UrlElicitation>>(), expected);

    // Not done yet: asking again gets the same error.
    QCOMPARE(call(session, u"url_required"_s, {{u"step"_s, u"github"_s}}).error().code, int(ErrorCode::UrlElicitationRequired));

    // The step finishes in the "browser"; the server says so, once.
    QCOMPARE(call(session, u"finish_url_step"_s, {{u"step"_s, u"github"_s}}).text(), u"finished github"_s);
    QTRY_COMPARE_WITH_TIMEOUT(completed.count(), 1, kWait);
    QCOMPARE(completed.first().first().toString(), u"github"_s);

    // The person retries the original call: it now works.
    QCOMPARE(call(session, u"url_required"_s, {{u"step"_s, u"github"_s}}).text(), u"url step github done"_s);

    // A second complete for the same id is already completed: ignored. (The server sends the notification
    // before its answer, on the same stream: with the answer in, the notification has been handled.)
    QCOMPARE(call(session, u"finish_url_step"_s, {{u"step"_s, u"github"_s}}).text(), u"finished github"_s);
    QCOMPARE(completed.count(), 1);
}

void tst_UrlElicitation::completeForElicitationRequest()
{
    ClientSession *session = connect();
    QVERIFY(session);
    QSignalSpy completed(session, &ClientSession::elicitationCompleted);
    const Answer reply = call(session, u"url_elicit"_s, {{u"step"_s, u"sso"_s}});
    QVERIFY2(reply.text().contains(u"\"action\":\"accept\""_s), qPrintable(reply.text()));
    QCOMPARE(completed.count(), 0);
    QCOMPARE(call(session, u"finish_url_step"_s, {{u"step"_s, u"sso"_s}}).text(), u"finished sso"_s);
    QTRY_COMPARE_WITH_TIMEOUT(completed.count(), 1, kWait);
    QCOMPARE(completed.first().first().toString(), u"sso"_s);
}

void tst_UrlElicitation::completeForUnknownIdIgnored()
{
    ClientSession *session = connect();
    QVERIFY(session);
    QSignalSpy completed(session, &ClientSession::elicitationCompleted);
    QSignalSpy violations(session, &ClientSession::protocolViolation);
    // The notification comes before the answer, on the same stream: it has been handled.
    QCOMPARE(call(session, u"finish_url_step"_s, {{u"step"_s, u"never-asked"_s}}).text(), u"finished never-asked"_s);
    QCOMPARE(completed.count(), 0);
    QCOMPARE(violations.count(), 0);
    QVERIFY(session->isReady());
}

void tst_UrlElicitation::olderRevisionIgnoresBoth()
{
    ClientSession *session = connect({u"--protocol-version"_s, u"2025-06-18"_s});
    QVERIFY(session);
    QCOMPARE(session->protocolVersion(), u"2025-06-18"_s);
    QSignalSpy required(session, &ClientSession::urlElicitationRequired);
    QSignalSpy completed(session, &ClientSession::elicitationCompleted);

    const Answer refused = call(session, u"url_required"_s, {{u"step"_s, u"old"_s}});
    QCOMPARE(refused.error().code, int(ErrorCode::UrlElicitationRequired)); // passed on as the server's error...
    QVERIFY(session->urlElicitationsRequiredBy(refused.error()).isEmpty()); // ...but it asks for nothing here
    QCOMPARE(required.count(), 0);

    QVERIFY(call(session, u"url_elicit"_s, {{u"step"_s, u"old"_s}}).result.has_value());
    // The notification comes before the answer, on the same stream: it has been handled.
    QCOMPARE(call(session, u"finish_url_step"_s, {{u"step"_s, u"old"_s}}).text(), u"finished old"_s);
    QCOMPARE(completed.count(), 0);
}

QTEST_GUILESS_MAIN(tst_UrlElicitation)
#include "tst_urlelicitation.moc"
