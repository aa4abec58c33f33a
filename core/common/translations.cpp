#include "core/common/translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace Toolgate::Translations {

namespace {

// Translates only the messages of some contexts; every other text stays in the source language.
class ContextTranslator final : public QTranslator
{
public:
    ContextTranslator(const QStringList &contexts, QObject *parent)
        : QTranslator(parent)
        , m_contexts(contexts)
    {
    }

    /// False for installFor()'s few contexts: the rest of Toolgate (what scripts read) stays English.
    bool translatesEverything() const { return m_contexts.isEmpty(); }

    QString translate(const char *context, const char *sourceText, const char *disambiguation, int n) const override
    {
        if (m_contexts.isEmpty() || m_contexts.contains(QLatin1StringView(context)))
            return QTranslator::translate(context, sourceText, disambiguation, n);
        return QString();
    }

private:
    QStringList m_contexts;
};

} // namespace

QStringList install(QCoreApplication *app, const QLocale &locale)
{
    return installFor(app, {}, locale);
}

QStringList installFor(QCoreApplication *app, const QStringList &contexts, const QLocale &locale)
{
    QStringList loaded;
    // QTranslator::load(QLocale, …) walks locale.uiLanguages(), so LANGUAGE=de:en and LANG=de_AT.UTF-8
    // both find toolgate_de.qm; English (the source language) finds nothing and installs nothing.
    auto *own = new ContextTranslator(contexts, app);
    if (own->load(locale, QStringLiteral("toolgate"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        QCoreApplication::installTranslator(own);
        loaded.append(own->filePath());
    } else {
        delete own;
        return loaded; // no Toolgate translation: keep Qt's texts in English too, not half and half
    }
    // Numbers, dates and sizes follow the language the texts are in: LANGUAGE=de with LANG=C.UTF-8 must
    // not give "8.0 s" in a German sentence. A locale of that language (de_AT, de_CH) keeps its own forms.
    const QLocale translated(own->language());
    if (translated.language() != QLocale::C && QLocale().language() != translated.language())
        QLocale::setDefault(locale.language() == translated.language() ? locale : translated);
    auto *qt = new QTranslator(app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt);
        loaded.append(qt->filePath());
    } else {
        delete qt;
    }
    return loaded;
}

QString language()
{
    // Asked of the translators themselves (children of the application), so that removing them, as the
    // tests do, brings back English here too.
    if (const QCoreApplication *app = QCoreApplication::instance()) {
        for (const QTranslator *translator : app->findChildren<QTranslator *>()) {
            const auto *own = dynamic_cast<const ContextTranslator *>(translator);
            if (own && own->translatesEverything())
                return own->language();
        }
    }
    return QStringLiteral("en");
}

} // namespace Toolgate::Translations
