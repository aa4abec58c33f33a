#pragma once

#include <QLocale>
#include <QStringList>

class QCoreApplication;

namespace Toolgate::Translations {

/// Installs the translators for locale on app: Toolgate's own (embedded, :/i18n/toolgate_<lang>.qm)
/// and Qt's own (qtbase_<lang>.qm from Qt's translations folder, for standard buttons and
/// QCommandLineParser) where found. Returns the files loaded; empty for English or an unknown language.
QStringList install(QCoreApplication *app, const QLocale &locale = QLocale::system());

} // namespace Toolgate::Translations
