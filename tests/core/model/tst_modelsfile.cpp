// The models file (models.json): read and written in the person's order with unknown keys kept,
// never holding a key; clear errors; and the keys' place in the secret store.

#include "secretstoretesting.h"

#include "core/auth/secretstore.h"
#include "core/common/error.h"
#include "core/model/modelkeys.h"
#include "core/model/modelsfile.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Toolgate;

namespace {

// Built line by line: moc reads raw string literals poorly.
const QByteArray sample =
    "{\n"
    "    \"models\": {\n"
    "        \"local\": {\n"
    "            \"model\": \"qwen2.5:7b\",\n"
    "            \"api\": \"openai\",\n"
    "            \"baseUrl\": \"http://localhost:11434/v1\",\n"
    "            \"contextLimit\": 32768,\n"
    "            \"note\": \"kept as it is\"\n"
    "        },\n"
    "        \"claude\": {\n"
    "            \"api\": \"anthropic\",\n"
    "            \"baseUrl\": \"https://api.anthropic.com\",\n"
    "            \"model\": \"claude-sonnet-4-5\",\n"
    "            \"apiKey\": \"<stored in the system keychain by Toolgate>\",\n"
    "            \"headers\": {\n"
    "                \"x-b\": \"2\",\n"
    "                \"anthropic-beta\": \"tools-2024\"\n"
    "            },\n"
    "            \"maxOutputTokens\": 2048\n"
    "        }\n"
    "    }\n"
    "}\n";

} // namespace

class tst_ModelsFile : public QObject
{
    Q_OBJECT

private slots:
    void parsesAndKeepsOrder()
    {
        const auto models = ModelsFile::parse(sample, QStringLiteral("models.json"));
        QVERIFY2(models, qPrintable(models ? QString() : models.error().message));
        QCOMPARE(models->size(), 2);
        const ModelConfig &local = models->at(0);
        QCOMPARE(local.name, QStringLiteral("local"));
        QCOMPARE(local.api, ModelConfig::Api::OpenAi);
        QCOMPARE(local.contextLimit, 32768);
        QVERIFY(!local.keyInKeychain);
        QCOMPARE(local.extra.value("note").toString(), QStringLiteral("kept as it is"));
        const ModelConfig &claude = models->at(1);
        QCOMPARE(claude.api, ModelConfig::Api::Anthropic);
        QVERIFY(claude.keyInKeychain);
        QVERIFY(claude.apiKey.isEmpty());
        QCOMPARE(claude.headers.size(), 2);
        QCOMPARE(claude.headers.first().first, QStringLiteral("x-b"));
        QCOMPARE(claude.maxOutputTokens, 2048);
        // Written back unchanged: the person's order, the unknown key, the placeholder.
        QCOMPARE(ModelsFile::serialize(*models), sample);
    }

    void neverWritesAKey()
    {
        ModelConfig config;
        config.name = QStringLiteral("openai");
        config.baseUrl = QStringLiteral("https://api.openai.com/v1");
        config.model = QStringLiteral("gpt-4o-mini");
        config.apiKey = QStringLiteral("sk-test-not-a-real-key-4711");
        const QByteArray text = ModelsFile::serialize({config});
        QVERIFY(!text.contains("sk-test"));
        QVERIFY(text.contains(ModelConfig::keyPlaceholder().toUtf8()));
        const auto back = ModelsFile::parse(text, QStringLiteral("models.json"));
        QVERIFY(back);
        QVERIFY(back->first().keyInKeychain);
        QVERIFY(back->first().apiKey.isEmpty());
    }

    void aKeyTypedIntoTheFileWorksButIsNotWrittenBack()
    {
        const QByteArray text = "{\"models\": {\"m\": {\"baseUrl\": \"http://127.0.0.1:1/v1\", \"model\": \"x\", \"apiKey\": \"sk-typed-by-hand\"}}}";
        const auto models = ModelsFile::parse(text, QStringLiteral("models.json"));
        QVERIFY(models);
        QCOMPARE(models->first().apiKey, QStringLiteral("sk-typed-by-hand"));
        QVERIFY(models->first().keyWasInFile);
        QVERIFY(!ModelsFile::serialize(*models).contains("sk-typed-by-hand"));
    }

