#pragma once

// A tour of the main window against the demo server, for the tests that check every view a person can
// reach (in German, named for a screen reader): a tool run through the confirmation dialog, a resource
// read, a prompt, the server's page, and every dialog and window of the app. Each view is handed to the
// test's look while it shows.

#include "mainwindowtesting.h"

#include "core/protocol/elicitation.h"
#include "core/protocol/sampling.h"
#include "core/workspace/rootsstore.h"
#include "ui/audit/auditwindow.h"
#include "ui/chat/chatview.h"
#include "ui/clientfeatures/elicitationdialog.h"
#include "ui/clientfeatures/rootsdialog.h"
#include "ui/clientfeatures/samplingdialog.h"
#include "ui/dialogs/aboutdialog.h"
#include "ui/dialogs/confirmationdialog.h"
#include "ui/dialogs/importdialog.h"
#include "ui/dialogs/modelsdialog.h"
#include "ui/dialogs/servereditordialog.h"
#include "ui/forms/argumentform.h"
#include "ui/items/itembrowser.h"
#include "ui/models/prompttreemodel.h"
#include "ui/models/resourcetreemodel.h"
#include "ui/serverfeatures/resourcepanel.h"
#include "ui/serverfeatures/toolpanel.h"
#include "ui/servers/serverpanel.h"
#include "ui/viewers/resultview.h"

#include <QDockWidget>
#include <QJsonArray>
#include <QPushButton>
#include <QTabWidget>
#include <QTest>

#include <functional>

namespace Toolgate::TestSupport {

/// What the tour hands each view: the widget, and the texts in it that the test or the server put
/// there (data, which no translation covers).
using LookAt = std::function<void(QWidget *view, const QStringList &dataTexts)>;

/// Runs the demo server's weather tool for Lisbon through the confirmation dialog, allowed once: look
/// sees the window with the arguments filled in, the dialog, and the window with the result.
inline void runWeatherThroughTheDialog(MainWindow &window, const LookAt &look)
{
    const QStringList lisbon{QStringLiteral("Lisbon")};
    QVERIFY(window.selectTool(QStringLiteral("demo"), QStringLiteral("weather")));
    window.toolPanel()->argumentForm()->setArguments({{QStringLiteral("city"), QStringLiteral("Lisbon")}});
    QTRY_VERIFY(window.toolPanel()->runButton()->isEnabled());
    look(&window, {});
    window.toolPanel()->run();
    ConfirmationDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = visibleTopLevel<ConfirmationDialog>()) != nullptr);
    look(dialog, lisbon);
    QTRY_VERIFY(dialog->findChild<QPushButton *>(QStringLiteral("allowOnce"))->isEnabled());
    dialog->findChild<QPushButton *>(QStringLiteral("allowOnce"))->click();
    QTRY_VERIFY_WITH_TIMEOUT(!window.toolPanel()->currentCall() && !window.toolPanel()->resultView()->contentViews().isEmpty(), 20000);
    look(&window, lisbon);
}

/// Reads the demo server's first resource, shows its first prompt, then server's page: look sees the
/// window at each step.
inline void showResourcePromptAndServer(MainWindow &window, ServerConnection *server, const LookAt &look)
{
    window.browserTabs()->setCurrentWidget(window.resourceBrowser());
    ResourceTreeModel *resources = window.resourceTreeModel();
    QTRY_VERIFY(resources->rowCount(resources->index(0, 0)) > 0);
    window.resourceBrowser()->selectSourceIndex(resources->index(0, 0, resources->index(0, 0)));
    QTRY_VERIFY(window.resourcePanel()->readButton()->isEnabled());
    look(&window, {});
    window.resourcePanel()->read();
    QTRY_VERIFY(!window.resourcePanel()->resultView()->contentViews().isEmpty());
    look(&window, {});

    window.browserTabs()->setCurrentWidget(window.promptBrowser());
    PromptTreeModel *prompts = window.promptTreeModel();
    QTRY_VERIFY(prompts->rowCount(prompts->index(0, 0)) > 0);
    window.promptBrowser()->selectSourceIndex(prompts->index(0, 0, prompts->index(0, 0)));
    look(&window, {});

    window.serverPanel()->selectConnection(server);
    look(&window, {});
}

