// SPDX-License-Identifier: MIT
#pragma once

#include <QList>

class QCustomPlot;
class QCPAxisRect;
class QCPColorScale;
class QCPLayoutGrid;

namespace pe::ui {

/// How wide the plot under the matrix is.
enum class BelowWidth {
    Aligned, ///< the matrix's columns: the plot shares its x axis (the similarity's profile along q)
    Full,    ///< the whole width: its own x axis (the methods view's curves against i − j)
};

/// A matrix of positions against positions with its colour scale, over another plot: rows
/// [space, matrix, scale, space] and then [space, plot, space, space] (aligned) or [plot] (full)
/// of the plot layout, under its title (the similarity and methods views).
struct SquareMatrixParts {
    QCPLayoutGrid* matrixGrid = nullptr;
    QCPAxisRect* matrixRect = nullptr;
    QCPColorScale* scale = nullptr;
    QCPLayoutGrid* belowGrid = nullptr;
    QCPAxisRect* belowRect = nullptr;
    BelowWidth belowWidth = BelowWidth::Aligned;
};

/// Moves the plot's axis rect `matrix` into rows 1 and 2 as above with a new colour scale and a
/// new axis rect below it; the matrix and its scale share their top and bottom margins (and an
/// aligned plot its left and right ones with the matrix).
SquareMatrixParts addSquareMatrix(QCustomPlot* plot, QCPAxisRect* matrix, BelowWidth belowWidth);

/// Shares the plot out so that the matrix's cells are square (both axes are positions: a
/// stretched matrix distorts its diagonals); the plot below keeps at least a quarter of the
/// height (aligned) or 40 % (full width). The plot below moves beside the matrix when the
/// plot is wide (at least 1.5 times as wide as high: a 180 × 60 mm figure, a wide window, a
/// presentation) and back under it when it is not; an aligned one only in the window, where
/// under a wide matrix it was a strip 40 px high. A paper figure too small for both drops the plot below. True
/// when it changed the layout (lay out again).
bool keepSquare(QCustomPlot* plot, const SquareMatrixParts& parts, bool paper);

/// Stretch factors within a pixel of each other: a layout set from absolute sizes has settled
/// (setting them again would lay out for nothing, and small drifts would never end).
bool nearFactors(const QList<double>& a, const QList<double>& b);

} // namespace pe::ui
