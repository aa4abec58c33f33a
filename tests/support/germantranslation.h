#pragma once

// For tests of what a person reads in German: the translation installed for one scope, and English
// again after it, so that the test's other functions still compare English sentences.

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
        : m_installed(!Translations::install(QCoreApplication::instance(), QLocale(QLocale::German, QLocale::Germany)).isEmpty())
    { }
    ~GermanTranslation() { removeTranslators(); }
    Q_DISABLE_COPY_MOVE(GermanTranslation)

    bool installed() const { return m_installed; }

private:
    bool m_installed;
};

} // namespace Toolgate::TestSupport
