#pragma once

#include <QString>

/// Where Toolgate keeps its files, for the app and toolgate-cli alike. TOOLGATE_CONFIG_DIR, when set,
/// puts them all into one folder: it keeps tests and screenshots out of the person's own folders.
namespace Toolgate::ConfigLocation {

/// fileName in the config folder (servers' neighbours: approvals, rules, trust, eras).
QString configFile(const QString &fileName);
/// name in the data folder (what grows with use, such as collections).
QString dataPath(const QString &name);

} // namespace Toolgate::ConfigLocation
