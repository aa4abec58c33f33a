#include "translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace Toolgate::Translations {

QStringList install(QCoreApplication *app, const QLocale &locale)
{
    QStringList loaded;
    // QTranslator::load(QLocale, …) walks locale.uiLanguages(), so LANGUAGE=de:en and LANG=de_AT.UTF-8
    // both find toolgate_de.qm; English (the source language) finds nothing and installs nothing.
    auto *own = new QTranslator(app);
    if (own->load(locale, QStringLiteral("toolgate"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        QCoreApplication::installTranslator(own);
        loaded.append(own->filePath());
    } else {
        delete own;
        return loaded; // no Toolgate translation: keep Qt's texts in English too, not half and half
    }
    auto *qt = new QTranslator(app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt);
        loaded.append(qt->filePath());
    } else {
        delete qt;
    }
    return loaded;
}

} // namespace Toolgate::Translations
