// What servers ask of toolgate-cli — elicitation, sampling, roots — answered at the terminal through
// core's server-request pipeline, against the real @modelcontextprotocol/server-everything: the person
// types the answers; with --yes (or when input ends) the questions are declined, never answered with
// invented data; roots are the --root folders.

#include "cliprocess.h"
#include "modernpeer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Toolgate::TestSupport;

class TestCliServerRequests : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void declaresWhatItCanAnswerSoEveryToolIsListed();
    void elicitationAnsweredFieldByField();
    void samplingReplyWrittenAtTheTerminal();
    void samplingReplyCheckedBeforeItIsSent();
    void rootsAreTheRootFolders();
    void yesDeclinesWithAMessage();
    void endOfInputDeclines();
    void modernServerAsksInItsAnswer();
    void modernServerGetsTheRootFolders();
    void modernServerOverHttp();

private:
    CliProcess m_cli;
    QTemporaryDir m_folders;
};

void TestCliServerRequests::initTestCase()
{
    QVERIFY2(QFileInfo(cliPath()).isExecutable(), qPrintable(cliPath() + QStringLiteral(" was not built")));
    QVERIFY2(QFileInfo(pinnedNode()).isExecutable(), "the npm test peers are not installed: run packaging/setup-debian.sh");
    QVERIFY(m_folders.isValid());
    QVERIFY(QDir(m_folders.path()).mkpath(QStringLiteral("projects")));
    QVERIFY(QDir(m_folders.path()).mkpath(QStringLiteral("notes")));
}

void TestCliServerRequests::declaresWhatItCanAnswerSoEveryToolIsListed()
{
    // server-everything offers its sampling, elicitation and roots tools only to clients that declare them.
    for (const QStringList &mode : {QStringList{}, QStringList{QStringLiteral("--yes")}}) {
        const CliRun run = m_cli.run(mode + QStringList{QStringLiteral("--json"), QStringLiteral("tools"), QStringLiteral("--")}
                                     + everythingCommand());
        VERIFY_CLI(run.exitCode == 0, run);
        QStringList names;
        for (const QJsonValue &tool : run.json().value(QStringLiteral("tools")).toArray())
            names.append(tool.toObject().value(QStringLiteral("name")).toString());
        QVERIFY2(names.size() == 19, qPrintable(names.join(QStringLiteral(", "))));
        for (const char *name : {"trigger-sampling-request", "trigger-elicitation-request", "trigger-url-elicitation", "get-roots-list",
                                 "trigger-sampling-request-async", "trigger-elicitation-request-async"})
            QVERIFY2(names.contains(QLatin1String(name)), name);
    }
}

void TestCliServerRequests::elicitationAnsweredFieldByField()
{
    const CliRun run = converse(m_cli, QStringList{QStringLiteral("call"), QStringLiteral("trigger-elicitation-request"), QStringLiteral("--")}
                                           + everythingCommand(),
                                {
                                    {QStringLiteral("Allow this call\\? .*: "), QStringLiteral("y")},
                                    {QStringLiteral("Answer\\? \\[a\\]nswer / \\[d\\]ecline / \\[c\\]ancel: "), QStringLiteral("a")},
                                    {QStringLiteral("Your full, legal name[\\s\\S]*> "), QStringLiteral("Ada Lovelace")},
                                    {QStringLiteral("Your favorite integer[\\s\\S]*> "), QStringLiteral("7")},
                                    {QStringLiteral("Choose your favorite hero[\\s\\S]*> "), QStringLiteral("3")},
                                    {QStringLiteral("> "), QString()}, // every other field: its default, or left out
                                    {QStringLiteral("Send it\\? .*: "), QStringLiteral("y")},
                                });
    VERIFY_CLI(run.exitCode == 0, run);
    // The server echoes what it received.
    VERIFY_CLI(run.out().contains(QStringLiteral("Ada Lovelace")), run);
    VERIFY_CLI(run.out().contains(QStringLiteral("\"integer\": 7")) || run.out().contains(QStringLiteral("\"integer\":7")), run);
    VERIFY_CLI(run.out().contains(QStringLiteral("hero-3")), run);
    // Defaults were offered and taken as they are.
    VERIFY_CLI(run.out().contains(QStringLiteral("It was a dark and stormy night.")), run);
    VERIFY_CLI(run.err.contains(QStringLiteral("Enter for It was a dark and stormy night.")), run);
    // The fields come in the order the server listed them (check before birthdate), not sorted.
    VERIFY_CLI(run.err.indexOf(QStringLiteral("Agree to the terms and conditions")) >= 0
                   && run.err.indexOf(QStringLiteral("Agree to the terms and conditions")) < run.err.indexOf(QStringLiteral("Your date of birth")),
               run);
}

