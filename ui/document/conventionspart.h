// SPDX-License-Identifier: MIT
#pragma once

#include "core/conventions.h"
#include "ui/document/frame.h"

namespace pe::ui {

/// The conventions view's part of the frame, kept by view (Frame::viewParts): A = the spec's own
/// convention, B = the one the comparison sets beside it (with a loaded table: A the table, B the
/// spec's sinusoid), both over `rows` × `columns` cells in heatA.rows() bins of whole rows, the
/// exact mean of each (at most one per pixel row of the maps; none for a data export, whose
/// table is made row block by row block from the same functions).
struct ConventionsPart : ViewPart {
    core::EncodingSpec spec;
    LearnedTablePtr values;             ///< the loaded table's values (A), null for the sinusoid
    bool fromTable = false;
    core::Convention a, b;              ///< with a table both are the spec's sinusoid
    std::int64_t rows = 0, columns = 0; ///< compared: max_len × d_model, or what table and sinusoid both have
    SharedMatrix heatA, heatB;          ///< bins × columns
    double residualA = 0, residualB = 0; ///< ‖M_k·PE(p) − PE(p+k)‖ at the position and offset
    int slowPairsA = 0, slowPairsB = 0;  ///< pairs slower than 2π·base
    bool exact() const { return heatA.rows() == rows; }
    QSize bins() const override { return QSize(static_cast<int>(heatA.cols()), static_cast<int>(heatA.rows())); }
};

/// The conventions view's part in `frame`; null when not computed.
inline const ConventionsPart* conventionsPart(const Frame& frame) { return frame.partOf<ConventionsPart>(View::Conventions); }

/// Builds the part: the maps of the part before while the spec, the pixels and the comparison
/// (the table, when one is loaded) stay, the residuals for the position and offset.
ViewPartPtr buildConventionsPart(const PartInputs& inputs, const PartBefore& before);
/// The data export's table: per row, A's columns, then B's, then A − B.
DataTable conventionsPartData(const ViewPart& part);

} // namespace pe::ui
