#include "../support/uitestsupport.h"
#include "ui/forms/argumentform.h"
#include "core/calls/argumenthistory.h"
#include "ui/forms/containereditors.h"
#include "ui/forms/fieldpath.h"
#include "core/schema/schemachecker.h"
#include "core/schema/schemanode.h"
#include "ui/forms/scalareditors.h"
#include "ui/viewers/largetextview.h"
#include "ui/forms/jsoneditor.h"
#include "ui/forms/problemsbox.h"
#include "core/jsonrpc/jsontext.h"
#include "core/jsonrpc/jsonwriter.h"
#include "stallprobe.h"
#include "testjson.h"

#include "hostileschemas.h"

#include <QApplication>
#include <QScrollArea>
#include <QScrollBar>
#include <QWheelEvent>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QGroupBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QThread>
#include <QTest>
#include <QTimer>
#include <QToolButton>

#include <atomic>

using namespace Qt::StringLiterals;
using namespace Toolgate;
using namespace Toolgate::TestSupport;

namespace {

// Everything a form builder meets in practice: formats, enums, bounds (inclusive, exclusive, none),
// booleans with and without defaults, arrays, a $ref'd nested object with required fields, oneOf,
// a nullable value, a multi-line text and a property outside the schema's vocabulary.
Tool richTool()
{
    Tool tool;
    tool.name = u"create_order"_s;
    tool.title = u"Create order"_s;
    tool.description = u"Places an order for delivery."_s;
    tool.inputSchema = parseObject(R"({
      "type": "object",
      "$defs": {
        "address": {
          "type": "object",
          "title": "Delivery address",
          "description": "Where the parcel goes.",
          "properties": {
            "street": {"type": "string", "title": "Street"},
            "city": {"type": "string", "title": "City"},
            "postcode": {"type": "string", "title": "Postcode", "pattern": "^[0-9]{5}$"}
          },
          "required": ["street", "city"]
        }
      },
      "properties": {
        "customer": {"type": "string", "title": "Customer name", "description": "As printed on the label.", "minLength": 1},
        "email": {"type": "string", "title": "Email", "format": "email"},
        "website": {"type": "string", "format": "uri"},
        "deliveryDate": {"type": "string", "title": "Delivery date", "format": "date"},
        "priority": {"type": "string", "title": "Priority", "enum": ["low", "normal", "high"], "default": "normal"},
        "quantity": {"type": "integer", "title": "Quantity", "minimum": 1, "maximum": 100},
        "discount": {"type": "number", "title": "Discount", "exclusiveMinimum": 0, "maximum": 0.5},
        "reference": {"type": "integer", "title": "Reference number"},
        "giftWrap": {"type": "boolean", "title": "Gift wrap", "default": false},
        "express": {"type": "boolean", "title": "Express"},
        "tags": {"type": "array", "title": "Tags", "items": {"type": "string"}, "maxItems": 3},
        "address": {"$ref": "#/$defs/address"},
        "payment": {
          "title": "Payment",
          "oneOf": [
            {"title": "Card", "type": "object",
             "properties": {"kind": {"const": "card"}, "number": {"type": "string", "title": "Card number"}},
             "required": ["kind", "number"]},
            {"title": "Bank transfer", "type": "object",
             "properties": {"kind": {"const": "bank"}, "iban": {"type": "string", "title": "IBAN"}},
             "required": ["kind", "iban"]}
          ]
        },
        "coupon": {"type": ["string", "null"], "title": "Coupon"},
        "notes": {"type": "string", "title": "Notes", "description": "Anything else; may span multiple lines."},
        "limit": {"type": "integer", "title": "Limit", "default": 10, "minimum": 1, "maximum": 50},
        "callbackUrlForDeliveryNotifications": {"type": "string", "format": "uri"}
      },
      "required": ["customer", "quantity", "address"]
    })");
    return tool;
}

template<typename T>
T *field(QWidget *form, const QString &pointer)
{
    T *widget = form->findChild<T *>(pointer);
    if (!widget)
        qWarning("no %s named %s", T::staticMetaObject.className(), qPrintable(pointer));
    return widget;
}

void typeInto(QLineEdit *edit, const QString &text)
{
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Backspace);
    QTest::keyClicks(edit, text);
}

/// What form would send once text is typed into its line edit at pointer (replacing what was there).
QJsonObject argumentsAfterTyping(ArgumentForm &form, const QString &pointer, const QString &text)
{
    typeInto(field<QLineEdit>(&form, pointer), text);
    return form.arguments();
}

QString issueText(QWidget *form, const QString &pointer)
{
    auto *label = form->findChild<QLabel *>(pointer + u"#issue"_s);
    return label && !label->isHidden() ? label->text() : QString();
}

HostileSchemas::Case hostileCase(const char *name)
{
    const QList<HostileSchemas::Case> cases = HostileSchemas::cases();
    for (const HostileSchemas::Case &c : cases)
        if (qstrcmp(c.name, name) == 0)
            return c;
    qFatal("no hostile schema case %s", name);
}

// As toolgate-hostile-server's schema_input offers a case (tests/servers/hostileserver.cpp, schemaWithCase):
// the case's schema under $defs, its references moved with it, as the schema of the property "value",
// whose default is the case's value.
Tool benchTool(const HostileSchemas::Case &c)
{
    QByteArray moved = c.schema;
    moved.replace("\"$ref\":\"#", "\"$ref\":\"#/$defs/case");
    Tool tool;
    tool.name = u"schema_input"_s;
    tool.inputSchema = parseObject(R"({"type":"object","$defs":{"case":)" + moved
                                   + R"(},"properties":{"value":{"$ref":"#/$defs/case","default":)" + c.instance + "}}}");
    return tool;
}

// The arguments the form starts with for benchTool(c): the case's value, exactly.
QJsonObject benchArguments(const HostileSchemas::Case &c)
{
    return QJsonObject{{u"value"_s, QJsonDocument::fromJson("[" + c.instance + "]").array().first()}};
}

} // namespace

class tst_ArgumentForm : public QObject
{
    Q_OBJECT

private slots:
    void cleanup();

    void buildsEditorsForEveryKind();
    void aWheelPassingOverAChoiceScrollsThePage();
    void defaultsArePrefilled();
    void fillingFieldsGivesExactJson();
    void untouchedOptionalFieldsAreOmitted();
    void unboundedIntegerIsNotClamped();
    void outOfRangeNumberIsReported();
    void missingRequiredFieldIsReported();
    void problemsNameFieldsByTheirLabels();
    void invalidNumberTextIsReported();
    void jsonTabFollowsForm();
    void formFollowsJsonTab();
    void jsonParseErrorKeepsLastGoodState();
    void keysOutsideSchemaArePreserved();
    void arrayAddRemoveRespectsBounds();
    void oneOfPicksAlternative();
    void nullableValue();
    void initialArgumentsOverrideDefaults();
    void serverTextIsPlain();
    void toolWithoutArguments();
    void anyAndMapValuesUseJson();
    void hugeListsAndDeepRecursionStayLight();
    void largeFormKeepsTheWindowResponsive();
    void largeChoicesAndEnumsKeepTheirValues();
    void hostileSchemasKeepTheWindowResponsive_data();
    void hostileSchemasKeepTheWindowResponsive();
    void schemaIsPreparedAndCheckedOffTheGuiThread();
    void largeAnyValueIsShownReadOnlyUntilEdited();
    void nestedObjectsAreBuiltOverSeveralTurns();
    void jsonTextParsesAndPrints();
    void historyRoundTripAcrossInstances();
    void historyKeepsServersApart();
    void fieldsFollowTheSchemasOrder();
    void aHugeNameDoesNotSizeTheForm();
    void screenshot();
};

void tst_ArgumentForm::aHugeNameDoesNotSizeTheForm()
{
    // Issue #35 (High): a property name of 400,000 characters, required and missing, with an
    // additionalProperties: false the default breaks. A label sized to such a name made the window
    // ~7 px wider per character (8 GB of backing store). Text a server controls reaches layout bounded.
    const QString name = QString(400000, u'n');
    QJsonObject schema{{u"type"_s, u"object"_s},
                       {u"properties"_s, QJsonObject{{name, QJsonObject{{u"type"_s, u"string"_s}, {u"description"_s, QString(200000, u'd')}}},
                                                     {u"x"_s, QJsonObject{{u"type"_s, u"string"_s}, {u"title"_s, QString(300000, u't')}}}}},
                       {u"required"_s, QJsonArray{name}},
                       {u"additionalProperties"_s, false}};
    const Tool tool = Tool::fromJson(QJsonObject{{u"name"_s, u"huge"_s}, {u"description"_s, QString(100000, u'w')}, {u"inputSchema"_s, schema}});
    ArgumentForm form;
    form.setTool(tool, QJsonObject{{QString(300000, u'k'), 1}});
    QVERIFY(waitUntilChecked(&form));
    QVERIFY(!form.validationProblems().isEmpty());
    form.resize(600, 500);
    form.show();
    QVERIFY(QTest::qWaitForWindowExposed(&form));
    QVERIFY2(form.minimumSizeHint().width() < 2000, qPrintable(QString::number(form.minimumSizeHint().width())));
    QVERIFY2(form.sizeHint().width() < 4000, qPrintable(QString::number(form.sizeHint().width())));
    QVERIFY2(form.minimumSizeHint().height() < 4000, qPrintable(QString::number(form.minimumSizeHint().height())));
    for (const QLabel *label : form.findChildren<QLabel *>()) {
        QVERIFY2(label->text().size() < 5000, qPrintable(label->objectName()));
        QVERIFY2(label->minimumSizeHint().width() < 2000, qPrintable(label->objectName()));
    }
}

