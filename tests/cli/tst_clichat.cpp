// toolgate-cli chat (issue 31) end to end: the built toolgate-cli talks to the scripted model server (a
// program of its own, toolgate-scripted-model-server, real HTTP on 127.0.0.1, both wire formats) and
// to the project's demo server. At a terminal (a pseudo-terminal on stdin) the person allows or denies
// each call the model asks for; without one only calls a rule allows run. What the model was sent is in
// the model server's record of requests, what the demo server ran in the audit log.

#include "cliprocess.h"
#include "scriptedmodelprocess.h"
#include "terminalsession.h"

#include "core/audit/auditreader.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Toolgate;
using namespace Toolgate::TestSupport;
using namespace Qt::StringLiterals;

namespace {

const QString fakeKey = u"sk-test-chat-not-a-real-key-0815"_s;

/// The text of the tool results a recorded request carried, in either format ("Error: " marks an
/// OpenAI error; Anthropic's is_error is added the same way).
QStringList carriedResults(const QJsonObject &request)
{
    QStringList texts;
    const QJsonArray messages = request.value(u"body"_s).toObject().value(u"messages"_s).toArray();
    for (const QJsonValue &value : messages) {
        const QJsonObject message = value.toObject();
        if (message.value(u"role"_s).toString() == u"tool"_s)
            texts.append(message.value(u"content"_s).toString());
        for (const QJsonValue &block : message.value(u"content"_s).toArray()) {
            const QJsonObject result = block.toObject();
            if (result.value(u"type"_s).toString() == u"tool_result"_s)
                texts.append((result.value(u"is_error"_s).toBool() ? u"Error: "_s : QString()) + result.value(u"content"_s).toString());
        }
    }
    return texts;
}

} // namespace

Q_DECLARE_METATYPE(QList<Toolgate::TestSupport::PromptAnswer>)

class tst_CliChat : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();

    void atATerminalThePersonDecides_data();
    void atATerminalThePersonDecides();
    void withoutATerminalOnlyARuleLetsACallRun();
    void aModelFromTheModelsFile();
    void samplingAnsweredByTheModelAtATerminal();
    void samplingModelNeedsATerminal();
    void interactiveUntilEndOfInput();
    void aSkillGoesToTheModelOnlyOnYes_data();
    void aSkillGoesToTheModelOnlyOnYes();
    void aTamperedSkillIsNeverOffered();
    void exitCodes_data();
    void exitCodes();
    void usageErrors_data();
    void usageErrors();

private:
    QStringList chatArguments(const QString &api, const QString &question, const QStringList &extra = {}) const;
    QMap<QString, QString> env() const;
    QList<AuditRecord> callRecords() const;
    QList<AuditRecord> samplingRecords() const;
    /// A models file with the connection "scripted" to the scripted model server (OpenAI format).
    void writeSamplingModel();
    /// No file toolgate-cli wrote in its config folder, and not its output, holds the key.
    void keyAppearsNowhere(const CliRun &run) const;

    const QString m_demo = executable(u"toolgate-demo-server"_s);
    const QString m_skillsServer = executable(u"toolgate-skills-server"_s);
    std::unique_ptr<QTemporaryDir> m_config;
    std::unique_ptr<CliProcess> m_cli;
    std::unique_ptr<ModelServerProcess> m_model;
};

void tst_CliChat::initTestCase()
{
#ifdef Q_OS_WIN
    QSKIP("the terminal tests need a POSIX pseudo-terminal");
#endif
    const QString missing = notBuilt({cliPath(), m_demo, m_skillsServer, executable(u"toolgate-scripted-model-server"_s)});
    QVERIFY2(missing.isEmpty(), qPrintable(missing));
}

void tst_CliChat::init()
{
    m_config = std::make_unique<QTemporaryDir>();
    QVERIFY(m_config->isValid());
    m_cli = std::make_unique<CliProcess>();
    m_model = std::make_unique<ModelServerProcess>();
}

