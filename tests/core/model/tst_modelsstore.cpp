// Saving Settings › Models: keys go to the secret store, never into models.json; a rename takes the
// key along, a removal deletes it, a key typed into the file by hand moves to the store.

#include "secretstoretesting.h"

#include "core/auth/secretstore.h"
#include "core/model/modelkeys.h"
#include "core/model/modelsfile.h"
#include "core/model/modelsstore.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Toolgate;
using TestSupport::readAll;
using TestSupport::storedValue;

namespace {

ModelConfig connection(const QString &name, const QString &key = {})
{
    ModelConfig config;
    config.name = name;
    config.baseUrl = u"http://127.0.0.1:11434/v1"_s;
    config.model = u"qwen2.5:7b"_s;
    config.apiKey = key;
    return config;
}

Result<void> saveAndWait(SecretStore &store, const QString &path, const QList<ModelsStore::Edited> &models, const QStringList &removed = {})
{
    QObject context;
    std::optional<Result<void>> answer;
    ModelsStore::save(store, path, models, removed, &context, [&answer](const Result<void> &result) { answer = result; });
    if (!QTest::qWaitFor([&answer] { return answer.has_value(); }, 5000))
        return makeError(ErrorCode::RequestTimeout, u"no answer"_s);
    return *answer;
}

} // namespace

class tst_ModelsStore : public QObject
{
    Q_OBJECT

private slots:
    void aTypedKeyGoesToTheStoreOnly()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"models.json"_s);
        MemorySecretStore store;
        const QString key = u"sk-typed-4711"_s;
        QVERIFY(saveAndWait(store, path, {{connection(u"local"_s, key), {}, true}}));
        QCOMPARE(storedValue(store, ModelKeys::storeKey(u"local"_s)), key.toUtf8());
        const QByteArray file = readAll(path);
        QVERIFY(!file.contains(key.toUtf8()));
        QVERIFY(file.contains(ModelConfig::keyPlaceholder().toUtf8()));
        const auto models = ModelsFile::load(path);
        QVERIFY(models);
        QVERIFY(models->at(0).keyInKeychain);
    }

    void aRenameTakesTheKeyAlongAndARemovalDeletesIt()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"models.json"_s);
        MemorySecretStore store;
        QVERIFY(saveAndWait(store, path, {{connection(u"old"_s, u"sk-1"_s), {}, true}, {connection(u"gone"_s, u"sk-2"_s), {}, true}}));
        ModelConfig renamed = connection(u"new"_s);
        renamed.keyInKeychain = true;
        QVERIFY(saveAndWait(store, path, {{renamed, u"old"_s, false}}, {u"gone"_s}));
        QCOMPARE(storedValue(store, ModelKeys::storeKey(u"new"_s)), QByteArray("sk-1"));
        QCOMPARE(storedValue(store, ModelKeys::storeKey(u"old"_s)), QByteArray());
        QCOMPARE(storedValue(store, ModelKeys::storeKey(u"gone"_s)), QByteArray());
        const auto models = ModelsFile::load(path);
        QVERIFY(models);
        QCOMPARE(models->size(), 1);
        QCOMPARE(models->at(0).name, u"new"_s);
        QVERIFY(models->at(0).keyInKeychain);
    }

    void aKeyTypedIntoTheFileMovesToTheStore()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"models.json"_s);
        MemorySecretStore store;
        ModelConfig handTyped = connection(u"local"_s, u"sk-by-hand"_s);
        handTyped.keyWasInFile = true;
        QVERIFY(saveAndWait(store, path, {{handTyped, u"local"_s, false}}));
        QCOMPARE(storedValue(store, ModelKeys::storeKey(u"local"_s)), QByteArray("sk-by-hand"));
        QVERIFY(!readAll(path).contains("sk-by-hand"));
    }

    void anEmptyTypedKeyRemovesIt()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"models.json"_s);
        MemorySecretStore store;
        QVERIFY(saveAndWait(store, path, {{connection(u"local"_s, u"sk-1"_s), {}, true}}));
        QVERIFY(saveAndWait(store, path, {{connection(u"local"_s), u"local"_s, true}}));
        QCOMPARE(storedValue(store, ModelKeys::storeKey(u"local"_s)), QByteArray());
        QVERIFY(!readAll(path).contains(ModelConfig::keyPlaceholder().toUtf8()));
    }
};

QTEST_GUILESS_MAIN(tst_ModelsStore)
#include "tst_modelsstore.moc"
