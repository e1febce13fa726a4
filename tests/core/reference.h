// SPDX-License-Identifier: MIT
// An independent reference for the core tests: the sinusoidal encoding evaluated in long double
// straight from the published formulas (DESIGN.md, "Facts the program rests on"). It uses only
// the EncodingSpec struct from the core, never a core function, so that no expected value in
// the tests is produced by the code under test.
#pragma once

#include "core/spec.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace ref {

using pe::core::EncodingSpec;
using pe::core::FrequencyRule;
using pe::core::Layout;

/// The frequencies of a spec. Paper: P = ⌈d/2⌉, and an odd d's last pair is a lone sine (HF
/// DistilBERT/XLM, Marian). tensor2tensor: n = ⌊d/2⌋ timescales (get_timing_signal_1d's
/// `channels // 2`, fairseq's `half_dim`), and an odd d's last column is the zero column both
/// libraries pad with.
inline int pairs(const EncodingSpec& s)
{
    return s.frequencies == FrequencyRule::Tensor2Tensor ? s.dModel / 2 : (s.dModel + 1) / 2;
}
inline int fullPairs(int d) { return d / 2; }

/// ω_k: base^(−2k/d) (paper) or base^(−k/max(n−1, 1)) (tensor2tensor: its log_timescale_increment
/// ln(base)/max(n−1, 1); the max keeps n = 1, d = 2 or 3, finite).
inline long double omega(const EncodingSpec& s, int k)
{
    const long double base = s.base;
    if (s.frequencies == FrequencyRule::Paper)
        return std::pow(base, -2.0L * k / s.dModel);
    const long double steps = std::max(pairs(s) - 1, 1);
    return std::pow(base, -static_cast<long double>(k) / steps);
}

struct Role {
    int pair;
    bool isSin;
    bool isZero = false;
};

/// Interleaved: column 2k = sin, 2k+1 = cos. Split: columns 0…P−1 = sin, then the cosines of
/// pairs 0…⌊d/2⌋−1. tensor2tensor with an odd d: the last column is zero in either layout.
inline Role role(const EncodingSpec& s, int column)
{
    if (s.frequencies == FrequencyRule::Tensor2Tensor && s.dModel % 2 == 1 && column == s.dModel - 1)
        return {-1, false, true};
    if (s.layout == Layout::Interleaved)
        return {column / 2, column % 2 == 0};
    const int p = pairs(s);
    return column < p ? Role{column, true} : Role{column - p, false};
}

/// PE(position, column) in long double.
inline long double value(const EncodingSpec& s, std::int64_t position, int column)
{
    const Role r = role(s, column);
    if (r.isZero)
        return 0.0L;
    const long double angle = static_cast<long double>(position) * omega(s, r.pair);
    return r.isSin ? std::sin(angle) : std::cos(angle);
}

/// Rows of absolute positions first … first+n−1, row-major, n × d.
struct Block {
    int d = 0;
    std::int64_t n = 0;
    std::vector<long double> v;
    long double operator()(std::int64_t r, int c) const { return v[r * d + c]; }
};

inline Block rows(const EncodingSpec& s, std::int64_t first, std::int64_t n)
{
    Block b{s.dModel, n, std::vector<long double>(n * s.dModel)};
    std::vector<long double> w(pairs(s));
    for (int k = 0; k < static_cast<int>(w.size()); ++k)
        w[k] = omega(s, k);
    for (std::int64_t r = 0; r < n; ++r)
        for (int c = 0; c < s.dModel; ++c) {
            const Role role_ = role(s, c);
            if (role_.isZero)
                continue; // the vector starts at 0
            const long double angle = static_cast<long double>(first + r) * w[role_.pair];
            b.v[r * s.dModel + c] = role_.isSin ? std::sin(angle) : std::cos(angle);
        }
    return b;
}

/// PE(p)·PE(q) for p, q in first … first+n−1 (n × n, row-major), by the explicit product.
inline std::vector<long double> dotMatrix(const Block& e)
{
    std::vector<long double> m(e.n * e.n);
    for (std::int64_t i = 0; i < e.n; ++i)
        for (std::int64_t j = 0; j < e.n; ++j) {
            long double s = 0.0L;
            for (int c = 0; c < e.d; ++c)
                s += e(i, c) * e(j, c);
            m[i * e.n + j] = s;
        }
    return m;
}

inline const char* layoutTag(Layout l) { return l == Layout::Split ? "split" : "interleaved"; }
inline const char* ruleTag(FrequencyRule f) { return f == FrequencyRule::Tensor2Tensor ? "t2t" : "paper"; }

/// A spec with the fields the tests vary; the rest at the defaults.
inline EncodingSpec makeSpec(int d, Layout l, FrequencyRule f, double base = 10000.0, std::int64_t first = 0,
                             std::int64_t maxLen = 100)
{
    EncodingSpec s;
    s.dModel = d;
    s.layout = l;
    s.frequencies = f;
    s.base = base;
    s.firstPosition = first;
    s.maxLen = maxLen;
    return s;
}

/// Largest |m(r, c) − reference(r, c)| over a block.
template <typename Matrix>
double maxError(const Matrix& m, const Block& e)
{
    double worst = 0.0;
    for (std::int64_t r = 0; r < e.n; ++r)
        for (int c = 0; c < e.d; ++c)
            worst = std::max(worst, static_cast<double>(std::fabs(m(r, c) - e(r, c))));
    return worst;
}

} // namespace ref
