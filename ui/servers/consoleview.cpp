#include "ui/servers/consoleview.h"

#include "ui/models/icons.h"
#include "core/protocol/logginglevel.h"

#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextCharFormat>
#include <QTextCursor>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace Toolgate {

namespace {

constexpr int maxLineLength = 4000;

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

QColor colorFor(const ConsoleLine &line, const QPalette &palette)
{
    const bool dark = isDark(palette);
    switch (line.kind) {
    case ConsoleLine::Kind::Stderr:
        return palette.color(QPalette::Text);
    case ConsoleLine::Kind::Lifecycle:
        return dark ? QColor(0x7f, 0xb2, 0xe5) : QColor(0x25, 0x5f, 0x99);
    case ConsoleLine::Kind::ProtocolViolation:
        return dark ? QColor(0xe5, 0x8f, 0xd9) : QColor(0x9c, 0x27, 0x8f);
    case ConsoleLine::Kind::Log:
        break;
    }
    switch (line.level.value_or(LoggingLevel::Info)) {
    case LoggingLevel::Debug:
        return palette.color(QPalette::Disabled, QPalette::Text);
    case LoggingLevel::Info:
        return palette.color(QPalette::Text);
    case LoggingLevel::Notice:
        return dark ? QColor(0x8c, 0xc8, 0x8c) : QColor(0x2e, 0x7d, 0x32);
    case LoggingLevel::Warning:
        return dark ? QColor(0xf0, 0xc0, 0x60) : QColor(0xa6, 0x6a, 0x00);
    default:
        return dark ? QColor(0xf2, 0x8b, 0x82) : QColor(0xc6, 0x28, 0x28);
    }
}

QString tagFor(const ConsoleLine &line)
{
    switch (line.kind) {
    // Words a non-developer can follow; the title's tooltip says what each one is.
    case ConsoleLine::Kind::Stderr: return ConsoleView::tr("output");
    case ConsoleLine::Kind::Lifecycle: return ConsoleView::tr("toolgate");
    case ConsoleLine::Kind::ProtocolViolation: return ConsoleView::tr("protocol");
    case ConsoleLine::Kind::Log: return line.level ? toString(*line.level) : QStringLiteral("log");
    }
    return {};
}

} // namespace

