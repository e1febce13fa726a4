// SPDX-License-Identifier: MIT
#include "ui/document/spectrumdata.h"

#include "core/encoding.h"
#include "core/frequencies.h"
#include "core/scratch.h"
#include "ui/state/twohalves.h"

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

void binSpectrum(const core::PositionSpectrum& spectrum, std::int64_t rowBins, std::int64_t columnBins, core::RowMatrix& out)
{
    const Eigen::Index bins = spectrum.power.rows(), dims = spectrum.power.cols();
    // A pixel column at a time, each cell once per pixel it touches: the dims under it summed
    // by their shares (whole columns of 513 powers, contiguous), then those 513 averaged to the
    // map's rows, in decibels. No matrix between (two sparse products and a 513 × pixels one
    // between them were 3.5 ms of the spectrum's step at 4096 dims); the pixel columns in two
    // halves on the two cores.
    out.resize(rowBins, columnBins);
    const core::ColumnAverager toRows(bins, 0.0, static_cast<double>(bins), rowBins);
    const core::ColumnAverager toColumns(dims, 0.0, static_cast<double>(dims), columnBins);
    inTwoHalves(columnBins, [&](qint64 firstColumn, qint64 endColumn) {
        Eigen::VectorXd sum(bins);
        std::vector<double> rows(static_cast<std::size_t>(rowBins));
        for (Eigen::Index j = firstColumn; j < endColumn; ++j) {
            sum.setZero();
            const std::ptrdiff_t first = toColumns.firstOf(j);
            const std::span<const double> weights = toColumns.weightsOf(j);
            for (std::size_t c = 0; c < weights.size(); ++c)
                if (weights[c] > 0)
                    sum.noalias() += weights[c] * spectrum.power.col(first + static_cast<Eigen::Index>(c));
            toRows.apply(sum.data(), rows.data());
            for (Eigen::Index i = 0; i < rowBins; ++i)
                out(i, j) = core::powerDecibels(rows[static_cast<std::size_t>(i)]);
        }
    });
}

} // namespace pe::ui
