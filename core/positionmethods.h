// SPDX-License-Identifier: MIT
#pragma once

#include "core/encoding.h"

#include <Eigen/Core>

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace pe::core {

/// The other ways a Transformer tells positions apart, each as what it adds to the attention
/// score between query position i and key position j (before the softmax). The sinusoid and
/// RoPE come from encoding.h/similarity.h and rope.h; these are the methods that act on the
/// score directly. −∞ marks a masked pair (a causal model's future keys).
enum class PositionMethod {
    Alibi,          ///< Press et al. 2022: −m_h·|i − j|, one slope per head (causal: j > i masked)
    T5Buckets,      ///< Raffel et al. 2020: a learned bias per bucket of j − i (log-spaced beyond max_exact)
    Shaw,           ///< Shaw et al. 2018: learned vectors for j − i clipped to ±k, here their index −k…k
    TransformerXl,  ///< Dai et al. 2019: the position terms of the score, (b) q·R_{i−j} and (d) v·R_{i−j}
    NoPe,           ///< Kazemnejad et al. 2023: no position information; the causal mask alone
};
inline constexpr std::array<PositionMethod, 5> allPositionMethods{
    PositionMethod::Alibi, PositionMethod::T5Buckets, PositionMethod::Shaw, PositionMethod::TransformerXl,
    PositionMethod::NoPe};
std::string_view positionMethodKey(PositionMethod method); ///< alibi, t5, shaw, transformer-xl, nope
std::optional<PositionMethod> parsePositionMethod(std::string_view key);

/// The parameters of every method; each uses its own.
struct PositionMethodSpec {
    int heads = 8;             ///< ALiBi: H, the number of heads (1…1024)
    int head = 1;              ///< ALiBi: the head shown, 1…H (its slope m_h); 0: the mean over heads
    int numBuckets = 32;       ///< T5: buckets (HF relative_attention_num_buckets), 2…1024
    int maxDistance = 128;     ///< T5: distances from this on share the last bucket (HF relative_attention_max_distance)
    bool bidirectional = true; ///< T5: encoder (both directions) or decoder (causal)
    int clip = 4;              ///< Shaw: k, relative positions beyond ±k share the outermost vector (1…1024)
    int dModel = 64;           ///< Transformer-XL: the width of R and of u, v, q
    double base = 10000.0;     ///< Transformer-XL: R's frequency base
    bool causal = true;        ///< ALiBi, Shaw, Transformer-XL: mask j > i (NoPE always does)

    bool operator==(const PositionMethodSpec&) const = default;
};

/// Why the parameters cannot be used (names the value and what is allowed), or nothing.
std::optional<std::string> positionMethodValidationError(const PositionMethodSpec& spec);

/// ALiBi's head slopes as the authors' get_slopes(H): for H a power of two the geometric
/// sequence m_h = 2^(−8h/H), h = 1…H; otherwise those of the nearest lower power of two P,
/// then every second slope of get_slopes(2P) until there are H.
Eigen::VectorXd alibiSlopes(int heads);

/// T5's bucket of the relative position j − i, as Hugging Face's
/// T5Attention._relative_position_bucket (and Mesh TensorFlow) compute it, in float32: exact
/// buckets below max_exact = buckets/2 (half of them per direction when bidirectional), then
/// log-spaced up to max_distance, then the last bucket.
int t5RelativeBucket(std::int64_t relativePosition, bool bidirectional, int numBuckets, int maxDistance);

/// Shaw et al.'s clipped relative position clip(j − i, −k, k).
std::int64_t shawClippedDistance(std::int64_t relativePosition, int clip);

/// Transformer-XL's relative encoding R_r for r = i − j: sines, then cosines (its split layout)
/// of r·ω_k, ω_k = base^(−2k/d), k = 0…⌈d/2⌉−1; an odd d drops the last cosine.
Eigen::VectorXd transformerXlRelativeEncoding(double distance, int dModel, double base);

/// The fixed pseudo-random vectors of the illustration (counter-based, so the same in every
/// run and on every machine): T5's bias per bucket, Transformer-XL's u, v and query.
struct MethodVectors {
    Eigen::VectorXd t5Bias;       ///< one bias per bucket, entries of about ±1
    Eigen::VectorXd xlQuery;      ///< q, length 1 × √d (entries of about ±1)
    Eigen::VectorXd xlV;          ///< v, the learned position bias of term (d), likewise
};
MethodVectors methodVectors(const PositionMethodSpec& spec);

/// What the method adds to the score of query i and key j; −∞ when the pair is masked.
/// Transformer-XL: q·R_{i−j} + v·R_{i−j} (terms (b) and (d) with W_R = I). Shaw: the clipped
/// distance itself (the index of the learned vector). T5: the bias of the bucket.
double positionMethodScore(PositionMethod method, const PositionMethodSpec& spec, const MethodVectors& vectors,
                           std::int64_t query, std::int64_t key);

/// The scores of queries [firstQuery, firstQuery + rows) and keys [firstKey, firstKey + columns).
Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>
positionMethodMatrix(PositionMethod method, const PositionMethodSpec& spec, std::int64_t firstQuery, std::int64_t rows,
                     std::int64_t firstKey, std::int64_t columns);

} // namespace pe::core

