// SPDX-License-Identifier: MIT
#include "ui/plotting/panelpair.h"

#include <qcustomplot.h>

#include <cmath>

namespace pe::ui {

namespace {
// Side by side from 2.4 times as wide as tall, stacked again under 2.0: between, the layout
// stays as it is, so a size at the edge does not flip it at every pass.
constexpr double sideBySideFrom = 2.4;
constexpr double stackedUnder = 2.0;
} // namespace

PanelPair::PanelPair(QCPLayoutGrid* layout, int row, int column, QCPAxisRect* first, QCPAxisRect* second)
    : m_grid(new QCPLayoutGrid), m_first(first), m_second(second)
{
    QCustomPlot* plot = first->parentPlot();
    for (QCPAxisRect* rect : {first, second})
        if (rect->layout())
            rect->layout()->take(rect);
    layout->addElement(row, column, m_grid); // in the plot first: a grid outside it takes no elements
    m_grid->setRowSpacing(0);
    m_grid->setColumnSpacing(0);
    m_widths = new QCPMarginGroup(plot);
    m_heights = new QCPMarginGroup(plot);
    m_grid->addElement(0, 0, m_first);
    m_grid->addElement(1, 0, m_second);
    arrange(false);
}

void PanelPair::arrange(bool sideBySide)
{
    m_sideBySide = sideBySide;
    m_grid->take(m_first);
    m_grid->take(m_second);
    m_grid->simplify();
    m_grid->addElement(0, 0, m_first);
    m_grid->addElement(sideBySide ? 0 : 1, sideBySide ? 1 : 0, m_second);
    m_grid->setColumnSpacing(sideBySide ? 16 : 0); // the first's right axis from the second's left
    for (QCPAxisRect* rect : {m_first, m_second}) {
        rect->setMarginGroup(QCP::msLeft | QCP::msRight, sideBySide ? nullptr : m_widths);
        rect->setMarginGroup(QCP::msTop | QCP::msBottom, sideBySide ? m_heights : nullptr);
    }
}

bool PanelPair::fit(bool allowed, double firstShare)
{
    const QRect room = m_grid->rect();
    if (room.width() <= 0 || room.height() <= 0)
        return false;
    const double ratio = double(room.width()) / room.height();
    const bool side = allowed && (m_sideBySide ? ratio >= stackedUnder : ratio >= sideBySideFrom);
    bool changed = false;
    if (side != m_sideBySide) {
        arrange(side);
        changed = true;
    }
    if (m_sideBySide) {
        const QList<double> factors{firstShare, 1 - firstShare};
        if (std::abs(m_grid->columnStretchFactors().value(0) - firstShare) > 0.001) {
            m_grid->setColumnStretchFactors(factors);
            changed = true;
        }
    }
    return changed;
}

} // namespace pe::ui
