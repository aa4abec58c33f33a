#include "ui/dialogs/gettingstarteddialog.h"

#include "ui/viewers/markdownbrowser.h"

#include <QDialogButtonBox>
#include <QPushButton>
#include <QVBoxLayout>

namespace Toolgate {

GettingStartedDialog::GettingStartedDialog(QWidget *parent)
    : QDialog(parent)
    , m_browser(new MarkdownBrowser(this))
{
    setObjectName(QStringLiteral("gettingStartedDialog"));
    setWindowTitle(tr("Getting Started"));
    setSizeGripEnabled(true);
    m_browser->setObjectName(QStringLiteral("guide"));
    m_browser->setAccessibleName(tr("Getting started guide"));
    m_browser->setMarkdownText(guideText());
    // The guide's own links are only anchors; nothing is loaded from anywhere.
    m_browser->setOpenLinks(false);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_browser, 1);
    layout->addWidget(buttons);

    const int em = fontMetrics().horizontalAdvance(QLatin1Char('M'));
    resize(em * 46, em * 40);
    buttons->button(QDialogButtonBox::Close)->setFocus();
}

QString GettingStartedDialog::guideText()
{
    return tr(
        "# Getting started\n\n"
        "Toolgate lets you try **MCP servers**: programs that give AI assistants abilities. A server offers "
        "**tools** (things it can do), **resources** (things you can read) and **prompts** (ready-made messages). "
        "Toolgate shows them, lets you fill them in, and never sends anything without asking you first.\n\n"
        "## Run your first tool\n\n"
        "1. **Pick a server** in the list at the top left. The demo server is set up for you; add your own with "
        "*Servers › Add Server…*, or bring the ones you use in Claude Desktop with *File › Import Servers…*.\n"
        "2. **Pick a tool** in the Tools list below it. *Ctrl+F* searches by name or description.\n"
        "3. **Fill in the form.** Fields marked * are required. Problems show next to the field and under the form.\n"
        "4. **Run** with the Run button, *Ctrl+Enter*, or *Enter* in a one-line field.\n"
        "5. **Decide.** A window shows the server, the tool and exactly what will be sent. *Allow once*, allow for "
        "this session, always allow this tool — or *Deny* (the default; *Esc* denies too). You can change the "
        "arguments there before they go.\n"
        "6. **Read the result** under the form: the content, structured data when the tool sends some, and the raw "
        "message on the *Raw JSON* tab.\n\n"
        "Every call, your decision and its outcome are kept in the audit log: *View › Audit Log* (*Ctrl+Shift+A*).\n\n"
        "## Words you will meet\n\n"
        "- **Local program**: a server Toolgate starts on your computer and talks to through its input and output "
        "(developers say *stdio*).\n"
        "- **Remote server**: a server reached at a web address (*HTTP*).\n"
        "- **Console**: what the selected server prints while it runs (its *stderr*), its log messages, and "
        "Toolgate's own notes. Look here when a server does not start.\n"
        "- **Tool error**: the tool ran but reports that it failed (*isError* in the message). The server "
        "worked; the task did not.\n"
        "- **The server claims**: hints a server gives about a tool — read-only, may delete data, *safe to repeat* "
        "(idempotent), *reaches outside systems* (open world) or *stays within its own system* (closed world). "
        "Toolgate shows them but cannot check them.\n"
        "- **Sampling**: a server asks for a reply from an AI model. In Toolgate, you write the reply — or decline.\n"
        "- **Elicitation**: a server asks you for information, with a small form or a link to open.\n"
        "- **Roots**: folders you allow servers to know about (*Settings › Roots…*).\n"
        "- **JSON**: the text format MCP messages are written in. The form writes it for you; the *JSON* tab shows it.\n\n"
        "## Without a mouse\n\n"
        "| Keys | What they do |\n"
        "|---|---|\n"
        "| *Ctrl+F* | Search tools (or resources, prompts) |\n"
        "| *Ctrl+1*, *Ctrl+2*, *Ctrl+3* | Tools, Resources, Prompts |\n"
        "| *Enter* in the list | Go to the tool's form |\n"
        "| *Tab* | Next field; after the last one, Run |\n"
        "| *Enter* in a field, *Ctrl+Enter* | Run |\n"
        "| *Tab*, then *Space* | In the approval window: choose a button |\n"
        "| *Esc* | Deny, close a window |\n"
        "| *Ctrl+`* | Show or hide the Console |\n");
}

} // namespace Toolgate

#include "moc_gettingstarteddialog.cpp"
