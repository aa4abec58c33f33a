// toolgate-cli in German (issue 14): the system locale (LANG, LC_ALL, LC_MESSAGES, LANGUAGE) picks the
// language of what people read — help, errors, the approval prompt — while --json output, which
// scripts read, stays the same in every language. Through the real binary and the real demo server.

#include "cliprocess.h"

#include <QFileInfo>
#include <QRegularExpression>
#include <QTest>

using namespace Toolgate::TestSupport;

namespace {

// Only the named locale: whatever the machine running the tests has set is cleared.
QMap<QString, QString> locale(const QString &lang)
{
    return {{QStringLiteral("LANG"), lang},
            {QStringLiteral("LC_ALL"), QString()},
            {QStringLiteral("LC_MESSAGES"), QString()},
            {QStringLiteral("LANGUAGE"), QString()}};
}

const QString german = QStringLiteral("de_DE.UTF-8");
const QString english = QStringLiteral("C.UTF-8");

} // namespace

class tst_CliGerman final : public QObject
{
    Q_OBJECT

private:
    CliProcess m_cli;
    QString m_demo;

private slots:
    void initTestCase()
    {
        QVERIFY2(QFileInfo(cliPath()).isExecutable(), "toolgate-cli was not built");
        m_demo = executable(QStringLiteral("toolgate-demo-server"));
        QVERIFY2(QFileInfo(m_demo).isExecutable(), "toolgate-demo-server was not built");
    }

    void helpIsGerman()
    {
        const CliRun run = m_cli.run({QStringLiteral("--help")}, {}, locale(german));
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out().startsWith(QStringLiteral("Aufruf: toolgate-cli [Optionen] <Befehl>")), qPrintable(run.describe()));
        for (const QString &heading : {QStringLiteral("\nBefehle:\n"), QStringLiteral("\nWerkzeugargumente:\n"), QStringLiteral("\nOptionen:\n"),
                                       QStringLiteral("\nFreigabe:\n"), QStringLiteral("\nExit-Codes:\n")})
            QVERIFY2(run.out().contains(heading), qPrintable(heading));
        QVERIFY(!run.out().contains(QStringLiteral("Usage:")));
        // Commands and options are typed as they are, in every language.
        QVERIFY(run.out().contains(QStringLiteral("  call TOOL [key=value ...]")));
        QVERIFY(run.out().contains(QStringLiteral("  --yes, -y")));

        const CliRun audit = m_cli.run({QStringLiteral("audit"), QStringLiteral("--help")}, {}, locale(german));
        QVERIFY2(audit.all().contains(QStringLiteral("Aufruf: toolgate-cli audit BEFEHL [Optionen]")), qPrintable(audit.describe()));
    }

    // The same binary, in English, without a German locale: the control that the locale decides.
    void englishWithoutAGermanLocale()
    {
        const CliRun run = m_cli.run({QStringLiteral("--help")}, {}, locale(english));
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out().startsWith(QStringLiteral("Usage: toolgate-cli [options] <command>")), qPrintable(run.describe()));
        const CliRun error = m_cli.run({QStringLiteral("--bogus")}, {}, locale(english));
        QCOMPARE(error.err, QStringLiteral("toolgate-cli: unknown option --bogus (see --help)\nRun toolgate-cli --help for usage.\n"));
    }

    void errorsAreGerman_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("language");
        QTest::addRow("LANG=de_DE.UTF-8") << german << QString();
        QTest::addRow("LANG=de_AT.UTF-8") << QStringLiteral("de_AT.UTF-8") << QString();
        QTest::addRow("LANGUAGE=de:en") << QStringLiteral("en_US.UTF-8") << QStringLiteral("de:en");
    }

    void errorsAreGerman()
    {
        QFETCH(QString, lang);
        QFETCH(QString, language);
        QMap<QString, QString> env = locale(lang);
        env.insert(QStringLiteral("LANGUAGE"), language);
        const CliRun unknown = m_cli.run({QStringLiteral("--bogus")}, {}, env);
        QCOMPARE(unknown.exitCode, 2);
        QCOMPARE(unknown.err, QStringLiteral("toolgate-cli: unbekannte Option --bogus (siehe --help)\nDie Bedienung zeigt toolgate-cli --help.\n"));
        const CliRun call = m_cli.run({QStringLiteral("call")}, {}, env);
        QVERIFY2(call.err.startsWith(QStringLiteral("toolgate-cli: call braucht den Namen eines Werkzeugs")), qPrintable(call.describe()));
    }

    // The approval prompt a person answers at the terminal, and what follows a denial.
    void approvalIsGerman()
    {
        const CliRun run = m_cli.run({QStringLiteral("call"), QStringLiteral("echo"), QStringLiteral("text=hallo"), QStringLiteral("--"), m_demo},
                                     QByteArrayLiteral("n\n\n"), locale(german));
        QCOMPARE(run.exitCode, 6); // denied
        for (const QString &text : {QStringLiteral("Anfrage für einen Werkzeugaufruf"), QStringLiteral("  Werkzeug:"),
                                    QStringLiteral("Argumente (werden genau so gesendet):"),
                                    QStringLiteral("Diesen Aufruf zulassen? [y] ja, einmal / [n] nein (ablehnen) / [s] Eingabeschema zeigen: "),
                                    QStringLiteral("Grund der Ablehnung")})
            QVERIFY2(run.err.contains(text), qPrintable(text + QStringLiteral("\n") + run.describe()));
        QVERIFY2(!run.err.contains(QStringLiteral("Allow this call?")), qPrintable(run.describe()));
    }

    // What the core says reaches the person in German too: a denial, an argument of the wrong type, a
    // schema problem, a timeout and a program that is no MCP server. These sentences are the core's,
    // not the CLI's; the same run in English is the control that shows the English text unchanged.
    void coreMessagesAreGerman_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QString>("german");
        QTest::addColumn<QString>("english");
        QTest::addRow("denied call") << QStringList{QStringLiteral("call"), QStringLiteral("echo"), QStringLiteral("text=hallo"), QStringLiteral("--"), m_demo}
                                     << QByteArrayLiteral("n\n\n") << QStringLiteral("Der Benutzer hat diesen Aufruf von echo abgelehnt")
                                     << QStringLiteral("The user denied this call to echo");
        QTest::addRow("argument of the wrong type")
            << QStringList{QStringLiteral("--yes"), QStringLiteral("call"), QStringLiteral("add"), QStringLiteral("a=x"), QStringLiteral("b=1"), QStringLiteral("--"), m_demo}
            << QByteArray() << QStringLiteral("Das Argument 'a' muss eine Zahl sein, erhalten: 'x'.") << QStringLiteral("Argument 'a' must be a number, got 'x'.");
        QTest::addRow("schema problem")
            << QStringList{QStringLiteral("--yes"), QStringLiteral("call"), QStringLiteral("add"), QStringLiteral("--args"), QStringLiteral(R"({"a":"x","b":1})"),
                           QStringLiteral("--"), m_demo}
            << QByteArray() << QStringLiteral("muss eine Zahl sein") << QStringLiteral("must be a number");
        QTest::addRow("timeout")
            << QStringList{QStringLiteral("--yes"), QStringLiteral("--timeout"), QStringLiteral("1"), QStringLiteral("call"), QStringLiteral("slow_task"),
                           QStringLiteral("steps=2"), QStringLiteral("step_ms=5000"), QStringLiteral("--"), m_demo}
            << QByteArray() << QStringLiteral("Zeitüberschreitung bei tools/call: 1 s lang keine Antwort und kein Fortschritt")
            << QStringLiteral("tools/call timed out: no answer or progress for 1 s");
