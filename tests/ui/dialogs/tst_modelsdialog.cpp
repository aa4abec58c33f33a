// Settings › Models against the scripted model server (HTTP on 127.0.0.1): a connection added in the
// dialog is tested with its typed key and saved with the key in the secret store, never in models.json;
// a wrong address is said in plain words; a form that cannot be used is not saved.

#include "../support/uitestsupport.h"
#include "scriptedmodelserver.h"
#include "secretstoretesting.h"

#include "core/model/modelkeys.h"
#include "core/model/modelsfile.h"
#include "ui/dialogs/modelsdialog.h"

#include <QComboBox>
#include <QLineEdit>
#include <QListWidget>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Toolgate;
using TestModel::ScriptedModelServer;

namespace {

constexpr int waitMs = 20000;

void fill(ModelsDialog &dialog, const QString &name, const QString &baseUrl, const QString &model, const QString &key)
{
    dialog.findChild<QLineEdit *>(u"modelName"_s)->setText(name);
    dialog.findChild<QLineEdit *>(u"modelBaseUrl"_s)->setText(baseUrl);
    dialog.findChild<QLineEdit *>(u"modelModel"_s)->setText(model);
    dialog.findChild<QLineEdit *>(u"modelKey"_s)->setText(key);
}

} // namespace

class tst_ModelsDialog : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { QVERIFY(TestSupport::leftoverTopLevels().isEmpty()); }

    void addTestAndSaveKeepsTheKeyInTheKeychain()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"models.json"_s);
        MemorySecretStore store;
        ScriptedModelServer server;
        ModelsDialog dialog(&store, path);
        dialog.show();
        dialog.addConnection();
        const QString key = u"sk-typed-in-the-dialog-4711"_s;
        fill(dialog, u"scripted"_s, server.openAiBaseUrl(), u"scripted-model"_s, key);
        dialog.findChild<QSpinBox *>(u"modelContextLimit"_s)->setValue(32768);

        QSignalSpy tested(&dialog, &ModelsDialog::testFinished);
        dialog.testSelected();
        QVERIFY(tested.wait(waitMs));
        QVERIFY2(dialog.statusText().startsWith(u"The connection works"_s), qPrintable(dialog.statusText()));
        QCOMPARE(server.requests().size(), 1);
        QCOMPARE(server.requests().first().http.header("authorization"), ("Bearer " + key).toUtf8());

        QSignalSpy saved(&dialog, &ModelsDialog::saved);
        dialog.save();
        QVERIFY(saved.wait(waitMs));
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        const QByteArray file = TestSupport::readAll(path);
        QVERIFY(!file.contains(key.toUtf8()));
        QCOMPARE(TestSupport::storedValue(store, ModelKeys::storeKey(u"scripted"_s)), key.toUtf8());
        const auto models = ModelsFile::load(path);
        QVERIFY(models);
        QCOMPARE(models->size(), 1);
        QCOMPARE(models->first().baseUrl, server.openAiBaseUrl());
        QCOMPARE(models->first().contextLimit, 32768);
        QVERIFY(models->first().keyInKeychain);

        // Opened again, the key is not shown, and a test uses the one in the keychain.
        ModelsDialog again(&store, path);
        again.show();
        QCOMPARE(again.findChild<QLineEdit *>(u"modelKey"_s)->text(), QString());
        QSignalSpy testedAgain(&again, &ModelsDialog::testFinished);
        again.testSelected();
        QVERIFY(testedAgain.wait(waitMs));
        QVERIFY2(again.statusText().startsWith(u"The connection works"_s), qPrintable(again.statusText()));
        QCOMPARE(server.requests().last().http.header("authorization"), ("Bearer " + key).toUtf8());
    }

    void aWrongAddressIsSaidInPlainWords()
    {
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost));
        const quint16 port = closed.serverPort();
        closed.close();
        QTemporaryDir dir;
        MemorySecretStore store;
        ModelsDialog dialog(&store, dir.filePath(u"models.json"_s));
        dialog.show();
        dialog.addConnection();
        fill(dialog, u"local"_s, u"http://127.0.0.1:%1/v1"_s.arg(port), u"qwen2.5:7b"_s, {});
        QSignalSpy tested(&dialog, &ModelsDialog::testFinished);
        dialog.testSelected();
        QVERIFY(tested.wait(waitMs));
        QVERIFY2(dialog.statusText().contains(u"nothing is listening"_s), qPrintable(dialog.statusText()));
    }

    void aFormThatCannotBeUsedIsNotSaved()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"models.json"_s);
        MemorySecretStore store;
        ModelsDialog dialog(&store, path);
        dialog.show();
        dialog.addConnection();
        fill(dialog, u"local"_s, u"localhost:11434"_s, u"qwen2.5:7b"_s, {});
        dialog.save();
        QVERIFY2(dialog.statusText().contains(u"http:// or https://"_s), qPrintable(dialog.statusText()));
        QVERIFY(dialog.isVisible());
        QVERIFY(!QFile::exists(path));
    }
};

QTEST_MAIN(tst_ModelsDialog)
#include "tst_modelsdialog.moc"