void TestCliServerRequests::samplingReplyWrittenAtTheTerminal()
{
    const CliRun run = converse(m_cli, QStringList{QStringLiteral("call"), QStringLiteral("trigger-sampling-request"),
                                                   QStringLiteral("prompt=What is the capital of France?"), QStringLiteral("maxTokens=60"),
                                                   QStringLiteral("--")}
                                           + everythingCommand(),
                                {
                                    {QStringLiteral("Allow this call\\? .*: "), QStringLiteral("y")},
                                    {QStringLiteral("Reply\\? \\[w\\]rite a reply.*: "), QStringLiteral("w")},
                                    {QStringLiteral("holds only a dot \\(\\.\\)\\.\\n"), QStringLiteral("Paris, on the Seine.\n.")},
                                    {QStringLiteral("Send this reply\\? .*: "), QStringLiteral("y")},
                                });
    VERIFY_CLI(run.exitCode == 0, run);
    VERIFY_CLI(run.err.contains(QStringLiteral("What is the capital of France?")), run); // the person saw the request
    VERIFY_CLI(run.out().contains(QStringLiteral("Paris, on the Seine.")), run);
    VERIFY_CLI(run.out().contains(QStringLiteral("human (Toolgate)")), run);
}

void TestCliServerRequests::samplingReplyCheckedBeforeItIsSent()
{
    // A reply that is too long for the server's maxTokens is refused by core before anything is sent; the
    // person is told why and asked again.
    const CliRun run = converse(m_cli, QStringList{QStringLiteral("call"), QStringLiteral("trigger-sampling-request"),
                                                   QStringLiteral("prompt=Say a lot"), QStringLiteral("maxTokens=2"), QStringLiteral("--")}
                                           + everythingCommand(),
                                {
                                    {QStringLiteral("Allow this call\\? .*: "), QStringLiteral("y")},
                                    {QStringLiteral("longer than the server allows[\\s\\S]*Reply\\? \\[w\\]rite a reply.*: "), QStringLiteral("d")},
                                    {QStringLiteral("Reply\\? \\[w\\]rite a reply.*: "), QStringLiteral("w")},
                                    {QStringLiteral("holds only a dot \\(\\.\\)\\.\\n"), QStringLiteral("This reply has far more than two tokens in it.\n.")},
                                    {QStringLiteral("Send this reply\\? .*: "), QStringLiteral("y")},
                                });
    VERIFY_CLI(run.err.contains(QStringLiteral("the reply is longer than the server allows")), run);
    // Declined after the refusal: the server got a refusal, not the over-long text.
    VERIFY_CLI(!run.out().contains(QStringLiteral("far more than two tokens")), run);
    VERIFY_CLI(run.all().contains(QStringLiteral("User rejected sampling request")), run);
}

