// SPDX-License-Identifier: MIT
#include "core/positionmethods.h"

#include "core/frequencies.h"
#include "core/simd.h"

#include "core/tokenembedding.h"

#include <algorithm>
#include <complex>
#include <cmath>
#include <limits>

namespace pe::core {

namespace {

constexpr std::array<std::string_view, 5> methodKeys{"alibi", "t5", "shaw", "transformer-xl", "nope"};

/// get_slopes_power_of_2(n) of the ALiBi authors: 2^(−8/n), 2^(−16/n), … 2^(−8).
void powerOfTwoSlopes(int n, Eigen::VectorXd& out, int from)
{
    for (int h = 1; h <= n; ++h)
        out[from + h - 1] = std::exp2(-8.0 * h / n);
}

constexpr double masked = -std::numeric_limits<double>::infinity();

} // namespace

std::string_view positionMethodKey(PositionMethod method)
{
    return methodKeys[static_cast<std::size_t>(method)];
}

std::optional<PositionMethod> parsePositionMethod(std::string_view key)
{
    for (PositionMethod method : allPositionMethods)
        if (positionMethodKey(method) == key)
            return method;
    return std::nullopt;
}

std::optional<std::string> positionMethodValidationError(const PositionMethodSpec& s)
{
    const auto number = [](auto v) { return std::to_string(v); };
    if (s.heads < 1 || s.heads > 1024)
        return "heads " + number(s.heads) + " is out of range; allowed: 1 to 1024";
    if (s.head < 0 || s.head > s.heads)
        return "head " + number(s.head) + " is out of range; allowed: 1 to " + number(s.heads) + " (0: the mean over heads)";
    if (s.numBuckets < 4 || s.numBuckets > 1024)
        return "num_buckets " + number(s.numBuckets) + " is out of range; allowed: 4 to 1024";
    if (s.maxDistance < s.numBuckets || s.maxDistance > 1000000)
        return "max_distance " + number(s.maxDistance) + " is out of range; allowed: num_buckets (" + number(s.numBuckets)
            + ") to 1000000";
    if (s.clip < 1 || s.clip > 1024)
        return "clip " + number(s.clip) + " is out of range; allowed: 1 to 1024";
    if (s.dModel < 1 || s.dModel > 8192)
        return "d_model " + number(s.dModel) + " is out of range; allowed: 1 to 8192";
    if (!std::isfinite(s.base) || s.base <= 1.0)
        return "base " + std::to_string(s.base) + " is out of range; allowed: a finite number above 1";
    return std::nullopt;
}

Eigen::VectorXd alibiSlopes(int heads)
{
    Eigen::VectorXd slopes(std::max(heads, 0));
    if (heads <= 0)
        return slopes;
    int power = 1;
    while (power * 2 <= heads)
        power *= 2;
    powerOfTwoSlopes(power, slopes, 0);
    // The rest: every second slope of the next power of two, 2^(−8(2j+1)/(2P)), j = 0, 1, …
    for (int j = 0; power + j < heads; ++j)
        slopes[power + j] = std::exp2(-8.0 * (2 * j + 1) / (2 * power));
    return slopes;
}

int t5RelativeBucket(std::int64_t relativePosition, bool bidirectional, int numBuckets, int maxDistance)
{
    int buckets = numBuckets;
    int bucket = 0;
    std::int64_t distance = 0;
    if (bidirectional) {
        buckets /= 2;
        if (relativePosition > 0)
            bucket += buckets;
        distance = relativePosition < 0 ? -relativePosition : relativePosition;
    } else {
        distance = -std::min<std::int64_t>(relativePosition, 0);
    }
    const int maxExact = buckets / 2;
    if (distance < maxExact)
        return bucket + static_cast<int>(distance);
    // Every step in float32, as torch does it: relative_position.float() / max_exact, its log,
    // divided by math.log(max_distance / max_exact) and times (num_buckets − max_exact), then
    // truncated (.to(torch.long)). Ties (distance 16 of 8 … 128) come out exact this way.
    const float ratio = static_cast<float>(distance) / static_cast<float>(maxExact);
    const float logSpan = static_cast<float>(std::log(static_cast<double>(maxDistance) / maxExact));
    const float scaled = std::log(ratio) / logSpan * static_cast<float>(buckets - maxExact);
    const std::int64_t large = std::min<std::int64_t>(maxExact + static_cast<std::int64_t>(scaled), buckets - 1);
    return bucket + static_cast<int>(large);
}

std::int64_t shawClippedDistance(std::int64_t relativePosition, int clip)
{
    return std::clamp<std::int64_t>(relativePosition, -clip, clip);
}

Eigen::VectorXd transformerXlRelativeEncoding(double distance, int dModel, double base)
{
    Eigen::VectorXd r(std::max(dModel, 0));
    const int sines = (dModel + 1) / 2;
    for (int k = 0; k < sines; ++k) {
        const double angle = distance * std::pow(base, -2.0 * k / dModel);
        r[k] = std::sin(angle);
        if (sines + k < dModel)
            r[sines + k] = std::cos(angle);
    }
    return r;
}

MethodVectors methodVectors(const PositionMethodSpec& spec)
{
    MethodVectors v;
    v.t5Bias = pseudoRandomWordVector("t5 bucket bias", spec.numBuckets) * std::sqrt(double(spec.numBuckets));
    v.xlQuery = pseudoRandomWordVector("transformer-xl query", spec.dModel) * std::sqrt(double(spec.dModel));
    v.xlV = pseudoRandomWordVector("transformer-xl v", spec.dModel) * std::sqrt(double(spec.dModel));
    return v;
}

double positionMethodScore(PositionMethod method, const PositionMethodSpec& spec, const MethodVectors& vectors,
                           std::int64_t query, std::int64_t key)
{
    const std::int64_t relative = key - query; // j − i
    const bool future = key > query;
    switch (method) {
    case PositionMethod::Alibi: {
        if (spec.causal && future)
            return masked;
        const Eigen::VectorXd slopes = alibiSlopes(spec.heads);
        const double slope = spec.head >= 1 && spec.head <= spec.heads ? slopes[spec.head - 1] : slopes.mean();
        return -slope * static_cast<double>(relative < 0 ? -relative : relative);
    }
    case PositionMethod::T5Buckets: {
        if (!spec.bidirectional && future)
            return masked;
        const int bucket = t5RelativeBucket(relative, spec.bidirectional, spec.numBuckets, spec.maxDistance);
        return bucket < vectors.t5Bias.size() ? vectors.t5Bias[bucket] : 0.0;
    }
    case PositionMethod::Shaw:
        if (spec.causal && future)
            return masked;
        return static_cast<double>(shawClippedDistance(relative, spec.clip));
    case PositionMethod::TransformerXl: {
        if (spec.causal && future)
            return masked;
        const Eigen::VectorXd r = transformerXlRelativeEncoding(static_cast<double>(query - key), spec.dModel, spec.base);
        return (vectors.xlQuery + vectors.xlV).dot(r);
    }
    case PositionMethod::NoPe:
        return future ? masked : 0.0;
    }
    return 0.0;
}

Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>
positionMethodMatrix(PositionMethod method, const PositionMethodSpec& spec, std::int64_t firstQuery, std::int64_t rows,
                     std::int64_t firstKey, std::int64_t columns)
{
    Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> out(std::max<std::int64_t>(rows, 0),
                                                                                 std::max<std::int64_t>(columns, 0));
    const MethodVectors vectors = methodVectors(spec);
    // Every method depends on j − i only: one score per distinct offset, then copied.
    const std::int64_t lowest = firstKey - (firstQuery + rows - 1), highest = firstKey + columns - 1 - firstQuery;
    Eigen::VectorXd byOffset(std::max<std::int64_t>(highest - lowest + 1, 0));
    for (std::int64_t offset = lowest; offset <= highest; ++offset)
        byOffset[offset - lowest] = positionMethodScore(method, spec, vectors, 0, offset);
    for (std::int64_t r = 0; r < rows; ++r)
        for (std::int64_t c = 0; c < columns; ++c)
            out(r, c) = byOffset[(firstKey + c) - (firstQuery + r) - lowest];
    return out;
}

} // namespace pe::core

