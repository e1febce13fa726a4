// SPDX-License-Identifier: MIT
#include "ui/document/heatmappart.h"

#include "core/scratch.h"

#include "ui/state/twohalves.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace pe::ui {

namespace {

/// Scratch rows for a heatmap whose columns are averaged too: kept (within core's scratch
/// budget), so that a slider step does not touch fresh memory (slow on first touch here).
thread_local core::RowMatrix heatScratchRows;

core::RowMatrix& heatScratch(Eigen::Index rows, Eigen::Index columns)
{
    if (heatScratchRows.rows() != rows || heatScratchRows.cols() != columns)
        heatScratchRows.resize(rows, columns);
    return heatScratchRows;
}

/// fillBoxAverages in two runs of rows on two threads, this one and one of the pool's: they
/// were most of a slider step at 1 M × 4096, with the other core idle when the heatmap is the
/// only view (docs/performance.md, stop 54). Always the same two runs for the same picture, so
/// the same values whatever the threads do.
void fillBoxAveragesOnTwoThreads(const core::EncodingSpec& spec, const HeatAxis& rows, const HeatAxis& columns,
                                 core::RowMatrix& heat)
{
    const Eigen::Index bins = heat.rows();
    // A run's first bin costs a sine per pair: a short picture stays in one run.
    constexpr Eigen::Index shortestRun = 64;
    if (bins < 2 * shortestRun) {
        core::fillBoxAverages(spec, rows.lower, rows.upper, columns.lower, columns.upper, heat);
        return;
    }
    inTwoHalves(bins, [&](qint64 first, qint64 end) { // a half's SpecError is thrown here
        core::fillBoxAverages(spec, rows.lower, rows.upper, columns.lower, columns.upper, heat, first, end - first);
    });
}

/// Fills part.heat for its axes from the table (or the spec).
void fillHeat(HeatPart& part)
{
    const core::ScratchBudget budget(heatScratchRows);
    const HeatAxis& rows = part.rows;
    const HeatAxis& columns = part.columns;
    const EncodingTable* table = part.table ? part.table->table.get() : nullptr;
    if (table) {
        part.tableProblem = table->changedOnDisk(); // a rewritten file may fault when its mapping is read
        if (!part.tableProblem.isEmpty()) // nothing to show: transparent cells under the title that says why
            return;
    }
    core::RowMatrix& heat = part.heat.reset(rows.bins, columns.bins);
    const auto allColumnCount = static_cast<Eigen::Index>(table ? table->columns() : part.spec.dModel);
    const bool allColumns = columns.exact() && columns.bins == allColumnCount;
    if (!table && !rows.exact() && !columns.exact()) { // both axes binned: no rows × d_model in between
        fillBoxAveragesOnTwoThreads(part.spec, rows, columns, heat);
        return;
    }
    core::RowMatrix& full = allColumns ? heat : heatScratch(rows.bins, allColumnCount);
    if (table && rows.exact())
        table->readRows(static_cast<std::int64_t>(rows.lower), rows.bins, full.data());
    else if (table && part.table->preview) // while the pass runs: a sampled row per pixel row, said in the title
        table->sampleRows(rows.lower, rows.upper, rows.bins, full.data());
    else if (table)
        table->averageRows(rows.lower, rows.upper, rows.bins, full.data(), part.table->prefix.get());
    else if (rows.exact())
        core::fillEncodingRows(part.spec, static_cast<std::int64_t>(rows.lower), full);
    else
        core::fillRowBoxAverages(part.spec, rows.lower, rows.upper, full);
    if (allColumns)
        return;
    if (columns.exact())
        heat = full.middleCols(static_cast<Eigen::Index>(columns.lower), columns.bins);
    else
        core::averageColumns(full, columns.lower, columns.upper, heat);
}

} // namespace