QStringList tst_CliChat::chatArguments(const QString &api, const QString &question, const QStringList &extra) const
{
    QStringList arguments{u"chat"_s,
                          u"--model-url"_s,
                          api == u"openai"_s ? m_model->openAiUrl() : m_model->anthropicUrl(),
                          u"--model-api"_s,
                          api,
                          u"--model"_s,
                          u"scripted-model"_s,
                          u"--model-key-env"_s,
                          u"TG_TEST_MODEL_KEY"_s};
    arguments += extra;
    if (!question.isEmpty())
        arguments.append(question);
    return arguments + QStringList{u"--"_s, m_demo};
}

QMap<QString, QString> tst_CliChat::env() const
{
    return {{u"TOOLGATE_CONFIG_DIR"_s, m_config->path()},
            {u"TOOLGATE_AUDIT_DB"_s, m_config->filePath(u"audit.sqlite"_s)},
            {u"TG_TEST_MODEL_KEY"_s, fakeKey}};
}

QList<AuditRecord> tst_CliChat::callRecords() const
{
    QList<AuditRecord> records;
    auto reader = AuditReader::open(m_config->filePath(u"audit.sqlite"_s));
    if (!reader)
        return records;
    (void)reader.value()->forEach({.types = {AuditRecordType::ToolCall}}, [&](const AuditRecord &record) {
        records.append(record);
        return true;
    });
    return records;
}

void tst_CliChat::keyAppearsNowhere(const CliRun &run) const
{
    QVERIFY2(!run.all().contains(fakeKey), "the key was printed");
    const QDir folder(m_config->path());
    for (const QString &name : folder.entryList(QDir::Files)) {
        if (name == u"requests.jsonl"_s)
            continue; // the model server's own record of what it received
        QFile file(folder.filePath(name));
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(name));
        QVERIFY2(!file.readAll().contains(fakeKey.toUtf8()), qPrintable(name));
    }
}

void tst_CliChat::atATerminalThePersonDecides_data()
{
    QTest::addColumn<QString>("api");
    QTest::addColumn<QList<PromptAnswer>>("answers");
    QTest::addColumn<QString>("carried");
    QTest::addColumn<bool>("ran");
    const QList<PromptAnswer> allow{{u"Allow this call\\? .*"_s, u"y"_s}};
    const QList<PromptAnswer> deny{{u"Allow this call\\? .*"_s, u"n"_s}, {u"Reason for denying .*"_s, u"not with my numbers"_s}};
    for (const QString &api : {u"openai"_s, u"anthropic"_s}) {
        QTest::addRow("%s, allowed", qPrintable(api)) << api << allow << u"2 + 3 = 5"_s << true;
        QTest::addRow("%s, denied", qPrintable(api)) << api << deny << u"Error: denied by the person: not with my numbers"_s << false;
    }
}

void tst_CliChat::atATerminalThePersonDecides()
{
    QFETCH(QString, api);
    QFETCH(QList<PromptAnswer>, answers);
    QFETCH(QString, carried);
    QFETCH(bool, ran);
    QVERIFY(m_model->start({callTurn(u"call_7"_s, u"add"_s, u"{\"a\": 2, \"b\": 3}"_s)}, m_config->path()));
    const CliRun run = converseAtTerminal(*m_cli, chatArguments(api, u"What is 2 + 3?"_s), answers, env());
    VERIFY_CLI(run.exitCode == 0, run);

    // The question showed where the call comes from, and what it is.
    VERIFY_CLI(run.err.contains(u"Requested by: the model in conversation «What is 2 + 3?»"_s), run);
    VERIFY_CLI(run.err.contains(u"Tools exposed to it"_s) && run.err.contains(u"add"_s), run);
    // The model's next request carries the result, or the person's reason; its answer is on stdout.
    const QList<QJsonObject> requests = m_model->requests();
    QCOMPARE(requests.size(), 2);
    QCOMPARE(carriedResults(requests.at(1)), QStringList{carried});
    VERIFY_CLI(run.out().contains(ran ? u"The tool said: 2 + 3 = 5"_s : u"denied by the person: not with my numbers"_s), run);
    // The key went to the model server (its format's header), and nowhere else.
    const QJsonObject headers = requests.first().value(u"headers"_s).toObject();
    QCOMPARE(api == u"openai"_s ? headers.value(u"authorization"_s).toString() : headers.value(u"x-api-key"_s).toString(),
             api == u"openai"_s ? u"Bearer "_s + fakeKey : fakeKey);
    keyAppearsNowhere(run);

    // The audit log: the model's call, the person's decision, and (allowed) it ran or (denied) nothing was sent.
    const QList<AuditRecord> records = callRecords();
    QCOMPARE(records.size(), 1);
    QCOMPARE(records.first().initiator, CallInitiator::Model);
    QCOMPARE(records.first().name, u"add"_s);
    QCOMPARE(records.first().decisionSource, ApprovalDecision::Source::Human);
    QCOMPARE(records.first().outcome, ran ? AuditOutcome::Succeeded : AuditOutcome::Denied);
    if (!ran)
        QCOMPARE(records.first().decisionReason, u"not with my numbers"_s);
}