namespace pe::core {

OffsetSeries transformerXlSeries(const PositionMethodSpec& spec, const MethodVectors& vectors)
{
    // (q + v)·R_δ with R_δ = [sin(δω_0) … sin(δω_{s−1}), cos(δω_0) …]: the sines' weights are
    // the first half of q + v, the cosines' the second (none for the last of an odd d).
    const int d = spec.dModel, sines = (d + 1) / 2;
    const Eigen::VectorXd w = vectors.xlQuery + vectors.xlV;
    OffsetSeries s;
    s.omega.resize(sines);
    s.cosine.resize(sines);
    s.sine.resize(sines);
    for (int k = 0; k < sines; ++k) {
        s.omega[k] = std::pow(spec.base, -2.0 * k / d);
        s.sine[k] = w[k];
        s.cosine[k] = sines + k < d ? w[sines + k] : 0.0;
    }
    return s;
}

OffsetSeries rotaryScoreSeries(const Eigen::VectorXd& q, const Eigen::VectorXd& k, const Eigen::VectorXd& theta)
{
    const Eigen::Index pairs = std::min<Eigen::Index>(theta.size(), std::min(q.size(), k.size()) / 2);
    OffsetSeries s;
    s.omega = theta.head(pairs);
    s.cosine.resize(pairs);
    s.sine.resize(pairs);
    for (Eigen::Index p = 0; p < pairs; ++p) {
        const double q0 = q[2 * p], q1 = q[2 * p + 1], k0 = k[2 * p], k1 = k[2 * p + 1];
        s.cosine[p] = q0 * k0 + q1 * k1;
        s.sine[p] = q0 * k1 - q1 * k0;
    }
    // Dimensions past the rotated pairs (an odd d's last one) are not turned: a constant term.
    if (const Eigen::Index rest = std::min(q.size(), k.size()) - 2 * pairs; rest > 0) {
        s.omega.conservativeResize(pairs + 1);
        s.cosine.conservativeResize(pairs + 1);
        s.sine.conservativeResize(pairs + 1);
        s.omega[pairs] = 0;
        s.cosine[pairs] = q.segment(2 * pairs, rest).dot(k.segment(2 * pairs, rest));
        s.sine[pairs] = 0;
    }
    return s;
}

void evaluateOffsetSeries(const OffsetSeries& series, std::int64_t first, Eigen::Ref<Eigen::VectorXd> out)
{
    // Every term's phase advances by one rotation per offset, all terms at once (whole-array
    // operations the compiler vectorises, and independent of each other, unlike one term's
    // chain of products); exact again every 256 offsets, where the rotations' drift is still
    // near 1e−14.
    constexpr Eigen::Index anchorEvery = 256;
    const Eigen::Index count = out.size(), terms = series.omega.size();
    if (terms == 0) {
        out.setZero();
        return;
    }
    const Eigen::ArrayXd a = series.cosine.array(), b = series.sine.array();
    const Eigen::ArrayXd stepCos = series.omega.array().cos(), stepSin = series.omega.array().sin();
    Eigen::ArrayXd c(terms), s(terms), nextC(terms);
    for (Eigen::Index start = 0; start < count; start += anchorEvery) {
        for (Eigen::Index k = 0; k < terms; ++k) {
            const long double angle = static_cast<long double>(first + start) * series.omega[k];
            c[k] = static_cast<double>(std::cos(angle));
            s[k] = static_cast<double>(std::sin(angle));
        }
        const Eigen::Index end = std::min(count, start + anchorEvery);
        for (Eigen::Index i = start; i < end; ++i) {
            out[i] = (a * c + b * s).sum();
            nextC = c * stepCos - s * stepSin;
            s = s * stepCos + c * stepSin;
            c = nextC;
        }
    }
}

void positionMethodOffsets(PositionMethod method, const PositionMethodSpec& spec, const MethodVectors& vectors,
                           std::int64_t first, Eigen::Ref<Eigen::VectorXd> out)
{
    const Eigen::Index count = out.size();
    const auto maskFuture = [&](bool mask) {
        if (mask)
            for (Eigen::Index i = 0; i < count && first + i < 0; ++i)
                out[i] = masked;
    };
    switch (method) {
    case PositionMethod::TransformerXl:
        evaluateOffsetSeries(transformerXlSeries(spec, vectors), first, out);
        maskFuture(spec.causal);
        return;
    case PositionMethod::Alibi: {
        // The slope once, not per offset (positionMethodScore recomputes the table each call).
        const Eigen::VectorXd slopes = alibiSlopes(spec.heads);
        const double slope = spec.head >= 1 && spec.head <= spec.heads ? slopes[spec.head - 1] : slopes.mean();
        for (Eigen::Index i = 0; i < count; ++i) {
            const std::int64_t delta = first + i;
            out[i] = -slope * static_cast<double>(delta < 0 ? -delta : delta);
        }
        maskFuture(spec.causal);
        return;
    }
    default:
        for (Eigen::Index i = 0; i < count; ++i)
            out[i] = positionMethodScore(method, spec, vectors, first + i, 0);
    }
}

void fillToeplitzBinned(const Eigen::VectorXd& byOffset, std::int64_t length, Eigen::Ref<RowMatrix> out)
{
    const std::int64_t L = length, bins = out.rows();
    if (L <= 0 || bins <= 0 || out.cols() != bins || byOffset.size() != 2 * L - 1) {
        out.setConstant(std::numeric_limits<double>::quiet_NaN());
        return;
    }
    // t = δ + L − 1 indexes g. G1[x] = Σ_{t<x} g_t, G2[y] = Σ_{x<y} G1[x] (U likewise for the
    // unmasked count); the block's sum over rows [r0, r1) and columns [c0, c1) is then
    // G2[r1 + L − c0] − G2[r0 + L − c0] − G2[r1 + L − c1] + G2[r0 + L − c1].
    std::vector<std::int64_t> starts(bins + 1);
    for (std::int64_t b = 0; b <= bins; ++b)
        starts[b] = binStart(L, bins, b);
    // Only G2 at y = L + starts[a] − starts[b] is read. For each bin difference k = a − b those
    // y lie in a short run (one or two values when the bins are equal to within a row), so G2
    // is kept there alone: O(bins) memory instead of O(L) (48 MB at a million positions, held
    // by every thread that ever drew it).
    const std::int64_t kinds = 2 * bins + 1;
    std::vector<std::int64_t> lowest(kinds, std::numeric_limits<std::int64_t>::max()),
        highest(kinds, std::numeric_limits<std::int64_t>::min());
    for (std::int64_t a = 0; a <= bins; ++a)
        for (std::int64_t b = 0; b <= bins; ++b) {
            const std::int64_t k = a - b + bins, difference = starts[a] - starts[b];
            lowest[k] = std::min(lowest[k], difference);
            highest[k] = std::max(highest[k], difference);
        }
    std::vector<std::int64_t> firstSlot(kinds + 1, 0);
    for (std::int64_t k = 0; k < kinds; ++k)
        firstSlot[k + 1] = firstSlot[k] + (highest[k] - lowest[k] + 1);
    std::vector<std::pair<std::int64_t, std::int64_t>> wanted; // (y, its slot), by y
    wanted.reserve(static_cast<std::size_t>(firstSlot[kinds]));
    for (std::int64_t k = 0; k < kinds; ++k)
        for (std::int64_t d = lowest[k]; d <= highest[k]; ++d)
            wanted.emplace_back(L + d, firstSlot[k] + d - lowest[k]);
    std::sort(wanted.begin(), wanted.end());
    std::vector<long double> g2(static_cast<std::size_t>(firstSlot[kinds]));
    std::vector<std::int64_t> u2(g2.size());
    // The running sums, in the order the whole arrays were summed before (the same values).
    long double g1 = 0, g2Running = 0;
    std::int64_t u1 = 0, u2Running = 0;
    std::size_t next = 0;
    for (std::int64_t x = 0; x <= 2 * L && next < wanted.size(); ++x) {
        for (; next < wanted.size() && wanted[next].first == x; ++next) {
            g2[static_cast<std::size_t>(wanted[next].second)] = g2Running;
            u2[static_cast<std::size_t>(wanted[next].second)] = u2Running;
        }
        g2Running += g1;
        u2Running += u1;
        if (x < 2 * L - 1 && byOffset[x] != masked) {
            g1 += byOffset[x];
            ++u1;
        }
    }
    const auto at = [&](const auto& prefix, std::int64_t a, std::int64_t b) {
        const std::int64_t k = a - b + bins;
        return prefix[static_cast<std::size_t>(firstSlot[k] + starts[a] - starts[b] - lowest[k])];
    };
    const auto blockOf = [&](const auto& prefix, std::int64_t r, std::int64_t c) {
        return at(prefix, r + 1, c) - at(prefix, r, c) - at(prefix, r + 1, c + 1) + at(prefix, r, c + 1);
    };
    for (std::int64_t r = 0; r < bins; ++r)
        for (std::int64_t c = 0; c < bins; ++c) {
            const std::int64_t count = blockOf(u2, r, c);
            out(r, c) = count == 0 ? std::numeric_limits<double>::quiet_NaN()
                                   : static_cast<double>(blockOf(g2, r, c) / static_cast<long double>(count));
        }
}

Eigen::VectorXd binnedOffsetMeans(const Eigen::VectorXd& byOffset, std::int64_t bins)
{
    const std::int64_t n = byOffset.size();
    bins = std::clamp<std::int64_t>(bins, 0, n);
    Eigen::VectorXd means(bins);
    for (std::int64_t b = 0; b < bins; ++b) {
        long double sum = 0;
        std::int64_t count = 0;
        for (std::int64_t i = binStart(n, bins, b); i < binStart(n, bins, b + 1); ++i)
            if (byOffset[i] != masked) {
                sum += byOffset[i];
                ++count;
            }
        means[b] = count == 0 ? std::numeric_limits<double>::quiet_NaN() : static_cast<double>(sum / count);
    }
    return means;
}

void fillGramBinned(const RowMatrix& table, Eigen::Ref<RowMatrix> out)
{
    const std::int64_t L = table.rows(), bins = out.rows();
    RowMatrix means(bins, table.cols());
    for (std::int64_t b = 0; b < bins; ++b) {
        const std::int64_t a = binStart(L, bins, b), e = binStart(L, bins, b + 1);
        means.row(b) = table.middleRows(a, e - a).colwise().mean();
    }
    // mean over i and j of P(i)·P(j) = (mean_i P(i))·(mean_j P(j)).
    out = means * means.transpose();
}

} // namespace pe::core

