// SPDX-License-Identifier: MIT
#include "ui/document/griddata.h"

#include "core/scratch.h"
#include "ui/state/gridoptions.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace pe::ui {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("pe::ui::GridData", text); }

/// Qwen2-VL 7B's rope_theta (its config.json): its M-RoPE turns on base 10⁶, not 10⁴.
constexpr double mropeBase = 1e6;

/// The fixed encodings' grid: the options' own, else the ViT-B/16 grid at 224 px.
core::GridShape fixedGrid(const GridOptions& o, bool classToken)
{
    if (o.rows > 0 && o.cols > 0)
        return {o.rows, o.cols, classToken};
    return {GridOptions::defaultSide, GridOptions::defaultSide, classToken};
}

QString tooManyPatches(const core::GridShape& shape)
{
    return tr("a grid of %1 × %2 has %3 patches; the grid view shows at most %4 (48 × 48)")
        .arg(shape.rows).arg(shape.cols).arg(shape.patches()).arg(core::GridLimits::maxPatches);
}

} // namespace

GridSource resolvedGridSource(const GridOptions& options, bool tableOpen)
{
    if (options.source == GridSource::Auto)
        return tableOpen ? GridSource::Table : GridSource::Mae;
    return options.source;
}

bool sameGridInputs(const GridOptions& a, const GridOptions& b)
{
    return a.source == b.source && a.rows == b.rows && a.cols == b.cols && a.classToken == b.classToken
           && a.resizeRows == b.resizeRows && a.resizeCols == b.resizeCols
           && (a.source != GridSource::RopeMixed || a.head == b.head) && (!isRotary(a.source) || a.headDim == b.headDim);
}

int gridHeadDim(const GridOptions& options, GridSource source, int dModel, bool tableOpen)
{
    if (options.headDim > 0)
        return options.headDim;
    if (!tableOpen)
        return dModel;
    return source == GridSource::MRope ? 128 : 64;
}

