// Host, the one composition root, without a widget: what it promises the front ends that build it. It
// reads the servers file and starts what was trusted (and nothing that was not), its pipeline sends a
// call only once its gate decided and its audit log records it, what the options leave out is not made,
// the secret values of the servers file never reach the record, and closing it answers the question a
// server still waits on. Against the demo and fault servers of this build, as child processes; read
// back from the real audit store once the host is gone.

#include "approvalgates.h"
#include "auditrecords.h"
#include "builtservers.h"
#include "testfiles.h"
#include "testhost.h"
#include "waitingfortrust.h"

#include "core/audit/auditlog.h"
#include "core/calls/approvalpolicy.h"
#include "core/calls/toolcall.h"
#include "core/host/host.h"
#include "core/requests/serverrequest.h"
#include "core/requests/serverrequestgate.h"
#include "core/workspace/eracache.h"
#include "core/workspace/serverconfigfile.h"
#include "core/workspace/serverconnection.h"
#include "core/workspace/servertrust.h"
#include "core/workspace/workspace.h"

#include <QJsonDocument>
#include <QPointer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Toolgate;
using namespace Toolgate::TestSupport;
using namespace Qt::StringLiterals;

namespace {

constexpr int waitMs = 20000;

/// A person who is away: each question a server asks stays open until Toolgate withdraws it.
class AwayGate final : public ServerRequestGate
{
public:
    Abilities abilities() const override
    {
        Abilities abilities;
        abilities.elicitationForm = true;
        return abilities;
    }
    void present(ServerRequest *request) override { open.append(request); }

    QList<QPointer<ServerRequest>> open;
};

} // namespace

class tst_Host final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void startsTheTrustedServersOfItsFile();
    void aServerNobodyTrustedWaits();
    void aCallIsDecidedSentAndRecorded();
    void aServerThatCrashesDuringACallSaysSoInWords();
    void withoutAGateNothingIsSent();
    void theGateHearsHowManyQuestionsWait();
    void theOptionsLeaveOutWhatTheyDoNotAskFor();
    void unreadableStateFilesAreReported();
    void secretValuesOfTheFileAreNotRecorded();
    void closingAnswersTheQuestionAServerWaitsOn();

private:
    QString path(const QString &name) const { return m_dir->filePath(name); }
    QString auditPath() const { return path(u"audit.sqlite"_s); }
    /// The host on the folder, its servers file listing servers and its audit store at auditPath().
    Host &makeHost(const QList<ServerConfig> &servers, const std::function<void(Host::Options &)> &adjust = {}, bool trustListed = true);
    ServerConnection *startAndWait(const QString &name) { return startServer(*m_host, name, waitMs); }
    /// Drops the host: its audit log writes what is queued last.
    void closeHost() { m_host.reset(); }

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Host> m_host;
};

void tst_Host::initTestCase()
{
    QVERIFY2(QFileInfo(demoConfig().command).isExecutable(), qPrintable(demoConfig().command));
    QVERIFY2(QFileInfo(faultConfig({}).command).isExecutable(), qPrintable(faultConfig({}).command));
}

void tst_Host::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void tst_Host::cleanup()
{
    closeHost();
    m_dir.reset();
}

Host &tst_Host::makeHost(const QList<ServerConfig> &servers, const std::function<void(Host::Options &)> &adjust, bool trustListed)
{
    if (!ServerConfigFile::save(path(u"servers.json"_s), servers))
        qWarning("servers.json could not be written");
    m_host = guiTestHost(m_dir->path(), auditPath(), adjust, trustListed);
    return *m_host;
}

void tst_Host::startsTheTrustedServersOfItsFile()
{
    Host &host = makeHost({demoConfig()}, [](Host::Options &options) { options.initiator = CallInitiator::Cli; });
    QVERIFY(host.serverTrustLoaded());
    ServerConnection *demo = startAndWait(u"demo"_s);
    QVERIFY(demo);
    QCOMPARE(demo->session()->serverInfo().name, u"toolgate-demo-server"_s);
    // Listed as soon as it was ready (listOnConnect, the app's default).
    QTRY_VERIFY_WITH_TIMEOUT(!demo->tools().isEmpty(), waitMs);

    // The connection's life is in the audit log, recorded as the front end the options name.
    closeHost();
    const auto stored = storedRecords(auditPath(), {.types = {AuditRecordType::Connection}, .servers = {u"demo"_s}});
    QVERIFY(stored);
    const QStringList names = namesOf(stored.value());
    QVERIFY2(names.mid(0, 2) == (QStringList{u"connecting"_s, u"connected"_s}), qPrintable(names.join(u", ")));
    QCOMPARE(stored->constFirst().initiator, CallInitiator::Cli);
}

