#include "core/common/error.h"
#include "core/peer/jsonrpcpeer.h"
#include "postedevents.h"
#include "testtable.h"
#include "core/transport/transport.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QPointer>
#include <QSignalSpy>
#include <QTest>
#include <QThreadPool>
#include <QTimer>

#include <optional>

using namespace Qt::StringLiterals;
using namespace Toolgate;
using namespace std::chrono_literals;
using Toolgate::TestSupport::addColumns;
using Toolgate::TestSupport::deliverPostedEvents;

namespace {

/// One end of an in-process connection. Messages reach the other end queued (through the event
/// loop), in order, like bytes through a pipe. Everything sent is recorded for assertions.
class PairTransport final : public Transport
{
    Q_OBJECT
public:
    using Transport::Transport;

    static void connectPair(PairTransport *a, PairTransport *b)
    {
        a->m_other = b;
        b->m_other = a;
    }

    void start() override
    {
        m_state = State::Open;
        emit started();
    }
    void send(const QByteArray &message) override
    {
        if (m_state != State::Open)
            return;
        sent.append(message);
        QPointer<PairTransport> other = m_other;
        QMetaObject::invokeMethod(
            this, [other, message] {
                if (other && other->isOpen())
                    emit other->messageReceived(message);
            },
            Qt::QueuedConnection);
    }
    void close() override
    {
        if (m_state == State::Closed)
            return;
        m_state = State::Closed;
        emit closed();
    }
    State state() const override { return m_state; }
    QString description() const override { return u"pair"_s; }

    /// Hands text to the JsonRpcPeer on this end as if the remote side had sent it (synchronously).
    void inject(const QByteArray &text) { emit messageReceived(text); }

    /// Messages we sent whose "method" is method.
    QList<QJsonObject> sentWithMethod(const QString &method) const
    {
        QList<QJsonObject> out;
        for (const QByteArray &m : sent) {
            const QJsonObject o = QJsonDocument::fromJson(m).object();
            if (o.value(u"method"_s).toString() == method)
                out.append(o);
        }
        return out;
    }
    /// Responses (result or error) we sent for id.
    QList<QJsonObject> sentResponsesFor(const QJsonValue &id) const
    {
        QList<QJsonObject> out;
        for (const QByteArray &m : sent) {
            const QJsonObject o = QJsonDocument::fromJson(m).object();
            if (!o.contains(u"method"_s) && o.value(u"id"_s) == id)
                out.append(o);
        }
        return out;
    }

    QList<QByteArray> sent;

private:
    QPointer<PairTransport> m_other;
    State m_state = State::Idle;
};

/// Counts the answers a request gets, and keeps the last one.
struct Answer
{
    int count = 0;
    std::optional<Result<QJsonValue>> last;
    QElapsedTimer sinceSent;
    qint64 elapsedAtAnswer = -1;

    JsonRpcPeer::ResponseHandler handler()
    {
        sinceSent.start();
        return [this](const Result<QJsonValue> &result) {
            ++count;
            last = result;
            elapsedAtAnswer = sinceSent.elapsed();
        };
    }
    int errorCode() const { return last && !last->ok() ? last->error().code : 0; }
    QString errorMessage() const { return last && !last->ok() ? last->error().message : QString(); }
};

JsonRpcPeer::RequestOptions timeouts(std::chrono::milliseconds timeout, std::chrono::milliseconds max)
{
    JsonRpcPeer::RequestOptions o;
    o.timeout = timeout;
    o.maxTimeout = max;
    return o;
}

} // namespace

class tst_JsonRpcPeer : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void result();
    void errorFromRemote();
    void methodNotFound();
    void notificationsDispatched();
    void timeout();
    void lateResponseAfterTimeoutIgnored();
    void longLivedRequestHasNoTimeout();
    void extendDeadlineKeepsAliveButHardMaxFires();
    void extendDeadlineUnknownId();
    void cancelSendsNotificationAndAnswersOnce();
    void lateResponseAfterCancelIgnored();
    void responseToUnknownIdIsViolation();
    void errorWithNullIdIsViolation();
    void invalidMessageIsViolation();
    void droppedResponseFailsItsRequestAtOnce();
    void unreadableResponseFailsItsRequestAtOnce_data();
    void unreadableResponseFailsItsRequestAtOnce();
    void unreadableTextThatIsNoResponseFailsNothing_data();
    void unreadableTextThatIsNoResponseFailsNothing();
    void receivingEndedFailsPendingAndLaterRequests();
    void droppedRequestFromRemoteDoesNotFailOurs();
    void droppedUnknownMessageIsViolation();
    void transportClosedAnswersAllPendingOnce();
    void sendWhenNotConnected();
    void destroyedContextNotCalled();
    void destroyedContextNotCalledForSynthesizedAnswer();
    void responderDroppedSendsInternalError();
    void responderAnsweredTwiceSendsOnce();
    void responderAnsweredLater();
    void incomingRequestCancelledByRemote();
    void failAllPending();
    void peerDestroyedAnswersPending();
    void destroyPeerInResponseHandler();
    void destroyPeerInBatch();
    void destroyPeerInRequestHandler();
    void destroyPeerInNotificationHandler();
    void destroyPeerOnIncomingCancel();
    void largeMessageIsParsedWhileTheLoopRuns();
    void messagesAfterALargeOneKeepTheirOrder();
    void invalidLargeMessageIsAViolationAndTheRestGoesOn();
    void peerDestroyedWhileParsingAnswersOnce();
    void answersGiveTheirKeyOrder_data();
    void answersGiveTheirKeyOrder();

private:
    /// Waits until every message queued so far in both directions has been handled: a ping
    /// round trip is delivered behind them (the pair is FIFO).
    bool barrier();
    // The server side keeps each request to method and never answers it while the tests run.
    void serverNeverAnswers(const QString &method);
    // Injects message as if the server sent it: the one protocol violation that reports, or a
    // note that none or several came.
    QString violationFor(const QByteArray &message);
    // With the server side gone (nobody answers but the test), sends "other" (id 1), then method
    // (id 2) with a 60 s timeout: the second one's id.
    RequestId sendTwoWithNoServer(const QString &method, Answer &other, Answer &answer);

    PairTransport *m_a = nullptr; // the client side
    PairTransport *m_b = nullptr; // the server side
    std::unique_ptr<JsonRpcPeer> m_client;
    std::unique_ptr<JsonRpcPeer> m_server;
    std::unique_ptr<QObject> m_context;
};

void tst_JsonRpcPeer::init()
{
    m_a = new PairTransport(this);
    m_b = new PairTransport(this);
    PairTransport::connectPair(m_a, m_b);
    m_a->start();
    m_b->start();
    m_client = std::make_unique<JsonRpcPeer>(m_a);
    m_server = std::make_unique<JsonRpcPeer>(m_b);
    m_context = std::make_unique<QObject>();
    m_server->setRequestHandler(u"echo"_s, [](const JsonRpcMessage &request, const Responder &responder) {
        responder.respond(request.params());
    });
    m_server->setRequestHandler(u"barrier"_s, [](const JsonRpcMessage &, const Responder &responder) {
        responder.respond(QJsonObject());
    });
}