void tst_ArgumentForm::fieldsFollowTheSchemasOrder()
{
    // write_file as server-filesystem lists it: Path above Content, though both are required and
    // QJsonObject would sort Content first. The JSON tab and what the form hands over keep the order.
    const QByteArray definition = R"({"name":"write_file","inputSchema":{"type":"object","properties":{
        "path":{"type":"string"},"content":{"type":"string"},
        "options":{"type":"object","properties":{"mode":{"type":"string"},"backup":{"type":"boolean"}}}},
        "required":["path","content"]}})";
    Tool tool = Tool::fromJson(parseObject(definition));
    tool.rawOrder = JsonKeyOrder::fromJson(definition);
    ArgumentForm form;
    form.setTool(tool);
    QVERIFY(waitUntilChecked(&form));
    form.resize(600, 500);
    form.show();
    QVERIFY(QTest::qWaitForWindowExposed(&form));
    const auto top = [&](const QString &pointer) {
        QWidget *widget = form.findChild<QWidget *>(pointer);
        return widget ? widget->mapTo(&form, QPoint()).y() : -1;
    };
    QVERIFY(top(u"/path"_s) >= 0);
    QVERIFY2(top(u"/path"_s) < top(u"/content"_s), "Path is asked first");
    QVERIFY(top(u"/content"_s) < top(u"/options"_s));
    QVERIFY(top(u"/options/mode"_s) < top(u"/options/backup"_s));

    typeInto(field<QLineEdit>(&form, u"/path"_s), u"/tmp/a"_s);
    form.fieldEditor(u"/content"_s)->setValue(QJsonValue(u"hi"_s));
    emit form.fieldEditor(u"/content"_s)->edited();
    QCOMPARE(form.argumentsText(), u"{\n    \"path\": \"/tmp/a\",\n    \"content\": \"hi\"\n}"_s);
    QByteArray sent;
    JsonWriter::appendObject(sent, form.arguments(), form.argumentOrder());
    QCOMPARE(sent, QByteArray(R"({"path":"/tmp/a","content":"hi"})"));

    // The problems are listed in the form's order too, not alphabetically by name.
    form.setArguments(QJsonObject{{u"options"_s, QJsonObject{}}}); // path and content missing
    QVERIFY(waitUntilChecked(&form));
    const QStringList problems = form.validationProblems();
    QCOMPARE(problems.size(), 2);
    QVERIFY2(problems.at(0).startsWith(u"Path "_s) && problems.at(1).startsWith(u"Content "_s), qPrintable(problems.join(u" | "_s)));
    form.setArguments(QJsonObject{{u"path"_s, u"/tmp/a"_s}, {u"content"_s, u"hi"_s}});

    // JSON the person types keeps the person's order.
    form.setCurrentPage(ArgumentForm::Page::Json);
    auto *json = form.findChild<QPlainTextEdit *>(u"jsonText"_s);
    json->selectAll();
    QTest::keyClicks(json, uR"({"content": "x", "path": "y"})"_s);
    QCOMPARE(form.argumentOrder().keys(), (QStringList{u"content"_s, u"path"_s}));
}

void tst_ArgumentForm::cleanup()
{
    QVERIFY(leftoverTopLevels().isEmpty());
}