void tst_Host::aServerNobodyTrustedWaits()
{
    const QString pids = path(u"pids"_s);
    Host &host = makeHost({faultConfig(pids)}, {}, false);
    QVERIFY(host.loadServers());
    host.workspace()->startAll();
    ServerConnection *fault = host.workspace()->connection(u"fault"_s);
    QVERIFY(fault);
    QTRY_COMPARE_WITH_TIMEOUT(fault->status(), ServerConnection::Status::WaitingForTrust, waitMs);
    QVERIFY(startsNothing(fault));
    QCOMPARE(starts(pids), 0);

    // Trusted by a person: it starts, and the trust is kept for the next run.
    QVERIFY(fault->trust(u"tests"_s));
    QTRY_COMPARE_WITH_TIMEOUT(fault->status(), ServerConnection::Status::Ready, waitMs);
    QCOMPARE(starts(pids), 1);
    ServerTrust kept(path(u"server-trust.json"_s));
    QVERIFY(kept.load());
    QVERIFY(kept.isTrusted(faultConfig(pids)));
}

void tst_Host::aCallIsDecidedSentAndRecorded()
{
    Host &host = makeHost({demoConfig()});
    ScriptedGate gate;
    host.setApprovalGate(&gate);
    ServerConnection *demo = startAndWait(u"demo"_s);
    QVERIFY(demo);
    QVERIFY(host.approvalPolicy()); // remembered decisions are the default

    QPointer<ToolCall> call = host.toolCalls()->call(demo, u"echo"_s, {{u"text"_s, u"through the host"_s}}, CallInitiator::Gui, this);
    QSignalSpy finished(call.data(), &ToolCall::finished);
    QVERIFY(finished.wait(waitMs));
    QCOMPARE(call->outcome().kind, ToolCallOutcome::Kind::Succeeded);
    QVERIFY2(call->outcome().result.textSummary().contains(u"through the host"_s), qPrintable(call->outcome().result.textSummary()));
    QCOMPARE(gate.requests.size(), 1);
    QCOMPARE(gate.requests.constFirst().arguments.value(u"text"_s).toString(), u"through the host"_s);

    closeHost();
    const auto stored = storedRecords(auditPath(), {.types = {AuditRecordType::ToolCall}});
    QVERIFY(stored);
    QCOMPARE(stored->size(), 1);
    const AuditRecord &record = stored->constFirst();
    QCOMPARE(record.name, u"echo"_s);
    QCOMPARE(record.serverName, u"demo"_s);
    QCOMPARE(record.decision, ApprovalDecision::Kind::AllowOnce);
    QCOMPARE(record.outcome, AuditOutcome::Succeeded);
}

void tst_Host::aServerThatCrashesDuringACallSaysSoInWords()
{
    // Issue #34: not "the connection to the server closed • Error code -33000", but how the server ended
    // and what became of it.
    Host &host = makeHost({faultConfig(path(u"pids"_s))});
    ScriptedGate gate;
    host.setApprovalGate(&gate);
    ServerConnection *fault = startAndWait(u"fault"_s);
    QVERIFY(fault);

    QPointer<ToolCall> call = host.toolCalls()->call(fault, u"abort"_s, {}, CallInitiator::Gui, this);
    QSignalSpy finished(call.data(), &ToolCall::finished);
    QVERIFY(finished.wait(waitMs));
    QCOMPARE(call->outcome().kind, ToolCallOutcome::Kind::Failed);
    const QString message = call->outcome().error.message;
    // std::abort(): SIGABRT, said by name (also when a sandbox's launcher passes it on as exit code 134).
    QVERIFY2(message.startsWith(u"the server stopped while running this call — it crashed (signal 6: aborted"_s), qPrintable(message));
    QVERIFY2(message.endsWith(u". Toolgate is restarting it; run the tool again once it shows Ready."_s), qPrintable(message));
    QVERIFY(ClientSession::isServerStopped(call->outcome().error));
    // And it is restarted, as the message says.
    QTRY_COMPARE_WITH_TIMEOUT(fault->status(), ServerConnection::Status::Ready, waitMs);
}