namespace pe::core {

namespace {

/// The sums Σ_{t=starts[b]}^{starts[b+1]−1} e^{iω_k t} of every run b, for every term k at
/// once. Run b's sum is its first phase e^{iω_k·starts[b]} times the factor of its length m,
/// e^{iω_k(m−1)/2}·sin(mω_k/2)/sin(ω_k/2); the next run's first phase is this one's times
/// e^{iω_k·m}. All terms advance together, one run at a time (whole-array operations the
/// compiler vectorises), exact again every 256 runs, where the products' drift is still near
/// 1e−14. binStart makes at most two lengths; the clipped runs of a causal curve a few more.
class RunSums {
public:
    RunSums(const std::vector<std::int64_t>& starts, const Eigen::VectorXd& omega) : m_starts(starts), m_omega(omega)
    {
        const std::size_t runs = starts.size() - 1;
        m_lengthIndex.resize(runs);
        for (std::size_t b = 0; b < runs; ++b) {
            const std::int64_t m = std::max<std::int64_t>(starts[b + 1] - starts[b], 0);
            auto found = std::find(m_lengths.begin(), m_lengths.end(), m);
            if (found == m_lengths.end())
                found = m_lengths.insert(m_lengths.end(), m);
            m_lengthIndex[b] = static_cast<std::size_t>(found - m_lengths.begin());
        }
        const Eigen::Index terms = omega.size();
        m_stepRe.assign(m_lengths.size(), Array(terms));
        m_stepIm = m_factorRe = m_factorIm = m_stepRe;
        // Sines and cosines of whole (and half-whole) multiples of each ω, four terms at a time
        // with the product formed exactly (sinCosOfMultiples): long double sinl and cosl
        // were most of a step of the methods view at max_len 1 M.
        Array halfSin(terms), halfCos(terms), wholeHalfSin(terms), wholeHalfCos(terms), centreSin(terms), centreCos(terms);
        sinCos(0.5, halfSin, halfCos);
        for (std::size_t l = 0; l < m_lengths.size(); ++l) {
            const std::int64_t m = m_lengths[l];
            sinCos(static_cast<double>(m), m_stepIm[l], m_stepRe[l]);
            sinCos(0.5 * static_cast<double>(m), wholeHalfSin, wholeHalfCos);
            sinCos(0.5 * static_cast<double>(m - 1), centreSin, centreCos);
            for (Eigen::Index k = 0; k < terms; ++k) {
                // Σ_{t<m} e^{iωt} = e^{iω(m−1)/2}·sin(mω/2)/sin(ω/2); m where sin(ω/2) = 0.
                const double ratio = halfSin[k] == 0.0 ? static_cast<double>(m) : wholeHalfSin[k] / halfSin[k];
                m_factorRe[l][k] = m == 0 ? 0.0 : centreCos[k] * ratio;
                m_factorIm[l][k] = m == 0 ? 0.0 : centreSin[k] * ratio;
            }
        }
    }

