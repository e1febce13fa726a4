// SPDX-License-Identifier: MIT
#include "core/rope.h"

#include "core/frequencies.h"
#include "core/simd.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>
#include <numbers>
#include <sstream>

namespace pe::core {

std::string_view ropeScalingName(RopeScaling scaling)
{
    switch (scaling) {
    case RopeScaling::None: return "none";
    case RopeScaling::PositionInterpolation: return "PI";
    case RopeScaling::NtkAware: return "NTK-aware";
    case RopeScaling::DynamicNtk: return "dynamic NTK";
    case RopeScaling::Yarn: return "YaRN";
    case RopeScaling::YarnReference: return "YaRN (reference)";
    case RopeScaling::Llama3: return "Llama 3";
    }
    return "none";
}

std::string_view ropeScalingKey(RopeScaling scaling)
{
    switch (scaling) {
    case RopeScaling::None: return "none";
    case RopeScaling::PositionInterpolation: return "pi";
    case RopeScaling::NtkAware: return "ntk";
    case RopeScaling::DynamicNtk: return "dynamic-ntk";
    case RopeScaling::Yarn: return "yarn";
    case RopeScaling::YarnReference: return "yarn-reference";
    case RopeScaling::Llama3: return "llama3";
    }
    return "none";
}

std::optional<RopeScaling> parseRopeScaling(std::string_view key)
{
    for (RopeScaling scaling : allRopeScalings)
        if (ropeScalingKey(scaling) == key)
            return scaling;
    return std::nullopt;
}

std::optional<std::string> ropeValidationError(int dModel, double base, const RopeScalingSpec& spec)
{
    std::ostringstream out;
    if (dModel < 4)
        out << "d_model = " << dModel << " is too small for rotary scaling; allowed: 4 or more";
    else if (!(base > 1.0) || !std::isfinite(base))
        out << "base = " << base << " must be a finite number above 1";
    else if (!(spec.scale >= 1.0) || !(spec.scale <= 1e6))
        out << "scale s = " << spec.scale << " is not allowed; allowed: 1 to 1000000";
    else if (!(spec.originalLength >= 1.0) || !std::isfinite(spec.originalLength))
        out << "original context length = " << spec.originalLength << " is not allowed; allowed: 1 or more";
    else if (!(spec.alpha > 0.0) || !(spec.beta > spec.alpha) || !std::isfinite(spec.beta))
        out << "YaRN ramp α = " << spec.alpha << ", β = " << spec.beta << " is not allowed; need 0 < α < β";
    else if (!(spec.sequenceLength >= 1.0) || !std::isfinite(spec.sequenceLength))
        out << "sequence length = " << spec.sequenceLength << " is not allowed; allowed: 1 or more";
    else if (!(spec.lowFrequencyFactor > 0.0) || !(spec.highFrequencyFactor > spec.lowFrequencyFactor)
             || !std::isfinite(spec.highFrequencyFactor))
        out << "Llama 3 frequency factors low = " << spec.lowFrequencyFactor << ", high = " << spec.highFrequencyFactor
            << " are not allowed; need 0 < low < high";
    else
        return std::nullopt;
    return out.str();
}

int ropePairCount(int dModel)
{
    return std::max(dModel, 0) / 2;
}

Eigen::VectorXd ropeFrequencies(int dModel, double base)
{
    const int pairs = ropePairCount(dModel);
    Eigen::VectorXd theta(pairs);
    // In log space and long double, the same operations as the sinusoidal table's
    // (core/frequencies.cpp): exact at k = 0, smooth in k, and the sinusoid's ω to the bit, so
    // that the methods view sums both curves with one set of run sums.
    const long double logBase = std::log(static_cast<long double>(base));
    for (int k = 0; k < pairs; ++k) {
        const long double exponent = 2.0L * k / dModel;
        theta[k] = static_cast<double>(std::exp(-exponent * logBase));
    }
    return theta;
}

double ntkAwareBase(double base, int dModel, double scale)
{
    return base * std::pow(scale, static_cast<double>(dModel) / (dModel - 2));
}

double dynamicNtkBase(double base, int dModel, double scale, double sequenceLength, double originalLength)
{
    const double length = std::max(sequenceLength, originalLength);
    return base * std::pow(scale * length / originalLength - (scale - 1.0), static_cast<double>(dModel) / (dModel - 2));
}

CorrectionRange yarnCorrectionRange(int dModel, double base, const RopeScalingSpec& spec)
{
    // The pair index whose band turns `turns` times in L_orig, solved from L_orig·θ_k = 2π·turns.
    const auto dimensionTurning = [&](double turns) {
        return dModel * std::log(spec.originalLength / (turns * 2 * std::numbers::pi)) / (2 * std::log(base));
    };
    double low = dimensionTurning(spec.beta), high = dimensionTurning(spec.alpha);
    if (spec.truncate) {
        low = std::floor(low);
        high = std::ceil(high);
    }
    return {std::max(low, 0.0), std::min(high, static_cast<double>(dModel - 1))};
}

double yarnRamp(double turns, double alpha, double beta)
{
    return std::clamp((turns - alpha) / (beta - alpha), 0.0, 1.0);
}

double yarnAttentionFactor(double scale)
{
    return scale <= 1.0 ? 1.0 : 0.1 * std::log(scale) + 1.0;
}

double ropeAttentionFactor(RopeScaling scaling, const RopeScalingSpec& spec)
{
    return scaling == RopeScaling::Yarn || scaling == RopeScaling::YarnReference ? yarnAttentionFactor(spec.scale) : 1.0;
}

Eigen::VectorXd scaledRopeFrequencies(int dModel, double base, RopeScaling scaling, const RopeScalingSpec& spec)
{
    const Eigen::VectorXd theta = ropeFrequencies(dModel, base);
    const double s = spec.scale;
    switch (scaling) {
    case RopeScaling::None: return theta;
    case RopeScaling::PositionInterpolation: return theta / s;
    case RopeScaling::NtkAware: return ropeFrequencies(dModel, ntkAwareBase(base, dModel, s));
    case RopeScaling::DynamicNtk:
        return ropeFrequencies(dModel, dynamicNtkBase(base, dModel, s, spec.sequenceLength, spec.originalLength));
    case RopeScaling::YarnReference: {
        // A linear ramp over the pair index (not over the turns, as in the paper): pairs below
        // `low` keep θ, pairs above `high` are divided by s.
        CorrectionRange range = yarnCorrectionRange(dModel, base, spec);
        if (range.low == range.high)
            range.high += 0.001; // as the reference code: no division by zero
        Eigen::VectorXd scaled(theta.size());
        for (Eigen::Index k = 0; k < theta.size(); ++k) {
            const double ramp = std::clamp((static_cast<double>(k) - range.low) / (range.high - range.low), 0.0, 1.0);
            scaled[k] = theta[k] / s * ramp + theta[k] * (1.0 - ramp);
        }
        return scaled;
    }
    case RopeScaling::Llama3: {
        const double lowWavelength = spec.originalLength / spec.lowFrequencyFactor;
        const double highWavelength = spec.originalLength / spec.highFrequencyFactor;
        Eigen::VectorXd scaled(theta.size());
        for (Eigen::Index k = 0; k < theta.size(); ++k) {
            const double wavelength = 2 * std::numbers::pi / theta[k];
            if (wavelength < highWavelength)
                scaled[k] = theta[k];
            else if (wavelength > lowWavelength)
                scaled[k] = theta[k] / s;
            else {
                const double smooth = (spec.originalLength / wavelength - spec.lowFrequencyFactor)
                    / (spec.highFrequencyFactor - spec.lowFrequencyFactor);
                scaled[k] = (1.0 - smooth) * theta[k] / s + smooth * theta[k];
            }
        }
        return scaled;
    }
    case RopeScaling::Yarn: {
        Eigen::VectorXd scaled(theta.size());
        for (Eigen::Index k = 0; k < theta.size(); ++k) {
            const double turns = spec.originalLength * theta[k] / (2 * std::numbers::pi);
            const double gamma = yarnRamp(turns, spec.alpha, spec.beta);
            scaled[k] = (1.0 - gamma) * theta[k] / s + gamma * theta[k];
        }
        return scaled;
    }
    }
    return theta;
}

Eigen::VectorXd rotaryEmbedding(const Eigen::VectorXd& x, double position, const Eigen::VectorXd& theta)
{
    Eigen::VectorXd out = x;
    const Eigen::Index pairs = std::min<Eigen::Index>(theta.size(), x.size() / 2);
    for (Eigen::Index k = 0; k < pairs; ++k) {
        // The angle in long double: positions up to 10^6 keep their phase to ~1e−16.
        const long double angle = static_cast<long double>(position) * theta[k];
        const double c = static_cast<double>(std::cos(angle)), s = static_cast<double>(std::sin(angle));
        out[2 * k] = x[2 * k] * c - x[2 * k + 1] * s;
        out[2 * k + 1] = x[2 * k] * s + x[2 * k + 1] * c;
    }
    return out;
}

double rotaryScore(const Eigen::VectorXd& q, const Eigen::VectorXd& k, double m, double n, const Eigen::VectorXd& theta)
{
    return rotaryEmbedding(q, m, theta).dot(rotaryEmbedding(k, n, theta));
}

Eigen::VectorXd rotaryDecayBound(const Eigen::VectorXd& theta, const Eigen::VectorXd& distances)
{
    const Eigen::Index samples = distances.size(), pairs = theta.size();
    Eigen::VectorXd bound(samples);
    if (pairs == 0)
        return bound.setZero();
    const double delta = samples > 1 ? distances[1] - distances[0] : 0.0;
    bool even = samples > 2;
    for (Eigen::Index i = 2; even && i < samples; ++i)
        even = distances[i] == distances[0] + static_cast<double>(i) * delta;
    // Evenly spaced distances r_i = r_0 + i·Δ: each term e^{i·r·θ_k} follows from the one
    // before by one complex product with e^{i·Δ·θ_k} (simd::rotate) instead of a sin and a cos,
    // taken afresh from r_i every 64 distances so that rounding cannot build up. Otherwise (log
    // distances) every term from its angle, four at a time (sinCosOfMultiples).
    constexpr Eigen::Index anchorEvery = 64;
    const auto n = static_cast<std::size_t>(pairs);
    std::vector<double> stepRe(n), stepIm(n), termRe(n), termIm(n);
    const auto sinCos = [&](double multiple, double* sines, double* cosines) {
        sinCosOfMultiples(theta.data(), nullptr, multiple, sines, cosines, n);
    };
    if (even)
        sinCos(delta, stepIm.data(), stepRe.data());
    // Four distances at a time: their terms side by side (simd::interleaveFourRows), then
    // Σ_k |S_{k+1}| of the four in one pass (simd::prefixModulusSums). |S| ≤ pairs: no
    // overflow, so no hypot.
    std::array<std::vector<double>, 4> rowsRe, rowsIm;
    for (int r = 0; r < 4; ++r) {
        rowsRe[r].assign(n, 0.0);
        rowsIm[r].assign(n, 0.0);
    }
    std::vector<double> tileRe(4 * n), tileIm(4 * n);
    for (Eigen::Index first = 0; first < samples; first += 4) {
        const int rows = static_cast<int>(std::min<Eigen::Index>(4, samples - first));
        for (int r = 0; r < rows; ++r) {
            const Eigen::Index i = first + r;
            if (!even || i % anchorEvery == 0)
                sinCos(distances[i], termIm.data(), termRe.data());
            std::copy(termRe.begin(), termRe.end(), rowsRe[r].begin());
            std::copy(termIm.begin(), termIm.end(), rowsIm[r].begin());
            if (even)
                simd::rotate(termRe.data(), termIm.data(), stepRe.data(), stepIm.data(), n);
        }
        for (int r = rows; r < 4; ++r) { // past the last distance: zero terms, ignored
            std::fill(rowsRe[r].begin(), rowsRe[r].end(), 0.0);
            std::fill(rowsIm[r].begin(), rowsIm[r].end(), 0.0);
        }
        const double* re[4] = {rowsRe[0].data(), rowsRe[1].data(), rowsRe[2].data(), rowsRe[3].data()};
        const double* im[4] = {rowsIm[0].data(), rowsIm[1].data(), rowsIm[2].data(), rowsIm[3].data()};
        simd::interleaveFourRows(re, n, tileRe.data());
        simd::interleaveFourRows(im, n, tileIm.data());
        double totals[4];
        simd::prefixModulusSums(tileRe.data(), tileIm.data(), n, totals);
        for (int r = 0; r < rows; ++r)
            bound[first + r] = totals[r] / static_cast<double>(pairs);
    }
    return bound;
}

} // namespace pe::core