void tst_CliChat::withoutATerminalOnlyARuleLetsACallRun()
{
    // A rule allows add for small numbers. The model asks twice: 2 + 3 (the rule allows it, it runs
    // without asking) and 2000 + 3 (no rule allows it, nobody to ask: denied, the model told why).
    QFile rules(m_config->filePath(u"rules.json"_s));
    QVERIFY(rules.open(QIODevice::WriteOnly));
    const QJsonObject rule{
        {u"name"_s, u"small sums"_s},
        {u"server"_s, u"toolgate-demo-server"_s},
        {u"tool"_s, u"add"_s},
        {u"enabled"_s, true},
        {u"shadow"_s, false},
        {u"conditions"_s,
         QJsonArray{QJsonObject{{u"argument"_s, u"a"_s}, {u"kind"_s, u"numberWithin"_s}, {u"minimum"_s, 0}, {u"maximum"_s, 100}}}},
        {u"action"_s, u"allow"_s}};
    rules.write(QJsonDocument(QJsonObject{{u"rules"_s, QJsonArray{rule}}}).toJson());
    rules.close();
    QJsonObject twoCalls = callTurn(u"small"_s, u"add"_s, u"{\"a\": 2, \"b\": 3}"_s);
    QJsonArray calls = twoCalls.value(u"calls"_s).toArray();
    calls.append(QJsonObject{{u"id"_s, u"large"_s}, {u"name"_s, u"add"_s}, {u"arguments"_s, u"{\"a\": 2000, \"b\": 3}"_s}});
    twoCalls.insert(u"calls"_s, calls);
    QVERIFY(m_model->start({twoCalls}, m_config->path()));

    // stdin is no terminal (a pipe that says y): nothing is asked, and a "y" changes nothing.
    const CliRun run = m_cli->run(chatArguments(u"openai"_s, u"Sums, please"_s, {u"--json"_s}), "y\ny\n", env());
    VERIFY_CLI(run.exitCode == 0, run);
    VERIFY_CLI(!run.err.contains(u"Allow this call?"_s), run);
    const QList<QJsonObject> requests = m_model->requests();
    QCOMPARE(requests.size(), 2);
    const QStringList results = carriedResults(requests.at(1));
    QCOMPARE(results.size(), 2);
    QCOMPARE(results.at(0), u"2 + 3 = 5"_s);
    VERIFY_CLI(results.at(1).startsWith(u"Error: denied by Toolgate: nobody is at a terminal"_s), run);

    // The transcript: both calls with their decisions, and the model's answer.
    const QJsonObject transcript = run.json();
    const QJsonArray recorded = transcript.value(u"toolCalls"_s).toArray();
    QCOMPARE(recorded.size(), 2);
    QCOMPARE(recorded.at(0).toObject().value(u"status"_s).toString(), u"succeeded"_s);
    QCOMPARE(recorded.at(0).toObject().value(u"decision"_s).toObject().value(u"by"_s).toString(), u"rule"_s);
    QCOMPARE(recorded.at(1).toObject().value(u"status"_s).toString(), u"denied"_s);
    QCOMPARE(transcript.value(u"ending"_s).toString(), u"answered"_s);
    QVERIFY(transcript.value(u"answer"_s).toString().startsWith(u"The tool said: 2 + 3 = 5"_s));
    QCOMPARE(transcript.value(u"exposedTools"_s).toArray().size() > 1, true);
    QVERIFY(transcript.value(u"usage"_s).toObject().value(u"total"_s).toObject().value(u"inputTokens"_s).toInt() > 0);

    const QList<AuditRecord> records = callRecords();
    QCOMPARE(records.size(), 2);
    QCOMPARE(records.at(0).outcome, AuditOutcome::Succeeded);
    QCOMPARE(records.at(1).outcome, AuditOutcome::Denied);
    QCOMPARE(records.at(1).initiator, CallInitiator::Model);
    keyAppearsNowhere(run);
}

