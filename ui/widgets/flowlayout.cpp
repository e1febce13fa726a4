// SPDX-License-Identifier: MIT
#include "ui/widgets/flowlayout.h"

#include <QLabel>
#include <QStyle>
#include <QWidget>

namespace pe::ui {

FlowLayout::FlowLayout(QWidget* parent)
    : QLayout(parent)
{
    setContentsMargins(0, 0, 0, 0);
}

FlowLayout::~FlowLayout()
{
    while (QLayoutItem* item = takeAt(0))
        delete item;
}

void FlowLayout::addItem(QLayoutItem* item) { m_items.append(item); }

QLayoutItem* FlowLayout::takeAt(int index)
{
    return index >= 0 && index < m_items.size() ? m_items.takeAt(index) : nullptr;
}

int FlowLayout::horizontalGap() const
{
    if (spacing() >= 0)
        return spacing();
    const QWidget* owner = parentWidget();
    return owner ? owner->style()->pixelMetric(QStyle::PM_LayoutHorizontalSpacing, nullptr, owner) : 6;
}

int FlowLayout::verticalGap() const
{
    if (spacing() >= 0)
        return spacing();
    const QWidget* owner = parentWidget();
    return owner ? owner->style()->pixelMetric(QStyle::PM_LayoutVerticalSpacing, nullptr, owner) : 6;
}

int FlowLayout::buddyAfter(int index) const
{
    // A label and the control it names wrap as one: "Against:" at the end of a line and its box
    // at the start of the next read as two unrelated things.
    const auto* label = qobject_cast<const QLabel*>(m_items[index]->widget());
    if (!label || !label->buddy())
        return -1;
    for (int next = index + 1; next < m_items.size(); ++next)
        if (!m_items[next]->isEmpty())
            return m_items[next]->widget() == label->buddy() ? next : -1;
    return -1;
}

int FlowLayout::itemWidth(int index, int available) const
{
    const QLayoutItem* item = m_items[index];
    return std::clamp(item->sizeHint().width(), item->minimumSize().width(), std::max(available, 1));
}

int FlowLayout::heightForWidth(int width) const
{
    return arrange(QRect(0, 0, width, 0), false);
}

QSize FlowLayout::minimumSize() const
{
    QSize size;
    for (int i = 0; i < m_items.size(); ++i) {
        const QLayoutItem* item = m_items[i];
        if (item->isEmpty())
            continue;
        size = size.expandedTo(item->minimumSize());
        if (const int buddy = buddyAfter(i); buddy >= 0) // the two share a line
            size = size.expandedTo(QSize(item->minimumSize().width() + horizontalGap() + m_items[buddy]->minimumSize().width(), 0));
    }
    const QMargins m = contentsMargins();
    return size + QSize(m.left() + m.right(), m.top() + m.bottom());
}

QSize FlowLayout::sizeHint() const
{
    // All on one line, as a wide dock shows them.
    int width = 0, height = 0, visible = 0;
    for (const QLayoutItem* item : m_items) {
        if (item->isEmpty())
            continue;
        width += item->sizeHint().width();
        height = std::max(height, item->sizeHint().height());
        ++visible;
    }
    const QMargins m = contentsMargins();
    return QSize(width + std::max(visible - 1, 0) * horizontalGap() + m.left() + m.right(), height + m.top() + m.bottom());
}

void FlowLayout::setGeometry(const QRect& rect)
{
    QLayout::setGeometry(rect);
    arrange(rect, true);
}

int FlowLayout::arrange(const QRect& rect, bool place) const
{
    const QRect area = rect.marginsRemoved(contentsMargins());
    int x = area.x(), y = area.y(), lineHeight = 0;
    for (int i = 0; i < m_items.size(); ++i) {
        QLayoutItem* item = m_items[i];
        if (item->isEmpty())
            continue;
        const QSize hint = item->sizeHint();
        const int width = itemWidth(i, area.width());
        const int buddy = buddyAfter(i);
        const int kept = buddy >= 0 ? width + horizontalGap() + itemWidth(buddy, area.width()) : width;
        if (x > area.x() && x + kept > area.right() + 1) { // does not fit (with its control): next line
            x = area.x();
            y += lineHeight + verticalGap();
            lineHeight = 0;
        }
        if (place)
            item->setGeometry(QRect(QPoint(x, y), QSize(width, hint.height())));
        x += width + horizontalGap();
        lineHeight = std::max(lineHeight, hint.height());
    }
    const QMargins m = contentsMargins();
    return y + lineHeight - rect.y() + m.bottom();
}

} // namespace pe::ui