GridData gridData(const core::EncodingSpec& spec, const GridOptions& options, const LoadedTablePtr& table)
{
    GridData data;
    data.source = resolvedGridSource(options, table != nullptr);
    int d = spec.dModel;
    core::RowMatrix all; // every token, the class token first when there is one
    try {
        switch (data.source) {
        case GridSource::Auto:
        case GridSource::Table: {
            if (!table) {
                data.problem = tr("No position table is open: open a vision transformer's table (File ▸ Open "
                                  "encoding…, Ctrl+O) or pick a 2-D encoding under Source.");
                return data;
            }
            const EncodingTable& t = *table->table;
            data.name = tr("Table %1").arg(t.displayName());
            const auto shape = core::gridShapeFor(t.rows(), options.rows, options.cols, options.classToken);
            if (const auto* message = std::get_if<std::string>(&shape)) {
                data.problem = tr("The table %1 (%2 × %3) is not shown as a grid: %4.")
                                   .arg(t.displayName()).arg(t.rows()).arg(t.columns())
                                   .arg(QString::fromStdString(*message));
                return data;
            }
            data.original = std::get<core::GridShape>(shape);
            if (data.original.patches() > core::GridLimits::maxPatches) {
                data.problem = tooManyPatches(data.original);
                return data;
            }
            data.problem = t.changedOnDisk(); // a rewritten file may fault when its mapping is read
            if (!data.problem.isEmpty())
                return data;
            all.resize(t.rows(), t.columns());
            t.readRows(0, t.rows(), all.data());
            data.detail = tr("%1 dims").arg(t.columns());
            break;
        }
        case GridSource::Mae:
        case GridSource::Dit: {
            const bool mae = data.source == GridSource::Mae;
            data.original = fixedGrid(options, mae);
            if (d % 4 != 0) {
                data.problem = tr("%1's 2-D sin-cos needs d_model divisible by 4 (a quarter of the dims per "
                                  "axis for the sines, a quarter for the cosines); d_model is %2.")
                                   .arg(mae ? QStringLiteral("MAE") : QStringLiteral("DiT")).arg(d);
                return data;
            }
            if (data.original.patches() > core::GridLimits::maxPatches) {
                data.problem = tooManyPatches(data.original);
                return data;
            }
            data.rope = core::maeGridRope(d);
            if (mae)
                all = core::RowMatrix::Zero(1, d); // its class token
            data.name = mae ? tr("MAE's 2-D sin-cos") : tr("DiT's 2-D sin-cos");
            data.detail = mae ? tr("d = %1: columns, then rows; ω_k = 10000^(−k/%2); class token: zeros").arg(d).arg(d / 4)
                              : tr("d = %1: columns, then rows; ω_k = 10000^(−k/%2); no class token").arg(d).arg(d / 4);
            break;
        }
        case GridSource::RopeAxial:
        case GridSource::RopeMixed:
        case GridSource::MRope: {
            d = gridHeadDim(options, data.source, spec.dModel, table != nullptr);
            data.original = fixedGrid(options, false);
            if (data.original.patches() > core::GridLimits::maxPatches) {
                data.problem = tooManyPatches(data.original);
                return data;
            }
            core::GridRope rope;
            if (data.source == GridSource::MRope) {
                if (d % 2 != 0) {
                    data.problem = tr("M-RoPE needs an even head dimension; it is %1.").arg(d);
                    return data;
                }
                const auto sections = core::mropeSections(d / 2);
                rope = core::mropeGridRope(d, mropeBase, sections);
                data.name = tr("Qwen2-VL's M-RoPE");
                data.detail = tr("head dim %1, base 10⁶; pairs: %2 temporal (still across an image), %3 height, %4 width")
                                  .arg(d).arg(sections[0]).arg(sections[1]).arg(sections[2]);
            } else if (d % 4 != 0) {
                data.problem = tr("2-D RoPE needs a head dimension divisible by 4 (a quarter of the dims per axis "
                                  "and direction); it is %1.").arg(d);
                return data;
            } else if (data.source == GridSource::RopeAxial) {
                rope = core::axialGridRope(d);
                data.name = tr("Axial 2-D RoPE");
                data.detail = tr("head dim %1, θ = 100 (rope-vit): %2 pairs turn with the column, %2 with the row")
                                  .arg(d).arg(d / 4);
            } else {
                const double angle = core::mixedRopeInitialAngle(options.head);
                rope = core::mixedGridRope(d, angle);
                data.name = tr("RoPE-Mixed, as initialised");
                data.detail = tr("head dim %1, θ = 10; head %2's random direction %3° and %4° (learned from there)")
                                  .arg(d).arg(options.head).arg(angle * 180 / std::numbers::pi, 0, 'f', 1)
                                  .arg(std::fmod(angle * 180 / std::numbers::pi + 90, 360), 0, 'f', 1);
            }
            data.rope = rope;
            break;
        }
        }
    } catch (const std::exception& e) {
        data.problem = QString::fromUtf8(e.what());
        return data;
    }

    const bool fromTable = data.source == GridSource::Table;
    const int first = data.original.classToken ? 1 : 0;
    if (first)
        data.classVector = all.row(0).transpose();
    data.dimensions = fromTable ? static_cast<int>(all.cols()) : (data.rotary() ? 2 * data.rope.pairs() : d);
    data.shape = data.original;
    const bool resizes = options.resizeRows > 0 && options.resizeCols > 0
                         && (options.resizeRows != data.original.rows || options.resizeCols != data.original.cols)
                         && !data.rotary();
    if (fromTable || resizes) {
        data.patches = fromTable ? core::RowMatrix(all.bottomRows(all.rows() - first))
                                 : core::mae2dSinCos(d, data.original.rows, data.original.cols, false);
        if (resizes) {
            const core::GridShape target{options.resizeRows, options.resizeCols, data.original.classToken};
            if (target.patches() > core::GridLimits::maxPatches) {
                data.problem = tooManyPatches(target);
                return data;
            }
            data.patches = core::resizeGridBicubic(data.patches, data.original.rows, data.original.cols, target.rows,
                                                   target.cols);
            data.shape = target;
        }
        data.similarity = core::rowCosineSimilarity(data.patches);
    } else {
        // A fixed encoding: its similarity depends on the offset only (no patches × dims matrix:
        // a d_model step costs offsets × pairs cosines, not patches² × dims products).
        data.similarity = core::gridRopeSimilarity(data.rope, data.shape.rows, data.shape.cols);
    }
    if (first)
        data.classSimilarity = data.patches.size() > 0 ? core::cosineWithRows(data.classVector, data.patches)
                                                       : Eigen::VectorXd::Zero(data.shape.patches()); // MAE's zeros
    return data;
}

