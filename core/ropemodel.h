// SPDX-License-Identifier: MIT
#pragma once

#include "core/precision.h"

#include <Eigen/Core>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pe::core {

/// Rotary position embedding as a released model runs it: the fields of its Hugging Face
/// config.json that decide the rotation (read by ui/modelfiles/ropeconfig), and the frequencies
/// Hugging Face's `modeling_rope_utils._compute_*_parameters` derive from them, in float64.
/// (Hugging Face computes in float32 and rounds LongRoPE's factors to float32: up to 6e−8
/// relative, far below what any plot shows.)

/// Hugging Face's `rope_type` values. "mrope" (Qwen2-VL) is the default frequencies with the
/// pairs split into sections; a legacy "su" (early Phi-3) is LongRoPE.
enum class RopeType { Default, Linear, Dynamic, Yarn, LongRope, Llama3 };
std::string_view ropeTypeKey(RopeType type); ///< default, linear, dynamic, yarn, longrope, llama3
std::optional<RopeType> parseRopeType(std::string_view key);

/// How the rotated components are paired: (x_2k, x_2k+1) as RoFormer and GPT-J ("interleaved",
/// rotate_every_two) or (x_k, x_k+d/2) as GPT-NeoX and Llama (`rotate_half`). The same rotation
/// under a permutation of the dimensions; weights trained with one run wrongly with the other.
enum class RopePairing { Halves, Interleaved };

struct RopeModel {
    std::string name;   ///< what the window shows: "Llama 3.1 8B" or the file's folder
    std::string source; ///< where the values come from (the published config.json), or the file read
    int headDim = 128;  ///< the attention head's width
    int rotaryDim = 128; ///< components rotated (partial rotary: fewer than headDim), even
    double base = 10000;             ///< rope_theta
    double maxPositions = 4096;      ///< max_position_embeddings
    RopeType type = RopeType::Default;
    std::optional<double> factor;    ///< rope_scaling.factor (YaRN and LongRoPE derive it when absent)
    std::optional<double> originalMaxPositions; ///< original_max_position_embeddings (YaRN, LongRoPE, Llama 3)
    std::optional<double> attentionFactor;      ///< attention_factor given explicitly
    std::optional<double> mscale, mscaleAllDim; ///< YaRN (DeepSeek)
    std::optional<double> betaFast, betaSlow;   ///< YaRN; absent (or 0) means 32 and 1
    bool truncate = true;                       ///< YaRN: floor/ceil the correction range
    double lowFreqFactor = 1, highFreqFactor = 4; ///< Llama 3
    std::vector<double> shortFactor, longFactor;  ///< LongRoPE, one per pair
    std::vector<int> mropeSection;    ///< Qwen2-VL: pairs for time, height, width
    std::optional<double> localBase;  ///< Gemma 3: rope_local_base_freq of the sliding-window layers
    RopePairing pairing = RopePairing::Halves;
    std::vector<std::string> fieldsUsed; ///< "rope_theta = 500000", … in the order read

    bool operator==(const RopeModel&) const = default;
};

/// Why the model cannot be used (naming the field and what is allowed), or nothing.
std::optional<std::string> ropeModelError(const RopeModel& model);

/// Rotated pairs: rotaryDim / 2.
int ropeModelPairs(const RopeModel& model);

/// The scaling factor Hugging Face uses: rope_scaling.factor, or for YaRN and LongRoPE without
/// one max_position_embeddings / original_max_position_embeddings; 1 for default.
double ropeModelFactor(const RopeModel& model);

/// original_max_position_embeddings as Hugging Face's standardize_rope_params sets it for
/// YaRN, LongRoPE and Llama 3 (max_position_embeddings when absent).
double ropeModelOriginalPositions(const RopeModel& model);

/// The context the model was trained at before it was extended (what the view marks as
/// "original"): original_max_position_embeddings for YaRN, LongRoPE and Llama 3,
/// max_position_embeddings for dynamic NTK (its length of no change), max / factor for linear.
double ropeModelOriginalContext(const RopeModel& model);

/// The longest context the configuration is meant for: factor × max_position_embeddings for
/// dynamic NTK, factor × original for YaRN (at least max_position_embeddings),
/// max_position_embeddings for the others.
double ropeModelMaxContext(const RopeModel& model);

/// Hugging Face's inverse frequencies at the current sequence length `sequenceLength`
/// (it matters for dynamic NTK and for LongRoPE's short/long switch). Size ropeModelPairs.
Eigen::VectorXd ropeModelInverseFrequencies(const RopeModel& model, double sequenceLength);

/// θ with no scaling: rope_theta^(−2k/rotaryDim).
Eigen::VectorXd ropeModelUnscaledFrequencies(const RopeModel& model);

