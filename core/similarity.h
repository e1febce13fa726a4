// SPDX-License-Identifier: MIT
#pragma once

#include "core/encoding.h"

#include <atomic>
#include <mutex>
#include <vector>

namespace pe::core {

/// Dot-product (or cosine) similarity between the positions of one spec, through the identity
/// PE(p)·PE(q) = Σ_k cos((p−q)·ω_k) over the full pairs, plus sin(pω)·sin(qω) for the unpaired
/// sine of an odd d. Exact rows and single values read a table of T(δ) built on first need
/// (O(max_len·d), then O(1) a value); block averages need no table. Nothing ever forms the
/// O(L²·d) matrix product.
class SimilarityKernel {
public:
    SimilarityKernel(const EncodingSpec& spec, bool normalize);

    const EncodingSpec& spec() const { return m_spec; }
    bool normalized() const { return m_normalize; }

    /// Similarity of rows i and j (positions firstPosition + i and + j).
    double value(std::int64_t i, std::int64_t j) const;
    /// ‖PE(row)‖²: d/2 for even d.
    double squaredNorm(std::int64_t row) const;
    /// Σ_k cos(δ·ω_k) over the full pairs, for |δ| < max_len: the Toeplitz part.
    double offsetKernel(std::int64_t delta) const;

    /// Row `row` against every row (size max_len): the profile of one position.
    Eigen::VectorXd profile(std::int64_t row) const;
    /// value(row, first + i·step) for i = 0 … count − 1 (all inside the matrix): a sampled
    /// profile. Beyond the table budget each pair's cosine follows from the one before by a
    /// rotation (taken exactly every 256 samples): ~30 times faster than value() one by one.
    Eigen::VectorXd valuesAlong(std::int64_t row, std::int64_t first, std::int64_t step, std::int64_t count) const;
    /// Row `row` against the columns cut into `bins` bins as binStart cuts them: each value the
    /// exact mean of the similarity over its bin's columns (a profile with more positions than
    /// pixels: a pixel shows its columns' mean, never one sampled column). bins == max_len gives
    /// every column's own value. Per pair the mean over n columns is D(n)/n · cos(c·ω), c the
    /// columns' centre less the row and D the Dirichlet kernel: O(bins·pairs). The cosine of an
    /// odd d has no closed form (the norm varies by column): there each bin shows its centre
    /// column's value, as fillBinned's blocks do.
    Eigen::VectorXd meansAlong(std::int64_t row, std::int64_t bins) const;
    /// Fills out (rows × max_len) with rows firstRow … of the similarity matrix.
    void fillRows(std::int64_t firstRow, Eigen::Ref<RowMatrix> out) const;
    /// Fills out (bins × bins) with the exact average of the similarity over each block of
    /// rows × columns (the level of detail for L larger than the screen): a Toeplitz matrix's
    /// block depends only on the blocks' sizes and the distance between them, and a few per
    /// diagonal are summed in closed form, O(bins·pairs + bins²) whatever max_len is. Cosine
    /// with an odd d has no closed-form block average; there each block shows its centre value.
    void fillBinned(Eigen::Ref<RowMatrix> out) const;

private:
    /// Up to max_len × pairs of this, T(δ) is tabulated once; beyond, summed per value.
    static constexpr long double tableBudget = 1LL << 26;
    /// T(δ) for δ = 0 … L−1, built on the first call; null beyond the budget.
    const std::vector<double>* table() const;
    void fillBinnedByDiagonals(Eigen::Ref<RowMatrix> out) const;

    EncodingSpec m_spec;
    bool m_normalize = false;
    mutable std::once_flag m_tableBuilt;
    mutable std::atomic<bool> m_tableReady = false;
    mutable std::vector<double> m_offsetKernel; // T(δ), δ = 0…L−1, once table() built it
    /// sin(pω) of the lone sine at row `row`, exact (the same whichever path asks first).
    double unpairedSin(std::int64_t row) const;
    /// Σ of the lone sine over rows first … end−1, in closed form (a Dirichlet sum).
    long double unpairedSum(std::int64_t first, std::int64_t end) const;
    /// sin(pω_last) per row, built on first need by exact rows only: a binned frame and a
    /// sampled profile never touch a million-row table.
    const std::vector<double>& unpairedTable() const;
    bool m_hasUnpaired = false;          // d is odd with a lone sine (pair fullPairs)
    long double m_unpairedOmega = 0;
    mutable std::once_flag m_unpairedBuilt;
    mutable std::vector<double> m_unpairedSin; // sin(pω_last) per row once unpairedTable() built it
};

/// Similarity between the rows of any table (a learned position table): the Gram matrix
/// r_p·r_q, or with `cosine` r_p·r_q / (‖r_p‖‖r_q‖) (0 against a zero row). A NaN in a row makes
/// its values NaN.
///
/// Exact block averages of it: out (bins × bins), cell (i, j) the mean over rows p in bin i and
/// q in bin j (binStart(n, bins, ·)). The mean of a product of bilinear terms is the product of
/// the bins' mean rows (normalised rows for the cosine): O(n·d + bins²·d), never n²·d.
void binnedGram(Eigen::Ref<const RowMatrix> rows, bool cosine, Eigen::Ref<RowMatrix> out);
/// Row `row` against rows first + i·step, i = 0 … count − 1: a (sampled) profile.
Eigen::VectorXd gramAlong(Eigen::Ref<const RowMatrix> rows, bool cosine, std::int64_t row, std::int64_t first,
                          std::int64_t step, std::int64_t count);

/// Row `row` against the rows cut into `bins` bins as binStart cuts them: each value the exact
/// mean over its bin's rows, the row dotted with the bin's mean row (mean unit row for the
/// cosine). bins == rows.rows() gives gramAlong's values.
Eigen::VectorXd gramMeansAlong(Eigen::Ref<const RowMatrix> rows, bool cosine, std::int64_t row, std::int64_t bins);

/// The max_len × max_len similarity matrix. Throws SpecError when it would not fit.
RowMatrix similarityMatrix(const EncodingSpec& spec, bool normalize);

/// One position (row) against all others (size max_len).
Eigen::VectorXd similarityProfile(const EncodingSpec& spec, std::int64_t row, bool normalize);

} // namespace pe::core