void binGridTiles(const GridData& data, std::int64_t rowBins, std::int64_t colBins, core::RowMatrix& out)
{
    const int h = data.shape.rows, w = data.shape.cols;
    const std::int64_t cellRows = std::int64_t{h} * h, cellCols = std::int64_t{w} * w;
    rowBins = std::clamp<std::int64_t>(rowBins, 1, cellRows);
    colBins = std::clamp<std::int64_t>(colBins, 1, cellCols);
    if (rowBins == cellRows && colBins == cellCols) {
        out = core::gridTilesImage(data.similarity, h, w);
        return;
    }
    // One row of the tiles figure at a time, averaged into the column bins, then the rows: the
    // (H·H) × (W·W) figure (42 MB at 48 × 48) is never held whole. Kept per thread.
    thread_local core::RowMatrix row, wide, turned, binned;
    const core::ScratchBudget budget(row, wide, turned, binned);
    row.resize(1, cellCols);
    wide.resize(cellRows, colBins);
    for (int tr = 0; tr < h; ++tr)
        for (int r = 0; r < h; ++r) {
            for (int tc = 0; tc < w; ++tc)
                row.block(0, std::int64_t{tc} * w, 1, w) =
                    data.similarity.block(std::int64_t{tr} * w + tc, std::int64_t{r} * w, 1, w);
            core::averageColumns(row, 0, static_cast<double>(cellCols), wide.row(std::int64_t{tr} * h + r));
        }
    turned = wide.transpose(); // rows: the same average on the transpose
    binned.resize(turned.rows(), rowBins);
    core::averageColumns(turned, 0, static_cast<double>(turned.cols()), binned);
    out = binned.transpose();
}

std::pair<int, int> chosenPatch(const GridData& data, const GridOptions& options)
{
    if (options.classTokenQuery && data.classVector.size() > 0)
        return {-1, -1};
    return {std::clamp(options.patchRow, 0, std::max(data.shape.rows - 1, 0)),
            std::clamp(options.patchCol, 0, std::max(data.shape.cols - 1, 0))};
}

int chosenDimension(const GridData& data, const GridOptions& options)
{
    return std::clamp(options.dimension, 0, std::max(data.dims() - 1, 0));
}

core::RowMatrix gridPatchMap(const GridData& data, const GridOptions& options)
{
    const auto [row, col] = chosenPatch(data, options);
    const Eigen::VectorXd values = row < 0 ? data.classSimilarity
                                           : Eigen::VectorXd(data.similarity.row(std::int64_t{row} * data.shape.cols + col).transpose());
    return Eigen::Map<const core::RowMatrix>(values.data(), data.shape.rows, data.shape.cols);
}

core::RowMatrix gridDimensionMap(const GridData& data, const GridOptions& options)
{
    const int dim = chosenDimension(data, options);
    if (data.patches.size() > 0) {
        const Eigen::VectorXd values = data.patches.col(dim);
        return Eigen::Map<const core::RowMatrix>(values.data(), data.shape.rows, data.shape.cols);
    }
    if (data.rotary())
        return core::ropeGridDimension(data.rope, data.shape.rows, data.shape.cols, dim);
    return core::maeGridDimension(dim, data.dimensions, data.shape.rows, data.shape.cols);
}

core::RowMatrix gridExportTable(const GridData& data, const GridOptions& options)
{
    switch (options.data) {
    case GridExport::Tiles: break;
    case GridExport::Patch: return gridPatchMap(data, options);
    case GridExport::Dimension: return gridDimensionMap(data, options);
    }
    return data.similarity;
}

} // namespace pe::ui
