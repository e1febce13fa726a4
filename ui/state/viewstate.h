// SPDX-License-Identifier: MIT
#pragma once

#include "core/conventions.h"
#include "core/precision.h"
#include "core/spec.h"
#include "ui/state/viewcatalog.h"

#include <QList>
#include <QString>
#include <QVariantMap>

#include <memory>
#include <optional>
#include <vector>
#include <string_view>
#include <variant>

namespace pe::ui {

/// How much of the view's title a figure carries: all of it (what the window shows, less its
/// hints), its first line, or none (the caption then says it).
enum class FigureTitle { Full, Short, None };
QString figureTitleName(FigureTitle title);              ///< "full", "short", "none" (--title)
std::optional<FigureTitle> parseFigureTitle(const QString& name);

/// What the window and figures draw (the core allows more; data exports use the core's limits):
/// the one table the controls, sessions, the command line and the exporters all read.
struct WindowLimits {
    static constexpr int maxDModel = 4096;
    static constexpr int maxMaxLen = 1 << 20;
    static constexpr double minBase = 1.01;
    static constexpr double maxBase = 1e9;
    static constexpr int maxFirstPosition = 1000000;
    static constexpr int maxWaveDims = 16; ///< curves in the wave plot (more are unreadable)
};

/// The colour maps a setting may name, in the order the menus list them: viridis (the
/// classic figure's), diverging, grayscale.
/// A core name or label (UTF-8 std::string_view) as a QString.
QString toQString(std::string_view text);

/// The library presets' names (core::encodingPresets()), for the command line, sessions and menus.
QStringList presetNames();
QStringList colormapNames();
/// A loaded table's colour scales (ViewState::tableDataRange false, true): "symmetric", "data".
QStringList tableScaleNames();

/// The wave plot's dimensions as people write them: "4,5,6,7", ranges "4-7" (both ends
/// included) and slices "0:64:8" (start, end excluded, step, as in Python), mixed freely.
/// Returns the dimensions in the order written, each once, or a message naming the part that
/// is wrong and what is allowed (dimensions 0 to dModel−1, at most `most` of them).
std::variant<QList<int>, QString> parseDimensionList(const QString& text, int dModel, int most);

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
    bool operator==(const RopeOptions&) const = default;
};

/// The embeddings view's options: the sentence, the two tokens compared, the switches, and the
/// word-vector file in use (empty: pseudo-random vectors).
struct EmbeddingOptions {
    static constexpr int maxSentence = 4096; ///< characters
    QString sentence = defaultSentence();
    int first = 1, second = 9; ///< token indices (clamped to the sentence when drawn)
    bool sqrtScaling = true;
    bool segments = false;
    QString vectorFile;
    bool operator==(const EmbeddingOptions&) const = default;
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

/// T5 biases read from a file (loadT5Biases): a model's relative_attention_bias, one row per
/// bucket and one column per head, in place of the illustration's random ones.
struct T5Biases {
    QString path, tensor;           ///< where they were read from (tensor: a .safetensors name)
    int buckets = 0, heads = 0;
    std::vector<double> values;     ///< buckets × heads, row after row
    double value(int bucket, int head) const { return values[static_cast<std::size_t>(bucket) * heads + head]; }
    QString displayName() const;    ///< the file's name, and the tensor's
};
using T5BiasesPtr = std::shared_ptr<const T5Biases>;

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
    T5BiasesPtr t5Biases;          ///< T5: biases from a file (null: the illustration's random ones); not in sessions
    int t5Head = 1;                ///< T5: the head (column, 1…) of t5Biases drawn
    bool operator==(const MethodOptions&) const = default;
};

/// The options as a session's view.options holds them ({"scale": 8, …}); a missing or wrong
/// key takes its default, values are clamped to what the controls allow.
QVariantMap toVariantMap(const RopeOptions& options);
QVariantMap toVariantMap(const EmbeddingOptions& options);
QVariantMap toVariantMap(const MethodOptions& options);
MethodOptions methodOptionsFrom(const QVariantMap& map);
MethodOptions clamped(MethodOptions options);
RopeOptions ropeOptionsFrom(const QVariantMap& map);
EmbeddingOptions embeddingOptionsFrom(const QVariantMap& map);
RopeOptions clamped(RopeOptions options);
EmbeddingOptions clamped(EmbeddingOptions options);

/// What the user has selected and chosen to show, beside the spec itself. Shared by the
/// document (the window) and the command line, so that both draw and export the same thing.
struct ViewState {
    QList<int> dims{4, 5, 6, 7};  ///< dimensions drawn in the wave plot
    std::int64_t position = 0;    ///< selected row (0 … max_len−1)
    int dimension = 4;            ///< selected column
    std::int64_t offset = 1;      ///< relative offset k of the inspector
    bool normalize = false;       ///< cosine instead of dot product
    QString colormap = QStringLiteral("viridis");
    int bandFirst = -1, bandLast = -1; ///< selected frequency pairs, −1 when none
    core::Comparison comparison = core::Comparison::Layout; ///< what the conventions view sets beside the spec
    core::NumberFormat format = core::NumberFormat::Float16; ///< the precision shown in the precision and bands views
    core::PrecisionMode precisionMode = core::PrecisionMode::Computed;
    RopeOptions rope;             ///< the RoPE view's context scaling
    EmbeddingOptions embeddings;  ///< the embeddings view's sentence and switches
    MethodOptions methods;        ///< the methods view's method and parameters
    /// A loaded table's colour scale: ±the largest |value| (0 in the middle, like the
    /// sinusoid's −1…+1), or the data's own minimum to maximum.
    bool tableDataRange = false;

    bool operator==(const ViewState& other) const;
};

/// The spec and the view state together: what one undo step restores and a session holds.
struct Settings {
    core::EncodingSpec spec;
    ViewState state;
    bool operator==(const Settings&) const = default;
};

} // namespace pe::ui