/// Opens every dialog and window of the app in turn, the roots dialog on rootsFile, and closes each
/// after look saw it. The audit window's data texts are those of runWeatherThroughTheDialog().
inline void openEveryDialog(MainWindow &window, const QString &rootsFile, const LookAt &look)
{
    window.showAbout();
    AboutDialog *about = nullptr;
    QTRY_VERIFY((about = visibleTopLevel<AboutDialog>()) != nullptr);
    look(about, {});
    about->close();

    window.showGettingStarted();
    QDialog *guide = nullptr;
    QTRY_VERIFY((guide = window.findChild<QDialog *>(QStringLiteral("gettingStartedDialog"))) && guide->isVisible());
    look(guide, {});
    guide->close();

    window.showApprovalRules();
    QDialog *rules = nullptr;
    QTRY_VERIFY((rules = window.findChild<QDialog *>(QStringLiteral("approvalRulesDialog"))) && rules->isVisible());
    look(rules, {});
    rules->close();

    window.importServers();
    ImportDialog *import = nullptr;
    QTRY_VERIFY((import = visibleTopLevel<ImportDialog>()) != nullptr);
    look(import, {});
    import->close();

    window.serverPanel()->editServerAction()->trigger();
    ServerEditorDialog *editor = nullptr;
    QTRY_VERIFY((editor = visibleTopLevel<ServerEditorDialog>()) != nullptr);
    look(editor, {});
    editor->reject();

    window.showModels();
    ModelsDialog *models = nullptr;
    QTRY_VERIFY((models = visibleTopLevel<ModelsDialog>()) != nullptr);
    models->addConnection();
    look(models, {QStringLiteral("local"), QStringLiteral("http://localhost:11434/v1")});
    models->reject();

    // The Chat view (issue 31), with no conversation yet: the help line, the exposed-tools bar.
    window.showChat();
    QTRY_VERIFY(window.chatView() && window.chatView()->isVisible());
    look(&window, {QStringLiteral("demo")});
    window.findChild<QDockWidget *>(QStringLiteral("chatDock"))->hide();

    window.showAuditLog();
    QTRY_VERIFY(window.auditWindow() && window.auditWindow()->isVisible());
    look(window.auditWindow(), {QStringLiteral("Lisbon")});
    window.auditWindow()->close();

    RootsStore roots(rootsFile);
    RootsDialog rootsDialog(&roots, &window);
    rootsDialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&rootsDialog));
    look(&rootsDialog, {});
    rootsDialog.close();

    const ServerIdentity server{QStringLiteral("demo"), demoConfig().command, {}};
    const QJsonObject sampling{{QStringLiteral("messages"),
                                QJsonArray{QJsonObject{{QStringLiteral("role"), QStringLiteral("user")},
                                                       {QStringLiteral("content"),
                                                        QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                                                    {QStringLiteral("text"), QStringLiteral("Write a haiku.")}}}}}},
                               {QStringLiteral("maxTokens"), 100}};
    SamplingDialog samplingDialog(server, SamplingRequest::fromJson(sampling).value(), false, &window);
    samplingDialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&samplingDialog));
    look(&samplingDialog, {QStringLiteral("Write a haiku.")});
    samplingDialog.close();

    const QJsonObject elicitation{
        {QStringLiteral("message"), QStringLiteral("Who are you?")},
        {QStringLiteral("requestedSchema"),
         QJsonObject{{QStringLiteral("type"), QStringLiteral("object")},
                     {QStringLiteral("properties"),
                      QJsonObject{{QStringLiteral("name"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}}},
                                  {QStringLiteral("age"), QJsonObject{{QStringLiteral("type"), QStringLiteral("integer")}}},
                                  {QStringLiteral("subscribe"), QJsonObject{{QStringLiteral("type"), QStringLiteral("boolean")}}}}}}}};
    ElicitationDialog elicitationDialog(server, ElicitationRequest::fromJson(elicitation).value(), &window);
    elicitationDialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&elicitationDialog));
    look(&elicitationDialog, {QStringLiteral("Who are you?"), QStringLiteral("Subscribe")});
    elicitationDialog.close();
}

} // namespace Toolgate::TestSupport
