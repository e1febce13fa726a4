// SPDX-License-Identifier: MIT
#include "core/heads.h"

#include "core/encoding.h"

#include <Eigen/Dense>

#include <cmath>
#include <cstring>
#include <stdexcept>

namespace pe::core {

int tensorTypeBytes(TensorType type)
{
    switch (type) {
    case TensorType::Float64: return 8;
    case TensorType::Float32: return 4;
    case TensorType::Float16:
    case TensorType::BFloat16: return 2;
    }
    return 0;
}

double widen(const unsigned char* p, TensorType type)
{
    // Checkpoints are little-endian (safetensors says so); so is every machine we build for.
    switch (type) {
    case TensorType::Float64: {
        double v;
        std::memcpy(&v, p, 8);
        return v;
    }
    case TensorType::Float32: {
        float v;
        std::memcpy(&v, p, 4);
        return v;
    }
    case TensorType::BFloat16: { // the top half of a float32
        const std::uint32_t bits = std::uint32_t(p[0]) << 16 | std::uint32_t(p[1]) << 24;
        float v;
        std::memcpy(&v, &bits, 4);
        return v;
    }
    case TensorType::Float16: {
        const unsigned bits = unsigned(p[0]) | unsigned(p[1]) << 8;
        const double sign = bits & 0x8000u ? -1.0 : 1.0;
        const int exponent = int(bits >> 10 & 0x1fu);
        const int mantissa = int(bits & 0x3ffu);
        if (exponent == 0)
            return sign * std::ldexp(mantissa, -24); // zero and subnormals
        if (exponent == 31)
            return mantissa ? std::nan("") : sign * HUGE_VAL;
        return sign * std::ldexp(1024 + mantissa, exponent - 25);
    }
    }
    return 0;
}

double TensorRef::at(std::int64_t row, std::int64_t column) const
{
    return widen(data + (row * columns + column) * tensorTypeBytes(type), type);
}

void TensorRef::readRow(std::int64_t row, double* out) const
{
    const int bytes = tensorTypeBytes(type);
    const unsigned char* p = data + row * columns * bytes;
    if (type == TensorType::Float32) { // the common case, without a switch per value
        for (std::int64_t c = 0; c < columns; ++c) {
            float v;
            std::memcpy(&v, p + c * 4, 4);
            out[c] = v;
        }
        return;
    }
    for (std::int64_t c = 0; c < columns; ++c)
        out[c] = widen(p + c * bytes, type);
}

Eigen::MatrixXd TensorRef::toMatrix() const
{
    Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> m(rows, columns);
    for (std::int64_t r = 0; r < rows; ++r)
        readRow(r, m.row(r).data());
    return m;
}

Eigen::VectorXd TensorRef::toVector() const
{
    Eigen::VectorXd v(rows * columns);
    for (std::int64_t r = 0; r < rows; ++r)
        readRow(r, v.data() + r * columns);
    return v;
}

Eigen::VectorXd meanRow(const TensorRef& rows)
{
    Eigen::VectorXd sum = Eigen::VectorXd::Zero(rows.columns), row(rows.columns);
    for (std::int64_t r = 0; r < rows.rows; ++r) {
        rows.readRow(r, row.data());
        sum += row;
    }
    return rows.rows > 0 ? Eigen::VectorXd(sum / double(rows.rows)) : sum;
}

Eigen::MatrixXd layerNorm(const Eigen::MatrixXd& x, const Eigen::VectorXd& weight, const Eigen::VectorXd& bias, double eps)
{
    Eigen::MatrixXd out(x.rows(), x.cols());
    for (Eigen::Index r = 0; r < x.rows(); ++r) {
        const double mean = x.row(r).mean();
        const Eigen::RowVectorXd centred = x.row(r).array() - mean;
        const double variance = centred.squaredNorm() / double(x.cols());
        out.row(r) = (centred / std::sqrt(variance + eps)).cwiseProduct(weight.transpose()) + bias.transpose();
    }
    return out;
}

Eigen::VectorXd meanRmsDirection(const TensorRef& rows, double eps)
{
    Eigen::VectorXd sum = Eigen::VectorXd::Zero(rows.columns), row(rows.columns);
    for (std::int64_t r = 0; r < rows.rows; ++r) {
        rows.readRow(r, row.data());
        sum += row / std::sqrt(row.squaredNorm() / double(rows.columns) + eps);
    }
    return rows.rows > 0 ? Eigen::VectorXd(sum / double(rows.rows)) : sum;
}

Eigen::VectorXd meanRmsNormRow(const TensorRef& rows, const Eigen::VectorXd& weight, double eps)
{
    // The weight multiplies every normalised row: once, on the mean.
    return meanRmsDirection(rows, eps).cwiseProduct(weight);
}

Eigen::VectorXd matrixTimesVector(const TensorRef& w, const Eigen::VectorXd& x)
{
    Eigen::VectorXd out(w.rows), row(w.columns);
    for (std::int64_t r = 0; r < w.rows; ++r) {
        w.readRow(r, row.data());
        out[r] = row.dot(x);
    }
    return out;
}

Eigen::MatrixXd timesTensor(const Eigen::MatrixXd& x, const TensorRef& w)
{
    // Row k of W adds x[:, k]·W[k, :]: W is read once, row by row, in the order it lies.
    Eigen::MatrixXd out = Eigen::MatrixXd::Zero(x.rows(), w.columns);
    Eigen::RowVectorXd row(w.columns);
    for (std::int64_t k = 0; k < w.rows; ++k) {
        w.readRow(k, row.data());
        out.noalias() += x.col(k) * row;
    }
    return out;
}

Eigen::MatrixXd timesTensorTransposed(const Eigen::MatrixXd& x, const TensorRef& w)
{
    Eigen::MatrixXd out(x.rows(), w.rows);
    Eigen::VectorXd row(w.columns);
    for (std::int64_t r = 0; r < w.rows; ++r) {
        w.readRow(r, row.data());
        out.col(r).noalias() = x * row;
    }
    return out;
}

Eigen::MatrixXd headScores(const ProjectedHeads& heads, int head)
{
    const auto q = heads.queries.middleCols(Eigen::Index(head) * heads.headDim, heads.headDim);
    const auto k = heads.keys.middleCols(Eigen::Index(head) * heads.headDim, heads.headDim);
    return q * k.transpose() / std::sqrt(double(heads.headDim));
}

Eigen::MatrixXd rowSoftmax(const Eigen::MatrixXd& scores, bool causal)
{
    Eigen::MatrixXd out = Eigen::MatrixXd::Zero(scores.rows(), scores.cols());
    for (Eigen::Index i = 0; i < scores.rows(); ++i) {
        const Eigen::Index keys = causal ? std::min(i + 1, scores.cols()) : scores.cols();
        if (keys == 0)
            continue;
        const auto row = scores.row(i).head(keys);
        const double largest = row.maxCoeff(); // e^(s − max): no overflow
        const Eigen::RowVectorXd e = (row.array() - largest).exp();
        out.row(i).head(keys) = e / e.sum();
    }
    return out;
}

Eigen::VectorXd offsetMeans(const Eigen::MatrixXd& scores)
{
    const Eigen::Index length = std::min(scores.rows(), scores.cols());
    Eigen::VectorXd means(length);
    for (Eigen::Index delta = 0; delta < length; ++delta) {
        double sum = 0;
        for (Eigen::Index i = delta; i < length; ++i)
            sum += scores(i, i - delta);
        means[delta] = sum / double(length - delta);
    }
    return means;
}

double toeplitzShare(const Eigen::MatrixXd& scores, bool causal)
{
    const Eigen::Index n = scores.rows();
    if (n == 0 || scores.cols() != n)
        return 1;
    // Diagonal d = i − j + (n − 1): its sum and count, then the residual around each mean.
    std::vector<double> sums(std::size_t(2 * n - 1), 0.0);
    std::vector<std::int64_t> counts(sums.size(), 0);
    double total = 0;
    std::int64_t cells = 0;
    for (Eigen::Index j = 0; j < n; ++j)
        for (Eigen::Index i = causal ? j : 0; i < n; ++i) {
            const std::size_t d = std::size_t(i - j + n - 1);
            sums[d] += scores(i, j);
            ++counts[d];
            total += scores(i, j);
            ++cells;
        }
    const double mean = total / double(cells);
    double variance = 0, residual = 0;
    for (Eigen::Index j = 0; j < n; ++j)
        for (Eigen::Index i = causal ? j : 0; i < n; ++i) {
            const std::size_t d = std::size_t(i - j + n - 1);
            const double s = scores(i, j);
            variance += (s - mean) * (s - mean);
            const double r = s - sums[d] / double(counts[d]);
            residual += r * r;
        }
    return variance > 0 ? 1 - residual / variance : 1; // a constant S: the offset decides it, trivially
}

RotaryHeads rotaryHeads(const Eigen::VectorXd& meanQuery, const Eigen::VectorXd& meanKey, int heads, int kvHeads, int headDim,
                        int rotaryDim, bool interleaved, const Eigen::VectorXd& theta, double attentionFactor)
{
    if (heads <= 0 || kvHeads <= 0 || heads % kvHeads != 0 || rotaryDim % 2 != 0 || rotaryDim > headDim
        || meanQuery.size() != Eigen::Index(heads) * headDim || meanKey.size() != Eigen::Index(kvHeads) * headDim
        || theta.size() != rotaryDim / 2)
        throw std::invalid_argument("rotaryHeads: shapes that do not fit");
    const int pairs = rotaryDim / 2;
    const int perGroup = heads / kvHeads;
    RotaryHeads out;
    out.queries.resize(heads, pairs);
    out.keys.resize(heads, pairs);
    out.theta = theta;
    out.headDim = headDim;
    out.attentionFactor = attentionFactor;
    auto pair = [&](const Eigen::VectorXd& x, int head, int k) {
        const Eigen::Index at = Eigen::Index(head) * headDim;
        return interleaved ? std::complex<double>(x[at + 2 * k], x[at + 2 * k + 1]) : std::complex<double>(x[at + k], x[at + k + pairs]);
    };
    for (int h = 0; h < heads; ++h)
        for (int k = 0; k < pairs; ++k) {
            out.queries(h, k) = pair(meanQuery, h, k);
            out.keys(h, k) = pair(meanKey, h / perGroup, k);
        }
    return out;
}

Eigen::MatrixXd rotaryAmplitudes(const RotaryHeads& heads)
{
    return heads.queries.cwiseAbs().cwiseProduct(heads.keys.cwiseAbs());
}

namespace {

/// a² · z_q · conj(z_k) / sqrt(headDim): the coefficient of e^{iΔθ_k} in head h's kernel.
Eigen::MatrixXcd kernelCoefficients(const RotaryHeads& heads)
{
    const double scale = heads.attentionFactor * heads.attentionFactor / std::sqrt(double(heads.headDim));
    return heads.queries.cwiseProduct(heads.keys.conjugate()) * scale;
}

/// cos(Δθ_k) and sin(Δθ_k) for Δ = 0 … n−1 (rows) and every pair k (columns).
void phases(const Eigen::VectorXd& theta, std::int64_t n, Eigen::MatrixXd& cosines, Eigen::MatrixXd& sines)
{
    cosines.resize(n, theta.size());
    sines.resize(n, theta.size());
    for (Eigen::Index k = 0; k < theta.size(); ++k)
        for (std::int64_t delta = 0; delta < n; ++delta) {
            const double angle = double(delta) * theta[k];
            cosines(delta, k) = std::cos(angle);
            sines(delta, k) = std::sin(angle);
        }
}

} // namespace

Eigen::MatrixXd rotaryKernel(const RotaryHeads& heads, std::int64_t length)
{
    const Eigen::MatrixXcd c = kernelCoefficients(heads);
    // Re(c · e^{iΔθ}) = Re(c)·cos(Δθ) − Im(c)·sin(Δθ): the phases once, then two products.
    Eigen::MatrixXd cosines, sines;
    phases(heads.theta, length, cosines, sines);
    Eigen::MatrixXd kernel = cosines * c.real().transpose();
    kernel.noalias() -= sines * c.imag().transpose();
    return kernel;
}

Eigen::VectorXd rotaryKernelByOffset(const RotaryHeads& heads, int head, std::int64_t n)
{
    const Eigen::RowVectorXcd c = kernelCoefficients(heads).row(head);
    Eigen::VectorXd byOffset(2 * n - 1);
    for (std::int64_t d = -(n - 1); d < n; ++d) {
        double sum = 0;
        for (Eigen::Index k = 0; k < c.size(); ++k) {
            const double angle = double(d) * heads.theta[k];
            sum += c[k].real() * std::cos(angle) - c[k].imag() * std::sin(angle);
        }
        byOffset[d + n - 1] = sum;
    }
    return byOffset;
}

Eigen::MatrixXd rotaryKernelBothWays(const RotaryHeads& heads, std::int64_t n)
{
    const Eigen::MatrixXcd c = kernelCoefficients(heads);
    // Re(c · e^{±iΔθ}) = Re(c)·cos(Δθ) ∓ Im(c)·sin(Δθ) for Δ ≥ 0: the phases once, then two products.
    Eigen::MatrixXd cosines, sines;
    phases(heads.theta, n, cosines, sines);
    const Eigen::MatrixXd even = cosines * c.real().transpose(), odd = sines * c.imag().transpose();
    Eigen::MatrixXd both(2 * n - 1, c.rows());
    both.bottomRows(n) = even - odd;                   // Δ = 0 … n−1
    both.topRows(n) = (even + odd).colwise().reverse(); // Δ = −(n−1) … 0
    return both;
}

Eigen::MatrixXd binnedToeplitz(const Eigen::VectorXd& byOffset, std::int64_t n, std::int64_t rowBins, std::int64_t columnBins)
{
    // P(m) = Σ_{t<m} byOffset[t], Q(m) = Σ_{t<m} P(t). The cells of rows [r0, r1) and columns
    // [c0, c1) sum to Σ_i (P(i − c0 + n) − P(i − c1 + n)) = Q(r1 − c0 + n) − Q(r0 − c0 + n) −
    // Q(r1 − c1 + n) + Q(r0 − c1 + n). Long double: the sums of sums cancel in the difference.
    std::vector<long double> p(std::size_t(2 * n), 0.0L), q(std::size_t(2 * n + 1), 0.0L);
    for (std::int64_t t = 0; t + 1 < 2 * n; ++t)
        p[std::size_t(t + 1)] = p[std::size_t(t)] + byOffset[t];
    for (std::int64_t t = 0; t < 2 * n; ++t)
        q[std::size_t(t + 1)] = q[std::size_t(t)] + p[std::size_t(t)];
    const auto at = [&](std::int64_t m) { return q[std::size_t(m)]; };
    Eigen::MatrixXd out(rowBins, columnBins);
    for (std::int64_t b = 0; b < rowBins; ++b) {
        const std::int64_t r0 = binStart(n, rowBins, b), r1 = binStart(n, rowBins, b + 1);
        for (std::int64_t c = 0; c < columnBins; ++c) {
            const std::int64_t c0 = binStart(n, columnBins, c), c1 = binStart(n, columnBins, c + 1);
            const long double sum = at(r1 - c0 + n) - at(r0 - c0 + n) - at(r1 - c1 + n) + at(r0 - c1 + n);
            out(b, c) = double(sum / ((long double)(r1 - r0) * (long double)(c1 - c0)));
        }
    }
    return out;
}

Eigen::MatrixXd rotaryScores(const RotaryHeads& heads, int head, std::int64_t length)
{
    // One value per offset, spread along the diagonals.
    const Eigen::VectorXd byOffset = rotaryKernelByOffset(heads, head, length);
    Eigen::MatrixXd scores(length, length);
    for (std::int64_t j = 0; j < length; ++j)
        for (std::int64_t i = 0; i < length; ++i)
            scores(i, j) = byOffset[i - j + length - 1];
    return scores;
}

} // namespace pe::core
