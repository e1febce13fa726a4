// SPDX-License-Identifier: MIT
#pragma once

#include "core/spectrum.h"
#include "ui/modelfiles/encodingtable.h"

#include <QString>

namespace pe::ui {

/// What the spectrum view draws, for the sinusoid of a spec or for a loaded position table: each
/// dim's power along the first positions, its dominant frequency beside the sinusoid's, and for
/// a table the best-fitting sinusoidal base and its first principal components.
struct SpectrumData {
    bool fromTable = false;
    std::int64_t rows = 0, columns = 0;  ///< of the source (max_len × d_model, or the table's)
    core::PositionSpectrum spectrum;
    /// Per dim, the sinusoid's frequency it is compared with: the spec's ω of the dim's pair; for a
    /// table, the fitted base's frequencies matched by rank (a learned table's dims have no order).
    Eigen::VectorXd reference;
    core::BaseFit fit;               ///< table only (base 0 otherwise)
    core::PrincipalComponents pca;   ///< table only, when its values are in memory (LoadedTable::values)
    QString problem;                 ///< why the table could not be read (its file changed): nothing else is set
    double resolution() const { return spectrum.fftLength > 0 ? core::spectrumBinFrequency(1, spectrum.fftLength) : 0.0; }
};

/// For the spec's sinusoid (table null) or for the table.
SpectrumData spectrumData(const core::EncodingSpec& spec, const LoadedTablePtr& table);

/// The spectrum's power in decibels on `rows` × `columns` pixels (bins of frequency × dims), each
/// pixel the mean power of the cells it covers (whole cells when they are fewer than the pixels).
void binSpectrum(const core::PositionSpectrum& spectrum, std::int64_t rowBins, std::int64_t columnBins, core::RowMatrix& out);

/// The spec's sinusoid as spectrumData makes it, but without its power matrix (its
/// spectrum.power is empty), and its map on rowBins × columnBins pixels in `out`, as
/// binSinusoidSpectrum: what the window draws, for a third of the memory traffic.
SpectrumData sinusoidMapData(const core::EncodingSpec& spec, std::int64_t rowBins, std::int64_t columnBins, core::RowMatrix& out);
/// binSpectrum of the spec's sinusoid, each dim's powers summed into its pixel columns as soon
/// as they are transformed (core::spectrumBatches), never held as a matrix; with `dominant`
/// (d_model values), each dim's dominant ω there too.
void binSinusoidSpectrum(const core::EncodingSpec& spec, std::int64_t rowBins, std::int64_t columnBins, core::RowMatrix& out,
                         Eigen::VectorXd* dominant = nullptr);

} // namespace pe::ui
