// SPDX-License-Identifier: MIT
#include "ui/plotting/squarematrix.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace pe::ui {

bool nearFactors(const QList<double>& a, const QList<double>& b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i)
        if (std::abs(a[i] - b[i]) > 1.0)
            return false;
    return true;
}

SquareMatrixParts addSquareMatrix(QCustomPlot* plot, QCPAxisRect* matrix, BelowWidth belowWidth)
{
    SquareMatrixParts parts;
    parts.belowWidth = belowWidth;
    parts.matrixRect = matrix;
    parts.scale = new QCPColorScale(plot);
    parts.scale->setType(QCPAxis::atRight);
    // The spaces on both sides take what a square matrix leaves (keepSquare()).
    plot->plotLayout()->take(matrix);
    parts.matrixGrid = new QCPLayoutGrid;
    plot->plotLayout()->addElement(1, 0, parts.matrixGrid);
    parts.matrixGrid->addElement(0, 0, new QCPLayoutElement(plot));
    parts.matrixGrid->addElement(0, 1, matrix);
    parts.matrixGrid->addElement(0, 2, parts.scale);
    parts.matrixGrid->addElement(0, 3, new QCPLayoutElement(plot));
    auto* heights = new QCPMarginGroup(plot);
    matrix->setMarginGroup(QCP::msTop | QCP::msBottom, heights);
    parts.scale->setMarginGroup(QCP::msTop | QCP::msBottom, heights);

    parts.belowRect = new QCPAxisRect(plot);
    parts.belowGrid = new QCPLayoutGrid;
    plot->plotLayout()->addElement(2, 0, parts.belowGrid);
    if (belowWidth == BelowWidth::Aligned) { // the same columns, so the shared axis lines up
        parts.belowGrid->addElement(0, 0, new QCPLayoutElement(plot));
        parts.belowGrid->addElement(0, 1, parts.belowRect);
        parts.belowGrid->addElement(0, 2, new QCPLayoutElement(plot)); // under the scale
        parts.belowGrid->addElement(0, 3, new QCPLayoutElement(plot));
        auto* widths = new QCPMarginGroup(plot);
        matrix->setMarginGroup(QCP::msLeft | QCP::msRight, widths);
        parts.belowRect->setMarginGroup(QCP::msLeft | QCP::msRight, widths);
    } else {
        parts.belowGrid->addElement(0, 0, parts.belowRect);
    }
    plot->plotLayout()->setRowStretchFactor(1, 3.0);
    plot->plotLayout()->setRowStretchFactor(2, 2.0);
    return parts;
}

namespace {

/// Sets the plot's row factors and the matrix grid's column factors (and an aligned plot's)
/// where they moved; true when it changed any.
bool applyFactors(QCPLayoutGrid* layout, const QList<double>& rowFactors, const SquareMatrixParts& parts,
                  const QList<double>& columnFactors)
{
    bool changed = false;
    if (!nearFactors(rowFactors, layout->rowStretchFactors())) {
        layout->setRowStretchFactors(rowFactors);
        changed = true;
    }
    if (!nearFactors(columnFactors, parts.matrixGrid->columnStretchFactors())) {
        parts.matrixGrid->setColumnStretchFactors(columnFactors);
        if (parts.belowWidth == BelowWidth::Aligned && parts.belowGrid->columnCount() == columnFactors.size())
            parts.belowGrid->setColumnStretchFactors(columnFactors);
        changed = true;
    }
    return changed;
}

/// Puts the plot below beside the matrix (a fifth column of the matrix's row) or back under
/// it; true when it moved. An aligned plot leaves the matrix's margin group while it is beside
/// (its own x axis then shows the same positions q: the two zoom together).
bool placeBelowPlot(const SquareMatrixParts& parts, bool beside)
{
    const bool isBeside = parts.belowRect->layout() == parts.matrixGrid;
    if (beside == isBeside)
        return false;
    const bool aligned = parts.belowWidth == BelowWidth::Aligned;
    const int column = aligned ? 1 : 0;
    // The row under the matrix keeps a blank element: an empty grid's largest size is none,
    // which would cap the width of the whole column of the plot's layout.
    if (beside) {
        parts.belowGrid->take(parts.belowRect);
        parts.belowGrid->addElement(0, column, new QCPLayoutElement(parts.belowRect->parentPlot()));
        if (aligned)
            parts.belowRect->setMarginGroup(QCP::msLeft | QCP::msRight, nullptr);
        parts.matrixGrid->addElement(0, 4, parts.belowRect);
    } else {
        parts.matrixGrid->take(parts.belowRect);
        parts.matrixGrid->simplify();
        parts.belowGrid->remove(parts.belowGrid->element(0, column)); // the blank
        parts.belowGrid->addElement(0, column, parts.belowRect);
        if (aligned)
            parts.belowRect->setMarginGroup(QCP::msLeft | QCP::msRight, parts.matrixRect->marginGroup(QCP::msLeft));
    }
    return true;
}

/// Beside: the matrix as large a square as the height allows, up to half the width; its scale
/// next to it and the plot the rest of the width. The row under the matrix is left empty.
bool keepSquareBeside(QCPLayoutGrid* layout, int matrixRow, int belowRow, const SquareMatrixParts& parts)
{
    const QRect inner = parts.matrixRect->rect(), outer = parts.matrixRect->outerRect();
    const double frameX = outer.width() - inner.width(), frameY = outer.height() - inner.height();
    const double scaleWidth = parts.scale->outerRect().width();
    const double width = parts.matrixGrid->outerRect().width() - 4 * parts.matrixGrid->columnSpacing();
    const double height = parts.matrixGrid->outerRect().height() + parts.belowGrid->outerRect().height();
    const double side = std::max(1.0, std::min(height - frameY, 0.5 * (width - scaleWidth) - frameX));
    QList<double> rowFactors = layout->rowStretchFactors();
    for (int row = 0; row < rowFactors.size(); ++row)
        rowFactors[row] = row == matrixRow ? height : row == belowRow ? 0.001 : rowFactors[row];
    const QList<double> columnFactors{0.001, side + frameX, std::max(1.0, scaleWidth), 0.001,
                                      std::max(1.0, width - side - frameX - scaleWidth)};
    return applyFactors(layout, rowFactors, parts, columnFactors);
}

} // namespace

