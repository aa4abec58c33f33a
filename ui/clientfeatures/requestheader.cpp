#include "ui/clientfeatures/requestheader.h"

#include "core/common/displaytext.h"
#include "ui/forms/formlabels.h"
#include "ui/viewers/viewerstyle.h"

#include <QFontDatabase>
#include <QLabel>
#include <QVBoxLayout>

namespace Toolgate {

QWidget *createServerRequestHeader(const ServerIdentity &server, const QString &headline, QWidget *parent)
{
    auto *header = new QWidget(parent);
    auto *layout = new QVBoxLayout(header);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);

    // What a server reports of itself (its name, version, the occasion of its request) reaches these
    // labels bounded: a label sizes itself to its longest word (issue #35).
    auto *title = ViewerStyle::wrappedLabel(DisplayText::forLabel(headline), header, QStringLiteral("headline"));
    QFont big = title->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.15);
    title->setFont(big);
    layout->addWidget(title);

    auto *occasion = ViewerStyle::wrappedLabel(QString(), header, QStringLiteral("occasion"));
    occasion->setVisible(false); // showServerRequestOccasion()
    layout->addWidget(occasion);

    QString who = server.endpoint;
    const Implementation &info = server.serverInfo;
    if (!info.name.isEmpty()) {
        QString reported = info.version.isEmpty() ? info.name : QObject::tr("%1 %2").arg(info.name, info.version);
        who = who.isEmpty() ? reported : QObject::tr("%1 · identifies as %2 (self-reported)").arg(who, reported);
    }
    if (!who.isEmpty()) {
        auto *details = new HelpLabel(DisplayText::forLabel(who), header);
        details->setObjectName(QStringLiteral("serverDetails"));
        details->setTextFormat(Qt::PlainText);
        details->setWordWrap(true);
        layout->addWidget(details);
    }
    return header;
}

void showServerRequestOccasion(QWidget *dialog, const QString &occasion)
{
    auto *label = dialog->findChild<QLabel *>(QStringLiteral("occasion"));
    if (!label || occasion.isEmpty())
        return;
    label->setText(DisplayText::forLabel(occasion));
    label->setVisible(true);
}

} // namespace Toolgate
