// SPDX-License-Identifier: MIT
#include "ui/document/conventionspart.h"

#include "core/conventions.h"
#include "core/encoding.h"
#include "ui/state/twohalves.h"

#include <algorithm>
#include <cmath>

namespace pe::ui {

namespace {

/// Rows [firstRow, firstRow + rows) of A (the table's, or the sinusoid's convention A) and B
/// in `bins` bins each (whole rows each: bins == rows is every row as it is).
void fillMaps(const ConventionsPart& p, std::int64_t firstRow, std::int64_t rows, core::RowMatrix& a, core::RowMatrix& b)
{
    const auto bins = a.rows();
    const auto columns = static_cast<Eigen::Index>(p.columns);
    if (p.values) {
        for (Eigen::Index bin = 0; bin < bins; ++bin) {
            const std::int64_t first = firstRow + core::binStart(rows, bins, bin), end = firstRow + core::binStart(rows, bins, bin + 1);
            a.row(bin) = p.values->block(first, 0, end - first, columns).colwise().mean();
        }
        core::RowMatrix sinusoid(bins, p.spec.dModel);
        core::fillBinnedConvention(p.spec, p.b, firstRow, rows, sinusoid);
        b = sinusoid.leftCols(columns);
        return;
    }
    core::fillBinnedConvention(p.spec, p.a, firstRow, rows, a);
    core::fillBinnedConvention(p.spec, p.b, firstRow, rows, b);
}

} // namespace

ViewPartPtr buildConventionsPart(const PartInputs& in, const PartBefore& before)
{
    auto part = std::make_shared<ConventionsPart>();
    const core::EncodingSpec& spec = in.spec;
    part->spec = spec;
    part->fromTable = in.table != nullptr;
    part->values = in.table ? in.table->values : nullptr;
    if (in.table) { // B is the spec's sinusoid; tableValuesProblem() says why a table has no values
        part->a = part->b = core::conventionOf(spec);
        part->rows = std::min(in.table->table->rows(), spec.maxLen);
        part->columns = std::min<std::int64_t>(in.table->table->columns(), spec.dModel);
    } else {
        part->a = core::conventionOf(spec);
        part->b = core::comparedConvention(spec, in.state.comparison);
        part->rows = spec.maxLen;
        part->columns = spec.dModel;
    }
    part->slowPairsA = core::pairsSlowerThanBase(spec, part->a.frequencies);
    part->slowPairsB = core::pairsSlowerThanBase(spec, part->b.frequencies);
    // Row p of each convention, turned by k; a shift that would reach before position 0 is 0.
    const auto residual = [&](const core::Convention& c) {
        return c.firstPosition + in.state.position + in.state.offset < 0
            ? 0.0 : core::conventionRotationResidual(spec, c, in.state.position, in.state.offset);
    };
    part->residualA = residual(part->a);
    part->residualB = residual(part->b);
    if (in.wholeCells || (part->fromTable && !part->values)) // no maps for a data export
        return part;

    const std::int64_t bins = std::min(part->rows, in.pixels.height() > 0 ? in.pixels.height() : FrameLimits::conventionBins);
    const std::int64_t columnBins = std::min(part->columns, in.pixels.width() > 0 ? in.pixels.width() : FrameLimits::conventionBins);
    // A new position or offset keeps the maps; with a table, so does a new comparison.
    const auto* old = dynamic_cast<const ConventionsPart*>(before.part.get());
    const bool sameMaps = old && old->heatA.rows() == bins && old->heatA.cols() == columnBins && before.inputs.spec == spec
        && (in.table ? before.inputs.table == in.table
                     : !before.inputs.table && before.inputs.state.comparison == in.state.comparison);
    if (sameMaps) {
        part->heatA = old->heatA;
        part->heatB = old->heatB;
        return part;
    }
    const auto columns = static_cast<Eigen::Index>(part->columns);
    if (columnBins == columns) {
        fillMaps(*part, 0, part->rows, part->heatA.reset(bins, columns), part->heatB.reset(bins, columns));
        return part;
    }
    // More columns than pixel columns: each pixel the exact mean of the columns under it, as
    // in the heatmap (sampled, one column in 13 at d_model 4096 made stripes that are not in the
    // data). The whole-column maps are only the way there.
    core::RowMatrix& heatA = part->heatA.reset(bins, columnBins);
    core::RowMatrix& heatB = part->heatB.reset(bins, columnBins);
    if (part->values) {
        core::RowMatrix a(bins, columns), b(bins, columns);
        fillMaps(*part, 0, part->rows, a, b);
        core::averageColumns(a, 0, static_cast<double>(columns), heatA);
        core::averageColumns(b, 0, static_cast<double>(columns), heatB);
        return part;
    }
    // The sinusoid's two conventions side by side on two threads, each row averaged as it is
    // made (no bins × d_model matrices: 20 MB each at 1 M × 4096).
    inTwoHalves(2, [&](qint64 first, qint64) {
        core::fillBinnedConventionAveraged(spec, first == 0 ? part->a : part->b, 0, part->rows, first == 0 ? heatA : heatB);
    });
    return part;
}

Eigen::Index ConventionsPart::columnBinOf(int column) const
{
    const auto bin = static_cast<Eigen::Index>(std::floor((column + 0.5) / columnsPerBin()));
    return std::clamp<Eigen::Index>(bin, 0, std::max<Eigen::Index>(heatA.cols() - 1, 0));
}

std::pair<int, int> ConventionsPart::columnsOfBin(Eigen::Index bin) const
{
    const double width = columnsPerBin();
    const int first = static_cast<int>(std::floor(static_cast<double>(bin) * width));
    const int last = static_cast<int>(std::ceil(static_cast<double>(bin + 1) * width)) - 1;
    return {first, std::clamp(last, first, static_cast<int>(columns) - 1)};
}

DataTable conventionsPartData(const ViewPart& viewPart)
{
    auto part = std::make_shared<const ConventionsPart>(static_cast<const ConventionsPart&>(viewPart));
    if (part->fromTable && !part->values)
        return {};
    const std::int64_t c = part->columns;
    // Each block: A and B at whole rows (as many bins as rows), then their difference.
    auto a = std::make_shared<core::RowMatrix>(), b = std::make_shared<core::RowMatrix>();
    return DataTable(part->rows, 3 * c, [part, a, b, c](std::int64_t firstRow, Eigen::Ref<core::RowMatrix> out) {
        a->resize(out.rows(), c);
        b->resize(out.rows(), c);
        fillMaps(*part, firstRow, out.rows(), *a, *b);
        out.leftCols(c) = *a;
        out.middleCols(c, c) = *b;
        out.rightCols(c) = *a - *b;
    });
}

} // namespace pe::ui
