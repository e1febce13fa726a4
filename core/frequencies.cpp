// SPDX-License-Identifier: MIT
#include "core/frequencies.h"

#include "core/simd.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <mutex>
#include <numbers>
#include <vector>

namespace pe::core {

namespace {

std::vector<long double> computeFrequencies(const EncodingSpec& spec)
{
    // base^(−x) = exp(−x·log base): the same number the documents' code forms in log space.
    const long double logBase = std::log(static_cast<long double>(spec.base));
    const int pairs = pairCount(spec);
    // tensor2tensor: log_timescale_increment = log(base) / max(num_timescales − 1, 1).
    const int steps = std::max(pairs - 1, 1);
    std::vector<long double> omega(pairs);
    for (int k = 0; k < pairs; ++k) {
        const long double exponent = spec.frequencies == FrequencyRule::Paper
            ? 2.0L * k / spec.dModel
            : static_cast<long double>(k) / steps;
        omega[k] = std::exp(-exponent * logBase);
    }
    return omega;
}

/// One spec's frequencies: what they depend on, and the table.
struct Frequencies {
    int dModel;
    double base;
    FrequencyRule rule;
    std::vector<long double> omega;
    std::vector<double> high, low; ///< each ω as two doubles, high + low = ω (for simd::sinCosOfProducts)
    bool of(const EncodingSpec& spec) const { return dModel == spec.dModel && base == spec.base && rule == spec.frequencies; }
};

/// The tables of the last few specs asked for, shared by every thread: a frame's threads (the
/// heatmap's two halves, the similarity's, the frame's own) and the window's all ask for the
/// same spec at once, and each worked out its own 2048 expl at 4096 dims (~0.3 ms each).
std::shared_ptr<const Frequencies> sharedFrequencies(const EncodingSpec& spec)
{
    static std::mutex lock;
    static std::array<std::shared_ptr<const Frequencies>, 8> recent; // the newest first
    const std::lock_guard<std::mutex> hold(lock);
    auto found = std::find_if(recent.begin(), recent.end(), [&](const auto& f) { return f && f->of(spec); });
    std::shared_ptr<const Frequencies> table = found != recent.end() ? *found : nullptr;
    if (!table) {
        auto made = std::make_shared<Frequencies>(Frequencies{spec.dModel, spec.base, spec.frequencies, computeFrequencies(spec), {}, {}});
        for (long double omega : made->omega) {
            made->high.push_back(static_cast<double>(omega));
            made->low.push_back(static_cast<double>(omega - static_cast<long double>(made->high.back())));
        }
        table = std::move(made);
    }
    // Move it to the front; a new one pushes the oldest out (its users keep it alive).
    if (found == recent.end())
        found = recent.end() - 1;
    std::rotate(recent.begin(), found, found + 1);
    recent.front() = table;
    return table;
}

/// What the shared sin/cos tables may keep between frames (sinCosTable).
constexpr std::size_t keptSinCosBytes = std::size_t{8} << 20;

/// One shared sinCosTable and what it depends on; filled once by the first thread to need it.
struct SharedSinCos {
    std::shared_ptr<const Frequencies> frequencies;
    long double multiple;
    std::once_flag filled;
    SinCosTable table;
    bool of(const EncodingSpec& spec, long double m) const { return multiple == m && frequencies->of(spec); }
    std::size_t bytes() const { return 2 * sizeof(double) * frequencies->omega.size(); } ///< once filled
};

} // namespace

std::shared_ptr<const SinCosTable> sinCosTable(const EncodingSpec& spec, long double multiple)
{
    requireValid(spec);
    std::shared_ptr<SharedSinCos> entry;
    {
        static std::mutex lock;
        static std::array<std::shared_ptr<SharedSinCos>, 64> recent; // the newest first
        const std::lock_guard<std::mutex> hold(lock);
        auto found = std::find_if(recent.begin(), recent.end(), [&](const auto& e) { return e && e->of(spec, multiple); });
        if (found == recent.end()) {
            found = recent.end() - 1; // the oldest goes; its users keep it alive
            *found = std::make_shared<SharedSinCos>();
            (*found)->frequencies = sharedFrequencies(spec);
            (*found)->multiple = multiple;
        }
        entry = *found;
        std::rotate(recent.begin(), found, found + 1);
        // At most keptSinCosBytes kept between frames: 64 tables of 4096 dims take 2 MB, but
        // 64 of 65536 dims would keep 32 MB for good. The oldest beyond it go (the newest is
        // always kept; a thread still using one keeps it alive).
        std::size_t kept = 0;
        for (auto& table : recent) {
            if (!table)
                continue;
            if (kept > 0 && kept + table->bytes() > keptSinCosBytes)
                table.reset();
            else
                kept += table->bytes();
        }
    }
    // Outside the lock: another thread asking for this table waits here, others go on.
    std::call_once(entry->filled, [&] {
        const std::vector<long double>& omega = entry->frequencies->omega;
        entry->table.sin.resize(omega.size());
        entry->table.cos.resize(omega.size());
        for (std::size_t k = 0; k < omega.size(); ++k) {
            const SinCos at = accurateSinCos(omega[k], multiple);
            entry->table.sin[k] = at.sin;
            entry->table.cos[k] = at.cos;
        }
    });
    return std::shared_ptr<const SinCosTable>(entry, &entry->table);
}

namespace {

/// This thread's table of the spec's frequencies: expl costs ~100 ns, and views ask for the
/// same few specs thousands of times per frame. Valid until this thread asks for another spec's.
const Frequencies& threadFrequencies(const EncodingSpec& spec)
{
    requireValid(spec);
    thread_local std::shared_ptr<const Frequencies> mine;
    if (!mine || !mine->of(spec))
        mine = sharedFrequencies(spec);
    return *mine;
}

} // namespace

const std::vector<long double>& frequencyTable(const EncodingSpec& spec)
{
    return threadFrequencies(spec).omega;
}

void sinCosOfMultiples(const double* high, const double* low, double multiple, double* sinOut, double* cosOut,
                       std::size_t n)
{
    simd::sinCosOfProducts(high, low, multiple, sinOut, cosOut, n);
    // NaN only where the angle passes 2^50 (the vector reduction's limit) or is not finite.
    for (std::size_t k = 0; k < n; ++k) {
        // Most NaN lanes are float16's overflowed angles (the precision map beyond position
        // 65504): passed over in double, before any long double work.
        if (!std::isnan(sinOut[k]) || !std::isfinite(high[k] * multiple))
            continue;
        const long double omega = static_cast<long double>(high[k]) + (low ? low[k] : 0.0);
        const long double angle = omega * multiple;
        if (!std::isfinite(angle))
            continue; // no sine to speak of: NaN
        if (std::abs(angle) < 0x1p62L) { // accurateSinCos counts whole turns in 64 bits
            const SinCos at = accurateSinCos(omega, multiple);
            sinOut[k] = at.sin;
            cosOut[k] = at.cos;
        } else { // beyond any position: what libm makes of it
            sinOut[k] = static_cast<double>(std::sin(angle));
            cosOut[k] = static_cast<double>(std::cos(angle));
        }
    }
}

void accurateSinCosOfPairs(const EncodingSpec& spec, double multiple, double* sinOut, double* cosOut)
{
    const Frequencies& f = threadFrequencies(spec);
    sinCosOfMultiples(f.high.data(), f.low.data(), multiple, sinOut, cosOut, f.omega.size());
}

long double angularFrequencyLong(const EncodingSpec& spec, int pair)
{
    const std::vector<long double>& table = frequencyTable(spec);
    if (pair < 0 || pair >= static_cast<int>(table.size()))
        throw SpecError("pair " + std::to_string(pair) + " is out of range; allowed: 0 to "
                        + std::to_string(table.size() - 1));
    return table[pair];
}

Eigen::VectorXd angularFrequencies(const EncodingSpec& spec)
{
    requireValid(spec);
    Eigen::VectorXd omega(pairCount(spec));
    for (int k = 0; k < omega.size(); ++k)
        omega[k] = static_cast<double>(angularFrequencyLong(spec, k));
    return omega;
}

Eigen::VectorXd wavelengths(const EncodingSpec& spec)
{
    requireValid(spec);
    Eigen::VectorXd lambda(pairCount(spec));
    for (int k = 0; k < lambda.size(); ++k)
        lambda[k] = static_cast<double>(2.0L * std::numbers::pi_v<long double> / angularFrequencyLong(spec, k));
    return lambda;
}

double encodingAngle(const EncodingSpec& spec, std::int64_t position, int pair)
{
    if (pair < 0 || pair >= pairCount(spec))
        throw SpecError("pair " + std::to_string(pair) + " is out of range");
    return static_cast<double>(position * angularFrequencyLong(spec, pair));
}

SinCos accurateSinCos(long double omega, long double multiple)
{
    // The angle and its reduction to [−π, π] in extended precision (64-bit mantissa: an error
    // near 1e−13 at angles of 10^6), then double sin/cos of the reduced angle corrected by its
    // low part. As accurate as sinl/cosl here, and several times faster.
    constexpr long double twoPi = 2.0L * std::numbers::pi_v<long double>;
    constexpr long double inverseTwoPi = 1.0L / twoPi;
    const long double angle = multiple * omega;
    // Whole turns by a truncating conversion: nearbyintl switches the FPU environment and
    // costs four times more than the rest of this function together.
    const long double turnsExact = angle * inverseTwoPi;
    const auto turns = static_cast<std::int64_t>(turnsExact + (turnsExact >= 0 ? 0.5L : -0.5L));
    const long double reduced = angle - static_cast<long double>(turns) * twoPi;
    const double high = static_cast<double>(reduced);
    const double low = static_cast<double>(reduced - high);
    const double s = std::sin(high), c = std::cos(high);
    return {s + c * low, c - s * low};
}

} // namespace pe::core
