// SPDX-License-Identifier: MIT
#pragma once

#include "core/grid.h"

#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <optional>

namespace pe::ui {

/// The RoPE view's options: the context scale s and the trained length L_orig of the ways of
/// stretching a model, the deployed variants' own parameters, and whether the decay plot's
/// distance axis is logarithmic.
struct RopeOptions {
    static constexpr double minScale = 1, maxScale = 64;
    static constexpr int minOriginalLength = 16, maxOriginalLength = 1 << 20;
    static constexpr int minSequenceLength = 1, maxSequenceLength = 1 << 24;
    static constexpr double minFrequencyFactor = 0.25, maxFrequencyFactor = 64;
    double scale = 8;
    int originalLength = 4096;
    bool logDistance = false;
    int sequenceLength = 32768;       ///< dynamic NTK's current sequence length
    bool yarnTruncate = true;         ///< YaRN reference: floor/ceil the correction dims (HF `truncate`)
    double lowFrequencyFactor = 1;    ///< Llama 3: wavelengths above L_orig/low are divided by s
    double highFrequencyFactor = 4;   ///< Llama 3: wavelengths below L_orig/high are kept
    /// A real model instead of the paper variants: a library key (llama-3.1-8b) or a config.json
    /// path (ui/modelfiles/ropeconfig); empty: the paper variants with the sliders above.
    QString model{};
    /// What the model is compared with: a library key, a config.json path, or noScaling (the
    /// same model with rope_scaling dropped); empty: no comparison.
    QString compare{};
    static inline const QString noScaling = QStringLiteral("no-scaling");
    /// Below a model without a comparison: the angle error of low-precision position ids
    /// instead of the decay of q·k.
    bool precisionBelow = false;
    bool operator==(const RopeOptions&) const = default;
};

/// The embeddings view's options: the sentence, the two tokens compared, the switches, and the
/// word-vector file in use (empty: pseudo-random vectors).
struct EmbeddingsOptions {
    static constexpr int maxSentence = 4096; ///< characters
    QString sentence = defaultSentence();
    int first = 1, second = 9; ///< token indices (clamped to the sentence when drawn)
    bool sqrtScaling = true;
    bool segments = false;
    QString vectorFile;
    bool operator==(const EmbeddingsOptions&) const = default;
    static QString defaultSentence();
};

/// The position methods the methods view compares: the sinusoid and RoPE (scored by their own
/// core code, core/similarity.h and core/rope.h), the methods of core/positionmethods.h, and a
/// learned absolute table (only once a table is loaded: the hook for loading one's own encoding).
enum class ScoreMethod { Sinusoidal, Rope, Alibi, T5, Shaw, TransformerXl, NoPe, Learned };
inline constexpr int scoreMethodCount = 8;
QString scoreMethodKey(ScoreMethod method); ///< sinusoidal, rope, alibi, t5, shaw, transformer-xl, nope, learned (--method)
std::optional<ScoreMethod> parseScoreMethod(const QString& key);
QStringList scoreMethodKeys();
constexpr unsigned scoreMethodBit(ScoreMethod method) { return 1u << static_cast<unsigned>(method); }

/// The methods view's options: the method whose L × L matrix is drawn, the methods overlaid on
/// the curve against i − j, and each method's parameters (core::PositionMethodSpec's).
struct MethodOptions {
    static constexpr int maxHeads = 1024, minBuckets = 4, maxBuckets = 1024, maxDistanceLimit = 1000000, maxClip = 1024;
    static constexpr unsigned allCurves = (1u << scoreMethodCount) - 1 - scoreMethodBit(ScoreMethod::Learned);
    ScoreMethod method = ScoreMethod::Alibi;
    unsigned curves = allCurves;   ///< scoreMethodBit()s of the methods overlaid on the curve
    int heads = 8;                 ///< ALiBi: H
    int head = 1;                  ///< ALiBi: the head drawn, 1…H; 0: every head (the matrix their mean)
    int numBuckets = 32;           ///< T5
    int maxDistance = 128;         ///< T5
    bool bidirectional = true;     ///< T5: encoder (both ways) or decoder (causal)
    bool bucketIndex = false;      ///< T5: show the bucket index instead of its bias
    int clip = 4;                  ///< Shaw: k
    bool causal = true;            ///< ALiBi, Shaw, Transformer-XL: mask keys after the query
    bool scaleCurves = true;       ///< each curve divided by its largest |value|, so shapes compare
    /// T5: a model's biases read from a file (T5Biases, the view's data beside these options,
    /// used while these name it); empty: the illustration's random ones.
    QString t5File, t5Tensor;
    int t5Head = 1;                ///< T5: the head (column, 1…) of those biases drawn
    bool operator==(const MethodOptions&) const = default;
};

/// Where the grid view's patches come from: the loaded table (with none: MAE's sin-cos), or a
/// fixed 2-D encoding for the spec's d_model (as the head dimension for the rotary ones).
enum class GridSource { Auto, Table, Mae, Dit, RopeAxial, RopeMixed, MRope };
QString gridSourceKey(GridSource source); ///< auto, table, mae, dit, rope-axial, rope-mixed, mrope (--grid-source)
std::optional<GridSource> parseGridSource(const QString& key);
QStringList gridSourceKeys();
/// Whether `source` is a rotary embedding (its map: q·k of a query of ones at the chosen patch).
constexpr bool isRotary(GridSource source)
{
    return source == GridSource::RopeAxial || source == GridSource::RopeMixed || source == GridSource::MRope;
}
/// What the grid view's data export writes: the tiles' (H·W, H·W) similarities, the chosen
/// patch's (H, W) map, or the chosen dimension's (H, W) map.
enum class GridExport { Tiles, Patch, Dimension };
QString gridExportKey(GridExport data); ///< tiles, patch, dimension (--grid-data)
std::optional<GridExport> parseGridExport(const QString& key);
QStringList gridExportKeys();
QString classTokenKey(core::ClassToken token); ///< auto, yes, no (--grid-class-token)
std::optional<core::ClassToken> parseClassToken(const QString& key);

/// The grid view's options: the source, its grid (0 × 0: guessed from a table's rows, 14 × 14
/// for the fixed encodings), the class token, the patch and dimension shown large, a bicubic
/// resize of a table's patches (0 × 0: none), and RoPE-Mixed's head.
struct GridOptions {
    static constexpr int defaultSide = 14, maxHead = 64;
    GridSource source = GridSource::Auto;
    int rows = 0, cols = 0;
    core::ClassToken classToken = core::ClassToken::Auto;
    int patchRow = 7, patchCol = 7; ///< clamped to the grid when drawn
    bool classTokenQuery = false;   ///< the class token's map instead of a patch's (when there is one)
    int dimension = 0;              ///< clamped to the dims when drawn
    int resizeRows = 0, resizeCols = 0;
    int head = 1;                   ///< RoPE-Mixed: which head's random direction (1 …)
    /// The rotary sources' head dimension; 0: automatic (gridHeadDim: d_model, or with a table
    /// open the source's usual one, since a table's 768 columns are no head).
    int headDim = 0;
    static constexpr int maxHeadDim = 4096;
    GridExport data = GridExport::Tiles;
    bool operator==(const GridOptions&) const = default;
};

// Each of these views keeps its options by its key in ViewState::options (its catalogue entry's
// defaultOptions and validOptions, ui/state/viewcatalog.cpp); these structs are how its code
// reads and writes them (ropeOptions(state), setRopeOptions(state, …) in viewstate.h).

/// The options as a session's view.options holds them ({"scale": 8, …}); a missing or wrong
/// key takes its default, values are clamped to what the controls allow.
QVariantMap toVariantMap(const RopeOptions& options);
QVariantMap toVariantMap(const EmbeddingsOptions& options);
QVariantMap toVariantMap(const MethodOptions& options);
MethodOptions methodOptionsFrom(const QVariantMap& map);
QVariantMap toVariantMap(const GridOptions& options);
GridOptions gridOptionsFrom(const QVariantMap& map);
GridOptions clamped(GridOptions options);
MethodOptions clamped(MethodOptions options);
RopeOptions ropeOptionsFrom(const QVariantMap& map);
EmbeddingsOptions embeddingsOptionsFrom(const QVariantMap& map);
RopeOptions clamped(RopeOptions options);
EmbeddingsOptions clamped(EmbeddingsOptions options);

} // namespace pe::ui
