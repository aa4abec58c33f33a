#pragma once

#include <QJsonObject>

class QCoreApplication;

namespace Toolgate::DemoTranslation {

/// Installs the demo's own translation (:/demo-i18n/toolgate-demo-server_<lang>.qm) for the system
/// locale, which LANGUAGE or LANG picks (Toolgate sets LANGUAGE to its own language when it starts the
/// bundled demo). Returns whether one was loaded; English is the source language and loads nothing.
bool install(QCoreApplication *app);

/// definition (a tool, or any JSON schema inside it) with every "title" and "description" that has a
/// translation in context "DemoSchema" translated. The definitions are JSON literals that lupdate cannot
/// read, so app/demo-server/toolgate-demo-server_de.ts lists their English texts as its sources.
QJsonObject translatedSchema(const QJsonObject &definition);

} // namespace Toolgate::DemoTranslation
