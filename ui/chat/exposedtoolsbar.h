#pragma once

#include "core/model/toolnamemap.h"

#include <QList>
#include <QPointer>
#include <QWidget>

class QHBoxLayout;
class QLabel;
class QMenu;
class QToolButton;

namespace Toolgate {

class ServerConnection;
class Workspace;

/// The bar above the chat's input that always shows which servers' tools are exposed to the model in
/// this conversation (the spec's "UI that makes clear which tools are being exposed"): a button per
/// server, checked when any of its tools is exposed, that exposes or withdraws all of them at a click,
/// and whose menu toggles each tool. It only edits the list; the Chat view decides what it means.
class ExposedToolsBar final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExposedToolsBar)
public:
    /// workspace is not owned and must outlive the bar.
    explicit ExposedToolsBar(Workspace *workspace, QWidget *parent = nullptr);

    void setExposed(const QList<ToolNameMap::McpTool> &tools);
    const QList<ToolNameMap::McpTool> &exposed() const { return m_exposed; }
    bool isExposed(const QString &server, const QString &tool) const;

    /// As the server's button and its menu do; each emits exposedChanged() when something changed.
    void setToolExposed(const QString &server, const QString &tool, bool exposed);
    /// Exposes every tool the server lists now, or withdraws all of its tools.
    void setServerExposed(const QString &server, bool exposed);
    /// The button of a server (objectName "exposeServer:<name>"), for tests and screenshots.
    QToolButton *serverButton(const QString &server) const;
    /// The line that sums up what is exposed.
    QString summary() const;

signals:
    /// The person changed what is exposed (not emitted by setExposed()).
    void exposedChanged();
    /// A server came or went, or changed its list of tools.
    void toolListsChanged();

private:
    void rebuild();
    void watch(ServerConnection *connection);
    void fillMenu(QMenu *menu, const QString &server);
    QString buttonText(ServerConnection *connection) const;
    void updateTexts();

    QPointer<Workspace> m_workspace;
    QList<ToolNameMap::McpTool> m_exposed;
    QHBoxLayout *m_buttons;
    QLabel *m_summary;
    QList<QToolButton *> m_serverButtons;
};

} // namespace Toolgate