ConsoleView::ConsoleView(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_clear(new QToolButton(this))
    , m_text(new QPlainTextEdit(this))
{
    setObjectName(QStringLiteral("consoleView"));
    m_text->setObjectName(QStringLiteral("consoleText"));
    m_text->setReadOnly(true);
    m_text->setUndoRedoEnabled(false);
    // Toolgate's notes are sentences a person reads to the end (why a server runs twice, where a secret was
    // looked for): wrapped, so nobody has to scroll sideways. Paths and tokens without spaces break anywhere.
    m_text->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_text->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_text->setMaximumBlockCount(maxLines);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setPlaceholderText(tr("Select a server to see its output."));
    m_text->setFrameShape(QFrame::NoFrame);
    m_text->setMinimumHeight(m_text->fontMetrics().lineSpacing() * 2 + 8); // a short window keeps its room for the work

    m_title->setToolTip(tr("<p>What the selected server shows while it runs:</p>"
                           "<p><b>output</b>: what the server program printed for people to read (its error output, "
                           "\"stderr\"), often its own log.<br><b>debug … emergency</b>: log messages the server sent, "
                           "by importance.<br><b>toolgate</b>: Toolgate's notes, such as starting and stopping.<br>"
                           "<b>protocol</b>: messages that break the rules of MCP (JSON-RPC, the message format MCP "
                           "uses), which Toolgate ignored.</p>"));
    m_text->setAccessibleName(tr("Server console"));
    m_clear->setIcon(Icons::action(u"clear"));
    m_clear->setToolTip(tr("Clear the console view"));
    m_clear->setAccessibleName(tr("Clear the console view"));
    m_clear->setAutoRaise(true);
    connect(m_clear, &QToolButton::clicked, this, &ConsoleView::clearView);

    auto *header = new QHBoxLayout;
    header->setContentsMargins(6, 2, 2, 2);
    header->addWidget(m_title, 1);
    header->addWidget(m_clear);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(header);
    layout->addWidget(m_text, 1);

    m_flushTimer.setSingleShot(true);
    m_flushTimer.setInterval(50);
    connect(&m_flushTimer, &QTimer::timeout, this, &ConsoleView::flush);
    setConnection(nullptr);
}

void ConsoleView::setConnection(ServerConnection *connection)
{
    if (m_connection)
        m_connection->disconnect(this);
    m_connection = connection;
    m_pending.clear();
    m_text->clear();
    if (!connection) {
        m_title->setText(tr("No server selected"));
        return;
    }
    m_title->setText(tr("Output of %1").arg(connection->name()));
    connect(connection, &ServerConnection::configChanged, this, [this] {
        if (m_connection)
            m_title->setText(tr("Output of %1").arg(m_connection->name()));
    });
    connect(connection, &ServerConnection::consoleLineAdded, this, &ConsoleView::append);
    const QList<ConsoleLine> history = connection->console();
    // Only the tail fits anyway.
    m_pending = history.mid(qMax<qsizetype>(0, history.size() - maxLines));
    flush();
}

QString ConsoleView::plainText() const
{
    return m_text->toPlainText();
}

void ConsoleView::append(const ConsoleLine &line)
{
    m_pending.append(line);
    if (m_pending.size() > maxLines)
        m_pending.remove(0, m_pending.size() - maxLines);
    if (!m_flushTimer.isActive())
        m_flushTimer.start();
}

void ConsoleView::flush()
{
    if (m_pending.isEmpty())
        return;
    QScrollBar *bar = m_text->verticalScrollBar();
    // Follow the output only when the person has not scrolled up to read something.
    const bool atEnd = bar->value() >= bar->maximum() - 2;
    const QPalette palette = m_text->palette();
    QTextCharFormat timeFormat;
    timeFormat.setForeground(palette.color(QPalette::Disabled, QPalette::Text));

    QTextCursor cursor(m_text->document());
    cursor.movePosition(QTextCursor::End);
    cursor.beginEditBlock();
    // A few lines per turn, the rest on the next ones: a server that floods stderr or its log must not
    // keep the window from answering (issue 13).
    const qsizetype count = std::min<qsizetype>(m_pending.size(), linesPerFlush);
    for (const ConsoleLine &line : m_pending.first(count)) {
        if (!m_text->document()->isEmpty())
            cursor.insertBlock();
        cursor.insertText(line.time.toString(QStringLiteral("HH:mm:ss.zzz ")), timeFormat);
        QTextCharFormat format;
        format.setForeground(colorFor(line, palette));
        if (line.kind == ConsoleLine::Kind::Lifecycle)
            format.setFontItalic(true);
        QString text = line.text;
        if (text.size() > maxLineLength)
            text = text.left(maxLineLength) + QChar(0x2026);
        // A message of several lines keeps its line breaks (as line separators, so the entry stays one
        // block with one time stamp); other control characters would garble the view and show as
        // replacement marks.
        text.replace(QStringLiteral("\r\n"), QStringLiteral("\n")).replace(u'\r', u'\n');
        while (text.endsWith(u'\n'))
            text.chop(1);
        for (QChar &c : text) {
            if (c == u'\n')
                c = QChar::LineSeparator;
            else if (c.category() == QChar::Other_Control && c != u'\t')
                c = QChar(0xfffd);
        }
        QTextCharFormat tagFormat = format;
        tagFormat.setFontWeight(QFont::DemiBold);
        cursor.insertText(u'[' + tagFor(line) + QStringLiteral("] "), tagFormat);
        if (!line.source.isEmpty())
            text = u'[' + line.source + QStringLiteral("] ") + text;
        cursor.insertText(text, format);
    }
    cursor.endEditBlock();
    m_pending.remove(0, count);
    if (!m_pending.isEmpty())
        m_flushTimer.start();
    if (atEnd)
        bar->setValue(bar->maximum());
}

void ConsoleView::clearView()
{
    m_pending.clear();
    m_text->clear();
}

void ConsoleView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        m_clear->setIcon(Icons::action(u"clear"));
}

} // namespace Toolgate

#include "moc_consoleview.cpp"
