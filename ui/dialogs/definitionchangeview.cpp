#include "ui/dialogs/definitionchangeview.h"

#include "core/common/displaytext.h"
#include "ui/forms/formlabels.h"
#include "ui/viewers/linediffview.h"

#include <QLabel>
#include <QVBoxLayout>

namespace Toolgate {

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
            auto *diff = new LineDiffView(this);
            diff->setLines(change->lineDiff(field));
            diff->fitHeight(4, 14);
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

#include "moc_definitionchangeview.cpp"
