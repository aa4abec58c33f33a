// The bundled demo server through the real toolgate-cli, as a person trying Toolgate would use
// them: every tool, every resource, the resource template and every prompt. The lists come from
// the server itself, so a tool, resource or prompt added to the demo without a check here fails
// the test instead of going unnoticed.

#include "cliprocess.h"
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace Qt::StringLiterals;
using namespace Toolgate::TestSupport;

class TestCliDemo : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void everyToolWorksFromTheCli();
    void everyResourceReadsFromTheCli();
    void templateReadsFromTheCli();
    void everyPromptRendersFromTheCli();
    void helpNamesReadAndPrompt();
    void busyPollCanBeTurnedOffOrTuned();

private:
    struct Run
    {
        int exitCode = -1;
        QByteArray out;
        QString err;
        QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
        QString describe() const
        {
            return QStringLiteral("exit %1\nstdout: %2\nstderr: %3")
                .arg(exitCode)
                .arg(QString::fromUtf8(out.left(2000)), err.left(2000));
        }
    };

    /// toolgate-cli <arguments> -- toolgate-demo-server <serverArguments>, run to the end.
    Run cli(const QStringList &arguments, const QStringList &serverArguments = {}) const;
    QJsonObject listed(const QString &command) const;
    QList<QJsonObject> listedItems(const QString &command, const QString &key) const;

    const QString m_cli = cliPath();
    const QString m_demo = executable(QStringLiteral("toolgate-demo-server"));
    QTemporaryDir m_home; // XDG_CONFIG_HOME: never the developer's own servers file
};

void TestCliDemo::initTestCase()
{
    const QString missing = notBuilt({m_cli, m_demo});
    QVERIFY2(missing.isEmpty(), qPrintable(missing));
    QVERIFY(m_home.isValid());
}

TestCliDemo::Run TestCliDemo::cli(const QStringList &arguments, const QStringList &serverArguments) const
{
    // No approvals are read from stdin: every call has --yes.
    const CliRun run = runToEnd(m_cli, arguments + QStringList{QStringLiteral("--"), m_demo} + serverArguments, m_home.path());
    return {run.exitCode, run.stdoutBytes, run.err};
}

QJsonObject TestCliDemo::listed(const QString &command) const
{
    const Run run = cli({QStringLiteral("--json"), command});
    if (run.exitCode != 0)
        qWarning().noquote() << run.describe();
    return run.exitCode == 0 ? run.json() : QJsonObject();
}

/// The items under key of what `toolgate-cli --json <command>` listed.
QList<QJsonObject> TestCliDemo::listedItems(const QString &command, const QString &key) const
{
    QList<QJsonObject> items;
    for (const QJsonValue &value : listed(command).value(key).toArray())
        items.append(value.toObject());
    return items;
}

namespace {

QStringList contentTypes(const QJsonObject &result)
{
    QStringList types;
    for (const QJsonValue &block : result.value(u"content").toArray())
        types.append(block.toObject().value(u"type").toString());
    return types;
}

QString firstText(const QJsonObject &result)
{
    for (const QJsonValue &block : result.value(u"content").toArray()) {
        if (block.toObject().value(u"type").toString() == u"text")
            return block.toObject().value(u"text").toString();
    }
    return {};
}

QByteArray decodedBlock(const QJsonObject &result, const QString &type)
{
    for (const QJsonValue &block : result.value(u"content").toArray()) {
        if (block.toObject().value(u"type").toString() == type)
            return QByteArray::fromBase64(block.toObject().value(u"data").toString().toLatin1());
    }
    return {};
}

} // namespace

