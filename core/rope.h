// SPDX-License-Identifier: MIT
#pragma once

#include <Eigen/Core>

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace pe::core {

/// Rotary position embedding (RoFormer, Su et al. 2021): the pairs (x_2k, x_2k+1) of a query or
/// key at position m are turned by the angle m·θ_k, θ_k = base^(−2k/d) — the same frequencies
/// as the sinusoidal encoding, used as rotations instead of being added. Then q_m·k_n depends
/// on m − n only. An odd d leaves its last component unrotated.

/// How the frequencies are stretched for a context s times longer than the trained one. Each is
/// named after where it comes from; the ones marked HF equal Hugging Face's
/// `modeling_rope_utils._compute_*_parameters` of that name.
enum class RopeScaling {
    None,                  ///< θ_k
    PositionInterpolation, ///< θ_k / s (Chen et al. 2023; HF "linear"): positions divided by s
    NtkAware,              ///< static NTK-aware: base' = base·s^(d/(d−2)) (bloc97), the slowest pair ÷ s
    DynamicNtk,            ///< HF "dynamic": base' = base·(s·L/L_orig − (s−1))^(d/(d−2)) at sequence length L ≥ L_orig
    Yarn,                  ///< YaRN as in the paper (Peng et al. 2023): ramp γ(r) on r = L_orig/λ_k between α and β
    YarnReference,         ///< YaRN as HF and the authors' code: a linear ramp over the pair index between the
                           ///< correction dims of β_fast = β and β_slow = α, floor/ceil when truncate
    Llama3,                ///< Llama 3.1 (HF "llama3"): λ < L_orig/high kept, λ > L_orig/low ÷ s, smooth between
};
inline constexpr std::array<RopeScaling, 7> allRopeScalings{
    RopeScaling::None, RopeScaling::PositionInterpolation, RopeScaling::NtkAware, RopeScaling::DynamicNtk,
    RopeScaling::Yarn, RopeScaling::YarnReference, RopeScaling::Llama3};
std::string_view ropeScalingName(RopeScaling scaling); ///< "none", "PI", "NTK-aware", "dynamic NTK", "YaRN", "YaRN (reference)", "Llama 3"
std::string_view ropeScalingKey(RopeScaling scaling);  ///< command line and data: none, pi, ntk, dynamic-ntk, yarn, yarn-reference, llama3
std::optional<RopeScaling> parseRopeScaling(std::string_view key);

/// The parameters of a context extension. YaRN's α and β are the paper's values for LLaMA
/// (HF's beta_slow = 1 and beta_fast = 32); Llama 3's factors are Llama 3.1's.
struct RopeScalingSpec {
    double scale = 8.0;             ///< s ≥ 1: the new context is s·originalLength
    double originalLength = 4096.0; ///< L_orig, the trained context length (HF original_max_position_embeddings)
    double alpha = 1.0;             ///< bands turning fewer than α times in L_orig: fully interpolated
    double beta = 32.0;             ///< bands turning more than β times in L_orig: left alone
    bool truncate = true;           ///< YaRN reference: floor the low and ceil the high correction dim
    double sequenceLength = 32768.0;   ///< dynamic NTK: the current sequence length L (below L_orig counts as L_orig)
    double lowFrequencyFactor = 1.0;   ///< Llama 3: wavelengths above L_orig/low are divided by s
    double highFrequencyFactor = 4.0;  ///< Llama 3: wavelengths below L_orig/high are kept

    bool operator==(const RopeScalingSpec&) const = default;
};

/// Why the parameters cannot be used (names the value and what is allowed), or nothing.
std::optional<std::string> ropeValidationError(int dModel, double base, const RopeScalingSpec& spec);

/// Rotated pairs: ⌊d/2⌋.
int ropePairCount(int dModel);

/// θ_k = base^(−2k/d), k = 0…⌊d/2⌋−1.
Eigen::VectorXd ropeFrequencies(int dModel, double base);

/// NTK-aware base: base·s^(d/(d−2)), chosen so that the slowest pair k = d/2−1 turns exactly
/// s times slower while the fastest pair is untouched. d must be at least 3.
double ntkAwareBase(double base, int dModel, double scale);

/// Dynamic NTK base (HF "dynamic"): base·(s·L/L_orig − (s − 1))^(d/(d−2)), L the sequence
/// length but at least L_orig (so that at L_orig and below nothing changes). d at least 3.
double dynamicNtkBase(double base, int dModel, double scale, double sequenceLength, double originalLength);

/// YaRN reference implementation's correction range over the pair index, [low, high]:
/// the dims d·ln(L_orig/(2π·β))/(2·ln base) for β_fast = β (low) and β_slow = α (high),
/// floored and ceiled when truncate, then clamped to [0, d − 1].
struct CorrectionRange {
    double low = 0.0;
    double high = 0.0;
};
CorrectionRange yarnCorrectionRange(int dModel, double base, const RopeScalingSpec& spec);

/// YaRN's ramp γ(r) per band, r = L_orig/λ_k (turns of the band within the trained context):
/// 0 for r < α (interpolate fully), 1 for r > β (keep), linear in between.
double yarnRamp(double turns, double alpha, double beta);

/// YaRN's attention factor √(1/t) = 0.1·ln(s) + 1 (1 for s ≤ 1); logits grow by its square.
double yarnAttentionFactor(double scale);

/// The factor a method multiplies cos and sin by (HF's attention_factor): YaRN's (both ramps)
/// for the two YaRN variants, 1 for the others.
double ropeAttentionFactor(RopeScaling scaling, const RopeScalingSpec& spec);

/// The frequencies of one scaling method (size ⌊d/2⌋).
Eigen::VectorXd scaledRopeFrequencies(int dModel, double base, RopeScaling scaling, const RopeScalingSpec& spec);

/// x (size d) with each pair (x_2k, x_2k+1) turned by position·θ_k:
/// (x_2k cos − x_2k+1 sin, x_2k sin + x_2k+1 cos).
Eigen::VectorXd rotaryEmbedding(const Eigen::VectorXd& x, double position, const Eigen::VectorXd& theta);

/// The attention score q_m · k_n of the rotated query and key.
double rotaryScore(const Eigen::VectorXd& q, const Eigen::VectorXd& k, double m, double n, const Eigen::VectorXd& theta);

/// RoFormer's relative upper bound of the score at each distance r = m − n:
/// (1/P) Σ_{j=1..P} |S_j|, S_j = Σ_{k<j} e^{i·r·θ_k}, P = number of pairs. It decays with |r|.
Eigen::VectorXd rotaryDecayBound(const Eigen::VectorXd& theta, const Eigen::VectorXd& distances);

} // namespace pe::core
