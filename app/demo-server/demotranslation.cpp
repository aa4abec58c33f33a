#include "app/demo-server/demotranslation.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QLocale>
#include <QTranslator>

using namespace Qt::StringLiterals;

namespace Toolgate::DemoTranslation {

namespace {

QJsonValue translatedSchemaValue(const QJsonValue &value);

QJsonObject translatedSchemaObject(const QJsonObject &object)
{
    QJsonObject translated;
    for (auto it = object.begin(); it != object.end(); ++it) {
        const bool text = (it.key() == u"title" || it.key() == u"description") && it.value().isString();
        if (text) {
            const QByteArray english = it.value().toString().toUtf8();
            translated.insert(it.key(), QCoreApplication::translate("DemoSchema", english.constData()));
        } else {
            translated.insert(it.key(), translatedSchemaValue(it.value()));
        }
    }
    return translated;
}

// "properties" can hold a property named "title": only a string under that key is a text, an object
// there is walked like any other schema.
QJsonValue translatedSchemaValue(const QJsonValue &value)
{
    if (value.isObject())
        return translatedSchemaObject(value.toObject());
    if (value.isArray()) {
        QJsonArray translated;
        for (const QJsonValue &item : value.toArray())
            translated.append(translatedSchemaValue(item));
        return translated;
    }
    return value;
}

} // namespace

bool install(QCoreApplication *app)
{
    auto *translator = new QTranslator(app);
    // QLocale::system().uiLanguages() follows LANGUAGE ("de:en"), then LC_ALL, LC_MESSAGES and LANG.
    if (translator->load(QLocale::system(), u"toolgate-demo-server"_s, u"_"_s, u":/demo-i18n"_s)) {
        QCoreApplication::installTranslator(translator);
        return true;
    }
    delete translator;
    return false;
}

QJsonObject translatedSchema(const QJsonObject &definition)
{
    return translatedSchemaObject(definition);
}

} // namespace Toolgate::DemoTranslation
