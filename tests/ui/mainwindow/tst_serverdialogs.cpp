#include "ui/dialogs/importdialog.h"
#include "ui/dialogs/servereditordialog.h"
#include "../support/uitestsupport.h"
#include "testfiles.h"

#include "core/workspace/serverconfigfile.h"
#include "core/workspace/workspace.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace Toolgate;
using Toolgate::TestSupport::demoConfig;
using Toolgate::TestSupport::writeFile;

namespace {

QPushButton *saveButton(QDialog &dialog)
{
    return dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Save);
}

} // namespace

class tst_ServerDialogs final : public QObject
{
    Q_OBJECT

private slots:
    void editorHintsShowWholeWithALargerFont()
    {
        // A person with a larger system font: every wrapped hint gets the lines it needs.
        const QFont original = QApplication::font();
        QFont big = original;
        big.setPointSizeF(original.pointSizeF() * 1.75);
        QApplication::setFont(big);
        {
            ServerEditorDialog dialog([](const ServerConfig &) { return Result<void>(); });
            dialog.show();
            QVERIFY(TestSupport::settled(&dialog));
            const QList<QLabel *> labels = dialog.findChildren<QLabel *>();
            int checked = 0;
            for (QLabel *label : labels) {
                if (!label->isVisible() || !label->wordWrap() || label->text().isEmpty())
                    continue;
                ++checked;
                const int needed = label->heightForWidth(label->width());
                QVERIFY2(label->height() >= needed, qPrintable(QStringLiteral("\"%1\" is %2 px high, needs %3")
                                                                   .arg(label->text()).arg(label->height()).arg(needed)));
                const QRect inDialog(label->mapTo(&dialog, QPoint(0, 0)), label->size());
                QVERIFY2(dialog.rect().contains(inDialog), qPrintable(label->text()));
            }
            QVERIFY(checked >= 2);
        }
        QApplication::setFont(original);
    }