void tst_Host::theGateHearsHowManyQuestionsWait()
{
    // The host's pipeline asks one question at a time; the front end's gate (here one that holds its
    // question) must hear how many wait behind it, through whatever stands between it and the pipeline.
    class CountingGate final : public ApprovalGate
    {
    public:
        void requestApproval(const ApprovalRequest &, QObject *, std::function<void(const ApprovalDecision &)> decide) override
        {
            held = std::move(decide);
        }
        void setWaitingCount(int count) override { counts.append(count); }
        std::function<void(const ApprovalDecision &)> held;
        QList<int> counts;
    };
    Host &host = makeHost({demoConfig()});
    CountingGate gate;
    host.setApprovalGate(&gate);
    ServerConnection *demo = startAndWait(u"demo"_s);
    QVERIFY(demo);
    QPointer<ToolCall> first = host.toolCalls()->call(demo, u"echo"_s, {{u"text"_s, u"one"_s}}, CallInitiator::Gui, this);
    QPointer<ToolCall> second = host.toolCalls()->call(demo, u"echo"_s, {{u"text"_s, u"two"_s}}, CallInitiator::Gui, this);
    QTRY_VERIFY_WITH_TIMEOUT(gate.held && !gate.counts.isEmpty() && gate.counts.constLast() == 1, waitMs);
    std::exchange(gate.held, {})(ApprovalDecision::deny());
    QTRY_VERIFY_WITH_TIMEOUT(bool(gate.held), waitMs);
    QCOMPARE(gate.counts.constLast(), 0);
    std::exchange(gate.held, {})(ApprovalDecision::deny());
    QTRY_VERIFY_WITH_TIMEOUT(first && second && first->stage() == ToolCall::Stage::Finished && second->stage() == ToolCall::Stage::Finished, waitMs);
    delete first.data();
    delete second.data();
}

void tst_Host::withoutAGateNothingIsSent()
{
    Host &host = makeHost({demoConfig()});
    ServerConnection *demo = startAndWait(u"demo"_s);
    QVERIFY(demo);
    QPointer<ToolCall> call = host.toolCalls()->call(demo, u"echo"_s, {{u"text"_s, u"nobody decided"_s}}, CallInitiator::Gui, this);
    QSignalSpy finished(call.data(), &ToolCall::finished);
    QVERIFY(finished.wait(waitMs));
    QCOMPARE(call->outcome().kind, ToolCallOutcome::Kind::Denied);
    QCOMPARE(call->outcome().decision.reason, u"no one was there to decide"_s);
    QVERIFY(!call->outcome().result.textSummary().contains(u"nobody decided"_s));

    closeHost();
    const auto stored = storedRecords(auditPath(), {.types = {AuditRecordType::ToolCall}});
    QVERIFY(stored);
    QCOMPARE(stored->size(), 1);
    QCOMPARE(stored->constFirst().outcome, AuditOutcome::Denied);
}

void tst_Host::theOptionsLeaveOutWhatTheyDoNotAskFor()
{
    {
        // As the app builds it: all of it.
        Host &host = makeHost({}, [this](Host::Options &options) { options.eraCachePath = path(u"eras.json"_s); });
        QVERIFY(host.approvalPolicy());
        QVERIFY(host.eraCache());
        QVERIFY(host.eraCacheLoaded());
        QVERIFY(host.serverTrust());
        QVERIFY(host.argumentRules());
        QVERIFY(host.tasks());
        QVERIFY(host.serverRequests());
        QVERIFY(host.signIns());
        QVERIFY(host.secretStore());
        QCOMPARE(host.audit()->path(), auditPath());
    }
    // As toolgate-cli builds it: no remembered decisions, no era cache (so no probe), and (here) no trust.
    Host &host = makeHost({}, [](Host::Options &options) {
        options.rememberDecisions = false;
        options.requireServerTrust = false;
    });
    QVERIFY(!host.approvalPolicy());
    QVERIFY(!host.eraCache());
    QVERIFY(!host.serverTrust());
    QVERIFY(host.toolCalls());
    QVERIFY(host.audit());
}