// The form scrolls in its page (#34 items 1, 2): a wheel turned over a choice on the way must scroll the
// page, not pick another value (for the oneOf chooser, another alternative, dropping what was typed).
void tst_ArgumentForm::aWheelPassingOverAChoiceScrollsThePage()
{
    ArgumentForm formWindow;
    ArgumentForm *form = &formWindow;
    form->setTool(richTool());
    form->resize(500, 200);
    form->show();
    QVERIFY(QTest::qWaitForWindowExposed(form));
    QVERIFY(waitUntilChecked(form));
    auto *scroll = form->findChild<QScrollArea *>();
    QVERIFY(scroll);
    QScrollArea &page = *scroll;
    QTRY_VERIFY(page.verticalScrollBar()->maximum() > 0);

    // Whether the widget took the wheel. One it leaves is offered to its parents when it comes from the
    // mouse (QApplication propagates only spontaneous wheel events, so this test cannot see the page move).
    const auto turnWheelOver = [](QWidget *widget) {
        const QPointF at(widget->width() / 2.0, widget->height() / 2.0);
        QWheelEvent wheel(at, widget->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(widget, &wheel);
        return wheel.isAccepted();
    };
    for (const QString &pointer : {u"/priority"_s, u"/payment#choice"_s}) {
        auto *choice = field<QComboBox>(form, pointer);
        QVERIFY(choice);
        page.ensureWidgetVisible(choice);
        const int index = choice->currentIndex();
        QVERIFY2(!turnWheelOver(choice), qPrintable(pointer));
        QCOMPARE(choice->currentIndex(), index);
        QVERIFY(!choice->hasFocus());
    }

    // Picked on purpose (focused), the wheel still steps through the choices.
    auto *priority = field<QComboBox>(form, u"/priority"_s);
    priority->setFocus();
    QTRY_VERIFY(priority->hasFocus());
    const int before = priority->currentIndex();
    QVERIFY(turnWheelOver(priority));
    QVERIFY(priority->currentIndex() != before);
}

void tst_ArgumentForm::buildsEditorsForEveryKind()
{
    ArgumentForm form;
    form.setTool(richTool());
    QVERIFY(waitUntilChecked(&form));

    QVERIFY(field<QLineEdit>(&form, u"/customer"_s));
    QCOMPARE(field<QLineEdit>(&form, u"/email"_s)->placeholderText(), u"name@example.com"_s);
    QCOMPARE(field<QLineEdit>(&form, u"/deliveryDate"_s)->placeholderText(), u"YYYY-MM-DD"_s);
    QVERIFY(field<QLineEdit>(&form, u"/website"_s)->placeholderText().startsWith(u"https://"_s));
    QCOMPARE(field<QComboBox>(&form, u"/priority"_s)->count(), 4); // "Not set" + three values
    QVERIFY(field<QLineEdit>(&form, u"/quantity"_s)->placeholderText().contains(u"1 – 100"_s));
    QVERIFY(field<QLineEdit>(&form, u"/discount"_s));
    QVERIFY(field<QLineEdit>(&form, u"/reference"_s));
    QVERIFY(!field<QCheckBox>(&form, u"/giftWrap"_s)->isTristate()); // has a default
    QVERIFY(field<QCheckBox>(&form, u"/express"_s)->isTristate());   // optional, no default: "not set" exists
    QVERIFY(field<QGroupBox>(&form, u"/tags"_s));
    QVERIFY(field<QPushButton>(&form, u"/tags#add"_s));
    auto *address = field<QGroupBox>(&form, u"/address"_s);
    QVERIFY(address);
    QCOMPARE(address->title(), u"Delivery address *"_s); // title from the $ref target, required marker
    QVERIFY(field<QLineEdit>(&form, u"/address/city"_s));
    QCOMPARE(field<QLabel>(&form, u"/address/city#label"_s)->text(), u"City *"_s);
    QCOMPARE(field<QLabel>(&form, u"/address/postcode#label"_s)->text(), u"Postcode"_s);
    QCOMPARE(field<QLabel>(&form, u"/customer#label"_s)->text(), u"Customer name *"_s);
    QCOMPARE(field<QLabel>(&form, u"/website#label"_s)->text(), u"Website"_s); // from the property name
    QCOMPARE(field<QLabel>(&form, u"/callbackUrlForDeliveryNotifications#label"_s)->text(),
             u"Callback URL for delivery notifications"_s);
    QVERIFY(field<QComboBox>(&form, u"/payment#choice"_s));
    QVERIFY(field<QCheckBox>(&form, u"/coupon#null"_s));
    QVERIFY(field<QLineEdit>(&form, u"/coupon"_s));
    QVERIFY(field<QPlainTextEdit>(&form, u"/notes"_s)); // "multiple lines" in the description

    // Descriptions are shown as help text and as tooltip.
    bool foundHelp = false;
    const QList<QLabel *> labels = form.findChildren<QLabel *>(u"help"_s);
    for (QLabel *label : labels)
        foundHelp = foundHelp || label->text() == u"As printed on the label."_s;
    QVERIFY(foundHelp);
    QVERIFY(field<QLineEdit>(&form, u"/customer"_s)->toolTip().contains(u"As printed on the label."_s));
}

void tst_ArgumentForm::defaultsArePrefilled()
{
    ArgumentForm form;
    form.setTool(richTool());
    QVERIFY(waitUntilChecked(&form));
    QCOMPARE(field<QComboBox>(&form, u"/priority"_s)->currentText(), u"normal"_s);
    QCOMPARE(field<QLineEdit>(&form, u"/limit"_s)->text(), u"10"_s);
    QCOMPARE(field<QCheckBox>(&form, u"/giftWrap"_s)->checkState(), Qt::Unchecked);
    QCOMPARE(field<QCheckBox>(&form, u"/express"_s)->checkState(), Qt::PartiallyChecked);
    // The required address is present (so its missing fields are reported); optional fields without a
    // default are absent.
    QCOMPARE(compact(form.arguments()), compact(parseObject(R"({"priority": "normal", "limit": 10, "giftWrap": false,
                                                          "address": {}})")));
}

void tst_ArgumentForm::fillingFieldsGivesExactJson()
{
    ArgumentForm form;
    form.setTool(richTool());
    QVERIFY(waitUntilChecked(&form));
    QSignalSpy changed(&form, &ArgumentForm::argumentsChanged);

    typeInto(field<QLineEdit>(&form, u"/customer"_s), u"Ada Lovelace"_s);
    typeInto(field<QLineEdit>(&form, u"/email"_s), u"ada@example.com"_s);
    typeInto(field<QLineEdit>(&form, u"/deliveryDate"_s), u"2025-12-24"_s);
    field<QComboBox>(&form, u"/priority"_s)->setCurrentIndex(3); // high
    typeInto(field<QLineEdit>(&form, u"/quantity"_s), u"3"_s);
    typeInto(field<QLineEdit>(&form, u"/discount"_s), u"0.25"_s);
    field<QCheckBox>(&form, u"/giftWrap"_s)->click();
    field<QCheckBox>(&form, u"/express"_s)->click(); // not set -> yes
    field<QPushButton>(&form, u"/tags#add"_s)->click();
    typeInto(field<QLineEdit>(&form, u"/tags/0"_s), u"fragile"_s);
    field<QPushButton>(&form, u"/tags#add"_s)->click();
    typeInto(field<QLineEdit>(&form, u"/tags/1"_s), u"gift"_s);
    typeInto(field<QLineEdit>(&form, u"/address/street"_s), u"12 Analytical Row"_s);
    typeInto(field<QLineEdit>(&form, u"/address/city"_s), u"London"_s);
    QTest::keyClicks(field<QPlainTextEdit>(&form, u"/notes"_s), u"Ring twice"_s);
    field<QComboBox>(&form, u"/payment#choice"_s)->setCurrentIndex(1); // Card
    typeInto(form.findChild<QLineEdit *>(u"/payment/number"_s), u"4111"_s);

    const QJsonObject expected = parseObject(R"({
        "customer": "Ada Lovelace", "email": "ada@example.com", "deliveryDate": "2025-12-24",
        "priority": "high", "quantity": 3, "discount": 0.25, "giftWrap": true, "express": true,
        "tags": ["fragile", "gift"], "address": {"street": "12 Analytical Row", "city": "London"},
        "notes": "Ring twice", "payment": {"kind": "card", "number": "4111"}, "limit": 10
    })");
    QCOMPARE(compact(form.arguments()), compact(expected));
    QCOMPARE(form.arguments(), expected);
    QVERIFY2(form.validationProblems().isEmpty(), qPrintable(form.validationProblems().join(u'\n')));
    QVERIFY(changed.count() > 10);
}

void tst_ArgumentForm::untouchedOptionalFieldsAreOmitted()
{
    ArgumentForm form;
    form.setTool(richTool());
    QVERIFY(waitUntilChecked(&form));
    QCOMPARE(argumentsAfterTyping(form, u"/email"_s, u"x@y.z"_s).value(u"email"_s).toString(), u"x@y.z"_s);
    QVERIFY(!argumentsAfterTyping(form, u"/email"_s, QString()).contains(u"email"_s)); // emptied again: left out, not sent as ""
    // The tri-state box goes back to "not set" after yes and no.
    auto *express = field<QCheckBox>(&form, u"/express"_s);
    express->click();
    QCOMPARE(form.arguments().value(u"express"_s), QJsonValue(true));
    express->click();
    QCOMPARE(form.arguments().value(u"express"_s), QJsonValue(false));
    express->click();
    QVERIFY(!form.arguments().contains(u"express"_s));
}

void tst_ArgumentForm::unboundedIntegerIsNotClamped()
{
    ArgumentForm form;
    form.setTool(richTool());
    QVERIFY(waitUntilChecked(&form));
    QCOMPARE(argumentsAfterTyping(form, u"/reference"_s, u"1234567890123"_s).value(u"reference"_s).toInteger(), 1234567890123LL);
    QCOMPARE(argumentsAfterTyping(form, u"/reference"_s, u"-500"_s).value(u"reference"_s).toInteger(), -500);
    // Letters never get in; a fraction is not a whole number.
    auto *reference = field<QLineEdit>(&form, u"/reference"_s);
    typeInto(reference, u"12a.5"_s);
    QCOMPARE(reference->text(), u"125"_s);
}

void tst_ArgumentForm::outOfRangeNumberIsReported()
{
    ArgumentForm form;
    form.setTool(richTool());
    QVERIFY(waitUntilChecked(&form));
    QCOMPARE(argumentsAfterTyping(form, u"/quantity"_s, u"500"_s).value(u"quantity"_s).toInteger(),
             500); // shown as a problem, never clamped
    QCOMPARE(issueText(&form, u"/quantity"_s), u"Must be at most 100"_s);
    QVERIFY(form.validationProblems().contains(u"Quantity must be at most 100"_s));

    typeInto(field<QLineEdit>(&form, u"/discount"_s), u"0"_s); // exclusive minimum
    QVERIFY(!issueText(&form, u"/discount"_s).isEmpty());

    typeInto(field<QLineEdit>(&form, u"/quantity"_s), u"50"_s);
    QVERIFY(issueText(&form, u"/quantity"_s).isEmpty());
    QVERIFY(!form.validationProblems().contains(u"Quantity must be at most 100"_s));
}

void tst_ArgumentForm::problemsNameFieldsByTheirLabels()
{
    // edit_file of the reference filesystem server: a list of objects. People read the labels on
    // screen, not edits[0].oldText.
    Tool tool;
    tool.name = u"edit_file"_s;
    tool.inputSchema = parseObject(R"({"type": "object", "required": ["path", "edits"], "additionalProperties": false,
        "properties": {"path": {"type": "string"}, "dryRun": {"type": "boolean"},
                       "edits": {"type": "array", "items": {"type": "object", "required": ["oldText", "newText"],
                                 "properties": {"oldText": {"type": "string"}, "newText": {"type": "string", "title": "Replacement"}}}}}})");
    ArgumentForm form;
    form.setTool(tool, parseObject(R"({"path": "/tmp/a.txt", "edits": [{"newText": "b"}], "color": 1})"));
    QVERIFY(waitUntilChecked(&form));
    const QStringList problems = form.validationProblems();
    QVERIFY2(problems.contains(u"Edits › Item 1 › Old text is required"_s), qPrintable(problems.join(u'\n')));
    QVERIFY2(problems.contains(u"Color is not allowed"_s), qPrintable(problems.join(u'\n')));
    QVERIFY(!problems.join(u'\n').contains(u"oldText"_s));

    const SchemaNode root = SchemaNode::fromSchema(tool.inputSchema);
    QCOMPARE(fieldPathTitle(root, u"/edits/2/newText"_s), u"Edits › Item 3 › Replacement"_s);
    QCOMPARE(fieldPathTitle(root, u"/dryRun"_s), u"Dry run"_s);
    QCOMPARE(fieldPathTitle(root, QString()), QString());
    QCOMPARE(describeIssue(root, {QString(), u"must be an object"_s}), u"The arguments must be an object"_s);

    // More problems than the validator lists: the count of the rest is a sentence of its own and comes
    // last, after the fields (it read "The arguments has 900 more problems…", first).
    const Result<SchemaValidator> validator = SchemaValidator::compile(tool.inputSchema);
    QVERIFY(validator.ok());
    QJsonArray edits;
    for (int i = 0; i < 150; ++i)
        edits.append(QJsonObject());
    const SchemaCheck check = validator->check(QJsonObject{{u"edits"_s, edits}, {u"color"_s, 1}});
    QCOMPARE(check.issues.size(), SchemaValidator::kMaxIssues + 1);
    const QList<SchemaIssue> ordered = inFormOrder(root, check.issues);
    QVERIFY(ordered.last().notListed > 0);
    QVERIFY2(describeIssue(root, ordered.last()).endsWith(u"more problems are not listed here"_s),
             qPrintable(describeIssue(root, ordered.last())));
    QVERIFY(!describeIssue(root, ordered.last()).startsWith(u"The arguments"_s));
}

