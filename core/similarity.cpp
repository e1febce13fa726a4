// SPDX-License-Identifier: MIT
#include "core/similarity.h"

#include "core/dirichlet.h"
#include "core/frequencies.h"
#include "core/simd.h"

#include <cmath>
#include <memory>
#include <string>
#include <vector>

namespace pe::core {

SimilarityKernel::SimilarityKernel(const EncodingSpec& spec, bool normalize)
    : m_spec(spec)
    , m_normalize(normalize)
{
    requireValid(spec);
    const int fullPairs = fullPairCount(spec);
    m_hasUnpaired = fullPairs < pairCount(spec);
    if (m_hasUnpaired)
        m_unpairedOmega = angularFrequencyLong(spec, fullPairs);
}

const std::vector<double>& SimilarityKernel::unpairedTable() const
{
    std::call_once(m_unpairedBuilt, [&] {
        const std::int64_t length = m_spec.maxLen;
        m_unpairedSin.resize(length);
        // One rotation by ω per row in extended precision, taken exactly every 64 rows: a
        // million rows in milliseconds instead of a million accurate sines, and still within an
        // ulp or two (the drift of 63 extended products is ~1e−18). Not fillEncodingColumns:
        // its double turns drift to ~1e−14, and exact rows must equal value() to 1e−15.
        const long double omega = m_unpairedOmega;
        const long double turnCos = std::cos(omega), turnSin = std::sin(omega);
        long double c = 1, s = 0;
        for (std::int64_t r = 0; r < length; ++r) {
            if (r % 64 == 0) {
                const SinCos at = accurateSinCos(omega, static_cast<long double>(m_spec.firstPosition + r));
                c = at.cos;
                s = at.sin;
            }
            m_unpairedSin[r] = static_cast<double>(s);
            const long double turned = c * turnCos - s * turnSin;
            s = s * turnCos + c * turnSin;
            c = turned;
        }
    });
    return m_unpairedSin;
}

double SimilarityKernel::unpairedSin(std::int64_t row) const
{
    return accurateSinCos(m_unpairedOmega, static_cast<long double>(m_spec.firstPosition + row)).sin;
}

long double SimilarityKernel::unpairedSum(std::int64_t first, std::int64_t end) const
{
    // Σ_{p=a}^{b−1} sin(pω) = sin((a + b − 1)ω/2) · sin((b − a)ω/2) / sin(ω/2)
    const std::int64_t n = end - first;
    if (n <= 0)
        return 0.0L;
    const long double half = accurateSinCos(m_unpairedOmega, 0.5L).sin;
    const long double centre = accurateSinCos(m_unpairedOmega, (2.0L * m_spec.firstPosition + first + end - 1) / 2).sin;
    if (half == 0.0L) // ω a whole number of turns: every term equals the first
        return n * centre;
    return centre * accurateSinCos(m_unpairedOmega, static_cast<long double>(n) / 2).sin / half;
}

const std::vector<double>* SimilarityKernel::table() const
{
    // T(δ) for δ = 0…L−1, summing the cosines of the full pairs; the cosine table of each pair
    // comes from the accurate block product used for the encoding itself. Built on first use
    // (exact rows, hover values), never for a frame that only shows block averages; beyond
    // the budget (a million positions × thousands of pairs) values are summed on demand.
    const std::int64_t length = m_spec.maxLen;
    const int fullPairs = fullPairCount(m_spec);
    if (static_cast<long double>(length) * std::max(fullPairs, 1) > tableBudget)
        return nullptr;
    std::call_once(m_tableBuilt, [&] {
        EncodingSpec deltas = m_spec;
        deltas.firstPosition = 0;
        deltas.layout = Layout::Split;
        m_offsetKernel.assign(length, 0.0);
        // Small chunks: a buffer that stays in cache instead of tens of fresh megabytes.
        const std::int64_t chunk = std::max<std::int64_t>(16, (std::int64_t{1} << 16) / m_spec.dModel);
        const int pairs = pairCount(m_spec);
        RowMatrix rows;
        for (std::int64_t start = 0; start < length; start += chunk) {
            rows.resize(std::min(chunk, length - start), m_spec.dModel);
            fillEncodingRows(deltas, start, rows);
            for (Eigen::Index r = 0; r < rows.rows(); ++r)
                m_offsetKernel[start + r] = rows.row(r).segment(pairs, fullPairs).sum();
        }
        m_tableReady.store(true, std::memory_order_release);
    });
    return &m_offsetKernel;
}

double SimilarityKernel::offsetKernel(std::int64_t delta) const
{
    delta = std::abs(delta);
    if (delta == 0)
        return fullPairCount(m_spec); // Σ_k cos 0, a position with itself: no table for that
    if (const std::vector<double>* kernel = table())
        return (*kernel)[delta];
    const std::vector<long double>& omega = frequencyTable(m_spec);
    double sum = 0.0;
    for (int k = 0; k < fullPairCount(m_spec); ++k)
        sum += accurateSinCos(omega[k], delta).cos;
    return sum;
}

double SimilarityKernel::squaredNorm(std::int64_t row) const
{
    double norm = fullPairCount(m_spec);
    if (m_hasUnpaired) {
        const double lone = unpairedSin(row);
        norm += lone * lone;
    }
    return norm;
}

double SimilarityKernel::value(std::int64_t i, std::int64_t j) const
{
    double dot = offsetKernel(i - j);
    if (m_hasUnpaired)
        dot += unpairedSin(i) * unpairedSin(j);
    if (!m_normalize)
        return dot;
    const double norms = std::sqrt(squaredNorm(i) * squaredNorm(j));
    // d = 1 at a zero of the sine: the vector is 0 and has no direction; show 0, not NaN.
    return norms > 0.0 ? dot / norms : 0.0;
}

Eigen::VectorXd SimilarityKernel::valuesAlong(std::int64_t row, std::int64_t first, std::int64_t step, std::int64_t count) const
{
    const std::int64_t L = m_spec.maxLen;
    if (row < 0 || row >= L || count < 0 || step < 1 || first < 0 || (count > 0 && first + (count - 1) * step >= L))
        throw SpecError("valuesAlong: row " + std::to_string(row) + ", columns " + std::to_string(first) + " + i·"
                        + std::to_string(step) + " for " + std::to_string(count) + " samples are outside 0 to "
                        + std::to_string(L - 1));
    Eigen::VectorXd out(count);
    if (m_tableReady.load(std::memory_order_acquire)) { // built for exact rows: read it
        for (std::int64_t i = 0; i < count; ++i)
            out[i] = value(row, first + i * step);
        return out;
    }
    // T(δ) = Σ_k cos(δ·ω_k) at δ = first − row + i·step: cos is even, so the signed δ steps
    // evenly through 0. Each pair's (cos, sin) is turned by step·ω_k from one sample to the next.
    const std::vector<long double>& omega = frequencyTable(m_spec);
    const int pairs = fullPairCount(m_spec);
    constexpr std::int64_t anchorEvery = 256; // rounding of 255 turns: a few 1e−14 a pair
    std::vector<double> c(static_cast<std::size_t>(pairs)), s(c.size()), turnC(c.size()), turnS(c.size());
    for (int k = 0; k < pairs; ++k) {
        const SinCos turn = accurateSinCos(omega[k], static_cast<long double>(step));
        turnC[k] = turn.cos;
        turnS[k] = turn.sin;
    }
    const Eigen::Map<const Eigen::ArrayXd> cosines(c.data(), pairs);
    const double ownSin = m_hasUnpaired ? unpairedSin(row) : 0.0;
    for (std::int64_t i = 0; i < count; ++i) {
        const std::int64_t column = first + i * step;
        if (i % anchorEvery == 0) {
            for (int k = 0; k < pairs; ++k) {
                const SinCos at = accurateSinCos(omega[k], static_cast<long double>(column - row));
                c[k] = at.cos;
                s[k] = at.sin;
            }
        }
        // The sum apart from the turn: Eigen's vectorized reduction, then a loop with no
        // dependence from one pair to the next, which the compiler vectorizes too.
        double dot = pairs > 0 ? cosines.sum() : 0.0;
        for (int k = 0; k < pairs; ++k) {
            const double turned = c[k] * turnC[k] - s[k] * turnS[k];
            s[k] = s[k] * turnC[k] + c[k] * turnS[k];
            c[k] = turned;
        }
        if (m_hasUnpaired)
            dot += ownSin * unpairedSin(column);
        if (m_normalize) {
            const double norms = std::sqrt(squaredNorm(row) * squaredNorm(column));
            dot = norms > 0.0 ? dot / norms : 0.0;
        }
        out[i] = dot;
    }
    return out;
}

Eigen::VectorXd SimilarityKernel::meansAlong(std::int64_t row, std::int64_t bins) const
{
    const std::int64_t L = m_spec.maxLen;
    if (row < 0 || row >= L || bins < 1 || bins > L)
        throw SpecError("meansAlong: row " + std::to_string(row) + " in " + std::to_string(bins)
                        + " bins: need a row of 0 to " + std::to_string(L - 1) + " and 1 to " + std::to_string(L) + " bins");
    if (bins == L)
        return valuesAlong(row, 0, 1, L);
    const bool centres = m_normalize && m_hasUnpaired;
    const std::vector<long double>& omega = frequencyTable(m_spec);
    const int pairs = fullPairCount(m_spec);
    // Each pair's weight over a bin of n columns: D(n)/n (1 for a bin shown by its centre).
    // Bins hold ⌊L/bins⌋ or ⌈L/bins⌉ columns: two weights, each worked out once.
    std::vector<std::pair<std::int64_t, std::vector<double>>> weights;
    const auto weightsFor = [&](std::int64_t n) -> const std::vector<double>& {
        for (const auto& [count, w] : weights)
            if (count == n)
                return w;
        std::vector<double> w(static_cast<std::size_t>(pairs), 1.0);
        if (!centres) {
            w = dirichletKernel(m_spec, n, w.size());
            for (double& weight : w)
                weight /= static_cast<double>(n);
        }
        weights.emplace_back(n, std::move(w));
        return weights.back().second;
    };
    // cos(x·ω/2) at x = twice the bin's centre less the row: it steps by one of two whole
    // numbers from bin to bin, so each phase is the last one turned by a tabulated rotation,
    // taken afresh every 128 bins (as fillBinned's diagonals).
    const auto pairSize = static_cast<std::size_t>(pairs);
    std::vector<std::pair<std::int64_t, std::shared_ptr<const SinCosTable>>> rotations;
    const auto rotationBy = [&](std::int64_t delta) -> const SinCosTable& {
        for (const auto& [step, table] : rotations)
            if (step == delta)
                return *table;
        rotations.emplace_back(delta, sinCosTable(m_spec, static_cast<long double>(delta) / 2));
        return *rotations.back().second;
    };
    std::vector<double> c(pairSize), s(pairSize);
    const double ownSin = m_hasUnpaired ? unpairedSin(row) : 0.0;
    const double evenScale = pairs > 0 ? 1.0 / pairs : 0.0; // the cosine of an even d: d/2 per norm²
    Eigen::VectorXd out(bins);
    std::int64_t phaseAt = 0;
    for (std::int64_t b = 0; b < bins; ++b) {
        const std::int64_t first = binStart(L, bins, b), end = binStart(L, bins, b + 1), n = end - first;
        const std::int64_t centre = (first + end - 1) / 2; // the column a centre value shows
        const std::int64_t twice = centres ? 2 * (centre - row) : first + end - 1 - 2 * row;
        if (b % 128 == 0 || rotations.size() > 4) {
            if (rotations.size() > 4) // steps that vary more than bins of two sizes make
                rotations.clear();
            for (int k = 0; k < pairs; ++k) {
                const SinCos at = accurateSinCos(omega[k], static_cast<long double>(twice) / 2);
                c[k] = at.cos;
                s[k] = at.sin;
            }
        } else {
            const SinCosTable& turn = rotationBy(twice - phaseAt);
            simd::rotate(c.data(), s.data(), turn.cos.data(), turn.sin.data(), pairSize);
        }
        phaseAt = twice;
        const std::vector<double>& w = weightsFor(n);
        double mean = simd::dot(c.data(), w.data(), pairSize);
        if (centres) {
            mean += ownSin * unpairedSin(centre);
            const double norms = std::sqrt(squaredNorm(row) * squaredNorm(centre));
            out[b] = norms > 0.0 ? mean / norms : 0.0;
            continue;
        }
        if (m_hasUnpaired) // the lone sine's mean over the bin, a Dirichlet sum
            mean += ownSin * static_cast<double>(unpairedSum(first, end) / static_cast<long double>(n));
        out[b] = m_normalize ? mean * evenScale : mean;
    }
    return out;
}

Eigen::VectorXd SimilarityKernel::profile(std::int64_t row) const
{
    if (row < 0 || row >= m_spec.maxLen)
        throw SpecError("row " + std::to_string(row) + " is out of range; allowed: 0 to "
                        + std::to_string(m_spec.maxLen - 1));
    Eigen::VectorXd out(m_spec.maxLen);
    for (std::int64_t j = 0; j < m_spec.maxLen; ++j)
        out[j] = value(row, j);
    return out;
}

void SimilarityKernel::fillRows(std::int64_t firstRow, Eigen::Ref<RowMatrix> out) const
{
    const std::int64_t L = m_spec.maxLen;
    if (out.cols() != L || firstRow < 0 || firstRow + out.rows() > L)
        throw SpecError("SimilarityKernel::fillRows: rows out of range");
    const std::vector<double>* table = this->table();
    if (!table) {
        for (Eigen::Index r = 0; r < out.rows(); ++r)
            for (std::int64_t j = 0; j < L; ++j)
                out(r, j) = value(firstRow + r, j);
        return;
    }
    // A Toeplitz row is the kernel read backwards up to the diagonal and forwards after it:
    // two contiguous copies per row instead of a lookup per value.
    const Eigen::Map<const Eigen::VectorXd> kernel(table->data(), L);
    const bool odd = m_hasUnpaired;
    const std::vector<double>* lone = odd ? &unpairedTable() : nullptr;
    const Eigen::Map<const Eigen::RowVectorXd> unpaired(odd ? lone->data() : nullptr, odd ? L : 0);
    for (Eigen::Index r = 0; r < out.rows(); ++r) {
        const std::int64_t i = firstRow + r;
        auto row = out.row(r);
        row.head(i + 1) = kernel.head(i + 1).reverse().transpose();
        row.tail(L - i - 1) = kernel.segment(1, L - i - 1).transpose();
        if (odd)
            row += (*lone)[i] * unpaired;
        if (m_normalize) {
            if (odd) {
                for (std::int64_t j = 0; j < L; ++j) {
                    const double norms = std::sqrt(squaredNorm(i) * squaredNorm(j));
                    row[j] = norms > 0.0 ? row[j] / norms : 0.0;
                }
            } else if (fullPairCount(m_spec) > 0) {
                row /= static_cast<double>(fullPairCount(m_spec));
            } else {
                row.setZero(); // tensor2tensor's d = 1: zero vectors have no direction; cosine 0
            }
        }
    }
}

void SimilarityKernel::fillBinnedByDiagonals(Eigen::Ref<RowMatrix> out) const
{
    // Over the block of rows a…b (n_i of them) and columns c…e (n_j), pair k contributes
    //   Σ_p Σ_q cos((p − q)ω) = D(n_i) · D(n_j) · cos(m·ω/2),
    // D(n) = sin(nω/2) / sin(ω/2) (the Dirichlet kernel) and m = (a + b) − (c + e), twice the
    // distance between the blocks' centres. Bins hold ⌊L/bins⌋ or ⌈L/bins⌉ rows, and on the
    // diagonal t = i − j the centres are 2tL/bins apart to within 2: so a diagonal has at
    // most 2 × 2 × 5 distinct blocks, each summed over the pairs once. The angle a_t·ω/2 at
    // the diagonal's nearest integer a_t turns from one diagonal to the next by one of two
    // steps (taken exactly every 128 diagonals); the blocks' offsets r = m − a_t turn it once
    // more. O(bins·pairs + bins²), never L·d or bins²·d.
    const std::int64_t L = m_spec.maxLen;
    const std::int64_t bins = out.rows();
    const int pairs = fullPairCount(m_spec);
    const std::vector<long double>& omega = frequencyTable(m_spec);
    const std::int64_t small = L / bins;
    std::vector<std::int64_t> start(static_cast<std::size_t>(bins + 1));
    for (std::int64_t b = 0; b <= bins; ++b)
        start[b] = binStart(L, bins, b);
    const auto centres2 = [&](std::int64_t b) { return start[b] + start[b + 1]; }; // (a + b) + 1

    constexpr int maxOffset = 3;
    constexpr int offsets = 2 * maxOffset + 1;
    const std::int64_t step = 2 * L / bins; // a_{t+1} − a_t is this or one more
    const auto pairSize = static_cast<std::size_t>(pairs);
    std::vector<double> dirichlet[2];
    std::shared_ptr<const SinCosTable> turns[2];
    std::vector<double> c(pairSize), s(pairSize);
    for (int big = 0; big < 2; ++big) {
        dirichlet[big] = dirichletKernel(m_spec, small + big, pairSize);
        turns[big] = sinCosTable(m_spec, static_cast<long double>(step + big) / 2);
    }
    // A block of sizes (i, j) at offset r from the anchor sums Σ_k D_i·D_j·cos(angle + r·ω/2)
    // = Σ_k (D_i·D_j·cos(rω/2))·c_k + (−D_i·D_j·sin(rω/2))·s_k: those two weights per pair are
    // worked out once per frame for each (sizes, offset) met (a dozen at most; r is −1, 0 or 1
    // for binStart's bins), and each block is then one or two dot products. D_i·D_j is the
    // same for (small, big) and (big, small).
    struct Weights {
        std::vector<double> cos, negSin;
    };
    std::vector<Weights> weights(static_cast<std::size_t>(3 * offsets));
    const auto weightsFor = [&](int bigRows, int bigColumns, int r) -> const Weights& {
        Weights& w = weights[static_cast<std::size_t>((bigRows + bigColumns) * offsets + r + maxOffset)];
        if (!w.cos.empty())
            return w;
        w.cos.resize(pairSize);
        for (int k = 0; k < pairs; ++k)
            w.cos[k] = dirichlet[bigRows][k] * dirichlet[bigColumns][k];
        if (r == 0) // no turn: the product alone, one dot product
            return w;
        const auto turn = sinCosTable(m_spec, static_cast<long double>(std::abs(r)) / 2);
        const double sign = r > 0 ? -1.0 : 1.0; // sin is odd: r < 0 turns the other way
        w.negSin.resize(pairSize);
        for (int k = 0; k < pairs; ++k) {
            w.negSin[k] = sign * w.cos[k] * turn->sin[k];
            w.cos[k] *= turn->cos[k];
        }
        return w;
    };

    const double evenNorm = pairs;
    // The cosine of an even d divides every dot product by d/2 (0 for no pairs at all).
    const double scale = m_normalize ? (evenNorm > 0 ? 1.0 / evenNorm : 0.0) : 1.0;
    const bool odd = m_hasUnpaired;
    const auto binSize = [&](std::int64_t b) { return start[b + 1] - start[b]; };
    std::vector<char> big(static_cast<std::size_t>(bins));
    for (std::int64_t b = 0; b < bins; ++b)
        big[b] = binSize(b) > small;
    constexpr int keys = 2 * 2 * offsets; // a block by its two sizes and its offset from a_t
    std::vector<double> blockMeans(static_cast<std::size_t>(bins * keys));
    std::vector<std::int64_t> anchors(static_cast<std::size_t>(bins));
    // The lone sine of an odd d: its block mean is the product of its means over the two bins,
    // each worked out once (a long double product and division per cell cost more than the
    // lookup around them).
    std::vector<double> loneMeans;
    if (odd) {
        loneMeans.resize(static_cast<std::size_t>(bins));
        for (std::int64_t b = 0; b < bins; ++b)
            loneMeans[b] = static_cast<double>(unpairedSum(start[b], start[b + 1]) / static_cast<long double>(binSize(b)));
    }
    const auto loneMean = [&](std::int64_t i, std::int64_t j) { return odd ? loneMeans[i] * loneMeans[j] * scale : 0.0; };
    std::int64_t anchor = 0; // a_t, the integer nearest 2tL/bins
    for (std::int64_t t = 0; t < bins; ++t) {
        const std::int64_t next = static_cast<std::int64_t>((static_cast<__int128>(4) * t * L + bins) / (2 * bins));
        if (t % 128 == 0) {
            for (int k = 0; k < pairs; ++k) {
                const SinCos at = accurateSinCos(omega[k], static_cast<long double>(next) / 2);
                c[k] = at.cos;
                s[k] = at.sin;
            }
        } else {
            const int big = next - anchor == step ? 0 : 1;
            simd::rotate(c.data(), s.data(), turns[big]->cos.data(), turns[big]->sin.data(), pairSize);
        }
        anchor = next;
        anchors[t] = anchor;
        // First pass, down the diagonal: which blocks it holds, each summed over the pairs once.
        double* means = blockMeans.data() + t * keys;
        bool known[keys] = {};
        for (std::int64_t i = t; i < bins; ++i) {
            const std::int64_t j = i - t;
            const std::int64_t m = centres2(i) - centres2(j);
            const int bigRows = big[i], bigColumns = big[j];
            const std::int64_t r = m - anchor;
            if (r >= -maxOffset && r <= maxOffset) {
                const int key = (bigRows * 2 + bigColumns) * offsets + static_cast<int>(r) + maxOffset;
                if (!known[key]) {
                    double sum = 0.0;
                    if (pairs > 0) {
                        const Weights& w = weightsFor(bigRows, bigColumns, static_cast<int>(r));
                        sum = r == 0 ? simd::dot(w.cos.data(), c.data(), pairSize)
                                     : simd::dot2(w.cos.data(), c.data(), w.negSin.data(), s.data(), pairSize);
                    }
                    means[key] = sum * scale / (static_cast<double>(small + bigRows) * static_cast<double>(small + bigColumns));
                    known[key] = true;
                }
            } else { // not reached by binStart's bins; summed directly should that change
                long double sum = 0.0L;
                for (int k = 0; k < pairs; ++k)
                    sum += dirichlet[bigRows][k] * dirichlet[bigColumns][k]
                         * accurateSinCos(omega[k], static_cast<long double>(m) / 2).cos;
                const double mean = static_cast<double>(sum) * scale / static_cast<double>(binSize(i) * binSize(j));
                out(i, j) = out(j, i) = mean + loneMean(i, j);
            }
        }
    }
    // Second pass, row by row: each cell a lookup in its diagonal's few blocks, written in
    // order (writing down the diagonals strode across a matrix of several megabytes).
    for (std::int64_t i = 0; i < bins; ++i) {
        double* row = out.row(i).data();
        const auto fill = [&](std::int64_t p, std::int64_t q, std::int64_t column) { // p ≥ q
            const std::int64_t t = p - q;
            const std::int64_t r = centres2(p) - centres2(q) - anchors[t];
            if (r < -maxOffset || r > maxOffset)
                return; // written by the first pass
            const int key = (big[p] * 2 + big[q]) * offsets + static_cast<int>(r) + maxOffset;
            row[column] = blockMeans[t * keys + key] + (odd ? loneMean(p, q) : 0.0);
        };
        for (std::int64_t j = 0; j <= i; ++j)
            fill(i, j, j);
        for (std::int64_t j = i + 1; j < bins; ++j)
            fill(j, i, j);
    }
}

void SimilarityKernel::fillBinned(Eigen::Ref<RowMatrix> out) const
{
    const std::int64_t L = m_spec.maxLen;
    const std::int64_t bins = out.rows();
    if (out.cols() != bins || bins < 1 || bins > L)
        throw SpecError("SimilarityKernel::fillBinned: need a square output of 1 to max_len bins");
    if (bins == L) {
        fillRows(0, out);
        return;
    }
    if (m_normalize && m_hasUnpaired) {
        // Cosine with an odd d divides by norms that vary with the position: no closed form.
        // Each block shows the value at its centre; the lone sine and the norm once per bin.
        std::vector<std::int64_t> centre(static_cast<std::size_t>(bins));
        std::vector<double> lone(centre.size()), norm(centre.size());
        for (std::int64_t b = 0; b < bins; ++b) {
            centre[b] = (binStart(L, bins, b) + binStart(L, bins, b + 1) - 1) / 2;
            lone[b] = unpairedSin(centre[b]);
            norm[b] = std::sqrt(fullPairCount(m_spec) + lone[b] * lone[b]);
        }
        for (std::int64_t i = 0; i < bins; ++i)
            for (std::int64_t j = 0; j < bins; ++j) {
                const double norms = norm[i] * norm[j];
                const double dot = offsetKernel(centre[i] - centre[j]) + lone[i] * lone[j];
                out(i, j) = norms > 0.0 ? dot / norms : 0.0; // d = 1 at a zero of the sine: no direction
            }
        return;
    }
    fillBinnedByDiagonals(out);
}

namespace {

/// 1/‖r‖ for the cosine (0 for a zero row, whose cosine with anything is taken as 0), else 1.
double rowScale(const Eigen::Ref<const RowMatrix>& rows, Eigen::Index row, bool cosine)
{
    if (!cosine)
        return 1.0;
    const double norm = rows.row(row).norm();
    return norm > 0 || std::isnan(norm) ? 1.0 / norm : 0.0;
}

} // namespace

void binnedGram(Eigen::Ref<const RowMatrix> rows, bool cosine, Eigen::Ref<RowMatrix> out)
{
    const std::int64_t n = rows.rows(), bins = out.rows();
    if (out.cols() != bins || bins < 1 || bins > n)
        throw SpecError("binnedGram: need a square output of 1 to " + std::to_string(n) + " bins");
    RowMatrix means = RowMatrix::Zero(bins, rows.cols());
    for (std::int64_t b = 0; b < bins; ++b) {
        const std::int64_t first = binStart(n, bins, b), end = binStart(n, bins, b + 1);
        for (std::int64_t r = first; r < end; ++r)
            means.row(b) += rowScale(rows, r, cosine) * rows.row(r);
        means.row(b) /= static_cast<double>(end - first);
    }
    out.noalias() = means * means.transpose();
}

Eigen::VectorXd gramAlong(Eigen::Ref<const RowMatrix> rows, bool cosine, std::int64_t row, std::int64_t first,
                          std::int64_t step, std::int64_t count)
{
    if (row < 0 || row >= rows.rows() || count < 0 || first < 0 || (count > 0 && first + (count - 1) * step >= rows.rows()))
        throw SpecError("gramAlong: rows outside the table");
    Eigen::VectorXd out(count);
    const double own = rowScale(rows, row, cosine);
    for (std::int64_t i = 0; i < count; ++i) {
        const std::int64_t q = first + i * step;
        out[i] = own * rowScale(rows, q, cosine) * rows.row(row).dot(rows.row(q));
    }
    return out;
}

Eigen::VectorXd gramMeansAlong(Eigen::Ref<const RowMatrix> rows, bool cosine, std::int64_t row, std::int64_t bins)
{
    const std::int64_t n = rows.rows();
    if (row < 0 || row >= n || bins < 1 || bins > n)
        throw SpecError("gramMeansAlong: need a row of the table and 1 to " + std::to_string(n) + " bins");
    if (bins == n)
        return gramAlong(rows, cosine, row, 0, 1, n);
    const Eigen::RowVectorXd own = rowScale(rows, row, cosine) * rows.row(row);
    Eigen::VectorXd out(bins);
    Eigen::RowVectorXd mean(rows.cols());
    for (std::int64_t b = 0; b < bins; ++b) {
        const std::int64_t first = binStart(n, bins, b), end = binStart(n, bins, b + 1);
        mean.setZero();
        for (std::int64_t r = first; r < end; ++r)
            mean += rowScale(rows, r, cosine) * rows.row(r);
        out[b] = own.dot(mean) / static_cast<double>(end - first);
    }
    return out;
}

RowMatrix similarityMatrix(const EncodingSpec& spec, bool normalize)
{
    requireValid(spec);
    if (auto error = matrixSizeError(spec.maxLen, spec.maxLen, "the similarity matrix"))
        throw SpecError(*error);
    const SimilarityKernel kernel(spec, normalize);
    RowMatrix m(spec.maxLen, spec.maxLen);
    kernel.fillRows(0, m);
    return m;
}

Eigen::VectorXd similarityProfile(const EncodingSpec& spec, std::int64_t row, bool normalize)
{
    return SimilarityKernel(spec, normalize).profile(row);
}

} // namespace pe::core
