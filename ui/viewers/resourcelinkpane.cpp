#include "ui/viewers/resourcelinkpane.h"

#include "ui/viewers/viewerformat.h"
#include "ui/viewers/viewerstyle.h"

#include "core/protocol/content.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Toolgate {

ResourceLinkPane::ResourceLinkPane(const Content &content, QWidget *parent)
    : ContentPane(parent)
    , m_uri(content.uri)
{
    setObjectName(u"resourceLinkPane"_s);
    const QString display = !content.title.isEmpty() ? content.title : !content.name.isEmpty() ? content.name : content.uri;
    auto *name = ViewerStyle::plainLabel(display, this);
    name->setObjectName(u"resourceLinkName"_s);
    name->setWordWrap(true);
    ViewerStyle::makeBold(name);

    auto *uri = ViewerStyle::plainLabel(content.uri, this);
    uri->setObjectName(u"resourceLinkUri"_s);
    uri->setWordWrap(true);
    ViewerStyle::makeMonospace(uri);

    auto *text = new QVBoxLayout;
    text->setSpacing(3);
    text->addWidget(name);
    if (!content.title.isEmpty() && !content.name.isEmpty() && content.name != content.title) {
        auto *alias = ViewerStyle::captionLabel(content.name, this);
        alias->setObjectName(u"resourceLinkAlias"_s);
        text->addWidget(alias);
    }
    text->addWidget(uri);
    if (!content.description.isEmpty()) {
        auto *description = ViewerStyle::plainLabel(content.description, this);
        description->setObjectName(u"resourceLinkDescription"_s);
        description->setWordWrap(true);
        text->addWidget(description);
    }
    QStringList facts;
    if (!content.mimeType.isEmpty())
        facts << content.mimeType;
    if (content.size)
        facts << ViewerFormat::byteSize(*content.size);
    if (!facts.isEmpty()) {
        auto *meta = ViewerStyle::captionLabel(facts.join(u" · "_s), this);
        meta->setObjectName(u"resourceLinkMeta"_s);
        text->addWidget(meta);
    }

    auto *open = new QPushButton(style()->standardIcon(QStyle::SP_DialogOpenButton), tr("Open"), this);
    open->setObjectName(u"openResourceButton"_s);
    open->setToolTip(tr("Read this resource from the server"));
    open->setEnabled(!m_uri.isEmpty());
    connect(open, &QPushButton::clicked, this, [this] { emit resourceLinkActivated(m_uri); });

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 2, 0, 2);
    layout->setSpacing(12);
    layout->addLayout(text, 1);
    layout->addWidget(open, 0, Qt::AlignTop);

    QStringList summary;
    if (!content.mimeType.isEmpty())
        summary << content.mimeType;
    if (content.size)
        summary << ViewerFormat::byteSize(*content.size);
    setSummary(summary.join(u" · "_s));
}

} // namespace Toolgate

#include "moc_resourcelinkpane.cpp"
