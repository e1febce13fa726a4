// SPDX-License-Identifier: MIT
#include "ui/document/similaritypart.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pe::ui {

namespace {

/// The profile in `bins` bins of columns (one per pixel of the matrix's side, whose x axis it
/// shares): each value its columns' exact mean, the row's own value for a bin of one column.
void buildProfile(SimilarityPart& p, std::int64_t row, std::int64_t bins)
{
    p.profileRow = row;
    const Eigen::VectorXd values = p.values ? core::gramMeansAlong(*p.values, p.normalize, row, bins)
                                            : p.kernel->meansAlong(row, bins);
    p.profileX.resize(bins);
    for (std::int64_t b = 0; b < bins; ++b) // each bin's centre
        p.profileX[b] = static_cast<double>(core::binStart(p.positions, bins, b) + core::binStart(p.positions, bins, b + 1) - 1) / 2;
    p.profileY = QVector<double>(values.data(), values.data() + values.size());
    p.selfSimilarity = p.values ? core::gramAlong(*p.values, p.normalize, row, row, 1, 1)[0] : p.kernel->value(row, row);
}

/// The matrix's bounds, NaN left out (a comparison with NaN is false).
void findBounds(SimilarityPart& p)
{
    const core::RowMatrix& m = p.matrix.matrix();
    const double* cells = m.data();
    double lowest = std::numeric_limits<double>::infinity(), highest = -lowest;
    for (Eigen::Index i = 0; i < m.size(); ++i) {
        lowest = cells[i] < lowest ? cells[i] : lowest;
        highest = cells[i] > highest ? cells[i] : highest;
    }
    if (lowest > highest) // no cell but NaN
        lowest = highest = 0;
    p.lowest = lowest;
    p.highest = highest;
}

} // namespace

ViewPartPtr buildSimilarityPart(const PartInputs& in, const PartBefore& before)
{
    auto part = std::make_shared<SimilarityPart>();
    part->normalize = in.state.normalize;
    part->fromTable = in.table != nullptr;
    part->values = in.table ? in.table->values : nullptr;
    part->positions = in.table ? in.table->table->rows() : in.spec.maxLen;
    if (part->fromTable && !part->values) // tableValuesProblem() says why
        return part;
    const auto* old = dynamic_cast<const SimilarityPart*>(before.part.get());
    const bool sameSource = old && before.inputs.state.normalize == in.state.normalize
        && (in.table ? before.inputs.table == in.table : !before.inputs.table && before.inputs.spec == in.spec);
    if (!in.table)
        part->kernel = sameSource && old->kernel ? old->kernel
                                                 : std::make_shared<const core::SimilarityKernel>(in.spec, in.state.normalize);
    if (in.wholeCells) // a data export fills its rows from the kernel (or the table) itself
        return part;
    // One bin per pixel of the matrix on screen at most: a pixel shows the exact mean of the
    // whole cells whose block it stands for, never one sampled cell.
    const int pixels = in.pixels.width();
    const std::int64_t bins = std::min(part->positions, pixels > 0 ? std::int64_t{pixels} : FrameLimits::similarityBins);
    if (sameSource && old->matrix.rows() == bins) {
        part->matrix = old->matrix;
        part->lowest = old->lowest;
        part->highest = old->highest;
    } else {
        if (part->values)
            core::binnedGram(*part->values, part->normalize, part->matrix.reset(bins, bins));
        else
            part->kernel->fillBinned(part->matrix.reset(bins, bins));
        findBounds(*part);
    }
    const std::int64_t row = std::min(in.state.position, part->positions - 1);
    if (sameSource && old->profileRow == row && old->profileY.size() == bins) {
        part->profileRow = old->profileRow;
        part->profileX = old->profileX;
        part->profileY = old->profileY;
        part->selfSimilarity = old->selfSimilarity;
    } else {
        buildProfile(*part, row, bins);
    }
    return part;
}

DataTable similarityPartData(const ViewPart& viewPart)
{
    const auto& part = static_cast<const SimilarityPart&>(viewPart);
    const std::int64_t n = part.positions;
    if (part.kernel)
        return DataTable(n, n, [kernel = part.kernel](std::int64_t firstRow, Eigen::Ref<core::RowMatrix> out) {
            kernel->fillRows(firstRow, out);
        });
    if (!part.values)
        return {};
    if (!part.normalize)
        return DataTable(n, n, [values = part.values](std::int64_t firstRow, Eigen::Ref<core::RowMatrix> out) {
            out.noalias() = values->middleRows(firstRow, out.rows()) * values->transpose();
        });
    // The cosine: the table's rows scaled to length 1 (a zero row's cosine is 0, as in
    // core::gramAlong), made when the first block is written rather than for the export's checks.
    auto unit = std::make_shared<core::RowMatrix>();
    return DataTable(n, n, [values = part.values, unit](std::int64_t firstRow, Eigen::Ref<core::RowMatrix> out) {
        if (unit->size() == 0) {
            *unit = *values;
            for (Eigen::Index r = 0; r < unit->rows(); ++r)
                if (const double norm = unit->row(r).norm(); norm > 0 || std::isnan(norm))
                    unit->row(r) /= norm;
                else
                    unit->row(r).setZero();
        }
        out.noalias() = unit->middleRows(firstRow, out.rows()) * unit->transpose();
    });
}

} // namespace pe::ui
