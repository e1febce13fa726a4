// SPDX-License-Identifier: MIT
#pragma once

// Positions on a grid: the patches of a vision transformer, row after row. A position table of
// 1 + H·W rows (a class token, then the patches) or H·W rows, MAE's and DiT's 2-D sin-cos tables,
// and the 2-D rotary embeddings (axial, RoPE-Mixed, Qwen2-VL's M-RoPE), all as one matrix of
// patches × dims whose rows' cosine similarities make the ViT paper's figure of tiles.

#include "core/encoding.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>

namespace pe::core {

/// The grid of a table: rows × cols patches, row after row, after an optional class token.
struct GridShape {
    int rows = 0, cols = 0;
    bool classToken = false;
    std::int64_t patches() const { return std::int64_t{rows} * cols; }
    std::int64_t tokens() const { return patches() + (classToken ? 1 : 0); }
    bool operator==(const GridShape&) const = default;
};

struct GridLimits {
    static constexpr int minSide = 2, maxSide = 64;
    /// The tiles figure holds patches² cosines (8 bytes each): 2304 patches (48 × 48) are 42 MB.
    static constexpr std::int64_t maxPatches = 2304;
};

/// Whether a table's first row is a class token: guessed from the count, or said.
enum class ClassToken { Auto, Yes, No };

/// The grid of a table of `tokens` rows: `rows` × `cols` when both are given (> 0), else the
/// square the count holds (197 = 1 + 14², 577 = 1 + 24², 256 = 16²; with a class token first
/// when tokens − 1 is a square). A message naming the count and what was expected otherwise.
std::variant<GridShape, std::string> gridShapeFor(std::int64_t tokens, int rows, int cols, ClassToken classToken);

/// "14 × 14 patches and a class token".
std::string describeGrid(const GridShape& shape);

/// MAE's get_2d_sincos_pos_embed (facebookresearch/mae, util/pos_embed.py) for a rows × cols
/// grid: the first dim/2 columns encode the patch's column, the last dim/2 its row, each half
/// the sines then the cosines of pos·ω_k, ω_k = 10000^(−k/(dim/4)), k < dim/4. With a class
/// token, a first row of zeros (as MAE prepends). DiT uses the same without the class token.
/// Needs dim divisible by 4.
RowMatrix mae2dSinCos(int dim, int rows, int cols, bool classToken);

/// A 2-D rotary embedding as the angle of each of its dim/2 pairs at patch (r, c):
/// angle_k = c·fx_k + r·fy_k. Pairs are consecutive dims (2k, 2k+1), rotated as complex numbers
/// (naver-ai/rope-vit's view_as_complex).
struct GridRope {
    Eigen::VectorXd fx, fy;
    int pairs() const { return static_cast<int>(fx.size()); }
    double angle(int pair, double row, double col) const { return col * fx[pair] + row * fy[pair]; }
};

/// rope-vit's compute_axial_cis: ω_k = theta^(−4k/dim), k < dim/4; the first dim/4 pairs turn
/// with the column (x), the last dim/4 with the row (y). Needs dim divisible by 4.
GridRope axialGridRope(int dim, double theta = 100.0);

/// rope-vit's init_random_2d_freqs for one head: magnitudes theta^(−4k/dim), the first dim/4
/// pairs along the direction `angle`, the last dim/4 along angle + π/2 (fx = |ω|cos, fy = |ω|sin).
/// The frequencies are learned from there; this is their initialisation.
GridRope mixedGridRope(int dim, double angle, double theta = 10.0);

/// The direction the paper's initialisation draws for `head` (1, 2, …): 2π·u, u uniform in
/// [0, 1), from a fixed generator so that a figure can be made again.
double mixedRopeInitialAngle(int head);

/// Qwen2-VL's M-RoPE for an image (every patch at one time step): ω_k = base^(−2k/dim) for
/// the dim/2 pairs, split in order into temporal, height and width sections (Qwen2-VL 7B's
/// mrope_section 16, 24, 24 of 64 pairs); temporal pairs do not turn across the image, height
/// pairs turn with the row, width pairs with the column. Needs an even dim and sections that
/// sum to dim/2.
GridRope mropeGridRope(int dim, double base, const std::array<int, 3>& sections);
/// Sections in Qwen2-VL's proportion 16 : 24 : 24 for `pairs` pairs (a quarter temporal, the
/// rest halved, the width taking the odd pair).
std::array<int, 3> mropeSections(int pairs);

/// MAE's 2-D sin-cos as the angles it takes the sines and cosines of: quarter = dim/4 pairs at
/// c·ω_k, then quarter at r·ω_k, ω_k = 10000^(−k/quarter). Its dot products are those of a 2-D
/// RoPE's unit vectors (each pair's cosine and sine, in another order of the dims).
GridRope maeGridRope(int dim);

/// The cosine similarity of every patch with every patch, (rows·cols)², for the unit vectors a
/// 2-D RoPE puts at each patch (dims 2k, 2k+1: cos, sin of angle_k; equally MAE's sin-cos). It is
/// q·k / (|q|·|k|) for a query of ones at one patch and a key of ones at the other, and it depends on the
/// offset only, S(Δr, Δc) = (1/pairs)·Σ_k cos(Δc·fx_k + Δr·fy_k), so it is computed once per
/// offset — a pair along one axis once per offset along it — not once per pair of patches.
RowMatrix gridRopeSimilarity(const GridRope& rope, int rows, int cols);

/// Dim `dim` of every patch (rows × cols) of those unit vectors (dims 2k, 2k+1: cos, sin of pair k).
RowMatrix ropeGridDimension(const GridRope& rope, int rows, int cols, int dim);
/// Dim `dim` of every patch (rows × cols) of mae2dSinCos (without its class token).
RowMatrix maeGridDimension(int dim, int dims, int rows, int cols);

/// The score of query `q` at patch (qr, qc) against key `k` at (kr, kc): each pair of both
/// rotated by its angle at its patch, then the dot product.
double ropeGridScore(const GridRope& rope, const Eigen::VectorXd& q, const Eigen::VectorXd& k, int qr, int qc, int kr,
                     int kc);

/// The cosine similarity of every row with every row; a zero row (MAE's class token) has
/// similarity 0 with everything.
RowMatrix rowCosineSimilarity(const RowMatrix& rows);
/// The cosine similarity of `vector` with every row of `rows`.
Eigen::VectorXd cosineWithRows(const Eigen::VectorXd& vector, const RowMatrix& rows);

/// A table's patches resized from rows × cols to newRows × newCols by bicubic interpolation,
/// dim by dim, as timm's resample_abs_pos_embed does when a model is fine-tuned at another
/// resolution: PyTorch's interpolate(mode="bicubic", align_corners=False), a = −0.75, edges
/// repeated. `patches` holds rows·cols rows (no class token).
RowMatrix resizeGridBicubic(const RowMatrix& patches, int rows, int cols, int newRows, int newCols);

/// The tiles figure: tile (tr, tc) at rows tr·H … and columns tc·W … holds the similarity of
/// patch (tr, tc) with every patch, so the whole is (H·H) × (W·W).
RowMatrix gridTilesImage(const RowMatrix& similarity, int rows, int cols);

} // namespace pe::core