void tst_CliChat::aModelFromTheModelsFile()
{
    QVERIFY(m_model->start({callTurn(u"c"_s, u"echo"_s, u"{\"text\": \"hi\"}"_s)}, m_config->path()));
    QFile models(m_config->filePath(u"models.json"_s));
    QVERIFY(models.open(QIODevice::WriteOnly));
    models.write(QJsonDocument(QJsonObject{{u"models"_s,
                                            QJsonObject{{u"local"_s,
                                                         QJsonObject{{u"api"_s, u"anthropic"_s},
                                                                     {u"baseUrl"_s, m_model->anthropicUrl()},
                                                                     {u"model"_s, u"scripted-local"_s}}}}}})
                     .toJson());
    models.close();
    // --tool narrows what the model is offered; a pipe on stdin: the echo call is denied, the model told.
    const CliRun run = m_cli->run({u"chat"_s, u"--model"_s, u"local"_s, u"--tool"_s, u"echo"_s, u"Say hi"_s, u"--"_s, m_demo}, {}, env());
    VERIFY_CLI(run.exitCode == 0, run);
    const QList<QJsonObject> requests = m_model->requests();
    QCOMPARE(requests.size(), 2);
    QCOMPARE(requests.first().value(u"api"_s).toString(), u"anthropic"_s);
    QCOMPARE(requests.first().value(u"body"_s).toObject().value(u"model"_s).toString(), u"scripted-local"_s);
    const QJsonArray offered = requests.first().value(u"body"_s).toObject().value(u"tools"_s).toArray();
    QCOMPARE(offered.size(), 1);
    QCOMPARE(offered.first().toObject().value(u"name"_s).toString(), u"echo"_s);
    VERIFY_CLI(run.out().contains(u"The tool said: denied by Toolgate"_s), run);

    // A name the file does not have: a configuration error, before any server starts.
    const CliRun unknown = m_cli->run({u"chat"_s, u"--model"_s, u"nope"_s, u"Hi"_s, u"--"_s, m_demo}, {}, env());
    VERIFY_CLI(unknown.exitCode == 3 && unknown.err.contains(u"no model named \"nope\""_s) && unknown.err.contains(u"local"_s), unknown);
}

QList<AuditRecord> tst_CliChat::samplingRecords() const
{
    QList<AuditRecord> records;
    auto reader = AuditReader::open(m_config->filePath(u"audit.sqlite"_s));
    if (!reader)
        return records;
    (void)reader.value()->forEach({.types = {AuditRecordType::ServerRequest}, .names = {u"sampling/createMessage"_s}}, [&](const AuditRecord &record) {
        records.append(record);
        return true;
    });
    return records;
}

void tst_CliChat::writeSamplingModel()
{
    QFile models(m_config->filePath(u"models.json"_s));
    QVERIFY(models.open(QIODevice::WriteOnly));
    models.write(QJsonDocument(QJsonObject{{u"models"_s,
                                            QJsonObject{{u"scripted"_s,
                                                         QJsonObject{{u"api"_s, u"openai"_s},
                                                                     {u"baseUrl"_s, m_model->openAiUrl()},
                                                                     {u"model"_s, u"scripted-sampler"_s}}}}}})
                     .toJson());
}

