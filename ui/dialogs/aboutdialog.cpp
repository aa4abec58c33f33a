#include "ui/dialogs/aboutdialog.h"

#include "ui/models/icons.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QHBoxLayout>
#include <QLabel>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

struct Component
{
    QString name;
    QString url;
    QString licence;
    QString role;
};

QList<Component> components()
{
    QList<Component> list{
        {QStringLiteral("Qt %1").arg(QString::fromLatin1(qVersion())), QStringLiteral("https://www.qt.io/"),
         QStringLiteral("LGPL-3.0"), AboutDialog::tr("Application framework (Core, Network, Sql, Widgets, Svg)")},
        {QStringLiteral("QtKeychain"), QStringLiteral("https://github.com/frankosterfeld/qtkeychain"),
         QStringLiteral("BSD-3-Clause"), AboutDialog::tr("Stores sign-in tokens in the system keychain")},
    };
#ifdef TOOLGATE_HAVE_KSYNTAXHIGHLIGHTING
    list.append({QStringLiteral("KSyntaxHighlighting"), QStringLiteral("https://invent.kde.org/frameworks/syntax-highlighting"),
                 QStringLiteral("MIT"), AboutDialog::tr("Syntax highlighting of embedded resources")});
#endif
    return list;
}

const QString projectUrl = QStringLiteral("https://github.com/toolgate/toolgate");

} // namespace

AboutDialog::AboutDialog(QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("aboutDialog"));
    setWindowTitle(tr("About Toolgate"));

    auto *icon = new QLabel(this);
    icon->setPixmap(Icons::application().pixmap(QSize(64, 64), devicePixelRatioF()));
    icon->setAlignment(Qt::AlignTop);

    auto *title = new QLabel(this);
    title->setObjectName(QStringLiteral("titleLabel"));
    title->setTextFormat(Qt::RichText);
    title->setText(tr("<h2>Toolgate %1</h2>").arg(QStringLiteral(TOOLGATE_VERSION).toHtmlEscaped()));

    auto *summary = new QLabel(tr("A desktop host for the Model Context Protocol: connect MCP servers, browse their "
                                  "tools, resources and prompts, and run tools with your approval."),
                               this);
    summary->setWordWrap(true);

    auto *qt = new QLabel(qtVersionsText(), this);
    qt->setObjectName(QStringLiteral("qtVersionsLabel"));
    qt->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *links = new QLabel(this);
    links->setObjectName(QStringLiteral("linksLabel"));
    links->setTextFormat(Qt::RichText);
    links->setOpenExternalLinks(true);
    links->setText(tr("<a href=\"%1\">Project page</a> · <a href=\"%1#readme\">Documentation</a> · "
                      "<a href=\"%1/issues\">Report a problem</a>")
                       .arg(projectUrl));

    auto *heading = new QVBoxLayout;
    heading->addWidget(title);
    heading->addWidget(summary);
    heading->addWidget(qt);
    heading->addWidget(links);
    auto *top = new QHBoxLayout;
    top->addWidget(icon);
    top->addLayout(heading, 1);

    // Server-independent, fixed text: safe as rich text. External links open in the browser.
    auto *details = new QTextBrowser(this);
    details->setObjectName(QStringLiteral("licencesView"));
    details->setAccessibleName(tr("Licences"));
    details->setOpenExternalLinks(true);
    details->setHtml(tr("<p><b>Toolgate</b> is free software under the MIT licence (below). It uses:</p>") % componentsHtml()
                     % QStringLiteral("<p style=\"white-space: pre-wrap\">") % licenceText().toHtmlEscaped() % QStringLiteral("</p>"));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(details, 1);
    layout->addWidget(buttons);
    resize(560, 520);
}

QString AboutDialog::qtVersionsText()
{
    return tr("Built with Qt %1, running on Qt %2.").arg(QStringLiteral(QT_VERSION_STR), QString::fromLatin1(qVersion()));
}

QString AboutDialog::componentsHtml()
{
    QString html = QStringLiteral("<table cellpadding=\"3\"><tr><th align=\"left\">%1</th><th align=\"left\">%2</th>"
                                  "<th align=\"left\">%3</th></tr>")
                       .arg(tr("Component"), tr("Licence"), tr("Used for"));
    for (const Component &component : components()) {
        html += QStringLiteral("<tr><td><a href=\"%1\">%2</a></td><td>%3</td><td>%4</td></tr>")
                    .arg(component.url, component.name.toHtmlEscaped(), component.licence, component.role.toHtmlEscaped());
    }
    return html + QStringLiteral("</table>");
}

QString AboutDialog::licenceText()
{
    QFile file(QStringLiteral(":/licences/LICENSE"));
    if (!file.open(QIODevice::ReadOnly))
        return tr("The licence text is missing from this build; see the LICENSE file of the source (MIT licence).");
    return QString::fromUtf8(file.readAll());
}

} // namespace Toolgate

#include "moc_aboutdialog.cpp"
