#include "ui/viewers/jsontextpane.h"

#include "ui/viewers/backgroundtask.h"
#include "ui/viewers/largetextview.h"

#include <QJsonDocument>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Toolgate {

JsonTextPane::JsonTextPane(QWidget *parent)
    : ContentPane(parent)
    , m_view(new LargeTextView(this))
{
    setObjectName(u"jsonTextPane"_s);
    m_view->setObjectName(u"jsonText"_s);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
}

void JsonTextPane::setJson(const QJsonObject &json)
{
    m_text.run([json] { return QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Indented)); },
               [this](const QString &text) {
                   m_view->setText(text, u"application/json"_s);
                   emit ready();
               });
}

void JsonTextPane::setFitToContents(bool fit, int maxHeight)
{
    m_view->setFitToContents(fit, maxHeight);
    setSizePolicy(QSizePolicy::Expanding, fit ? QSizePolicy::Fixed : QSizePolicy::Expanding);
}

} // namespace Toolgate

#include "moc_jsontextpane.cpp"