void tst_JsonRpcPeer::cleanup()
{
    m_client.reset();
    m_server.reset();
    m_context.reset();
    delete m_a;
    delete m_b;
    m_a = m_b = nullptr;
}

void tst_JsonRpcPeer::serverNeverAnswers(const QString &method)
{
    m_server->setRequestHandler(method, [](const JsonRpcMessage &, const Responder &r) {
        static QList<Responder> keep;
        keep.append(r);
    });
}

RequestId tst_JsonRpcPeer::sendTwoWithNoServer(const QString &method, Answer &other, Answer &answer)
{
    m_server.reset();
    m_client->sendRequest(u"other"_s, {}, m_context.get(), other.handler());
    return m_client->sendRequest(method, {}, m_context.get(), answer.handler(), timeouts(60s, 60s));
}

QString tst_JsonRpcPeer::violationFor(const QByteArray &message)
{
    QSignalSpy violations(m_client.get(), &JsonRpcPeer::protocolViolation);
    m_a->inject(message);
    if (violations.count() != 1)
        return u"(%1 violations)"_s.arg(violations.count());
    return violations.first().first().toString();
}

bool tst_JsonRpcPeer::barrier()
{
    if (!m_client)
        return false;
    bool done = false;
    QObject context;
    m_client->sendRequest(u"barrier"_s, {}, &context, [&done](const Result<QJsonValue> &) { done = true; });
    return QTest::qWaitFor([&] { return done; }, 5000);
}

void tst_JsonRpcPeer::result()
{
    Answer answer;
    const RequestId id = m_client->sendRequest(u"echo"_s, {{u"x"_s, 1}}, m_context.get(), answer.handler());
    QCOMPARE(id, RequestId(1));
    QVERIFY(m_client->isPending(id));
    QCOMPARE(m_client->pendingRequestCount(), 1);
    QCOMPARE(answer.count, 0); // never answered inside sendRequest
    QTRY_COMPARE_WITH_TIMEOUT(answer.count, 1, 5000);
    QVERIFY(answer.last->ok());
    QCOMPARE(answer.last->value(), QJsonValue(QJsonObject{{u"x"_s, 1}}));
    QVERIFY(!m_client->isPending(id));
    QCOMPARE(m_client->pendingRequestCount(), 0);
    QVERIFY(barrier());
    QCOMPARE(answer.count, 1);

    // Ids increase.
    Answer second;
    QCOMPARE(m_client->sendRequest(u"echo"_s, {}, m_context.get(), second.handler()), RequestId(3));
    QTRY_COMPARE_WITH_TIMEOUT(second.count, 1, 5000);
}

void tst_JsonRpcPeer::errorFromRemote()
{
    m_server->setRequestHandler(u"fail"_s, [](const JsonRpcMessage &, const Responder &responder) {
        responder.respondError(Error{-32000, u"boom"_s, QJsonValue(u"detail"_s)});
    });
    Answer answer;
    m_client->sendRequest(u"fail"_s, {}, m_context.get(), answer.handler());
    QTRY_COMPARE_WITH_TIMEOUT(answer.count, 1, 5000);
    QVERIFY(!answer.last->ok());
    QCOMPARE(answer.last->error().code, -32000);
    QCOMPARE(answer.last->error().message, u"boom"_s);
    QCOMPARE(answer.last->error().data, QJsonValue(u"detail"_s));
    QVERIFY(barrier());
    QCOMPARE(answer.count, 1);
}

void tst_JsonRpcPeer::methodNotFound()
{
    QSignalSpy violations(m_client.get(), &JsonRpcPeer::protocolViolation);
    Answer answer;
    m_client->sendRequest(u"no/such"_s, {}, m_context.get(), answer.handler());
    QTRY_COMPARE_WITH_TIMEOUT(answer.count, 1, 5000);
    QCOMPARE(answer.errorCode(), int(ErrorCode::MethodNotFound));
    QCOMPARE(answer.errorMessage(), u"Method not found: no/such"_s);
    QCOMPARE(violations.count(), 0);

    // Removing a handler makes its method unknown again.
    m_server->setRequestHandler(u"echo"_s, {});
    Answer removed;
    m_client->sendRequest(u"echo"_s, {}, m_context.get(), removed.handler());
    QTRY_COMPARE_WITH_TIMEOUT(removed.count, 1, 5000);
    QCOMPARE(removed.errorCode(), int(ErrorCode::MethodNotFound));
}

void tst_JsonRpcPeer::notificationsDispatched()
{
    QList<QJsonObject> specific;
    QStringList fallback;
    m_server->setNotificationHandler(u"notifications/x"_s,
                                     [&](const JsonRpcMessage &m) { specific.append(m.params()); });
    m_server->setFallbackNotificationHandler([&](const JsonRpcMessage &m) { fallback.append(m.method()); });
    m_client->sendNotification(u"notifications/x"_s, {{u"n"_s, 1}});
    m_client->sendNotification(u"notifications/y"_s);
    QVERIFY(barrier());
    QCOMPARE(specific, (QList<QJsonObject>{QJsonObject{{u"n"_s, 1}}}));
    QCOMPARE(fallback, QStringList{u"notifications/y"_s});
    // Notifications are never answered.
    QCOMPARE(m_b->sent.size(), 1); // only the barrier's response
}

void tst_JsonRpcPeer::timeout()
{
    QList<Responder> held;
    m_server->setRequestHandler(u"hang"_s, [&](const JsonRpcMessage &, const Responder &r) { held.append(r); });
    Answer answer;
    const RequestId id = m_client->sendRequest(u"hang"_s, {}, m_context.get(), answer.handler(), timeouts(100ms, 10s));
    QTRY_COMPARE_WITH_TIMEOUT(answer.count, 1, 5000);
    QCOMPARE(answer.errorCode(), int(ErrorCode::RequestTimeout));
    QCOMPARE(answer.errorMessage(), u"hang timed out: no answer or progress for 0.1 s"_s);
    QVERIFY2(answer.elapsedAtAnswer >= 100, qPrintable(QString::number(answer.elapsedAtAnswer)));
    QVERIFY(!m_client->isPending(id));

    // The server is told to stop working on it.
    QVERIFY(barrier());
    const auto cancels = m_a->sentWithMethod(u"notifications/cancelled"_s);
    QCOMPARE(cancels.size(), 1);
    QCOMPARE(cancels.first().value(u"params"_s).toObject().value(u"requestId"_s), id.toJson());
    QCOMPARE(held.size(), 1);
    QVERIFY(held.first().isCancelled());
    QCOMPARE(answer.count, 1);
}