    void saveAndLoad()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("models.json"));
        QVERIFY(ModelsFile::load(path)); // none yet: no error
        QVERIFY(ModelsFile::load(path)->isEmpty());
        auto models = ModelsFile::parse(sample, path);
        QVERIFY(models);
        QVERIFY(ModelsFile::save(path, *models));
        QCOMPARE(TestSupport::readAll(path), sample);
        const auto again = ModelsFile::load(path);
        QVERIFY(again);
        QCOMPARE(again->size(), 2);
        QList<ModelConfig> twice{models->first(), models->first()};
        QVERIFY(!ModelsFile::save(path, twice));
    }

    void errors_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("says");
        QTest::addRow("not json") << QByteArray("{") << "invalid JSON";
        QTest::addRow("models not object") << QByteArray("{\"models\": []}") << "\"models\" must be an object";
        QTest::addRow("unknown api") << QByteArray("{\"models\": {\"m\": {\"api\": \"gemini\", \"baseUrl\": \"http://h/v1\", \"model\": \"x\"}}}")
                                     << "\"api\" must be \"openai\" or \"anthropic\"";
        QTest::addRow("bad url") << QByteArray("{\"models\": {\"m\": {\"baseUrl\": \"ftp://h\", \"model\": \"x\"}}}") << "\"baseUrl\" must be an http";
        QTest::addRow("password in url") << QByteArray("{\"models\": {\"m\": {\"baseUrl\": \"http://u:p@h/v1\", \"model\": \"x\"}}}") << "keychain";
        QTest::addRow("no model") << QByteArray("{\"models\": {\"m\": {\"baseUrl\": \"http://h/v1\"}}}") << "\"model\" names no model";
        QTest::addRow("bad limit") << QByteArray("{\"models\": {\"m\": {\"baseUrl\": \"http://h/v1\", \"model\": \"x\", \"contextLimit\": -1}}}")
                                   << "whole number of tokens";
        QTest::addRow("bad header") << QByteArray("{\"models\": {\"m\": {\"baseUrl\": \"http://h/v1\", \"model\": \"x\", \"headers\": {\"a\": 1}}}}")
                                    << "the header \"a\"";
    }
    void errors()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, says);
        const auto models = ModelsFile::parse(text, QStringLiteral("models.json"));
        QVERIFY(!models);
        QCOMPARE(models.error().code, int(ErrorCode::ConfigError));
        QVERIFY2(models.error().message.startsWith(QStringLiteral("models.json: ")), qPrintable(models.error().message));
        QVERIFY2(models.error().message.contains(says), qPrintable(models.error().message));
    }

    void defaultPathIsBesideTheOtherFiles()
    {
        qputenv("TOOLGATE_CONFIG_DIR", "/tmp/toolgate-models-test");
        QCOMPARE(ModelsFile::defaultPath(), QStringLiteral("/tmp/toolgate-models-test/models.json"));
        qunsetenv("TOOLGATE_CONFIG_DIR");
    }

    void keysLiveInTheSecretStore()
    {
        MemorySecretStore store;
        QObject context;
        bool written = false;
        ModelKeys::write(store, QStringLiteral("claude"), QStringLiteral("sk-ant-test"), &context, [&written](const Result<void> &r) { written = r.ok(); });
        QTRY_VERIFY(written);
        QCOMPARE(TestSupport::storedValue(store, QStringLiteral("model/claude/apiKey")), QByteArray("sk-ant-test"));
        std::optional<QString> read;
        ModelKeys::read(store, QStringLiteral("claude"), &context, [&read](const Result<QString> &r) { read = r ? r.value() : QStringLiteral("<error>"); });
        QTRY_VERIFY(read);
        QCOMPARE(*read, QStringLiteral("sk-ant-test"));
        bool removed = false;
        ModelKeys::write(store, QStringLiteral("claude"), QString(), &context, [&removed](const Result<void> &r) { removed = r.ok(); });
        QTRY_VERIFY(removed);
        QCOMPARE(TestSupport::storedValue(store, QStringLiteral("model/claude/apiKey")), QByteArray());
    }

    // A configured model's key is read from the store when the model is used; the file only says it is there.
    void aModelInUseGetsItsKeyFromTheStore()
    {
        MemorySecretStore store;
        QObject context;
        const auto parsed = ModelsFile::parse(sample, QStringLiteral("models.json"));
        QVERIFY(parsed);
        const ModelConfig claude = parsed->at(1);
        const ModelConfig local = parsed->at(0);
        const auto fill = [&](const ModelConfig &config) {
            std::optional<Result<ModelConfig>> answer;
            ModelKeys::fillKey(store, config, &context, [&answer](const Result<ModelConfig> &filled) { answer = filled; });
            // Answered later, never inside the call.
            if (answer)
                return Result<ModelConfig>(makeError(ErrorCode::InternalError, QStringLiteral("answered synchronously")));
            if (!QTest::qWaitFor([&answer] { return answer.has_value(); }, 5000))
                return Result<ModelConfig>(makeError(ErrorCode::InternalError, QStringLiteral("no answer")));
            return *answer;
        };

        // The file promises a key the store does not have: a configuration error that says where to put it.
        const auto missing = fill(claude);
        QVERIFY(!missing);
        QCOMPARE(missing.error().code, int(ErrorCode::ConfigError));
        QVERIFY2(missing.error().message.contains(QStringLiteral("\"claude\"")), qPrintable(missing.error().message));

        bool written = false;
        ModelKeys::write(store, QStringLiteral("claude"), QStringLiteral("sk-ant-test"), &context, [&written](const Result<void> &r) { written = r.ok(); });
        QTRY_VERIFY(written);
        const auto filled = fill(claude);
        QVERIFY(filled);
        QCOMPARE(filled->apiKey, QStringLiteral("sk-ant-test"));
        QCOMPARE(filled->model, claude.model);

        // Without a key (a local server) it stays without; a key typed into the file is used as it is.
        const auto none = fill(local);
        QVERIFY(none);
        QVERIFY(none->apiKey.isEmpty());
        ModelConfig typed = claude;
        typed.apiKey = QStringLiteral("sk-typed");
        typed.keyWasInFile = true;
        const auto asTyped = fill(typed);
        QVERIFY(asTyped);
        QCOMPARE(asTyped->apiKey, QStringLiteral("sk-typed"));
    }
};

QTEST_GUILESS_MAIN(tst_ModelsFile)
#include "tst_modelsfile.moc"
