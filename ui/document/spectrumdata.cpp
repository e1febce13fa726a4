// SPDX-License-Identifier: MIT
#include "ui/document/spectrumdata.h"

#include "core/frequencies.h"
#include "core/scratch.h"
#include "ui/state/twohalves.h"

#include <Eigen/SparseCore>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace pe::ui {

SpectrumData spectrumData(const core::EncodingSpec& spec, const LoadedTablePtr& table)
{
    SpectrumData data;
    data.fromTable = table != nullptr;
    if (table) {
        const EncodingTable& t = *table->table;
        data.problem = t.changedOnDisk(); // a rewritten file may fault when its mapping is read
        if (!data.problem.isEmpty())
            return data;
        data.rows = t.rows();
        data.columns = t.columns();
        // Kept per thread: a slider step must not touch 32 MiB of fresh memory (slow on first touch here).
        thread_local core::RowMatrix rows;
        const core::ScratchBudget budget(rows);
        rows.resize(std::min<std::int64_t>(t.rows(), core::SpectrumLimits::maxPositions), t.columns());
        t.readRows(0, rows.rows(), rows.data());
        data.spectrum = core::positionSpectrum(rows);
    } else {
        data.rows = spec.maxLen;
        data.columns = spec.dModel;
        // Two halves of the dims on two cores: each column's transform is its own.
        data.spectrum = core::emptySpectrum(spec.maxLen, spec.dModel);
        inTwoHalves(spec.dModel, [&](qint64 first, qint64 end) {
            core::fillSinusoidSpectrum(spec, data.spectrum, first, end - first);
        });
    }
    const Eigen::Index dims = data.spectrum.power.cols();
    data.reference = Eigen::VectorXd::Zero(dims);
    if (!table) {
        const Eigen::VectorXd omega = core::angularFrequencies(spec);
        for (int i = 0; i < dims; ++i) {
            const core::ColumnRole role = core::columnRole(spec, i);
            data.reference[i] = role.isZero ? 0.0 : omega[role.pair];
        }
        return data;
    }
    data.fit = core::fitSinusoidalBase(data.spectrum.dominant, data.resolution());
    if (data.fit.base > 0) {
        std::vector<Eigen::Index> order(static_cast<std::size_t>(dims));
        std::iota(order.begin(), order.end(), Eigen::Index(0));
        std::stable_sort(order.begin(), order.end(), [&](Eigen::Index a, Eigen::Index b) {
            return data.spectrum.dominant[a] > data.spectrum.dominant[b];
        });
        for (Eigen::Index rank = 0; rank < dims; ++rank)
            data.reference[order[static_cast<std::size_t>(rank)]] =
                core::sinusoidFrequencyOfDim(data.fit.base, static_cast<int>(rank), static_cast<int>(dims));
    }
    if (table->values)
        data.pca = core::principalComponents(*table->values, 3);
    return data;
}

namespace {

/// The box average of `cells` unit cells (cell c covers [c, c + 1)) into `bins` equal parts of
/// [0, cells), as a sparse (bins × cells) matrix of the lengths they share over the part's length.
Eigen::SparseMatrix<double, Eigen::RowMajor> boxAverage(Eigen::Index cells, Eigen::Index bins)
{
    std::vector<Eigen::Triplet<double>> weights;
    weights.reserve(static_cast<std::size_t>(cells + bins));
    const double width = static_cast<double>(cells) / static_cast<double>(bins);
    for (Eigen::Index b = 0; b < bins; ++b) {
        const double x0 = width * static_cast<double>(b);
        const double x1 = b + 1 == bins ? static_cast<double>(cells) : width * static_cast<double>(b + 1);
        const auto last = std::min<Eigen::Index>(cells - 1, static_cast<Eigen::Index>(std::ceil(x1)) - 1);
        for (auto c = static_cast<Eigen::Index>(std::floor(x0)); c <= last; ++c) {
            const double shared = std::min(x1, static_cast<double>(c + 1)) - std::max(x0, static_cast<double>(c));
            if (shared > 0)
                weights.emplace_back(b, c, shared / (x1 - x0));
        }
    }
    Eigen::SparseMatrix<double, Eigen::RowMajor> matrix(bins, cells);
    matrix.setFromTriplets(weights.begin(), weights.end());
    return matrix;
}

} // namespace

void binSpectrum(const core::PositionSpectrum& spectrum, std::int64_t rowBins, std::int64_t columnBins, core::RowMatrix& out)
{
    const Eigen::Index bins = spectrum.power.rows(), dims = spectrum.power.cols();
    // Rows (frequency) and columns (dims) averaged as two sparse products, each cell once per
    // pixel it touches: the dims first, the wider side (4096 dims against 513 bins), so that
    // the product between is small; kept per thread, as a slider step needs the same size again.
    if (rowBins == bins && columnBins == dims) {
        out = spectrum.power;
    } else if (rowBins == bins) {
        out.noalias() = spectrum.power * boxAverage(dims, columnBins).transpose();
    } else if (columnBins == dims) {
        out.noalias() = boxAverage(bins, rowBins) * spectrum.power;
    } else {
        thread_local Eigen::MatrixXd narrowed;
        narrowed.noalias() = spectrum.power * boxAverage(dims, columnBins).transpose();
        out.noalias() = boxAverage(bins, rowBins) * narrowed;
    }
    out = out.unaryExpr([](double power) { return core::powerDecibels(power); });
}

} // namespace pe::ui
