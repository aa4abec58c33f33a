#pragma once

#include <QDialog>

namespace Toolgate {

/// Help > About: Toolgate's version, the Qt it was built with and the Qt it runs on, the licences of
/// Toolgate and of what it ships with or links (Qt, QtKeychain, KSyntaxHighlighting when
/// built with it), Toolgate's own licence text, and links to the project's documentation.
class AboutDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AboutDialog)
public:
    explicit AboutDialog(QWidget *parent = nullptr);

    /// "Built with Qt 6.4.2, running on Qt 6.4.2." (QT_VERSION_STR at build time, qVersion() at run time).
    static QString qtVersionsText();
    /// The third-party components of this build with their licences, as an HTML table.
    static QString componentsHtml();
    /// Toolgate's own licence text (the project's LICENSE file, compiled into the app).
    static QString licenceText();
};

} // namespace Toolgate
