#pragma once

#include <QFrame>
#include <QStringList>

class QLabel;
class QPushButton;

namespace Toolgate {

/// A tinted strip with an icon, a bold title, a message and an optional list of details
/// (error banners, schema verdicts), of which the first few are shown until the person asks for
/// all. All text is shown literally.
class MessageBanner final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MessageBanner)
public:
    enum class Kind { Info, Success, Warning, Error };
    Q_ENUM(Kind)

    explicit MessageBanner(QWidget *parent = nullptr);

    /// Shows the banner with the given content.
    void showMessage(Kind kind, const QString &title, const QString &text = {}, const QStringList &details = {});

    Kind kind() const { return m_kind; }
    QString title() const;
    QString text() const;
    QStringList details() const { return m_details; }

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    QColor accent() const;
    void updateIcon();
    void showDetails();

    Kind m_kind = Kind::Info;
    QLabel *m_icon;
    QLabel *m_title;
    QLabel *m_text;
    QLabel *m_detailsLabel;
    QPushButton *m_showAll; // "Show all N" when there are more details than a few
    QStringList m_details;
    bool m_allDetailsShown = false;
};

} // namespace Toolgate
