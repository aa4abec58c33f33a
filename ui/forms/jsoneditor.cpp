#include "ui/forms/jsoneditor.h"

#include "ui/highlight/syntaxhighlighting.h"

#include <QEvent>
#include <QFontDatabase>
#include <QFontMetrics>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSyntaxHighlighter>
#include <QTextBlock>
#include <QTimer>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

// Above this many characters a parse per keystroke could be felt; parse after a pause instead.
constexpr qsizetype ImmediateParseLimit = 100 * 1000;
// QSyntaxHighlighter colours the whole document at once when it is set; past this size that would stall
// the window, so very large texts are shown without colours.
constexpr int HighlightLimit = 300 * 1000;
constexpr int DeferredParseDelayMs = 300;

// Asks for as many lines as the text has, within bounds, so short JSON gets a short editor and long JSON
// a tall one that still fits on screen; layouts with room to spare can make it larger.
class FittingTextEdit final : public QPlainTextEdit
{
public:
    using QPlainTextEdit::QPlainTextEdit;

    int minimumLines = 3;
    int maximumLines = 0; // 0: no limit

    int heightForLines(int lines) const
    {
        return QFontMetrics(font()).lineSpacing() * lines + 2 * frameWidth() + int(document()->documentMargin() * 2);
    }

    QSize sizeHint() const override
    {
        int lines = qMax(minimumLines, document()->blockCount() + 1);
        if (maximumLines > 0)
            lines = qMin(lines, maximumLines);
        return {QPlainTextEdit::sizeHint().width(), heightForLines(lines)};
    }
};

} // namespace

JsonEditor::JsonEditor(QWidget *parent)
    : QWidget(parent)
    , m_edit(new FittingTextEdit(this))
    , m_error(new QLabel(this))
    , m_parseTimer(new QTimer(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(m_edit);
    layout->addWidget(m_error);

    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_edit->setFont(mono);
    m_edit->setTabStopDistance(QFontMetricsF(mono).horizontalAdvance(QLatin1Char(' ')) * 2);
    m_edit->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_edit->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_highlighter = SyntaxHighlighting::attach(m_edit->document(), QStringLiteral("application/json"), {}, palette());
    setFocusProxy(m_edit);

    m_error->setTextFormat(Qt::PlainText); // the message quotes what was typed
    m_error->setWordWrap(true);
    m_error->setObjectName(QStringLiteral("jsonParseError"));
    QPalette errorPalette = m_error->palette();
    errorPalette.setColor(QPalette::WindowText, QColor(0xc0, 0x1c, 0x28));
    m_error->setPalette(errorPalette);
    m_error->hide();

    m_parseTimer->setSingleShot(true);
    m_parseTimer->setInterval(DeferredParseDelayMs);
    connect(m_parseTimer, &QTimer::timeout, this, [this] { reparse(true); });
    connect(m_edit->document(), &QTextDocument::contentsChanged, this, &JsonEditor::onContentsChanged);

    reparse(false);
}

void JsonEditor::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    // Colours picked for a light background are unreadable on a dark one, and the other way round.
    if (event->type() == QEvent::PaletteChange && m_highlighter)
        SyntaxHighlighting::applyPalette(m_highlighter, palette());
}

void JsonEditor::setAccept(JsonText::Accept accept)
{
    if (m_accept == accept)
        return;
    m_accept = accept;
    reparse(false);
}

void JsonEditor::setValue(const QJsonValue &value, const JsonKeyOrder &order)
{
    setText(value.isUndefined() ? QString() : JsonText::pretty(value, order));
}

void JsonEditor::setText(const QString &text)
{
    if (text == m_edit->toPlainText() && !m_parsePending)
        return;
    m_settingText = true;
    if (m_highlighter) {
        QTextDocument *wanted = text.size() <= HighlightLimit ? m_edit->document() : nullptr;
        if (m_highlighter->document() != wanted)
            m_highlighter->setDocument(wanted);
    }
    m_edit->setPlainText(text);
    m_settingText = false;
    m_edit->updateGeometry(); // the preferred height follows the number of lines
    m_parseTimer->stop();
    reparse(false);
}

QString JsonEditor::text() const
{
    return m_edit->toPlainText();
}

const JsonText::ParseResult &JsonEditor::parseResult() const
{
    if (m_parsePending) {
        // A caller asking during the pause after typing gets the truth; the display catches up on the timer.
        m_result = JsonText::parse(m_edit->toPlainText(), m_accept);
        m_parsePending = false;
    }
    return m_result;
}

void JsonEditor::setReadOnly(bool readOnly)
{
    m_edit->setReadOnly(readOnly);
}

bool JsonEditor::isReadOnly() const
{
    return m_edit->isReadOnly();
}

void JsonEditor::setVisibleLines(int minimum, int maximum)
{
    auto *edit = static_cast<FittingTextEdit *>(m_edit);
    edit->minimumLines = qMax(1, minimum);
    edit->maximumLines = maximum;
    edit->setMinimumHeight(edit->heightForLines(edit->minimumLines));
    edit->updateGeometry();
}

void JsonEditor::setPlaceholderText(const QString &text)
{
    m_edit->setPlaceholderText(text);
}

void JsonEditor::onContentsChanged()
{
    if (m_settingText)
        return;
    if (m_edit->document()->characterCount() <= ImmediateParseLimit) {
        m_parseTimer->stop();
        reparse(true);
    } else {
        m_parsePending = true;
        m_parseTimer->start();
    }
}

void JsonEditor::reparse(bool announce)
{
    m_result = JsonText::parse(m_edit->toPlainText(), m_accept);
    m_parsePending = false;
    showParseResult();
    if (announce)
        emit edited();
}

void JsonEditor::showParseResult()
{
    QList<QTextEdit::ExtraSelection> marks;
    if (!m_result.ok() && !m_result.error.isEmpty()) {
        m_error->setText(m_result.describe());
        m_error->show();
        if (m_result.position >= 0) {
            // Underline the character the error is reported at.
            QTextCursor cursor(m_edit->document());
            const int last = qMax(0, m_edit->document()->characterCount() - 1);
            cursor.setPosition(qMin(m_result.position, qMax(0, last - 1)));
            cursor.movePosition(QTextCursor::NextCharacter, QTextCursor::KeepAnchor);
            QTextEdit::ExtraSelection mark;
            mark.cursor = cursor;
            mark.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
            mark.format.setUnderlineColor(QColor(0xc0, 0x1c, 0x28));
            marks.append(mark);
        }
    } else {
        m_error->clear();
        m_error->hide();
    }
    m_edit->setExtraSelections(marks);
}

} // namespace Toolgate

#include "moc_jsoneditor.cpp"