void tst_CliChat::samplingAnsweredByTheModelAtATerminal()
{
    // server-everything asks for sampling; --sampling-model lets the model write the reply, each step
    // shown and approved at the terminal.
    QVERIFY(m_model->start({QJsonObject{{u"text"_s, u"Paris, wrote the model."_s}}}, m_config->path()));
    writeSamplingModel();
    const QList<PromptAnswer> answers{
        {u"Allow this call\\? .*: "_s, u"y"_s},
        {u"Reply\\? \\[w\\]rite a reply / \\[m\\]odel \"scripted\" writes it.*: "_s, u"m"_s},
        {u"Send this to the model\\? .*: "_s, u"y"_s},
        {u"Return this reply to the server\\? .*: "_s, u"y"_s},
    };
    const CliRun run = converseAtTerminal(*m_cli,
                                          QStringList{u"--sampling-model"_s, u"scripted"_s, u"call"_s, u"trigger-sampling-request"_s,
                                                      u"prompt=What is the capital of France?"_s, u"maxTokens=60"_s, u"--"_s}
                                              + everythingCommand(),
                                          answers, env());
    VERIFY_CLI(run.exitCode == 0, run);
    // The person saw what went to the model, and its reply, before the server got it.
    VERIFY_CLI(run.err.contains(u"This goes to the model \"scripted-sampler\" (connection \"scripted\""_s), run);
    VERIFY_CLI(run.err.contains(QRegularExpression(u"user: .*What is the capital of France\\?"_s)), run);
    VERIFY_CLI(run.err.contains(u"The model \"scripted-sampler\" answers (endTurn)"_s), run);
    const QList<QJsonObject> requests = m_model->requests();
    QCOMPARE(requests.size(), 1);
    const QJsonObject body = requests.first().value(u"body"_s).toObject();
    QCOMPARE(body.value(u"max_tokens"_s).toInt(), 60);
    QVERIFY(body.value(u"messages"_s).toArray().last().toObject().value(u"content"_s).toString().endsWith(u"What is the capital of France?"_s));
    // The server got the model's reply, under the model's name.
    VERIFY_CLI(run.out().contains(u"Paris, wrote the model."_s), run);
    VERIFY_CLI(run.out().contains(u"scripted-sampler"_s), run);
    const QList<AuditRecord> records = samplingRecords();
    QCOMPARE(records.size(), 1);
    QVERIFY2(records.first().decisionReason.contains(u"Answered by the model \"scripted-sampler\""_s), qPrintable(records.first().decisionReason));
}

void tst_CliChat::samplingModelNeedsATerminal()
{
    // Without a terminal nobody sees what would go to the model: nothing does, and the request is declined.
    QVERIFY(m_model->start({}, m_config->path()));
    writeSamplingModel();
    const CliRun run = m_cli->run(QStringList{u"--sampling-model"_s, u"scripted"_s, u"call"_s, u"trigger-sampling-request"_s,
                                              u"prompt=Anyone there?"_s, u"--"_s}
                                      + everythingCommand(),
                                  "y\nm\n", env());
    VERIFY_CLI(run.err.contains(u"--sampling-model is used at a terminal only"_s), run);
    VERIFY_CLI(!run.err.contains(u"[m]odel"_s), run);
    QVERIFY(m_model->requests().isEmpty());
    VERIFY_CLI(run.all().contains(u"User rejected sampling request"_s), run);

    // A name the models file lacks: a configuration error before any server starts.
    const CliRun unknown = m_cli->run(QStringList{u"--sampling-model"_s, u"nope"_s, u"tools"_s, u"--"_s} + everythingCommand(), {}, env());
    VERIFY_CLI(unknown.exitCode == 3 && unknown.err.contains(u"no model named \"nope\""_s), unknown);
}

void tst_CliChat::interactiveUntilEndOfInput()
{
    QVERIFY(
        m_model->start({QJsonObject{{u"text"_s, u"First answer."_s}}, QJsonObject{{u"text"_s, u"Second answer."_s}}}, m_config->path()));
    const QList<PromptAnswer> answers{{u"> "_s, u"hello"_s}, {u"> "_s, u"again"_s}, {u"> "_s, endOfInputKey()}};
    const CliRun run = converseAtTerminal(*m_cli, chatArguments(u"openai"_s, {}), answers, env());
    VERIFY_CLI(run.exitCode == 0, run);
    VERIFY_CLI(run.out().contains(u"First answer.\n"_s) && run.out().contains(u"Second answer.\n"_s), run);
    VERIFY_CLI(run.err.contains(u"[tokens: 11 in, 7 out; in this conversation: 22 in, 14 out]"_s), run);
    // The second request carries the whole conversation so far.
    const QList<QJsonObject> requests = m_model->requests();
    QCOMPARE(requests.size(), 2);
    const QJsonArray messages = requests.at(1).value(u"body"_s).toObject().value(u"messages"_s).toArray();
    QCOMPARE(messages.size(), 3);
    QCOMPARE(messages.at(2).toObject().value(u"content"_s).toString(), u"again"_s);
}

