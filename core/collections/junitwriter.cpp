#include "core/collections/junitwriter.h"

#include "core/common/atomicfile.h"

#include <QCoreApplication>
#include <QXmlStreamWriter>

namespace Toolgate::JUnitWriter {

namespace {

QString seconds(qint64 ms)
{
    return QString::number(double(ms) / 1000.0, 'f', 3);
}

// XML 1.0 cannot hold most control characters, even escaped; a server's text may have any.
QString xmlSafe(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        out += (u < 0x20 && u != 0x09 && u != 0x0A && u != 0x0D) || u == 0xFFFE || u == 0xFFFF ? QChar(0xFFFD) : c;
    }
    return out;
}

// A prompt's runs each are a test case; a prompt that made no run is one, failed.
int testCases(const RunReport &report, int *failures)
{
    int cases = 0;
    *failures = 0;
    for (const CallReport &call : report.calls) {
        if (call.isPrompt && !call.promptRuns.isEmpty()) {
            cases += int(call.promptRuns.size());
            *failures += int(call.promptRuns.size()) - call.passedRuns();
        } else {
            ++cases;
            *failures += call.passed() ? 0 : 1;
        }
    }
    return cases;
}

void writePromptRuns(QXmlStreamWriter &xml, const QString &suite, const CallReport &call)
{
    for (qsizetype i = 0; i < call.promptRuns.size(); ++i) {
        const PromptRunReport &run = call.promptRuns.at(i);
        xml.writeStartElement(QStringLiteral("testcase"));
        xml.writeAttribute(QStringLiteral("name"), xmlSafe(QCoreApplication::translate("Toolgate::JUnitWriter", "%1 (run %2 of %3)").arg(call.name).arg(i + 1).arg(call.plannedRuns)));
        xml.writeAttribute(QStringLiteral("classname"), xmlSafe(suite + u'.' + call.server + QStringLiteral(".prompt")));
        xml.writeAttribute(QStringLiteral("time"), seconds(run.durationMs));
        if (!run.passed) {
            xml.writeStartElement(QStringLiteral("failure"));
            xml.writeAttribute(QStringLiteral("message"), xmlSafe(run.problem));
            xml.writeAttribute(QStringLiteral("type"), QStringLiteral("model call"));
            xml.writeCharacters(xmlSafe(run.problem));
            xml.writeEndElement();
        }
        xml.writeEndElement();
    }
}

} // namespace

QByteArray toXml(const RunReport &report)
{
    QByteArray out;
    QXmlStreamWriter xml(&out);
    xml.setAutoFormatting(true);
    xml.writeStartDocument();
    const QString suite = report.collectionName.isEmpty() ? QStringLiteral("collection") : report.collectionName;
    int failures = 0;
    const int cases = testCases(report, &failures);
    int errors = report.error ? 1 : 0;
    xml.writeStartElement(QStringLiteral("testsuites"));
    xml.writeAttribute(QStringLiteral("name"), xmlSafe(suite));
    xml.writeAttribute(QStringLiteral("tests"), QString::number(cases));
    xml.writeAttribute(QStringLiteral("failures"), QString::number(failures));
    xml.writeAttribute(QStringLiteral("errors"), QString::number(errors));
    xml.writeAttribute(QStringLiteral("time"), seconds(report.durationMs));

    xml.writeStartElement(QStringLiteral("testsuite"));
    xml.writeAttribute(QStringLiteral("name"), xmlSafe(suite));
    xml.writeAttribute(QStringLiteral("tests"), QString::number(cases));
    xml.writeAttribute(QStringLiteral("failures"), QString::number(failures));
    xml.writeAttribute(QStringLiteral("errors"), QString::number(errors));
    xml.writeAttribute(QStringLiteral("skipped"), QString::number(0));
    xml.writeAttribute(QStringLiteral("time"), seconds(report.durationMs));
    xml.writeAttribute(QStringLiteral("timestamp"), report.startedAt.toUTC().toString(Qt::ISODate));
    for (const CallReport &call : report.calls) {
        if (call.isPrompt && !call.promptRuns.isEmpty()) {
            writePromptRuns(xml, suite, call);
            continue;
        }
        xml.writeStartElement(QStringLiteral("testcase"));
        xml.writeAttribute(QStringLiteral("name"), xmlSafe(call.name));
        xml.writeAttribute(QStringLiteral("classname"), xmlSafe(suite + u'.' + call.server + u'.' + call.tool));
        xml.writeAttribute(QStringLiteral("time"), seconds(call.durationMs));
        if (call.isPrompt || !call.answered()) {
            const QString problem = report.error && !call.made ? report.error->message : call.problem();
            xml.writeStartElement(QStringLiteral("failure"));
            xml.writeAttribute(QStringLiteral("message"), xmlSafe(problem));
            xml.writeAttribute(QStringLiteral("type"), QStringLiteral("no result"));
            xml.writeCharacters(xmlSafe(problem));
            xml.writeEndElement();
        }
        for (const ExpectationResult &expectation : call.expectations) {
            if (expectation.passed || !call.answered())
                continue;
            xml.writeStartElement(QStringLiteral("failure"));
            xml.writeAttribute(QStringLiteral("message"), xmlSafe(expectation.name + QStringLiteral(": ") + expectation.message));
            xml.writeAttribute(QStringLiteral("type"), QStringLiteral("expectation"));
            xml.writeCharacters(xmlSafe(expectation.message));
            xml.writeEndElement();
        }
        xml.writeEndElement();
    }
    if (report.error) {
        // The run did not happen (not approved): said once, for the suite, after its test cases.
        xml.writeTextElement(QStringLiteral("system-err"), xmlSafe(report.error->message));
    }
    xml.writeEndElement();
    xml.writeEndElement();
    xml.writeEndDocument();
    return out;
}

Result<void> write(const RunReport &report, const QString &path)
{
    return AtomicFile::write(path, toXml(report));
}

} // namespace Toolgate::JUnitWriter