void tst_JsonRpcPeer::longLivedRequestHasNoTimeout()
{
    // subscriptions/listen is answered when the server ends it: its timeouts do not apply, progress does
    // not give it one, and it is still answered once (here: by the server, late).
    QList<Responder> held;
    m_server->setRequestHandler(u"listen"_s, [&](const JsonRpcMessage &, const Responder &r) { held.append(r); });
    Answer answer;
    JsonRpcPeer::RequestOptions options = timeouts(50ms, 100ms);
    options.longLived = true;
    const RequestId id = m_client->sendRequest(u"listen"_s, {}, m_context.get(), answer.handler(), options);
    m_client->extendDeadline(id); // as a progress notification would
    // An ordinary request sent later with the same timeouts times out after the long-lived one would
    // have: once its answer and a round trip behind it are in, any timeout of the first would be too.
    serverNeverAnswers(u"hang"_s);
    Answer witness;
    m_client->sendRequest(u"hang"_s, {}, m_context.get(), witness.handler(), timeouts(50ms, 100ms));
    QTRY_COMPARE_WITH_TIMEOUT(witness.count, 1, 5000);
    QCOMPARE(witness.errorCode(), int(ErrorCode::RequestTimeout));
    QVERIFY(barrier());
    QCOMPARE(answer.count, 0);
    QVERIFY(m_client->isPending(id));
    QTRY_COMPARE_WITH_TIMEOUT(held.size(), 1, 5000);
    held.first().respond(QJsonObject{{u"resultType"_s, u"complete"_s}});
    QTRY_COMPARE_WITH_TIMEOUT(answer.count, 1, 5000);
    QVERIFY(!m_client->isPending(id));
}

void tst_JsonRpcPeer::lateResponseAfterTimeoutIgnored()
{
    QSignalSpy violations(m_client.get(), &JsonRpcPeer::protocolViolation);
    m_server->setRequestHandler(u"hang"_s, [](const JsonRpcMessage &, const Responder &) {});
    // Silence the server's automatic internal error so only our late answer arrives.
    m_server.reset();
    Answer answer;
    const RequestId id = m_client->sendRequest(u"hang"_s, {}, m_context.get(), answer.handler(), timeouts(50ms, 10s));
    QTRY_COMPARE_WITH_TIMEOUT(answer.count, 1, 5000);
    QCOMPARE(answer.errorCode(), int(ErrorCode::RequestTimeout));
    m_a->inject(JsonRpcMessage::response(id, QJsonObject{{u"late"_s, true}}).serialize());
    QCoreApplication::processEvents();
    QCOMPARE(violations.count(), 0);
    QCOMPARE(answer.count, 1);
    // Only once: the same id answered again is a violation.
    m_a->inject(JsonRpcMessage::response(id, QJsonObject()).serialize());
    QCOMPARE(violations.count(), 1);
}

void tst_JsonRpcPeer::extendDeadlineKeepsAliveButHardMaxFires()
{
    QList<Responder> held;
    m_server->setRequestHandler(u"slow"_s, [&](const JsonRpcMessage &, const Responder &r) { held.append(r); });

    Answer answer;
    const RequestId id = m_client->sendRequest(u"slow"_s, {}, m_context.get(), answer.handler(), timeouts(150ms, 700ms));
    int extended = 0;
    QTimer progress;
    progress.setInterval(40);
    connect(&progress, &QTimer::timeout, this, [&] {
        if (m_client->extendDeadline(id))
            ++extended;
    });
    progress.start();

    // Well past the 150 ms inactivity timeout, progress keeps it alive.
    QElapsedTimer clock;
    clock.start();
    QVERIFY(QTest::qWaitFor([&] { return clock.elapsed() >= 450 || answer.count > 0; }, 2000));
    QCOMPARE(answer.count, 0);
    QVERIFY(m_client->isPending(id));

    // The hard maximum is never extended.
    QTRY_COMPARE_WITH_TIMEOUT(answer.count, 1, 5000);
    progress.stop();
    QCOMPARE(answer.errorCode(), int(ErrorCode::RequestTimeout));
    QCOMPARE(answer.errorMessage(), u"slow did not finish within the maximum time allowed"_s);
    QVERIFY2(answer.elapsedAtAnswer >= 700, qPrintable(QString::number(answer.elapsedAtAnswer)));
    QVERIFY(extended >= 5);
    QVERIFY(!m_client->extendDeadline(id));
    QVERIFY(barrier());
    QCOMPARE(m_a->sentWithMethod(u"notifications/cancelled"_s).size(), 1);
    QCOMPARE(answer.count, 1);
}

void tst_JsonRpcPeer::extendDeadlineUnknownId()
{
    QVERIFY(!m_client->extendDeadline(RequestId(99)));
    QVERIFY(!m_client->extendDeadline(RequestId()));
}

void tst_JsonRpcPeer::cancelSendsNotificationAndAnswersOnce()
{
    QList<Responder> held;
    m_server->setRequestHandler(u"hang"_s, [&](const JsonRpcMessage &, const Responder &r) { held.append(r); });
    QList<QJsonObject> cancelNotifications;
    m_server->setNotificationHandler(u"notifications/cancelled"_s,
                                     [&](const JsonRpcMessage &m) { cancelNotifications.append(m.params()); });
    QSignalSpy incomingCancelled(m_server.get(), &JsonRpcPeer::incomingRequestCancelled);

    Answer answer;
    const RequestId id = m_client->sendRequest(u"hang"_s, {}, m_context.get(), answer.handler());
    QTRY_COMPARE_WITH_TIMEOUT(held.size(), 1, 5000);

    QVERIFY(m_client->cancel(id, u"user pressed stop"_s));
    QCOMPARE(answer.count, 0); // delivered queued, never inside cancel()
    QVERIFY(!m_client->isPending(id));
    QVERIFY(!m_client->cancel(id));
    QTRY_COMPARE_WITH_TIMEOUT(answer.count, 1, 5000);
    QCOMPARE(answer.errorCode(), int(ErrorCode::RequestCancelled));
    QCOMPARE(answer.errorMessage(), u"user pressed stop"_s);

    QTRY_COMPARE_WITH_TIMEOUT(cancelNotifications.size(), 1, 5000);
    QCOMPARE(cancelNotifications.first(),
             (QJsonObject{{u"requestId"_s, id.toJson()}, {u"reason"_s, u"user pressed stop"_s}}));
    QCOMPARE(incomingCancelled.count(), 1);
    QCOMPARE(incomingCancelled.first().at(0).value<RequestId>(), id);
    QCOMPARE(incomingCancelled.first().at(1).toString(), u"user pressed stop"_s);
    QVERIFY(held.first().isCancelled());

    QVERIFY(barrier());
    QCOMPARE(answer.count, 1);

    // Without a reason a default message is used and no "reason" is sent.
    Answer second;
    const RequestId id2 = m_client->sendRequest(u"hang"_s, {}, m_context.get(), second.handler());
    QTRY_COMPARE_WITH_TIMEOUT(held.size(), 2, 5000);
    QVERIFY(m_client->cancel(id2));
    QTRY_COMPARE_WITH_TIMEOUT(second.count, 1, 5000);
    QCOMPARE(second.errorCode(), int(ErrorCode::RequestCancelled));
    QCOMPARE(second.errorMessage(), u"the request was cancelled"_s);
    QTRY_COMPARE_WITH_TIMEOUT(cancelNotifications.size(), 2, 5000);
    QCOMPARE(cancelNotifications.last(), (QJsonObject{{u"requestId"_s, id2.toJson()}}));
}

