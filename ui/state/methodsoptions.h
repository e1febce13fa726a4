// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <optional>

namespace pe::ui {

struct ViewState;

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

/// The options as a session's view.options holds them ({"scale": 8, …}); a missing or wrong
/// key takes its default, values are clamped to what the controls allow.
QVariantMap toVariantMap(const MethodOptions& options);
MethodOptions methodOptionsFrom(const QVariantMap& map);
MethodOptions clamped(MethodOptions options);
// Held by the view's key in ViewState::options (its catalogue entry's defaultOptions and
// validOptions); read and written as this struct.
MethodOptions methodOptions(const ViewState& state);
void setMethodOptions(ViewState& state, const MethodOptions& options);

} // namespace pe::ui
