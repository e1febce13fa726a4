// SPDX-License-Identifier: MIT
#pragma once

#include "ui/document/frame.h"

#include "core/encoding.h"

#include <optional>

namespace pe::ui {

/// The encoding heatmap's part of the frame, kept by view (Frame::viewParts): heat(i, j) covers
/// the cells `rows` × `columns` of the matrix (the loaded table's, else max_len × d_model) that
/// its zoom shows, split evenly; one cell each where exact, else the exact box average of the
/// cells under one pixel. A data export has no heat: its table is every cell, read block by
/// block from the same source (the table's file, or core).
struct HeatPart : ViewPart {
    /// What the map's pixel over one cell shows: the cells its bin covers (one where exact) and
    /// their value there (the cell's, or the exact mean of the cells, or a sampled row's while a
    /// table's pass runs).
    struct Pixel {
        std::int64_t firstRow = 0, lastRow = 0;
        std::int64_t firstColumn = 0, lastColumn = 0;
        double value = 0;
        bool single() const { return firstRow == lastRow && firstColumn == lastColumn; }
    };
    /// The pixel over the cell (row, column), from the heat this part holds (no file is read);
    /// nothing when the cell is outside the cells it covers or it holds no heat.
    std::optional<Pixel> pixelAt(std::int64_t row, std::int64_t column) const;
    /// The formula of the sinusoid's cell (row, column) under the spec this part was built from.
    core::CellFormula formulaAt(std::int64_t row, int column) const;

    SharedMatrix heat;
    HeatAxis rows, columns;
    QString tableProblem; ///< why the table could not be read for this frame (its file changed)
    bool exact() const { return rows.exact() && columns.exact(); }
    QString problem() const override { return tableProblem; }
    QSize bins() const override { return QSize(static_cast<int>(columns.bins), static_cast<int>(rows.bins)); }
    // What a data export reads.
    core::EncodingSpec spec;
    LoadedTablePtr table;
};

/// The heatmap's part in `frame`; null when not computed.
inline const HeatPart* heatPart(const Frame& frame) { return frame.partOf<HeatPart>(views::heatmap); }
/// The same, or an empty part when not computed (a hover may read a frame computed while the
/// heatmap was off the stage).
inline const HeatPart& heatOf(const Frame& frame) { return frame.partOrEmpty<HeatPart>(views::heatmap); }

/// Builds the part: its axes from the zoom and the pixels; the heat of the part before while
/// the source (the same table whatever the spec does, or the same spec's sinusoid) and the axes
/// stay (a new position or offset keeps megabytes without a copy).
ViewPartPtr buildHeatPart(const PartInputs& inputs, const PartBefore& before);
/// The data export's table: every cell of the matrix.
DataTable heatPartData(const ViewPart& part);

} // namespace pe::ui