void TestCliDemo::everyToolWorksFromTheCli()
{
    struct Check
    {
        QStringList arguments; // after "call TOOL"
        int exitCode = 0;
        // Returns what is wrong, or an empty string.
        std::function<QString(const QJsonObject &result, const QString &stderrText)> verify;
        // A tool that runs only as a task (execution.taskSupport "required"): the CLI says it follows a task.
        bool taskOnly = false;
    };
    const auto expect = [](bool ok, const QString &what) { return ok ? QString() : what; };

    const QMap<QString, Check> checks{
        {u"echo"_s, {{u"text=héllo ✓"_s}, 0, [&](const QJsonObject &r, const QString &) {
             return expect(contentTypes(r) == QStringList{u"text"_s} && firstText(r) == u"héllo ✓",
                           u"echo should return its text unchanged as one text block"_s);
         }}},
        {u"add"_s, {{u"a=2"_s, u"b=3.5"_s}, 0, [&](const QJsonObject &r, const QString &) {
             return expect(r.value(u"structuredContent").toObject().value(u"sum").toDouble() == 5.5
                               && r.value(u"outputValid").toBool() && firstText(r).contains(u"5.5"),
                           u"add should give sum 5.5 as valid structured output and as text"_s);
         }}},
        {u"markdown_report"_s, {{u"topic=Pipes"_s}, 0, [&](const QJsonObject &r, const QString &) {
             const QString text = firstText(r);
             return expect(contentTypes(r) == QStringList{u"text"_s} && text.startsWith(u"# Report: Pipes")
                               && text.contains(u"| Type |"),
                           u"markdown_report should be one Markdown text with the topic as title and a table"_s);
         }}},
        {u"generate_image"_s, {{u"color=red"_s}, 0, [&](const QJsonObject &r, const QString &) {
             return expect(contentTypes(r) == QStringList{u"text"_s, u"image"_s}
                               && decodedBlock(r, u"image"_s).startsWith("\x89PNG\r\n\x1a\n") && firstText(r).contains(u"red"),
                           u"generate_image should return a caption and a real PNG image block"_s);
         }}},
        {u"generate_audio"_s, {{u"duration_ms=200"_s}, 0, [&](const QJsonObject &r, const QString &) {
             const QByteArray wav = decodedBlock(r, u"audio"_s);
             return expect(contentTypes(r) == QStringList{u"text"_s, u"audio"_s} && wav.startsWith("RIFF")
                               && wav.mid(8, 4) == "WAVE" && firstText(r).contains(u"200 ms"),
                           u"generate_audio should return a caption and a real WAV audio block"_s);
         }}},
        {u"embedded_resources"_s, {{}, 0, [&](const QJsonObject &r, const QString &) {
             QStringList uris;
             bool hasText = false, hasBlob = false;
             for (const QJsonValue &block : r.value(u"content").toArray()) {
                 const QJsonObject resource = block.toObject().value(u"resource").toObject();
                 if (!resource.isEmpty())
                     uris.append(resource.value(u"uri").toString());
                 hasText = hasText || resource.contains(u"text");
                 hasBlob = hasBlob || resource.contains(u"blob");
             }
             return expect(contentTypes(r).count(u"resource"_s) == 3 && hasText && hasBlob
                               && uris.contains(u"demo://snippets/hello.cpp"_s),
                           u"embedded_resources should carry three embedded resources, text and binary"_s);
         }}},
        {u"resource_links"_s, {{}, 0, [&](const QJsonObject &r, const QString &) {
             QStringList uris;
             for (const QJsonValue &block : r.value(u"content").toArray()) {
                 if (block.toObject().value(u"type").toString() == u"resource_link")
                     uris.append(block.toObject().value(u"uri").toString());
             }
             return expect(uris.size() == 4 && uris.contains(u"demo://readme"_s),
                           u"resource_links should return four resource_link blocks, the readme among them"_s);
         }}},
        {u"weather"_s, {{u"city=Amsterdam"_s}, 0, [&](const QJsonObject &r, const QString &) {
             const QJsonObject s = r.value(u"structuredContent").toObject();
             return expect(r.value(u"outputValid").toBool() && s.value(u"city").toString() == u"Amsterdam"
                               && s.value(u"temperature").isDouble() && firstText(r).contains(u"Amsterdam"),
                           u"weather should return valid structured output for the city"_s);
         }}},
        {u"bad_structured_output"_s, {{}, 0, [&](const QJsonObject &r, const QString &) {
             const QJsonArray problems = r.value(u"outputProblems").toArray();
             return expect(r.contains(u"outputValid") && !r.value(u"outputValid").toBool() && problems.size() == 3,
                           u"bad_structured_output must be flagged: outputValid false with three problems"_s);
         }}},
        {u"fail_politely"_s, {{u"reason=no disk"_s}, 1, [&](const QJsonObject &r, const QString &) {
             return expect(r.value(u"isError").toBool() && r.value(u"outcome").toString() == u"tool error"
                               && firstText(r).contains(u"no disk"),
                           u"fail_politely should be reported as a tool error (isError) with its reason"_s);
         }}},
        {u"slow_task"_s, {{u"steps=3"_s, u"step_ms=20"_s}, 0, [&](const QJsonObject &r, const QString &err) {
             return expect(firstText(r).contains(u"all 3 steps") && err.contains(u"slow_task: progress 1/3")
                               && err.contains(u"slow_task: progress 3/3"),
                           u"slow_task should finish and its progress (1/3 .. 3/3) should appear on stderr"_s);
         }}},
        {u"rich_form"_s, {{u"--args"_s, uR"({"name":"Ada","email":"ada@example.com","favorite_color":"green","age":36})"_s},
                           0, [&](const QJsonObject &r, const QString &) {
             const QString text = firstText(r);
             return expect(r.value(u"outcome").toString() == u"succeeded" && text.contains(u"Ada")
                               && text.contains(u"green"),
                           u"rich_form should accept a valid form and echo what was submitted"_s);
         }}},
        {u"log_messages"_s, {{u"--verbose"_s}, 0, [&](const QJsonObject &r, const QString &err) {
             return expect(firstText(r).contains(u"8 log messages") && err.contains(u"[log debug log_messages]")
                               && err.contains(u"[log emergency log_messages]"),
                           u"log_messages should send eight messages, shown with --verbose"_s);
         }}},
        {u"confirm_action"_s, {{u"action=tidy up"_s}, 0, [&](const QJsonObject &r, const QString &) {
             // With no terminal to ask on, toolgate-cli declines the form, and the tool says so.
             return expect(firstText(r).startsWith(u"declined:") && firstText(r).contains(u"tidy up"),
                           u"confirm_action should ask with a form and report the declined answer"_s);
         }}},
        {u"change_catalog"_s, {{u"action=add"_s}, 0, [&](const QJsonObject &r, const QString &) {
             return expect(r.value(u"structuredContent").toObject().value(u"extrasPresent").toBool()
                               && firstText(r).contains(u"coin_flip"),
                           u"change_catalog action=add should add the extras"_s);
         }}},
        {u"touch_resource"_s, {{}, 0, [&](const QJsonObject &r, const QString &) {
             const QJsonObject s = r.value(u"structuredContent").toObject();
             return expect(s.value(u"touches").toInt() == 1 && s.contains(u"notified"),
                           u"touch_resource should count one touch"_s);
         }}},
        {u"research"_s, {{u"topic=otters"_s, u"seconds=0.1"_s}, 0, [&](const QJsonObject &r, const QString &) {
             return expect(firstText(r).contains(u"Research report on \"otters\"")
                               && r.value(u"structuredContent").toObject().value(u"topic").toString() == u"otters",
                           u"research should return its short report on the topic"_s);
         }}},
        {u"failing_job"_s, {{u"seconds=0.1"_s, u"how=tool_error"_s}, 1, [&](const QJsonObject &r, const QString &) {
             return expect(r.value(u"isError").toBool() && firstText(r).contains(u"on purpose"),
                           u"failing_job how=tool_error should end with a tool error"_s);
         }}},
        {u"long_report"_s, {{u"topic=bees"_s, u"seconds=0.1"_s}, 0, [&](const QJsonObject &r, const QString &) {
             return expect(firstText(r).startsWith(u"# A long report on bees"), u"long_report should return the report"_s);
         }, true}},
        {u"choose_format"_s, {{u"seconds=0.1"_s}, 0, [&](const QJsonObject &r, const QString &) {
             // With no terminal to ask on, toolgate-cli declines the form, and the tool says so.
             return expect(firstText(r).contains(u"did not choose a format"), u"choose_format should ask and report the declined answer"_s);
         }, true}},
    };

    const QJsonObject tools = listed(u"tools"_s);
    const QJsonArray listedTools = tools.value(u"tools").toArray();
    QVERIFY2(!listedTools.isEmpty(), "toolgate-cli --json tools listed no tools");
    QSet<QString> names;
    for (const QJsonValue &tool : listedTools)
        names.insert(tool.toObject().value(u"name").toString());
    for (const QString &name : std::as_const(names))
        QVERIFY2(checks.contains(name), qPrintable(u"the demo tool \"%1\" has no check in tst_clidemo; add one"_s.arg(name)));
    for (auto it = checks.cbegin(); it != checks.cend(); ++it)
        QVERIFY2(names.contains(it.key()), qPrintable(u"tst_clidemo checks \"%1\", which the demo no longer offers"_s.arg(it.key())));

    for (auto it = checks.cbegin(); it != checks.cend(); ++it) {
        const Run run = cli(QStringList{u"--yes"_s, u"--json"_s, u"call"_s, it.key()} + it->arguments);
        const QJsonObject result = run.json();
        // A tool that runs only as a task is followed to its end like any call (issue 18): its status on stderr.
        if (it->taskOnly)
            QVERIFY2(run.err.contains(u"as task"_s), qPrintable(it.key() + u": the task should be announced on stderr\n"_s + run.describe()));
        QVERIFY2(run.exitCode == it->exitCode,
                 qPrintable(u"%1: expected exit code %2\n"_s.arg(it.key()).arg(it->exitCode) + run.describe()));
        QVERIFY2(result.value(u"tool").toString() == it.key(), qPrintable(it.key() + u": no JSON result\n"_s + run.describe()));
        const QString problem = it->verify(result, run.err);
        QVERIFY2(problem.isEmpty(), qPrintable(it.key() + u": "_s + problem + u"\n"_s + run.describe()));
    }

    // The tool error in the readable output as well: exit code 1 and the message on stdout.
    const Run plain = cli({u"--yes"_s, u"call"_s, u"fail_politely"_s, u"reason=no disk"_s});
    QVERIFY2(plain.exitCode == 1 && QString::fromUtf8(plain.out).contains(u"no disk"), qPrintable(plain.describe()));
}