    /// Calls visit(b, re, im) for every run b in order, re and im the real and imaginary parts
    /// of its sums, one entry per term.
    template<typename Visit>
    void forEach(Visit&& visit)
    {
        constexpr std::size_t anchorEvery = 256;
        const Eigen::Index terms = m_omega.size();
        Array re(terms), im(terms), nextRe(terms), sumRe(terms), sumIm(terms);
        for (std::size_t run = 0; run < m_lengthIndex.size(); ++run) {
            if (run % anchorEvery == 0)
                sinCos(static_cast<double>(m_starts[run]), im, re);
            const std::size_t l = m_lengthIndex[run];
            sumRe = re * m_factorRe[l] - im * m_factorIm[l];
            sumIm = re * m_factorIm[l] + im * m_factorRe[l];
            visit(run, sumRe, sumIm);
            nextRe = re * m_stepRe[l] - im * m_stepIm[l];
            im = re * m_stepIm[l] + im * m_stepRe[l];
            re = nextRe;
        }
    }

    /// The mean over each run of Σ_k a_k·Re(sum_k) + b_k·Im(sum_k), NaN for an empty run, for
    /// each weighting (a, b) in `weights`: one column of the result each. Per run length the
    /// weights fold into A = a·Re(factor) + b·Im(factor) and B = b·Re(factor) − a·Im(factor),
    /// so that a run is one dot of its phases with them per weighting (simd::dot2) and one
    /// rotation for all (simd::rotate): four terms at a time.
    Eigen::MatrixXd weightedMeans(const std::vector<std::pair<Eigen::ArrayXd, Eigen::ArrayXd>>& weights)
    {
        constexpr std::size_t anchorEvery = 256;
        const auto terms = static_cast<std::size_t>(m_omega.size());
        const std::size_t lengths = m_lengths.size();
        std::vector<Array> weightRe(weights.size() * lengths), weightIm(weights.size() * lengths);
        for (std::size_t w = 0; w < weights.size(); ++w)
            for (std::size_t l = 0; l < lengths; ++l) {
                const auto& [a, b] = weights[w];
                weightRe[w * lengths + l] = a * m_factorRe[l] + b * m_factorIm[l];
                weightIm[w * lengths + l] = b * m_factorRe[l] - a * m_factorIm[l];
            }
        Array re(m_omega.size()), im(m_omega.size());
        Eigen::MatrixXd means(static_cast<Eigen::Index>(m_lengthIndex.size()), static_cast<Eigen::Index>(weights.size()));
        for (std::size_t run = 0; run < m_lengthIndex.size(); ++run) {
            if (run % anchorEvery == 0)
                sinCos(static_cast<double>(m_starts[run]), im, re);
            const std::size_t l = m_lengthIndex[run];
            const std::int64_t m = m_starts[run + 1] - m_starts[run];
            for (std::size_t w = 0; w < weights.size(); ++w)
                means(static_cast<Eigen::Index>(run), static_cast<Eigen::Index>(w)) = m > 0
                    ? simd::dot2(re.data(), weightRe[w * lengths + l].data(), im.data(), weightIm[w * lengths + l].data(), terms)
                        / static_cast<double>(m)
                    : std::numeric_limits<double>::quiet_NaN();
            simd::rotate(re.data(), im.data(), m_stepRe[l].data(), m_stepIm[l].data(), terms);
        }
        return means;
    }

private:
    using Array = Eigen::ArrayXd;
    /// sin and cos of multiple·ω_k for every term.
    void sinCos(double multiple, Array& sines, Array& cosines) const
    {
        sinCosOfMultiples(m_omega.data(), nullptr, multiple, sines.data(), cosines.data(), static_cast<std::size_t>(m_omega.size()));
    }
    const std::vector<std::int64_t>& m_starts;
    const Eigen::VectorXd& m_omega;
    std::vector<std::int64_t> m_lengths;
    std::vector<std::size_t> m_lengthIndex;
    std::vector<Array> m_stepRe, m_stepIm, m_factorRe, m_factorIm; // per length, per term
};

} // namespace

Eigen::MatrixXd offsetSeriesRunMeans(std::span<const OffsetSeries> series, std::int64_t first, std::int64_t count,
                                     std::int64_t bins, bool maskNegative)
{
    for (const OffsetSeries& s : series)
        if (s.omega.size() != series.front().omega.size() || s.omega != series.front().omega || s.cosine.size() != s.omega.size()
            || s.sine.size() != s.omega.size())
            throw SpecError("offsetSeriesRunMeans: the series must share their frequencies, bit for bit");
    bins = std::clamp<std::int64_t>(bins, 0, std::max<std::int64_t>(count, 0));
    if (series.empty())
        return Eigen::MatrixXd(bins, 0);
    std::vector<std::int64_t> starts(bins + 1);
    for (std::int64_t b = 0; b <= bins; ++b) {
        starts[b] = first + binStart(count, bins, b);
        if (maskNegative) // a run clipped to δ ≥ 0; an empty one stays empty
            starts[b] = std::max<std::int64_t>(starts[b], 0);
    }
    // Re((a − ib)·sum) = a·Re(sum) + b·Im(sum), summed over the terms.
    std::vector<std::pair<Eigen::ArrayXd, Eigen::ArrayXd>> weights;
    for (const OffsetSeries& s : series)
        weights.emplace_back(s.cosine.array(), s.sine.array());
    return RunSums(starts, series.front().omega).weightedMeans(weights);
}

Eigen::VectorXd offsetSeriesRunMeans(const OffsetSeries& series, std::int64_t first, std::int64_t count,
                                     std::int64_t bins, bool maskNegative)
{
    return offsetSeriesRunMeans(std::span<const OffsetSeries>(&series, 1), first, count, bins, maskNegative).col(0);
}

void fillOffsetSeriesBinned(const OffsetSeries& series, std::int64_t length, bool causal, Eigen::Ref<RowMatrix> out)
{
    using Complex = std::complex<double>;
    const std::int64_t L = length, bins = out.rows();
    const Eigen::Index terms = series.omega.size();
    if (L <= 0 || bins <= 0 || out.cols() != bins) {
        out.setConstant(std::numeric_limits<double>::quiet_NaN());
        return;
    }
    // Row-major: each run fills one row.
    Eigen::Matrix<Complex, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> u(bins, terms), uw(bins, terms);
    std::vector<std::int64_t> starts(bins + 1);
    for (std::int64_t b = 0; b <= bins; ++b)
        starts[b] = binStart(L, bins, b);
    Eigen::RowVectorXcd weight(terms);
    weight.real() = series.cosine.transpose();
    weight.imag() = -series.sine.transpose();
    RunSums(starts, series.omega).forEach([&](std::size_t run, const Eigen::ArrayXd& re, const Eigen::ArrayXd& im) {
        const auto b = static_cast<Eigen::Index>(run);
        const double m = static_cast<double>(starts[run + 1] - starts[run]);
        u.row(b).real() = re.matrix().transpose() / m;
        u.row(b).imag() = im.matrix().transpose() / m;
        uw.row(b) = u.row(b).cwiseProduct(weight);
    });
    // Σ_i Σ_j e^{iω(i−j)} = (Σ_i e^{iωi})·conj(Σ_j e^{iωj}): the block means in one product.
    out = (uw * u.adjoint()).real();
    if (!causal)
        return;
    // A diagonal block of n rows keeps j ≤ i: Σ_{δ=0}^{n−1} (n − δ)·S(δ) over n(n + 1)/2 pairs
    // (the bins have at most two sizes; each summed once).
    std::int64_t lastSize = -1;
    double lastMean = 0;
    for (std::int64_t b = 0; b < bins; ++b) {
        const std::int64_t n = binStart(L, bins, b + 1) - binStart(L, bins, b);
        if (n != lastSize) {
            Eigen::VectorXd s(n);
            evaluateOffsetSeries(series, 0, s);
            long double sum = 0;
            for (std::int64_t d = 0; d < n; ++d)
                sum += static_cast<long double>(n - d) * s[d];
            lastSize = n;
            lastMean = static_cast<double>(sum / (0.5L * n * (n + 1)));
        }
        out(b, b) = lastMean;
        for (std::int64_t c = b + 1; c < bins; ++c)
            out(b, c) = std::numeric_limits<double>::quiet_NaN();
    }
}

} // namespace pe::core
