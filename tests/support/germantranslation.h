#pragma once

// For tests of what a person reads in German: the translation (and German numbers) installed for one
// scope, and English again after it, so that the test's other functions still compare English sentences.

#include "core/common/translations.h"

#include <QCoreApplication>
#include <QLocale>
#include <QTranslator>

namespace Toolgate::TestSupport {

/// Removes every translator installed on the application: its texts are English again.
inline void removeTranslators()
{
    const auto translators = QCoreApplication::instance()->findChildren<QTranslator *>();
    for (QTranslator *translator : translators) {
        QCoreApplication::removeTranslator(translator);
        delete translator;
    }
}

/// Installs the German translation while it lives; check installed() first.
class GermanTranslation
{
public:
    GermanTranslation()
        : m_previousLocale(QLocale())
        , m_installed(!Translations::install(QCoreApplication::instance(), QLocale(QLocale::German, QLocale::Germany)).isEmpty())
    { }
    ~GermanTranslation()
    {
        removeTranslators();
        QLocale::setDefault(m_previousLocale); // install() made German numbers the default
    }
    Q_DISABLE_COPY_MOVE(GermanTranslation)

    bool installed() const { return m_installed; }

private:
    QLocale m_previousLocale;
    bool m_installed;
};

} // namespace Toolgate::TestSupport
