// SPDX-License-Identifier: MIT
#pragma once

#include <QLayout>
#include <QList>

namespace pe::ui {

/// Lays widgets out left to right and wraps them onto the next line when the width runs out,
/// like words in a paragraph: a view's row of options stays readable in a narrow dock instead
/// of forcing the dock (and so the window's side panels) wide. A label wraps together with
/// the control it is the buddy of. Its minimum width is that of its widest item (or label
/// and control).
class FlowLayout : public QLayout {
public:
    explicit FlowLayout(QWidget* parent = nullptr);
    ~FlowLayout() override;

    void addItem(QLayoutItem* item) override;
    int count() const override { return int(m_items.size()); }
    QLayoutItem* itemAt(int index) const override { return m_items.value(index); }
    QLayoutItem* takeAt(int index) override;
    Qt::Orientations expandingDirections() const override { return {}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect& rect) override;

private:
    /// Places the items within `rect` (or only measures, when `place` is false); returns the height used.
    int arrange(const QRect& rect, bool place) const;
    /// The next shown item when item `index` is a label whose buddy it is, else −1.
    int buddyAfter(int index) const;
    int itemWidth(int index, int available) const;
    int horizontalGap() const;
    int verticalGap() const;

    QList<QLayoutItem*> m_items;
};

} // namespace pe::ui
