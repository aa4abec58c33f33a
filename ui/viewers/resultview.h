#pragma once

#include "core/protocol/resource.h"
#include "core/protocol/tool.h"
#include "ui/viewers/backgroundtask.h"

#include <QWidget>

class QLabel;
class QTabWidget;

namespace Toolgate {

class ContentList;
class ContentView;
class LargeTextView;
class MessageBanner;
class StructuredContentView;
struct ToolCallOutcome;

/// Shows what came back from a tool call or a resource read: a banner for errors and denials,
/// the content blocks in order, structuredContent as a tree with the output-schema verdict, and
/// the raw JSON (highlighted), each a tab away. Nothing here blocks on big payloads.
class ResultView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResultView)
public:
    enum Tab { ContentTab, StructuredTab, RawJsonTab };
    Q_ENUM(Tab)

    explicit ResultView(QWidget *parent = nullptr);

    /// Shows the outcome of a call through the pipeline: status, error or denial, result and
    /// the output-schema verdict.
    void setOutcome(const ToolCallOutcome &outcome);
    /// Shows a tools/call result on its own (no schema verdict).
    void setResult(const CallToolResult &result);
    /// Shows a resources/read result.
    void setReadResourceResult(const ReadResourceResult &result);
    /// Shows nothing.
    void clear();

    /// The content items shown, in order.
    QList<ContentView *> contentViews() const;
    /// The error/denial banner (objectName "errorBanner").
    MessageBanner *banner() const { return m_banner; }
    /// The structured content tab's view.
    StructuredContentView *structuredView() const { return m_structured; }
    /// The raw JSON view (objectName "rawJsonView").
    LargeTextView *rawJsonView() const { return m_raw; }
    /// The tabs (objectName "resultTabs").
    QTabWidget *tabs() const { return m_tabs; }
    /// The height that shows the result whole (status, banner, tabs and every content item), or -1
    /// when it holds more than the room it has now.
    int wantedHeight() const;
    /// Whether the raw JSON has been serialised and shown (it is prepared in the background).
    bool isRawJsonReady() const { return m_rawJson.isDelivered(); }

signals:
    /// The user asked to open a resource link; the app reads it (resources/read).
    void resourceLinkActivated(const QString &uri);
    /// The user clicked a link in rendered Markdown; the app decides whether to open it.
    void linkActivated(const QUrl &url);
    /// The raw JSON tab has its text.
    void rawJsonReady();

private:
    void showContent(const QList<ContentView *> &views);
    void showStructured(const CallToolResult &result, const ToolCallOutcome *outcome);
    /// The JSON in the order the server wrote it where that is known (order), else sorted.
    void showRawJson(const QJsonObject &json, const JsonKeyOrder &order = {});
    void showStatus(const QString &text);

    QLabel *m_status;
    MessageBanner *m_banner;
    QTabWidget *m_tabs;
    ContentList *m_content;
    StructuredContentView *m_structured;
    LargeTextView *m_raw;
    LatestBackgroundResult m_rawJson{this}; // its text, serialised off the GUI thread
};

} // namespace Toolgate
