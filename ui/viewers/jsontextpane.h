#pragma once

#include "ui/viewers/contentpane.h"
#include "ui/viewers/backgroundtask.h"

#include <QJsonObject>

namespace Toolgate {

class LargeTextView;

/// A JSON object shown as highlighted, indented text (serialised off the GUI thread); used for
/// content blocks of a type this version does not know.
class JsonTextPane final : public ContentPane
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JsonTextPane)
public:
    explicit JsonTextPane(QWidget *parent = nullptr);

    /// Shows json, indented.
    void setJson(const QJsonObject &json);
    /// The text view (objectName "jsonText").
    LargeTextView *textView() const { return m_view; }

    bool prefersToExpand() const override { return true; }
    void setFitToContents(bool fit, int maxHeight) override;

signals:
    /// The text is on screen.
    void ready();

private:
    LargeTextView *m_view;
    LatestBackgroundResult m_text{this}; // the JSON indented, off the GUI thread
};

} // namespace Toolgate
