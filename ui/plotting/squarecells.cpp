// SPDX-License-Identifier: MIT
#include "ui/plotting/squarecells.h"

#include "ui/plotting/squarematrix.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace pe::ui {

SquareCellsFrame frameSquareCells(QCPLayoutGrid* layout, int row, int column, QCPAxisRect* rect, QCPColorScale* scale)
{
    QCustomPlot* plot = rect->parentPlot();
    SquareCellsFrame parts{new QCPLayoutGrid, rect, scale};
    for (QCPLayoutElement* element : {static_cast<QCPLayoutElement*>(rect), static_cast<QCPLayoutElement*>(scale)})
        if (element && element->layout())
            element->layout()->take(element);
    // In the plot first: a grid outside it cannot take elements (they need its plot).
    layout->addElement(row, column, parts.frame);
    // Rows: blank, the rect, blank; columns: blank, the rect, its scale, blank. Blank elements,
    // not empty cells: an empty row or column has no largest size and would cap nothing.
    const int right = scale ? 3 : 2;
    parts.frame->addElement(0, 1, new QCPLayoutElement(plot));
    parts.frame->addElement(1, 0, new QCPLayoutElement(plot));
    parts.frame->addElement(1, 1, rect);
    if (scale)
        parts.frame->addElement(1, 2, scale);
    parts.frame->addElement(1, right, new QCPLayoutElement(plot));
    parts.frame->addElement(2, 1, new QCPLayoutElement(plot));
    parts.frame->setRowSpacing(0);
    parts.frame->setColumnSpacing(0);
    QList<double> columns(right + 1, 0.001);
    columns[1] = 1;
    if (scale)
        columns[2] = 0.001;
    parts.frame->setRowStretchFactors({0.001, 1, 0.001});
    parts.frame->setColumnStretchFactors(columns);
    if (scale) { // as tall as its map
        auto* heights = new QCPMarginGroup(plot);
        rect->setMarginGroup(QCP::msTop | QCP::msBottom, heights);
        scale->setMarginGroup(QCP::msTop | QCP::msBottom, heights);
    }
    return parts;
}

bool fitSquareCells(const SquareCellsFrame& parts, double unitsX, double unitsY, double cellsX, double cellsY)
{
    QCPAxis* x = parts.rect->axis(QCPAxis::atBottom);
    QCPAxis* y = parts.rect->axis(QCPAxis::atLeft);
    bool changed = false;
    if (unitsX > 0 && unitsY > 0) {
        const QCPRange columns(-0.5, unitsX - 0.5), rows(-0.5, unitsY - 0.5);
        const auto moved = [](const QCPRange& a, const QCPRange& b) {
            return std::abs(a.lower - b.lower) + std::abs(a.upper - b.upper) > 1e-9 * (1 + a.size());
        };
        changed = moved(x->range(), columns) || moved(y->range(), rows);
        x->setRange(columns);
        y->setRange(rows);
    }
    const QRect room = parts.frame->rect();
    const QRect inner = parts.rect->rect(), outer = parts.rect->outerRect();
    const double frameX = outer.width() - inner.width(), frameY = outer.height() - inner.height();
    const double scaleWidth = parts.scale ? parts.scale->outerRect().width() : 0.0;
    const double wide = room.width() - frameX - scaleWidth, tall = room.height() - frameY;
    double width = wide, height = tall;
    if (unitsX > 0 && unitsY > 0 && wide > 0 && tall > 0) {
        const double cell = std::min(wide / (unitsX * cellsX), tall / (unitsY * cellsY));
        width = std::max(1.0, std::round(unitsX * cellsX * cell));
        height = std::max(1.0, std::round(unitsY * cellsY * cell));
    }
    const double spareX = std::max(0.0, wide - width), spareY = std::max(0.0, tall - height);
    QList<double> columnFactors{spareX / 2 + 0.001, std::max(1.0, width + frameX)};
    if (parts.scale)
        columnFactors << std::max(1.0, scaleWidth);
    columnFactors << spareX / 2 + 0.001;
    const QList<double> rowFactors{spareY / 2 + 0.001, std::max(1.0, height + frameY), spareY / 2 + 0.001};
    if (!nearFactors(columnFactors, parts.frame->columnStretchFactors())) {
        parts.frame->setColumnStretchFactors(columnFactors);
        changed = true;
    }
    if (!nearFactors(rowFactors, parts.frame->rowStretchFactors())) {
        parts.frame->setRowStretchFactors(rowFactors);
        changed = true;
    }
    return changed;
}

} // namespace pe::ui