void tst_ArgumentForm::missingRequiredFieldIsReported()
{
    ArgumentForm form;
    form.setTool(richTool());
    QVERIFY(waitUntilChecked(&form));
    // Nothing typed yet: the form knows, but does not say so in red (#34 item 7).
    QVERIFY(form.validationProblems().contains(u"Delivery address › City is required"_s));
    QVERIFY(issueText(&form, u"/customer"_s).isEmpty());
    QVERIFY(issueText(&form, u"/address/city"_s).isEmpty());
    auto *summary = form.findChild<ProblemsBox *>(u"problems"_s);
    QVERIFY(summary);
    QVERIFY2(summary->isHidden(), qPrintable(summary->problems().join(u'\n')));

    // A field typed in and emptied again says it is required; the others still wait.
    typeInto(field<QLineEdit>(&form, u"/customer"_s), u"A"_s);
    typeInto(field<QLineEdit>(&form, u"/customer"_s), QString());
    QCOMPARE(issueText(&form, u"/customer"_s), u"Required"_s);
    QVERIFY(issueText(&form, u"/address/city"_s).isEmpty());
    QCOMPARE(summary->problems(), QStringList{u"Customer name is required"_s});

    // Trying to run shows them all.
    form.showAllProblems();
    QCOMPARE(issueText(&form, u"/customer"_s), u"Required"_s);
    QCOMPARE(issueText(&form, u"/address/city"_s), u"Required"_s);
    QVERIFY(summary->problems().contains(u"Delivery address › City is required"_s));
    QVERIFY(!summary->isHidden());

    typeInto(field<QLineEdit>(&form, u"/address/city"_s), u"Paris"_s);
    QVERIFY(issueText(&form, u"/address/city"_s).isEmpty());
    QVERIFY(!form.validationProblems().contains(u"Delivery address › City is required"_s));

    // Everything required filled in: no problems, summary hidden.
    typeInto(field<QLineEdit>(&form, u"/customer"_s), u"Ada"_s);
    typeInto(field<QLineEdit>(&form, u"/quantity"_s), u"1"_s);
    typeInto(field<QLineEdit>(&form, u"/address/street"_s), u"Rue 1"_s);
    QVERIFY2(form.validationProblems().isEmpty(), qPrintable(form.validationProblems().join(u'\n')));
    QVERIFY(summary->isHidden());
}

void tst_ArgumentForm::invalidNumberTextIsReported()
{
    ArgumentForm form;
    form.setTool(richTool());
    QVERIFY(waitUntilChecked(&form));
    typeInto(field<QLineEdit>(&form, u"/discount"_s), u"1e"_s); // on the way to 1e-2
    QVERIFY(!form.arguments().contains(u"discount"_s));
    QCOMPARE(issueText(&form, u"/discount"_s), u"Must be a number"_s);
    QTest::keyClicks(field<QLineEdit>(&form, u"/discount"_s), u"-2"_s);
    QCOMPARE(form.arguments().value(u"discount"_s).toDouble(), 0.01);
    QVERIFY(issueText(&form, u"/discount"_s).isEmpty());
}

void tst_ArgumentForm::jsonTabFollowsForm()
{
    ArgumentForm form;
    form.setTool(richTool());
    QVERIFY(waitUntilChecked(&form));
    typeInto(field<QLineEdit>(&form, u"/customer"_s), u"Grace"_s);
    typeInto(field<QLineEdit>(&form, u"/address/city"_s), u"Arlington"_s);
    QCOMPARE(parseObject(form.argumentsText().toUtf8()), form.arguments());
    form.setCurrentPage(ArgumentForm::Page::Json);
    auto *json = form.findChild<QPlainTextEdit *>(u"jsonText"_s);
    QVERIFY(json);
    const QJsonObject shown = parseObject(json->toPlainText().toUtf8());
    QCOMPARE(compact(shown), compact(form.arguments()));
    QCOMPARE(shown.value(u"customer"_s).toString(), u"Grace"_s);
    QCOMPARE(shown.value(u"address"_s).toObject().value(u"city"_s).toString(), u"Arlington"_s);

    // While the JSON tab is on show, edits elsewhere (here: through the API of a field) appear at once.
    form.fieldEditor(u"/customer"_s)->setValue(QJsonValue(u"Hopper"_s));
    emit form.fieldEditor(u"/customer"_s)->edited();
    QCOMPARE(parseObject(json->toPlainText().toUtf8()).value(u"customer"_s).toString(), u"Hopper"_s);
}

void tst_ArgumentForm::formFollowsJsonTab()
{
    ArgumentForm form;
    form.setTool(richTool());
    QVERIFY(waitUntilChecked(&form));
    form.setCurrentPage(ArgumentForm::Page::Json);
    auto *json = form.findChild<QPlainTextEdit *>(u"jsonText"_s);
    json->selectAll();
    // Typed as a person would (every keystroke reparses), on one line since keyClicks() has no Enter.
    QTest::keyClicks(json, uR"({"customer": "Linus", "quantity": 7, "express": false, "tags": ["a", "b"], )"_s
                               uR"("address": {"street": "Main St", "city": "Helsinki"}, "coupon": null, )"_s
                               uR"("payment": {"kind": "bank", "iban": "FI21"}})"_s);
    QCOMPARE(field<QLineEdit>(&form, u"/customer"_s)->text(), u"Linus"_s);
    QCOMPARE(field<QLineEdit>(&form, u"/quantity"_s)->text(), u"7"_s);
    QCOMPARE(field<QCheckBox>(&form, u"/express"_s)->checkState(), Qt::Unchecked);
    QCOMPARE(field<QLineEdit>(&form, u"/tags/1"_s)->text(), u"b"_s);
    QCOMPARE(field<QLineEdit>(&form, u"/address/city"_s)->text(), u"Helsinki"_s);
    QVERIFY(field<QCheckBox>(&form, u"/coupon#null"_s)->isChecked());
    QCOMPARE(field<QComboBox>(&form, u"/payment#choice"_s)->currentText(), u"Bank transfer"_s);
    QCOMPARE(form.fieldEditor(u"/payment/iban"_s)->value(), QJsonValue(u"FI21"_s));
    // Fields the JSON leaves out are absent, defaults included: the JSON is what is sent.
    QCOMPARE(field<QComboBox>(&form, u"/priority"_s)->currentText(), u"Not set"_s);
    QVERIFY(!form.arguments().contains(u"priority"_s));
    QCOMPARE(form.arguments().value(u"quantity"_s).toInteger(), 7);
}

void tst_ArgumentForm::jsonParseErrorKeepsLastGoodState()
{
    ArgumentForm form;
    form.setTool(richTool());
    QVERIFY(waitUntilChecked(&form));
    form.setArguments(parseObject(R"({"customer": "Ken", "quantity": 2})"));
    auto *json = form.findChild<QPlainTextEdit *>(u"jsonText"_s);
    json->setPlainText(u"{\n  \"customer\": \"Dennis\",\n  \"quantity\" 3\n}"_s);

    auto *error = form.findChild<QLabel *>(u"jsonParseError"_s);
    QVERIFY(error && !error->isHidden());
    QVERIFY2(error->text().startsWith(u"Line 3, column 14:"_s), qPrintable(error->text())); // where "3" stands
    QCOMPARE(field<QLineEdit>(&form, u"/customer"_s)->text(), u"Ken"_s);
    QCOMPARE(form.arguments().value(u"customer"_s).toString(), u"Ken"_s);
    QVERIFY(form.validationProblems().first().startsWith(u"JSON text: Line 3, column 14:"_s));

    json->setPlainText(u"[1, 2]"_s); // valid JSON, but not an object
    QVERIFY(!error->isHidden());
    QCOMPARE(form.arguments().value(u"customer"_s).toString(), u"Ken"_s);

    json->setPlainText(u"{\"customer\": \"Dennis\", \"quantity\": 3}"_s);
    QVERIFY(error->isHidden());
    QCOMPARE(field<QLineEdit>(&form, u"/customer"_s)->text(), u"Dennis"_s);
    QVERIFY(!form.validationProblems().join(u' ').contains(u"JSON text"_s));
}