void TestCliServerRequests::rootsAreTheRootFolders()
{
    const QString projects = QDir(m_folders.path()).filePath(QStringLiteral("projects"));
    const QString notes = QDir(m_folders.path()).filePath(QStringLiteral("notes"));
    const CliRun run = m_cli.run(QStringList{QStringLiteral("--yes"), QStringLiteral("call"), QStringLiteral("get-roots-list"),
                                             QStringLiteral("--root"), projects, QStringLiteral("--root"), notes, QStringLiteral("--")}
                                 + everythingCommand());
    VERIFY_CLI(run.exitCode == 0, run);
    VERIFY_CLI(run.out().contains(QUrl::fromLocalFile(projects).toString()), run);
    VERIFY_CLI(run.out().contains(QUrl::fromLocalFile(notes).toString()), run);

    const CliRun missing = m_cli.run({QStringLiteral("--root"), QDir(m_folders.path()).filePath(QStringLiteral("nowhere")), QStringLiteral("tools")});
    VERIFY_CLI(missing.exitCode == 2 && missing.err.contains(QStringLiteral("--root wants an existing folder")), missing);
}

void TestCliServerRequests::yesDeclinesWithAMessage()
{
    const CliRun elicitation = m_cli.run(QStringList{QStringLiteral("--yes"), QStringLiteral("call"), QStringLiteral("trigger-elicitation-request"),
                                                     QStringLiteral("--")}
                                         + everythingCommand());
    VERIFY_CLI(elicitation.out().contains(QStringLiteral("\"action\": \"decline\"")), elicitation);
    VERIFY_CLI(!elicitation.out().contains(QStringLiteral("\"content\"")), elicitation);

    const CliRun sampling = m_cli.run(QStringList{QStringLiteral("--yes"), QStringLiteral("call"), QStringLiteral("trigger-sampling-request"),
                                                  QStringLiteral("prompt=hello"), QStringLiteral("--")}
                                      + everythingCommand());
    VERIFY_CLI(sampling.all().contains(QStringLiteral("toolgate-cli runs with --yes and asks the person nothing")), sampling);
    VERIFY_CLI(!sampling.out().contains(QStringLiteral("human (Toolgate)")), sampling);
}

void TestCliServerRequests::endOfInputDeclines()
{
    // Approved at the prompt, then input ends: the elicitation is declined, saying so.
    const CliRun run = m_cli.run(QStringList{QStringLiteral("call"), QStringLiteral("trigger-elicitation-request"), QStringLiteral("--")}
                                     + everythingCommand(),
                                 "y\n");
    VERIFY_CLI(run.err.contains(QStringLiteral("No answer (end of input): the request is declined.")), run);
    VERIFY_CLI(run.out().contains(QStringLiteral("\"action\": \"decline\"")), run);
}

namespace {

/// The TypeScript SDK v2 peer that speaks only MCP 2026-07-28: it asks in its answers (MRTR).
QStringList modernPeerCommand()
{
    return {pinnedNode(), npmDir() + QStringLiteral("/peers/modern-server.mjs"), QStringLiteral("--transport"), QStringLiteral("stdio"),
            QStringLiteral("--era"), QStringLiteral("modern")};
}

} // namespace

void TestCliServerRequests::modernServerAsksInItsAnswer()
{
    // The same terminal questions as for a legacy server's elicitation/create; the call is approved once
    // and sent again with the answer, and stderr says what was asked.
    const CliRun run = converse(m_cli, QStringList{QStringLiteral("call"), QStringLiteral("confirm_action"), QStringLiteral("action=delete"),
                                                   QStringLiteral("--")} + modernPeerCommand(),
                                {
                                    {QStringLiteral("Allow this call\\? .*: "), QStringLiteral("y")},
                                    {QStringLiteral("Really delete\\?[\\s\\S]*Answer\\? \\[a\\]nswer / \\[d\\]ecline / \\[c\\]ancel: "), QStringLiteral("a")},
                                    {QStringLiteral("Go ahead\\?[\\s\\S]*> "), QStringLiteral("y")},
                                    {QStringLiteral("Why[\\s\\S]*> "), QStringLiteral("tidy up")},
                                    {QStringLiteral("Send it\\? .*: "), QStringLiteral("y")},
                                });
    VERIFY_CLI(run.exitCode == 0, run);
    VERIFY_CLI(run.out().contains(QStringLiteral("delete: done, confirmed; reason: tidy up")), run);
    VERIFY_CLI(run.err.count(QStringLiteral("Allow this call?")) == 1, run);
    VERIFY_CLI(run.err.contains(QStringLiteral("asks you for information:\n  The server needs this to finish the call of “confirm_action”.\n")), run);
    VERIFY_CLI(run.err.contains(QStringLiteral("The server asked for input before it answered. Round 1: a form, “Really delete?” → accepted")), run);
}

