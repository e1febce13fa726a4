// SPDX-License-Identifier: MIT
#include "core/grid.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

namespace pe::core {

namespace {

/// The side of a square count, or 0.
int squareSide(std::int64_t count)
{
    if (count < 4)
        return 0;
    const auto side = static_cast<std::int64_t>(std::llround(std::sqrt(static_cast<double>(count))));
    return side * side == count && side <= GridLimits::maxSide ? static_cast<int>(side) : 0;
}

std::string expectedCounts()
{
    return "a grid's rows are H·W patches, or a class token and H·W patches (197 = 1 + 14², 577 = 1 + 24², "
           "256 = 16²); set the grid (H × W) for a grid that is not square";
}

} // namespace

std::variant<GridShape, std::string> gridShapeFor(std::int64_t tokens, int rows, int cols, ClassToken classToken)
{
    const std::string count = std::to_string(tokens) + " rows";
    if (rows > 0 || cols > 0) {
        if (rows < GridLimits::minSide || cols < GridLimits::minSide || rows > GridLimits::maxSide
            || cols > GridLimits::maxSide)
            return "a grid of " + std::to_string(rows) + " × " + std::to_string(cols) + " is not allowed: each side "
                   + std::to_string(GridLimits::minSide) + " to " + std::to_string(GridLimits::maxSide);
        GridShape shape{rows, cols, false};
        const std::int64_t patches = shape.patches();
        if (classToken == ClassToken::Yes || (classToken == ClassToken::Auto && tokens == patches + 1))
            shape.classToken = true;
        if (shape.tokens() == tokens)
            return shape;
        return "the table's " + count + " do not match a grid of " + std::to_string(rows) + " × "
               + std::to_string(cols) + (classToken == ClassToken::Yes ? " with a class token" : "") + " ("
               + std::to_string(shape.tokens()) + " rows)";
    }
    if (classToken != ClassToken::No) {
        if (const int side = squareSide(tokens - 1))
            return GridShape{side, side, true};
        if (classToken == ClassToken::Yes)
            return "with a class token, " + count + " leave " + std::to_string(tokens - 1)
                   + " patches, which are no square grid: " + expectedCounts();
    }
    if (const int side = squareSide(tokens))
        return GridShape{side, side, false};
    return count + " are no grid: " + expectedCounts();
}

std::string describeGrid(const GridShape& shape)
{
    return std::to_string(shape.rows) + " × " + std::to_string(shape.cols) + " patches"
           + (shape.classToken ? " and a class token" : "");
}

RowMatrix mae2dSinCos(int dim, int rows, int cols, bool classToken)
{
    if (dim <= 0 || dim % 4 != 0 || rows <= 0 || cols <= 0)
        throw SpecError("2-D sin-cos needs a dimension divisible by 4 and a grid of at least 1 × 1");
    const int quarter = dim / 4;
    Eigen::VectorXd omega(quarter);
    for (int k = 0; k < quarter; ++k)
        omega[k] = 1.0 / std::pow(10000.0, static_cast<double>(k) / quarter);
    const int first = classToken ? 1 : 0;
    RowMatrix out = RowMatrix::Zero(first + std::int64_t{rows} * cols, dim);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            auto row = out.row(first + std::int64_t{r} * cols + c);
            for (int k = 0; k < quarter; ++k) {
                // The first half follows the column: MAE's meshgrid puts w first.
                row[k] = std::sin(c * omega[k]);
                row[quarter + k] = std::cos(c * omega[k]);
                row[2 * quarter + k] = std::sin(r * omega[k]);
                row[3 * quarter + k] = std::cos(r * omega[k]);
            }
        }
    return out;
}

GridRope axialGridRope(int dim, double theta)
{
    if (dim <= 0 || dim % 4 != 0)
        throw SpecError("axial 2-D RoPE needs a head dimension divisible by 4");
    const int quarter = dim / 4;
    GridRope rope{Eigen::VectorXd::Zero(2 * quarter), Eigen::VectorXd::Zero(2 * quarter)};
    for (int k = 0; k < quarter; ++k) {
        const double omega = 1.0 / std::pow(theta, static_cast<double>(4 * k) / dim);
        rope.fx[k] = omega;
        rope.fy[quarter + k] = omega;
    }
    return rope;
}