void tst_ArgumentForm::keysOutsideSchemaArePreserved()
{
    ArgumentForm form;
    form.setTool(richTool());
    QVERIFY(waitUntilChecked(&form));
    form.setArguments(parseObject(R"({"customer": "Ada", "extra": {"x": 1}, "quantity": 1.0,
                                "address": {"city": "Oslo", "floor": 3}})"));
    typeInto(field<QLineEdit>(&form, u"/customer"_s), u"Bob"_s);
    QCOMPARE(compact(form.arguments()), compact(parseObject(R"({"customer": "Bob", "extra": {"x": 1}, "quantity": 1,
                                                          "address": {"city": "Oslo", "floor": 3}})")));
    const QList<QLabel *> notes = form.findChildren<QLabel *>(u"note"_s);
    bool mentioned = false;
    for (QLabel *note : notes)
        mentioned = mentioned || (!note->isHidden() && note->text().contains(u"extra"_s));
    QVERIFY(mentioned);
}

void tst_ArgumentForm::arrayAddRemoveRespectsBounds()
{
    ArgumentForm form;
    form.setTool(richTool());
    QVERIFY(waitUntilChecked(&form));
    auto *add = field<QPushButton>(&form, u"/tags#add"_s);
    QVERIFY(!form.arguments().contains(u"tags"_s));
    for (int i = 0; i < 3; ++i) {
        add->click();
        typeInto(field<QLineEdit>(&form, u"/tags/%1"_s.arg(i)), u"t%1"_s.arg(i));
    }
    QVERIFY(!add->isEnabled()); // maxItems 3
    QCOMPARE(form.arguments().value(u"tags"_s).toArray(), (QJsonArray{u"t0"_s, u"t1"_s, u"t2"_s}));

    field<QToolButton>(&form, u"/tags/1#remove"_s)->click();
    QTRY_COMPARE(form.arguments().value(u"tags"_s).toArray(), (QJsonArray{u"t0"_s, u"t2"_s}));
    QVERIFY(add->isEnabled());
    QCOMPARE(field<QLineEdit>(&form, u"/tags/1"_s)->text(), u"t2"_s);
    QVERIFY(!form.findChild<QLineEdit *>(u"/tags/2"_s));

    field<QToolButton>(&form, u"/tags/0#remove"_s)->click();
    QTRY_COMPARE(form.arguments().value(u"tags"_s).toArray().size(), 1);
    field<QToolButton>(&form, u"/tags/0#remove"_s)->click();
    QTRY_VERIFY(!form.arguments().contains(u"tags"_s)); // an emptied optional list is left out

    // minItems: a required list starts with its minimum and cannot go below it.
    Tool tool;
    tool.name = u"t"_s;
    tool.inputSchema = parseObject(R"({"type": "object", "required": ["points"], "properties": {
        "points": {"type": "array", "items": {"type": "integer"}, "minItems": 2}}})");
    form.setTool(tool);
    QVERIFY(waitUntilChecked(&form));
    QVERIFY(form.findChild<QLineEdit *>(u"/points/1"_s));
    QVERIFY(!field<QToolButton>(&form, u"/points/0#remove"_s)->isEnabled());
    QCOMPARE(issueText(&form, u"/points/0"_s), u"Must be a whole number"_s);
    typeInto(field<QLineEdit>(&form, u"/points/0"_s), u"4"_s);
    typeInto(field<QLineEdit>(&form, u"/points/1"_s), u"5"_s);
    QCOMPARE(compact(form.arguments()), compact(parseObject(R"({"points": [4, 5]})")));
    field<QPushButton>(&form, u"/points#add"_s)->click();
    QVERIFY(field<QToolButton>(&form, u"/points/0#remove"_s)->isEnabled());
}

void tst_ArgumentForm::oneOfPicksAlternative()
{
    ArgumentForm form;
    form.setTool(richTool());
    QVERIFY(waitUntilChecked(&form));
    auto *choice = field<QComboBox>(&form, u"/payment#choice"_s);
    QCOMPARE(choice->currentText(), u"Not set"_s);
    QVERIFY(!form.arguments().contains(u"payment"_s));

    choice->setCurrentIndex(2); // Bank transfer
    QCOMPARE(compact(form.arguments().value(u"payment"_s).toObject()), compact(parseObject(R"({"kind": "bank"})")));
    QVERIFY(form.validationProblems().join(u'\n').contains(u"IBAN is required"_s));
    form.showAllProblems();
    QCOMPARE(issueText(&form, u"/payment/iban"_s), u"Required"_s);
    typeInto(form.findChild<QLineEdit *>(u"/payment/iban"_s), u"DE89"_s);
    QCOMPARE(compact(form.arguments().value(u"payment"_s).toObject()),
             compact(parseObject(R"({"kind": "bank", "iban": "DE89"})")));

    // Switching keeps each alternative's input.
    choice->setCurrentIndex(1);
    typeInto(form.fieldEditor(u"/payment/number"_s)->findChild<QLineEdit *>(u"/payment/number"_s), u"4242"_s);
    choice->setCurrentIndex(2);
    QCOMPARE(form.arguments().value(u"payment"_s).toObject().value(u"iban"_s).toString(), u"DE89"_s);

    form.setArguments(parseObject(R"({"payment": {"kind": "card", "number": "5555"}})"));
    QCOMPARE(choice->currentText(), u"Card"_s);
}

void tst_ArgumentForm::nullableValue()
{
    ArgumentForm form;
    form.setTool(richTool());
    QVERIFY(waitUntilChecked(&form));
    auto *coupon = field<QLineEdit>(&form, u"/coupon"_s);
    auto *isNull = field<QCheckBox>(&form, u"/coupon#null"_s);
    typeInto(coupon, u"SAVE10"_s);
    QCOMPARE(form.arguments().value(u"coupon"_s), QJsonValue(u"SAVE10"_s));
    isNull->click();
    QCOMPARE(form.arguments().value(u"coupon"_s), QJsonValue(QJsonValue::Null));
    QVERIFY(form.arguments().contains(u"coupon"_s));
    QVERIFY(!coupon->isEnabled());
    isNull->click();
    QCOMPARE(form.arguments().value(u"coupon"_s), QJsonValue(u"SAVE10"_s));
}

void tst_ArgumentForm::initialArgumentsOverrideDefaults()
{
    ArgumentForm form;
    const QJsonObject initial = parseObject(R"({"customer": "Eve", "limit": 20, "quantity": 4,
                                          "address": {"street": "S", "city": "C"}})");
    form.setTool(richTool(), initial);
    QVERIFY(waitUntilChecked(&form));
    QCOMPARE(form.arguments(), initial);
    QCOMPARE(field<QLineEdit>(&form, u"/limit"_s)->text(), u"20"_s);
    QVERIFY(form.validationProblems().isEmpty());

    form.resetToDefaults();
    QCOMPARE(field<QLineEdit>(&form, u"/limit"_s)->text(), u"10"_s);
    QVERIFY(!form.arguments().contains(u"customer"_s));
}

void tst_ArgumentForm::serverTextIsPlain()
{
    Tool tool;
    tool.name = u"evil"_s;
    tool.inputSchema = parseObject(R"({"type": "object", "properties": {
        "a": {"type": "string", "title": "<b>Bold</b> & co", "description": "<img src=x><a href='http://x'>click</a>"}}})");
    ArgumentForm form;
    form.setTool(tool);
    QVERIFY(waitUntilChecked(&form));
    auto *label = field<QLabel>(&form, u"/a#label"_s);
    QCOMPARE(label->textFormat(), Qt::PlainText);
    QCOMPARE(label->text(), u"<b>Bold</b> & co"_s);
    const QList<QLabel *> help = form.findChildren<QLabel *>(u"help"_s);
    QVERIFY(!help.isEmpty());
    for (QLabel *h : help)
        QCOMPARE(h->textFormat(), Qt::PlainText);
    const QString tip = field<QLineEdit>(&form, u"/a"_s)->toolTip();
    QVERIFY(!tip.contains(u"<img"_s));
    QVERIFY(tip.contains(u"&lt;img"_s));
}

void tst_ArgumentForm::toolWithoutArguments()
{
    Tool tool;
    tool.name = u"ping"_s;
    tool.inputSchema = parseObject(R"({"type": "object", "properties": {}, "additionalProperties": false})");
    ArgumentForm form;
    form.setTool(tool);
    QVERIFY(waitUntilChecked(&form));
    QVERIFY(form.findChild<QLabel *>(u"noArguments"_s));
    QCOMPARE(form.arguments(), QJsonObject());
    QVERIFY(form.validationProblems().isEmpty());
}

void tst_ArgumentForm::anyAndMapValuesUseJson()
{
    Tool tool;
    tool.name = u"run"_s;
    tool.inputSchema = parseObject(R"({"type": "object", "properties": {
        "env": {"type": "object", "additionalProperties": {"type": "string"}},
        "payload": {}}})");
    ArgumentForm form;
    form.setTool(tool);
    QVERIFY(waitUntilChecked(&form));
    auto *env = field<QPlainTextEdit>(&form, u"/env"_s);
    auto *payload = field<QPlainTextEdit>(&form, u"/payload"_s);
    QTest::keyClicks(env, uR"({"HOME": "/root"})"_s);
    QTest::keyClicks(payload, u"42"_s);
    QCOMPARE(compact(form.arguments()), compact(parseObject(R"({"env": {"HOME": "/root"}, "payload": 42})")));
    QTest::keyClicks(payload, u","_s);
    QCOMPARE(issueText(&form, u"/payload"_s), u"Not valid JSON"_s);
    QVERIFY(!form.arguments().contains(u"payload"_s));
}