#ifdef Q_OS_UNIX
        QTest::addRow("not an MCP server")
            << QStringList{QStringLiteral("tools"), QStringLiteral("--"), QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("echo Welcome; exit 3")}
            << QByteArray() << QStringLiteral("dieses Programm sieht nicht wie ein MCP-Server aus – es gab aus: \"Welcome\"")
            << QStringLiteral("this program does not look like an MCP server — it printed: \"Welcome\"");
#endif
    }

    void coreMessagesAreGerman()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QByteArray, input);
        QFETCH(QString, german);
        QFETCH(QString, english);
        const CliRun inGerman = m_cli.run(arguments, input, locale(::german));
        QVERIFY2(inGerman.exitCode > 0, qPrintable(inGerman.describe()));
        QVERIFY2(inGerman.all().contains(german), qPrintable(german + QStringLiteral("\n") + inGerman.describe()));
        QVERIFY2(!inGerman.all().contains(english), qPrintable(inGerman.describe()));
        const CliRun inEnglish = m_cli.run(arguments, input, locale(::english));
        QVERIFY2(inEnglish.all().contains(english), qPrintable(english + QStringLiteral("\n") + inEnglish.describe()));
        QCOMPARE(inEnglish.exitCode, inGerman.exitCode);
    }

    // What scripts read does not change with the language.
    void jsonOutputIsTheSameInEveryLanguage_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addRow("tools") << QStringList{QStringLiteral("tools")};
        QTest::addRow("info") << QStringList{QStringLiteral("info")};
        QTest::addRow("call") << QStringList{QStringLiteral("--yes"), QStringLiteral("call"), QStringLiteral("add"), QStringLiteral("a=1"), QStringLiteral("b=2")};
        QTest::addRow("denied call") << QStringList{QStringLiteral("call"), QStringLiteral("add"), QStringLiteral("a=1"), QStringLiteral("b=2")};
    }

    void jsonOutputIsTheSameInEveryLanguage()
    {
        QFETCH(QStringList, arguments);
        arguments = QStringList{QStringLiteral("--json")} + arguments + QStringList{QStringLiteral("--"), m_demo};
        const CliRun inGerman = m_cli.run(arguments, QByteArrayLiteral("n\n\n"), locale(german));
        const CliRun inEnglish = m_cli.run(arguments, QByteArrayLiteral("n\n\n"), locale(english));
        QVERIFY2(!inGerman.json().isEmpty(), qPrintable(inGerman.describe()));
        QCOMPARE(inGerman.exitCode, inEnglish.exitCode);
        // Durations differ from run to run; everything else is the same bytes.
        static const QRegularExpression timing(QStringLiteral("\"(durationMs|elapsedMs|milliseconds)\":\\d+"));
        QCOMPARE(QString::fromUtf8(inGerman.stdoutBytes).replace(timing, QString()),
                 QString::fromUtf8(inEnglish.stdoutBytes).replace(timing, QString()));
    }
};

QTEST_GUILESS_MAIN(tst_CliGerman)
#include "tst_cligerman.moc"
