// SPDX-License-Identifier: MIT
#pragma once

class QCustomPlot;
class QCPAxisRect;
class QCPColorScale;
class QCPLayoutGrid;

namespace pe::ui {

/// A matrix of positions against positions with its colour scale, over a plot that shares its
/// x axis: rows [space, matrix, scale, space] and [space, plot, space, space] of the plot layout
/// (the similarity and methods views).
struct SquareMatrixParts {
    QCPLayoutGrid* matrixGrid;
    QCPAxisRect* matrixRect;
    QCPColorScale* scale;
    QCPLayoutGrid* belowGrid;
    QCPAxisRect* belowRect;
};

/// Shares the plot out so that the matrix's cells are square (both axes are positions: a
/// stretched matrix distorts its diagonals); a paper figure too small for both drops the plot
/// below. True when it changed the layout (lay out again).
bool keepSquare(QCustomPlot* plot, const SquareMatrixParts& parts, bool paper);

} // namespace pe::ui