void tst_ArgumentForm::hugeListsAndDeepRecursionStayLight()
{
    Tool tool;
    tool.name = u"bulk"_s;
    tool.inputSchema = parseObject(R"({"type": "object",
        "$defs": {"node": {"type": "object", "properties": {"name": {"type": "string"}, "child": {"$ref": "#/$defs/node"}}}},
        "properties": {"ids": {"type": "array", "items": {"type": "integer"}}, "tree": {"$ref": "#/$defs/node"}}})");
    QJsonArray ids;
    for (int i = 0; i < 5000; ++i)
        ids.append(i);
    ArgumentForm form;
    form.setTool(tool, QJsonObject{{u"ids"_s, ids}});
    QVERIFY(waitUntilChecked(&form));
    // Not 5000 rows of widgets: the list is kept exactly and edited on the JSON tab.
    QVERIFY(!form.findChild<QLineEdit *>(u"/ids/0"_s));
    QVERIFY(!field<QPushButton>(&form, u"/ids#add"_s)->isEnabled());
    QCOMPARE(form.arguments().value(u"ids"_s).toArray(), ids);

    // The recursive tree nests a few levels as group boxes, then continues as JSON.
    QVERIFY(form.findChild<QLineEdit *>(u"/tree/child/child/name"_s));
    QVERIFY(form.findChild<QPlainTextEdit *>(u"/tree/child/child/child/child/child/child"_s));
    QVERIFY(form.findChildren<QGroupBox *>().size() < 10);
}

// The longest event-loop turn the large-form tests accept (see largeFormKeepsTheWindowResponsive()).
constexpr qint64 StallBoundMs = 600;

void tst_ArgumentForm::largeFormKeepsTheWindowResponsive()
{
    // 1,000 properties, each with a description, limits and a pattern (issue #13): built all at once, this
    // kept the GUI thread busy for about 2 s at a time.
    const HostileSchemas::Case fair = hostileCase("fair: 1,000 properties with limits and patterns");
    Tool tool;
    tool.name = u"settings"_s;
    tool.inputSchema = parseObject(fair.schema);
    const QJsonObject values = parseObject(fair.instance);
    QCOMPARE(values.size(), 1000);

    ArgumentForm form;
    form.resize(800, 600);
    form.show();
    QVERIFY(QTest::qWaitForWindowExposed(&form));

    // One walk over the form's widgets per check: the check runs on the GUI thread and counts as a stall.
    const auto allShown = [&form] {
        QHash<QString, QString> texts;
        const QList<QLineEdit *> edits = form.findChildren<QLineEdit *>();
        for (const QLineEdit *edit : edits)
            texts.insert(edit->objectName(), edit->text());
        for (int i = 0; i < 1000; ++i) {
            if (texts.value(u"/p"_s + QString::number(i)) != u"value"_s + QString::number(i))
                return false;
        }
        return true;
    };
    StallProbe stalls;
    stalls.start();
    QTimer::singleShot(0, &form, [&] { form.setTool(tool, values); });
    QTRY_VERIFY_WITH_TIMEOUT(allShown(), 60000);
    // What the last fields cost to lay out and paint counts too: once the form is at rest, and the
    // probe has had its next turn (it measures a stall when it ends).
    QVERIFY(settled(&form));
    const int turns = stalls.turns();
    QTRY_VERIFY(stalls.turns() > turns);
    // The bound is loose on purpose: CI's 2 shared cores run two tests at a time, and a GUI thread waiting
    // for a core is counted as a stall too (116-180 ms seen here under a load of 5-7). Every property at
    // once took 2,000-3,000 ms, so the bound still tells the two apart; slices take a few tens of
    // milliseconds on a quiet machine. The 100 ms goal is measured by toolgate-bench-hostile-gui.
    qInfo("longest stall while building: %.0f ms", stalls.longestMs());
    QVERIFY2(stalls.longestMs() < StallBoundMs, qPrintable(u"the event loop stalled for %1 ms"_s.arg(stalls.longestMs())));

    // Nothing is lost on the way: what is sent is what was given, in the schema's key order in the form,
    // and an edit in the last field reaches the arguments.
    QCOMPARE(form.arguments(), values);
    QVERIFY(waitUntilChecked(&form));
    QVERIFY(form.validationProblems().isEmpty());
    const QList<QLineEdit *> edits = form.findChildren<QLineEdit *>(QRegularExpression(u"^/p[0-9]+$"_s));
    QCOMPARE(edits.size(), 1000);
    QHash<QString, QLineEdit *> byName;
    for (QLineEdit *edit : edits)
        byName.insert(edit->objectName(), edit);
    // In the order the form has always given them (SchemaNode's), whichever turn built them.
    const QList<SchemaProperty> properties = SchemaNode::fromSchema(tool.inputSchema).properties;
    QCOMPARE(properties.size(), 1000);
    QWidget *previous = nullptr;
    for (const SchemaProperty &property : properties) {
        QLineEdit *edit = byName.value(u"/"_s + property.name);
        QVERIFY(edit->isVisibleTo(&form));
        if (previous)
            QVERIFY2(edit->mapTo(&form, QPoint()).y() > previous->mapTo(&form, QPoint()).y(), qPrintable(edit->objectName()));
        previous = edit;
    }
    // Tab goes from field to field in the same order, across rows built in different turns.
    QApplication::setActiveWindow(&form);
    for (qsizetype i : {qsizetype(0), qsizetype(19), qsizetype(20), qsizetype(500)}) {
        QLineEdit *from = byName.value(u"/"_s + properties.at(i).name);
        from->setFocus(Qt::TabFocusReason);
        QTest::keyClick(from, Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), byName.value(u"/"_s + properties.at(i + 1).name));
    }

    typeInto(form.findChild<QLineEdit *>(u"/p999"_s), u"changed"_s);
    QCOMPARE(form.arguments().value(u"p999"_s), QJsonValue(u"changed"_s));
    QCOMPARE(form.arguments().size(), 1000);

    // Starting over from the defaults (none here) is as light.
    StallProbe resetStalls;
    resetStalls.start();
    QTimer::singleShot(0, &form, [&] { form.resetToDefaults(); });
    QTRY_VERIFY_WITH_TIMEOUT(form.findChild<QLineEdit *>(u"/p999"_s) && form.arguments().isEmpty(), 60000);
    QVERIFY(settled(&form));
    const int resetTurns = resetStalls.turns();
    QTRY_VERIFY(resetStalls.turns() > resetTurns);
    QVERIFY2(resetStalls.longestMs() < StallBoundMs, qPrintable(u"the event loop stalled for %1 ms"_s.arg(resetStalls.longestMs())));

    // Another tool while the rows are still arriving (here in a group box, as the benchmark has them):
    // the half-built form goes quietly, a few widgets per turn, and builds nothing more.
    Tool nested;
    nested.name = u"nested"_s;
    nested.inputSchema = QJsonObject{{u"type"_s, u"object"_s},
                                     {u"properties"_s, QJsonObject{{u"value"_s, tool.inputSchema}}}};
    form.setTool(nested, QJsonObject{{u"value"_s, values}});
    QVERIFY(waitUntilChecked(&form));
    QTRY_VERIFY(form.findChild<QLineEdit *>(u"/value/p0"_s)); // the first slices are in
    QVERIFY(!form.findChild<QLineEdit *>(u"/value/p999"_s)); // (p999 sorts last: built in the last slice)
    const QPointer<QWidget> halfBuilt = form.findChild<QWidget *>(u"formContent"_s);
    QVERIFY(halfBuilt);
    form.setTool(richTool());
    QVERIFY(waitUntilChecked(&form));
    // Taken apart deepest first, its page last: once that is gone, nothing can be built into it.
    QTRY_VERIFY_WITH_TIMEOUT(!halfBuilt, 30000);
    QVERIFY(!form.findChild<QLineEdit *>(u"/value/p999"_s));
    QVERIFY(form.findChild<QLineEdit *>(u"/customer"_s));
}

void tst_ArgumentForm::hostileSchemasKeepTheWindowResponsive_data()
{
    QTest::addColumn<QByteArray>("name");
    for (const char *name : {"patternProperties, 100,000-character name",
                             "patternProperties and additionalProperties false, 100,000-character name",
                             "50,000 items of the wrong type", "30 recursive properties and allOf of 400 parts",
                             "fair: 1,000 properties with limits and patterns", "largest: anyOf with 3,900 alternatives",
                             "largest: enum of 59,000 numbers"})
        QTest::addRow("%s", name) << QByteArray(name);
}

