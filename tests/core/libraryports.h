// SPDX-License-Identifier: MIT
// Ports of the public code each preset and RoPE scaling reproduces, for tst_libraries: every
// library's function loop by loop in long double, its Python quoted above it. Like reference.h
// it uses only the core's plain types (RopeScaling, RopeScalingSpec), never a core function.
#pragma once

#include "core/rope.h"

#include <Eigen/Core>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <utility>
#include <vector>

namespace ports {

using pe::core::RopeScaling;
using pe::core::RopeScalingSpec;

using LMatrix = Eigen::Matrix<long double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using LVector = Eigen::Matrix<long double, Eigen::Dynamic, 1>;
using Rates = std::vector<long double>;
/// A library's table rows for positions first … first+n−1 (its rows depend on their position only).
using Port = LMatrix (*)(std::int64_t first, std::int64_t n, int d);

inline constexpr long double twoPi = 2 * std::numbers::pi_v<long double>;

/// [sin(p·sinRates) | cos(p·cosRates)], then padded with zero columns or cut to d columns: the
/// np.concatenate / torch.cat every split library ends with.
inline LMatrix concatenated(std::int64_t first, std::int64_t n, int d, const Rates& sinRates, const Rates& cosRates)
{
    LMatrix out = LMatrix::Zero(n, d);
    for (std::int64_t r = 0; r < n; ++r) {
        const long double p = static_cast<long double>(first + r);
        Rates row;
        for (long double w : sinRates)
            row.push_back(std::sin(p * w));
        for (long double w : cosRates)
            row.push_back(std::cos(p * w));
        for (int c = 0; c < std::min(d, static_cast<int>(row.size())); ++c)
            out(r, c) = row[c];
    }
    return out;
}

/// The PyTorch tutorial's PositionalEncoding (the Annotated Transformer has the same code):
///   div_term = torch.exp(torch.arange(0, d_model, 2) * (-math.log(10000.0) / d_model))
///   pe[:, 0::2] = torch.sin(position * div_term); pe[:, 1::2] = torch.cos(position * div_term)
/// An odd d_model fails there (⌈d/2⌉ terms into ⌊d/2⌋ columns); the cos columns take the first
/// ⌊d/2⌋ terms here, which is what DistilBERT's code computes.
inline LMatrix pytorchTutorial(std::int64_t first, std::int64_t n, int d)
{
    Rates divTerm;
    for (int i = 0; i < d; i += 2)
        divTerm.push_back(std::exp(i * (-std::log(10000.0L) / d)));
    LMatrix pe(n, d);
    for (std::int64_t r = 0; r < n; ++r)
        for (int c = 0; c < d; ++c) {
            const long double angle = static_cast<long double>(first + r) * divTerm[c / 2];
            pe(r, c) = c % 2 == 0 ? std::sin(angle) : std::cos(angle);
        }
    return pe;
}

/// HF's position_enc (create_sinusoidal_embeddings, Marian's _init_weight):
///   [[pos / np.power(10000, 2 * (j // 2) / dim) for j in range(dim)] for pos in range(n_pos)]
inline long double positionEnc(std::int64_t pos, int j, int dim)
{
    return static_cast<long double>(pos) / std::pow(10000.0L, 2.0L * (j / 2) / dim);
}

/// HF create_sinusoidal_embeddings (DistilBERT, XLM):
///   out[:, 0::2] = sin(position_enc[:, 0::2]); out[:, 1::2] = cos(position_enc[:, 1::2])
/// The older TensorFlow tutorial computes the same: get_angles(pos, i, d_model) =
/// pos * 1 / np.power(10000, (2 * (i//2)) / np.float32(d_model)), sin on 0::2, cos on 1::2.
inline LMatrix hfDistilbert(std::int64_t first, std::int64_t n, int d)
{
    LMatrix out(n, d);
    for (std::int64_t r = 0; r < n; ++r)
        for (int j = 0; j < d; ++j)
            out(r, j) = j % 2 == 0 ? std::sin(positionEnc(first + r, j, d)) : std::cos(positionEnc(first + r, j, d));
    return out;
}

/// HF MarianSinusoidalPositionalEmbedding._init_weight:
///   sentinel = dim // 2 if dim % 2 == 0 else (dim // 2) + 1
///   out[:, 0:sentinel] = sin(position_enc[:, 0::2]); out[:, sentinel:] = cos(position_enc[:, 1::2])
inline LMatrix hfMarian(std::int64_t first, std::int64_t n, int d)
{
    const int sentinel = d % 2 == 0 ? d / 2 : d / 2 + 1;
    LMatrix out(n, d);
    for (std::int64_t r = 0; r < n; ++r)
        for (int j = 0; j < d; ++j) {
            const long double angle = positionEnc(first + r, j, d);
            if (j % 2 == 0)
                out(r, j / 2) = std::sin(angle);
            else
                out(r, sentinel + j / 2) = std::cos(angle);
        }
    return out;
}

/// The TensorFlow text tutorial's positional_encoding(length, depth):
///   depth = depth/2; depths = np.arange(depth)[np.newaxis, :]/depth; angle_rates = 1 / (10000**depths)
///   np.concatenate([np.sin(angle_rads), np.cos(angle_rads)], axis=-1)
/// np.arange(3.5) has 4 entries: an odd depth returns d + 1 columns; the preset equals the first d.
inline LMatrix tensorflow(std::int64_t first, std::int64_t n, int d)
{
    const long double depth = d / 2.0L;
    Rates angleRates;
    for (long double j = 0; j < depth; ++j)
        angleRates.push_back(1.0L / std::pow(10000.0L, j / depth));
    return concatenated(first, n, d, angleRates, angleRates);
}

/// tensor2tensor get_timing_signal_1d(length, channels, min_timescale=1.0, max_timescale=1.0e4):
///   num_timescales = channels // 2
///   log_timescale_increment = math.log(max_timescale / min_timescale) / tf.maximum(num_timescales - 1, 1)
///   inv_timescales = min_timescale * tf.exp(tf.range(num_timescales) * -log_timescale_increment)
///   signal = tf.concat([tf.sin(scaled_time), tf.cos(scaled_time)], axis=1)
///   signal = tf.pad(signal, [[0, 0], [0, tf.mod(channels, 2)]])
inline LMatrix tensor2tensor(std::int64_t first, std::int64_t n, int d)
{
    const int numTimescales = d / 2;
    const long double increment = std::log(10000.0L / 1.0L) / std::max(numTimescales - 1, 1);
    Rates inv;
    for (int k = 0; k < numTimescales; ++k)
        inv.push_back(1.0L * std::exp(k * -increment));
    return concatenated(first, n, d, inv, inv);
}

/// fairseq SinusoidalPositionalEmbedding.get_embedding(num_embeddings, embedding_dim, padding_idx):
///   half_dim = embedding_dim // 2; emb = math.log(10000) / (half_dim - 1)
///   emb = torch.exp(torch.arange(half_dim) * -emb)
///   emb = torch.cat([torch.sin(emb), torch.cos(emb)], dim=1); odd: cat a zero column
/// Lookups start at padding_idx + 1 = 2, so the zeroed padding row is never read. half_dim = 1
/// (d 2 and 3) raises ZeroDivisionError there: those rows use tensor2tensor's max(n − 1, 1).
inline LMatrix fairseq(std::int64_t first, std::int64_t n, int d)
{
    const int halfDim = d / 2;
    const long double emb = std::log(10000.0L) / (halfDim == 1 ? 1 : halfDim - 1);
    Rates rates;
    for (int k = 0; k < halfDim; ++k)
        rates.push_back(std::exp(k * -emb));
    return concatenated(first, n, d, rates, rates);
}

/// whisper.model.sinusoids(length, channels, max_timescale=10000): assert channels % 2 == 0
///   log_timescale_increment = np.log(max_timescale) / (channels // 2 - 1)
///   inv_timescales = torch.exp(-log_timescale_increment * torch.arange(channels // 2))
///   torch.cat([torch.sin(scaled_time), torch.cos(scaled_time)], dim=1)
/// channels 2 divides by zero (NaN there): Whisper is compared from d 64.
inline LMatrix whisper(std::int64_t first, std::int64_t n, int d)
{
    const long double increment = std::log(10000.0L) / (d / 2 - 1);
    Rates inv;
    for (int k = 0; k < d / 2; ++k)
        inv.push_back(std::exp(-increment * k));
    return concatenated(first, n, d, inv, inv);
}

// ---- RoPE: Hugging Face's modeling_rope_utils and the YaRN paper, in long double ----

/// _compute_default_rope_parameters: inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2) / dim)).
inline LVector defaultInvFreq(int d, long double base)
{
    LVector inv(d / 2);
    for (int k = 0; k < d / 2; ++k)
        inv[k] = 1.0L / std::pow(base, 2.0L * k / d);
    return inv;
}

/// _compute_dynamic_ntk_parameters: seq_len = max(seq_len, max_position_embeddings);
/// base = base * ((factor * seq_len / max_position_embeddings) - (factor - 1)) ** (dim / (dim - 2))
inline long double hfDynamicBase(int d, long double base, const RopeScalingSpec& s)
{
    const long double seqLen = std::max<long double>(s.sequenceLength, s.originalLength);
    return base * std::pow(s.scale * seqLen / s.originalLength - (s.scale - 1), d / (d - 2.0L));
}

/// _compute_yarn_parameters' find_correction_range(beta_fast, beta_slow, dim, base, L_orig, truncate).
inline std::pair<long double, long double> hfCorrectionRange(int d, long double base, const RopeScalingSpec& s)
{
    // find_correction_dim: (dim * math.log(max_pos / (num_rotations * 2 * math.pi))) / (2 * math.log(base))
    const auto dim = [&](long double rotations) {
        return d * std::log(s.originalLength / (rotations * twoPi)) / (2 * std::log(base));
    };
    long double low = dim(s.beta), high = dim(s.alpha);
    if (s.truncate) {
        low = std::floor(low);
        high = std::ceil(high);
    }
    return {std::max(low, 0.0L), std::min(high, d - 1.0L)};
}

/// _compute_yarn_parameters: inv_freq = interpolation * (1 - extrapolation_factor)
/// + extrapolation * extrapolation_factor, extrapolation_factor = 1 - linear_ramp_factor(low, high, dim // 2).
inline LVector hfYarn(int d, long double base, const RopeScalingSpec& s)
{
    auto [low, high] = hfCorrectionRange(d, base, s);
    if (low == high)
        high += 0.001L; // linear_ramp_factor: "Prevent singularity"
    LVector inv(d / 2);
    for (int k = 0; k < d / 2; ++k) {
        const long double posFreq = std::pow(base, 2.0L * k / d);
        const long double extrapolation = 1 / posFreq, interpolation = 1 / (s.scale * posFreq);
        const long double ramp = std::clamp((k - low) / (high - low), 0.0L, 1.0L);
        const long double extrapolationFactor = 1 - ramp;
        inv[k] = interpolation * (1 - extrapolationFactor) + extrapolation * extrapolationFactor;
    }
    return inv;
}

/// The YaRN paper (Peng et al. 2023, eq. 17–18): r = L_orig/λ, γ = ramp of r between α and β,
/// h(θ) = (1 − γ)·θ/s + γ·θ.
inline LVector paperYarn(int d, long double base, const RopeScalingSpec& s)
{
    LVector theta = defaultInvFreq(d, base);
    for (auto& t : theta) {
        const long double r = s.originalLength * t / twoPi;
        const long double gamma = std::clamp((r - s.alpha) / (s.beta - s.alpha), 0.0L, 1.0L);
        t = (1 - gamma) * t / s.scale + gamma * t;
    }
    return theta;
}

/// _compute_llama3_parameters, line by line.
inline LVector hfLlama3(int d, long double base, const RopeScalingSpec& s)
{
    const LVector invFreq = defaultInvFreq(d, base);
    const long double lowFreqWavelen = s.originalLength / s.lowFrequencyFactor;
    const long double highFreqWavelen = s.originalLength / s.highFrequencyFactor;
    LVector out(invFreq.size());
    for (Eigen::Index k = 0; k < invFreq.size(); ++k) {
        const long double wavelen = twoPi / invFreq[k];
        const long double llama = wavelen > lowFreqWavelen ? invFreq[k] / s.scale : invFreq[k];
        const long double smooth = (s.originalLength / wavelen - s.lowFrequencyFactor)
            / (s.highFrequencyFactor - s.lowFrequencyFactor);
        const long double smoothed = (1 - smooth) * llama / s.scale + smooth * llama;
        const bool isMediumFreq = !(wavelen < highFreqWavelen) && !(wavelen > lowFreqWavelen);
        out[k] = isMediumFreq ? smoothed : llama;
    }
    return out;
}

/// The frequencies each scaling's source computes.
inline LVector sourceFrequencies(RopeScaling scaling, int d, long double base, const RopeScalingSpec& s)
{
    switch (scaling) {
    case RopeScaling::None: return defaultInvFreq(d, base);
    case RopeScaling::PositionInterpolation: // HF "linear": inv_freq /= factor
        return defaultInvFreq(d, base) / static_cast<long double>(s.scale);
    case RopeScaling::NtkAware: // bloc97: base = base * alpha ** (dim / (dim - 2))
        return defaultInvFreq(d, base * std::pow(static_cast<long double>(s.scale), d / (d - 2.0L)));
    case RopeScaling::DynamicNtk: return defaultInvFreq(d, hfDynamicBase(d, base, s));
    case RopeScaling::Yarn: return paperYarn(d, base, s);
    case RopeScaling::YarnReference: return hfYarn(d, base, s);
    case RopeScaling::Llama3: return hfLlama3(d, base, s);
    }
    return {};
}

} // namespace ports
