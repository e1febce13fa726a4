// SPDX-License-Identifier: MIT
#pragma once

#include "core/grid.h"
#include "ui/modelfiles/encodingtable.h"
#include "ui/state/gridoptions.h"

#include <QString>

namespace pe::ui {

/// What the grid view draws: the patches of a vision transformer's position table (or of a
/// fixed 2-D encoding) laid out as their grid, the cosine similarity of every patch with every
/// other, and the class token apart.
struct GridData {
    QString problem;              ///< why nothing can be shown (the rows are no grid, …); nothing else is set then
    GridSource source = GridSource::Mae; ///< what is shown (Auto resolved)
    QString name;                 ///< what the title calls it ("ViT table vit.npy", "MAE's 2-D sin-cos")
    QString detail;               ///< its parameters, for the subtitle
    core::GridShape shape;        ///< the grid shown (after a resize)
    core::GridShape original;     ///< the table's own grid (before a resize)
    int dimensions = 0;           ///< of each patch's vector
    /// A table's patches (resized when asked), shape.patches() × dims, row after row of the grid;
    /// empty for the fixed encodings, whose dims come from their angles (rope) where drawn.
    core::RowMatrix patches;
    core::GridRope rope;          ///< the fixed encodings' angles (MAE's and DiT's too, as maeGridRope)
    Eigen::VectorXd classVector;  ///< the class token's row (empty without one)
    core::RowMatrix similarity;   ///< patches × patches: cosines, or q·k/(|q||k|) for a query and key of ones
    Eigen::VectorXd classSimilarity; ///< the class token against every patch (empty without one)
    int dims() const { return dimensions; }
    bool rotary() const { return isRotary(source); }
    bool resized() const { return shape.rows != original.rows || shape.cols != original.cols; }
};

/// The source `options` names, Auto resolved: the table when one is open, else MAE's.
GridSource resolvedGridSource(const GridOptions& options, bool tableOpen);

/// The head dimension a rotary `source` turns: the options' own, else d_model, else (a table
/// open) the source's usual one: 128 for M-RoPE (Qwen2-VL), 64 for the 2-D RoPEs (rope-vit).
int gridHeadDim(const GridOptions& options, GridSource source, int dModel, bool tableOpen);

/// The grid view's data for the spec (its d_model is the fixed encodings' dimension) or the table.
GridData gridData(const core::EncodingSpec& spec, const GridOptions& options, const LoadedTablePtr& table);

/// Whether two options give the same GridData (the chosen patch, dimension and export do not).
bool sameGridInputs(const GridOptions& a, const GridOptions& b);

/// The tiles figure on rowBins × colBins pixels: tile (tr, tc) is patch (tr, tc)'s similarity
/// with every patch, (H·H) × (W·W) cells; beyond the pixels each pixel is the exact mean of the
/// cells it covers (whole cells when they are fewer).
void binGridTiles(const GridData& data, std::int64_t rowBins, std::int64_t colBins, core::RowMatrix& out);

/// The patch the options choose, clamped to the grid: its row and column; −1, −1 for the class
/// token (when the options ask for it and there is one).
std::pair<int, int> chosenPatch(const GridData& data, const GridOptions& options);
/// The dimension the options choose, clamped to the dims.
int chosenDimension(const GridData& data, const GridOptions& options);
/// The chosen patch's (or the class token's) similarity with every patch, H × W.
core::RowMatrix gridPatchMap(const GridData& data, const GridOptions& options);
/// The chosen dimension of every patch, H × W.
core::RowMatrix gridDimensionMap(const GridData& data, const GridOptions& options);
/// What the data export writes (options.data): the tiles' (H·W) × (H·W) similarities, or one map.
core::RowMatrix gridExportTable(const GridData& data, const GridOptions& options);

} // namespace pe::ui