    void editorValidatesInline()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("servers.json"));
        QVERIFY(ServerConfigFile::save(path, {demoConfig()}).ok());
        Workspace workspace(path);
        QVERIFY(workspace.load().ok());

        ServerEditorDialog dialog([&workspace](const ServerConfig &config) { return workspace.validate(config); });
        auto *name = dialog.findChild<QLineEdit *>(QStringLiteral("name"));
        auto *command = dialog.findChild<QLineEdit *>(QStringLiteral("command"));
        auto *problem = dialog.findChild<QLabel *>(QStringLiteral("problem"));

        QVERIFY(!dialog.problem().isEmpty()); // no name yet
        QVERIFY(!saveButton(dialog)->isEnabled());

        QTest::keyClicks(name, QStringLiteral("DEMO"));
        QVERIFY2(dialog.problem().contains(u"already"), qPrintable(dialog.problem()));
        QVERIFY(!problem->isHidden());
        name->setText(QStringLiteral("files"));
        QVERIFY(dialog.problem().contains(u"command"));
        QTest::keyClicks(command, QStringLiteral("toolgate-surely-not-installed"));
        QVERIFY(dialog.problem().isEmpty());
        QVERIFY(saveButton(dialog)->isEnabled());
        // Command lookup waits for typing to pause, then warns with the PATH it searched.
        QTRY_VERIFY(!dialog.warning().isEmpty());
        QVERIFY2(dialog.warning().contains(u"PATH"), qPrintable(dialog.warning()));

        command->setText(demoConfig().command);
        QTRY_VERIFY(dialog.warning().isEmpty());

        dialog.findChild<QPlainTextEdit *>(QStringLiteral("arguments"))->setPlainText(QStringLiteral("--page-size\n\n2\n"));
        auto *env = dialog.findChild<QTableWidget *>(QStringLiteral("environment"));
        QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("environmentAdd")), Qt::LeftButton);
        env->item(0, 0)->setText(QStringLiteral("API_KEY"));
        env->item(0, 1)->setText(QStringLiteral("s3cret"));
        QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("environmentAdd")), Qt::LeftButton);
        env->item(1, 0)->setText(QStringLiteral("LOG_LEVEL"));
        env->item(1, 1)->setText(QStringLiteral("debug"));

        const ServerConfig config = dialog.config();
        QCOMPARE(config.name, QStringLiteral("files"));
        QCOMPARE(config.args, (QStringList{QStringLiteral("--page-size"), QStringLiteral("2")}));
        QCOMPARE(config.env.value(QStringLiteral("API_KEY")), QStringLiteral("s3cret"));
        // A secret-looking name is marked secret by itself; others are not.
        QCOMPARE(config.secretKeys, QStringList{QStringLiteral("API_KEY")});
        QVERIFY(config.enabled);

        // Switching to HTTP asks for a URL instead.
        auto *transport = dialog.findChild<QComboBox *>(QStringLiteral("transport"));
        transport->setCurrentIndex(transport->findData(int(ServerConfig::Transport::Http)));
        QVERIFY(dialog.problem().contains(u"URL"));
        dialog.findChild<QLineEdit *>(QStringLiteral("url"))->setText(QStringLiteral("https://example.com/mcp"));
        QVERIFY(dialog.problem().isEmpty());
        QVERIFY(dialog.config().command.isEmpty());
        QVERIFY(dialog.config().env.isEmpty());
    }

    void editorSplitsACommandLinePastedIntoCommand()
    {
        // Issue #34: "node …/index.js --stdio" pasted whole, as server READMEs print it, is no "command
        // that does not exist": the editor says where the arguments go and puts them there.
        ServerEditorDialog dialog([](const ServerConfig &) { return Result<void>(); });
        auto *command = dialog.findChild<QLineEdit *>(QStringLiteral("command"));
        auto *split = dialog.findChild<QPushButton *>(QStringLiteral("splitCommandLine"));
        QVERIFY(split);
        command->setText(demoConfig().command + QStringLiteral(" --page-size 2"));
        QTRY_VERIFY(!dialog.warning().isEmpty());
        QVERIFY2(dialog.warning().startsWith(QStringLiteral("Command holds a whole command line. The program is \"%1\"")
                                                 .arg(demoConfig().command)),
                 qPrintable(dialog.warning()));
        QVERIFY(!dialog.warning().contains(u"does not exist"));
        QVERIFY(!split->isHidden());

        QTest::mouseClick(split, Qt::LeftButton);
        QCOMPARE(dialog.config().command, demoConfig().command);
        QCOMPARE(dialog.config().args, (QStringList{QStringLiteral("--page-size"), QStringLiteral("2")}));
        QTRY_VERIFY(dialog.warning().isEmpty());
        QVERIFY(split->isHidden());
    }

    void editorKeepsWhatItDoesNotShow()
    {
        ServerConfig original = demoConfig();
        original.extra = QJsonObject{{QStringLiteral("autoApprove"), QJsonArray{QStringLiteral("echo")}}};
        original.env = {{QStringLiteral("TOKEN"), QStringLiteral("x")}};
        original.secretKeys = {QStringLiteral("TOKEN")};
        ServerEditorDialog dialog([](const ServerConfig &) { return Result<void>(); });
        dialog.setConfig(original);
        QVERIFY(dialog.windowTitle().contains(u"demo"));
        QCOMPARE(dialog.config(), original);
        dialog.findChild<QCheckBox *>(QStringLiteral("enabled"))->setChecked(false);
        QCOMPARE(dialog.config().enabled, false);
        QCOMPARE(dialog.config().extra, original.extra);
    }

    void editorKeepsTheOrderOfNames()
    {
        // The rows follow the file's order, and the file follows the rows (QMap would sort them).
        const auto parsed = ServerConfigFile::parse(R"({"mcpServers": {"s": {"command": "c", "env": {"ZED": "1", "ALPHA": "2"}}}})",
                                                    QStringLiteral("test"));
        QVERIFY(parsed.ok());
        ServerEditorDialog dialog([](const ServerConfig &) { return Result<void>(); });
        dialog.setConfig(parsed.value().first());
        auto *env = dialog.findChild<QTableWidget *>(QStringLiteral("environment"));
        QCOMPARE(env->rowCount(), 2);
        QCOMPARE(env->item(0, 0)->text(), QStringLiteral("ZED"));
        QCOMPARE(env->item(1, 0)->text(), QStringLiteral("ALPHA"));
        QCOMPARE(dialog.config(), parsed.value().first());

        QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("environmentAdd")), Qt::LeftButton);
        env->item(2, 0)->setText(QStringLiteral("MIDDLE"));
        env->item(2, 1)->setText(QStringLiteral("3"));
        const ServerConfig config = dialog.config();
        QCOMPARE(config.envNames(), (QStringList{"ZED", "ALPHA", "MIDDLE"}));
        const QByteArray saved = ServerConfigFile::serialize({config});
        QVERIFY2(saved.indexOf("ZED") < saved.indexOf("ALPHA") && saved.indexOf("ALPHA") < saved.indexOf("MIDDLE"), saved.constData());
    }

    void editorRoundTripsTheProtocolEra()
    {
        // Issue 15: the era setting is shown and saved; the file keeps its key order, and Auto (the
        // default) is not written at all.
        const auto parsed = ServerConfigFile::parse(R"({"mcpServers": {"s": {"protocolEra": "modern", "command": "c", "args": ["a"]}}})",
                                                    QStringLiteral("test"));
        QVERIFY(parsed.ok());
        ServerEditorDialog dialog([](const ServerConfig &) { return Result<void>(); });
        dialog.setConfig(parsed.value().first());
        auto *era = dialog.findChild<QComboBox *>(QStringLiteral("protocolEra"));
        QVERIFY(era);
        QCOMPARE(era->currentData().toInt(), int(ServerConfig::EraPreference::Modern));
        QVERIFY(!era->toolTip().isEmpty());
        QCOMPARE(dialog.config(), parsed.value().first());
        const QByteArray saved = ServerConfigFile::serialize({dialog.config()});
        QVERIFY2(saved.indexOf("protocolEra") < saved.indexOf("command") && saved.indexOf("command") < saved.indexOf("args"), saved.constData());

        era->setCurrentIndex(era->findData(int(ServerConfig::EraPreference::Legacy)));
        QCOMPARE(dialog.config().protocolEra, ServerConfig::EraPreference::Legacy);
        QVERIFY(ServerConfigFile::serialize({dialog.config()}).contains(R"("protocolEra": "legacy")"));
        era->setCurrentIndex(era->findData(int(ServerConfig::EraPreference::Auto)));
        QCOMPARE(dialog.config().protocolEra, ServerConfig::EraPreference::Auto);
        QVERIFY(!ServerConfigFile::serialize({dialog.config()}).contains("protocolEra"));

        // A new server starts at Auto.
        ServerEditorDialog blank([](const ServerConfig &) { return Result<void>(); });
        QCOMPARE(blank.findChild<QComboBox *>(QStringLiteral("protocolEra"))->currentData().toInt(), int(ServerConfig::EraPreference::Auto));

    }

    void editorEditsTheSandbox()
    {
        // Issue 32: the profile as the file has it (a host list and a key Toolgate does not know are kept),
        // turned off (the red words), a grant made writable, removed, the network switched.
        const auto parsed = ServerConfigFile::parse(
            R"({"mcpServers": {"s": {"command": "c", "sandbox": {"grants": ["/srv/a", "/srv/b:rw"], "network": ["api.example.com"], "future": 1}}}})",
            QStringLiteral("test"));
        QVERIFY(parsed.ok());
        const ServerConfig original = parsed.value().first();
        ServerEditorDialog dialog([](const ServerConfig &) { return Result<void>(); });
        dialog.setConfig(original);
        QCOMPARE(dialog.config(), original);
        auto *grants = dialog.findChild<QTableWidget *>(QStringLiteral("sandboxGrants"));
        QCOMPARE(grants->rowCount(), 2);
        QCOMPARE(grants->item(1, 1)->checkState(), Qt::Checked);

        auto *enabled = dialog.findChild<QCheckBox *>(QStringLiteral("sandboxEnabled"));
        enabled->setChecked(false);
        QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("notSandboxed"))->isVisibleTo(&dialog));
        QVERIFY(!grants->isEnabled());
        QCOMPARE(dialog.config().sandbox.enabled, false);
        QCOMPARE(dialog.config().sandbox.grants, original.sandbox.grants); // kept for when it is on again
        enabled->setChecked(true);
        QVERIFY(!dialog.findChild<QLabel *>(QStringLiteral("notSandboxed"))->isVisibleTo(&dialog));

        grants->item(0, 1)->setCheckState(Qt::Checked);
        QCOMPARE(dialog.config().sandbox.grants.first(), (SandboxProfile::Grant{QStringLiteral("/srv/a"), true}));
        grants->selectRow(1);
        QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("sandboxGrantsRemove")), Qt::LeftButton);
        QCOMPARE(dialog.config().sandbox.grants, (QList<SandboxProfile::Grant>{{QStringLiteral("/srv/a"), true}}));
        auto *network = dialog.findChild<QComboBox *>(QStringLiteral("sandboxNetwork"));
        QCOMPARE(network->currentData().toInt(), int(SandboxProfile::Network::Hosts));
        // The host list is edited here too: comma-separated; an empty list or a URL is not saved.
        auto *hosts = dialog.findChild<QLineEdit *>(QStringLiteral("sandboxHosts"));
        QVERIFY(hosts && hosts->isVisibleTo(&dialog));
        QCOMPARE(hosts->text(), QStringLiteral("api.example.com"));
        auto *save = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Save);
        hosts->setText(QStringLiteral("api.example.com:443, *.example.org"));
        QCOMPARE(dialog.config().sandbox.hosts, (QStringList{QStringLiteral("api.example.com:443"), QStringLiteral("*.example.org")}));
        QVERIFY(save->isEnabled());
        hosts->clear();
        QVERIFY(!save->isEnabled());
        QVERIFY(dialog.problem().contains(QStringLiteral("List the hosts it may reach")));
        hosts->setText(QStringLiteral("https://api.example.com/v1"));
        QVERIFY(!save->isEnabled());
        hosts->setText(QStringLiteral("api.example.com"));
        QVERIFY(save->isEnabled());
        network->setCurrentIndex(network->findData(int(SandboxProfile::Network::On)));
        QVERIFY(!hosts->isVisibleTo(&dialog));
        network->setCurrentIndex(network->findData(int(SandboxProfile::Network::Hosts)));
        QVERIFY(hosts->isVisibleTo(&dialog));
        network->setCurrentIndex(network->findData(int(SandboxProfile::Network::Off)));
        const SandboxProfile edited = dialog.config().sandbox;
        QCOMPARE(edited.network, SandboxProfile::Network::Off);
        QVERIFY(edited.hosts.isEmpty());
        QCOMPARE(edited.extra, original.sandbox.extra);
    }

    void importPicksNewServersAndRenamesClashes()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("claude_desktop_config.json"));
        QVERIFY(writeFile(file,
                          QStringLiteral(R"({
  // Claude Desktop style, with a comment
  "mcpServers": {
    "demo": {"command": "%1"},
    "other": {"command": "npx", "args": ["-y", "@example/server"]},
    "DEMO2": {"command": "uvx", "args": ["thing"]},
  }
})")
                              .arg(demoConfig().command)
                              .toUtf8()));
        ServerConfig clash;
        clash.name = QStringLiteral("demo2");
        clash.command = QStringLiteral("something-else");
        ImportDialog dialog({demoConfig(), clash});
        dialog.loadFile(file);
        QCOMPARE(dialog.foundConfigs().size(), 3);
        QStringList selected;
        for (const ServerConfig &config : dialog.selectedConfigs())
            selected.append(config.name);
        selected.sort();
        // demo is already configured (unticked); DEMO2 clashes with demo2 and is renamed.
        QCOMPARE(selected, (QStringList{QStringLiteral("DEMO2 2"), QStringLiteral("other")}));
        auto *import = dialog.findChild<QPushButton *>(QStringLiteral("import"));
        QVERIFY(import->isEnabled());
        QCOMPARE(import->text(), QStringLiteral("Import 2 Servers"));
        // Cancel, not Import, is what Enter does.
        QVERIFY(dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Cancel)->isDefault());
        int demoRow = -1;
        for (int row = 0; row < dialog.foundConfigs().size(); ++row) {
            if (dialog.foundConfigs().at(row).command == demoConfig().command)
                demoRow = row;
        }
        QVERIFY(demoRow >= 0);
        dialog.setSelected(demoRow, true);
        QCOMPARE(dialog.selectedConfigs().size(), 3);
    }

    void importReportsBrokenFiles()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("mcp.json"));
        QVERIFY(writeFile(file, "{ \"servers\": "));
        ImportDialog dialog({});
        dialog.loadFile(file);
        QVERIFY(dialog.foundConfigs().isEmpty());
        QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("message"))->text().contains(u"mcp.json"));
        QVERIFY(!dialog.findChild<QPushButton *>(QStringLiteral("import"))->isEnabled());
        dialog.loadFile(dir.filePath(QStringLiteral("missing.json")));
        QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("message"))->text().contains(u"Cannot read"));
        QVERIFY(!ImportDialog::knownSources().isEmpty());
    }
};

QTEST_MAIN(tst_ServerDialogs)
#include "tst_serverdialogs.moc"
