// SPDX-License-Identifier: MIT
#pragma once

#include "ui/document/frame.h"

namespace pe::ui {

/// The encoding heatmap's part of the frame, kept by view (Frame::viewParts): heat(i, j) covers
/// the cells `rows` × `columns` of the matrix (the loaded table's, else max_len × d_model) that
/// its zoom shows, split evenly; one cell each where exact, else the exact box average of the
/// cells under one pixel. A data export has no heat: its table is every cell, read block by
/// block from the same source (the table's file, or core).
struct HeatPart : ViewPart {
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
