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

/// How the frequencies are stretched for a context s times longer than the trained one.
enum class RopeScaling {
    None,                  ///< θ_k
    PositionInterpolation, ///< θ_k / s (Chen et al. 2023): positions divided by s
    NtkAware,              ///< base' = base·s^(d/(d−2)): fast bands kept, the slowest one ÷ s
    Yarn,                  ///< per band between PI and none by the ramp of YaRN (Peng et al. 2023)
};
inline constexpr std::array<RopeScaling, 4> allRopeScalings{RopeScaling::None, RopeScaling::PositionInterpolation,
                                                             RopeScaling::NtkAware, RopeScaling::Yarn};
std::string_view ropeScalingName(RopeScaling scaling);

/// The parameters of a context extension. YaRN's α and β are the paper's values for LLaMA.
struct RopeScalingSpec {
    double scale = 8.0;             ///< s ≥ 1: the new context is s·originalLength
    double originalLength = 4096.0; ///< L_orig, the trained context length
    double alpha = 1.0;             ///< bands turning fewer than α times in L_orig: fully interpolated
    double beta = 32.0;             ///< bands turning more than β times in L_orig: left alone
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

/// YaRN's ramp γ(r) per band, r = L_orig/λ_k (turns of the band within the trained context):
/// 0 for r < α (interpolate fully), 1 for r > β (keep), linear in between.
double yarnRamp(double turns, double alpha, double beta);

/// YaRN's attention factor √(1/t) = 0.1·ln(s) + 1 (1 for s ≤ 1); logits grow by its square.
double yarnAttentionFactor(double scale);

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
