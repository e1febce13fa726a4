// SPDX-License-Identifier: MIT
#pragma once

// What a trained model's attention heads do with positions (issue 51), from its own weights:
// the layer-0 scores of GPT-2 and BERT over position inputs, and for the Llama family the
// positional kernel that the rotation makes of each head's mean query and mean key.
// Everything in float64 from the stored values (float16 and bfloat16 widened exactly).

#include <Eigen/Core>

#include <complex>
#include <cstdint>
#include <vector>

namespace pe::core {

/// How a checkpoint stores its numbers.
enum class TensorType { Float64, Float32, Float16, BFloat16 };
int tensorTypeBytes(TensorType type);

/// A row-major matrix (a vector: one row) in memory the caller owns, a file's mapping: read in
/// place, never copied whole (a Llama 3 8B's embedding is 1 GiB of bfloat16).
struct TensorRef {
    const unsigned char* data = nullptr;
    TensorType type = TensorType::Float32;
    std::int64_t rows = 0, columns = 0;

    double at(std::int64_t row, std::int64_t column) const;
    /// Row `row` as float64 into out (columns() values).
    void readRow(std::int64_t row, double* out) const;
    /// Every value as float64: for the small tensors (biases, norms) and tests.
    Eigen::MatrixXd toMatrix() const;
    Eigen::VectorXd toVector() const; ///< all values, row after row
};

/// One stored value widened to float64 (exact for every type).
double widen(const unsigned char* p, TensorType type);

/// The mean of a tensor's rows (wte's mean token), in one pass.
Eigen::VectorXd meanRow(const TensorRef& rows);
/// Each row x of X normalised as LayerNorm does: (x − mean) / sqrt(var + eps) · weight + bias,
/// var the biased variance (over the row's width).
Eigen::MatrixXd layerNorm(const Eigen::MatrixXd& x, const Eigen::VectorXd& weight, const Eigen::VectorXd& bias, double eps);
/// The mean over the rows v of RMSNorm(rows[v]) = rows[v] / sqrt(mean(rows[v]²) + eps) · weight,
/// in one pass (Llama's mean hidden state of the vocabulary).
Eigen::VectorXd meanRmsNormRow(const TensorRef& rows, const Eigen::VectorXd& weight, double eps);
/// The same mean before the weight: the mean over the rows v of rows[v] / sqrt(mean(rows[v]²) + eps).
/// Every layer's mean hidden state is this times the layer's norm weight, so one pass over the
/// vocabulary serves every layer.
Eigen::VectorXd meanRmsDirection(const TensorRef& rows, double eps);
/// W·x for W (out × in) read in place.
Eigen::VectorXd matrixTimesVector(const TensorRef& w, const Eigen::VectorXd& x);
/// X·W for X (n × in) and W (in × out) read in place (GPT-2's Conv1D).
Eigen::MatrixXd timesTensor(const Eigen::MatrixXd& x, const TensorRef& w);
/// X·Wᵀ for W (out × in) read in place (nn.Linear).
Eigen::MatrixXd timesTensorTransposed(const Eigen::MatrixXd& x, const TensorRef& w);

/// Queries and keys of every head at L positions, heads side by side (head h: columns
/// h·headDim … (h+1)·headDim − 1), for models whose positions enter as vectors (GPT-2, BERT).
struct ProjectedHeads {
    Eigen::MatrixXd queries, keys; ///< L × (heads · headDim)
    int heads = 0, headDim = 0;
    bool causal = false;           ///< GPT-2: a query sees keys at or before it
};
/// S_h = Q_h·K_hᵀ / sqrt(headDim), L × L, no mask.
Eigen::MatrixXd headScores(const ProjectedHeads& heads, int head);
/// Each row's softmax; causal: over keys j ≤ i, 0 above the diagonal.
Eigen::MatrixXd rowSoftmax(const Eigen::MatrixXd& scores, bool causal);
/// The mean of S[i, i − Δ] over i = Δ … L−1, for Δ = 0 … L−1 (the query Δ after the key).
Eigen::VectorXd offsetMeans(const Eigen::MatrixXd& scores);
/// The share of the variance of S (every cell, or with `causal` those at or below the
/// diagonal) that its Toeplitz part holds: the mean of each diagonal i − j put in each cell.
/// 1 when the offset alone decides the score (a constant S too); near 0 when it says nothing.
double toeplitzShare(const Eigen::MatrixXd& scores, bool causal);

/// Heads whose positions enter by rotation (the Llama family): per head and rotated pair the
/// complex mean query z_q and mean key z_k.
struct RotaryHeads {
    Eigen::MatrixXcd queries, keys; ///< heads × pairs; a query head's key is its group's
    Eigen::VectorXd theta;          ///< per pair, the model's frequencies
    int headDim = 0;                ///< the √ in the score's scale
    double attentionFactor = 1;     ///< YaRN's or LongRoPE's a (cos and sin multiplied by it)
};
/// From q̄ = W_q·h̄ (heads · headDim) and k̄ = W_k·h̄ (kvHeads · headDim): pair k of a head is
/// x[k] + i·x[k + rotaryDim/2] (rotate_half) or x[2k] + i·x[2k+1] (interleaved); query head h
/// uses key head h ÷ (heads / kvHeads).
RotaryHeads rotaryHeads(const Eigen::VectorXd& meanQuery, const Eigen::VectorXd& meanKey, int heads, int kvHeads, int headDim,
                        int rotaryDim, bool interleaved, const Eigen::VectorXd& theta, double attentionFactor);
/// |z_q| · |z_k| per head and pair (heads × pairs).
Eigen::MatrixXd rotaryAmplitudes(const RotaryHeads& heads);
/// Kernel_h(Δ) = a² · Σ_k Re(z_q · conj(z_k) · e^{iΔθ_k}) / sqrt(headDim) for Δ = 0 … L−1:
/// L × heads. One complex matrix product: the heads' coefficients times the phases e^{iΔθ_k}.
Eigen::MatrixXd rotaryKernel(const RotaryHeads& heads, std::int64_t length);
/// The kernel of head `head` at every offset Δ = −(n−1) … n−1 (index Δ + n − 1).
Eigen::VectorXd rotaryKernelByOffset(const RotaryHeads& heads, int head, std::int64_t n);
/// Every head's kernel at every offset Δ = −(n−1) … n−1 (row Δ + n − 1): (2n − 1) × heads.
Eigen::MatrixXd rotaryKernelBothWays(const RotaryHeads& heads, std::int64_t n);
/// The n × n matrix S[i, j] = byOffset[i − j + n − 1] binned to rowBins × columnBins, each bin the
/// exact mean of its cells (rows and columns cut as binStart cuts them): O(1) per bin from the
/// sums of the sums of byOffset, never the n² cells.
Eigen::MatrixXd binnedToeplitz(const Eigen::VectorXd& byOffset, std::int64_t n, std::int64_t rowBins, std::int64_t columnBins);
/// S[i, j] = the kernel of head `head` at Δ = i − j (negative offsets by the same sum): L × L.
Eigen::MatrixXd rotaryScores(const RotaryHeads& heads, int head, std::int64_t length);

} // namespace pe::core
