// SPDX-License-Identifier: MIT
#pragma once

#include "core/encoding.h"

#include <cstdint>
#include <functional>

namespace pe::core {

/// Limits that keep the spectrum and the principal components proportional to a frame.
struct SpectrumLimits {
    static constexpr std::int64_t maxPositions = 1024; ///< the first rows used (frequency resolution 2π/1024)
    static constexpr double floorDb = -80.0;           ///< the quietest level drawn (decibels below a column's peak)
};

/// The power spectrum of each column of a (positions × dims) table along the positions: the
/// column's mean removed, times a Hann window w_p = ½(1 − cos(2πp/(positions − 1))) (so that a
/// wave's power stays near its frequency instead of leaking over the whole column), zero-padded
/// to fftLength (a power of two ≥ positions), |DFT|² at
/// bins f = 0 … fftLength/2, bin f at the angular frequency ω = 2πf / fftLength radians per
/// position — the ω of the sinusoid's pairs, so that sin(ω_k·p) peaks at ω_k.
struct PositionSpectrum {
    std::int64_t positions = 0;
    int fftLength = 0;
    Eigen::MatrixXd power;    ///< bins × dims (a dim's bins contiguous): power / the dim's largest (0 … 1; all 0 for a constant dim)
    Eigen::VectorXd dominant; ///< per dim: ω of its strongest bin (0 for a constant column)
};
/// Of `rows` (positions × dims, at most SpectrumLimits::maxPositions rows are used: the first).
PositionSpectrum positionSpectrum(const Eigen::Ref<const RowMatrix>& rows);
/// Writes `count` columns from `first` on, over the spectrum's positions, column c at
/// out + c·stride: a source of columns that need not be held as rows first.
using SpectrumColumns = std::function<void(Eigen::Index first, Eigen::Index count, double* out, std::ptrdiff_t stride)>;
/// The same from a source of columns, `positions` (≤ SpectrumLimits::maxPositions) of `dims`.
PositionSpectrum positionSpectrum(std::int64_t positions, Eigen::Index dims, const SpectrumColumns& columns);
/// The sinusoid's own spectrum (its first min(max_len, maxPositions) positions): its columns
/// written straight into the transform's buffer, the cosines less 1 (CosineColumns::LessOne;
/// the mean removed makes that the same spectrum) so that a slow pair's power keeps its
/// relative precision.
PositionSpectrum sinusoidSpectrum(const EncodingSpec& spec);
/// A spectrum of `dims` columns over the first min(positions, maxPositions) positions, sized
/// and not yet filled: fillSpectrumColumns fills ranges of its columns, disjoint ranges on
/// different threads at once if need be.
PositionSpectrum emptySpectrum(std::int64_t positions, Eigen::Index dims);
/// Columns firstDim … firstDim + count − 1 of s from a source of columns (as positionSpectrum).
void fillSpectrumColumns(PositionSpectrum& s, Eigen::Index firstDim, Eigen::Index count, const SpectrumColumns& columns);
/// The sinusoid's columns firstDim … firstDim + count − 1 of s (as sinusoidSpectrum; s from
/// emptySpectrum(max_len, d_model)).
void fillSinusoidSpectrum(const EncodingSpec& spec, PositionSpectrum& s, Eigen::Index firstDim, Eigen::Index count);
/// The sinusoid's columns as sinusoidSpectrum reads them (over its first
/// min(max_len, maxPositions) positions), as a source for spectrumBatches.
SpectrumColumns sinusoidColumns(const EncodingSpec& spec);
/// The transform's length for a table of `positions` rows: the least power of two (≥ 2) that
/// holds its first min(positions, maxPositions).
int spectrumFftLength(std::int64_t positions);

/// Dims first … first + count − 1 as fillSpectrumColumns makes them, handed over after their
/// batch's transform: dim first + c's fftLength/2 + 1 powers (relative to its peak) at
/// powers + c·(fftLength/2 + 1), its dominant ω at dominant[c]. Valid during the call only.
using SpectrumBatch = std::function<void(Eigen::Index first, Eigen::Index count, const double* powers, const double* dominant)>;
/// The spectrum of dims firstDim … firstDim + count − 1 of a source of columns over `positions`
/// (as positionSpectrum), a batch at a time to `batch`, never held whole: for what needs less
/// than the bins × dims matrix (the view's map, where that matrix was 16 MB at 4096 dims,
/// written and read back every slider step).
void spectrumBatches(std::int64_t positions, Eigen::Index firstDim, Eigen::Index count, const SpectrumColumns& columns,
                     const SpectrumBatch& batch);
/// A power ratio in decibels, floorDb at the least (0 included).
double powerDecibels(double ratio);
/// The same for n ratios at once (vector lanes: within a few units in the last place).
void powerDecibels(const double* ratio, double* out, std::size_t n);
/// ω of bin f of an fftLength-point transform.
double spectrumBinFrequency(std::int64_t bin, int fftLength);

/// The sinusoidal base whose frequencies fit a table's dominant frequencies best: both sorted,
/// the sinusoid's d values ω_k = base^(−2k/d) (each pair twice, k = i/2 for dims i = 0 … d−1),
/// compared in log over the dims whose both values are resolvable (≥ one bin, `resolution`).
struct BaseFit {
    double base = 0;         ///< 0 when too few dims are resolvable (fewer than 2)
    double rmsLogError = 0;  ///< RMS of ln(dominant / ω) over the compared dims
    int compared = 0;
};
BaseFit fitSinusoidalBase(const Eigen::VectorXd& dominant, double resolution);
/// The sinusoid's frequency for dim i of d (paper rule): base^(−2⌊i/2⌋/d).
double sinusoidFrequencyOfDim(double base, int dim, int dims);

/// The first principal components of a table's rows (positions as samples, dims as variables):
/// each column of `scores` is the projection of the mean-removed rows on one component, in
/// order of the variance they carry; `explained` is that variance as a fraction of the total.
struct PrincipalComponents {
    RowMatrix scores;         ///< positions × count
    Eigen::VectorXd explained;
};
PrincipalComponents principalComponents(const Eigen::Ref<const RowMatrix>& rows, int count = 3);

} // namespace pe::core
