// SPDX-License-Identifier: MIT
#include "core/ropemodel.h"

#include "core/rope.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <numbers>
#include <sstream>

namespace pe::core {

namespace {

constexpr std::array<std::pair<RopeType, std::string_view>, 6> typeKeys{{
    {RopeType::Default, "default"}, {RopeType::Linear, "linear"}, {RopeType::Dynamic, "dynamic"},
    {RopeType::Yarn, "yarn"}, {RopeType::LongRope, "longrope"}, {RopeType::Llama3, "llama3"}}};

/// YaRN's get_mscale: 0.1·mscale·ln(scale) + 1, 1 for scale ≤ 1.
double yarnMscale(double scale, double mscale)
{
    return scale <= 1.0 ? 1.0 : 0.1 * mscale * std::log(scale) + 1.0;
}

double wrapAngle(double angle)
{
    angle = std::remainder(angle, 2 * std::numbers::pi); // [−π, π]
    return angle == -std::numbers::pi ? std::numbers::pi : angle;
}

} // namespace

std::string_view ropeTypeKey(RopeType type)
{
    for (const auto& [t, key] : typeKeys)
        if (t == type)
            return key;
    return "default";
}

std::optional<RopeType> parseRopeType(std::string_view key)
{
    for (const auto& [t, name] : typeKeys)
        if (name == key)
            return t;
    return std::nullopt;
}

std::optional<std::string> ropeModelError(const RopeModel& m)
{
    std::ostringstream out;
    const auto positive = [](double v) { return std::isfinite(v) && v > 0.0; };
    if (m.headDim < 2 || m.headDim > 65536)
        out << "head dimension = " << m.headDim << " is not allowed; allowed: 2 to 65536";
    else if (m.rotaryDim < 2 || m.rotaryDim > m.headDim || m.rotaryDim % 2 != 0)
        out << "rotary dimension = " << m.rotaryDim << " is not allowed; allowed: an even number from 2 to the head dimension "
            << m.headDim;
    else if (!std::isfinite(m.base) || !(m.base > 1.0) || m.base > 1e12)
        out << "rope_theta = " << m.base << " is not allowed; allowed: above 1, at most 1e12";
    else if (m.type == RopeType::Dynamic && m.rotaryDim < 4)
        out << "rotary dimension = " << m.rotaryDim << " is too small for rope_type \"dynamic\" (its exponent d/(d−2)); allowed: 4 or more";
    else if (!positive(m.maxPositions) || m.maxPositions > 1e9)
        out << "max_position_embeddings = " << m.maxPositions << " is not allowed; allowed: 1 to 1000000000";
    else if (m.factor && (!std::isfinite(*m.factor) || *m.factor < 1.0 || *m.factor > 1e6))
        out << "rope_scaling.factor = " << *m.factor << " is not allowed; allowed: 1 to 1000000";
    else if ((m.type == RopeType::Linear || m.type == RopeType::Dynamic || m.type == RopeType::Llama3) && !m.factor)
        out << "rope_scaling.factor is missing; rope_type \"" << ropeTypeKey(m.type) << "\" needs it (a number of 1 or more)";
    else if (m.originalMaxPositions && (!positive(*m.originalMaxPositions) || *m.originalMaxPositions > 1e9))
        out << "original_max_position_embeddings = " << *m.originalMaxPositions << " is not allowed; allowed: 1 to 1000000000";
    else if (m.type == RopeType::Llama3 && !m.originalMaxPositions)
        out << "rope_scaling.original_max_position_embeddings is missing; rope_type \"llama3\" needs it";
    else if (m.type == RopeType::Llama3 && !(positive(m.lowFreqFactor) && positive(m.highFreqFactor) && m.highFreqFactor > m.lowFreqFactor))
        out << "rope_scaling.low_freq_factor = " << m.lowFreqFactor << ", high_freq_factor = " << m.highFreqFactor
            << " are not allowed; need 0 < low_freq_factor < high_freq_factor";
    else if (m.attentionFactor && (!std::isfinite(*m.attentionFactor) || *m.attentionFactor <= 0.0))
        out << "rope_scaling.attention_factor = " << *m.attentionFactor << " is not allowed; allowed: a number above 0";
    // A negative mscale makes YaRN's get_mscale negative for large factors (0.1·mscale·ln(factor) + 1),
    // so the attention factor and the softmax scale would flip sign; real configs use 0.707 to 1.
    else if (m.mscale && !(std::isfinite(*m.mscale) && *m.mscale >= 0.0 && *m.mscale <= 1000.0))
        out << "rope_scaling.mscale = " << *m.mscale << " is not allowed; allowed: 0 to 1000";
    else if (m.mscaleAllDim && !(std::isfinite(*m.mscaleAllDim) && *m.mscaleAllDim >= 0.0 && *m.mscaleAllDim <= 1000.0))
        out << "rope_scaling.mscale_all_dim = " << *m.mscaleAllDim << " is not allowed; allowed: 0 to 1000";
    else if ((m.betaFast && (!std::isfinite(*m.betaFast) || *m.betaFast < 0)) || (m.betaSlow && (!std::isfinite(*m.betaSlow) || *m.betaSlow < 0)))
        out << "rope_scaling.beta_fast and beta_slow must be numbers of 0 or more (0 means their defaults 32 and 1)";
    else if (m.type == RopeType::LongRope
             && (m.shortFactor.size() != static_cast<std::size_t>(m.rotaryDim / 2) || m.longFactor.size() != m.shortFactor.size()))
        out << "rope_scaling.short_factor has " << m.shortFactor.size() << " and long_factor " << m.longFactor.size()
            << " values; allowed: one per rotated pair, " << m.rotaryDim / 2 << " each";
    else if (m.type == RopeType::LongRope
             && (std::any_of(m.shortFactor.begin(), m.shortFactor.end(), [&](double v) { return !positive(v); })
                 || std::any_of(m.longFactor.begin(), m.longFactor.end(), [&](double v) { return !positive(v); })
                 || std::any_of(m.shortFactor.begin(), m.shortFactor.end(), [](double v) { return v > 1e6; })
                 || std::any_of(m.longFactor.begin(), m.longFactor.end(), [](double v) { return v > 1e6; })))
        out << "rope_scaling.short_factor and long_factor must hold numbers above 0, at most 1000000";
    // LongRope's attention factor is √(1 + ln(factor)/ln(original)): an original context of 1 divides by 0.
    else if (m.type == RopeType::LongRope && !(ropeModelOriginalPositions(m) >= 2.0))
        out << "original_max_position_embeddings = " << ropeModelOriginalPositions(m)
            << " is too small for rope_type \"longrope\" (its attention factor divides by its logarithm); allowed: 2 or more";
    else if (m.localBase && (!std::isfinite(*m.localBase) || !(*m.localBase > 1.0) || *m.localBase > 1e12))
        out << "rope_local_base_freq = " << *m.localBase << " is not allowed; allowed: above 1, at most 1e12";
    else if (!m.mropeSection.empty()) {
        long total = 0;
        for (int s : m.mropeSection)
            total += s;
        if (std::any_of(m.mropeSection.begin(), m.mropeSection.end(), [](int s) { return s < 0; }) || total != m.rotaryDim / 2)
            out << "mrope_section adds up to " << total << " pairs; allowed: sections of 0 or more adding up to the "
                << m.rotaryDim / 2 << " rotated pairs";
        else
            return std::nullopt;
    } else
        return std::nullopt;
    return out.str();
}

int ropeModelPairs(const RopeModel& model)
{
    return model.rotaryDim / 2;
}

double ropeModelOriginalPositions(const RopeModel& model)
{
    return model.originalMaxPositions.value_or(model.maxPositions);
}

double ropeModelFactor(const RopeModel& model)
{
    if (model.factor)
        return *model.factor;
    if (model.type == RopeType::Yarn || model.type == RopeType::LongRope)
        return model.maxPositions / ropeModelOriginalPositions(model);
    return 1.0;
}

double ropeModelOriginalContext(const RopeModel& model)
{
    switch (model.type) {
    case RopeType::Linear: return model.maxPositions / ropeModelFactor(model);
    case RopeType::Yarn:
    case RopeType::LongRope:
    case RopeType::Llama3: return ropeModelOriginalPositions(model);
    case RopeType::Default:
    case RopeType::Dynamic: break;
    }
    return model.maxPositions;
}

double ropeModelMaxContext(const RopeModel& model)
{
    switch (model.type) {
    case RopeType::Dynamic: return ropeModelFactor(model) * model.maxPositions;
    case RopeType::Yarn: return std::max(model.maxPositions, ropeModelFactor(model) * ropeModelOriginalPositions(model));
    default: break;
    }
    return model.maxPositions;
}

Eigen::VectorXd ropeModelUnscaledFrequencies(const RopeModel& model)
{
    return ropeFrequencies(model.rotaryDim, model.base);
}

Eigen::VectorXd ropeModelInverseFrequencies(const RopeModel& model, double sequenceLength)
{
    const int dim = model.rotaryDim;
    const Eigen::VectorXd theta = ropeFrequencies(dim, model.base);
    const double factor = ropeModelFactor(model);
    switch (model.type) {
    case RopeType::Default: return theta;
    case RopeType::Linear: return theta / factor;
    case RopeType::Dynamic: {
        // HF: seq_len = max(seq_len, max_position_embeddings); the base grows beyond it.
        const double length = std::max(sequenceLength, model.maxPositions);
        const double base = model.base * std::pow(factor * length / model.maxPositions - (factor - 1.0),
                                                  static_cast<double>(dim) / (dim - 2));
        return ropeFrequencies(dim, base);
    }
    case RopeType::Yarn: {
        const double original = ropeModelOriginalPositions(model);
        const double betaFast = model.betaFast.value_or(0) != 0 ? *model.betaFast : 32.0; // HF: `get(...) or 32`
        const double betaSlow = model.betaSlow.value_or(0) != 0 ? *model.betaSlow : 1.0;
        const auto correctionDim = [&](double rotations) {
            return dim * std::log(original / (rotations * 2 * std::numbers::pi)) / (2 * std::log(model.base));
        };
        double low = correctionDim(betaFast), high = correctionDim(betaSlow);
        if (model.truncate) {
            low = std::floor(low);
            high = std::ceil(high);
        }
        low = std::max(low, 0.0);
        high = std::min(high, static_cast<double>(dim - 1));
        if (low == high)
            high += 0.001; // HF: "prevent singularity"
        Eigen::VectorXd scaled(theta.size());
        for (Eigen::Index k = 0; k < theta.size(); ++k) {
            // ramp 0: extrapolated (θ kept); 1: interpolated (θ / factor).
            const double ramp = std::clamp((static_cast<double>(k) - low) / (high - low), 0.0, 1.0);
            scaled[k] = theta[k] / factor * ramp + theta[k] * (1.0 - ramp);
        }
        return scaled;
    }
    case RopeType::LongRope: {
        const bool longer = sequenceLength > ropeModelOriginalPositions(model);
        const std::vector<double>& ext = longer ? model.longFactor : model.shortFactor;
        Eigen::VectorXd scaled(theta.size());
        for (Eigen::Index k = 0; k < theta.size(); ++k)
            scaled[k] = theta[k] / ext.at(static_cast<std::size_t>(k));
        return scaled;
    }
    case RopeType::Llama3: {
        // The same wavelength bands as the RoPE view's Llama 3 variant (core/rope.h).
        RopeScalingSpec spec;
        spec.scale = factor;
        spec.originalLength = ropeModelOriginalPositions(model);
        spec.lowFrequencyFactor = model.lowFreqFactor;
        spec.highFrequencyFactor = model.highFreqFactor;
        return scaledRopeFrequencies(dim, model.base, RopeScaling::Llama3, spec);
    }
    }
    return theta;
}

Eigen::VectorXd ropeModelThetaOriginal(const RopeModel& model)
{
    // At init Hugging Face passes no seq_len: LongRoPE's short factors, dynamic NTK unchanged.
    return ropeModelInverseFrequencies(model, std::min(ropeModelOriginalPositions(model), model.maxPositions));
}

double ropeModelThetaMaxLength(const RopeModel& model)
{
    return model.type == RopeType::Dynamic ? ropeModelFactor(model) * model.maxPositions : model.maxPositions;
}

Eigen::VectorXd ropeModelThetaMax(const RopeModel& model)
{
    return ropeModelInverseFrequencies(model, ropeModelThetaMaxLength(model));
}

double ropeModelAttentionScaling(const RopeModel& model)
{
    const double factor = ropeModelFactor(model);
    if (model.type == RopeType::Yarn) {
        if (model.attentionFactor)
            return *model.attentionFactor;
        // HF: `if mscale and mscale_all_dim` — both present and non-zero.
        if (model.mscale.value_or(0) != 0 && model.mscaleAllDim.value_or(0) != 0)
            return yarnMscale(factor, *model.mscale) / yarnMscale(factor, *model.mscaleAllDim);
        return yarnMscale(factor, 1.0);
    }
    if (model.type == RopeType::LongRope) {
        if (model.attentionFactor)
            return *model.attentionFactor;
        if (factor <= 1.0)
            return 1.0;
        return std::sqrt(1.0 + std::log(factor) / std::log(ropeModelOriginalPositions(model)));
    }
    return 1.0;
}

double ropeModelSoftmaxScale(const RopeModel& model)
{
    if (model.type != RopeType::Yarn || model.mscaleAllDim.value_or(0) == 0)
        return 1.0;
    const double m = yarnMscale(ropeModelFactor(model), *model.mscaleAllDim);
    return m * m;
}

PairTreatment ropePairTreatment(const RopeModel& model, int pair)
{
    const Eigen::VectorXd unscaled = ropeModelUnscaledFrequencies(model);
    const Eigen::VectorXd scaled = ropeModelThetaMax(model);
    const double ratio = scaled[pair] / unscaled[pair];
    const double factor = model.type == RopeType::LongRope ? 0.0 : ropeModelFactor(model);
    constexpr double tolerance = 1e-9;
    if (std::abs(ratio - 1.0) < tolerance)
        return PairTreatment::Kept;
    if (ratio > 1.0)
        return PairTreatment::Sped;
    if (factor > 1.0 && std::abs(ratio * factor - 1.0) < tolerance)
        return PairTreatment::Interpolated;
    return PairTreatment::Blended;
}

RopeModel withoutScaling(const RopeModel& model)
{
    RopeModel plain = model;
    plain.name = model.name + " without rope_scaling";
    plain.type = RopeType::Default;
    plain.factor.reset();
    plain.originalMaxPositions.reset();
    plain.attentionFactor.reset();
    plain.mscale.reset();
    plain.mscaleAllDim.reset();
    plain.betaFast.reset();
    plain.betaSlow.reset();
    plain.shortFactor.clear();
    plain.longFactor.clear();
    std::erase_if(plain.fieldsUsed, [](const std::string& f) { return f.rfind("rope_scaling", 0) == 0; });
    plain.fieldsUsed.push_back("rope_scaling dropped");
    return plain;
}

Eigen::VectorXd comparisonPositions(double last, int perOctave)
{
    std::vector<double> out;
    for (double m = 1; m <= std::min(last, 16.0); ++m)
        out.push_back(m);
    const double step = std::pow(2.0, 1.0 / std::max(perOctave, 1));
    for (double m = 16.0 * step; m < last; m *= step)
        if (std::round(m) > out.back())
            out.push_back(std::round(m));
    if (last > out.back())
        out.push_back(std::floor(last));
    return Eigen::Map<Eigen::VectorXd>(out.data(), static_cast<Eigen::Index>(out.size()));
}

RopeComparison compareRopeModels(const RopeModel& a, const RopeModel& b, const Eigen::VectorXd& positions)
{
    RopeComparison c;
    c.positions = positions;
    c.pairs = std::min(ropeModelPairs(a), ropeModelPairs(b));
    const Eigen::Index n = positions.size(), pairs = c.pairs;
    c.queryCosine.resize(n);
    c.scoreCosine.resize(n);
    c.angleDifference.resize(n, pairs);
    // The frequencies each model uses for a query at m (sequence length m + 1). Positions that
    // share both sets share one pass over the distances; dynamic NTK beyond its length and
    // LongRoPE's two sets make more than one.
    std::map<std::pair<std::vector<double>, std::vector<double>>, std::vector<Eigen::Index>> groups;
    for (Eigen::Index i = 0; i < n; ++i) {
        const Eigen::VectorXd ta = ropeModelInverseFrequencies(a, positions[i] + 1).head(pairs);
        const Eigen::VectorXd tb = ropeModelInverseFrequencies(b, positions[i] + 1).head(pairs);
        double sum = 0;
        for (Eigen::Index k = 0; k < pairs; ++k) {
            const long double difference = static_cast<long double>(positions[i]) * (static_cast<long double>(ta[k]) - tb[k]);
            const double wrapped = wrapAngle(static_cast<double>(std::remainder(difference, 2 * std::numbers::pi_v<long double>)));
            c.angleDifference(i, k) = wrapped;
            sum += std::cos(wrapped);
        }
        c.queryCosine[i] = pairs > 0 ? sum / pairs : 1.0;
        groups[{std::vector<double>(ta.data(), ta.data() + pairs), std::vector<double>(tb.data(), tb.data() + pairs)}].push_back(i);
    }
    for (const auto& [thetas, members] : groups) {
        const auto& [ta, tb] = thetas;
        double last = 0;
        for (Eigen::Index i : members)
            last = std::max(last, positions[i]);
        // S(r) = Σ_k cos(r θ_k) for r = 0 … last by one complex product per pair and distance,
        // taken afresh every 256 distances so that rounding cannot build up.
        const std::size_t p = ta.size();
        std::vector<double> reA(p), imA(p), reB(p), imB(p), stepReA(p), stepImA(p), stepReB(p), stepImB(p);
        for (std::size_t k = 0; k < p; ++k) {
            stepReA[k] = std::cos(ta[k]), stepImA[k] = std::sin(ta[k]);
            stepReB[k] = std::cos(tb[k]), stepImB[k] = std::sin(tb[k]);
        }
        std::vector<Eigen::Index> order = members;
        std::sort(order.begin(), order.end(), [&](Eigen::Index x, Eigen::Index y) { return positions[x] < positions[y]; });
        std::size_t next = 0;
        double aa = 0, bb = 0, ab = 0;
        const auto end = static_cast<std::int64_t>(last);
        for (std::int64_t r = 0; r <= end; ++r) {
            if (r % 256 == 0)
                for (std::size_t k = 0; k < p; ++k) {
                    const long double angleA = static_cast<long double>(r) * ta[k], angleB = static_cast<long double>(r) * tb[k];
                    reA[k] = static_cast<double>(std::cos(angleA)), imA[k] = static_cast<double>(std::sin(angleA));
                    reB[k] = static_cast<double>(std::cos(angleB)), imB[k] = static_cast<double>(std::sin(angleB));
                }
            double sa = 0, sb = 0;
            for (std::size_t k = 0; k < p; ++k) {
                sa += reA[k];
                sb += reB[k];
                const double ra = reA[k] * stepReA[k] - imA[k] * stepImA[k];
                imA[k] = reA[k] * stepImA[k] + imA[k] * stepReA[k];
                reA[k] = ra;
                const double rb = reB[k] * stepReB[k] - imB[k] * stepImB[k];
                imB[k] = reB[k] * stepImB[k] + imB[k] * stepReB[k];
                reB[k] = rb;
            }
            aa += sa * sa;
            bb += sb * sb;
            ab += sa * sb;
            while (next < order.size() && static_cast<std::int64_t>(positions[order[next]]) == r) {
                c.scoreCosine[order[next]] = aa > 0 && bb > 0 ? ab / std::sqrt(aa * bb) : 1.0;
                ++next;
            }
        }
    }
    return c;
}

Eigen::VectorXd rotateWithPairing(const Eigen::VectorXd& x, double position, const Eigen::VectorXd& theta, RopePairing pairing)
{
    Eigen::VectorXd out = x;
    const Eigen::Index pairs = std::min<Eigen::Index>(theta.size(), x.size() / 2);
    for (Eigen::Index k = 0; k < pairs; ++k) {
        const long double angle = static_cast<long double>(position) * theta[k];
        const double c = static_cast<double>(std::cos(angle)), s = static_cast<double>(std::sin(angle));
        const Eigen::Index a = pairing == RopePairing::Interleaved ? 2 * k : k;
        const Eigen::Index b = pairing == RopePairing::Interleaved ? 2 * k + 1 : k + pairs;
        out[a] = x[a] * c - x[b] * s;
        out[b] = x[a] * s + x[b] * c;
    }
    return out;
}

Eigen::VectorXd interleavedToHalves(const Eigen::VectorXd& x, int pairs)
{
    Eigen::VectorXd out = x;
    for (int k = 0; k < pairs; ++k) {
        out[k] = x[2 * k];
        out[k + pairs] = x[2 * k + 1];
    }
    return out;
}

double pairingMismatchCosine(const Eigen::VectorXd& q, const Eigen::VectorXd& k, const Eigen::VectorXd& theta,
                             RopePairing trained, int last)
{
    const RopePairing other = trained == RopePairing::Interleaved ? RopePairing::Halves : RopePairing::Interleaved;
    double rr = 0, ww = 0, rw = 0;
    for (int m = 0; m <= last; ++m) {
        const double right = rotateWithPairing(q, m, theta, trained).dot(k);
        const double wrong = rotateWithPairing(q, m, theta, other).dot(k);
        rr += right * right, ww += wrong * wrong, rw += right * wrong;
    }
    return rr > 0 && ww > 0 ? rw / std::sqrt(rr * ww) : 1.0;
}

AngleErrorBins positionAngleErrors(const Eigen::VectorXd& theta, double positions, int bins, NumberFormat ids)
{
    constexpr double mostPositions = 2097152; // 2^21: beyond, evenly spaced positions
    const auto n = static_cast<std::int64_t>(std::clamp(std::floor(positions), 1.0, mostPositions));
    const double stride = positions > mostPositions ? positions / mostPositions : 1.0;
    const auto count = static_cast<Eigen::Index>(std::clamp<std::int64_t>(bins, 1, n));
    std::vector<float> thetaF(static_cast<std::size_t>(theta.size()));
    for (Eigen::Index k = 0; k < theta.size(); ++k)
        thetaF[static_cast<std::size_t>(k)] = static_cast<float>(theta[k]);
    AngleErrorBins out;
    out.keys.resize(count);
    out.error.resize(count);
    for (Eigen::Index b = 0; b < count; ++b) {
        const std::int64_t first = b * n / count, end = (b + 1) * n / count;
        double worst = 0;
        for (std::int64_t i = first; i < end; ++i) {
            const double m = std::floor(static_cast<double>(i) * stride);
            const double held = ids == NumberFormat::Float32 || ids == NumberFormat::Float64 ? m : roundTo(m, ids);
            if (!std::isfinite(held)) {
                worst = std::numeric_limits<double>::infinity();
                break;
            }
            const auto id = static_cast<float>(held);
            for (std::size_t k = 0; k < thetaF.size(); ++k) {
                const float angle = id * thetaF[k];
                worst = std::max(worst, std::abs(static_cast<double>(angle) - m * theta[static_cast<Eigen::Index>(k)]));
            }
        }
        out.keys[b] = stride * 0.5 * static_cast<double>(first + end - 1);
        out.error[b] = worst;
    }
    return out;
}

double firstCollidingPosition(int mantissaBits)
{
    // With p significand bits (the stored mantissa and the hidden one) every integer up to 2^p
    // is exact; 2^p + 1 is the first that is not.
    return std::ldexp(1.0, mantissaBits + 1) + 1.0;
}

double float32AngleError(double position, double theta)
{
    const float angle = static_cast<float>(position) * static_cast<float>(theta);
    return std::abs(static_cast<double>(angle) - position * theta);
}

} // namespace pe::core
