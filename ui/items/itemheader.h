#pragma once

#include <QIcon>
#include <QWidget>

class QLabel;
class QVBoxLayout;
class QToolButton;

namespace Toolgate {

/// The heading of the centre pane: icon, title, protocol name, the server it belongs to, the
/// description (folded after a few lines) and a line of remarks such as the server's claims
/// about a tool. All text is plain: it comes from the server.
class ItemHeader final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ItemHeader)
public:
    explicit ItemHeader(QWidget *parent = nullptr);

    void setItem(const QIcon &icon, const QString &title, const QString &name, const QString &server,
                 const QString &description, const QString &remarks = {});
    void clear();

    QString title() const;
    QString description() const;
    QString remarks() const;

    /// Lays out page, a pane about one item, as all of them are: this header across the top, then the
    /// column returned, 12 px in from the sides and bottomMargin from the bottom, taking the rest.
    QVBoxLayout *layOutPage(QWidget *page, int bottomMargin);

protected:
    bool event(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void updateFold();
    void holdHeightForWidth();
    void updateLook();

    QLabel *m_icon;
    QLabel *m_title;
    QLabel *m_name;
    QLabel *m_server;
    QLabel *m_description;
    QToolButton *m_more;
    QLabel *m_remarks;
    QString m_fullDescription;
    bool m_expanded = false;
};

} // namespace Toolgate
