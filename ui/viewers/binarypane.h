#pragma once

#include "ui/viewers/contentpane.h"
#include "ui/viewers/backgroundtask.h"

class QLabel;
class QPushButton;

namespace Toolgate {

/// A blob we do not display: its size and MIME type, and "Save as…". Decoded off the GUI thread.
class BinaryPane final : public ContentPane
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BinaryPane)
public:
    explicit BinaryPane(QWidget *parent = nullptr);

    /// Starts decoding base64 (as received).
    void setBase64(const QByteArray &base64, const QString &mimeType, const QString &suggestedName);
    /// Whether decoding has finished.
    bool isReady() const { return m_decoding.isDelivered(); }
    /// Decoded size in bytes (valid once ready).
    qint64 byteCount() const { return m_bytes.size(); }
    /// Opens the Save dialog for the decoded bytes.
    void saveAs();

signals:
    /// Decoding finished.
    void decodingFinished();

private:
    QLabel *m_info;
    QPushButton *m_saveButton;
    QByteArray m_bytes;
    QString m_mimeType;
    QString m_suggestedName;
    LatestBackgroundResult m_decoding{this}; // the bytes, decoded off the GUI thread
};

} // namespace Toolgate