void TestCliDemo::everyResourceReadsFromTheCli()
{
    const QList<QJsonObject> resources = listedItems(u"resources"_s, u"resources"_s);
    QVERIFY2(resources.size() >= 5, "toolgate-cli --json resources listed too few resources");
    for (const QJsonObject &resource : resources) {
        const QString uri = resource.value(u"uri").toString();
        const QString mimeType = resource.value(u"mimeType").toString();
        const Run run = cli({u"--json"_s, u"read"_s, uri});
        QVERIFY2(run.exitCode == 0, qPrintable(uri + u"\n"_s + run.describe()));
        const QJsonArray contents = run.json().value(u"contents").toArray();
        QVERIFY2(!contents.isEmpty(), qPrintable(uri + u": no contents\n"_s + run.describe()));
        const QJsonObject first = contents.first().toObject();
        QCOMPARE(first.value(u"uri").toString(), uri);
        QCOMPARE(first.value(u"mimeType").toString(), mimeType);
        const bool binary = !mimeType.startsWith(u"text/") && mimeType != u"application/json";
        if (binary) {
            const QByteArray blob = QByteArray::fromBase64(first.value(u"blob").toString().toLatin1());
            QVERIFY2(!blob.isEmpty(), qPrintable(uri + u": binary resource without a blob\n"_s + run.describe()));
            if (mimeType == u"image/png")
                QVERIFY2(blob.startsWith("\x89PNG"), qPrintable(uri + u": not a PNG"_s));
        } else {
            QVERIFY2(!first.value(u"text").toString().isEmpty(), qPrintable(uri + u": empty text\n"_s + run.describe()));
            if (mimeType == u"application/json") {
                QJsonParseError error;
                QJsonDocument::fromJson(first.value(u"text").toString().toUtf8(), &error);
                QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(uri + u": the JSON resource does not parse"_s));
            }
        }
        // The size the list announced is the size read, where it announces one.
        if (resource.contains(u"size")) {
            const qint64 size = binary ? QByteArray::fromBase64(first.value(u"blob").toString().toLatin1()).size()
                                       : first.value(u"text").toString().toUtf8().size();
            QVERIFY2(resource.value(u"size").toInteger() == size,
                     qPrintable(u"%1: listed size %2, read %3 bytes"_s.arg(uri).arg(resource.value(u"size").toInteger()).arg(size)));
        }
    }

    // An unknown resource is a request error (exit code 5), named in the message.
    const Run missing = cli({u"read"_s, u"demo://no/such/thing"_s});
    QVERIFY2(missing.exitCode == 5 && missing.err.contains(u"demo://no/such/thing"), qPrintable(missing.describe()));
}