void tst_ArgumentForm::hostileSchemasKeepTheWindowResponsive()
{
    // Selecting toolgate-hostile-server's schema_input (issue #13), as toolgate-bench-hostile-gui does.
    QFETCH(QByteArray, name);
    const HostileSchemas::Case c = hostileCase(name.constData());
    const Tool tool = benchTool(c);
    ArgumentForm form;
    form.resize(800, 600);
    form.show();
    QVERIFY(QTest::qWaitForWindowExposed(&form));
    StallProbe stalls;
    stalls.start();
    QTimer::singleShot(0, &form, [&] { form.setTool(tool); });
    QTRY_VERIFY(form.fieldEditor(u"/value"_s));
    // What the rows built later and the first paint cost counts too: once they are all in and the form
    // is at rest, and the probe has had its next turn (it measures a stall when it ends).
    const auto building = [&form] {
        const QList<ObjectFieldEditor *> objects = form.findChildren<ObjectFieldEditor *>();
        return std::any_of(objects.cbegin(), objects.cend(), [](const ObjectFieldEditor *object) { return object->isBuilding(); });
    };
    QTRY_VERIFY_WITH_TIMEOUT(!building(), 60000);
    QVERIFY(settled(&form));
    const int turns = stalls.turns();
    QTRY_VERIFY(stalls.turns() > turns);
    qInfo("longest stall: %.0f ms", stalls.longestMs());
    // Loose for CI's loaded 2 cores (see largeFormKeepsTheWindowResponsive()); the 100 ms goal is the
    // benchmark's. A 100,000-character line laid out in a field took 500-1,000 ms here, 50,000 items
    // printed into the hidden JSON tab 300-450 ms.
    QVERIFY2(stalls.longestMs() < StallBoundMs, qPrintable(u"the event loop stalled for %1 ms"_s.arg(stalls.longestMs())));

    // Nothing is lost: what is sent is the default, exactly.
    QCOMPARE(form.arguments(), benchArguments(c));
    // No text on show is laid out as one enormous line (long lines are folded for display).
    const QList<QPlainTextEdit *> texts = form.findChildren<QPlainTextEdit *>();
    for (const QPlainTextEdit *text : texts) {
        if (!text->isVisibleTo(&form))
            continue;
        for (QTextBlock block = text->document()->begin(); block.isValid(); block = block.next())
            QVERIFY2(block.length() <= 4097, qPrintable(text->objectName()));
    }
    // The hidden JSON tab is filled when it is shown, not before.
    auto *json = form.findChild<QPlainTextEdit *>(u"jsonText"_s);
    QVERIFY(json->document()->characterCount() < 1000);
    QCOMPARE(parseObject(form.argumentsText().toUtf8()), benchArguments(c));
    form.setCurrentPage(ArgumentForm::Page::Json);
    QCOMPARE(parseObject(json->toPlainText().toUtf8()), benchArguments(c));
    form.setCurrentPage(ArgumentForm::Page::Form);
}

void tst_ArgumentForm::schemaIsPreparedAndCheckedOffTheGuiThread()
{
    // Issue #13: compiling and describing a server's schema, and checking 50,000 items against it, kept
    // the GUI thread busy for 50-150 ms each when a tool was selected or its arguments edited. That work
    // is SchemaChecker's: while its thread is held busy here, the form can only wait for it, and says so.
    const HostileSchemas::Case c = hostileCase("50,000 items of the wrong type");
    ArgumentForm form;
    auto gate = std::make_shared<QSemaphore>();
    auto holder = std::make_shared<std::atomic<QThread *>>(nullptr); // written on the checker's thread
    const auto hold = [&form, gate, holder] {
        SchemaChecker::shared()->run(&form, [gate, holder] {
            *holder = QThread::currentThread();
            gate->acquire();
        }, [] {});
    };
    const auto releaseOnExit = qScopeGuard([gate] { gate->release(100); });

    hold();
    form.setTool(benchTool(c));
    QVERIFY(form.isPreparing());
    QVERIFY(form.isChecking());
    QTRY_VERIFY(*holder); // the checker's thread is held
    // Turns of the event loop: nothing of the schema's work happens on this thread.
    QVERIFY(turnEventLoop());
    QVERIFY(turnEventLoop());
    QVERIFY(form.isPreparing());
    QVERIFY(!form.fieldEditor(u"/value"_s));
    auto *checking = form.findChild<QLabel *>(u"checkingSchema"_s);
    QVERIFY(checking);
    QCOMPARE(checking->text(), u"Checking the schema…"_s);
    QVERIFY(*holder && *holder != QThread::currentThread());

    gate->release();
    QTRY_VERIFY(form.fieldEditor(u"/value"_s));
    QVERIFY(waitUntilChecked(&form));
    QVERIFY(!form.findChild<QLabel *>(u"checkingSchema"_s));
    QCOMPARE(form.arguments(), benchArguments(c));
    const auto complainsOfFirstItem = [&form] {
        const QList<SchemaIssue> issues = form.issues();
        return std::any_of(issues.begin(), issues.end(), [](const SchemaIssue &issue) { return issue.path == u"/value/0"_s; });
    };
    QVERIFY(complainsOfFirstItem());

    // Editing: 50,000 items are more than a check done at once may look at, so they are checked on
    // SchemaChecker's thread; until it answers, the problems of the last check stay.
    QJsonArray texts;
    for (int i = 0; i < 50000; ++i)
        texts.append(QString::number(i));
    hold(); // the check asked for next waits behind this (one thread)
    form.setArguments(QJsonObject{{u"value"_s, texts}});
    QVERIFY(form.isChecking());
    QVERIFY(!form.isPreparing());
    QVERIFY(turnEventLoop());
    QVERIFY(turnEventLoop());
    QVERIFY(form.isChecking());
    QVERIFY(complainsOfFirstItem());
    gate->release();
    QVERIFY(waitUntilChecked(&form));
    QVERIFY2(form.issues().isEmpty(), qPrintable(form.validationProblems().join(u'\n')));
    QCOMPARE(form.arguments().value(u"value"_s).toArray().size(), 50000);
}

void tst_ArgumentForm::largeAnyValueIsShownReadOnlyUntilEdited()
{
    const HostileSchemas::Case c = hostileCase("patternProperties, 100,000-character name");
    ArgumentForm form;
    form.setTool(benchTool(c));
    QVERIFY(waitUntilChecked(&form));
    auto *editor = qobject_cast<AnyFieldEditor *>(form.fieldEditor(u"/value"_s));
    QVERIFY(editor);
    QVERIFY(editor->isShowingLargeValue());
    QVERIFY(!editor->inputWidget()->isVisibleTo(editor));
    auto *preview = form.findChild<LargeTextView *>(u"/value#preview"_s);
    QVERIFY(preview && preview->isVisibleTo(editor));
    QCOMPARE(preview->text(), JsonText::pretty(benchArguments(c).value(u"value"_s)));
    QVERIFY(form.validationProblems().isEmpty());

    // The person asks to edit it: the exact text goes into the editor, and the value stays the same.
    QSignalSpy changed(&form, &ArgumentForm::argumentsChanged);
    auto *edit = form.findChild<QPushButton *>(u"/value#editLarge"_s);
    QVERIFY(edit);
    edit->click();
    QVERIFY(!editor->isShowingLargeValue());
    QVERIFY(editor->inputWidget()->isVisibleTo(editor));
    QCOMPARE(static_cast<QPlainTextEdit *>(editor->inputWidget())->toPlainText(),
             JsonText::pretty(benchArguments(c).value(u"value"_s)));
    QCOMPARE(editor->value(), benchArguments(c).value(u"value"_s));
    QCOMPARE(form.arguments(), benchArguments(c));
    QCOMPARE(changed.count(), 0);

    // A small value set later is edited in place again; a large one is shown read-only again.
    form.setArguments(QJsonObject{{u"value"_s, QJsonObject{{u"a"_s, 1}}}});
    QVERIFY(!editor->isShowingLargeValue());
    QCOMPARE(form.arguments().value(u"value"_s), QJsonValue(QJsonObject{{u"a"_s, 1}}));
    form.setArguments(benchArguments(c));
    QVERIFY(editor->isShowingLargeValue());
    QCOMPARE(form.arguments(), benchArguments(c));
}

void tst_ArgumentForm::nestedObjectsAreBuiltOverSeveralTurns()
{
    // 30 recursive properties: objects of 31 fields nested six deep, 188 editors and 2,200 widgets, too
    // few per object for an object's own slices; built at once they took 150-300 ms.
    const HostileSchemas::Case c = hostileCase("30 recursive properties and allOf of 400 parts");
    ArgumentForm form;
    const auto building = [&form] {
        const QList<ObjectFieldEditor *> objects = form.findChildren<ObjectFieldEditor *>();
        return std::any_of(objects.begin(), objects.end(), [](const ObjectFieldEditor *o) { return o->isBuilding(); });
    };
    // What the turn that builds the fields (once the schema is prepared) makes at once.
    qsizetype atOnce = -1;
    bool buildingThen = false;
    QJsonObject argumentsThen;
    connect(&form, &ArgumentForm::argumentsChanged, &form, [&] {
        if (atOnce >= 0 || form.isPreparing())
            return;
        atOnce = form.findChildren<FieldEditor *>().size();
        buildingThen = building();
        argumentsThen = form.arguments();
    });
    form.setTool(benchTool(c));
    QTRY_VERIFY(atOnce >= 0);
    QVERIFY(buildingThen);
    QVERIFY2(atOnce <= 2 * ObjectFieldEditor::TurnRows, qPrintable(QString::number(atOnce)));
    QCOMPARE(argumentsThen, benchArguments(c)); // the rows still to come are in the arguments already
    QTRY_VERIFY_WITH_TIMEOUT(!building(), 30000);
    const qsizetype all = form.findChildren<FieldEditor *>().size();
    QVERIFY2(all > 150, qPrintable(QString::number(all)));
    QCOMPARE(form.arguments(), benchArguments(c));
    QCOMPARE(form.fieldEditor(u"/value/r0/x"_s)->value(), QJsonValue(u"b"_s));

    // A field of a nested object built later edits the arguments as any other (the recursion is cut
    // short by SchemaNode: a chain of objects through r0, the other properties edited as JSON).
    auto *deep = form.findChild<QPlainTextEdit *>(u"/value/r0/r0/r0/r29"_s);
    QVERIFY(deep);
    deep->setPlainText(u"\"deep\""_s);
    const QJsonObject r0 = form.arguments().value(u"value"_s).toObject().value(u"r0"_s).toObject();
    QCOMPARE(r0.value(u"x"_s), QJsonValue(u"b"_s));
    QCOMPARE(r0.value(u"r0"_s).toObject().value(u"r0"_s), QJsonValue(QJsonObject{{u"r29"_s, u"deep"_s}}));
}

