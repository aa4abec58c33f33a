// The server editor's per-row Secret toggle (pre-ticked by name, masked, shown on request,
// round-tripped through config()) and the import dialog sending imported secrets to the keychain.

#include "../support/uitestsupport.h"
#include "../../support/secretstoretesting.h"
#include "core/auth/secretstore.h"
#include "ui/dialogs/importdialog.h"
#include "ui/dialogs/servereditordialog.h"
#include "core/workspace/serverconfigfile.h"
#include "core/workspace/workspace.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QStyledItemDelegate>
#include <QDir>
#include <QFile>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace Toolgate;
using Toolgate::TestSupport::saveScreenshot;
using Toolgate::TestSupport::readAll;
using Toolgate::TestSupport::storedValue;

namespace {

enum Column { Key, Value, Secret };

// The text the table draws for a cell (the delegate masks secret values).
QString shownText(QTableWidget *table, int row, int column)
{
    QStyleOptionViewItem option;
    option.initFrom(table);
    const QModelIndex index = table->model()->index(row, column);
    option.text = index.data().toString();
    // initStyleOption is protected in QStyledItemDelegate; go through the public displayText path instead.
    class Probe : public QStyledItemDelegate
    {
    public:
        static void init(QAbstractItemDelegate *delegate, QStyleOptionViewItem *o, const QModelIndex &i)
        {
            static_cast<Probe *>(static_cast<QStyledItemDelegate *>(delegate))->initStyleOption(o, i);
        }
    };
    Probe::init(table->itemDelegate(), &option, index);
    return option.text;
}



int rowOf(QTableWidget *table, const QString &key)
{
    for (int row = 0; row < table->rowCount(); ++row) {
        if (table->item(row, Key)->text() == key)
            return row;
    }
    return -1;
}

} // namespace

class tst_SecretEditing final : public QObject
{
    Q_OBJECT

private slots:
    void secretToggleRoundTripsAndMasks()
    {
        ServerConfig original;
        original.name = QStringLiteral("github");
        original.command = QStringLiteral("docker");
        original.env = {{QStringLiteral("GITHUB_TOKEN"), QStringLiteral("ghp_visible?")},
                        {QStringLiteral("PROJECT"), QStringLiteral("p-value")}};
        original.secretKeys = {QStringLiteral("GITHUB_TOKEN")};
        original.plainSecretKeys = {QStringLiteral("GITHUB_TOKEN")}; // typed into the file by hand

        ServerEditorDialog dialog([](const ServerConfig &) { return Result<void>(); });
        dialog.setConfig(original);
        dialog.show();
        auto *env = dialog.findChild<QTableWidget *>(QStringLiteral("environment"));
        QVERIFY(env);
        QCOMPARE(env->rowCount(), 2);
        const int tokenRow = env->item(0, Key)->text() == u"GITHUB_TOKEN" ? 0 : 1;
        const int projectRow = 1 - tokenRow;
        QCOMPARE(env->item(tokenRow, Secret)->checkState(), Qt::Checked);
        QCOMPARE(env->item(projectRow, Secret)->checkState(), Qt::Unchecked);
        QVERIFY(!shownText(env, tokenRow, Value).contains(u"ghp"));
        QCOMPARE(shownText(env, projectRow, Value), QStringLiteral("p-value"));

        // "Show secret values" reveals them; unticking hides them again.
        auto *show = dialog.findChild<QCheckBox *>(QStringLiteral("environmentShowSecrets"));
        QVERIFY(show);
        show->setChecked(true);
        QCOMPARE(shownText(env, tokenRow, Value), QStringLiteral("ghp_visible?"));
        show->setChecked(false);
        QVERIFY(!shownText(env, tokenRow, Value).contains(u"ghp"));

        // Saving through the editor moves the hand-typed value to the keychain.
        ServerConfig edited = dialog.config();
        QCOMPARE(edited.secretKeys, QStringList{QStringLiteral("GITHUB_TOKEN")});
        QVERIFY(edited.plainSecretKeys.isEmpty());
        QCOMPARE(edited.env, original.env);
        QByteArray file = ServerConfigFile::serialize({edited});
        QVERIFY2(!file.contains("ghp_visible?"), file.constData());

        // Marking PROJECT secret masks it and keeps it out of the file; unmarking the token writes it plainly.
        env->item(projectRow, Secret)->setCheckState(Qt::Checked);
        env->item(tokenRow, Secret)->setCheckState(Qt::Unchecked);
        QVERIFY(!shownText(env, projectRow, Value).contains(u"p-value"));
        edited = dialog.config();
        QCOMPARE(edited.secretKeys, QStringList{QStringLiteral("PROJECT")});
        file = ServerConfigFile::serialize({edited});
        QVERIFY2(!file.contains("p-value") && file.contains("ghp_visible?"), file.constData());
        // Read back, the file gives the same marks (the placeholder marks PROJECT).
        const auto reread = ServerConfigFile::parse(file, QStringLiteral("edited"));
        QVERIFY(reread.ok());
        QVERIFY(reread->first().secretKeys.contains(QStringLiteral("PROJECT")));

        // A new row named like a secret is pre-ticked.
        env->insertRow(2);
        env->setItem(2, Value, new QTableWidgetItem(QStringLiteral("v")));
        auto *secretItem = new QTableWidgetItem;
        secretItem->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        secretItem->setCheckState(Qt::Unchecked);
        env->setItem(2, Secret, secretItem);
        env->setItem(2, Key, new QTableWidgetItem(QStringLiteral("OPENAI_API_KEY")));
        QCOMPARE(env->item(2, Secret)->checkState(), Qt::Checked);
        saveScreenshot(&dialog, QStringLiteral("server-editor-secrets.png"));
    }