void TestCliDemo::templateReadsFromTheCli()
{
    const QJsonArray templates = listed(u"templates"_s).value(u"resourceTemplates").toArray();
    QVERIFY2(!templates.isEmpty(), "toolgate-cli --json templates listed no templates");
    for (const QJsonValue &value : templates) {
        const QString uriTemplate = value.toObject().value(u"uriTemplate").toString();
        QVERIFY2(uriTemplate.contains(u"{name}"), qPrintable(u"no check for the template %1; add one"_s.arg(uriTemplate)));
        const QString uri = QString(uriTemplate).replace(u"{name}"_s, u"Ada"_s);
        const Run run = cli({u"--json"_s, u"read"_s, uri});
        QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
        const QJsonObject first = run.json().value(u"contents").toArray().first().toObject();
        QCOMPARE(first.value(u"uri").toString(), uri);
        QVERIFY2(first.value(u"text").toString().contains(u"Ada"), qPrintable(run.describe()));

        // Completion of the template variable works from the CLI too.
        const Run complete = cli({u"--json"_s, u"complete"_s, u"template"_s, uriTemplate, u"name"_s, u"A"_s});
        QVERIFY2(complete.exitCode == 0
                     && complete.json().value(u"completion").toObject().value(u"values").toArray().contains(u"Ada"_s),
                 qPrintable(complete.describe()));
    }
}

