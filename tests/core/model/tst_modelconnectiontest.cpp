// "Test connection": one tiny turn with a tool offered, and what went wrong in plain words.

#include "modeltesting.h"

#include "core/model/modelconnectiontest.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTest>

using namespace Toolgate;
using namespace TestModel;
using Api = ScriptedModelServer::Api;


class tst_ModelConnectionTest : public QObject
{
    Q_OBJECT

private slots:
    void outcomes_data()
    {
        QTest::addColumn<Api>("api");
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<ModelProblem>("problem");
        QTest::addColumn<QString>("says");
        for (const Api api : {Api::OpenAi, Api::Anthropic}) {
            const char *name = api == Api::OpenAi ? "openai" : "anthropic";
            QTest::addRow("%s works", name) << api << 200 << QByteArray() << ModelProblem::None << QStringLiteral("The connection works");
            QTest::addRow("%s wrong key", name) << api << 401 << QByteArray(R"({"error":{"message":"invalid x-api-key"}})")
                                                << ModelProblem::WrongKey << QStringLiteral("refused the API key");
            QTest::addRow("%s unknown model", name) << api << 404 << QByteArray(R"({"error":{"message":"The model `gpt-9` does not exist"}})")
                                                    << ModelProblem::UnknownModel << QStringLiteral("does not know this model");
            QTest::addRow("%s no tools", name) << api << 400 << QByteArray(R"({"error":{"message":"tools param requires --jinja flag"}})")
                                               << ModelProblem::NoToolSupport << QStringLiteral("cannot call tools");
        }
    }
    void outcomes()
    {
        QFETCH(Api, api);
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        QFETCH(ModelProblem, problem);
        QFETCH(QString, says);
        ScriptedModelServer server;
        if (status != 200)
            server.enqueue(ScriptedTurn::httpError(status, body));
        const auto client = ModelClient::create(configFor(server, api));
        ModelConnectionTest test(client.get());
        QSignalSpy finished(&test, &ModelConnectionTest::finished);
        test.start();
        QVERIFY(finished.wait(10000));
        QCOMPARE(test.problem(), problem);
        QCOMPARE(test.works(), problem == ModelProblem::None);
        QVERIFY2(test.message().contains(says), qPrintable(test.message()));
        QVERIFY(test.message().at(0).isUpper());
        QVERIFY(!test.message().contains(fakeKey()));
        // A short, whole (not streamed) request that offers one tool.
        QCOMPARE(server.requests().size(), 1);
        const QJsonObject sent = server.requests().first().body;
        QCOMPARE(sent.value("stream").toBool(true), false);
        const QJsonArray tools = sent.value("tools").toArray();
        QCOMPARE(tools.size(), 1);
        const QString toolName = api == Api::OpenAi ? tools.first()["function"]["name"].toString() : tools.first()["name"].toString();
        QCOMPARE(toolName, ModelConnectionTest::probeToolName());
        QCOMPARE(finished.size(), 1);
    }

    void nothingListening()
    {
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost, 0));
        const quint16 port = closed.serverPort();
        closed.close();
        ModelConfig config;
        config.baseUrl = QStringLiteral("http://127.0.0.1:%1/v1").arg(port);
        config.model = QStringLiteral("m");
        const auto client = ModelClient::create(config);
        ModelConnectionTest test(client.get());
        QSignalSpy finished(&test, &ModelConnectionTest::finished);
        test.start();
        QVERIFY(finished.wait(10000));
        QCOMPARE(test.problem(), ModelProblem::NotListening);
        QVERIFY2(test.message().startsWith(QStringLiteral("Asking the model")), qPrintable(test.message()));
        QVERIFY2(test.message().contains(QStringLiteral("nothing is listening")), qPrintable(test.message()));
    }

    void timesOut()
    {
        ScriptedModelServer server;
        server.enqueue(ScriptedTurn::hostileTurn(ScriptedTurn::Hostile::EndlessPings));
        const auto client = ModelClient::create(configFor(server, Api::Anthropic));
        ModelConnectionTest test(client.get());
        QSignalSpy finished(&test, &ModelConnectionTest::finished);
        test.start(500);
        QVERIFY(finished.wait(10000));
        QCOMPARE(test.problem(), ModelProblem::TimedOut);
        QVERIFY2(test.message().contains(QStringLiteral("did not answer within")), qPrintable(test.message()));
        QTRY_COMPARE(server.openStreams(), 0);
        QCOMPARE(finished.size(), 1);
    }

    void cancel()
    {
        ScriptedModelServer server;
        server.enqueue(ScriptedTurn::hostileTurn(ScriptedTurn::Hostile::EndlessPings));
        const auto client = ModelClient::create(configFor(server, Api::OpenAi));
        ModelConnectionTest test(client.get());
        QSignalSpy finished(&test, &ModelConnectionTest::finished);
        test.start();
        QTRY_COMPARE(server.openStreams(), 1);
        test.cancel();
        QCOMPARE(finished.size(), 1);
        QCOMPARE(test.problem(), ModelProblem::Cancelled);
        QTRY_COMPARE(server.openStreams(), 0);
    }
};

QTEST_GUILESS_MAIN(tst_ModelConnectionTest)
#include "tst_modelconnectiontest.moc"
