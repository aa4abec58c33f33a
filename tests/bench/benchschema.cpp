// toolgate-bench-schema: how long compiling and checking the hostile schemas of issue #13 takes, and how
// much memory it needs. Each case runs in a child process of its own (a crash or a runaway case cannot
// take the others down, and the peak memory is the case's own); the parent prints one Markdown table.
// Only SchemaValidator::compile() and validate() are used, so the same file measures any version.
// Run by hand; see docs/benchmarks.md.

#include "core/schema/schemanode.h"
#include "core/schema/schemavalidator.h"

#include "hostileschemas.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTextStream>

#include <sys/resource.h>
#include <time.h>

#include <algorithm>

using namespace Toolgate;

namespace {

QTextStream out(stdout);

// Text for a Markdown table cell.
QString cell(QString text)
{
    return text.replace(u'|', QLatin1String("\\|"));
}

QString milliseconds(qint64 nanoseconds)
{
    return QString::number(double(nanoseconds) / 1e6, 'f', nanoseconds < 10'000'000 ? 2 : 0);
}

// The work units a check spent, where SchemaValidator counts them (not before issue #13); -1 otherwise.
const auto workOf = [](const auto &validator, const QJsonValue &value) -> qint64 {
    if constexpr (requires { validator.check(value).work; })
        return validator.check(value).work;
    else
        return -1;
};

// CPU time of this thread: what a GUI thread would be kept busy for, whatever else the machine runs.
qint64 threadCpuNanoseconds()
{
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return qint64(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

qint64 peakRssKiB()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

// Child: describe (SchemaNode, for the form), compile and validate one case `repeat` times; prints the
// longest compile and validation, as CPU time of the thread and as wall time (ns), the peak RSS (KiB), the
// work units of the check, the longest description (CPU ns) and the verdict.
int runCase(int index, int repeat)
{
    const QList<HostileSchemas::Case> cases = HostileSchemas::cases();
    if (index < 0 || index >= cases.size())
        return 2;
    const HostileSchemas::Case &c = cases.at(index);
    const QJsonObject schema = QJsonDocument::fromJson(c.schema).object();
    const QJsonArray wrapped = QJsonDocument::fromJson("[" + c.instance + "]").array();
    const QJsonValue instance = wrapped.isEmpty() ? QJsonValue() : wrapped.first();

    qint64 longestCompile = 0;
    qint64 longestValidate = 0;
    qint64 longestCompileWall = 0;
    qint64 longestValidateWall = 0;
    QString verdict;
    qint64 work = -1;
    qint64 longestDescribe = 0;
    for (int round = 0; round < repeat; ++round) {
        // What the argument form does first when a tool is selected.
        qint64 cpu = threadCpuNanoseconds();
        const SchemaNode description = SchemaNode::fromSchema(schema);
        longestDescribe = std::max(longestDescribe, threadCpuNanoseconds() - cpu);
        Q_UNUSED(description);

        QElapsedTimer timer;
        timer.start();
        cpu = threadCpuNanoseconds();
        const Result<SchemaValidator> validator = SchemaValidator::compile(schema);
        longestCompile = std::max(longestCompile, threadCpuNanoseconds() - cpu);
        longestCompileWall = std::max(longestCompileWall, timer.nsecsElapsed());
        if (!validator) {
            verdict = QStringLiteral("refused: ") + validator.error().message.left(90);
            continue;
        }
        if (c.instance.isEmpty())
            continue;
        timer.restart();
        cpu = threadCpuNanoseconds();
        const QList<SchemaIssue> issues = validator->validate(instance);
        longestValidate = std::max(longestValidate, threadCpuNanoseconds() - cpu);
        longestValidateWall = std::max(longestValidateWall, timer.nsecsElapsed());
        work = workOf(*validator, instance);
        verdict = issues.isEmpty() ? QStringLiteral("valid")
                                   : QString::number(issues.size()) + QStringLiteral(" issue(s): ")
                                       + SchemaValidator::readablePath(issues.first().path).left(20)
                                       + QStringLiteral(" ") + issues.first().message.left(70);
    }
    out << longestCompile << ' ' << longestValidate << ' ' << longestCompileWall << ' ' << longestValidateWall << ' '
        << peakRssKiB() << ' ' << work << ' ' << longestDescribe << ' ' << verdict.simplified() << Qt::endl;
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Times compiling and checking the hostile schemas of issue #13."));
    parser.addHelpOption();
    const QCommandLineOption caseOption(QStringLiteral("case"), QStringLiteral("Run only case <n> in this process."), QStringLiteral("n"));
    const QCommandLineOption repeatOption(QStringLiteral("repeat"), QStringLiteral("Compile and validate <r> times; the longest counts (default 5)."), QStringLiteral("r"), QStringLiteral("5"));
    const QCommandLineOption timeoutOption(QStringLiteral("timeout"), QStringLiteral("Give each case <s> seconds (default 300)."), QStringLiteral("s"), QStringLiteral("300"));
    const QCommandLineOption onlyOption(QStringLiteral("only"), QStringLiteral("Run only cases whose name contains <text>."), QStringLiteral("text"));
    parser.addOptions({caseOption, repeatOption, timeoutOption, onlyOption});
    parser.process(app);

    const int repeat = std::max(1, parser.value(repeatOption).toInt());
    if (parser.isSet(caseOption))
        return runCase(parser.value(caseOption).toInt(), repeat);

    const QList<HostileSchemas::Case> cases = HostileSchemas::cases();
    out << "| case | schema KB | value KB | compile ms (CPU) | validate ms (CPU) | compile ms (wall) | validate ms (wall) | peak RSS MB | work | form ms (CPU) | verdict |\n"
        << "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|" << Qt::endl;
    for (int i = 0; i < cases.size(); ++i) {
        const HostileSchemas::Case &c = cases.at(i);
        if (parser.isSet(onlyOption) && !QString::fromLatin1(c.name).contains(parser.value(onlyOption)))
            continue;
        QProcess child;
        child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        child.start(QCoreApplication::applicationFilePath(),
                    {QStringLiteral("--case"), QString::number(i), QStringLiteral("--repeat"), QString::number(repeat)});
        QElapsedTimer wall;
        wall.start();
        const bool finished = child.waitForFinished(parser.value(timeoutOption).toInt() * 1000);
        QString cells;
        if (!finished) {
            child.kill();
            child.waitForFinished();
            cells = QStringLiteral("| | | > %1 s (stopped) | | | | | did not finish").arg(parser.value(timeoutOption));
        } else if (child.exitStatus() == QProcess::CrashExit) {
            cells = QStringLiteral("| | | crashed after %1 ms | | | | | crash").arg(wall.elapsed());
        } else {
            const QStringList fields = QString::fromUtf8(child.readAllStandardOutput()).trimmed().split(u' ');
            if (fields.size() < 7) {
                cells = QStringLiteral("| | | | | | | | no result (exit code %1)").arg(child.exitCode());
            } else {
                const qint64 work = fields.at(5).toLongLong();
                cells = QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8")
                            .arg(milliseconds(fields.at(0).toLongLong()), milliseconds(fields.at(1).toLongLong()),
                                 milliseconds(fields.at(2).toLongLong()), milliseconds(fields.at(3).toLongLong()),
                                 QString::number(fields.at(4).toLongLong() / 1024),
                                 work < 0 ? QString() : QString::number(work), milliseconds(fields.at(6).toLongLong()),
                                 cell(fields.mid(7).join(u' ')));
            }
        }
        out << "| " << cell(QString::fromUtf8(c.name)) << " | " << QString::number(double(c.schema.size()) / 1024, 'f', 1) << " | "
            << QString::number(double(c.instance.size()) / 1024, 'f', 1) << ' ' << cells << " |" << Qt::endl;
    }
    return 0;
}