void TestCliDemo::everyPromptRendersFromTheCli()
{
    const QList<QJsonObject> prompts = listedItems(u"prompts"_s, u"prompts"_s);
    QVERIFY2(prompts.size() >= 2, "toolgate-cli --json prompts listed too few prompts");
    for (const QJsonObject &prompt : prompts) {
        const QString name = prompt.value(u"name").toString();
        // Every argument the prompt declares, with a recognisable value.
        QStringList arguments{u"--json"_s, u"prompt"_s, name};
        QStringList values;
        QString requiredName;
        for (const QJsonValue &argument : prompt.value(u"arguments").toArray()) {
            const QString argumentName = argument.toObject().value(u"name").toString();
            const QString argumentValue = argumentName == u"style" ? u"detailed"_s : u"value-of-"_s + argumentName;
            arguments.append(argumentName + u'=' + argumentValue);
            values.append(argumentValue);
            if (argument.toObject().value(u"required").toBool())
                requiredName = argumentName;
        }
        const Run run = cli(arguments);
        QVERIFY2(run.exitCode == 0, qPrintable(name + u"\n"_s + run.describe()));
        const QJsonArray messages = run.json().value(u"messages").toArray();
        QVERIFY2(!messages.isEmpty(), qPrintable(name + u": no messages\n"_s + run.describe()));
        QString rendered;
        for (const QJsonValue &message : messages) {
            const QString role = message.toObject().value(u"role").toString();
            QVERIFY2(role == u"user" || role == u"assistant", qPrintable(name + u": bad role "_s + role));
            // Text blocks and embedded resources (code_review sends the code as one).
            const QJsonObject content = message.toObject().value(u"content").toObject();
            const QString type = content.value(u"type").toString();
            QVERIFY2(type == u"text" || type == u"resource", qPrintable(name + u": unexpected content type "_s + type));
            rendered += content.value(u"text").toString() + content.value(u"resource").toObject().value(u"text").toString();
        }
        for (const QString &v : std::as_const(values)) {
            if (v.startsWith(u"value-of-"))
                QVERIFY2(rendered.contains(v), qPrintable(u"%1: the argument value %2 is not in the rendered prompt\n"_s.arg(name, v) + run.describe()));
        }

        // Leaving out a required argument is refused with a message naming it.
        if (!requiredName.isEmpty()) {
            const Run incomplete = cli({u"prompt"_s, name});
            QVERIFY2(incomplete.exitCode != 0 && incomplete.err.contains(requiredName), qPrintable(incomplete.describe()));
        }
    }
}

void TestCliDemo::helpNamesReadAndPrompt()
{
    QProcess process;
    process.start(m_cli, {u"--help"_s});
    QVERIFY(process.waitForFinished(10000));
    const QString help = QString::fromUtf8(process.readAllStandardOutput() + process.readAllStandardError());
    QVERIFY2(help.contains(u"read URI"), qPrintable(help));
    QVERIFY2(help.contains(u"prompt NAME"), qPrintable(help));
    QVERIFY2(help.contains(u"progress"), qPrintable(help));
}

void TestCliDemo::busyPollCanBeTurnedOffOrTuned()
{
    // The demo server works the same whether it stays awake after answering or not.
    for (const QString &budget : {u"0"_s, u"1000"_s}) {
        const Run run = cli({u"--yes"_s, u"--json"_s, u"call"_s, u"echo"_s, u"text=still here"_s},
                            {u"--busy-poll-us"_s, budget});
        QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
        QCOMPARE(firstText(run.json()), u"still here"_s);
    }
    // Nonsense is refused before anything starts, with what it needs.
    for (const QString &budget : {u"-1"_s, u"soon"_s, u"100001"_s}) {
        QProcess server;
        server.start(m_demo, {u"--busy-poll-us"_s, budget});
        QVERIFY(server.waitForFinished(10000));
        QCOMPARE(server.exitCode(), 2);
        const QString err = QString::fromUtf8(server.readAllStandardError());
        QVERIFY2(err.contains(u"--busy-poll-us needs a whole number from 0 to 100000"), qPrintable(err));
    }
}

QTEST_GUILESS_MAIN(TestCliDemo)
#include "tst_clidemo.moc"
