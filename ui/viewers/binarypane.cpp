#include "ui/viewers/binarypane.h"

#include "ui/viewers/backgroundtask.h"
#include "ui/viewers/filesaver.h"
#include "ui/viewers/viewerformat.h"
#include "ui/viewers/viewerstyle.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QMimeDatabase>
#include <QPushButton>
#include <QStyle>

#include <optional>

using namespace Qt::StringLiterals;

namespace Toolgate {

BinaryPane::BinaryPane(QWidget *parent)
    : ContentPane(parent)
    , m_info(ViewerStyle::plainLabel({}, this))
    , m_saveButton(new QPushButton(tr("Save as…"), this))
{
    setObjectName(u"binaryPane"_s);
    m_info->setObjectName(u"binaryInfo"_s);
    m_saveButton->setObjectName(u"saveBinaryButton"_s);
    m_saveButton->setEnabled(false);
    auto *icon = new QLabel(this);
    const int size = style()->pixelMetric(QStyle::PM_LargeIconSize);
    icon->setPixmap(style()->standardIcon(QStyle::SP_FileIcon).pixmap(size, size));

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 2, 0, 2);
    layout->setSpacing(10);
    layout->addWidget(icon);
    layout->addWidget(m_info, 1);
    layout->addWidget(m_saveButton);
    connect(m_saveButton, &QPushButton::clicked, this, &BinaryPane::saveAs);
}

void BinaryPane::setBase64(const QByteArray &base64, const QString &mimeType, const QString &suggestedName)
{
    m_mimeType = mimeType;
    m_suggestedName = suggestedName;
    m_bytes.clear();
    m_info->setText(tr("Reading…"));
    setSummary(mimeType);
    m_decoding.run(
        [base64]() -> std::optional<QByteArray> {
            auto bytes = QByteArray::fromBase64Encoding(base64, QByteArray::AbortOnBase64DecodingErrors);
            if (!bytes)
                return std::nullopt;
            return *std::move(bytes);
        },
        [this](const std::optional<QByteArray> &bytes) {
            const QString mime = m_mimeType.isEmpty() ? u"application/octet-stream"_s : m_mimeType;
            if (!bytes) {
                m_info->setText(tr("The data is not valid base64."));
                setSummary(mime);
            } else {
                m_bytes = *bytes;
                const QMimeType type = QMimeDatabase().mimeTypeForName(mime.section(u';', 0, 0).trimmed());
                const QString kind = type.isValid() && !type.comment().isEmpty() ? type.comment() : tr("Binary data");
                m_info->setText(QStringLiteral("%1 · %2 · %3").arg(kind, ViewerFormat::byteSize(m_bytes.size()), mime));
                setSummary(mime + u" · "_s + ViewerFormat::byteSize(m_bytes.size()));
            }
            m_saveButton->setEnabled(!m_bytes.isEmpty());
            emit decodingFinished();
        });
}

void BinaryPane::saveAs()
{
    if (!m_bytes.isEmpty())
        FileSaver::saveAs(this, m_bytes, m_suggestedName, m_mimeType);
}

} // namespace Toolgate

#include "moc_binarypane.cpp"