void TestCliServerRequests::modernServerGetsTheRootFolders()
{
    const QString projects = QDir(m_folders.path()).filePath(QStringLiteral("projects"));
    const CliRun run = m_cli.run(QStringList{QStringLiteral("--yes"), QStringLiteral("--json"), QStringLiteral("call"), QStringLiteral("list_workspace"),
                                             QStringLiteral("--root"), projects, QStringLiteral("--")}
                                 + modernPeerCommand());
    VERIFY_CLI(run.exitCode == 0, run);
    VERIFY_CLI(run.out().contains(QStringLiteral("roots: ") + QUrl::fromLocalFile(projects).toString()), run);
    const QJsonObject printed = QJsonDocument::fromJson(run.out().toUtf8()).object();
    const QJsonArray rounds = printed.value(QStringLiteral("inputRounds")).toArray();
    VERIFY_CLI(rounds.size() == 1, run);
    const QJsonObject input = rounds.first().toObject().value(QStringLiteral("inputs")).toArray().first().toObject();
    VERIFY_CLI(input.value(QStringLiteral("method")).toString() == QStringLiteral("roots/list"), run);
    VERIFY_CLI(input.value(QStringLiteral("answer")).toObject().value(QStringLiteral("roots")).toArray().size() == 1, run);
}

void TestCliServerRequests::modernServerOverHttp()
{
    // The same over Streamable HTTP, against the SDK v2 server in modern-only mode (legacy: 'reject'): it
    // refuses initialize, and refuses a request whose Mcp-* headers do not repeat its body.
    ModernHttpPeer peer(QStringLiteral("modern"));
    const QString url = peer.url().toString();
    QVERIFY2(!url.isEmpty(), "the HTTP peer did not start");
    const CliRun tools = m_cli.run({QStringLiteral("--url"), url, QStringLiteral("--json"), QStringLiteral("tools")});
    VERIFY_CLI(tools.exitCode == 0, tools);
    QStringList names;
    for (const QJsonValue &tool : tools.json().value(QStringLiteral("tools")).toArray())
        names.append(tool.toObject().value(QStringLiteral("name")).toString());
    VERIFY_CLI(names.contains(QStringLiteral("regional_echo")) && names.contains(QStringLiteral("confirm_action")), tools);

    const CliRun echoed = m_cli.run({QStringLiteral("--url"), url, QStringLiteral("--yes"), QStringLiteral("call"), QStringLiteral("regional_echo"),
                                     QStringLiteral("region=Zürich"), QStringLiteral("text=hi")});
    VERIFY_CLI(echoed.exitCode == 0, echoed);
    VERIFY_CLI(echoed.out().contains(QStringLiteral("Zürich: hi")), echoed);

    const CliRun asked = converse(m_cli, {QStringLiteral("--url"), url, QStringLiteral("call"), QStringLiteral("confirm_action"), QStringLiteral("action=deploy")},
                                  {
                                      {QStringLiteral("Allow this call\\? .*: "), QStringLiteral("y")},
                                      {QStringLiteral("Answer\\? \\[a\\]nswer / \\[d\\]ecline / \\[c\\]ancel: "), QStringLiteral("a")},
                                      {QStringLiteral("Go ahead\\?[\\s\\S]*> "), QStringLiteral("y")},
                                      {QStringLiteral("Why[\\s\\S]*> "), QStringLiteral("release day")},
                                      {QStringLiteral("Send it\\? .*: "), QStringLiteral("y")},
                                  });
    VERIFY_CLI(asked.exitCode == 0, asked);
    VERIFY_CLI(asked.out().contains(QStringLiteral("deploy: done, confirmed; reason: release day")), asked);
}

QTEST_GUILESS_MAIN(TestCliServerRequests)
#include "tst_cliserverrequests.moc"