ViewPartPtr buildHeatPart(const PartInputs& in, const PartBefore& before)
{
    auto part = std::make_shared<HeatPart>();
    part->spec = in.spec;
    part->table = in.table;
    const std::int64_t rowCount = in.table ? in.table->table->rows() : in.spec.maxLen;
    const std::int64_t columnCount = in.table ? in.table->table->columns() : in.spec.dModel;
    if (in.wholeCells) { // a data export reads every cell from the source itself
        part->rows = {0, static_cast<double>(rowCount), rowCount};
        part->columns = {0, static_cast<double>(columnCount), columnCount};
        if (in.table)
            part->tableProblem = in.table->table->changedOnDisk();
        return part;
    }
    const ViewZoom& zoom = in.zoom; // x: columns, y: rows
    part->rows = heatAxis(zoom.yLower, zoom.yUpper, rowCount, in.pixels.height(), FrameLimits::heatBins);
    part->columns = heatAxis(zoom.xLower, zoom.xUpper, columnCount, in.pixels.width(), FrameLimits::heatBins);
    // A loaded table stays what it is whatever the spec does: a slider step keeps its heat.
    const auto* old = dynamic_cast<const HeatPart*>(before.part.get());
    const bool sameSource = old && !before.inputs.wholeCells
        && (in.table ? before.inputs.table == in.table : !before.inputs.table && before.inputs.spec == in.spec);
    if (sameSource && old->rows == part->rows && old->columns == part->columns) {
        part->heat = old->heat; // the same cells in the same bins: nothing to compute
        part->tableProblem = old->tableProblem;
        return part;
    }
    fillHeat(*part);
    return part;
}

namespace {

/// The bin of `axis` over cell `cell` (any cell the axis covers, an edge cell in part too), and
/// the first and last cells that bin covers, its edges as core's averagers place them.
std::optional<std::array<std::int64_t, 3>> binOver(const HeatAxis& axis, std::int64_t cell)
{
    const auto from = static_cast<double>(cell);
    if (axis.bins <= 0 || from + 1 <= axis.lower || from >= axis.upper)
        return std::nullopt;
    const double width = axis.cellsPerBin();
    // The bin under the part of the cell the axis shows: its middle, kept inside the axis.
    const double middle = (std::max(from, axis.lower) + std::min(from + 1, axis.upper)) / 2;
    const auto bin = std::clamp(static_cast<std::int64_t>((middle - axis.lower) / width), std::int64_t(0), axis.bins - 1);
    const double x0 = axis.lower + width * static_cast<double>(bin);
    const double x1 = bin + 1 == axis.bins ? axis.upper : axis.lower + width * static_cast<double>(bin + 1);
    constexpr double slack = 1e-9; // an edge a rounding away from a whole cell is that cell's
    return std::array<std::int64_t, 3>{bin, static_cast<std::int64_t>(std::floor(x0 + slack)),
                                       static_cast<std::int64_t>(std::ceil(x1 - slack)) - 1};
}

} // namespace

std::optional<HeatPart::Pixel> HeatPart::pixelAt(std::int64_t row, std::int64_t column) const
{
    const auto r = binOver(rows, row);
    const auto c = binOver(columns, column);
    if (!r || !c || (*r)[0] >= heat.rows() || (*c)[0] >= heat.cols())
        return std::nullopt;
    return Pixel{(*r)[1], (*r)[2], (*c)[1], (*c)[2], heat((*r)[0], (*c)[0])};
}

core::CellFormula HeatPart::formulaAt(std::int64_t row, int column) const
{
    return core::cellFormula(spec, spec.firstPosition + row, column);
}

DataTable heatPartData(const ViewPart& viewPart)
{
    const auto& part = static_cast<const HeatPart&>(viewPart);
    if (part.table) {
        const EncodingTablePtr table = part.table->table;
        return DataTable(table->rows(), table->columns(), [table](std::int64_t first, Eigen::Ref<core::RowMatrix> out) {
            table->readRows(first, out.rows(), out.data()); // float64, straight from its file
        });
    }
    const core::EncodingSpec spec = part.spec;
    return DataTable(spec.maxLen, spec.dModel, [spec](std::int64_t first, Eigen::Ref<core::RowMatrix> out) {
        core::fillEncodingRows(spec, first, out);
    });
}

} // namespace pe::ui
