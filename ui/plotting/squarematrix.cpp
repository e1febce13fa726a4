// SPDX-License-Identifier: MIT
#include "ui/plotting/squarematrix.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace pe::ui {

bool keepSquare(QCustomPlot* plot, const SquareMatrixParts& parts, bool paper)
{
    // p and q are one axis: a stretched matrix distorts its diagonal bands. The matrix's row
    // gets the height a square needs and the profile below the rest (at least a quarter);
    // what is still too wide goes to the empty columns on both sides, so the matrix and its
    // scale stay centred (the profile keeps the matrix's width: q stays aligned). Every
    // factor is set from absolute sizes, so repeated layouts settle instead of drifting.
    QCPLayoutGrid* layout = plot->plotLayout();
    int matrixRow = -1, profileRow = -1;
    for (int row = 0; row < layout->rowCount(); ++row) {
        if (layout->element(row, 0) == parts.matrixGrid)
            matrixRow = row;
        if (layout->element(row, 0) == parts.belowGrid)
            profileRow = row;
    }
    const QRect inner = parts.matrixRect->rect(), outer = parts.matrixRect->outerRect();
    if (matrixRow < 0 || profileRow < 0 || inner.width() <= 0 || inner.height() <= 0)
        return false;
    const QRect viewport = plot->viewport();
    const double frameX = outer.width() - inner.width(), frameY = outer.height() - inner.height();
    const double scaleWidth = parts.scale->outerRect().width();
    const double spacing = 3 * parts.matrixGrid->columnSpacing();
    const double widest = parts.matrixGrid->outerRect().width() - scaleWidth - frameX - spacing;
    // A printed figure too small or too wide for both keeps the matrix: the profile is the window's aid.
    if (paper && parts.belowRect->visible()
        && (viewport.height() < 1.2 * viewport.width() || outer.height() < 0.5 * (outer.height() + parts.belowGrid->outerRect().height()))) {
        // Hidden and emptied rather than taken out (the layout still owns and deletes it): its
        // row is then blank space the square leaves below the matrix.
        parts.belowRect->setVisible(false);
        parts.belowRect->setAutoMargins(QCP::msNone);
        parts.belowRect->setMargins(QMargins());
        parts.belowRect->setMinimumMargins(QMargins());
        parts.belowRect->setMinimumSize(0, 0);
        for (QCPAxis* axis : parts.belowRect->axes())
            axis->setVisible(false);
        return true;
    }
    const double rows = parts.matrixGrid->outerRect().height() + parts.belowGrid->outerRect().height();
    const double tallest = (parts.belowRect->visible() ? 0.75 * rows : rows) - frameY;
    double side = std::max(1.0, std::min(widest, tallest));
    // With no width to spare, the width the columns really gave sets the height.
    if (const QList<double> columns = parts.matrixGrid->columnStretchFactors(); columns.size() == 4 && columns[0] < 1)
        side = std::max(1.0, std::min(side, double(inner.width())));
    const auto near = [](const QList<double>& a, const QList<double>& b) {
        if (a.size() != b.size())
            return false;
        for (qsizetype i = 0; i < a.size(); ++i)
            if (std::abs(a[i] - b[i]) > 1.0)
                return false;
        return true;
    };
    QList<double> rowFactors = layout->rowStretchFactors();
    for (int row = 0; row < rowFactors.size(); ++row)
        rowFactors[row] = row == matrixRow ? side + frameY : row == profileRow ? std::max(1.0, rows - side - frameY) : 0.001;
    // Once the rows have settled, the height they really gave (spacing, minimum sizes) sets the width.
    const double columnSide = near(rowFactors, layout->rowStretchFactors()) ? std::min(side, double(inner.height())) : side;
    const double spare = std::max(0.0, widest - columnSide);
    const QList<double> columnFactors{spare / 2 + 0.001, columnSide + frameX, std::max(1.0, scaleWidth), spare / 2 + 0.001};
    bool changed = false;
    if (!near(rowFactors, layout->rowStretchFactors())) {
        layout->setRowStretchFactors(rowFactors);
        changed = true;
    }
    if (!near(columnFactors, parts.matrixGrid->columnStretchFactors())) {
        parts.matrixGrid->setColumnStretchFactors(columnFactors);
        parts.belowGrid->setColumnStretchFactors(columnFactors);
        changed = true;
    }
    return changed;
}

} // namespace pe::ui
