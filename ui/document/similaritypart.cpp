// SPDX-License-Identifier: MIT
#include "ui/document/similaritypart.h"

#include <algorithm>
#include <cmath>

namespace pe::ui {

namespace {

/// Whole rows a whole step apart, about FrameLimits::profileSamples of them: the profile's
/// rows (the sinusoid's kernel turns each pair's phase by the step).
std::int64_t profileStep(std::int64_t rows)
{
    const std::int64_t last = rows - 1, samples = FrameLimits::profileSamples;
    return std::max<std::int64_t>(1, (last + samples - 2) / (samples - 1));
}

void buildProfile(SimilarityPart& p, std::int64_t row)
{
    const std::int64_t step = profileStep(p.positions);
    const std::int64_t count = (p.positions - 1) / step + 1;
    p.profileRow = row;
    const Eigen::VectorXd values = p.values ? core::gramAlong(*p.values, p.normalize, row, 0, step, count)
                                            : p.kernel->valuesAlong(row, 0, step, count);
    p.profileX.resize(count);
    for (std::int64_t i = 0; i < count; ++i)
        p.profileX[i] = static_cast<double>(i * step);
    p.profileY = QVector<double>(values.data(), values.data() + values.size());
    p.selfSimilarity = p.values ? core::gramAlong(*p.values, p.normalize, row, row, 1, 1)[0] : p.kernel->value(row, row);
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
    if (sameSource && old->matrix.rows() == bins)
        part->matrix = old->matrix;
    else if (part->values)
        core::binnedGram(*part->values, part->normalize, part->matrix.reset(bins, bins));
    else
        part->kernel->fillBinned(part->matrix.reset(bins, bins));
    const std::int64_t row = std::min(in.state.position, part->positions - 1);
    if (sameSource && old->profileRow == row && !old->profileY.isEmpty()) {
        part->profileRow = old->profileRow;
        part->profileX = old->profileX;
        part->profileY = old->profileY;
        part->selfSimilarity = old->selfSimilarity;
    } else {
        buildProfile(*part, row);
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
