// The argument form built from a tool's inputSchema (ui/forms ArgumentForm and its field editors),
// offscreen: a server chooses the schema, and the form is built as soon as the tool is selected.
//
// Input: the inputSchema, then optionally a line "--" and the arguments to start from:
//     {"type":"object","properties":{"n":{"type":"integer","default":3}}}
//     --
//     {"n":5}
// Checks, besides the sanitizers: arguments given to the form come back unchanged (the form keeps
// what it cannot show); the form and its JSON tab agree; starting over from the defaults works.

#include "fuzzguisupport.h"

#include "ui/forms/argumentform.h"
#include "core/protocol/tool.h"

#include <QDeadlineTimer>
#include <QJsonDocument>
#include <QThread>

using namespace Toolgate;

TOOLGATE_FUZZ_INITIALIZE(Fuzz::ensureGuiApplication)

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const auto [schemaText, argumentsText] = Fuzz::splitAt(Fuzz::input(data, size), "--");
    const QJsonDocument schema = QJsonDocument::fromJson(schemaText);
    if (!schema.isObject())
        return 0;
    const Tool tool = Tool::fromJson({{QLatin1String("name"), QLatin1String("fuzz")},
                                      {QLatin1String("inputSchema"), schema.object()}});
    const QJsonObject initial = QJsonDocument::fromJson(argumentsText).object();

    ArgumentForm form;
    // The form prepares the schema, and checks values that take long, on SchemaChecker's thread.
    const auto settleChecked = [&form] {
        const QDeadlineTimer deadline(60000);
        while (form.isChecking() && !deadline.hasExpired()) {
            QThread::msleep(1);
            QCoreApplication::processEvents();
        }
        TOOLGATE_FUZZ_CHECK(!form.isChecking(), QByteArray("the form was still checking after 60 s"));
        Fuzz::settle();
    };
    form.resize(480, 640);
    form.setTool(tool, initial);
    form.show();
    settleChecked();
    Q_UNUSED(form.grab());
    Q_UNUSED(form.validationProblems());
    Q_UNUSED(form.sizeHint());

    if (!initial.isEmpty())
        TOOLGATE_FUZZ_CHECK(form.arguments() == initial, "the form changed the arguments it started from: "
                                                             + QJsonDocument(form.arguments()).toJson(QJsonDocument::Compact).left(300));

    // The JSON tab shows the same object as the form.
    form.setCurrentPage(ArgumentForm::Page::Json);
    Fuzz::settle();
    const QJsonDocument shown = QJsonDocument::fromJson(form.argumentsText().toUtf8());
    TOOLGATE_FUZZ_CHECK(shown.isObject() && shown.object() == form.arguments(),
                        "the JSON tab differs from the arguments: " + form.argumentsText().toUtf8().left(300));
    form.setCurrentPage(ArgumentForm::Page::Form);

    form.resetToDefaults();
    settleChecked();
    const QJsonObject defaults = form.arguments();
    form.setArguments(defaults);
    TOOLGATE_FUZZ_CHECK(form.arguments() == defaults, "the defaults do not survive being set again: "
                                                          + QJsonDocument(defaults).toJson(QJsonDocument::Compact).left(300));
    Q_UNUSED(form.grab());
    Q_UNUSED(form.issues());
    Q_UNUSED(form.schemaError());
    return 0;
}
