#pragma once

#include <QLocale>
#include <QStringList>

class QCoreApplication;

namespace Toolgate::Translations {

/// Installs the translators for locale on app: Toolgate's own (embedded, :/i18n/toolgate_<lang>.qm)
/// and Qt's own (qtbase_<lang>.qm from Qt's translations folder, for standard buttons and
/// QCommandLineParser) where found. Returns the files loaded; empty for English or an unknown language.
/// When a translation is loaded and QLocale() speaks another language, QLocale's default becomes locale
/// (or the translation's language), so numbers, dates and durations read as the texts around them.
QStringList install(QCoreApplication *app, const QLocale &locale = QLocale::system());

/// As install(), but Toolgate's own texts are translated only in the given contexts (e.g. "Cli"); the
/// rest, such as the core's messages, stay in English. For output that scripts read (toolgate-cli --json),
/// which must not change with the language, while prompts and usage errors still follow the locale.
QStringList installFor(QCoreApplication *app, const QStringList &contexts, const QLocale &locale = QLocale::system());

/// The language Toolgate's texts are in: that of the translation install() loaded ("de_DE"), else "en"
/// (also after installFor(), whose output for scripts stays English). For a program Toolgate ships and
/// starts, so that it speaks the same language (the demo server).
QString language();

} // namespace Toolgate::Translations