void tst_JsonRpcPeer::lateResponseAfterCancelIgnored()
{
    QSignalSpy violations(m_client.get(), &JsonRpcPeer::protocolViolation);
    QList<Responder> held;
    m_server->setRequestHandler(u"hang"_s, [&](const JsonRpcMessage &, const Responder &r) { held.append(r); });
    Answer answer;
    const RequestId id = m_client->sendRequest(u"hang"_s, {}, m_context.get(), answer.handler());
    QTRY_COMPARE_WITH_TIMEOUT(held.size(), 1, 5000);
    QVERIFY(m_client->cancel(id));
    // The response crosses the cancellation on the wire.
    m_a->inject(JsonRpcMessage::response(id, QJsonObject{{u"late"_s, 1}}).serialize());
    QTRY_COMPARE_WITH_TIMEOUT(answer.count, 1, 5000);
    QCOMPARE(answer.errorCode(), int(ErrorCode::RequestCancelled));
    QVERIFY(barrier());
    QCOMPARE(answer.count, 1);
    QCOMPARE(violations.count(), 0);
}

void tst_JsonRpcPeer::responseToUnknownIdIsViolation()
{
    QCOMPARE(violationFor(R"({"jsonrpc":"2.0","id":4242,"result":{}})"_ba),
             u"the server answered request 4242, which was never sent or was already answered"_s);
    QCOMPARE(violationFor(R"({"jsonrpc":"2.0","id":"abc","error":{"code":1,"message":"m"}})"_ba),
             u"the server answered request \"abc\", which was never sent or was already answered"_s);
    // A pending request is still answered normally afterwards.
    Answer answer;
    m_client->sendRequest(u"echo"_s, {}, m_context.get(), answer.handler());
    QTRY_COMPARE_WITH_TIMEOUT(answer.count, 1, 5000);
    QVERIFY(answer.last->ok());
}

void tst_JsonRpcPeer::errorWithNullIdIsViolation()
{
    QCOMPARE(violationFor(R"({"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}})"_ba),
             u"the server reported an error without a request id: Parse error (code -32700)"_s);
}

void tst_JsonRpcPeer::invalidMessageIsViolation()
{
    QCOMPARE(violationFor(R"({"jsonrpc":"1.0","id":1,"result":{}})"_ba),
             u"the server sent an invalid message (\"jsonrpc\" must be \"2.0\"): {\"jsonrpc\":\"1.0\",\"id\":1,\"result\":{}}"_s);
    const QString notJson = violationFor("{nope"_ba);
    QVERIFY2(notJson.startsWith(u"the server sent an invalid message (invalid JSON at offset "_s), qPrintable(notJson));
}

void tst_JsonRpcPeer::droppedResponseFailsItsRequestAtOnce()
{
    Answer other, answer;
    const RequestId id = sendTwoWithNoServer(u"big"_s, other, answer);
    QCOMPARE(id, RequestId(2));
    QSignalSpy violations(m_client.get(), &JsonRpcPeer::protocolViolation);
    emit m_a->messageDropped("{\"id\":2,\"jsonrpc\":\"2.0\",\"result\":{\"content\":[{\"text\":\"xxxxxxxx"_ba, 200000, 65536);
    QVERIFY(!m_client->isPending(id));
    QCOMPARE(violations.count(), 1);
    QCOMPARE(violations.first().first().toString(),
             u"the server sent a message of 200000 bytes, over the limit of 65536 bytes; it was dropped"_s);
    QTRY_COMPARE_WITH_TIMEOUT(answer.count, 1, 5000);
    QCOMPARE(answer.errorCode(), int(ErrorCode::MessageTooLarge));
    QCOMPARE(answer.errorMessage(), u"the server's response was 200000 bytes, over the limit of 65536 bytes; it was dropped"_s);
    QVERIFY(answer.elapsedAtAnswer < 5000); // not by its 60 s timeout
    QCOMPARE(other.count, 0);
    QVERIFY(m_client->isPending(RequestId(1)));

    // A string id is found too.
    emit m_a->messageDropped("{\"jsonrpc\":\"2.0\", \"id\" : \"s-1\", \"result\":{"_ba, 100, 10);
    QCOMPARE(violations.count(), 2);
    QCOMPARE(other.count, 0);
}

void tst_JsonRpcPeer::unreadableResponseFailsItsRequestAtOnce_data()
{
    addColumns<QByteArray, QString>("text", "why");
    QTest::addRow("invalid UTF-8") << "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"text\":\"\xff\xfe\"}}"_ba
                                   << u"invalid UTF8 string"_s;
    QTest::addRow("nested too deep") << "{\"id\":2,\"jsonrpc\":\"2.0\",\"result\":" + QByteArray(1100, '[') + QByteArray(1100, ']') + "}"
                                     << u"too deeply nested"_s;
    // The top-level id counts, not one inside the result (here 1, the other request).
    QTest::addRow("id after the result") << "{\"result\":{\"id\":1,\"x\":\"\xff\"},\"jsonrpc\":\"2.0\",\"id\":2}"_ba
                                         << u"invalid UTF8 string"_s;
    QTest::addRow("string id, cut short") << "{\"jsonrpc\":\"2.0\",\"id\":\"2\",\"result\":{\"a\":"_ba << u"invalid JSON"_s;
}

void tst_JsonRpcPeer::unreadableResponseFailsItsRequestAtOnce()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, why);
    Answer other, answer;
    const RequestId id = sendTwoWithNoServer(u"tools/call"_s, other, answer);
    QCOMPARE(id, RequestId(2));
    QSignalSpy violations(m_client.get(), &JsonRpcPeer::protocolViolation);
    if (QTest::currentDataTag() == QLatin1StringView("string id, cut short")) {
        // Our ids are numbers: a string "2" answers nothing of ours, so nothing fails.
        m_a->inject(text);
        QCOMPARE(violations.count(), 1);
        QVERIFY(deliverPostedEvents()); // a failure would be delivered queued: it would be here now
        QCOMPARE(answer.count, 0);
        return;
    }
    m_a->inject(text);
    QVERIFY(!m_client->isPending(id));
    QCOMPARE(violations.count(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(answer.count, 1, 5000);
    QCOMPARE(answer.errorCode(), int(ErrorCode::ProtocolError));
    QVERIFY2(answer.errorMessage().startsWith(u"the server's answer to tools/call could not be read (invalid JSON at offset "_s),
             qPrintable(answer.errorMessage()));
    QVERIFY2(answer.errorMessage().contains(why), qPrintable(answer.errorMessage()));
    QVERIFY(answer.elapsedAtAnswer < 5000); // not by its 60 s timeout
    QCOMPARE(other.count, 0);
    QVERIFY(m_client->isPending(RequestId(1)));
}

void tst_JsonRpcPeer::unreadableTextThatIsNoResponseFailsNothing_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addRow("a request") << "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\",\"params\":{\"a\":\"\xff\"}}"_ba;
    QTest::addRow("no result or error") << "{\"jsonrpc\":\"2.0\",\"id\":1,\"x\":\"\xff\"}"_ba;
    QTest::addRow("a batch") << "[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"\xff\"}]"_ba;
    QTest::addRow("only an inner id") << "{\"jsonrpc\":\"2.0\",\"result\":{\"id\":1,\"t\":\"\xff\"}}"_ba;
}

