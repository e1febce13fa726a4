// SPDX-License-Identifier: MIT
#include "ui/plotting/panelpair.h"

#include <qcustomplot.h>

#include <cmath>

namespace pe::ui {

bool roomIsWide(double width, double height, bool wideNow)
{
    constexpr double sideBySideFrom = 2.0, stackedUnder = 1.7;
    return height > 0 && width >= (wideNow ? stackedUnder : sideBySideFrom) * height;
}

PanelPair::PanelPair(QCPLayoutGrid* layout, int row, int column, First first, Second second, double firstShare)
    : m_grid(new QCPLayoutGrid), m_first(first), m_second(std::move(second)), m_share(firstShare)
{
    QCustomPlot* plot = first.rect->parentPlot();
    for (QCPLayoutElement* element : {static_cast<QCPLayoutElement*>(m_first.rect), static_cast<QCPLayoutElement*>(m_first.scale),
                                      m_second.element})
        if (element && element->layout())
            element->layout()->take(element);
    layout->addElement(row, column, m_grid); // in the plot first: a grid outside it takes no elements
    layout->simplify();
    m_grid->setRowSpacing(layout->rowSpacing()); // stacked as they were in `layout`
    m_widths = new QCPMarginGroup(plot);
    m_heights = new QCPMarginGroup(plot);
    arrange(false);
}

void PanelPair::arrange(bool sideBySide)
{
    m_sideBySide = sideBySide;
    for (QCPLayoutElement* element : {static_cast<QCPLayoutElement*>(m_first.rect), static_cast<QCPLayoutElement*>(m_first.scale),
                                      m_second.element})
        if (element && element->layout() == m_grid)
            m_grid->take(element);
    m_grid->simplify();
    // Stacked: the first and its scale, the second under the first (its axes under the
    // first's, not under the scale). Side by side: the first, its scale, the second.
    const int secondColumn = m_first.scale ? 2 : 1;
    m_grid->addElement(0, 0, m_first.rect);
    if (m_first.scale)
        m_grid->addElement(0, 1, m_first.scale);
    m_grid->addElement(sideBySide ? 0 : 1, sideBySide ? secondColumn : 0, m_second.element);
    m_grid->setColumnSpacing(sideBySide ? 16 : 0); // the first's right axis from the second's left
    QList<double> columns(m_grid->columnCount(), 0.001); // a scale takes its own width
    columns[0] = sideBySide ? m_share : 1;
    if (sideBySide)
        columns[secondColumn] = 1 - m_share;
    m_grid->setColumnStretchFactors(columns);
    if (!sideBySide)
        m_grid->setRowStretchFactors({m_share, 1 - m_share});
    m_first.rect->setMarginGroup(QCP::msLeft | QCP::msRight, sideBySide ? nullptr : m_widths);
    m_first.rect->setMarginGroup(QCP::msTop | QCP::msBottom, sideBySide || m_first.scale ? m_heights : nullptr);
    if (m_first.scale)
        m_first.scale->setMarginGroup(QCP::msTop | QCP::msBottom, m_heights);
    // Stacked, the second's first rect lines up with the first (a grid of rects beside each
    // other keeps its own margins); side by side, every rect lines up on the top and bottom.
    for (QCPAxisRect* rect : m_second.rects) {
        const bool under = !sideBySide && rect == m_second.rects.front();
        rect->setMarginGroup(QCP::msLeft | QCP::msRight, under ? m_widths : nullptr);
        rect->setMarginGroup(QCP::msTop | QCP::msBottom, sideBySide ? m_heights : nullptr);
    }
}

bool PanelPair::fit(bool allowed)
{
    const QRect room = m_grid->rect();
    if (room.width() <= 0 || room.height() <= 0)
        return false;
    const bool side = allowed && roomIsWide(room.width(), room.height(), m_sideBySide);
    if (side == m_sideBySide)
        return false;
    arrange(side);
    return true;
}

bool PanelPair::setFirstShare(double firstShare)
{
    if (std::abs(firstShare - m_share) <= 0.001)
        return false;
    m_share = firstShare;
    if (!m_sideBySide)
        return false; // the rows are the caller's to share until the pair is stacked anew
    arrange(true);
    return true;
}

} // namespace pe::ui