bool keepSquare(QCustomPlot* plot, const SquareMatrixParts& parts, bool paper)
{
    // p and q are one axis: a stretched matrix distorts its diagonal bands. The matrix's row
    // gets the height a square needs and the profile below the rest (at least a quarter);
    // what is still too wide goes to the empty columns on both sides, so the matrix and its
    // scale stay centred (an aligned profile keeps the matrix's width: q stays aligned). Every
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
    // An aligned plot goes beside only in the window (a wide presentation, a wide screen): a
    // printed figure keeps the profile aligned under the matrix or leaves it out.
    if (parts.belowRect->visible() && (parts.belowWidth == BelowWidth::Full || !paper)) {
        const bool beside = viewport.width() >= 1.5 * viewport.height();
        if (placeBelowPlot(parts, beside))
            return true; // lay out again before sizing
        if (beside)
            return keepSquareBeside(layout, matrixRow, profileRow, parts);
        if (parts.matrixGrid->columnCount() != 4)
            return false;
    } else if (parts.belowRect->layout() == parts.matrixGrid && placeBelowPlot(parts, false)) {
        return true; // a view beside in the window, now a figure: under the matrix again
    }
    const double frameX = outer.width() - inner.width(), frameY = outer.height() - inner.height();
    const double scaleWidth = parts.scale->outerRect().width();
    const double spacing = 3 * parts.matrixGrid->columnSpacing();
    const double widest = parts.matrixGrid->outerRect().width() - scaleWidth - frameX - spacing;
    const bool aligned = parts.belowWidth == BelowWidth::Aligned;
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
    double tallest = (parts.belowRect->visible() ? (aligned ? 0.75 : 0.6) * rows : rows) - frameY;
    // In the window the plot below keeps 120 px, readable, while the matrix keeps at least
    // half the rows (the similarity's profile was 63 px under its matrix at 1366 × 768).
    if (!paper && parts.belowRect->visible()) {
        const double belowFrame = parts.belowGrid->outerRect().height() - parts.belowRect->rect().height();
        tallest = std::min(tallest, std::max(0.5 * rows - frameY, rows - frameY - belowFrame - 120.0));
    }
    double side = std::max(1.0, std::min(widest, tallest));
    // With no width to spare, the width the columns really gave sets the height.
    if (const QList<double> columns = parts.matrixGrid->columnStretchFactors(); columns.size() == 4 && columns[0] < 1)
        side = std::max(1.0, std::min(side, double(inner.width())));
    QList<double> rowFactors = layout->rowStretchFactors();
    for (int row = 0; row < rowFactors.size(); ++row)
        rowFactors[row] = row == matrixRow ? side + frameY : row == profileRow ? std::max(1.0, rows - side - frameY) : 0.001;
    // Once the rows have settled, the height they really gave (spacing, minimum sizes) sets the width.
    const double columnSide = nearFactors(rowFactors, layout->rowStretchFactors()) ? std::min(side, double(inner.height())) : side;
    const double spare = std::max(0.0, widest - columnSide);
    const QList<double> columnFactors{spare / 2 + 0.001, columnSide + frameX, std::max(1.0, scaleWidth), spare / 2 + 0.001};
    return applyFactors(layout, rowFactors, parts, columnFactors);
}

} // namespace pe::ui