void tst_JsonRpcPeer::unreadableTextThatIsNoResponseFailsNothing()
{
    QFETCH(QByteArray, text);
    m_server.reset();
    QSignalSpy violations(m_client.get(), &JsonRpcPeer::protocolViolation);
    Answer answer;
    const RequestId id = m_client->sendRequest(u"mine"_s, {}, m_context.get(), answer.handler());
    QCOMPARE(id, RequestId(1));
    m_a->inject(text);
    QCOMPARE(violations.count(), 1);
    QVERIFY(m_client->isPending(id));
    QVERIFY(deliverPostedEvents()); // a failure would be delivered queued: it would be here now
    QCOMPARE(answer.count, 0);
}

void tst_JsonRpcPeer::receivingEndedFailsPendingAndLaterRequests()
{
    m_server.reset();
    Answer first, second, later;
    m_client->sendRequest(u"one"_s, {}, m_context.get(), first.handler(), timeouts(60s, 60s));
    m_client->sendRequest(u"two"_s, {}, m_context.get(), second.handler(), timeouts(60s, 60s));
    const Error reason = makeError(ErrorCode::TransportError, u"the server closed its standard output"_s);
    emit m_a->receivingEnded(reason);
    QCOMPARE(m_client->pendingRequestCount(), 0);
    QTRY_COMPARE_WITH_TIMEOUT(first.count, 1, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(second.count, 1, 5000);
    QCOMPARE(first.errorMessage(), reason.message);
    QCOMPARE(second.errorCode(), int(ErrorCode::TransportError));
    // The transport is still open, but nothing can answer: a new request fails at once too.
    QVERIFY(m_a->isOpen());
    m_client->sendRequest(u"three"_s, {}, m_context.get(), later.handler(), timeouts(60s, 60s));
    QTRY_COMPARE_WITH_TIMEOUT(later.count, 1, 5000);
    QCOMPARE(later.errorMessage(), reason.message);
    QVERIFY(later.elapsedAtAnswer < 5000);
}

void tst_JsonRpcPeer::droppedRequestFromRemoteDoesNotFailOurs()
{
    // The remote's own request 1 is oversized; our request 1 is unrelated to it.
    m_server.reset();
    QSignalSpy violations(m_client.get(), &JsonRpcPeer::protocolViolation);
    Answer answer;
    const RequestId id = m_client->sendRequest(u"mine"_s, {}, m_context.get(), answer.handler());
    QCOMPARE(id, RequestId(1));
    emit m_a->messageDropped("{\"id\":1,\"jsonrpc\":\"2.0\",\"method\":\"sampling/createMessage\",\"params\":{\"x\":\"yyyy"_ba,
                             5000000, 65536);
    QCOMPARE(violations.count(), 1);
    QVERIFY(m_client->isPending(id));
    QVERIFY(deliverPostedEvents()); // a failure would be delivered queued: it would be here now
    QCOMPARE(answer.count, 0);
}

void tst_JsonRpcPeer::droppedUnknownMessageIsViolation()
{
    QSignalSpy violations(m_client.get(), &JsonRpcPeer::protocolViolation);
    emit m_a->messageDropped("xxxxxxxxxxxxxxxxxxxx"_ba, 70000, 65536);
    QCOMPARE(violations.count(), 1);
    QCOMPARE(violations.first().first().toString(),
             u"the server sent a message of 70000 bytes, over the limit of 65536 bytes; it was dropped"_s);
    // The peer keeps working.
    Answer answer;
    m_client->sendRequest(u"echo"_s, {{u"k"_s, 1}}, m_context.get(), answer.handler());
    QTRY_COMPARE_WITH_TIMEOUT(answer.count, 1, 5000);
    QVERIFY(answer.last->ok());
}

void tst_JsonRpcPeer::transportClosedAnswersAllPendingOnce()
{
    serverNeverAnswers(u"hang"_s);
    Answer a1, a2, a3;
    m_client->sendRequest(u"hang"_s, {}, m_context.get(), a1.handler());
    m_client->sendRequest(u"hang"_s, {}, m_context.get(), a2.handler(), timeouts(200ms, 1s));
    m_client->sendRequest(u"hang"_s, {}, m_context.get(), a3.handler());
    QCOMPARE(m_client->pendingRequestCount(), 3);
    m_a->close();
    QCOMPARE(m_client->pendingRequestCount(), 0);
    QCOMPARE(a1.count + a2.count + a3.count, 0); // queued
    QTRY_COMPARE_WITH_TIMEOUT(a1.count, 1, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(a2.count, 1, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(a3.count, 1, 5000);
    for (const Answer *a : {&a1, &a2, &a3}) {
        QCOMPARE(a->errorCode(), int(ErrorCode::ConnectionClosed));
        QCOMPARE(a->errorMessage(), u"the connection to the server closed"_s);
    }
    // Nothing more arrives later: not the 200 ms timeout, not a second close. The pair opens again
    // so that a request sent now with the same timeout can time out after a2's would have.
    emit m_a->closed();
    m_a->start();
    Answer witness;
    m_client->sendRequest(u"hang"_s, {}, m_context.get(), witness.handler(), timeouts(200ms, 1s));
    QTRY_COMPARE_WITH_TIMEOUT(witness.count, 1, 5000);
    QCOMPARE(witness.errorCode(), int(ErrorCode::RequestTimeout));
    QVERIFY(barrier());
    QCOMPARE(a1.count, 1);
    QCOMPARE(a2.count, 1);
    QCOMPARE(a3.count, 1);
}

void tst_JsonRpcPeer::sendWhenNotConnected()
{
    m_a->close();
    Answer answer;
    const RequestId id = m_client->sendRequest(u"echo"_s, {}, m_context.get(), answer.handler());
    QVERIFY(id.isValid());
    QVERIFY(!m_client->isPending(id));
    QCOMPARE(answer.count, 0);
    QTRY_COMPARE_WITH_TIMEOUT(answer.count, 1, 5000);
    QCOMPARE(answer.errorCode(), int(ErrorCode::NotConnected));
    QCOMPARE(answer.errorMessage(), u"not connected to the server"_s);
    QVERIFY(!m_client->cancel(id));
}

void tst_JsonRpcPeer::destroyedContextNotCalled()
{
    QList<Responder> held;
    m_server->setRequestHandler(u"later"_s, [&](const JsonRpcMessage &, const Responder &r) { held.append(r); });
    bool called = false;
    auto *context = new QObject;
    m_client->sendRequest(u"later"_s, {}, context, [&called](const Result<QJsonValue> &) { called = true; });
    QTRY_COMPARE_WITH_TIMEOUT(held.size(), 1, 5000);
    delete context;
    held.first().respond(QJsonObject{{u"a"_s, 1}});
    QVERIFY(barrier());
    QVERIFY(!called);
    QCOMPARE(m_client->pendingRequestCount(), 0);
}

void tst_JsonRpcPeer::destroyedContextNotCalledForSynthesizedAnswer()
{
    serverNeverAnswers(u"hang"_s);
    int called = 0;
    // Cancelled, then the context dies before the queued answer is delivered.
    auto *c1 = new QObject;
    const RequestId id = m_client->sendRequest(u"hang"_s, {}, c1, [&called](const Result<QJsonValue> &) { ++called; });
    QVERIFY(m_client->cancel(id));
    delete c1;
    // Timed out with the context already gone.
    auto *c2 = new QObject;
    m_client->sendRequest(u"hang"_s, {}, c2, [&called](const Result<QJsonValue> &) { ++called; }, timeouts(30ms, 1s));
    delete c2;
    // Connection closed with the context already gone.
    auto *c3 = new QObject;
    m_client->sendRequest(u"hang"_s, {}, c3, [&called](const Result<QJsonValue> &) { ++called; });
    delete c3;
    // The second request times out first (leaving the third), then the connection closes.
    QTRY_COMPARE_WITH_TIMEOUT(m_client->pendingRequestCount(), 1, 5000);
    m_a->close();
    QVERIFY(deliverPostedEvents()); // every answer is delivered queued: any would have come now
    QCOMPARE(called, 0);
    QCOMPARE(m_client->pendingRequestCount(), 0);
}

void tst_JsonRpcPeer::responderDroppedSendsInternalError()
{
    m_server->setRequestHandler(u"drop"_s, [](const JsonRpcMessage &, const Responder &) {});
    Answer answer;
    m_client->sendRequest(u"drop"_s, {}, m_context.get(), answer.handler());
    QTRY_COMPARE_WITH_TIMEOUT(answer.count, 1, 5000);
    QCOMPARE(answer.errorCode(), int(ErrorCode::InternalError));
    QCOMPARE(answer.errorMessage(), u"the request was dropped without an answer"_s);

    // Copies share state: the error goes out only when the last copy dies.
    std::optional<Responder> kept;
    m_server->setRequestHandler(u"keep"_s, [&](const JsonRpcMessage &, const Responder &r) { kept = r; });
    Answer second;
    m_client->sendRequest(u"keep"_s, {}, m_context.get(), second.handler());
    QTRY_VERIFY_WITH_TIMEOUT(kept.has_value(), 5000);
    QVERIFY(barrier());
    QCOMPARE(second.count, 0);
    QVERIFY(!kept->isAnswered());
    kept.reset();
    QTRY_COMPARE_WITH_TIMEOUT(second.count, 1, 5000);
    QCOMPARE(second.errorCode(), int(ErrorCode::InternalError));
}

void tst_JsonRpcPeer::responderAnsweredTwiceSendsOnce()
{
    QSignalSpy violations(m_client.get(), &JsonRpcPeer::protocolViolation);
    m_server->setRequestHandler(u"twice"_s, [](const JsonRpcMessage &, const Responder &responder) {
        const Responder copy = responder;
        QVERIFY(!responder.isAnswered());
        responder.respond(QJsonObject{{u"n"_s, 1}});
        QVERIFY(responder.isAnswered());
        QVERIFY(copy.isAnswered());
        copy.respond(QJsonObject{{u"n"_s, 2}});
        responder.respondError(Error{-1, u"again"_s, {}});
    });
    Answer answer;
    const RequestId id = m_client->sendRequest(u"twice"_s, {}, m_context.get(), answer.handler());
    QTRY_COMPARE_WITH_TIMEOUT(answer.count, 1, 5000);
    QVERIFY(barrier());
    QCOMPARE(answer.count, 1);
    QCOMPARE(answer.last->value(), QJsonValue(QJsonObject{{u"n"_s, 1}}));
    QCOMPARE(m_b->sentResponsesFor(id.toJson()).size(), 1);
    QCOMPARE(violations.count(), 0);
}

void tst_JsonRpcPeer::responderAnsweredLater()
{
    std::optional<Responder> kept;
    m_server->setRequestHandler(u"later"_s, [&](const JsonRpcMessage &request, const Responder &r) {
        QCOMPARE(r.id(), request.id());
        kept = r;
    });
    Answer answer;
    const RequestId id = m_client->sendRequest(u"later"_s, {}, m_context.get(), answer.handler());
    QTRY_VERIFY_WITH_TIMEOUT(kept.has_value(), 5000);
    QCOMPARE(kept->id(), id);
    QVERIFY(!kept->isCancelled());
    kept->respond(QJsonValue(QJsonValue::Undefined)); // an undefined result goes out as {}
    kept.reset();
    QTRY_COMPARE_WITH_TIMEOUT(answer.count, 1, 5000);
    QCOMPARE(answer.last->value(), QJsonValue(QJsonObject()));
    QVERIFY(barrier());
    QCOMPARE(answer.count, 1);
    QCOMPARE(m_b->sentResponsesFor(id.toJson()).size(), 1);
}

void tst_JsonRpcPeer::incomingRequestCancelledByRemote()
{
    std::optional<Responder> kept;
    m_server->setRequestHandler(u"work"_s, [&](const JsonRpcMessage &, const Responder &r) { kept = r; });
    QSignalSpy cancelled(m_server.get(), &JsonRpcPeer::incomingRequestCancelled);
    Answer answer;
    const RequestId id = m_client->sendRequest(u"work"_s, {}, m_context.get(), answer.handler());
    QTRY_VERIFY_WITH_TIMEOUT(kept.has_value(), 5000);
    QVERIFY(m_client->cancel(id, u"changed my mind"_s));
    QVERIFY(cancelled.wait(5000));
    QCOMPARE(cancelled.count(), 1);
    QCOMPARE(cancelled.first().at(0).value<RequestId>(), id);
    QCOMPARE(cancelled.first().at(1).toString(), u"changed my mind"_s);
    QVERIFY(kept->isCancelled());
    QVERIFY(!kept->isAnswered());

    const qsizetype sentBefore = m_b->sent.size();
    kept->respond(QJsonObject{{u"too"_s, u"late"_s}});
    QVERIFY(kept->isAnswered());
    kept.reset(); // nor an internal error when the last copy goes
    QCOMPARE(m_b->sent.size(), sentBefore);
    QCOMPARE(m_b->sentResponsesFor(id.toJson()).size(), 0);

    // A cancel for an unknown or finished request changes nothing and is not an error.
    m_client->sendNotification(u"notifications/cancelled"_s, {{u"requestId"_s, 777}});
    QVERIFY(barrier());
    QCOMPARE(cancelled.count(), 1);
    QCOMPARE(answer.count, 1);
    QCOMPARE(answer.errorCode(), int(ErrorCode::RequestCancelled));
}

void tst_JsonRpcPeer::failAllPending()
{
    serverNeverAnswers(u"hang"_s);
    Answer a1, a2;
    m_client->sendRequest(u"hang"_s, {}, m_context.get(), a1.handler(), timeouts(100ms, 1s));
    m_client->sendRequest(u"hang"_s, {}, m_context.get(), a2.handler());
    m_client->failAllPending(makeError(ErrorCode::TransportError, u"gone"_s));
    QCOMPARE(m_client->pendingRequestCount(), 0);
    QTRY_COMPARE_WITH_TIMEOUT(a1.count, 1, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(a2.count, 1, 5000);
    QCOMPARE(a1.errorCode(), int(ErrorCode::TransportError));
    QCOMPARE(a2.errorMessage(), u"gone"_s);
    // No second answer when a1's timeout passes: a request sent later with the same timeout has
    // timed out (and a round trip behind its answer is in) after a1's would have.
    Answer witness;
    m_client->sendRequest(u"hang"_s, {}, m_context.get(), witness.handler(), timeouts(100ms, 1s));
    QTRY_COMPARE_WITH_TIMEOUT(witness.count, 1, 5000);
    QCOMPARE(witness.errorCode(), int(ErrorCode::RequestTimeout));
    QVERIFY(barrier());
    QCOMPARE(a1.count, 1);
    QCOMPARE(a2.count, 1);
    // The peer is still usable.
    Answer a3;
    m_client->sendRequest(u"echo"_s, {}, m_context.get(), a3.handler());
    QTRY_COMPARE_WITH_TIMEOUT(a3.count, 1, 5000);
    QVERIFY(a3.last->ok());
}

void tst_JsonRpcPeer::peerDestroyedAnswersPending()
{
    serverNeverAnswers(u"hang"_s);
    Answer answer;
    m_client->sendRequest(u"hang"_s, {}, m_context.get(), answer.handler());
    m_client.reset();
    QTRY_COMPARE_WITH_TIMEOUT(answer.count, 1, 5000);
    QCOMPARE(answer.errorCode(), int(ErrorCode::ConnectionClosed));
    QCOMPARE(answer.errorMessage(), u"the client session was shut down"_s);
    // With the peer gone, only what it queued could still answer.
    QVERIFY(deliverPostedEvents());
    QCOMPARE(answer.count, 1);
}

void tst_JsonRpcPeer::destroyPeerInResponseHandler()
{
    int calls = 0;
    m_client->sendRequest(u"echo"_s, {}, m_context.get(), [&](const Result<QJsonValue> &result) {
        ++calls;
        QVERIFY(result.ok());
        m_client.reset();
    });
    QTRY_COMPARE_WITH_TIMEOUT(calls, 1, 5000);
    QVERIFY(!m_client);
    // Messages that still arrive for the destroyed peer are dropped harmlessly.
    m_b->send(R"({"jsonrpc":"2.0","id":1,"result":{}})"_ba);
    QVERIFY(deliverPostedEvents()); // the pair delivers queued: it has arrived now
    QCOMPARE(calls, 1);
}

void tst_JsonRpcPeer::destroyPeerInBatch()
{
    // Two answers in one batch; the first handler destroys the peer. The second request is then
    // answered by the peer's destructor, exactly once, and the rest of the batch is not touched.
    m_server.reset(); // we answer by hand
    int first = 0;
    Answer second;
    const RequestId id1 = m_client->sendRequest(u"a"_s, {}, m_context.get(), [&](const Result<QJsonValue> &) {
        ++first;
        m_client.reset();
    });
    const RequestId id2 = m_client->sendRequest(u"b"_s, {}, m_context.get(), second.handler());
    const QByteArray batch = "[" + JsonRpcMessage::response(id1, QJsonObject()).serialize() + ","
        + JsonRpcMessage::response(id2, QJsonObject{{u"x"_s, 2}}).serialize() + "]";
    m_a->inject(batch);
    QCOMPARE(first, 1);
    QVERIFY(!m_client);
    QTRY_COMPARE_WITH_TIMEOUT(second.count, 1, 5000);
    QCOMPARE(second.errorCode(), int(ErrorCode::ConnectionClosed));
    QVERIFY(deliverPostedEvents()); // whatever the destroyed peer queued has run
    QCOMPARE(second.count, 1);
    QCOMPARE(first, 1);
}

void tst_JsonRpcPeer::destroyPeerInRequestHandler()
{
    int calls = 0;
    m_server->setRequestHandler(u"suicide"_s, [this, &calls](const JsonRpcMessage &, const Responder &) {
        ++calls;
        m_server.reset();
    });
    Answer answer;
    m_client->sendRequest(u"suicide"_s, {}, m_context.get(), answer.handler(), timeouts(300ms, 1s));
    QTRY_COMPARE_WITH_TIMEOUT(calls, 1, 5000);
    QVERIFY(!m_server);
    // A destroyed peer cannot answer; the request ends by timeout, once.
    QTRY_COMPARE_WITH_TIMEOUT(answer.count, 1, 5000);
    QCOMPARE(answer.errorCode(), int(ErrorCode::RequestTimeout));
    QCOMPARE(m_b->sent.size(), 0);
}

void tst_JsonRpcPeer::destroyPeerInNotificationHandler()
{
    int calls = 0;
    m_server->setNotificationHandler(u"bye"_s, [this, &calls](const JsonRpcMessage &) {
        ++calls;
        m_server.reset();
    });
    m_client->sendNotification(u"bye"_s);
    m_client->sendNotification(u"bye"_s);
    QTRY_COMPARE_WITH_TIMEOUT(calls, 1, 5000);
    QVERIFY(deliverPostedEvents()); // the second "bye" has arrived (the pair delivers queued, in order)
    QCOMPARE(calls, 1);
    QVERIFY(!m_server);
}

void tst_JsonRpcPeer::destroyPeerOnIncomingCancel()
{
    std::optional<Responder> kept;
    m_server->setRequestHandler(u"work"_s, [&](const JsonRpcMessage &, const Responder &r) { kept = r; });
    int cancelledCalls = 0;
    connect(m_server.get(), &JsonRpcPeer::incomingRequestCancelled, this, [&] {
        ++cancelledCalls;
        m_server.reset();
    });
    Answer answer;
    const RequestId id = m_client->sendRequest(u"work"_s, {}, m_context.get(), answer.handler());
    QTRY_VERIFY_WITH_TIMEOUT(kept.has_value(), 5000);
    QVERIFY(m_client->cancel(id));
    QTRY_COMPARE_WITH_TIMEOUT(cancelledCalls, 1, 5000);
    QVERIFY(!m_server);
    kept->respond(QJsonObject()); // the peer is gone: nothing is sent, nothing crashes
    kept.reset();
    QCOMPARE(m_b->sentResponsesFor(id.toJson()).size(), 0);
    QTRY_COMPARE_WITH_TIMEOUT(answer.count, 1, 5000);
}

namespace {

// A response to id whose result holds a string of `size` bytes: large enough to be parsed on a
// pool thread.
QByteArray largeResponse(int id, qsizetype size)
{
    return "{\"id\":" + QByteArray::number(id) + ",\"jsonrpc\":\"2.0\",\"result\":{\"text\":\""
        + QByteArray(size, 'x') + "\"}}";
}

QByteArray smallResponse(int id)
{
    return "{\"id\":" + QByteArray::number(id) + ",\"jsonrpc\":\"2.0\",\"result\":{\"small\":true}}";
}

} // namespace

void tst_JsonRpcPeer::largeMessageIsParsedWhileTheLoopRuns()
{
    // A request the (silent) server side never answers itself; the answer is injected.
    serverNeverAnswers(u"big"_s);
    Answer answer;
    const RequestId id = m_client->sendRequest(u"big"_s, {}, m_context.get(), answer.handler());
    QVERIFY(barrier());
    bool loopTurnedBeforeTheAnswer = false;
    QTimer::singleShot(0, m_context.get(), [&] { loopTurnedBeforeTheAnswer = answer.count == 0; });
    m_a->inject(largeResponse(int(id.toJson().toInteger()), 8 * 1024 * 1024));
    // Parsed synchronously, the answer would be there now, before the event loop ran again.
    QCOMPARE(answer.count, 0);
    QTRY_COMPARE_WITH_TIMEOUT(answer.count, 1, 20000);
    QVERIFY(loopTurnedBeforeTheAnswer);
    QVERIFY(answer.last->ok());
    QCOMPARE(answer.last->value().toObject().value(u"text"_s).toString().size(), 8 * 1024 * 1024);
    QVERIFY(!m_client->isPending(id));
}

void tst_JsonRpcPeer::answersGiveTheirKeyOrder_data()
{
    QTest::addColumn<qsizetype>("padding");
    QTest::addColumn<qsizetype>("limit");
    QTest::addColumn<bool>("ordered");
    const qsizetype small = 100;
    const qsizetype pooled = 1024 * 1024; // parsed on a pool thread
    const qsizetype max = JsonRpcPeer::RequestOptions::maxKeyOrderText;
    QTest::newRow("small, read here") << small << max << true;
    QTest::newRow("small, over the limit for reading here") << small << qsizetype(10) << false;
    // Read along on the pool thread, so the limit for reading it here does not apply (it did once:
    // the Raw JSON tab of a result of 256 KiB or more showed its keys sorted).
    QTest::newRow("parsed on a pool thread") << pooled << JsonRpcPeer::backgroundParseThreshold << true;
    QTest::newRow("longer than the key order is ever read") << max + 1 << max << false;
}

void tst_JsonRpcPeer::answersGiveTheirKeyOrder()
{
    QFETCH(qsizetype, padding);
    QFETCH(qsizetype, limit);
    QFETCH(bool, ordered);
    serverNeverAnswers(u"ordered"_s);
    Answer answer;
    auto order = std::make_shared<std::optional<JsonKeyOrder>>();
    JsonRpcPeer::RequestOptions options;
    options.resultKeyOrder = [order](const JsonKeyOrder &keys) { *order = keys; };
    options.resultKeyOrderLimit = limit;
    const RequestId id = m_client->sendRequest(u"ordered"_s, {}, m_context.get(), answer.handler(), options);
    QVERIFY(barrier());
    m_a->inject("{\"id\":" + QByteArray::number(id.toJson().toInteger()) + R"(,"jsonrpc":"2.0","result":{"zeta":1,"alpha":")"
                + QByteArray(padding, 'x') + R"(","mid":{"z":1,"a":2}}})");
    QTRY_COMPARE_WITH_TIMEOUT(answer.count, 1, 20000);
    QVERIFY(answer.last->ok());
    QVERIFY(order->has_value()); // told before the handler ran
    const QStringList expected = ordered ? QStringList{u"zeta"_s, u"alpha"_s, u"mid"_s} : QStringList{};
    QCOMPARE(order->value().keys(), expected);
    if (ordered)
        QCOMPARE(order->value().member(u"mid"_s).keys(), (QStringList{u"z"_s, u"a"_s}));
}

void tst_JsonRpcPeer::messagesAfterALargeOneKeepTheirOrder()
{
    serverNeverAnswers(u"hang"_s);
    QStringList events;
    const auto recording = [&events](const QString &name) {
        return [&events, name](const Result<QJsonValue> &result) {
            events.append(name + (result ? u":ok"_s : u":error %1"_s.arg(result.error().code)));
        };
    };
    const RequestId big = m_client->sendRequest(u"hang"_s, {}, m_context.get(), recording(u"big"_s));
    const RequestId small = m_client->sendRequest(u"hang"_s, {}, m_context.get(), recording(u"small"_s));
    m_client->sendRequest(u"hang"_s, {}, m_context.get(), recording(u"unanswered"_s));
    m_client->setNotificationHandler(u"note"_s, [&events](const JsonRpcMessage &) { events.append(u"note"_s); });
    QVERIFY(barrier());

    m_a->inject(largeResponse(int(big.toJson().toInteger()), 4 * 1024 * 1024));
    m_a->inject(smallResponse(int(small.toJson().toInteger())));
    m_a->inject(R"({"jsonrpc":"2.0","method":"note"})");
    m_a->close(); // the end of the connection comes last, after everything it carried
    QVERIFY(events.isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(events.size(), 4, 20000);
    QCOMPARE(events, (QStringList{u"big:ok"_s, u"small:ok"_s, u"note"_s,
                                  u"unanswered:error %1"_s.arg(int(ErrorCode::ConnectionClosed))}));
    QVERIFY(deliverPostedEvents()); // the connection is closed: only what is queued could still come
    QCOMPARE(events.size(), 4);
    QCOMPARE(m_client->pendingRequestCount(), 0);
}

void tst_JsonRpcPeer::invalidLargeMessageIsAViolationAndTheRestGoesOn()
{
    QStringList violations;
    connect(m_client.get(), &JsonRpcPeer::protocolViolation, this, [&](const QString &what) { violations.append(what); });
    Answer answer;
    m_client->sendRequest(u"echo"_s, {{u"after"_s, true}}, m_context.get(), answer.handler());
    // The broken message is in the way before the echo's answer comes back.
    m_a->inject("{\"id\":77,\"jsonrpc\":\"2.0\",\"result\":\"" + QByteArray(1024 * 1024, 'y')); // unterminated
    QTRY_COMPARE_WITH_TIMEOUT(answer.count, 1, 20000);
    QCOMPARE(violations.size(), 1);
    QVERIFY2(violations.first().contains(u"sent an invalid message"), qPrintable(violations.first()));
    QVERIFY(answer.last->ok());
}

void tst_JsonRpcPeer::peerDestroyedWhileParsingAnswersOnce()
{
    serverNeverAnswers(u"hang"_s);
    Answer answer;
    const RequestId id = m_client->sendRequest(u"hang"_s, {}, m_context.get(), answer.handler());
    QVERIFY(barrier());
    m_a->inject(largeResponse(int(id.toJson().toInteger()), 8 * 1024 * 1024));
    m_client.reset(); // while the pool thread parses
    QTRY_COMPARE_WITH_TIMEOUT(answer.count, 1, 5000);
    QCOMPARE(answer.errorCode(), int(ErrorCode::ConnectionClosed));
    QVERIFY(QThreadPool::globalInstance()->waitForDone(20000));
    QVERIFY(deliverPostedEvents()); // what the finished parse posted has been delivered
    QCOMPARE(answer.count, 1);
}

QTEST_GUILESS_MAIN(tst_JsonRpcPeer)
#include "tst_jsonrpcpeer.moc"