namespace pe::core {

/// A sum of sinusoids of the offset δ = i − j: S(δ) = Σ_k cosine_k·cos(δ·ω_k) + sine_k·sin(δ·ω_k).
/// RoPE's q·k and Transformer-XL's position terms both have this form, which lets a whole
/// row of offsets be summed by rotations instead of a sine and a cosine per term.
struct OffsetSeries {
    Eigen::VectorXd omega, cosine, sine;
};
/// Transformer-XL's (q + v)·R_{i−j} (positionMethodScore's, unmasked) as a series.
OffsetSeries transformerXlSeries(const PositionMethodSpec& spec, const MethodVectors& vectors);
/// RoPE's score (R_{iθ} q)·(R_{jθ} k) of rope.h's rotaryScore(q, k, i, j, θ) as a series of
/// δ = i − j: per pair, (q₀k₀ + q₁k₁)·cos(δθ) + (q₀k₁ − q₁k₀)·sin(δθ).
OffsetSeries rotaryScoreSeries(const Eigen::VectorXd& q, const Eigen::VectorXd& k, const Eigen::VectorXd& theta);
/// S(δ) for δ = first … first + out.size() − 1: exact sines and cosines (angles in long
/// double) every 64 offsets, one complex rotation per offset between them.
void evaluateOffsetSeries(const OffsetSeries& series, std::int64_t first, Eigen::Ref<Eigen::VectorXd> out);

/// The exact means of S over `bins` runs of offsets splitting [first, first + count) as
/// binStart does, each summed in closed form (a geometric series per term: O(bins · terms),
/// whatever the run length). With maskNegative, offsets δ < 0 are left out (NaN: a run of them only).
Eigen::VectorXd offsetSeriesRunMeans(const OffsetSeries& series, std::int64_t first, std::int64_t count,
                                     std::int64_t bins, bool maskNegative);
/// The same for several series of the same frequencies (bit for bit; SpecError otherwise), a
/// column each: their run sums are made once, and one rotation per run serves them all (the
/// sinusoid's and RoPE's curves in the methods view).
Eigen::MatrixXd offsetSeriesRunMeans(std::span<const OffsetSeries> series, std::int64_t first, std::int64_t count,
                                     std::int64_t bins, bool maskNegative);
/// fillToeplitzBinned() for g = S in closed form: the block means of S(i − j) as the real part
/// of U·diag(w)·Uᴴ, U(b, k) the mean of e^{iω_k·i} over the rows of bin b — O(bins² · terms)
/// whatever L is. With causal, keys after the query are masked: blocks above the diagonal are
/// NaN and a diagonal block is the mean over its lower triangle.
void fillOffsetSeriesBinned(const OffsetSeries& series, std::int64_t length, bool causal, Eigen::Ref<RowMatrix> out);

/// The method's score against δ = i − j (query minus key) for δ = first … first + out.size() − 1,
/// −∞ where masked: positionMethodScore(method, spec, vectors, δ, 0) for every δ, the
/// Transformer-XL series summed by evaluateOffsetSeries.
void positionMethodOffsets(PositionMethod method, const PositionMethodSpec& spec, const MethodVectors& vectors,
                           std::int64_t first, Eigen::Ref<Eigen::VectorXd> out);

/// The level of detail of a score that depends on i − j only (a Toeplitz L × L matrix,
/// M(i, j) = g(i − j), i and j in 0 … L−1): out(r, c) is the exact mean of M over rows
/// [binStart(L, bins, r), binStart(L, bins, r + 1)) and the same columns for c, bins = out.rows()
/// = out.cols(). g is given for δ = −(L−1) … L−1 at byOffset[δ + L − 1]; entries that are −∞
/// (masked) are left out of the means, and a block of masked entries only is NaN. Built from
/// prefix sums of prefix sums in long double: O(L + bins²) whatever the block size.
void fillToeplitzBinned(const Eigen::VectorXd& byOffset, std::int64_t length, Eigen::Ref<RowMatrix> out);

/// The exact mean of g over `bins` equal runs of offsets [binStart(n, bins, b), …) of the n
/// values in byOffset, masked (−∞) values left out (NaN when a run has no other): the curve
/// against i − j when it has more offsets than pixels.
Eigen::VectorXd binnedOffsetMeans(const Eigen::VectorXd& byOffset, std::int64_t bins);

/// A learned absolute table's scores P(i)·P(j) (rows of `table` are positions) as block means
/// over bins × bins blocks of rows: the product of the blocks' mean rows, exact, O(L·d + bins²·d).
void fillGramBinned(const RowMatrix& table, Eigen::Ref<RowMatrix> out);

} // namespace pe::core
