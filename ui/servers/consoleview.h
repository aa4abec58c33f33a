#pragma once

#include "core/workspace/serverconnection.h"

#include <QList>
#include <QPointer>
#include <QTimer>
#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QToolButton;

namespace Toolgate {

/// The console of one server: its stderr, its log notifications, protocol violations and our own
/// lifecycle notes, coloured by kind and level. Everything is plain text; lines arrive in batches
/// so a chatty server cannot stall the window, and only the most recent lines are kept.
class ConsoleView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConsoleView)
public:
    static constexpr int maxLines = 2000;
    /// Lines added to the view in one turn of the event loop: laying out 2,000 at once kept the GUI
    /// thread busy for 80-130 ms on a loaded machine (tests/bench/benchhostilegui.cpp).
    static constexpr int linesPerFlush = 200;

    explicit ConsoleView(QWidget *parent = nullptr);

    /// Shows connection's console (its recent lines, then new ones as they come). Null clears.
    void setConnection(ServerConnection *connection);
    ServerConnection *connection() const { return m_connection; }

    /// The text shown (for tests).
    QString plainText() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void append(const ConsoleLine &line);
    void flush();
    void clearView();

    QPointer<ServerConnection> m_connection;
    QLabel *m_title;
    QToolButton *m_clear;
    QPlainTextEdit *m_text;
    QList<ConsoleLine> m_pending;
    QTimer m_flushTimer;
};

} // namespace Toolgate
