#include "core/schema/schemachecker.h"
#include "core/schema/schemanode.h"

#include "testjson.h"

#include <QJsonArray>
#include <QSemaphore>
#include <QTest>
#include <QThread>

#include <memory>

using namespace Toolgate;
using Toolgate::TestSupport::parseObject;

class tst_SchemaChecker : public QObject
{
    Q_OBJECT

private slots:
    void workRunsOnItsThreadAndEndsOnTheContexts();
    void nothingArrivesForAContextThatIsGone();
    void checkCompilesOnceAndReportsIssues();
    void checkSoonDefersOnlyWhatDoesNotFitAMoment();
    void prepareSoonDefersLargeOrReferringSchemas();
};

void tst_SchemaChecker::workRunsOnItsThreadAndEndsOnTheContexts()
{
    SchemaChecker checker;
    QObject context;
    QThread *worker = nullptr;
    QThread *deliveredOn = nullptr;
    QList<int> order;
    checker.run(&context, [&worker] { worker = QThread::currentThread(); }, [&] { deliveredOn = QThread::currentThread(); order.append(1); });
    checker.run(&context, [] {}, [&] { order.append(2); });
    QVERIFY(!deliveredOn); // never within the call
    QTRY_COMPARE(order, (QList<int>{1, 2})); // in the order asked for
    QVERIFY(worker && worker != QThread::currentThread());
    QCOMPARE(deliveredOn, QThread::currentThread());
}

void tst_SchemaChecker::nothingArrivesForAContextThatIsGone()
{
    SchemaChecker checker;
    auto gate = std::make_shared<QSemaphore>();
    bool called = false;
    {
        QObject context;
        checker.run(&context, [gate] { gate->acquire(); }, [&called] { called = true; });
    }
    gate->release();
    QObject later;
    bool laterCalled = false;
    checker.run(&later, [] {}, [&laterCalled] { laterCalled = true; });
    QTRY_VERIFY(laterCalled);
    QVERIFY(!called);
}

void tst_SchemaChecker::checkCompilesOnceAndReportsIssues()
{
    SchemaChecker checker;
    QObject context;
    const QJsonObject schema = parseObject(R"({"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]})");
    std::optional<SchemaChecker::Check> found;
    checker.check(schema, QJsonObject{{QStringLiteral("n"), QStringLiteral("x")}}, &context,
                  [&found](const SchemaChecker::Check &check) { found = check; });
    QTRY_VERIFY(found);
    QVERIFY(*found->validator);
    QCOMPARE(found->result.verdict, SchemaVerdict::Invalid);
    QCOMPARE(found->result.issues.value(0).path, QStringLiteral("/n"));
    // The same schema text again: the validator compiled for the check, from the cache.
    QCOMPARE(checker.validator(schema).get(), found->validator.get());

    // A schema that cannot be used: the validator says why, and nothing is reported as wrong.
    found.reset();
    checker.check(parseObject(R"({"$ref":"https://example.com/remote.json"})"), 1, &context,
                  [&found](const SchemaChecker::Check &check) { found = check; });
    QTRY_VERIFY(found);
    QVERIFY(!*found->validator);
    QCOMPARE(found->result.verdict, SchemaVerdict::Valid);
}

void tst_SchemaChecker::checkSoonDefersOnlyWhatDoesNotFitAMoment()
{
    SchemaChecker checker;
    QObject context;
    const Result<SchemaValidator> validator = SchemaValidator::compile(parseObject(R"({"items":{"type":"string"}})"));
    QVERIFY(validator);
    bool called = false;
    const std::optional<SchemaCheck> small = checker.checkSoon(validator.value(), QJsonArray{1, u"a"_qs}, &context,
                                                                [&called](const SchemaCheck &) { called = true; });
    QVERIFY(small);
    QCOMPARE(small->verdict, SchemaVerdict::Invalid);

    // 50,000 items need more than kInlineWork: checked on the checker's thread with the full budget.
    QJsonArray numbers;
    for (int i = 0; i < 50000; ++i)
        numbers.append(i);
    QCOMPARE(validator.value().check(numbers, SchemaChecker::kInlineWork).outOfBudget, true);
    std::optional<SchemaCheck> later;
    const std::optional<SchemaCheck> large = checker.checkSoon(validator.value(), numbers, &context,
                                                                [&later](const SchemaCheck &check) { later = check; });
    QVERIFY(!large);
    QTRY_VERIFY(later);
    QCOMPARE(later->verdict, SchemaVerdict::Invalid);
    QVERIFY(!later->outOfBudget);
    QVERIFY(!called);

    // A pattern's own step limit is not the budget: that verdict is final at once.
    const Result<SchemaValidator> evil = SchemaValidator::compile(parseObject(R"({"pattern":"^(a+)+b$"})"));
    QVERIFY(evil);
    const SchemaCheck tooComplex = evil.value().check(QJsonValue(QString(30, u'a') + u"b!"_qs)); // as in hostileschemas.h
    QCOMPARE(tooComplex.verdict, SchemaVerdict::TooComplex);
    QVERIFY(!tooComplex.outOfBudget);
}

void tst_SchemaChecker::prepareSoonDefersLargeOrReferringSchemas()
{
    SchemaChecker checker;
    QObject context;
    int deferred = 0;
    const auto count = [&deferred](const SchemaChecker::Prepared &prepared) {
        QVERIFY(prepared.node);
        ++deferred;
    };
    const QJsonObject small = parseObject(R"({"type":"object","properties":{"path":{"type":"string"}},"required":["path"]})");
    const std::optional<SchemaChecker::Prepared> now = checker.prepareSoon(small, {}, &context, count);
    QVERIFY(now);
    QVERIFY(*now->validator);
    QCOMPARE(now->node->propertyNames(), QStringList{QStringLiteral("path")});

    const QJsonObject referring = parseObject(R"({"$defs":{"a":{"type":"string"}},"properties":{"a":{"$ref":"#/$defs/a"}}})");
    QVERIFY(!checker.prepareSoon(referring, {}, &context, count));
    QJsonArray values;
    for (int i = 0; i < SchemaChecker::kInlineSchemaValues; ++i)
        values.append(i);
    QVERIFY(!checker.prepareSoon(QJsonObject{{QStringLiteral("enum"), values}}, {}, &context, count));
    QTRY_COMPARE(deferred, 2);
}

QTEST_GUILESS_MAIN(tst_SchemaChecker)
#include "tst_schemachecker.moc"
