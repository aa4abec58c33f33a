#include "core/collections/expectedcall.h"

#include "core/common/error.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>

namespace Toolgate {

namespace {

bool matches(const ExpectedCall &expected, const ModelCallSeen &call)
{
    if (!call.problem.isEmpty() || !call.exposed || call.tool != expected.tool)
        return false;
    return std::all_of(expected.expectations.cbegin(), expected.expectations.cend(),
                       [&call](const Expectation &e) { return e.evaluateArguments(call.arguments).passed; });
}

} // namespace

QString ModelCallSeen::describe() const
{
    return tool + u' ' + Expectation::shortened(argumentsText.isEmpty() ? QStringLiteral("{}") : argumentsText, 200);
}

QString ExpectedCall::describe() const
{
    if (expectations.isEmpty())
        return QCoreApplication::translate("Toolgate::ExpectedCall", "a call of %1").arg(tool);
    QStringList checks;
    for (const Expectation &e : expectations)
        checks.append(e.displayName());
    return QCoreApplication::translate("Toolgate::ExpectedCall", "a call of %1 (%2)").arg(tool, checks.join(QStringLiteral(", ")));
}

Result<ExpectedCall> ExpectedCall::fromJson(const QJsonValue &json, const QString &where)
{
    if (!json.isObject()) {
        return configFieldError(where, QCoreApplication::translate("Toolgate::ExpectedCall", "an expected call must be a JSON object, such as "
                                                                                       "{\"tool\": \"add\", \"expect\": [{\"pointer\": \"/a\", \"equals\": 2}]}"));
    }
    const QJsonObject object = json.toObject();
    ExpectedCall call;
    const QJsonValue tool = object.value(QLatin1String("tool"));
    if (!tool.isString() || tool.toString().isEmpty())
        return configFieldError(where, QCoreApplication::translate("Toolgate::ExpectedCall", "\"tool\" is missing; it names the tool the model is expected to call"));
    call.tool = tool.toString();
    const QJsonValue expect = object.value(QLatin1String("expect"));
    if (!expect.isUndefined() && !expect.isArray())
        return configFieldError(where, QCoreApplication::translate("Toolgate::ExpectedCall", "\"expect\" must be a list of checks on the arguments"));
    const QJsonArray checks = expect.toArray();
    for (qsizetype i = 0; i < checks.size(); ++i) {
        const QString at = QCoreApplication::translate("Toolgate::ExpectedCall", "%1, expectation %2").arg(where).arg(i + 1);
        auto parsed = Expectation::fromJson(checks.at(i), at);
        if (!parsed)
            return parsed.error();
        if (!parsed->checksArguments()) {
            return configFieldError(at, QCoreApplication::translate("Toolgate::ExpectedCall", "a model's call is checked by its arguments only: use \"equals\" or \"matches\" "
                                                                                        "at a \"pointer\" into them, such as {\"pointer\": \"/a\", \"equals\": 2}"));
        }
        call.expectations.append(parsed.value());
    }
    return call;
}

QJsonObject ExpectedCall::toJson() const
{
    QJsonObject object{{QStringLiteral("tool"), tool}};
    if (!expectations.isEmpty()) {
        QJsonArray checks;
        for (const Expectation &e : expectations)
            checks.append(e.toJson());
        object.insert(QStringLiteral("expect"), checks);
    }
    return object;
}

ExpectedCall::Verdict ExpectedCall::judge(const QList<ExpectedCall> &expected, const QList<ModelCallSeen> &calls)
{
    Verdict verdict;
    if (expected.isEmpty()) {
        verdict.passed = calls.isEmpty();
        if (!verdict.passed)
            verdict.problem = QCoreApplication::translate("Toolgate::ExpectedCall", "expected no tool call");
        return verdict;
    }
    // The earliest match for each in turn: if any choice of calls holds them in order, this one does.
    qsizetype next = 0;
    for (const ExpectedCall &wanted : expected) {
        qsizetype found = next;
        while (found < calls.size() && !matches(wanted, calls.at(found)))
            ++found;
        if (found < calls.size()) {
            next = found + 1;
            continue;
        }
        // Not there: the first later call of the same tool says what came instead of it.
        const auto sameTool = std::find_if(calls.cbegin() + next, calls.cend(),
                                           [&wanted](const ModelCallSeen &call) { return call.exposed && call.tool == wanted.tool; });
        if (sameTool == calls.cend()) {
            verdict.problem = QCoreApplication::translate("Toolgate::ExpectedCall", "expected %1; there was none").arg(wanted.describe());
            return verdict;
        }
        QString why = sameTool->problem;
        for (const Expectation &e : wanted.expectations) {
            const ExpectationResult result = e.evaluateArguments(sameTool->arguments);
            if (!result.passed && why.isEmpty())
                why = result.message;
        }
        verdict.problem = QCoreApplication::translate("Toolgate::ExpectedCall", "expected %1; the call of %2 did not match: %3").arg(wanted.describe(), wanted.tool, why);
        return verdict;
    }
    verdict.passed = true;
    return verdict;
}

} // namespace Toolgate