GridRope mixedGridRope(int dim, double angle, double theta)
{
    if (dim <= 0 || dim % 4 != 0)
        throw SpecError("RoPE-Mixed needs a head dimension divisible by 4");
    const int quarter = dim / 4;
    GridRope rope{Eigen::VectorXd(2 * quarter), Eigen::VectorXd(2 * quarter)};
    for (int k = 0; k < quarter; ++k) {
        const double magnitude = 1.0 / std::pow(theta, static_cast<double>(4 * k) / dim);
        rope.fx[k] = magnitude * std::cos(angle);
        rope.fy[k] = magnitude * std::sin(angle);
        rope.fx[quarter + k] = magnitude * std::cos(std::numbers::pi / 2 + angle);
        rope.fy[quarter + k] = magnitude * std::sin(std::numbers::pi / 2 + angle);
    }
    return rope;
}

double mixedRopeInitialAngle(int head)
{
    // 53 random bits per draw from mt19937_64 (fully specified by the standard, unlike the
    // distributions), so every build draws the same directions.
    std::mt19937_64 generator(20240315); // the paper's arXiv date (2403.13298)
    std::uint64_t bits = 0;
    for (int i = 0; i < std::max(head, 1); ++i)
        bits = generator() >> 11;
    return 2 * std::numbers::pi * static_cast<double>(bits) * 0x1.0p-53;
}

GridRope mropeGridRope(int dim, double base, const std::array<int, 3>& sections)
{
    if (dim <= 0 || dim % 2 != 0 || sections[0] < 0 || sections[1] < 0 || sections[2] < 0
        || sections[0] + sections[1] + sections[2] != dim / 2)
        throw SpecError("M-RoPE needs an even head dimension and sections that sum to its pairs");
    const int pairs = dim / 2;
    GridRope rope{Eigen::VectorXd::Zero(pairs), Eigen::VectorXd::Zero(pairs)};
    for (int k = 0; k < pairs; ++k) {
        const double omega = std::pow(base, -2.0 * k / dim);
        if (k >= sections[0] + sections[1])
            rope.fx[k] = omega; // width
        else if (k >= sections[0])
            rope.fy[k] = omega; // height
    }
    return rope;
}

std::array<int, 3> mropeSections(int pairs)
{
    const int temporal = pairs / 4;
    const int height = (pairs - temporal) / 2;
    return {temporal, height, pairs - temporal - height};
}

GridRope maeGridRope(int dim)
{
    if (dim <= 0 || dim % 4 != 0)
        throw SpecError("2-D sin-cos needs a dimension divisible by 4");
    const int quarter = dim / 4;
    GridRope rope{Eigen::VectorXd::Zero(2 * quarter), Eigen::VectorXd::Zero(2 * quarter)};
    for (int k = 0; k < quarter; ++k) {
        const double omega = 1.0 / std::pow(10000.0, static_cast<double>(k) / quarter);
        rope.fx[k] = omega;
        rope.fy[quarter + k] = omega;
    }
    return rope;
}

