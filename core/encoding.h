// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec.h"

#include <Eigen/Core>

#include <algorithm>
#include <span>
#include <vector>

namespace pe::core {

/// Row-major like NumPy's default, so that a row (one position) is contiguous.
using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

/// PE(position, column) for an absolute position (row r holds position firstPosition + r).
double encodingValue(const EncodingSpec& spec, std::int64_t position, int column);

/// Everything said about one cell PE(position, column) of the sinusoid: the heatmap's hover
/// read-out and the formula panel both show this, so they cannot disagree.
struct CellFormula {
    ColumnRole role;              ///< its pair, sin or cos, or the zero column
    double omega = 0;             ///< ω_k of its pair
    double wavelength = 0;        ///< 2π/ω_k
    double angle = 0;             ///< position·ω_k, reduced as encodingAngle() does
    double value = 0;             ///< PE(position, column)
    /// ω_k = base^−(exponentNumerator/exponentDenominator): 2k/d (the paper) or k/(P−1) (tensor2tensor).
    int exponentNumerator = 0, exponentDenominator = 1;
};
/// The formula of a cell (a zero column: role.isZero, value 0, the rest 0).
CellFormula cellFormula(const EncodingSpec& spec, std::int64_t position, int column);

/// The continuous curve behind a column: sin or cos of (position · ω_k) for a real position,
/// as the wave plots draw between the integer samples.
double encodingCurve(const EncodingSpec& spec, double position, int column);

/// PE(position, ·): the d_model values of one absolute position (accurateSinCosOfPairs: a few
/// 1e−16 from encodingValue, up to 3e−14 at positions near 10^6).
Eigen::VectorXd encodingVector(const EncodingSpec& spec, std::int64_t position);

/// Fills out (rows × d_model, row-major) with the encoding rows firstRow … firstRow+rows−1.
/// Reuses the caller's buffer: nothing is allocated per value, and the cost is
/// O(rows·d + d·√rows) with every value within a few 1e−16 of the exact one.
void fillEncodingRows(const EncodingSpec& spec, std::int64_t firstRow, Eigen::Ref<RowMatrix> out);

/// The whole max_len × d_model encoding matrix. Throws SpecError when it would not fit.
RowMatrix encodingMatrix(const EncodingSpec& spec);

/// Row r of a binned view covers rows [binStart(r), binStart(r+1)) of the full matrix.
std::int64_t binStart(std::int64_t rowCount, std::int64_t bins, std::int64_t bin);
/// The bin (of `bins` over `rowCount` rows, binStart's boundaries) that holds `row`: what a
/// hover over a binned map names. `row` is clamped to the rows.
std::int64_t binOfRow(std::int64_t row, std::int64_t rowCount, std::int64_t bins);

/// Fills out (bins × d_model) with the exact average of the encoding over each bin of the rows
/// firstRow … firstRow+rowCount−1, through the closed-form sum of sin/cos over integer positions:
/// the level of detail that shows large matrices without aliasing. With bins == rowCount
/// each bin is one row and the values are the encoding itself.
void fillBinnedEncoding(const EncodingSpec& spec, std::int64_t firstRow, std::int64_t rowCount,
                        Eigen::Ref<RowMatrix> out);

/// Exact box averages over rows, for a picture with fewer pixels than rows: out(i, ·) is the
/// mean of the encoding over the row interval [rowLower + i·h, rowLower + (i+1)·h),
/// h = (rowUpper − rowLower) / out.rows(), each row weighted by the length it shares with that
/// interval (row r covers [r, r + 1)). Pixel edges need not fall on row edges: a pixel that
/// covers 2.5 rows averages two whole rows and half of a third. O(1) per value through the
/// closed-form sum of sin/cos over integer positions. Needs 0 ≤ rowLower < rowUpper ≤ max_len,
/// h ≥ 1 and d_model columns; throws SpecError otherwise.
void fillRowBoxAverages(const EncodingSpec& spec, double rowLower, double rowUpper, Eigen::Ref<RowMatrix> out);

/// Columns firstColumn … firstColumn + columnCount − 1 of rows firstRow … firstRow + rowCount − 1,
/// column c at out + c·columnStride (a column-major block): what a per-dimension transform
/// reads, without the rows around it. Each column's phase is turned row by row and taken
/// afresh every 256 rows (within 1e−13 of fillEncodingRows). Rows may run past max_len, as
/// in fillEncodingRows; throws SpecError on negative rows, columns outside d_model or columns
/// that would overlap (a stride below rowCount).
/// With CosineColumns::LessOne every cosine column holds cos θ − 1 instead (see there).
enum class CosineColumns {
    Value,   ///< cos θ
    /// cos θ − 1 = −2 sin²(θ/2): the column less a constant, to its full relative precision
    /// where θ stays near 0 (a slow pair over the first positions). cos θ itself rounds to
    /// 1 ± 1e−16 there, so a column whose mean is then removed (the spectrum) keeps mostly
    /// that rounding: 1e−9 relative error at base 500000, d_model 128, column 121.
    LessOne,
};
void fillEncodingColumns(const EncodingSpec& spec, std::int64_t firstRow, std::int64_t rowCount, int firstColumn,
                         int columnCount, double* out, std::ptrdiff_t columnStride,
                         CosineColumns cosines = CosineColumns::Value);

/// fillRowBoxAverages and then averageColumns over [columnLower, columnUpper), without the
/// bins × d_model matrix between them: what a heatmap with fewer pixels than dims needs.
void fillBoxAverages(const EncodingSpec& spec, double rowLower, double rowUpper, double columnLower,
                     double columnUpper, Eigen::Ref<RowMatrix> out);
/// The same for bins firstBin … firstBin + binCount − 1 of out alone, its other rows untouched:
/// threads that share a picture each fill a run of its rows. A run is turned from its own first
/// bin, so its values may differ from the whole picture's in the last digits (within 1e−13),
/// always the same for the same runs. Throws SpecError on a run outside out.
void fillBoxAverages(const EncodingSpec& spec, double rowLower, double rowUpper, double columnLower,
                     double columnUpper, Eigen::Ref<RowMatrix> out, std::int64_t firstBin, std::int64_t binCount);

/// The weights of averageColumns, worked out once for rows of `inputColumns` values and
/// applied to any number of them.
class ColumnAverager {
public:
    /// Throws SpecError unless 0 ≤ lower < upper ≤ inputColumns and bins ≥ 1.
    ColumnAverager(Eigen::Index inputColumns, double lower, double upper, Eigen::Index bins);
    /// out[0 … bins) from in[0 … inputColumns).
    void apply(const double* in, double* out) const;
    /// The same for `rows` (1 to 4) rows at once, their columns four by four in `tile` as
    /// simd::interleaveFourRows lays them out; row r's bins go to out + r·outStride.
    void applyToFour(const double* tile, double* out, std::ptrdiff_t outStride, int rows) const;
    /// Output column `bin`'s weights, for input columns firstOf(bin) onwards (for inputs that are
    /// not rows of doubles: the spectrum's whole columns of powers).
    std::ptrdiff_t firstOf(Eigen::Index bin) const { return m_first[static_cast<std::size_t>(bin)]; }
    std::span<const double> weightsOf(Eigen::Index bin) const
    {
        const auto j = static_cast<std::size_t>(bin);
        return {m_weights.data() + m_weightsAt[j], m_count[j]};
    }

private:
    // Output column j: count[j] input columns from first[j], their weights from weightsAt[j].
    std::vector<std::ptrdiff_t> m_first;
    std::vector<std::size_t> m_weightsAt, m_count;
    std::vector<double> m_weights;
    bool m_identity = false; ///< each output column is its own input column: apply copies
};

/// Rows made one after another, averaged to fewer columns four at a time while they are in
/// cache (simd::interleaveFourRows, then ColumnAverager::applyToFour): each weight serves four
/// rows and no sum waits on the one before. Row i (from 0) is written at row(i); after it,
/// rowDone(i, last, outRow, outStride) averages the group when it holds four rows or i is the
/// last, into outRow(i of the group's first row), its rows outStride apart.
class FourRowAverager {
public:
    FourRowAverager(const ColumnAverager& averager, std::size_t width)
        : m_averager(averager), m_width(width), m_rows(4 * width), m_tile(4 * width) {}
    double* row(std::int64_t i) { return m_rows.data() + static_cast<std::size_t>(i % 4) * m_width; }
    template <typename OutRow>
    void rowDone(std::int64_t i, bool last, OutRow outRow, std::ptrdiff_t outStride)
    {
        const int filled = static_cast<int>(i % 4) + 1;
        if (filled < 4 && !last)
            return;
        const double* group[4];
        for (int r = 0; r < 4; ++r) // a last group of fewer rows repeats its last one
            group[r] = m_rows.data() + static_cast<std::size_t>(std::min(r, filled - 1)) * m_width;
        interleave(group);
        m_averager.applyToFour(m_tile.data(), outRow(i - filled + 1), outStride, filled);
    }

private:
    void interleave(const double* const group[4]);
    const ColumnAverager& m_averager;
    std::size_t m_width;
    std::vector<double> m_rows, m_tile;
};

/// Exact box averages along each row of any matrix: out(r, j) is the mean of in(r, ·) over
/// the column interval [lower + j·w, lower + (j+1)·w), w = (upper − lower) / out.cols(), each
/// column weighted by the length it shares with that interval (column c covers [c, c + 1)).
/// Needs 0 ≤ lower < upper ≤ in.cols() and as many rows in both; throws SpecError otherwise.
void averageColumns(const Eigen::Ref<const RowMatrix>& in, double lower, double upper, Eigen::Ref<RowMatrix> out);

} // namespace pe::core