void tst_Host::unreadableStateFilesAreReported()
{
    QVERIFY(writeFile(path(u"eras.json"_s), "{ not json"));
    QVERIFY(writeFile(path(u"server-trust.json"_s), "[ not json either"));
    Host &host = makeHost({}, [this](Host::Options &options) { options.eraCachePath = path(u"eras.json"_s); });
    QVERIFY(!host.eraCacheLoaded());
    QVERIFY(!host.eraCacheLoaded().error().message.isEmpty());
    QVERIFY(!host.serverTrustLoaded());
    QVERIFY(!host.serverTrustLoaded().error().message.isEmpty());
    // They start empty: the host still works, and nothing is trusted.
    QVERIFY(host.eraCache());
    QVERIFY(host.serverTrust());
    QVERIFY(!host.serverTrust()->isTrusted(faultConfig(path(u"pids"_s))));
}

void tst_Host::secretValuesOfTheFileAreNotRecorded()
{
    const QString secret = u"sk-host-test-0123456789"_s;
    ServerConfig demo = demoConfig();
    demo.env.insert(u"API_KEY"_s, secret);
    // Trust is not what this is about: the server starts as soon as it is loaded.
    Host &host = makeHost({demo}, [](Host::Options &options) { options.requireServerTrust = false; });
    ScriptedGate gate;
    host.setApprovalGate(&gate);
    ServerConnection *connection = startAndWait(u"demo"_s);
    QVERIFY(connection);
    QPointer<ToolCall> call = host.toolCalls()->call(connection, u"echo"_s, QJsonObject{{u"text"_s, QString(u"the key is "_s + secret)}},
                                                     CallInitiator::Gui, this);
    QSignalSpy finished(call.data(), &ToolCall::finished);
    QVERIFY(finished.wait(waitMs));
    QCOMPARE(call->outcome().kind, ToolCallOutcome::Kind::Succeeded);

    closeHost();
    const auto stored = storedRecords(auditPath(), {.types = {AuditRecordType::ToolCall}});
    QVERIFY(stored);
    QCOMPARE(stored->size(), 1);
    const QString recorded = QString::fromUtf8(QJsonDocument(stored->constFirst().arguments).toJson(QJsonDocument::Compact))
        + QString::fromUtf8(QJsonDocument(stored->constFirst().result.value_or(QJsonObject())).toJson(QJsonDocument::Compact));
    QVERIFY2(recorded.contains(u"the key is "_s), qPrintable(recorded));
    QVERIFY2(!recorded.contains(secret), qPrintable(recorded));
}

void tst_Host::closingAnswersTheQuestionAServerWaitsOn()
{
    Host &host = makeHost({demoConfig()});
    ScriptedGate approvals;
    AwayGate person;
    host.setApprovalGate(&approvals);
    host.setServerRequestGate(&person);
    ServerConnection *demo = startAndWait(u"demo"_s);
    QVERIFY(demo);

    // confirm_action asks the person (elicitation/create) before it answers the call.
    QPointer<ToolCall> call = host.toolCalls()->call(demo, u"confirm_action"_s, {{u"action"_s, u"empty the bin"_s}}, CallInitiator::Gui,
                                                     this);
    QTRY_COMPARE_WITH_TIMEOUT(person.open.size(), 1, waitMs);
    QPointer<ServerRequest> question = person.open.constFirst();
    QVERIFY(question);
    QCOMPARE(question->method(), u"elicitation/create"_s);
    QSignalSpy withdrawn(question.data(), &ServerRequest::withdrawn);

    closeHost();
    // Answered by Toolgate as it closed, and the gate told to close its question.
    QCOMPARE(withdrawn.size(), 1);
    QVERIFY(!withdrawn.constFirst().constFirst().toString().isEmpty());

    // Recorded, both of them: the question with how it ended, the call not left under way.
    const auto requests = storedRecords(auditPath(), {.types = {AuditRecordType::ServerRequest}});
    QVERIFY(requests);
    QCOMPARE(namesOf(requests.value()), QStringList{u"elicitation/create"_s});
    QVERIFY(requests->constFirst().outcome != AuditOutcome::Pending);
    const auto calls = storedRecords(auditPath(), {.types = {AuditRecordType::ToolCall}});
    QVERIFY(calls);
    QCOMPARE(namesOf(calls.value()), QStringList{u"confirm_action"_s});
    QCOMPARE(calls->constFirst().decision, ApprovalDecision::Kind::AllowOnce);
    QVERIFY(calls->constFirst().outcome != AuditOutcome::Pending);
}

QTEST_GUILESS_MAIN(tst_Host)
#include "tst_host.moc"