RowMatrix gridRopeSimilarity(const GridRope& rope, int rows, int cols)
{
    const int pairs = rope.pairs();
    if (rows <= 0 || cols <= 0 || pairs <= 0)
        throw SpecError("the similarity of a grid needs a grid and at least one pair");
    // S over offsets Δr = dr − (rows − 1) and Δc = dc − (cols − 1), as a (2·rows − 1) × (2·cols − 1) table.
    const int offsetRows = 2 * rows - 1, offsetCols = 2 * cols - 1;
    Eigen::VectorXd alongCols = Eigen::VectorXd::Zero(offsetCols), alongRows = Eigen::VectorXd::Zero(offsetRows);
    RowMatrix mixed = RowMatrix::Zero(offsetRows, offsetCols);
    double still = 0; // pairs that do not turn across the grid (M-RoPE's temporal ones)
    std::vector<double> cosR(static_cast<std::size_t>(offsetRows)), sinR(cosR.size());
    std::vector<double> cosC(static_cast<std::size_t>(offsetCols)), sinC(cosC.size());
    for (int k = 0; k < pairs; ++k) {
        const double fx = rope.fx[k], fy = rope.fy[k];
        if (fx == 0 && fy == 0) {
            still += 1;
        } else if (fy == 0) {
            for (int dc = 0; dc < offsetCols; ++dc)
                alongCols[dc] += std::cos((dc - (cols - 1)) * fx);
        } else if (fx == 0) {
            for (int dr = 0; dr < offsetRows; ++dr)
                alongRows[dr] += std::cos((dr - (rows - 1)) * fy);
        } else { // RoPE-Mixed: cos(a + b) = cos a cos b − sin a sin b from one table per axis
            for (int dr = 0; dr < offsetRows; ++dr) {
                cosR[std::size_t(dr)] = std::cos((dr - (rows - 1)) * fy);
                sinR[std::size_t(dr)] = std::sin((dr - (rows - 1)) * fy);
            }
            for (int dc = 0; dc < offsetCols; ++dc) {
                cosC[std::size_t(dc)] = std::cos((dc - (cols - 1)) * fx);
                sinC[std::size_t(dc)] = std::sin((dc - (cols - 1)) * fx);
            }
            for (int dr = 0; dr < offsetRows; ++dr)
                for (int dc = 0; dc < offsetCols; ++dc)
                    mixed(dr, dc) += cosR[std::size_t(dr)] * cosC[std::size_t(dc)] - sinR[std::size_t(dr)] * sinC[std::size_t(dc)];
        }
    }
    for (int dr = 0; dr < offsetRows; ++dr)
        for (int dc = 0; dc < offsetCols; ++dc)
            mixed(dr, dc) = (mixed(dr, dc) + alongRows[dr] + alongCols[dc] + still) / pairs;
    const std::int64_t patches = std::int64_t{rows} * cols;
    RowMatrix out(patches, patches);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            auto row = out.row(std::int64_t{r} * cols + c);
            for (int r2 = 0; r2 < rows; ++r2) // offset (r − r2, c − c2): a run of the table's row
                row.segment(std::int64_t{r2} * cols, cols) =
                    mixed.row(r - r2 + rows - 1).segment(c, cols).reverse();
        }
    return out;
}

