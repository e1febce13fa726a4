// SPDX-License-Identifier: MIT
#pragma once

#include "core/conventions.h"
#include "ui/document/frame.h"

namespace pe::ui {

/// The conventions view's part of the frame, kept by view (Frame::viewParts): A = the spec's own
/// convention, B = the one the comparison sets beside it (with a loaded table: A the table, B the
/// spec's sinusoid), both over `rows` × `columns` cells in heatA.rows() bins of whole rows and
/// heatA.cols() bins of equal width over the columns (each column weighted by the width it
/// shares with its bin), the exact mean of each (at most one per pixel row and pixel column of
/// the maps; none for a data export, whose table is made row block by row block from the same
/// functions).
struct ConventionsPart : ViewPart {
    core::EncodingSpec spec;
    LearnedTablePtr values;             ///< the loaded table's values (A), null for the sinusoid
    bool fromTable = false;
    core::Convention a, b;              ///< with a table both are the spec's sinusoid
    std::int64_t rows = 0, columns = 0; ///< compared: max_len × d_model, or what table and sinusoid both have
    SharedMatrix heatA, heatB;          ///< row bins × column bins
    double residualA = 0, residualB = 0; ///< ‖M_k·PE(p) − PE(p+k)‖ at the position and offset
    int slowPairsA = 0, slowPairsB = 0;  ///< pairs slower than 2π·base
    bool exact() const { return rowsExact() && columnsExact(); }
    bool rowsExact() const { return heatA.rows() == rows; }
    bool columnsExact() const { return heatA.cols() == columns; }
    /// Columns per column bin (1 when every column has its own).
    double columnsPerBin() const { return heatA.cols() > 0 ? static_cast<double>(columns) / static_cast<double>(heatA.cols()) : 1.0; }
    /// The column bin holding column `column` (its centre), and the columns that bin touches.
    Eigen::Index columnBinOf(int column) const;
    std::pair<int, int> columnsOfBin(Eigen::Index bin) const;
    QSize bins() const override { return QSize(static_cast<int>(heatA.cols()), static_cast<int>(heatA.rows())); }
};

/// The conventions view's part in `frame`; null when not computed.
inline const ConventionsPart* conventionsPart(const Frame& frame) { return frame.partOf<ConventionsPart>(views::conventions); }

/// Builds the part: the maps of the part before while the spec, the pixels and the comparison
/// (the table, when one is loaded) stay, the residuals for the position and offset.
ViewPartPtr buildConventionsPart(const PartInputs& inputs, const PartBefore& before);
/// The data export's table: per row, A's columns, then B's, then A − B.
DataTable conventionsPartData(const ViewPart& part);

} // namespace pe::ui