void tst_CliChat::aSkillGoesToTheModelOnlyOnYes_data()
{
    QTest::addColumn<QString>("api");
    QTest::addColumn<QString>("answer");
    for (const QString &api : {u"openai"_s, u"anthropic"_s}) {
        QTest::addRow("%s, yes", qPrintable(api)) << api << u"y"_s;
        QTest::addRow("%s, no", qPrintable(api)) << api << u"n"_s;
    }
}

void tst_CliChat::aSkillGoesToTheModelOnlyOnYes()
{
    // chat --skill (issue 33): the verified SKILL.md is shown, and only a yes gives it to the model as
    // instructions (OpenAI: a system message; Anthropic: "system") and records it in the audit log.
    QFETCH(QString, api);
    QFETCH(QString, answer);
    QVERIFY(m_model->start({QJsonObject{{u"text"_s, u"Following the skill."_s}}}, m_config->path()));
    QStringList arguments = chatArguments(api, u"Fill in the form"_s, {u"--skill"_s, u"pdf-processing"_s});
    arguments.replace(arguments.size() - 1, m_skillsServer);
    const CliRun run = converseAtTerminal(*m_cli, arguments, {{u"Add this skill to the conversation\\? .*"_s, answer}}, env());
    VERIFY_CLI(run.err.contains(u"  URI:     skill://pdf-processing/SKILL.md"_s), run);
    VERIFY_CLI(run.err.contains(u"# PDF processing"_s), run);
    const QList<QJsonObject> requests = m_model->requests();
    QList<AuditRecord> added;
    if (auto reader = AuditReader::open(m_config->filePath(u"audit.sqlite"_s))) {
        (void)reader.value()->forEach({}, [&](const AuditRecord &record) {
            if (record.name == u"skill_added"_s)
                added.append(record);
            return true;
        });
    }
    if (answer == u"n"_s) {
        VERIFY_CLI(run.exitCode == 6 && run.err.contains(u"The skill was not added"_s), run);
        QVERIFY(requests.isEmpty());
        QVERIFY(added.isEmpty());
        return;
    }
    VERIFY_CLI(run.exitCode == 0 && run.out().contains(u"Following the skill."_s), run);
    VERIFY_CLI(run.err.contains(u"Using skill “pdf-processing” from "_s), run);
    QCOMPARE(requests.size(), 1);
    const QJsonObject body = requests.first().value(u"body"_s).toObject();
    const QString instructions = api == u"openai"_s
        ? body.value(u"messages"_s).toArray().at(0).toObject().value(u"content"_s).toString()
        : body.value(u"system"_s).toString();
    QVERIFY2(instructions.startsWith(u"Using skill “pdf-processing” from "_s), qPrintable(instructions));
    QVERIFY(instructions.contains(u"\n\n---\nname: pdf-processing\n"_s));
    QCOMPARE(added.size(), 1);
    QCOMPARE(added.first().initiator, CallInitiator::Cli);
    QCOMPARE(added.first().arguments.value(u"uri"_s).toString(), u"skill://pdf-processing/SKILL.md"_s);
    QVERIFY(added.first().arguments.value(u"digest"_s).toString().startsWith(u"sha256:"_s));
}

void tst_CliChat::aTamperedSkillIsNeverOffered()
{
    QVERIFY(m_model->start({QJsonObject{{u"text"_s, u"Never asked."_s}}}, m_config->path()));
    QStringList arguments = chatArguments(u"openai"_s, u"Fill in the form"_s, {u"--skill"_s, u"pdf-processing"_s});
    arguments.replace(arguments.size() - 1, m_skillsServer);
    arguments += {u"--tamper"_s, u"digest"_s};
    const CliRun run = converseAtTerminal(*m_cli, arguments, {}, env());
    VERIFY_CLI(run.exitCode == 5 && run.err.contains(u"does not match the digest"_s), run);
    VERIFY_CLI(!run.err.contains(u"Add this skill"_s) && !run.all().contains(u"Evil"_s), run);
    QVERIFY(m_model->requests().isEmpty());
}

