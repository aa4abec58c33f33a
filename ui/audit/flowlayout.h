#pragma once

#include <QLayout>
#include <QList>

namespace Toolgate {

/// Lays its widgets out left to right at their preferred widths, starting a new row where the next
/// one does not fit: the audit log's filters and buttons take two rows on a wide window and more on a
/// narrow one (1024×768, 200 %, German), instead of squeezing each other until the buttons are cut.
/// Its height follows its width (heightForWidth).
class FlowLayout final : public QLayout
{
public:
    explicit FlowLayout(QWidget *parent = nullptr);
    ~FlowLayout() override;
    Q_DISABLE_COPY_MOVE(FlowLayout)

    void addItem(QLayoutItem *item) override;
    int count() const override;
    QLayoutItem *itemAt(int index) const override;
    QLayoutItem *takeAt(int index) override;

    Qt::Orientations expandingDirections() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect &rect) override;

private:
    // Places the items within rect (when apply) and returns the height they take.
    int layOut(const QRect &rect, bool apply) const;

    QList<QLayoutItem *> m_items;
};

} // namespace Toolgate
