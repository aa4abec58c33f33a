#pragma once

#include <QDialog>

namespace Toolgate {

class MarkdownBrowser;

/// Help > Getting Started: what Toolgate is for, the steps of running a tool, the words the app uses
/// (tool, resource, prompt, local program, tool error, the server's claims…) and the keys that do it
/// without a mouse. Plain words, short, inside the app, so it works offline.
class GettingStartedDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GettingStartedDialog)
public:
    explicit GettingStartedDialog(QWidget *parent = nullptr);

    /// The guide, as Markdown (translated).
    static QString guideText();
    MarkdownBrowser *browser() const { return m_browser; }

private:
    MarkdownBrowser *m_browser;
};

} // namespace Toolgate