    // The editor opened on a server whose secrets were never read shows placeholders. Unticking
    // "Secret" and saving writes the real value from the keychain, never the placeholder; renaming
    // a row that holds a placeholder is refused inline (Save disabled) instead of losing the value.
    void editingUnreadSecretsKeepsTheirValues()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("servers.json"));
        QVERIFY(ServerConfigFile::save(path, {}).ok());
        MemorySecretStore store;
        ServerConfig config;
        config.name = QStringLiteral("github");
        config.command = QStringLiteral("docker");
        config.env = {{QStringLiteral("GITHUB_TOKEN"), QStringLiteral("ghp_real_token")},
                      {QStringLiteral("ORG_ID"), QStringLiteral("org-secret-31")}};
        config.secretKeys = {QStringLiteral("GITHUB_TOKEN"), QStringLiteral("ORG_ID")};
        config.enabled = false;
        {
            Workspace first(path);
            first.secrets()->setStore(&store);
            QVERIFY(first.load().ok());
            QVERIFY(first.addServer(config).ok());
            QTRY_VERIFY(!first.secrets()->hasPendingSecretWrites());
        }
        Workspace workspace(path);
        workspace.secrets()->setStore(&store);
        QVERIFY(workspace.load().ok());
        const QString name = QStringLiteral("github");

        // Renaming the row of an unread value: nothing is kept under the new name.
        {
            ServerEditorDialog dialog([&workspace, name](const ServerConfig &c) { return workspace.validate(c, name); });
            dialog.setConfig(workspace.connection(name)->config());
            dialog.show();
            auto *env = dialog.findChild<QTableWidget *>(QStringLiteral("environment"));
            auto *buttons = dialog.findChild<QDialogButtonBox *>();
            QVERIFY(env && buttons);
            QVERIFY(buttons->button(QDialogButtonBox::Save)->isEnabled());
            env->item(rowOf(env, QStringLiteral("ORG_ID")), Key)->setText(QStringLiteral("ORGANISATION"));
            QVERIFY2(dialog.problem().contains(QStringLiteral("ORGANISATION")), qPrintable(dialog.problem()));
            QVERIFY(!buttons->button(QDialogButtonBox::Save)->isEnabled());
            QCoreApplication::processEvents(); // the layout makes room for the message
            saveScreenshot(&dialog, QStringLiteral("server-editor-unknown-placeholder.png"));
            // Typing the value again makes it savable.
            env->item(rowOf(env, QStringLiteral("ORGANISATION")), Value)->setText(QStringLiteral("org-secret-31"));
            QVERIFY2(dialog.problem().isEmpty(), qPrintable(dialog.problem()));
            QVERIFY(buttons->button(QDialogButtonBox::Save)->isEnabled());
        }

        // Unticking "Secret" on an unread value and saving.
        ServerEditorDialog dialog([&workspace, name](const ServerConfig &c) { return workspace.validate(c, name); });
        dialog.setConfig(workspace.connection(name)->config());
        dialog.show();
        auto *env = dialog.findChild<QTableWidget *>(QStringLiteral("environment"));
        const int orgRow = rowOf(env, QStringLiteral("ORG_ID"));
        QCOMPARE(env->item(orgRow, Value)->text(), ServerConfig::secretPlaceholder());
        env->item(orgRow, Secret)->setCheckState(Qt::Unchecked);
        QVERIFY2(dialog.problem().isEmpty(), qPrintable(dialog.problem()));
        QVERIFY(workspace.updateServer(name, dialog.config()).ok());
        QTRY_VERIFY2(readAll(path).contains("org-secret-31"), readAll(path).constData());
        QVERIFY(!readAll(path).contains("ghp_real_token"));
        QTRY_VERIFY(!workspace.secrets()->hasPendingSecretWrites());
        QCOMPARE(storedValue(store, QStringLiteral("server/github/env/ORG_ID")), QByteArray());
        QCOMPARE(storedValue(store, QStringLiteral("server/github/env/GITHUB_TOKEN")), QByteArray("ghp_real_token"));
        QCOMPARE(workspace.connection(name)->config().env.value(QStringLiteral("ORG_ID")), QStringLiteral("org-secret-31"));
    }

    void importSendsSecretsToTheKeychain()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("claude_desktop_config.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"mcpServers": {"gh": {"command": "docker", "env": {"GITHUB_TOKEN": "ghp_import", "MODE": "x"}}}})");
        file.close();
        ImportDialog dialog({});
        dialog.loadFile(path);
        const QList<ServerConfig> selected = dialog.selectedConfigs();
        QCOMPARE(selected.size(), 1);
        QCOMPARE(selected.first().secretKeys, QStringList{QStringLiteral("GITHUB_TOKEN")});
        QVERIFY(selected.first().plainSecretKeys.isEmpty());
        QVERIFY(!ServerConfigFile::serialize(selected).contains("ghp_import"));
    }
};

QTEST_MAIN(tst_SecretEditing)
#include "tst_secretediting.moc"