RowMatrix ropeGridDimension(const GridRope& rope, int rows, int cols, int dim)
{
    const int pair = std::clamp(dim / 2, 0, rope.pairs() - 1);
    RowMatrix out(rows, cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            out(r, c) = dim % 2 == 0 ? std::cos(rope.angle(pair, r, c)) : std::sin(rope.angle(pair, r, c));
    return out;
}

RowMatrix maeGridDimension(int dim, int dims, int rows, int cols)
{
    const int quarter = std::max(dims / 4, 1);
    const int block = std::clamp(dim / quarter, 0, 3), k = dim % quarter;
    const double omega = 1.0 / std::pow(10000.0, static_cast<double>(k) / quarter);
    RowMatrix out(rows, cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            const double angle = (block < 2 ? c : r) * omega;
            out(r, c) = block % 2 == 0 ? std::sin(angle) : std::cos(angle);
        }
    return out;
}

double ropeGridScore(const GridRope& rope, const Eigen::VectorXd& q, const Eigen::VectorXd& k, int qr, int qc, int kr,
                     int kc)
{
    double score = 0;
    for (int p = 0; p < rope.pairs(); ++p) {
        const double a = rope.angle(p, qr, qc), b = rope.angle(p, kr, kc);
        const double q0 = q[2 * p] * std::cos(a) - q[2 * p + 1] * std::sin(a);
        const double q1 = q[2 * p] * std::sin(a) + q[2 * p + 1] * std::cos(a);
        const double k0 = k[2 * p] * std::cos(b) - k[2 * p + 1] * std::sin(b);
        const double k1 = k[2 * p] * std::sin(b) + k[2 * p + 1] * std::cos(b);
        score += q0 * k0 + q1 * k1;
    }
    return score;
}

RowMatrix rowCosineSimilarity(const RowMatrix& rows)
{
    Eigen::VectorXd inverse = rows.rowwise().norm();
    for (Eigen::Index i = 0; i < inverse.size(); ++i)
        inverse[i] = inverse[i] > 0 ? 1.0 / inverse[i] : 0.0;
    const RowMatrix unit = inverse.asDiagonal() * rows;
    RowMatrix out = unit * unit.transpose();
    return out;
}

Eigen::VectorXd cosineWithRows(const Eigen::VectorXd& vector, const RowMatrix& rows)
{
    const double norm = vector.norm();
    Eigen::VectorXd out = Eigen::VectorXd::Zero(rows.rows());
    if (norm == 0)
        return out;
    for (Eigen::Index i = 0; i < rows.rows(); ++i) {
        const double n = rows.row(i).norm();
        out[i] = n > 0 ? rows.row(i).dot(vector) / (n * norm) : 0.0;
    }
    return out;
}

namespace {

// PyTorch's upsample_bicubic2d (aten/src/ATen/native/UpSample.h): the cubic convolution
// kernel with A = −0.75, source index (dst + 0.5)·scale − 0.5, not clamped below 0 for cubic.
constexpr double cubicA = -0.75;
double cubicNear(double x) { return ((cubicA + 2) * x - (cubicA + 3)) * x * x + 1; }            // |x| ≤ 1
double cubicFar(double x) { return ((cubicA * x - 5 * cubicA) * x + 8 * cubicA) * x - 4 * cubicA; } // 1 < |x| < 2

struct Taps {
    std::array<int, 4> index;
    std::array<double, 4> weight;
};

std::vector<Taps> bicubicTaps(int in, int out)
{
    std::vector<Taps> taps(static_cast<std::size_t>(out));
    const double scale = static_cast<double>(in) / out;
    for (int d = 0; d < out; ++d) {
        const double source = (d + 0.5) * scale - 0.5;
        const double floor = std::floor(source);
        const double t = source - floor;
        Taps& tap = taps[static_cast<std::size_t>(d)];
        tap.weight = {cubicFar(t + 1), cubicNear(t), cubicNear(1 - t), cubicFar(2 - t)};
        for (int j = 0; j < 4; ++j)
            tap.index[static_cast<std::size_t>(j)] = std::clamp(static_cast<int>(floor) - 1 + j, 0, in - 1);
    }
    return taps;
}

} // namespace

RowMatrix resizeGridBicubic(const RowMatrix& patches, int rows, int cols, int newRows, int newCols)
{
    if (rows <= 0 || cols <= 0 || newRows <= 0 || newCols <= 0 || patches.rows() != std::int64_t{rows} * cols)
        throw SpecError("a bicubic resize needs rows × cols patches and a grid of at least 1 × 1");
    const std::vector<Taps> down = bicubicTaps(rows, newRows), across = bicubicTaps(cols, newCols);
    // Across first (rows × newCols), then down, as the separable kernel allows.
    RowMatrix wide(std::int64_t{rows} * newCols, patches.cols());
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < newCols; ++c) {
            const Taps& t = across[static_cast<std::size_t>(c)];
            auto out = wide.row(std::int64_t{r} * newCols + c);
            out.setZero();
            for (std::size_t j = 0; j < 4; ++j)
                out += t.weight[j] * patches.row(std::int64_t{r} * cols + t.index[j]);
        }
    RowMatrix result(std::int64_t{newRows} * newCols, patches.cols());
    for (int r = 0; r < newRows; ++r) {
        const Taps& t = down[static_cast<std::size_t>(r)];
        for (int c = 0; c < newCols; ++c) {
            auto out = result.row(std::int64_t{r} * newCols + c);
            out.setZero();
            for (std::size_t j = 0; j < 4; ++j)
                out += t.weight[j] * wide.row(std::int64_t{t.index[j]} * newCols + c);
        }
    }
    return result;
}

RowMatrix gridTilesImage(const RowMatrix& similarity, int rows, int cols)
{
    const std::int64_t patches = std::int64_t{rows} * cols;
    if (similarity.rows() != patches || similarity.cols() != patches)
        throw SpecError("the tiles need the patches' similarity matrix");
    RowMatrix out(std::int64_t{rows} * rows, std::int64_t{cols} * cols);
    for (int tr = 0; tr < rows; ++tr)
        for (int tc = 0; tc < cols; ++tc) {
            const auto from = similarity.row(std::int64_t{tr} * cols + tc);
            for (int r = 0; r < rows; ++r)
                out.row(std::int64_t{tr} * rows + r).segment(std::int64_t{tc} * cols, cols) =
                    from.segment(std::int64_t{r} * cols, cols);
        }
    return out;
}

} // namespace pe::core
