#include "definitionchangeview.h"

#include "common/displaytext.h"
#include "forms/formlabels.h"

#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTextBlock>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

/// A read-only diff: removed lines on a red ground, added ones on a green one, never interpreted.
QPlainTextEdit *diffView(const QStringList &lines, QWidget *parent)
{
    auto *view = new QPlainTextEdit(parent);
    view->setReadOnly(true);
    view->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    QStringList shown;
    shown.reserve(lines.size());
    for (const QString &line : lines)
        shown.append(DisplayText::visibleLine(line));
    view->setPlainText(shown.join(u'\n'));
    QList<QTextEdit::ExtraSelection> marks;
    const bool dark = view->palette().color(QPalette::Base).lightness() < 128;
    const QColor removed = dark ? QColor(0x5a, 0x1e, 0x1e) : QColor(0xff, 0xe0, 0xe0);
    const QColor added = dark ? QColor(0x1e, 0x4a, 0x24) : QColor(0xdc, 0xf5, 0xdc);
    for (QTextBlock block = view->document()->begin(); block.isValid(); block = block.next()) {
        const QString text = block.text();
        if (!text.startsWith(u"- ") && !text.startsWith(u"+ "))
            continue;
        QTextEdit::ExtraSelection mark;
        mark.cursor = QTextCursor(block);
        mark.format.setBackground(text.startsWith(u'-') ? removed : added);
        mark.format.setProperty(QTextFormat::FullWidthSelection, true);
        marks.append(mark);
    }
    view->setExtraSelections(marks);
    const int lineHeight = view->fontMetrics().lineSpacing();
    view->setMinimumHeight(lineHeight * std::min<qsizetype>(lines.size() + 1, 4));
    view->setMaximumHeight(lineHeight * std::min<qsizetype>(lines.size() + 2, 14));
    return view;
}

} // namespace

DefinitionChangeView::DefinitionChangeView(const ApprovalRequest &request, QWidget *parent)
    : QFrame(parent)
{
    setObjectName(QStringLiteral("definitionChange"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    QPalette look = palette();
    const bool dark = look.color(QPalette::Window).lightness() < 128;
    look.setColor(QPalette::Window, dark ? QColor(0x4a, 0x3a, 0x10) : QColor(0xff, 0xf4, 0xd6));
    setPalette(look);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 8, 10, 8);
    layout->setSpacing(6);

    if (const auto &change = request.definitionChange) {
        auto *heading = new QLabel(tr("This tool changed since you approved it"), this);
        heading->setObjectName(QStringLiteral("changeHeading"));
        QFont bold = heading->font();
        bold.setBold(true);
        heading->setFont(bold);
        layout->addWidget(heading);
        auto *summary = new QLabel(change->summary() + QLatin1Char(' ')
                                       + tr("What you allowed before no longer applies: read the changes before you decide."),
                                   this);
        summary->setObjectName(QStringLiteral("changeSummary"));
        summary->setTextFormat(Qt::PlainText);
        summary->setWordWrap(true);
        layout->addWidget(summary);
        for (const QString &field : change->changedFields) {
            auto *label = new QLabel(tr("Changes to %1 (− before, + now):").arg(DefinitionChange::describeField(field)), this);
            label->setTextFormat(Qt::PlainText);
            layout->addWidget(label);
            QPlainTextEdit *diff = diffView(change->lineDiff(field), this);
            diff->setObjectName(QStringLiteral("diff_") + field);
            layout->addWidget(diff);
        }
    }
    if (!request.shadowedServers.isEmpty()) {
        QStringList names;
        for (const QString &name : request.shadowedServers)
            names.append(DisplayText::visibleLine(name));
        auto *shadow = new QLabel(tr("Another server also offers a tool named “%1”: %2. Make sure this is the server you mean.",
                                     nullptr, int(names.size()))
                                      .arg(DisplayText::visibleLine(request.tool.name), names.join(QStringLiteral(", "))),
                                  this);
        shadow->setObjectName(QStringLiteral("shadowed"));
        shadow->setTextFormat(Qt::PlainText);
        shadow->setWordWrap(true);
        layout->addWidget(shadow);
    }
}

} // namespace Toolgate
