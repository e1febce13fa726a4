// SPDX-License-Identifier: MIT
#include "ui/document/spectrumdata.h"

#include "core/frequencies.h"

#include <algorithm>
#include <numeric>

namespace pe::ui {

SpectrumData spectrumData(const core::EncodingSpec& spec, const LoadedTablePtr& table)
{
    SpectrumData data;
    data.fromTable = table != nullptr;
    core::RowMatrix rows;
    if (table) {
        const EncodingTable& t = *table->table;
        data.rows = t.rows();
        data.columns = t.columns();
        rows.resize(std::min<std::int64_t>(t.rows(), core::SpectrumLimits::maxPositions), t.columns());
        t.readRows(0, rows.rows(), rows.data());
    } else {
        data.rows = spec.maxLen;
        data.columns = spec.dModel;
        rows.resize(std::min<std::int64_t>(spec.maxLen, core::SpectrumLimits::maxPositions), spec.dModel);
        core::fillEncodingRows(spec, 0, rows);
    }
    data.spectrum = core::positionSpectrum(rows);
    const Eigen::Index dims = rows.cols();
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
    // dims × bins, row-major: the column-major power as it lies in memory.
    const Eigen::Map<const core::RowMatrix> byDim(spectrum.power.data(), dims, bins);
    core::RowMatrix alongBins(dims, rowBins);
    if (rowBins == bins)
        alongBins = byDim;
    else
        core::averageColumns(byDim, 0, static_cast<double>(bins), alongBins);
    const core::RowMatrix binsByDim = alongBins.transpose();
    out.resize(rowBins, columnBins);
    if (columnBins == dims)
        out = binsByDim;
    else
        core::averageColumns(binsByDim, 0, static_cast<double>(dims), out);
    out = out.unaryExpr([](double power) { return core::powerDecibels(power); });
}

} // namespace pe::ui