void tst_CliChat::exitCodes_data()
{
    QTest::addColumn<QJsonArray>("script");
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("says");
    QTest::addRow("the model fails") << QJsonArray{QJsonObject{{u"status"_s, 500},
                                                               {u"errorBody"_s, u"{\"error\":{\"message\":\"boom\"}}"_s}}}
                                     << QStringList() << 11 << u"boom"_s;
    QTest::addRow("the bound on rounds") << QJsonArray{callTurn(u"1"_s, u"echo"_s, u"{\"text\": \"a\"}"_s),
                                                       callTurn(u"2"_s, u"echo"_s, u"{\"text\": \"b\"}"_s)}
                                         << QStringList{u"--max-rounds"_s, u"1"_s} << 12 << u"--max-rounds"_s;
    QTest::addRow("a tool not exposed") << QJsonArray{callTurn(u"1"_s, u"add"_s, u"{\"a\": 1, \"b\": 1}"_s)}
                                        << QStringList{u"--tool"_s, u"echo"_s} << 0 << u"nothing ran"_s;
}

void tst_CliChat::exitCodes()
{
    QFETCH(QJsonArray, script);
    QFETCH(QStringList, extra);
    QFETCH(int, exitCode);
    QFETCH(QString, says);
    QVERIFY(m_model->start(script, m_config->path()));
    const CliRun run = m_cli->run(chatArguments(u"openai"_s, u"Go"_s, extra), {}, env());
    VERIFY_CLI(run.exitCode == exitCode && run.err.contains(says), run);
    keyAppearsNowhere(run);
    if (exitCode == 0) // the tool not exposed: never called
        QVERIFY(callRecords().isEmpty());
}

void tst_CliChat::usageErrors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("says");
    QTest::addRow("--yes") << QStringList{u"chat"_s, u"--yes"_s, u"--model"_s, u"m"_s, u"Hi"_s} << 2 << u"never approved wholesale"_s;
    QTest::addRow("no model") << QStringList{u"chat"_s, u"Hi"_s} << 2 << u"chat needs a model"_s;
    QTest::addRow("url without api") << QStringList{u"chat"_s, u"--model-url"_s, u"http://127.0.0.1:1/v1"_s, u"--model"_s, u"m"_s, u"Hi"_s}
                                     << 2 << u"--model-api"_s;
    QTest::addRow("a key in the url") << QStringList{u"chat"_s,        u"--model-url"_s, u"http://me:sk-secret@127.0.0.1:1/v1"_s,
                                                     u"--model-api"_s, u"openai"_s,      u"--model"_s,
                                                     u"m"_s,           u"Hi"_s}
                                      << 2 << u"--model-key-env"_s;
    QTest::addRow("key variable not set") << QStringList{u"chat"_s,        u"--model-url"_s,     u"http://127.0.0.1:1/v1"_s,
                                                         u"--model-api"_s, u"openai"_s,          u"--model"_s,
                                                         u"m"_s,           u"--model-key-env"_s, u"TG_TEST_NOT_SET"_s,
                                                         u"Hi"_s}
                                          << 3 << u"TG_TEST_NOT_SET"_s;
    QTest::addRow("no question, no terminal")
        << QStringList{u"chat"_s, u"--model-url"_s, u"http://127.0.0.1:1/v1"_s, u"--model-api"_s, u"openai"_s, u"--model"_s, u"m"_s} << 2
        << u"needs a question"_s;
    QTest::addRow("--tool elsewhere") << QStringList{u"tools"_s, u"--tool"_s, u"add"_s} << 2 << u"only go with chat"_s;
    QTest::addRow("--skill, no terminal") << QStringList{u"chat"_s, u"--model-url"_s, u"http://127.0.0.1:1/v1"_s, u"--model-api"_s,
                                                         u"openai"_s, u"--model"_s, u"m"_s, u"--skill"_s, u"pdf-processing"_s, u"Hi"_s}
                                          << 2 << u"--skill needs a terminal"_s;
}

void tst_CliChat::usageErrors()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, says);
    const CliRun run = m_cli->run(arguments + QStringList{u"--"_s, m_demo}, {}, env());
    VERIFY_CLI(run.exitCode == exitCode && run.err.contains(says), run);
    VERIFY_CLI(!run.err.contains(u"sk-secret"_s), run);
}

QTEST_GUILESS_MAIN(tst_CliChat)

#include "tst_clichat.moc"
