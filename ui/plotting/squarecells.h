// SPDX-License-Identifier: MIT
#pragma once

#include <QRect>

class QCPAxisRect;
class QCPColorScale;
class QCPLayoutGrid;
class QCustomPlot;

namespace pe::ui {

/// A map whose cells stay square by the size of its axis rect, never by ranges wider than the
/// data (issue 48: the grid's row axis ran to 15 for 14 rows, its patch maps −5…18). The rect
/// (and its colour scale beside it, as tall) sits in a frame whose blank rows and columns on
/// either side take what the square cells leave. The frame's own size is the room: it does
/// not depend on what the fit chooses, so repeated layouts settle.
struct SquareCellsFrame {
    QCPLayoutGrid* frame = nullptr;
    QCPAxisRect* rect = nullptr;
    QCPColorScale* scale = nullptr; ///< beside the rect, or none
};

/// Moves `rect` (taken from wherever it is laid out) and `scale` into a new frame, put in
/// cell (`row`, `column`) of `layout` (a layout of the plot already).
SquareCellsFrame frameSquareCells(QCPLayoutGrid* layout, int row, int column, QCPAxisRect* rect, QCPColorScale* scale = nullptr);

/// Sets the rect's ranges to the data, −0.5 … units − 0.5 on both axes (row 0 on top when the
/// left axis is reversed), and sizes the rect so that each of the `unitsX` × `unitsY` units of
/// `cellsX` × `cellsY` cells has square cells, centred in the frame. `area` is then the rect's
/// inner area, which the data fills. No data (units 0): the rect takes the whole frame.
/// True when the ranges or the frame's factors moved (lay out again).
bool fitSquareCells(const SquareCellsFrame& parts, double unitsX, double unitsY, double cellsX, double cellsY);

} // namespace pe::ui
