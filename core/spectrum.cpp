// SPDX-License-Identifier: MIT
#include "core/spectrum.h"

#include "core/simd.h"

#include <Eigen/Eigenvalues>
#include <fftw3.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <numbers>
#include <vector>

namespace pe::core {

double spectrumBinFrequency(std::int64_t bin, int fftLength)
{
    return 2.0 * std::numbers::pi * static_cast<double>(bin) / static_cast<double>(fftLength);
}

namespace {

/// Columns transformed per FFTW call: their buffers (0.5 MiB in, 0.5 MiB out at 1024 points)
/// are kept per thread, so that a frame never touches fresh memory.
constexpr int columnsPerBatch = 16;
/// A column's place in the input buffer: its length and a cache line more, so that the 64
/// columns written row by row do not all fall into one cache set (a power-of-two stride does).
int columnStride(int n) { return n + 8; }

/// FFTW's planner is not thread-safe; executing a plan on new arrays is. One plan per length,
/// made once (FFTW_ESTIMATE: no timing runs, the same plan every time), shared by all threads.
fftw_plan batchPlan(int n, double* in, fftw_complex* out)
{
    static std::mutex mutex;
    // Never destroyed, like the frame's second thread that may still use a plan at exit: the
    // plans stay reachable (a destroyed map would leave them leaked) and valid to the end.
    static auto* plans = new std::map<int, fftw_plan>;
    const std::lock_guard lock(mutex);
    fftw_plan& plan = (*plans)[n];
    if (!plan) {
        int length = n;
        plan = fftw_plan_many_dft_r2c(1, &length, columnsPerBatch, in, nullptr, 1, columnStride(n), out, nullptr, 1,
                                      n / 2 + 1, FFTW_ESTIMATE);
    }
    return plan;
}

struct FftBuffers {
    int n = 0;
    double* in = nullptr;
    fftw_complex* out = nullptr;
    void reserve(int length)
    {
        if (n == length)
            return;
        release();
        n = length;
        // fftw_malloc: the SIMD alignment every plan was made for.
        in = fftw_alloc_real(static_cast<std::size_t>(columnsPerBatch) * columnStride(length));
        out = fftw_alloc_complex(static_cast<std::size_t>(columnsPerBatch) * (length / 2 + 1));
    }
    void release()
    {
        fftw_free(in);
        fftw_free(out);
        in = nullptr;
        out = nullptr;
    }
    ~FftBuffers() { release(); }
};

/// This thread's buffers, and its Hann window of `positions` values (kept for the last length:
/// a slider step makes the same one), shared by every kind of batch.
FftBuffers& threadBuffers(int length)
{
    thread_local FftBuffers buffers;
    buffers.reserve(length);
    return buffers;
}

const Eigen::VectorXd& threadWindow(Eigen::Index positions)
{
    thread_local Eigen::VectorXd window;
    if (window.size() != positions) {
        window = Eigen::VectorXd::Ones(positions);
        if (positions > 1)
            for (Eigen::Index p = 0; p < positions; ++p)
                window[p] = 0.5 * (1 - std::cos(2 * std::numbers::pi * static_cast<double>(p) / static_cast<double>(positions - 1)));
    }
    return window;
}

/// The transforms of dims firstDim … firstDim + dimCount − 1, a batch at a time: dim d's
/// powers (relative to its peak) at place(d, c) (c its place in the batch), then
/// done(first, count, dominant) with the batch's dominant ω.
template <typename Place, typename Done>
void transformBatches(std::int64_t positionCount, Eigen::Index firstDim, Eigen::Index dimCount, const SpectrumColumns& columns,
                      Place place, Done done)
{
    const int n = spectrumFftLength(positionCount);
    const Eigen::Index bins = n / 2 + 1;
    FftBuffers& buffers = threadBuffers(n);
    const fftw_plan plan = batchPlan(n, buffers.in, buffers.out);
    const auto positions = static_cast<Eigen::Index>(std::min<std::int64_t>(positionCount, SpectrumLimits::maxPositions));
    const Eigen::VectorXd& window = threadWindow(positions);
    const Eigen::Index end = firstDim + dimCount;
    double dominant[columnsPerBatch];
    for (Eigen::Index first = firstDim; first < end; first += columnsPerBatch) {
        const Eigen::Index count = std::min<Eigen::Index>(columnsPerBatch, end - first);
        // Each column of the batch, mean removed and zero-padded, one after another: zeros past
        // its positions, and in the batch's columns left unused (the last batch's).
        const int stride = columnStride(n);
        for (Eigen::Index c = 0; c < columnsPerBatch; ++c) {
            double* column = buffers.in + c * stride;
            std::fill(column + (c < count ? positions : 0), column + stride, 0.0);
        }
        columns(first, count, buffers.in, stride);
        // Each column's mean taken away and the window applied in one pass over it.
        for (Eigen::Index c = 0; c < count; ++c)
            simd::centreAndWindow(buffers.in + c * stride, window.data(), static_cast<std::size_t>(positions));
        fftw_execute_dft_r2c(plan, buffers.in, buffers.out);
        for (Eigen::Index c = 0; c < count; ++c) {
            const fftw_complex* transform = buffers.out + c * bins;
            double* power = place(first + c, c);
            const auto peakBin = static_cast<Eigen::Index>(simd::powersAndPeak(transform[0], power, static_cast<std::size_t>(bins)));
            const double peak = power[peakBin];
            // A constant column (or one of NaN: no peak) has no frequency: its spectrum is 0.
            Eigen::Map<Eigen::VectorXd>(power, bins) *= peak > 0 ? 1.0 / peak : 0.0;
            dominant[c] = peak > 0 ? spectrumBinFrequency(peakBin, n) : 0.0;
        }
        done(first, count, static_cast<const double*>(dominant));
    }
}

} // namespace

int spectrumFftLength(std::int64_t positions)
{
    int n = 2;
    while (n < std::min<std::int64_t>(positions, SpectrumLimits::maxPositions))
        n *= 2;
    return n;
}

PositionSpectrum positionSpectrum(const Eigen::Ref<const RowMatrix>& rows)
{
    const std::int64_t positions = std::min<std::int64_t>(rows.rows(), SpectrumLimits::maxPositions);
    return positionSpectrum(positions, rows.cols(), [&](Eigen::Index first, Eigen::Index count, double* out, std::ptrdiff_t stride) {
        // Row by row: the source's rows are contiguous, the batch's columns are sequential streams.
        for (Eigen::Index p = 0; p < positions; ++p) {
            const double* source = rows.row(p).data() + first;
            for (Eigen::Index c = 0; c < count; ++c)
                out[c * stride + p] = source[c];
        }
    });
}

PositionSpectrum emptySpectrum(std::int64_t positionCount, Eigen::Index dims)
{
    PositionSpectrum s;
    s.positions = std::min<std::int64_t>(positionCount, SpectrumLimits::maxPositions);
    s.fftLength = spectrumFftLength(s.positions);
    s.power.resize(s.fftLength / 2 + 1, dims);
    s.dominant = Eigen::VectorXd::Zero(dims);
    return s;
}

void fillSpectrumColumns(PositionSpectrum& s, Eigen::Index firstDim, Eigen::Index dimCount, const SpectrumColumns& columns)
{
    transformBatches(
        s.positions, firstDim, dimCount, columns, [&](Eigen::Index dim, Eigen::Index) { return s.power.col(dim).data(); },
        [&](Eigen::Index first, Eigen::Index count, const double* dominant) {
            std::copy(dominant, dominant + count, s.dominant.data() + first);
        });
}

void spectrumBatches(std::int64_t positions, Eigen::Index firstDim, Eigen::Index dimCount, const SpectrumColumns& columns,
                     const SpectrumBatch& batch)
{
    thread_local std::vector<double> powers; // kept: a slider step touches no fresh memory
    const auto bins = static_cast<std::size_t>(spectrumFftLength(positions) / 2 + 1);
    powers.resize(columnsPerBatch * bins);
    transformBatches(
        positions, firstDim, dimCount, columns,
        [&](Eigen::Index, Eigen::Index c) { return powers.data() + static_cast<std::size_t>(c) * bins; },
        [&](Eigen::Index first, Eigen::Index count, const double* dominant) { batch(first, count, powers.data(), dominant); });
}

PositionSpectrum positionSpectrum(std::int64_t positionCount, Eigen::Index dims, const SpectrumColumns& columns)
{
    PositionSpectrum s = emptySpectrum(positionCount, dims);
    fillSpectrumColumns(s, 0, dims, columns);
    return s;
}

SpectrumColumns sinusoidColumns(const EncodingSpec& spec)
{
    // Not its rows: 32 MB at 4096 dims, written, then read back a strip of columns at a time.
    const std::int64_t positions = std::min<std::int64_t>(spec.maxLen, SpectrumLimits::maxPositions);
    return [spec, positions](Eigen::Index first, Eigen::Index count, double* out, std::ptrdiff_t stride) {
        fillEncodingColumns(spec, 0, positions, static_cast<int>(first), static_cast<int>(count), out, stride,
                            CosineColumns::LessOne);
    };
}

void fillSinusoidSpectrum(const EncodingSpec& spec, PositionSpectrum& s, Eigen::Index firstDim, Eigen::Index dimCount)
{
    fillSpectrumColumns(s, firstDim, dimCount, sinusoidColumns(spec));
}

PositionSpectrum sinusoidSpectrum(const EncodingSpec& spec)
{
    PositionSpectrum s = emptySpectrum(spec.maxLen, spec.dModel);
    fillSinusoidSpectrum(spec, s, 0, spec.dModel);
    return s;
}

double powerDecibels(double ratio)
{
    return ratio > 0 ? std::max(10.0 * std::log10(ratio), SpectrumLimits::floorDb) : SpectrumLimits::floorDb;
}

void powerDecibels(const double* ratio, double* out, std::size_t n) { simd::decibels(ratio, out, n, SpectrumLimits::floorDb); }

double sinusoidFrequencyOfDim(double base, int dim, int dims)
{
    return std::pow(base, -2.0 * static_cast<double>(dim / 2) / static_cast<double>(dims));
}

namespace {

/// RMS of ln(dominant/ω) over the dims where both are resolvable, both sorted descending.
std::pair<double, int> logError(const std::vector<double>& dominant, double base, double resolution)
{
    const int d = static_cast<int>(dominant.size());
    double sum = 0;
    int count = 0;
    for (int i = 0; i < d; ++i) {
        // The sinusoid's frequencies, largest first: dims 0 and 1 share ω_0 = 1, and so on.
        const double omega = sinusoidFrequencyOfDim(base, i, d);
        if (dominant[static_cast<std::size_t>(i)] < resolution || omega < resolution)
            continue;
        const double e = std::log(dominant[static_cast<std::size_t>(i)] / omega);
        sum += e * e;
        ++count;
    }
    return {count > 0 ? std::sqrt(sum / count) : 0.0, count};
}

} // namespace

BaseFit fitSinusoidalBase(const Eigen::VectorXd& dominant, double resolution)
{
    std::vector<double> sorted(dominant.data(), dominant.data() + dominant.size());
    std::sort(sorted.begin(), sorted.end(), std::greater<>());
    BaseFit fit;
    if (sorted.size() < 2)
        return fit;
    // A grid over ln(base) from 1.01 to 1e9, then golden-section search around the best point.
    const double lo = std::log(1.01), hi = std::log(1e9);
    constexpr int grid = 400;
    double bestLog = lo, bestError = INFINITY;
    int bestCount = 0;
    for (int i = 0; i <= grid; ++i) {
        const double x = lo + (hi - lo) * i / grid;
        const auto [error, count] = logError(sorted, std::exp(x), resolution);
        if (count >= 2 && error < bestError) {
            bestError = error;
            bestLog = x;
            bestCount = count;
        }
    }
    if (bestCount < 2)
        return fit;
    double a = std::max(lo, bestLog - (hi - lo) / grid), b = std::min(hi, bestLog + (hi - lo) / grid);
    const double golden = (std::sqrt(5.0) - 1) / 2;
    for (int i = 0; i < 60; ++i) {
        const double c = b - golden * (b - a), d = a + golden * (b - a);
        const auto ec = logError(sorted, std::exp(c), resolution), ed = logError(sorted, std::exp(d), resolution);
        const double fc = ec.second >= 2 ? ec.first : INFINITY, fd = ed.second >= 2 ? ed.first : INFINITY;
        (fc < fd ? b : a) = fc < fd ? d : c;
    }
    const double x = (a + b) / 2;
    const auto [error, count] = logError(sorted, std::exp(x), resolution);
    if (count >= 2 && error <= bestError) {
        fit = {std::exp(x), error, count};
    } else {
        fit = {std::exp(bestLog), bestError, bestCount};
    }
    return fit;
}

PrincipalComponents principalComponents(const Eigen::Ref<const RowMatrix>& rows, int count)
{
    PrincipalComponents pc;
    const Eigen::Index n = rows.rows(), d = rows.cols();
    count = static_cast<int>(std::min<Eigen::Index>(count, std::min(n, d)));
    pc.scores = RowMatrix::Zero(n, std::max(count, 0));
    pc.explained = Eigen::VectorXd::Zero(std::max(count, 0));
    if (count < 1 || n < 2)
        return pc;
    const Eigen::MatrixXd centred = rows.rowwise() - rows.colwise().mean();
    const double total = centred.squaredNorm();
    if (!(total > 0))
        return pc;
    // The smaller of the two Gram matrices: its eigenvectors give the components either way.
    if (n <= d) {
        const Eigen::MatrixXd gram = centred * centred.transpose();
        const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(gram);
        for (int k = 0; k < count; ++k) {
            const Eigen::Index i = n - 1 - k; // eigenvalues ascending
            const double lambda = std::max(solver.eigenvalues()[i], 0.0);
            pc.scores.col(k) = solver.eigenvectors().col(i) * std::sqrt(lambda); // U·Σ
            pc.explained[k] = lambda / total;
        }
    } else {
        const Eigen::MatrixXd covariance = centred.transpose() * centred;
        const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(covariance);
        for (int k = 0; k < count; ++k) {
            const Eigen::Index i = d - 1 - k;
            pc.scores.col(k) = centred * solver.eigenvectors().col(i); // X·V
            pc.explained[k] = std::max(solver.eigenvalues()[i], 0.0) / total;
        }
    }
    // A component's sign is arbitrary: fix it so that its first sizeable score is positive.
    for (int k = 0; k < count; ++k) {
        Eigen::Index i = 0;
        const double scale = pc.scores.col(k).cwiseAbs().maxCoeff();
        while (i + 1 < n && std::abs(pc.scores(i, k)) < 1e-6 * scale)
            ++i;
        if (pc.scores(i, k) < 0)
            pc.scores.col(k) *= -1;
    }
    return pc;
}

} // namespace pe::core