void tst_ArgumentForm::largeChoicesAndEnumsKeepTheirValues()
{
    // As toolgate-hostile-server offers them: a property whose schema is the case and whose default is its value.
    const auto toolFor = [](const char *name) {
        const HostileSchemas::Case c = hostileCase(name);
        Tool tool;
        tool.name = u"big"_s;
        tool.inputSchema = parseObject(R"({"type":"object","properties":{"value":)" + c.schema + R"(,"other":{"type":"string"}}})");
        QJsonObject value = tool.inputSchema.value(u"properties"_s).toObject().value(u"value"_s).toObject();
        value.insert(u"default"_s, QJsonDocument::fromJson("[" + c.instance + "]").array().first());
        QJsonObject properties = tool.inputSchema.value(u"properties"_s).toObject();
        properties.insert(u"value"_s, value);
        tool.inputSchema.insert(u"properties"_s, properties);
        return tool;
    };

    ArgumentForm form;
    form.setTool(toolFor("largest: enum of 59,000 numbers"));
    QVERIFY(waitUntilChecked(&form));
    auto *values = field<QComboBox>(&form, u"/value"_s);
    QCOMPARE(values->count(), 59000 + 1); // "Not set" first
    QCOMPARE(values->currentText(), u"58999"_s);
    QCOMPARE(values->itemText(1), u"0"_s);
    QCOMPARE(values->itemData(1, Qt::ToolTipRole).toString(), plainToolTip(u"0"_s));
    QCOMPARE(form.arguments().value(u"value"_s), QJsonValue(58999));
    values->setCurrentIndex(43);
    QCOMPARE(form.arguments().value(u"value"_s), QJsonValue(42));
    form.setArguments(QJsonObject{{u"value"_s, 59000}}); // not allowed: shown as such, sent unchanged
    QVERIFY(values->currentText().contains(u"not an allowed value"_s));
    QCOMPARE(form.arguments().value(u"value"_s), QJsonValue(59000));

    form.setTool(toolFor("largest: anyOf with 3,900 alternatives"));
    QVERIFY(waitUntilChecked(&form));
    auto *kinds = field<QComboBox>(&form, u"/value#choice"_s);
    QVERIFY(kinds->count() >= 3900); // "Not set" and the alternatives (null may join as "null")
    // Only the alternative the default (5, no text) fits best is built, not 3,900 editors.
    QVERIFY(form.findChildren<FieldEditor *>().size() < 10);
    QCOMPARE(form.arguments().value(u"value"_s), QJsonValue(5));
    kinds->setCurrentIndex(2);
    QLineEdit *text = nullptr;
    for (QLineEdit *edit : form.findChildren<QLineEdit *>(u"/value"_s))
        if (edit->isVisibleTo(&form))
            text = edit; // the chosen alternative's; the first one's stays, hidden
    QVERIFY(text);
    typeInto(text, u"abc"_s);
    QCOMPARE(form.arguments().value(u"value"_s), QJsonValue(u"abc"_s));
    QVERIFY(form.findChildren<FieldEditor *>().size() < 10);
}

void tst_ArgumentForm::jsonTextParsesAndPrints()
{
    using JsonText::Accept;
    QCOMPARE(*JsonText::parse(u" 42 "_s, Accept::AnyValue).value, QJsonValue(42));
    QCOMPARE(*JsonText::parse(u"\"hi\""_s, Accept::AnyValue).value, QJsonValue(u"hi"_s));
    QVERIFY(JsonText::parse(u"  "_s, Accept::AnyValue).empty);
    QVERIFY(!JsonText::parse(u"  "_s, Accept::Object).ok());
    QVERIFY(!JsonText::parse(u"[1]"_s, Accept::Object).ok());
    QVERIFY(!JsonText::parse(u"1, 2"_s, Accept::AnyValue).ok());

    const JsonText::ParseResult broken = JsonText::parse(u"{\n  \"ä\": tru\n}"_s, Accept::Object);
    QVERIFY(!broken.ok());
    QCOMPARE(broken.line, 2);
    QCOMPARE(broken.column, 10); // the "u" ending "tru", counted in characters, not UTF-8 bytes
    QVERIFY(broken.describe().startsWith(u"Line 2, column "_s));

    QCOMPARE(JsonText::pretty(QJsonObject{{u"a"_s, QJsonObject()}, {u"b"_s, QJsonArray()}}),
             u"{\n    \"a\": {},\n    \"b\": []\n}"_s);
    QCOMPARE(JsonText::compact(QJsonValue(u"x\"y"_s)), u"\"x\\\"y\""_s);
}

void tst_ArgumentForm::historyRoundTripAcrossInstances()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(u"nested/argument-history.json"_s);
    const QJsonObject args = parseObject(R"({"customer": "Ada", "tags": ["x"], "address": {"city": "London"}})");
    {
        ArgumentHistory history(path);
        QVERIFY(history.lastArguments(u"shop"_s, u"create_order"_s).isEmpty());
        QVERIFY(history.remember(u"shop"_s, u"create_order"_s, args));
        QCOMPARE(history.lastArguments(u"shop"_s, u"create_order"_s), args);
    }
    {
        ArgumentHistory history(path); // as after a restart
        QCOMPARE(history.lastArguments(u"shop"_s, u"create_order"_s), args);
        ArgumentForm form;
        form.setTool(richTool(), history.lastArguments(u"shop"_s, u"create_order"_s));
        QVERIFY(waitUntilChecked(&form));
        QCOMPARE(field<QLineEdit>(&form, u"/address/city"_s)->text(), u"London"_s);
        QVERIFY(history.remember(u"shop"_s, u"create_order"_s, QJsonObject{{u"customer"_s, u"Bob"_s}}));
    }
    ArgumentHistory history(path);
    QCOMPARE(history.lastArguments(u"shop"_s, u"create_order"_s), (QJsonObject{{u"customer"_s, u"Bob"_s}}));
    QVERIFY(history.forget(u"shop"_s, u"create_order"_s));
    QVERIFY(ArgumentHistory(path).lastArguments(u"shop"_s, u"create_order"_s).isEmpty());
}

void tst_ArgumentForm::historyKeepsServersApart()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"h.json"_s);
    ArgumentHistory first(path);
    ArgumentHistory second(path); // another window: must not erase what the first remembers
    QVERIFY(first.remember(u"a"_s, u"tool"_s, QJsonObject{{u"n"_s, 1}}));
    QVERIFY(second.remember(u"b"_s, u"tool"_s, QJsonObject{{u"n"_s, 2}}));
    ArgumentHistory reread(path);
    QCOMPARE(reread.lastArguments(u"a"_s, u"tool"_s).value(u"n"_s).toInt(), 1);
    QCOMPARE(reread.lastArguments(u"b"_s, u"tool"_s).value(u"n"_s).toInt(), 2);
    QVERIFY(reread.lastArguments(u"a"_s, u"other"_s).isEmpty());

    QFile broken(path);
    QVERIFY(broken.open(QIODevice::WriteOnly));
    broken.write("{ not json");
    broken.close();
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(u"ignoring unreadable"_s));
    QVERIFY(ArgumentHistory(path).lastArguments(u"a"_s, u"tool"_s).isEmpty()); // harmless: starts over
}

void tst_ArgumentForm::screenshot()
{
    ArgumentForm form;
    form.setTool(richTool());
    QVERIFY(waitUntilChecked(&form));
    form.setArguments(parseObject(R"({"customer": "Ada Lovelace", "email": "ada@example", "priority": "high",
                                "quantity": 500, "giftWrap": true, "tags": ["fragile", "gift"],
                                "address": {"street": "12 Analytical Row", "postcode": "N1"},
                                "payment": {"kind": "card", "number": "4111 1111 1111 1111"},
                                "notes": "Leave with the neighbour\nif nobody answers.", "limit": 10})"));
    form.resize(640, 1190);
    form.show();
    QVERIFY(QTest::qWaitForWindowExposed(&form));
    const QImage image = form.grab().toImage();
    QVERIFY(!image.isNull());
    const QString dir = qEnvironmentVariable("TOOLGATE_SCREENSHOT_DIR");
    if (!dir.isEmpty()) {
        QDir().mkpath(dir);
        QVERIFY(image.save(dir + u"/argument-form.png"_s));
    }
}

QTEST_MAIN(tst_ArgumentForm)
#include "tst_argumentform.moc"
