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

namespace {

/// Runs of the map's pixel columns (binSinusoidSpectrum): enough for the two cores to even out,
/// few enough that the dims astride two runs (transformed twice) and the last batch of each
/// run (FFT batches of 16, partly empty) stay within a few per cent.
constexpr int spectrumPieces = 8;

/// Each dim's ω in the sinusoid: its pair's (0 for a column of zeros).
Eigen::VectorXd sinusoidReference(const core::EncodingSpec& spec)
{
    Eigen::VectorXd reference(spec.dModel);
    const Eigen::VectorXd omega = core::angularFrequencies(spec);
    for (int i = 0; i < spec.dModel; ++i) {
        const core::ColumnRole role = core::columnRole(spec, i);
        reference[i] = role.isZero ? 0.0 : omega[role.pair];
    }
    return reference;
}

/// Pixel column j of the map from the sum of its dims' powers (by their shares): averaged to
/// the map's rows, in decibels.
void writeMapColumn(const core::ColumnAverager& toRows, const double* sum, std::vector<double>& rows, core::RowMatrix& out,
                    Eigen::Index j)
{
    toRows.apply(sum, rows.data());
    core::powerDecibels(rows.data(), rows.data(), rows.size());
    for (Eigen::Index i = 0; i < out.rows(); ++i)
        out(i, j) = rows[static_cast<std::size_t>(i)];
}

} // namespace

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
    if (!table) {
        data.reference = sinusoidReference(spec);
        return data;
    }
    data.reference = Eigen::VectorXd::Zero(dims);
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
            writeMapColumn(toRows, sum.data(), rows, out, j);
        }
    });
}

SpectrumData sinusoidMapData(const core::EncodingSpec& spec, std::int64_t rowBins, std::int64_t columnBins, core::RowMatrix& out)
{
    SpectrumData data;
    data.rows = spec.maxLen;
    data.columns = spec.dModel;
    data.spectrum = core::emptySpectrum(spec.maxLen, 0); // its positions and length, no power matrix
    data.spectrum.dominant.resize(spec.dModel);
    binSinusoidSpectrum(spec, rowBins, columnBins, out, &data.spectrum.dominant);
    data.reference = sinusoidReference(spec);
    return data;
}

void binSinusoidSpectrum(const core::EncodingSpec& spec, std::int64_t rowBins, std::int64_t columnBins, core::RowMatrix& out,
                         Eigen::VectorXd* dominant)
{
    const Eigen::Index dims = spec.dModel;
    const auto bins = static_cast<std::size_t>(core::spectrumFftLength(spec.maxLen) / 2 + 1);
    out.resize(rowBins, columnBins);
    const core::ColumnAverager toRows(static_cast<Eigen::Index>(bins), 0.0, static_cast<double>(bins), rowBins);
    const core::ColumnAverager toColumns(dims, 0.0, static_cast<double>(dims), columnBins);
    const core::SpectrumColumns columns = core::sinusoidColumns(spec);
    const auto lastDimOf = [&](Eigen::Index j) { return toColumns.firstOf(j) + static_cast<Eigen::Index>(toColumns.weightsOf(j).size()) - 1; };
    // As binSpectrum, each pixel column the sum of its dims' powers by their shares, but the
    // powers summed as their batch's transforms come (spectrumBatches): the bins × dims matrix
    // is never made. The pixel columns in runs that both cores take one at a time (inPieces:
    // the other core is busy with the heatmap beside for part of the frame), each run
    // transforming the dims under its columns (a dim astride two runs twice; its dominant ω
    // written by the later run only).
    inPieces(columnBins, spectrumPieces, [&](qint64 firstColumn, qint64 endColumn) {
        const Eigen::Index firstDim = toColumns.firstOf(firstColumn), endDim = lastDimOf(endColumn - 1) + 1;
        const Eigen::Index endOwned = endColumn == columnBins ? dims : toColumns.firstOf(endColumn);
        // The sums of the columns begun and not finished (a ring): those under the dim at hand,
        // at most 2 while columns are at least a dim wide (the map's are: heatAxis).
        const Eigen::Index open = std::min<Eigen::Index>(endColumn - firstColumn, (columnBins + dims - 1) / dims + 2);
        std::vector<double> sums(static_cast<std::size_t>(open) * bins), rows(static_cast<std::size_t>(rowBins));
        const auto sumOf = [&](Eigen::Index j) { return sums.data() + static_cast<std::size_t>(j % open) * bins; };
        Eigen::Index next = firstColumn;  // the first column not finished
        Eigen::Index begun = firstColumn; // the first column not begun
        core::spectrumBatches(spec.maxLen, firstDim, endDim - firstDim, columns,
                              [&](Eigen::Index first, Eigen::Index count, const double* powers, const double* dominants) {
            for (Eigen::Index c = 0; c < count; ++c) {
                const Eigen::Index dim = first + c;
                if (dominant && dim < endOwned)
                    (*dominant)[dim] = dominants[c];
                for (; begun < endColumn && toColumns.firstOf(begun) <= dim; ++begun)
                    std::fill_n(sumOf(begun), bins, 0.0);
                const double* power = powers + static_cast<std::size_t>(c) * bins;
                for (Eigen::Index j = next; j < begun; ++j) {
                    const double weight = toColumns.weightsOf(j)[static_cast<std::size_t>(dim - toColumns.firstOf(j))];
                    if (weight > 0)
                        Eigen::Map<Eigen::VectorXd>(sumOf(j), static_cast<Eigen::Index>(bins)).noalias() +=
                            weight * Eigen::Map<const Eigen::VectorXd>(power, static_cast<Eigen::Index>(bins));
                }
                for (; next < begun && lastDimOf(next) == dim; ++next)
                    writeMapColumn(toRows, sumOf(next), rows, out, next);
            }
        });
    });
}

} // namespace pe::ui