/// The command line's theta_original: the frequencies while the sequence fits the original
/// context (for linear, YaRN and Llama 3 already the scaled ones; LongRoPE's short factors).
Eigen::VectorXd ropeModelThetaOriginal(const RopeModel& model);

/// theta_max: Hugging Face's function at seq_len = max_position_embeddings (dynamic NTK: at
/// factor × max_position_embeddings, since it reads max_position_embeddings as the original).
Eigen::VectorXd ropeModelThetaMax(const RopeModel& model);
double ropeModelThetaMaxLength(const RopeModel& model); ///< the seq_len theta_max is taken at

/// Hugging Face's attention_scaling: cos and sin are multiplied by it (YaRN, LongRoPE), 1 otherwise.
double ropeModelAttentionScaling(const RopeModel& model);

/// DeepSeek's extra softmax scale from mscale_all_dim: its attention multiplies the softmax
/// scale by mscale(factor, mscale_all_dim)²; 1 when the config has no mscale_all_dim.
double ropeModelSoftmaxScale(const RopeModel& model);

/// What the configuration does to a pair at its longest context, against the unscaled θ_k.
enum class PairTreatment { Kept, Interpolated, Blended, Sped }; ///< ×1, ÷factor, between, faster
PairTreatment ropePairTreatment(const RopeModel& model, int pair);

/// A copy with rope_scaling dropped (type default, no factors): the usual silent bug.
RopeModel withoutScaling(const RopeModel& model);

/// Two configurations compared at positions m (the query's position; keys at 0 … m). Both use
/// the frequencies Hugging Face would at sequence length m + 1, and the pairs they both have.
///  * queryCosine: the cosine between a query rotated by A and by B at m, with every pair of
///    equal weight: (1/P) Σ_k cos(m(θA_k − θB_k));
///  * scoreCosine: the cosine between the causal score rows of A and B, the scores of that
///    query with keys at 0 … m (q = k, pairs of equal weight): S(r) = Σ_k cos(r θ_k) over the
///    distances r = 0 … m;
///  * angleDifference (positions × pairs): m(θA_k − θB_k) wrapped to (−π, π].
struct RopeComparison {
    Eigen::VectorXd positions;
    Eigen::VectorXd queryCosine, scoreCosine;
    Eigen::MatrixXd angleDifference;
    int pairs = 0; ///< the pairs compared (the fewer of the two)
};
/// The positions to compare at: 1, 2, 3, … then about `perOctave` per doubling up to `last`.
Eigen::VectorXd comparisonPositions(double last, int perOctave);
RopeComparison compareRopeModels(const RopeModel& a, const RopeModel& b, const Eigen::VectorXd& positions);

/// x (size ≥ 2·θ.size()) with its pairs turned by position·θ_k, the pairs laid out as `pairing`
/// says: (x_2k, x_2k+1) interleaved, or (x_k, x_k+P) halves (P = θ.size()); the rest unrotated.
Eigen::VectorXd rotateWithPairing(const Eigen::VectorXd& x, double position, const Eigen::VectorXd& theta, RopePairing pairing);
/// The permutation between the layouts: halves[k] = interleaved[2k], halves[k+P] = interleaved[2k+1].
Eigen::VectorXd interleavedToHalves(const Eigen::VectorXd& x, int pairs);
/// Weights trained with `trained` pairs run with the other convention: the cosine between the
/// scores q_m·k_0 of the right pairing and of the wrong one over the distances m = 0 … last.
double pairingMismatchCosine(const Eigen::VectorXd& q, const Eigen::VectorXd& k, const Eigen::VectorXd& theta,
                             RopePairing trained, int last);

/// The angle error of position ids held in `ids`, as a model computing in float32 turns its
/// pairs: angle = float32(float32(id) · float32(θ_k)), id = m rounded to `ids` (BFloat16,
/// Float16; Float32 keeps m). Per each of `bins` equal ranges of the positions 0 … positions − 1,
/// the largest |angle − m·θ_k| over the range's positions and every pair (every position up to
/// 2^21, evenly spaced ones beyond), keyed by the range's middle; +infinity where the format
/// cannot hold the position (float16 beyond 65504). Radians.
struct AngleErrorBins {
    Eigen::VectorXd keys, error;
};
AngleErrorBins positionAngleErrors(const Eigen::VectorXd& theta, double positions, int bins, NumberFormat ids);

/// Position ids held in a low-precision format: the first whole position that cannot be held
/// exactly (bfloat16 257, float16 2049, float32 16777217).
double firstCollidingPosition(int mantissaBits);
/// The error of the fastest pair's angle m·θ_0 when m and θ are float32 and multiplied in
/// float32, against float64 — radians.
double float32AngleError(double position, double theta);

} // namespace pe::core
